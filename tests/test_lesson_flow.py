"""The lessons' table (issue 44): every consequence shown (a step that leaves its deal keeps it on the
table, the settlement line by line with its multipliers, until Continue; the next deal dealt in front of
the learner), a coach whose every reason the engine checks (one test per kind of reason, and a rule
changed makes it fail), the log in the order things happened, the marks as stars, the address and the
page's words. The widget tests press the buttons of :class:`widgets.lessons.table.LessonTable`."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

import comet
from comet.events import Stop
from comet_learn.coach import Reason, Why, advise, reasons
from comet_learn.course import LEARNER, runs
from comet_learn.course_marks import LATE_START, Marks, stars
from comet_learn.lesson_path import PATH
from comet_render.card_names import card_name
from comet_render.i18n import LANGS
from widgets.controllers.lessons.flow import OVER, PRACTICE, RESULT, STEPS, LessonController
from widgets.controllers.table import TableController


def _controller(lesson_id: str, lang: str = "en") -> tuple[LessonController, list[str]]:
    saved: list[str] = []
    flow = TableController("modern-comet-1991", 2, 1, lang=lang)
    return LessonController(flow, lesson_id, Marks(), saved.append), saved


def _table(lesson_id: str, lang: str = "en", query: str = "") -> Any:
    from widgets import browser
    from website.study import learn_page

    browser.load_storage("{}")
    return learn_page(f"lesson={lesson_id}&lang={lang}{query}")


def _press(table: Any, text: str) -> None:
    b = table.button_for(text)
    assert b is not None, (text, table.shown_plays)
    b.click()


# ------------------------------------------------------------------ every consequence shown
@pytest.mark.parametrize("lesson", PATH.lessons, ids=lambda x: x.id)
def test_the_table_never_leaves_a_deal_before_the_learner_has_seen_it(lesson: Any) -> None:
    """Played through its controller, a lesson stops on every step after which the table would change
    deals (the step ended the deal, or the next step, or the free play, is another deal) with the step's
    result on the table, exactly as the engine leaves it; Continue then deals the next one in front of
    the learner (and only then: ``fresh``)."""
    flow = TableController("modern-comet-1991", 2, 1)
    ctl = LessonController(flow, lesson.id, Marks(), lambda text: None)
    played = list(runs(lesson))
    for i, run in enumerate(played):
        assert ctl.phase == STEPS and ctl.index == i and not (ctl.fresh and i == 0)
        assert ctl.attempt(comet.Play.parse(run.step.play)).accepted
        flow.run_bots()
        ctl.settled()
        assert flow.round.history == run.settled.history  # (the table is the engine's position)
        last = i + 1 == len(played)
        leaves = run.settled.is_over or (not last and lesson.steps[i + 1].setup is not None) or (
            last and not lesson.practice.go_on)
        assert (ctl.phase == RESULT) == leaves, (lesson.id, i, ctl.phase)
        if leaves:
            assert ctl.instruction() == ctl.then and flow.round.is_over == run.settled.is_over
            with pytest.raises(Exception, match="Continue"):
                ctl.attempt(flow.round.legal_plays()[0] if not flow.round.is_over else comet.Play.parse("pass"))
            ctl.go_on()
            assert ctl.fresh
    assert ctl.phase == PRACTICE and lesson.id in ctl.marks.marks


def test_a_lesson_plays_its_steps_out_once_not_at_every_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 45: the controller keeps the lesson's played-out steps; asking the instruction, a hint, a
    refused and an accepted play, step after step, never replays the lesson from its start."""
    import widgets.controllers.lessons.flow as lesson_module

    calls: list[str] = []

    def counted(lesson: Any) -> Any:
        calls.append(lesson.id)
        return runs(lesson)

    monkeypatch.setattr(lesson_module, "runs", counted)
    lesson = PATH.lessons[0]
    flow = TableController("modern-comet-1991", 2, 1)
    ctl = LessonController(flow, lesson.id, Marks(), lambda text: None)
    for run in runs(lesson):
        assert ctl.instruction() and ctl.hint()[0]
        wrong = next((p for p in flow.round.legal_plays() if p.text != run.step.play), None)
        if wrong is not None:
            assert not ctl.attempt(wrong).accepted
        assert ctl.attempt(comet.Play.parse(run.step.play)).accepted
        flow.run_bots()
        ctl.settled()
        if ctl.phase == RESULT:
            ctl.go_on()
    assert calls == [lesson.id], calls
    ctl.open(PATH.lessons[1].id)
    assert ctl.instruction() and calls == [lesson.id, PATH.lessons[1].id]


