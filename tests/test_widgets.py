"""Headless tests of the widgets: complete games of every variant through the widgets only."""

from __future__ import annotations

import html
import random
import re

import pytest

pytest.importorskip("ipywidgets")

import comet  # noqa: E402
from comet_render.narrate import narrate, step_sentences  # noqa: E402
from comet_render.sources import split_sources, without_sources  # noqa: E402
from tests.widget_helpers import click, consistent, forge, human_move  # noqa: E402
from widgets.controllers.intents import Intent  # noqa: E402
from widgets import PlayTable, ScoreCalculator, SimulationExplorer, StepThrough, VariantCompare  # noqa: E402
from comet_render.i18n import words  # noqa: E402
from comet_render.words import play_label  # noqa: E402

VARIANT_IDS = list(comet.VARIANTS)


def test_all_widgets_build_with_no_arguments() -> None:
    for cls in (StepThrough, PlayTable, ScoreCalculator, VariantCompare, SimulationExplorer):
        w = cls()
        assert w.errors == 0
        assert not w.messages.is_error, w.messages.text
        assert w.children


def shown_text(page: str) -> str:
    """What a page's HTML shows as text (tags dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def check_table_shows(table: PlayTable) -> None:
    rnd = table.round
    shown = sorted(table.shown_plays)
    if not rnd.is_over and rnd.to_play == 0:
        assert shown == sorted(p.text for p in rnd.legal_plays())
        assert (table.pass_button.layout.display != "none") == any(p.kind == "pass" for p in rnd.legal_plays())
    else:
        assert shown == []
        assert table.pass_button.layout.display == "none"
    page = table.table.value
    # your hand: every card a button, in hand order, the legal ones in comet-play-buttons
    assert [b.description.replace("\n", "") for b in table.hand_buttons] == [c.symbol for c in rnd.hands[0]]
    if not rnd.is_over:
        assert f"Your hand ({len(rnd.hands[0])} card" in table.prompt.value
    names = table.flow.names()
    for panel in (page, table.log_panel.value, table.payments_panel.value, table.scores.value, table.prompt.value,
                  table.messages.widget.value, table.title.value):
        assert not re.search(r"\b[Ss]eat \d", shown_text(panel)), shown_text(panel)[:300]
    for seat in range(1, rnd.players):
        if not rnd.is_over and rnd.hands[seat]:
            assert f'aria-label="{html.escape(names(seat))}: {len(rnd.hands[seat])} card' in page
    if rnd.is_over:
        outcome = rnd.outcome()
        assert f'data-net="{",".join(map(str, outcome.payments))}"' in page
    for seat, value in enumerate(table.match.standings()):
        assert f"<th scope=\"row\">{html.escape(names(seat))}</th><td>{value:+d}</td>" in table.scores.value


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_play_complete_deals_of_every_variant(variant: str) -> None:
    v = comet.VARIANTS[variant]
    rng = random.Random(variant)
    for players in sorted({v.players.start, v.players.stop - 1}):
        table = PlayTable(variant=variant, players=players, seed=players, bot="greedy")
        assert table.round.variant.id == variant and table.round.players == players
        for _ in range(3000):
            check_table_shows(table)
            if table.round.is_over:
                break
            assert table.round.to_play == 0, "the bots move until it is your turn"
            before = len(table.round.history)
            human_move(table, rng)
            assert not table.messages.is_error, table.messages.text
            assert len(table.round.history) > before
        assert table.round.is_over
        assert "Settlement" in table.table.value
        assert consistent(table.round)
        assert table.errors == 0


def test_match_runs_to_its_end_with_next_deal() -> None:
    table = PlayTable(variant="two-handed-arnold-2011", seed=5, bot="random")
    rng = random.Random(1)
    deals = 1
    for _ in range(20000):
        if table.match.is_over:
            break
        if table.round.is_over:
            assert table.new_deal_button.description == "Next deal"
            table.new_deal_button.click()
            deals += 1
            assert table.match.deal_number == deals
            continue
        human_move(table, rng)
    assert table.match.is_over and deals >= 2
    assert "Match over" in table.scores.value
    assert table.new_deal_button.description == "New match"
    table.new_deal_button.click()
    assert table.match.deal_number == 1 and not table.messages.is_error


def test_undo_takes_back_the_human_decision() -> None:
    table = PlayTable(variant="modern-comet-1991", players=3, seed=2)
    rng = random.Random(3)
    assert table.undo_button.disabled
    click(table.undo_button)  # forged: nothing to undo
    assert table.messages.is_error and table.round.history == [] or table.round.history[0][0] != 0
    for _ in range(4):
        if table.round.is_over:
            break
        human_move(table, rng)
    rnd = table.round
    mine = [i for i, (s, _) in enumerate(rnd.history) if s == 0]
    table.undo_button.click()
    assert len(rnd.history) == mine[-1] and rnd.to_play == 0
    check_table_shows(table)
    assert consistent(rnd)


def test_group_and_comet_plays_are_offered() -> None:
    # a hand with four sevens and the comet: groups and nominations
    table = PlayTable(variant="modern-comet-1991", seed=1)
    forged = comet.Round.from_hands("modern-comet-1991", ["7H 7H 7D 7D 9C 8H", "KH QH"], leader=0)
    table.match.round = forged  # a teaching position
    table.redraw()
    shown = table.shown_plays
    assert sorted(shown) == sorted(p.text for p in forged.legal_plays())
    assert any(len(p.split()) == 4 for p in shown)  # four sevens together
    assert any("=" in s for s in shown)  # the comet as any rank
    assert table.other_row.layout.display != "none"  # many nominations: a dropdown
    nomination = next(s for s in shown if "=" in s)
    table.other_choice.value = nomination
    table.other_button.click()
    assert not table.messages.is_error, table.messages.text
    assert forged.history[0][1].text == nomination


def test_language_and_four_colour() -> None:
    table = PlayTable(variant="modern-comet-1991", seed=4)
    rng = random.Random(0)
    for _ in range(8):
        if table.round.is_over:
            break
        human_move(table, rng)
    for code, word in (("fr", "sans"), ("ru", "без"), ("es", "sin")):
        table.lang_choice.value = code
        said = [s for step in step_sentences(table.round, code) for s in step]
        if any("\u201c" in s for s in said):
            assert any(word in s for s in said)
        named = [s for step in step_sentences(table.round, code, table.flow.names(code)) for s in step]
        assert html.escape(named[-1]) in table.log_panel.value
    table.four_colour_box.value = True
    assert not table.messages.is_error


def test_russian_table_names_the_court_cards_in_russian() -> None:
    """Calls in Русский: the run's call says «10, валет без дамы» (S0's «10, валет, без дамы»),
    the stop «дама и король»; in the message after your play, in the log and in no other
    language's words. Back to English, the letters again."""
    table = PlayTable(variant="old-comet-1718", players=2, seed=1, auto_pass=False)
    table.lang_choice.value = "ru"
    table.match.round = comet.Round.from_hands("old-comet-1718", ["TS JS 3C 4C", "QH KD 5D 6D"], leader=0)
    table.redraw()
    for text in ("TS", "JS", "pass"):  # your run ends: you say it, then seat 1 plays Q, K and stops
        b = table.button_for(text)
        assert b is not None, (text, table.shown_plays)
        b.click()
        assert not table.messages.is_error, table.messages.text
    message = table.messages.text
    assert "«10, валет без дамы»" in message
    assert "«дама и король»" in message
    assert "10, J" not in message and "Q and K" not in message
    assert "«<span lang=\"ru\">10, валет без дамы</span>»" in table.log_panel.value
    assert "«<span lang=\"ru\">дама и король</span>»" in table.log_panel.value
    table.lang_choice.value = "en"
    assert "\u201c10, J without Q\u201d" in table.log_panel.value and "валет" not in table.log_panel.value


