"""The widgets' game flow without any widget: widgets.controllers, driven with scripted deals."""

from __future__ import annotations

import subprocess
import sys

import pytest

import comet
from widgets.controllers.calc import ScoreController, settle_end
from widgets.controllers.checks import PERSON, UserError
from widgets.controllers.explore import ExploreController
from widgets.controllers.step import StepController
from widgets.controllers.table import TableController


def play_to_a_person(flow: TableController) -> None:
    flow.run_bots()


def test_controllers_never_import_ipywidgets() -> None:
    code = ("import sys; import widgets.controllers.table, widgets.controllers.step, widgets.controllers.calc, "
            "widgets.controllers.explore, widgets.controllers.bots; "
            "assert 'ipywidgets' not in sys.modules, sorted(m for m in sys.modules if 'widget' in m)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_one_person_is_you_and_sees_their_hand_always() -> None:
    flow = TableController("modern-comet-1991", 3, 9)
    play_to_a_person(flow)
    names = flow.names()
    assert names.names == ("You", "Boris", "Clara") and names.is_you(0)
    assert flow.viewer == 0 and flow.waiting is None and flow.my_turn
    assert {p.text for p in flow.legal()} == {p.text for p in flow.round.legal_plays()}
    said = flow.play(flow.legal()[0])
    assert said.startswith("You played")
    assert flow.viewer == 0  # alone at the table: never a hand-over


def test_a_hand_is_never_shown_to_the_next_person_before_they_confirm() -> None:
    """Two people and a bot at one device: after a person's play their hand is hidden at once;
    the next person's is shown only after they confirm; nobody can act for another."""
    flow = TableController("modern-comet-1991", 3, 5, [PERSON, PERSON, "greedy"], ["Ann", "Bob"])
    shown_to: list[tuple[int, int]] = []  # (whose hand is shown, who confirmed last)
    confirmed = None
    for _ in range(500):
        rnd = flow.round
        if rnd.is_over:
            break
        if flow.bot_to_move():
            flow.bot_step()
            assert flow.viewer in (None, confirmed)
            continue
        if flow.waiting is not None:
            assert flow.viewer is None and flow.legal() == [] and not flow.my_turn
            with pytest.raises(UserError):
                flow.play(rnd.legal_plays()[0])  # nobody plays for the person who has not confirmed
            other = 1 - flow.waiting
            with pytest.raises(UserError):
                flow.confirm(other)
            seat = flow.waiting
            assert flow.confirm(seat).startswith(flow.names()(seat))
            confirmed = flow.viewer
            continue
        assert flow.viewer == rnd.to_play == confirmed
        shown_to.append((flow.viewer, confirmed))
        mover = flow.viewer
        flow.play(flow.legal()[0])
        nxt = flow.round.to_play
        if nxt is not None and nxt != mover:
            assert flow.viewer is None  # hidden as soon as the turn leaves them
    assert flow.round.is_over
    assert {v for v, _ in shown_to} == {0, 1}
    assert flow.names().names[:2] == ("Ann", "Bob") and flow.names().you is None


def test_undo_is_your_own_decision_and_never_another_persons() -> None:
    flow = TableController("modern-comet-1991", 2, 3, [PERSON, "greedy"])
    play_to_a_person(flow)
    assert flow.undo_target() is None
    with pytest.raises(UserError):
        flow.undo()
    before = len(flow.round.history)
    flow.play(flow.legal()[0])
    flow.run_bots()
    assert flow.undo_target() == before
    assert flow.undo() == "Took back your last decision."
    assert len(flow.round.history) == before and flow.my_turn
    # two people: once the other has played, the first cannot take back theirs
    two = TableController("modern-comet-1991", 2, 3, [PERSON, PERSON])
    two.confirm(two.waiting)  # type: ignore[arg-type]
    first = two.viewer
    while two.round.to_play == first:
        two.play(two.legal()[0])
    two.confirm(two.waiting)  # type: ignore[arg-type]
    two.play(two.legal()[0])
    assert two.viewer in (None, 1 - first)
    if two.waiting == first:
        two.confirm(first)
        assert two.undo_target() is None


def test_class_table_is_one_person_against_bots_with_the_rule_on_demand() -> None:
    flow = TableController("old-comet-1718", 3, 2, [PERSON, PERSON, PERSON], mode="class")
    assert flow.seats == [PERSON, "greedy", "greedy"] and flow.you == 0
    play_to_a_person(flow)
    rule = flow.rule()
    assert rule.startswith("Rule: ") and "Sources of Manille, the old comet" in rule
    assert flow.names().names[0] == "You"


def test_hints_rank_the_persons_legal_plays_and_only_on_their_turn() -> None:
    flow = TableController("modern-comet-1991", 2, 8)
    play_to_a_person(flow)
    hints = flow.hint()
    legal = {p.text for p in flow.round.legal_plays()}
    assert hints and {h.play.text for h in hints} <= legal
    assert flow.hint_text(hints).startswith("Hint, best first: ")
    while flow.my_turn:
        flow.play(flow.legal()[0])
    if not flow.round.is_over:
        with pytest.raises(UserError):
            flow.hint()


def test_a_bot_that_plays_an_illegal_card_is_a_bug() -> None:
    class Cheat:
        def choose(self, rnd: comet.Round) -> comet.Play:
            return comet.Play.parse("KS")

    flow = TableController("modern-comet-1991", 2, 1, [PERSON, "greedy"], auto_pass=False)
    while not flow.bot_to_move():
        flow.play(flow.legal()[0])
    flow._agents[flow.round.to_play] = Cheat()  # type: ignore[index]
    with pytest.raises(RuntimeError, match="not a legal play"):
        flow.bot_step()


def test_the_table_speaks_the_readers_language() -> None:
    flow = TableController("modern-comet-1991", 3, 9, lang="ru")
    assert flow.start("modern-comet-1991", 3, 9).startswith("Новая партия: «Современная комета»")
    play_to_a_person(flow)
    assert flow.turn_message().startswith("Ваш ход")
    card = flow.round.hands[0][0]
    reason = flow.illegal_reason(card, flow.legal())
    assert "Сейчас нельзя" in reason or "играется вместе" in reason or flow.legal()
    assert flow.names().names == ("Вы", "Борис", "Клара")


def test_a_match_goes_on_to_its_next_deal() -> None:
    flow = TableController("two-handed-arnold-2011", 2, 5, [PERSON, "random"])
    with pytest.raises(UserError):
        flow.next_deal()
    while not flow.round.is_over:
        flow.run_bots()
        if flow.my_turn:
            flow.play(flow.legal()[0])
    said = flow.next_deal()
    assert said.startswith("Deal 2: ") and flow.match.deal_number == 2


def test_step_controller_steps_and_refuses_in_words() -> None:
    step = StepController("es")
    step.deal(comet.VARIANTS["modern-comet-1991"], 2, 3)
    assert step.step == 0 and step.steps == len(step.full.history)
    step.go(5)
    assert step.cursor.history == step.full.history[:5]
    assert step.title(5).startswith("Paso 5 de")
    assert step.rules[5].startswith("Regla: ")
    for bad in (-1, step.steps + 1, "3", True):
        with pytest.raises(UserError):
            step.go(bad)
    with pytest.raises(UserError, match="Pega primero"):
        step.load("")
    with pytest.raises(UserError, match="No se pudo reproducir"):
        step.load("nonsense")
    assert step.step == 5  # unchanged


def test_the_calls_since_a_persons_play_come_from_the_engines_calls() -> None:
    """``calls_since_play``: the calls said since the person's last play (theirs, then the bots'), each in
    its sentence of the narration in the table's language; nothing narrated or quoted before that play."""
    flow = TableController("old-comet-1718", 2, 1, lang="ru")
    flow.match.round = comet.Round.from_hands("old-comet-1718", ["TS JS 3C 4C", "QH KD 5D 6D"], leader=0)
    flow._settle_view()
    for text in ("TS", "JS"):
        flow.play(comet.Play.parse(text))
        assert flow.calls_since_play() == []
    flow.play(comet.Play.parse("pass"))  # your run ends: you say it; seat 1 then plays Q, K and stops
    flow.run_bots()
    said = flow.calls_since_play()
    assert [s[s.call[0]:s.call[1]] for s in said] == ["10, валет без дамы", "дама и король"]  # type: ignore[attr-defined]
    assert said[0].startswith("Вы: «") and said[1].startswith("Борис: «")


# ------------------------------------------------------------------ the score calculator's and the explorer's logic
def test_the_calculator_settles_typed_entries() -> None:
    flow = ScoreController()
    outcome = flow.settle("modern-comet-1991", 2, 1, 0, ["KH 9C 2H", ""], "7D", False)
    assert outcome.payments == [-42, 42] and flow.outcome is outcome  # 21 pips, x2 for holding the comet
    for entries in ((["ZZ", ""], "7D"), (["9C 9C 9C 9C 9C", ""], "7D"), (["", ""], "7D"), (["7H" * 300, ""], "7D"),
                    (["KH", ""], "pass"), (["KH", ""], ""), ([5, ""], "7D")):
        with pytest.raises((UserError, comet.CometError)):
            flow.settle("modern-comet-1991", 2, 1, 0, *entries, False)
    for forged in (("bogus", 2, 1, 0), ("modern-comet-1991", 9, 1, 0), ("modern-comet-1991", 2, 5, 0),
                   ("modern-comet-1991", 2, 1, -1), ("modern-comet-1991", 2, True, 0)):
        with pytest.raises(UserError):
            flow.settle(*forged, ["KH", ""], "7D", False)
    assert flow.outcome is outcome  # a refused entry changes nothing


@pytest.mark.parametrize("variant", list(comet.VARIANTS))
def test_the_calculator_settles_a_deal_as_the_deal_itself(variant: str) -> None:
    """Filled from a deal bots played, the calculator's settlement is the deal's own (Yanovsky's several
    cards of one rank going out on a card of that rank included)."""
    v = comet.VARIANTS[variant]
    flow = ScoreController()
    for players in (v.players.start, v.players.stop - 1):
        for seed in range(2):
            end = flow.fill(variant, players, seed)
            outcome = flow.settle(variant, players, end.winner, end.dead_comets, end.hands, end.last_play, end.opera)
            assert flow.game is not None and outcome.settlement == flow.game.outcome().settlement


def test_the_calculator_leads_before_a_yanovsky_group() -> None:
    """Yanovsky: a lead is one card, so three 8s going out need an 8 before them: the seat before the
    winner leads one the pack has left, no payment following it."""
    outcome = settle_end(comet.VARIANTS["yanovsky-1804"], ["TH JD", "8H 8H 8D"], 1, "8H 8H 8D")
    assert outcome.winner == 1 and outcome.payments == [-2, 2] and not outcome.ledger


def test_the_explorer_plays_and_sums_up() -> None:
    flow = ExploreController()
    seen: list[tuple[int, int]] = []
    run = flow.run("commit-1991", 3, 6, 2, "greedy", "random", lambda done, total: seen.append((done, total)))
    assert len(run.games) == 6 and flow.games is run.games and seen[0] == (0, 6) and seen[-1] == (6, 6)
    assert abs(sum(run.wins) - 1) < 1e-9 and abs(sum(run.mean)) < 1e-9 and "Greedy" in run.title
    for forged in (("bogus", 3, 6, 2, "greedy"), ("commit-1991", 9, 6, 2, "greedy"),
                   ("commit-1991", 3, 10**7, 2, "greedy"), ("commit-1991", 3, 6, -2, "greedy"),
                   ("commit-1991", 3, 6, 2, "nobody")):
        with pytest.raises(UserError):
            flow.run(*forged, "random", lambda done, total: None)
    assert flow.games is run.games  # a refused run plays nothing