@pytest.mark.parametrize(("lesson_id", "wanted"), [
    ("modern-going-out", ["Anna pays you 54 chips: 27 pips in 3♥ 5♦ 9♣ K♦ × 2 (holding the comet) = 54 chips.",
                          "Anna pays you 30 chips: 15 pips in 7♦ 8♦ × 2 (went out with the comet) = 30 chips."]),
    ("modern-opera", ["Anna pays you 136 chips: 34 pips in 2♥ 4♦ 8♥ J♦ Q♦ × 2 (went out with the comet) × 2 (opera) = "
                      "136 chips."]),
])
def test_lessons_6_and_7_show_their_settlement_with_the_multiplication_until_continue(lesson_id: str,
                                                                                       wanted: list[str]) -> None:
    """Pressing the lesson's cards: the step that ends the deal leaves the settlement on the felt, every
    payment on its line with the multipliers written out (from the payment's terms and factors), the
    cards no longer playable, until Continue deals the next deal, marked as new on the felt."""
    table = _table(lesson_id)
    lesson = table.lesson
    seen: list[str] = []
    while lesson.phase in (STEPS, RESULT):
        if lesson.phase == STEPS:
            _press(table, lesson.step.play)
            continue
        felt = table.table.value
        assert "comet-settle" in felt and table.continue_button.layout.display == ""
        lines = re.findall(r'<ul class="comet-settle-final">(.*?)</ul>', felt)[0]
        seen += [re.sub(r"<[^>]+>", "", line) for line in re.findall(r"<li[^>]*>.*?</li>", lines)]
        assert table.shown_plays == [] and table.toggles["payments"].description == (
            f"Payments ({len(table.round.ledger) + len(table.round.outcome().settlement)})")
        table.continue_button.click()
        assert "A new deal is dealt." in table.messages.text and "comet-felt-notice" in table.table.value
    assert seen == wanted


def test_the_replies_of_the_other_seats_stay_on_the_felt_when_the_next_step_is_the_same_deal() -> None:
    table = _table("modern-runs")
    _press(table, "6D")
    _press(table, "pass")  # Anna takes the run on: 7, 8, 9, then passes
    tail = re.search(r'class="comet-tail"[^>]*aria-label="([^"]*)"', table.table.value)
    assert tail is not None and "seven of hearts, eight of hearts, nine of hearts" in tail.group(1)
    assert table.lesson.phase == STEPS and table.lesson.index == 2


def test_nothing_says_new_deal_unless_one_is_dealt() -> None:
    table = _table("modern-runs")
    for play in ("6D", "pass"):
        _press(table, play)
        assert "new deal" not in table.messages.text.lower() and "comet-felt-notice" not in table.table.value
    _press(table, "TD")  # the last step: its result stays, the free play's deal comes after Continue
    assert table.lesson.phase == RESULT and "comet-felt-notice" not in table.table.value
    assert table.hint_button.layout.display == "none" and table.continue_button.layout.display == ""
    table.continue_button.click()
    assert table.lesson.phase == PRACTICE and "comet-felt-notice" in table.table.value
    assert table.hint_button.layout.display == "" and table.continue_button.layout.display == "none"


# ------------------------------------------------------------------ the coach's reasons, each checked
def _reason(rnd: comet.Round, why: Why, play: str | None = None) -> Reason:
    found = [r for r in reasons(rnd) if r.why is why and (play is None or r.play == comet.Play.parse(play))]
    assert found, (why, play, [(r.why.value, r.play.text) for r in reasons(rnd)])
    assert found[0].problem(rnd) is None
    return found[0]


def _rules(vid: str, **rules: Any) -> comet.Variant:
    v = comet.VARIANTS[vid]
    return dataclasses.replace(v, rules=dataclasses.replace(v.rules, **rules))


def test_a_king_lead_is_explained_as_a_stop_and_a_rule_changed_makes_the_reason_fail() -> None:
    hands = ["KH 5D 6D 7D", "2H 3H 4H"]
    rnd = comet.Round.from_hands("modern-comet-1991", hands, leader=0)
    reason = _reason(rnd, Why.STOP, "KH")
    assert reason.stop is Stop.KING
    assert reason.sentence(rnd) == "Lead the K♥: a king is a stop, and you lead again."
    assert _reason(rnd, Why.RUN, "5D").run == tuple(comet.Card.parse(c) for c in ("5D", "6D", "7D"))
    assert reason.sentence(rnd, "fr") == "Entamez le R♥\u00a0: un roi est un arrêt, et vous rejouez en premier."
    no_kings = comet.Round.from_hands(_rules("modern-comet-1991", king_stops=False), hands, leader=0)
    assert reason.problem(no_kings) is not None