def test_forged_values_leave_the_game_unchanged() -> None:
    table = PlayTable(seed=7)
    rnd = table.round
    before = (list(rnd.history), [list(h) for h in rnd.hands])
    for widget, value in ((table.variant_choice, "no-such-game"), (table.players_choice, 99),
                          (table.seed_choice, -5), (table.bot_choice, "cheater"), (table.lang_choice, "xx"),
                          (table.other_choice, "9C=T"), (table.players_choice, "2"), (table.seed_choice, 1.5)):
        forge(widget, "value", value)
        assert table.messages.is_error, (widget.description, value)
        assert table.round is rnd and rnd.history == before[0] and rnd.hands == before[1]
    # a card button that is not (or no longer) a play, hidden pass, the other-play button
    for b in table._pool + [b for slots in table._slots for _, b in slots]:
        if b not in table.play_buttons.children and b not in table.hand_buttons:
            click(b)
            assert table.messages.is_error
    click(table.pass_button)
    click(table.other_button)
    assert rnd.history == before[0] and rnd.hands == before[1]
    assert table.errors >= 8


def test_hint_button() -> None:
    table = PlayTable(seed=8)
    table.hint_button.click()
    assert table.messages.text.startswith("Hint"), table.messages.text
    legal = {p.text for p in table.round.legal_plays()}
    best = table.messages.text[len("Hint, best first: "):].split("; ")
    labels = {play_label(words("en"), p): p for p in table.round.legal_plays()}
    assert all(text.split(": wins ")[0] in labels for text in best), best
    assert all(re.fullmatch(r".+: wins \d+% of the deals, on average [+\u2212]\d+\.\d \(chips\)", text)
               for text in best), best
    # the best play is ringed in your hand (or among the plays next to it), and only it
    ringed = [box.children[0] for box in table.hand.children if "comet-card-hint" in box._dom_classes]
    ringed += [b for b in table.play_buttons.children if "comet-card-hint" in b._dom_classes]
    assert len(ringed) == 1 and table.offers.value(ringed[0]).play == labels[best[0].split(": wins ")[0]].text
    assert legal
    # the ring holds for the state it was given in: after a play it is gone
    ringed[0].click()
    assert not any("comet-card-hint" in box._dom_classes for box in table.hand.children)


