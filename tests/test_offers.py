"""Every button of a widget is tied to the state it was offered in (issue 16): the second click of
a double click reaches the kernel after the first changed the state, on the button the visitor
saw; it is ignored quietly, never applied to the new state. Also: New match draws a fresh seed,
and the messages of issue 16's point 7."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

import comet  # noqa: E402
from tests.widget_helpers import button_of, click  # noqa: E402
from widgets import PlayTable  # noqa: E402
from widgets.common import Offers, check_players, UserError  # noqa: E402
from website.pages import parse_query, play_page  # noqa: E402


def snapshot(table: PlayTable) -> tuple[Any, ...]:
    return (table.match.deal_number, list(table.round.history), table.table.value, table.messages.text,
            table.errors, table.seed_choice.value)


def double_click(table: PlayTable, b: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Two clicks on the same button model, as a double click sends them; the states after each."""
    click(b)
    first = snapshot(table)
    click(b)
    return first, snapshot(table)


def human_decisions(table: PlayTable) -> int:
    return sum(1 for seat, _ in table.round.history if seat == 0)


@pytest.mark.parametrize(("family", "query"), [("modern", "seed=5"), ("hoc", "players=3&seed=2"),
                                                ("new-comet", "seed=3"), ("manille", "players=3&seed=4"),
                                                ("commit", "variant=commit-1991&players=4&seed=3")])
def test_double_click_on_a_card_plays_it_once(family: str, query: str) -> None:
    table = play_page(family, query)
    table.auto_pass_box.value = False  # (every decision is a click: no pass made for you)
    for _ in range(200):
        if table.round.is_over:
            break
        b = button_of(table, table.shown_plays[0])
        before = human_decisions(table)
        first, second = double_click(table, b)
        assert human_decisions(table) == before + 1
        assert second == first, "the second click of a double click changed the game"
        assert not table.messages.is_error, table.messages.text
    assert table.round.is_over


def test_the_slot_of_a_double_clicked_card_is_not_played() -> None:
    """The issue's case: the card that moved into the double-clicked slot was played too."""
    table = play_page("modern", "seed=5")
    b = table.button_for(table.shown_plays[0])
    assert b is not None
    history = len(table.round.history)
    click(b)
    after = len(table.round.history)
    assert after > history and table.messages.text.startswith("You played")
    # The same model, in the row again two states later, is offered anew: one click, one play.
    click(b)
    assert len(table.round.history) == after
    nxt = table.button_for(table.shown_plays[0])
    assert nxt is not None and nxt is not b
    click(nxt)
    assert len(table.round.history) > after


def test_double_click_on_pass_keep_and_redeal() -> None:
    """Pass, and the 1752 comet's Keep the hand / Demand a redeal: one decision each."""
    seen: set[str] = set()
    for seed in range(40):
        table = PlayTable(variant="new-comet-1752", players=2, seed=seed)
        for _ in range(40):
            if table.round.is_over:
                break
            shown = table.shown_plays
            kind = next((t for t in ("keep", "redeal", "pass") if t in shown), None)
            if kind is None:
                click(table.button_for(shown[0]))
                continue
            b = table.pass_button if kind == "pass" else table.button_for(kind)
            before = human_decisions(table)
            first, second = double_click(table, b)
            assert second == first and human_decisions(table) == before + 1, kind
            said = {"pass": "You passed.", "keep": "You kept the hand.", "redeal": "You demanded a redeal."}[kind]
            assert table.messages.text.startswith(said)
            seen.add(kind)
        if seen >= {"keep", "pass"}:
            break
    assert {"keep", "pass"} <= seen


def test_double_click_on_undo_hint_and_next_deal() -> None:
    table = PlayTable(variant="modern-comet-1991", players=3, seed=2)
    rng = random.Random(3)
    for _ in range(3):
        click(table.button_for(rng.choice([t for t in table.shown_plays if table.button_for(t)])))
    assert human_decisions(table) == 3
    first, second = double_click(table, table.undo_button)
    assert second == first and human_decisions(table) == 2
    first, second = double_click(table, table.hint_button)
    assert second == first and table.messages.text.startswith("Hint")
    while not table.round.is_over:
        click(button_of(table, table.shown_plays[0]))
    assert table.new_deal_button.description == "Next deal"
    first, second = double_click(table, table.new_deal_button)
    assert second == first and table.match.deal_number == 2


