"""Learn to play on the static site, in real Chromium: every lesson of the path completed by following
its instructions, in English and in French, one wrong play per lesson answered with the rules' reason.

The page runs the lessons in the reader's browser (Pyodide); the same lesson played headless here
(:class:`widgets.lesson.LessonTable`, the same code) says what the page must show after each click:
the instruction, the feedback, the marks. The free play that ends each lesson is played with the
coach on the first lesson's deal, skipped on the second, and left by *Next lesson* on the others
(``tests/test_course.py`` plays every lesson's free play headless); the marks are read back from the
browser's storage at the end.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .play_driver import WAIT_SEQ_JS
from .table_helpers import quick_bots
from .test_accessibility import axe_source as axe_source  # noqa: F401 (the fixture)
from .test_accessibility import check_accessibility

pytestmark = [pytest.mark.browser]  # (no group: the two languages run in two processes at once)

LIVE_TIMEOUT = 180_000
STATE_JS = """() => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  if (!root) return null;
  const seq = [...root.classList].find(c => c.startsWith('comet-seq-')) || '';
  const text = sel => {  // the sentence as read, its "our reading" marks aside (compared apart)
    const el = root.querySelector(sel);
    if (!el) return '';
    const marks = [...el.querySelectorAll('.comet-reading')].map(m => [m, m.style.display]);
    marks.forEach(([m]) => { m.style.display = 'none'; });
    const said = el.innerText.trim();
    marks.forEach(([m, shown]) => { m.style.display = shown; });
    return said;
  };
  const readings = sel => [...root.querySelectorAll(sel + ' .comet-reading')].map(d => d.dataset.readings);
  const message = root.querySelector('.comet-play-message');
  return {
    seq: Number(seq.slice('comet-seq-'.length)) || 0,
    say: text('.comet-lesson-instruction'),
    heading: text('.comet-lesson-heading'),
    message: text('.comet-play-message'),
    marks: [readings('.comet-lesson-instruction'), readings('.comet-play-message')],
    error: !!(message && message.querySelector('[role=alert]')),
    focused: document.activeElement ? document.activeElement.className : '',
  };
}"""
CLICK_JS = """([label, kind]) => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  const shown = el => !!el && el.offsetParent !== null;
  const scope = kind === 'card' ? root.querySelectorAll('.comet-hand-row .widget-button')
                                : root.querySelectorAll('.comet-dock .widget-button');
  const bare = t => t.replace(/\\s+/g, '');  // (a card shows its rank over its suit)
  const el = [...scope].filter(shown).find(b => bare(b.innerText) === bare(label));
  if (!el) return false;
  el.click();
  return true;
}"""
ON_SCREEN_JS = """([label, kind]) => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  const shown = el => !!el && el.offsetParent !== null;
  const scope = kind === 'card' ? root.querySelectorAll('.comet-hand-row .widget-button')
                                : root.querySelectorAll('.comet-dock .widget-button');
  const bare = t => t.replace(/\\s+/g, '');  // (a card shows its rank over its suit)
  const button = [...scope].filter(shown).find(b => bare(b.innerText) === bare(label));
  const hint = [...root.querySelectorAll('.comet-play-hint')].filter(shown)[0];
  const say = root.querySelector('.comet-lesson-instruction');
  const inside = el => { if (!el) return false; const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; };
  return {say: inside(say), button: inside(button), hint: inside(hint),
          wide: document.documentElement.scrollWidth <= window.innerWidth};
}"""
MARK_JS = """() => {
  const mark = document.querySelector('.comet-live-view .comet-lesson .comet-lesson-instruction .comet-reading');
  if (!mark) return null;
  const note = mark.querySelector('.comet-reading-note');
  return {open: mark.open, label: mark.querySelector('summary').innerText.trim(),
          note: note && note.offsetParent !== null ? note.innerText.trim() : '',
          href: (mark.querySelector('a') || {}).href || '', focused: document.activeElement.tagName};
}"""
HINTED_JS = """() => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  const lit = root.querySelector('.comet-card-hint .widget-button, .widget-button.comet-card-hint');
  return lit ? lit.innerText.replace(/\\s+/g, '') : null;
}"""


def _marks(twin: Any) -> list[list[str]]:
    """The readings the headless twin marks beside its instruction and in its message line."""
    import re

    return [re.findall(r'data-readings="([^"]*)"', w.value) for w in (twin.say_box, twin.messages.widget)]


def _open_mark(page: Any, lang: str) -> None:
    """The instruction's first "our reading" mark opens and closes from the keyboard, and reads out its
    note (what the sources say, in ``lang``) with its link to the question in the book."""
    from comet_learn.reading_notes import NOTES
    from comet_render.i18n import words

    page.locator(".comet-live-view .comet-lesson .comet-lesson-instruction .comet-reading summary").first.focus()
    closed = page.evaluate(MARK_JS)
    page.keyboard.press("Enter")
    opened = page.evaluate(MARK_JS)
    assert closed["open"] is False and closed["note"] == "" and closed["focused"] == "SUMMARY", closed
    assert opened["open"] is True and opened["label"] == words(lang).ngettext("our reading", "our readings", 1)
    assert opened["note"].startswith(words(lang)(NOTES["AMB-17"])), opened
    assert opened["href"].endswith("book/reference/ambiguities.html#ambiguity-17"), opened
    page.keyboard.press("Enter")
    assert page.evaluate(MARK_JS)["open"] is False


def _state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] | None = page.evaluate(STATE_JS)
    assert state is not None, "no lesson on the page"
    return state


def _click(page: Any, label: str, kind: str) -> dict[str, Any]:
    """Click the visible button ``label`` (a card of the hand, or a button of the dock) and wait for
    the lesson's answer."""
    before = _state(page)["seq"]
    assert page.evaluate(CLICK_JS, [label, kind]), f"no button {label!r} ({kind}) on the page"
    assert page.evaluate(WAIT_SEQ_JS,
                         [before, 60_000]), f"no answer to {label!r}"
    return _state(page)