def test_a_card_you_may_not_play_says_why() -> None:
    table = PlayTable(players=3)  # seed 1: the bots lead 10♥ J♥; you must play a Q
    rnd = table.round
    dim = [b for b in table.hand_buttons if not isinstance(table.offers.value(b), Intent)]
    assert dim and not any(b.disabled for b in dim)  # dimmed, still focusable and clickable
    history = list(rnd.history)
    dim[0].click()
    assert table.messages.is_error
    # the rules' reason from the position: what the run needs, and what you hold of it
    legal_cards = " or ".join(b.description.replace("\n", "") for b in table.hand_buttons
                              if isinstance(table.offers.value(b), Intent))
    assert table.messages.text == (f"The run needs {rnd.describe_targets()}, and {dim[0].description.replace(chr(10), '')} is not that: "
                                   f"you may play {legal_cards}.")
    assert rnd.history == history
    legal = [b for b in table.hand_buttons if isinstance(table.offers.value(b), Intent)]
    assert [b.description for b in legal] == [p.text[0].replace("T", "10") + {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}[
        p.text[-1]] for p in rnd.legal_plays() if p.kind == "cards"][:len(legal)] or legal
    legal[0].click()
    assert not table.messages.is_error and len(rnd.history) > len(history)


def test_you_in_messages_settlement_and_log() -> None:
    table = PlayTable(players=3, seed=3)
    rng = random.Random(2)
    while not table.round.is_over:
        human_move(table, rng)
    rnd = table.round
    page = table.table.value
    assert "Settlement" in page
    raw = rnd.outcome().lines
    assert any("seat 0" in line.lower() for line in raw)  # the engine's words ...
    settlement = shown_text(page.split("Settlement", 1)[1])
    assert "seat" not in settlement.lower() and "you" in settlement.lower()  # ... as the table says them
    assert re.search(f'<th scope="row">You</th><td class="comet-net-left">(?:(?!</td>).)*</td><td class="comet-net-value '
                     f'{"comet-up" if rnd.outcome().payments[0] > 0 else "comet-down"}', page) \
        or rnd.outcome().payments[0] == 0
    # the whole log, newest first, every sentence of the narration, "you" and the bots' names
    said = narrate(rnd, "en", table.flow.names())
    assert len(said) > 6
    items = re.findall(r"<li(?: title=\"Sources: ([^\"]*)\.\")?>(.*?)</li>", table.log_panel.value)
    # the sources the sentences cite are in each line's tooltip, not in what the player reads
    assert [html.unescape(i) for _why, i in items] == [without_sources(line) for line in said[::-1]]
    assert ["; ".join(split_sources(line)[1]) for line in said[::-1]] == [html.unescape(w) for w, _i in items]
    assert any(w for w, _i in items) and not any(re.search(r"\bS[0-2]\b", i) for _w, i in items)
    assert not any("Seat 0 " in i for _w, i in items)
    assert any("“" in i for _w, i in items)  # the runs' calls are announced in words