def test_the_comet_is_explained_by_its_stop_and_its_payment_and_a_rule_changed_makes_it_fail() -> None:
    hands = ["4H 9C TD KD", "5H 6H 7H 2D 3D"]
    rnd = comet.Round.from_hands("modern-comet-1991", hands, leader=0)
    rnd.play("4H")
    rnd.play("pass") if rnd.to_play != 0 else None
    reason = _reason(rnd, Why.WILD, "9C=5")
    assert (reason.stop, reason.paid, reason.payers) == (Stop.COMET, 2, (1,))
    assert reason.sentence(rnd, names=("You", "Anna")) == (
        "Play the comet (9♣) as the 5: it stops the run, Anna pays you 2 chips at once, and you lead again.")
    other = comet.Round.from_hands(_rules("modern-comet-1991", wild_pay=3), hands, leader=0)
    other.play("4H")
    assert reason.problem(other) is not None


def test_the_coach_keeps_the_comet_when_a_natural_card_goes_on_as_well() -> None:
    rnd = comet.Round.from_hands("modern-comet-1991", ["4H 5D 9C", "6H 7H 8H 2D"], leader=0)
    rnd.play("4H")
    keep = _reason(rnd, Why.KEEP_WILD, "5D")
    assert keep.sentence(rnd) == "Play the 5♦, and keep the comet (9♣) for a run you cannot go on with."
    advice = advise(rnd)
    assert advice.play.wild is None or advice.win is not None  # the comet only when the search finds it clearly better


@pytest.mark.parametrize(("why", "setup", "play", "said"), [
    (Why.ONLY, ("modern-comet-1991", ["5H 6D", "2H 3H"], ("5H",)), "6D", "Play the 6♦: it is your only play."),
    (Why.OUT, ("modern-comet-1991", ["5H 6D", "2H 3H"], ("5H",)), "6D", "Play the 6♦: it is your last card, and you go out."),
    (Why.GROUP, ("modern-comet-1991", ["7H 7H 7D 7D 2D", "3H 4H"], ()), "7H 7H 7D 7D",
     "Play 7♥ 7♥ 7♦ 7♦ together: a group sheds 4 cards in one play."),
    (Why.LOWEST, ("modern-comet-1991", ["2D 8H TD", "3H 4H"], ()), "2D",
     "Lead the 2♦: it is your lowest card, so the most cards can follow it."),
    (Why.NEED, ("modern-comet-1991", ["5H 6D 6H KH", "2H 3H"], ("5H",)), "6H", "Play the 6♥: the run needs a 6."),
])
def test_every_kind_of_reason_holds_in_its_position_and_is_said(why: Why, setup: Any, play: str, said: str) -> None:
    vid, hands, before = setup
    rnd = comet.Round.from_hands(vid, hands, leader=0)
    for text in before:
        rnd.play(text)
    reason = _reason(rnd, why, play)
    assert reason.sentence(rnd) == said
    moved = rnd.copy()
    moved.play(play)
    assert reason.problem(moved) is not None  # (not the position it was given for)


def test_the_manille_claim_and_the_search_are_reasons_too() -> None:
    rnd = comet.Round.deal("old-comet-1718", players=2, seed=0)
    while not any(p.kind == "claim" for p in rnd.legal_plays()):
        legal = rnd.legal_plays()
        rnd.play(next((p for p in legal if p.wild is not None), legal[0]))
    claim = _reason(rnd, Why.CLAIM, "claim")
    assert claim.sentence(rnd) == ("Claim the manille: the manille's payment must be claimed before the next card "
                                   "is played.")
    first = comet.Round.deal("new-comet-1752", players=2, seed=3)
    assert first.phase == "redeal"
    advice = advise(first)
    assert advice.reason.why is Why.SEARCH and advice.reason.problem(first) is None
    assert advice.reason.sentence(first).split(":")[0] in ("Keep your hand", "Ask for a new deal")
    assert "Demand a redeal" not in advice.reason.sentence(first)  # (never a button's name)