def test_double_click_on_play_it() -> None:
    table = PlayTable(variant="modern-comet-1991", seed=1)
    table.match.round = comet.Round.from_hands("modern-comet-1991", ["7H 7H 7D 7D 9C 8H", "KH QH"], leader=0)
    table.redraw()
    assert table.other_row.layout.display != "none"
    table.other_choice.value = next(t for t in table.shown_plays if "=" in t)
    first, second = double_click(table, table.other_button)
    assert second == first and human_decisions(table) == 1 and not table.messages.is_error


def test_buttons_out_of_the_row_are_ignored_quietly() -> None:
    """A click on a card button that is not offered now (hidden, or drawing an older state)
    changes nothing and says nothing; the offered ones still play."""
    table = PlayTable(seed=7)
    old = list(table._pool)
    click(table.button_for(table.shown_plays[0]))
    state = snapshot(table)
    for b in old + [b for pool in table._pools for b in pool if b not in table.play_buttons.children]:
        click(b)
        assert snapshot(table) == state


def test_offers_ignore_what_was_not_offered_now() -> None:
    offers = Offers()
    import types

    a, b = types.SimpleNamespace(), types.SimpleNamespace()
    assert not offers.current(a)
    offers.offer(a, "x")  # type: ignore[arg-type]
    assert offers.current(a) and offers.value(a) == "x"
    offers.advance()
    assert not offers.current(a) and offers.value(a) is None
    offers.offer(b)  # type: ignore[arg-type]
    assert offers.current(b) and offers.side == 1
    offers.withdraw(b)  # type: ignore[arg-type]
    assert not offers.current(b)


# ------------------------------------------------------------------ New match: a fresh seed
def test_new_match_deals_fresh_cards_and_shows_its_seed() -> None:
    table = PlayTable(variant="modern-comet-1991", players=2, seed=11)
    # Seeded, so that the run is the same every time (the page draws from SystemRandom: a seed whose
    # deal the bot ends before your first turn would make the button "Next deal", which keeps the seed).
    table._seeds = random.Random(7)  # type: ignore[assignment]
    seeds = {11}
    hands = [table.round.hands[0]]
    for _ in range(3):
        table.new_deal_button.click()
        seed = table.seed_choice.value
        assert seed not in seeds, "New match reused a seed"
        seeds.add(seed)
        assert f"deal number {seed:,}" in table.messages.text
        assert table.round.hands[0] not in hands, "New match dealt the same cards"
        hands.append(table.round.hands[0])
        # Shared and replayed: the seed shown deals the same cards.
        again = PlayTable(variant="modern-comet-1991", players=2, seed=seed)
        assert again.round.hands == table.round.hands
        assert again.round.history == table.round.history


def test_new_match_draws_from_its_seed_source() -> None:
    table = PlayTable(seed=1)
    table._seeds = random.Random(5)  # type: ignore[assignment]
    table.new_deal_button.click()
    assert table.seed_choice.value == random.Random(5).randint(0, 10**9)


# ------------------------------------------------------------------ words
def test_one_player_count_is_not_a_range() -> None:
    arnold = comet.VARIANTS["two-handed-arnold-2011"]
    assert len(arnold.players) == 1
    with pytest.raises(UserError) as e:
        check_players(arnold, 3)
    assert "is played by 2 players, not 3" in str(e.value) and "2 to 2" not in str(e.value)
    problems = parse_query("modern", "variant=two-handed-arnold-2011&players=4").problems
    assert any("played by 2 players, not '4'" in p for p in problems), problems
    modern = comet.VARIANTS["modern-comet-1991"]
    with pytest.raises(UserError, match="played by 2 to 5 players"):
        check_players(modern, 9)


# ------------------------------------------------------------------ StepThrough
def test_double_click_on_next_or_back_steps_once() -> None:
    from widgets import StepThrough

    s = StepThrough(seed=3)
    for name, step in (("next_button", 1), ("next_button", 2), ("back_button", 1), ("last_button", s.steps),
                       ("first_button", 0)):
        b = getattr(s, name)
        click(b)
        assert s.step == step
        click(b)  # the second click of a double click: its button drew the previous step
        assert s.step == step and not s.messages.is_error, (name, s.messages.text)
    click(s.next_button)  # the button now shown does step
    assert s.step == 1