def test_the_bots_have_names_and_say_what_they_do() -> None:
    """Each bot kind has its own line, true to comet.agents: the search bots' limits are those the
    table gives them (BOT_TIME, the levels' playouts); every bot seat has its own name."""
    from comet.agents import LEVELS
    from widgets.controllers.checks import BOT_KINDS, BOT_TIME

    lines = [line for _, line in BOT_KINDS.values()]
    assert len(set(lines)) == len(lines) == 4
    assert f"{LEVELS['fast'][0]} guessed deals" in BOT_KINDS["search-fast"][1]
    assert f"{LEVELS['normal'][0]} guessed deals" in BOT_KINDS["search"][1]
    for kind, seconds in BOT_TIME.items():
        assert f"{seconds} s" in BOT_KINDS[kind][1]
    table = PlayTable(players=5, variant="modern-comet-1991", bot="search-fast")
    names = table.flow.names().names
    assert len(set(names)) == 5 and names[0] == "You"
    assert "Quick thinker" in table.flow.describe_seat(1) and "40 guessed deals" in table.flow.describe_seat(1)


def test_settings_are_folded_away_below_the_table() -> None:
    table = PlayTable()
    settings = table.settings  # (made when first asked for: below the table)
    kids = list(table.children)
    assert kids.index(table.table) < kids.index(table.dock) < kids.index(settings)
    assert table.hand in table.dock.children
    assert table.settings.layout.display == "none"
    table.settings_toggle.value = True
    assert table.settings.layout.display != "none"
    assert table.settings_form in table.settings.children and table.variant_choice in table.settings_form.children


def test_the_settings_are_made_when_first_opened_and_show_the_match_played_meanwhile() -> None:
    """A page that is only played never sends the settings' widgets (a third of the table's, issue 48's
    returning visit); opened after a New match and a change of the table, they show the match played."""
    table = PlayTable(variant="modern-comet-1991", players=3, seed=5, seats=["person", "random", "greedy"],
                      names=["Ann", "", ""], lang="fr")
    table.limit_games(["modern-comet-1991", "comet-6-8-players"])
    assert table._form is None and not any("comet-settings" in getattr(c, "_dom_classes", ()) for c in table.children)
    table._seeds = random.Random(3)  # type: ignore[assignment]
    table.new_deal_button.click()  # a New match from a fresh seed, the settings not made
    seed = table.flow.seed
    assert table._form is None and seed != 5 and table.flow.seats == ["person", "random", "greedy"]
    before = len(table.children)
    table.settings_toggle.value = True  # made now, under the table, showing the match played
    assert table._form is not None and len(table.children) == before + 1 and table.settings.layout.display == ""
    assert table.seed_choice.value == seed and table.players_choice.value == 3
    assert [w.value for w in table.seat_kinds[:3]] == ["person", "random", "greedy"] and table.bot_choice.value is None
    assert table.seat_names[0].value == "Ann" and table.variant_choice.description == "Jeu"
    assert [v for _l, v in table.variant_choice.options] == ["modern-comet-1991", "comet-6-8-players"]
    table.seed_choice.value = 7  # the settings work as before: a new match with seed 7
    assert table.flow.seed == 7 and table.round.players == 3