def _label(table: Any, text: str) -> tuple[str, str]:
    """The label of the button that makes ``text`` on ``table`` (the headless twin), and its kind."""
    import comet

    if text == "pass":
        return table.pass_button.description, "dock"
    play = comet.Play.parse(text)
    if play.kind == "cards" and len(play.cards) == 1 and play.wild is None:
        from comet_render.i18n import card_symbol

        return card_symbol(play.cards[0], table.lang), "card"
    b = table.button_for(_canonical(table, text))
    assert b is not None, (text, table.shown_plays)
    return b.description, "dock"


def _canonical(table: Any, text: str) -> str:
    """The play as the table writes it (``6D 6H`` is the table's ``6H 6D``)."""
    from comet_learn.course import legal_play

    found = legal_play(table.round, text)
    return found.text if found is not None else text


def _headless_click(table: Any, text: str) -> None:
    """The same click on the headless table (an illegal card too: its button says why)."""
    import comet

    if text == "pass" and table.pass_button.layout.display != "none":
        table.pass_button.click()
        return
    play = comet.Play.parse(text)
    if play.kind == "cards" and len(play.cards) == 1 and play.wild is None:
        hand = list(table.round.hands[0])
        table.hand_buttons[hand.index(play.cards[0])].click()
        return
    b = table.button_for(_canonical(table, text))
    assert b is not None
    b.click()


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 900), ("fr", 400, 800)])
def test_every_lesson_by_following_its_instructions(browser: Any, book_url: str, lang: str, width: int,
                                                    height: int, axe_source: str) -> None:
    """In English on a desktop, in French on a phone (where the instruction, the card to play and the
    buttons must be on one screen at every step); axe-core on the live lesson table. The other
    seats' replies are drawn one after another on the phone, as a learner sees them, and at once on
    the desktop (``quick_bots``: the same lessons in half the time)."""
    from comet_learn.lesson_path import PATH
    from widgets import browser as store
    from widgets.lesson import STORAGE_KEY, LessonTable

    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    if width >= 700:
        quick_bots(context)
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        first = PATH.lessons[0]
        page.goto(f"{book_url}play/learn.html?lesson={first.id}&lang={lang}")
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=LIVE_TIMEOUT)
        page.wait_for_function("() => document.querySelector('.comet-live-view .comet-lesson')", timeout=LIVE_TIMEOUT)
        check_accessibility(page, axe_source, f"learn.html, live, {lang}")
        store.load_storage("{}")
        twin = LessonTable(lesson=first.id, lang=lang)  # the same lesson, headless: what the page must show
        for number, lesson in enumerate(PATH.lessons):
            assert twin.lesson.lesson is lesson
            state = _state(page)
            assert state["say"] == twin.lesson.instruction(), (lesson.id, state["say"])
            assert state["marks"] == _marks(twin), (lesson.id, state["marks"])
            if number == 0:  # its first step marks its reading of the comet (AMB-17)
                _open_mark(page, lang)
            for i, step in enumerate(lesson.steps):
                if i == 0:  # one wrong play a lesson: refused with the rules' reason, the step repeats
                    label, kind = _label(twin, step.wrong)
                    _headless_click(twin, step.wrong)
                    state = _click(page, label, kind)
                    assert state["error"] and twin.messages.is_error, (lesson.id, state["message"])
                    assert state["message"].endswith(twin.messages.text), (lesson.id, state["message"])
                    assert state["say"] == twin.lesson.instruction()
                label, kind = _label(twin, step.play)
                if width < 700:  # a phone: the instruction, the card and the buttons on the first screen
                    seen = page.evaluate(ON_SCREEN_JS, [label, kind])
                    assert all(seen.values()), (lesson.id, i, seen)
                _headless_click(twin, step.play)
                state = _click(page, label, kind)
                assert not state["error"], (lesson.id, i, state["message"])
                assert state["message"] == twin.messages.text, (lesson.id, i)
                assert state["say"] == twin.lesson.instruction(), (lesson.id, i)
                assert state["marks"] == _marks(twin), (lesson.id, i, state["marks"])
                if i + 1 < len(lesson.steps):  # the next step's instruction has the focus (keyboard, reader)
                    assert "comet-lesson-instruction" in state["focused"], (lesson.id, i, state["focused"])
            if number == 0:  # the free play, the coach's card each turn, to the end of the deal
                for _turn in range(60):
                    if twin.lesson.phase != "practice":
                        break
                    lit = page.evaluate(HINTED_JS)
                    best = twin.lesson.coach()
                    assert best is not None and lit is not None, lesson.id
                    label, kind = _label(twin, best.text)
                    assert lit == label.replace(" ", "")
                    _headless_click(twin, best.text)
                    state = _click(page, label, kind)
                    assert state["message"] == twin.messages.text
                assert twin.lesson.phase == "over"
            elif number == 1:  # the free play may be skipped (the lesson stays done)
                twin.skip_button.click()
                _click(page, twin.skip_button.description, "dock")
            assert lesson.id in twin.marks.marks  # (from the third lesson on, Next leaves the free play)
            if number + 1 < len(PATH.lessons):
                twin.next_button.click()
                _click(page, twin.next_button.description, "dock")
        kept = json.loads(page.evaluate(f"() => window.localStorage.getItem({json.dumps(STORAGE_KEY)})"))
        assert set(kept["marks"]) == {x.id for x in PATH.lessons}
        assert set(kept["marks"].values()) == {"done"}  # each lesson had a wrong play: done, with help
        assert not errors, errors
    finally:
        context.close()