@pytest.mark.parametrize("lesson", PATH.lessons, ids=lambda x: x.id)
def test_the_coach_explains_every_lead_of_every_free_play_in_taught_terms(lesson: Any) -> None:
    """The coach's first advice in every free play: a reason that holds, and a lead the path has a reason
    for (never a middle card for no reason: the search decides only among taught plays, or where nothing
    else applies, e.g. keeping a hand of 1752)."""
    rnd = lesson.practice.setup().round() if not lesson.practice.go_on else list(runs(lesson))[-1].settled
    advice = advise(rnd)
    assert advice.reason.problem(rnd) is None and advice.play in rnd.legal_plays()
    if rnd.phase == "play":
        assert advice.reason.why is not Why.SEARCH, (lesson.id, advice)
    for lang in LANGS:
        text = advice.reason.sentence(rnd, lang)
        assert "{" not in text and "Demand a redeal" not in text


def test_the_free_play_hint_adds_the_search_and_the_instruction_the_rule_of_the_moment() -> None:
    ctl, _saved = _controller("modern-runs")
    while ctl.phase != PRACTICE:
        if ctl.phase == RESULT:
            ctl.go_on()
            continue
        ctl.attempt(comet.Play.parse(ctl.step.play))
        ctl.flow.run_bots()
        ctl.settled()
    said = ctl.instruction()
    assert "Now: " in said and said.endswith(ctl.advice().reason.sentence(ctl.flow.round))  # type: ignore[union-attr]
    hint, lit = ctl.hint()
    assert lit == ctl.coach() and hint not in said and "Played out" in hint


def test_a_coach_reason_rests_on_the_readings_under_which_the_engine_no_longer_gives_it() -> None:
    """Yanovsky's kings stop a run by a reading (AMB-30): a king lead's reason rests on it, the lowest card's
    does not; the modern game's kings stop by its rules, no reading. Under the other reading (the option
    changed) the engine gives no such reason: the reason's check fails there."""
    from comet_learn.readings import reason_readings

    hands = ["5H 6D KD QD", "7H 8H"]
    rnd = comet.Round.from_hands("yanovsky-1804", hands, 0)
    king = _reason(rnd, Why.STOP, "KD")
    assert reason_readings(rnd, king) == ("AMB-30",)
    assert reason_readings(rnd, _reason(rnd, Why.LOWEST, "5H")) == ()
    other = comet.Round.from_hands(comet.find_variant("yanovsky-1804").with_options(king_stops=False), hands, 0)
    assert king.problem(other) is not None
    modern = comet.Round.from_hands("modern-comet-1991", ["KH 5D 6D 7D", "2H 3H 4H"], 0)
    assert reason_readings(modern, _reason(modern, Why.STOP, "KH")) == ()
    only = comet.Round.from_hands("modern-comet-1991", ["5H 6D KD", "7H 8H"], 0)
    only.play("5H")
    assert reason_readings(only, _reason(only, Why.ONLY, "6D")) == ("AMB-36",)  # (or pass, if one may stop at will)


def _practice_at(table: Any, hands: list[str], plays: tuple[str, ...]) -> comet.Round:
    """``table``'s lesson taken to its free play, on a position of ``hands`` after ``plays`` (seat 0 to move)."""
    lesson = table.lesson
    while lesson.phase != PRACTICE:
        if lesson.phase == RESULT:
            table.continue_button.click()
        else:
            table.play(comet.Play.parse(lesson.step.play))
    rnd = comet.Round.from_hands("modern-comet-1991", hands, 0)
    for play in plays:
        rnd.play(play)
    table.flow.open_position(rnd, len(rnd.history))
    table.redraw()
    return rnd


def test_the_coach_the_hint_and_a_refusal_in_the_free_play_carry_their_reading_marks() -> None:
    """In the free play the rule of the moment and the coach's reason are each followed by the mark of the
    readings the engine finds under them, the hint (the coach's reason again) and a refused card by theirs;
    a sentence resting on none has none."""
    table = _table("modern-first-run")
    _practice_at(table, ["5H 6D KD", "7H 8H"], ("5H",))
    parts = table.lesson.instruction_parts()
    assert [readings for _text, readings in parts] == [(), ("AMB-36",), ("AMB-36",)], parts
    assert parts[-1][0] == "Play the 6♦: it is your only play."
    assert table.say_box.value.count('data-readings="AMB-36"') == 2
    table.hint_button.click()
    assert "it is your only play" in table.messages.text and 'data-readings="AMB-36"' in table.messages.widget.value
    king = table.hand_buttons[list(table.round.hands[0]).index(comet.Card.parse("KD"))]
    king.click()  # refused: the run needs a 6 (by the reading that one who can go on must)
    assert table.messages.is_error and 'data-readings="AMB-36"' in table.messages.widget.value
    _practice_at(table, ["2D 8H TD", "3H 4H"], ())
    assert [readings for _text, readings in table.lesson.instruction_parts()][-1] == ()