# ------------------------------------------------------------------ StepThrough
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_step_through_to_the_end_and_back(variant: str) -> None:
    v = comet.VARIANTS[variant]
    s = StepThrough(variant=variant, players=v.players.start, seed=3)
    full = s.full
    assert full.is_over and s.steps == len(full.history) and s.slider.max == s.steps
    said = step_sentences(full, "en", s.flow.names())  # the players by the bots' names, never "seat N"
    assert not any("Seat" in line for step in said for line in step)
    assert s.step == 0 and s.first_button.disabled and s.back_button.disabled
    for _ in range(s.steps):
        s.next_button.click()
        assert not s.messages.is_error, s.messages.text
        assert s.sentences == said[s.step]
        assert s.cursor.history == full.history[: s.step] and s.slider.value == s.step
    assert s.step == s.steps
    assert html.escape(said[-1][-1]) in s.sentence.value
    for _ in range(s.steps):
        s.back_button.click()
        assert not s.messages.is_error, s.messages.text
        assert s.cursor.history == full.history[: s.step]
    assert s.step == 0
    s.last_button.click()
    assert s.step == s.steps and s.cursor.hands == full.hands
    s.first_button.click()
    assert s.step == 0 and s.cursor.hands == full.initial_hands or full.rules.redeal_right
    s.slider.value = s.steps // 2
    assert s.step == s.steps // 2 and s.cursor.history == full.history[: s.step]
    seat, play = full.history[s.step - 1]
    name = html.escape(s.flow.names()(seat))
    assert f"Step {s.step} of {s.steps}: {name} — {html.escape(play_label(words('en'), play))}" in s.sentence.value
    assert s.errors == 0


def test_step_through_from_a_record_and_a_match() -> None:
    rnd = comet.Round.deal("old-comet-1718", players=3, seed=11)
    rng = random.Random(0)
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_plays()))
    s = StepThrough(record=rnd.record())
    assert s.full.history == rnd.history and not s.messages.is_error
    s.record_text.value = "not a record"
    s.load_button.click()
    assert s.messages.is_error and s.full.history == rnd.history
    match = comet.Match("modern-comet-1991", 3, seed=2)
    while not match.round.is_over:
        match.round.play(rng.choice(match.round.legal_plays()))
    match.next_deal()
    s.record_text.value = match.record()
    s.load_button.click()
    assert not s.messages.is_error, s.messages.text
    assert s.deal_choice.layout.display != "none" and len(s.deal_choice.options) == 2
    s.deal_choice.value = 1
    assert s.steps == 0
    s.lang_choice.value = "ru"
    forge(s.slider, "value", 10**6)
    assert s.messages.is_error and s.step == 0
    forge(s.deal_choice, "value", 7)
    assert s.messages.is_error


# ------------------------------------------------------------------ ScoreCalculator
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_calculator_matches_the_engine(variant: str) -> None:
    v = comet.VARIANTS[variant]
    c = ScoreCalculator(variant=variant, players=v.players.start)
    for players in (v.players.start, v.players.stop - 1):
        c.players_choice.value = players
        for seed in range(3):
            c.seed_choice.value = seed
            c.fill_button.click()
            assert not c.messages.is_error, c.messages.text
            assert c.outcome is not None and c.game is not None
            expected = c.game.outcome()
            assert c.outcome.settlement == expected.settlement
            for line in c.outcome.lines:
                assert html.escape(line.strip()) in c.result.value


def test_calculator_typed_hands_and_bad_input() -> None:
    c = ScoreCalculator(variant="modern-comet-1991")
    c.winner_choice.value = 1
    c.hand_texts[0].value = "KH 9C 2H"
    c.last_play_text.value = "7D"
    c.calc_button.click()
    assert not c.messages.is_error, c.messages.text
    # 22 pips x2 for holding the comet (the comet counts 9: 10 + 9 + 2 = 21 pips)
    assert c.outcome is not None and c.outcome.payments == [-42, 42]
    for text in ("ZZ", "9C 9C 9C 9C 9C", "", "7H" * 300):
        c.hand_texts[0].value = text
        c.calc_button.click()
        assert c.messages.is_error
    c.hand_texts[0].value = "KH"
    c.last_play_text.value = "pass"
    c.calc_button.click()
    assert c.messages.is_error
    forge(c.winner_choice, "value", 5)
    c.calc_button.click()
    assert c.messages.is_error