def test_a_refused_card_at_the_play_table_carries_the_mark_of_the_reading_it_rests_on() -> None:
    from widgets.links import Position
    from widgets.play import PlayTable

    table = PlayTable(variant="modern-comet-1991", seed=1)
    rnd = comet.Round.from_hands("modern-comet-1991", ["5H 6D KD", "7H 8H"], 0)
    rnd.play("5H")
    table.open_position(Position(rnd, len(rnd.history)))
    hand = list(table.round.hands[0])
    table.hand_buttons[hand.index(comet.Card.parse("KD"))].click()
    assert table.messages.is_error and 'data-readings="AMB-36"' in table.messages.widget.value
    assert "our reading" in table.messages.widget.value
    rnd = comet.Round.from_hands("modern-comet-1991", ["5H 7D KD", "2H 8H"], 0)
    table.open_position(Position(rnd, 0))
    table.hand_buttons[list(table.round.hands[0]).index(comet.Card.parse("KD"))].click()  # a lead: any card
    assert not table.messages.is_error


# ------------------------------------------------------------------ the log, the payments, the words
def test_a_forced_pass_is_said_once_in_its_place_with_its_call() -> None:
    flow = TableController("modern-comet-1991", 2, 1)
    flow.match.round = comet.Round.from_hands("modern-comet-1991", ["3H KD", "4D 5H 8H"], 0)
    flow._settle_view()
    flow.play(comet.Play.parse("3H"))
    flow.run_bots()
    said = flow.calls_since_play()
    assert said == ["You cannot play a 4: passed for you (“3 without 4”).", "Boris: “4, 5 without 6”.",
                    "You cannot play a 6: passed for you (“pass”)."]  # (in the order they happened)
    assert flow.take_notes() == [] and "passed for you" not in flow.turn_message()


def test_card_names_for_a_screen_reader_in_every_language() -> None:
    five, nine = comet.Card.parse("5H"), comet.Card.parse("9C")
    assert [card_name(five, lang) for lang in ("en", "fr", "ru", "es")] == [
        "five of hearts", "cinq de cœur", "пятёрка червей", "cinco de corazones"]
    assert card_name(nine, wild=True) == "the comet, nine of clubs"
    assert card_name(nine, "fr", wild=True, wild_as=5) == "la comète, neuf de trèfle, pour 5"
    table = _table("modern-comet", "fr")
    assert [b.tooltip for b in table.hand_buttons][:2] == ["Quatre de cœur", "La comète, neuf de trèfle"] or all(
        not re.search(r"[♥♦♠♣]", b.tooltip) for b in table.hand_buttons)
    assert all(not re.search(r"[♥♦♠♣]", b.tooltip) for b in table.hand_buttons)
    assert all("comet-panel-toggle" in t._dom_classes for t in table.toggles.values())
    assert "comet-skip-hand" in table.skip.value and table.children[0] is table.skip


# ------------------------------------------------------------------ the heading, the marks, the address
@pytest.mark.parametrize("lang", LANGS)
def test_the_status_and_the_mark_are_separate_words_in_every_language(lang: str) -> None:
    from comet_render.i18n import words

    _ = words(lang)
    table = _table("modern-deal", lang)
    lesson = table.lesson
    while lesson.phase != PRACTICE:
        if lesson.phase == RESULT:
            table.continue_button.click()
        else:
            _press(table, lesson.step.play)
    where = re.findall(r'class="comet-lesson-where">([^<]*)<', table.heading.value)
    assert where == [_("free play")]
    assert _.ngettext("{n} star of {total}", "{n} stars of {total}", 3, total=3) in table.heading.value
    table.skip_button.click()
    where = re.findall(r'class="comet-lesson-where">([^<]*)<', table.heading.value)
    assert where == [_("lesson finished")] and where[0] not in re.sub("comet-lesson-where.*", "", table.heading.value)


def test_stars_count_the_help_and_survive_a_reload_at_the_same_step() -> None:
    assert [stars(n) for n in (0, 1, 2, 3, 5, 6)] == [3, 2, 2, 1, 1, 0]
    assert Marks.parse('{"v": 1, "marks": {"a": "clean", "b": "done", "c": "great"}}').marks == {"a": 3, "b": 1}
    from widgets import browser
    from widgets.lessons.table import STORAGE_KEY, LessonTable

    table = _table("modern-runs")
    table.hand_buttons[[str(c) for c in table.round.hands[0]].index("TD")].click()  # a miss
    table.hint_button.click()
    assert table.lesson.help == 2
    again = LessonTable(lesson="modern-runs", step=0)  # a reload (another language, the same step)
    assert again.lesson.help == 2
    assert LessonTable(lesson="modern-stops", step=1).lesson.help == LATE_START  # begun after its first step
    assert Marks.parse(browser.stored(STORAGE_KEY)).help == LATE_START


def test_the_address_and_the_language_menu_follow_the_lesson_and_its_step() -> None:
    table = _table("modern-runs", "fr", "&step=2")
    assert table.lesson.index == 1 and table.address_query() == "lesson=modern-runs&step=2"
    menu = re.findall(r'class="comet-lang-link" hreflang="(\w+)" lang="\w+" href="([^"]*)"', table.page_head.value)
    assert dict(menu)["ru"] == "?lesson=modern-runs&amp;step=2&amp;lang=ru"
    _press(table, "pass")
    _press(table, "TD")
    table.continue_button.click()  # the free play
    table.next_button.click()
    assert table.address_query() == "lesson=modern-stops" and "lesson=modern-stops&amp;lang=en" in table.page_head.value
    assert 'data-query="lesson=modern-stops"' in table.say_box.value
    bad = _table("modern-runs", "en", "&step=9")
    assert bad.lesson.index == 0 and "not a step of this lesson" in bad.query_problems[0]


def test_all_lessons_is_in_the_page_with_every_title_link_and_mark() -> None:
    from comet_render.i18n import words

    for lang in LANGS:
        table = _table("modern-deal", lang)
        path = table.path.value
        assert path.startswith('<details class="comet-lesson-list">') and table.children.index(table.path) < \
            table.children.index(table.table)
        for lesson in PATH.lessons:
            assert f'href="?lesson={lesson.id}' in path and words(lang)(lesson.title).replace("'", "&#x27;") in path
            assert f'data-lesson="{lesson.id}"' in path
        assert path.count(words(lang)("not done yet")) >= len(PATH.lessons)


def test_french_words_the_issue_listed() -> None:
    from comet_render.i18n import words
    from website.landing import landing_body, picture, static_links

    fr = words("fr")
    assert fr.pgettext("dealer button", "D") not in ("D", "V", "R")  # (D is the queen, dame)
    assert "de Le " not in picture("new-comet", lang="fr")  # (was « Une main de Le nouveau jeu… »)
    body = landing_body(static_links(), "browser", "../index.html", "fr")
    assert "Apprendre à jouer</a>\u00a0:" in body
    assert "levée" not in fr("{games}: play against the bots, with friends at one device, or with a class; touch a "
                             "raised card of your hand to play it; Settings changes the game and who plays.")


def test_the_lessons_free_play_ends_over_and_the_stars_are_kept() -> None:
    ctl, saved = _controller("modern-stops")
    while ctl.phase != PRACTICE:
        if ctl.phase == RESULT:
            ctl.go_on()
            continue
        ctl.attempt(comet.Play.parse(ctl.step.play))
        ctl.flow.run_bots()
        ctl.settled()
    assert Marks.parse(saved[-1]).marks == {"modern-stops": 3}
    flow = ctl.flow
    while not flow.round.is_over:
        if flow.bot_to_move():
            flow.bot_step()
            continue
        flow.play(ctl.coach())
    ctl.settled()
    assert ctl.phase == OVER and flow.round.to_play is None or flow.round.is_over
    assert LEARNER == 0


def test_the_settlements_multipliers_are_listed_in_the_readers_typography() -> None:
    """Lesson 7's settlement in French: « Sortie avec la comète ×2 ; opéra ×2. » (the catalogs' '; ', a
    no-break space before the semicolon), not the English '; '."""
    table = _table("modern-opera", "fr")
    lesson = table.lesson
    while lesson.phase == STEPS:
        _press(table, lesson.step.play)
    assert lesson.phase == RESULT
    assert "×2\u202f; opéra ×2." in table.table.value and "×2; " not in table.table.value