# ------------------------------------------------------------------ VariantCompare
def test_variant_compare_every_pair_and_forged() -> None:
    w = VariantCompare()
    for a in VARIANT_IDS:
        w.left_choice.value = a
        for b in VARIANT_IDS[::3]:
            w.right_choice.value = b
            assert html.escape(comet.VARIANTS[a].name) in w.table.value
            assert any(k == "Deal by players" for k, _, _ in w.rows)
    w.only_diff.value = True
    assert "≠" in w.table.value
    forge(w.left_choice, "value", "<script>")
    assert w.messages.is_error and "<script>" not in w.table.value


# ------------------------------------------------------------------ SimulationExplorer
def test_simulation_explorer_runs_and_plots() -> None:
    e = SimulationExplorer(variant="commit-1991", players=4, games=12)
    e.run_button.click()
    assert not e.messages.is_error, e.messages.text
    assert len(e.games) == 12 and e.progress.value == 12
    assert e.plot.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert sum(sum(g.payments) for g in e.games) == 0
    forge(e.games_choice, "value", 10**7)
    e.run_button.click()
    assert e.messages.is_error and len(e.games) == 12




# ------------------------------------------------------------------ bots one after another
def test_bots_move_one_after_another_under_an_event_loop() -> None:
    """With a bot_delay and a running loop, the bots' plays are drawn in turn: meanwhile the root is
    comet-busy and no message is said (scripts wait for it); at the end the state is the one the
    synchronous table reaches."""
    import asyncio

    async def play() -> tuple[list[str], list[str], list[bool], str, list[tuple[int, str]]]:
        table = PlayTable(players=6, variant="comet-6-8-players", seed=3, bot="greedy", bot_delay=0.01,
                          auto_pass=False)
        assert not table.bots_moving and "comet-busy" not in table._dom_classes  # the start: at once
        said: list[str] = []
        info = table.messages.info
        table.messages.info = lambda text, after="": (said.append(text), info(text, after))  # type: ignore[method-assign]
        drawn: list[str] = []
        busy: list[bool] = []
        table.button_for(table.shown_plays[0]).click()  # type: ignore[union-attr]
        while table.bots_moving:
            busy.append("comet-busy" in table._dom_classes and not said)
            drawn.append(table.table.value)
            await asyncio.sleep(0.005)
        assert "comet-busy" not in table._dom_classes
        return said, drawn, busy, table.table.value, [(s, p.text) for s, p in table.round.history]

    said, drawn, busy, final, history = asyncio.run(play())
    assert busy and all(busy)
    assert len(set(drawn)) >= 2  # the table changed between the bots' plays
    assert len(said) == 1 and said[0].startswith(("You played", "You passed"))
    same = PlayTable(players=6, variant="comet-6-8-players", seed=3, bot="greedy", auto_pass=False)
    same.button_for(same.shown_plays[0]).click()  # type: ignore[union-attr]
    still = re.compile(r' comet-fly|<span class="comet-chip-fly"[^>]*></span>')  # (the animations of new plays)
    assert [(s, p.text) for s, p in same.round.history] == history
    assert still.sub("", same.table.value) == still.sub("", final)


def test_undo_stops_the_bots_moving() -> None:
    import asyncio

    async def play() -> tuple[PlayTable, int]:
        table = PlayTable(players=8, variant="comet-6-8-players", seed=4, bot="greedy", bot_delay=0.05,
                          auto_pass=False)
        before = len(table.round.history)
        table.button_for(table.shown_plays[0]).click()  # type: ignore[union-attr]
        await asyncio.sleep(0.07)
        assert table.bots_moving
        table.undo_button.click()
        await asyncio.sleep(0.2)
        return table, before

    table, before = asyncio.run(play())
    assert not table.bots_moving and "comet-busy" not in table._dom_classes
    assert len(table.round.history) == before and table.round.to_play == 0
    assert table.messages.text == "Took back your last decision."
