"""Learn to play on the static site, in real Chromium: every lesson of the path completed by following
its instructions, in English and in French, one wrong play per lesson answered with the rules' reason.

The page runs the lessons in the reader's browser (Pyodide); the same lesson played headless here
(:class:`widgets.lessons.table.LessonTable`, the same code) says what the page must show after each click:
the instruction, the feedback, the marks. A step whose result stays on the table (its deal ended, or
the next is another deal) waits for *Continue*: lessons 6 and 7 show their settlement there, line by
line with the multipliers written out. The free play that ends each lesson is played with the coach on
the first lesson's deal (its reason said with the rule of the moment), skipped on the second, and left
by *Next lesson* on the others (``tests/test_course.py`` plays every lesson's free play headless); the
marks (stars) are read back from the browser's storage at the end. *All lessons* is in the page's HTML
before Python loads, and on screen when opened. The "our reading" marks beside each sentence are those
of the headless twin, and the first lesson's opens and closes from the keyboard and reads out its note.
"""

from __future__ import annotations

import html
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
SETTLEMENT_JS = """() => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  const shown = el => !!el && el.offsetParent !== null;
  const lines = [...root.querySelectorAll('.comet-settle-final li')].filter(shown).map(li => li.innerText.trim());
  const go = [...root.querySelectorAll('.comet-lesson-continue')].filter(shown);
  return {lines, continue: go.length};
}"""
PATH_JS = """() => {
  const list = document.querySelector('.comet-live-view .comet-lesson-list');
  list.querySelector('summary').click();
  const links = [...list.querySelectorAll('nav a[href*="lesson="]')];
  const inside = el => { const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; };
  const out = {open: list.open, links: links.length, first: inside(links[0]), summary: inside(list.querySelector('summary')),
               marks: list.querySelectorAll('.comet-lesson-mark').length};
  list.querySelector('summary').click();
  return out;
}"""
MARK_JS = """() => {
  const mark = document.querySelector('.comet-live-view .comet-lesson .comet-lesson-instruction .comet-reading');
  if (!mark) return null;
  const note = mark.querySelector('.comet-reading-note');
  return {open: mark.open, label: mark.querySelector('summary').innerText.trim(),
          note: note && note.offsetParent !== null ? note.innerText.trim() : '',
          href: (mark.querySelector('a') || {}).href || '', focused: document.activeElement.tagName};
}"""
FOCUSED_IN_MARK_JS = """() => {
  const el = document.activeElement;
  return el && el.closest('.comet-lesson-instruction .comet-reading') ? el.tagName : '';
}"""
HINTED_JS = """() => {
  const root = document.querySelector('.comet-live-view .comet-lesson');
  const lit = root.querySelector('.comet-card-hint .widget-button, .widget-button.comet-card-hint');
  return lit ? lit.innerText.replace(/\\s+/g, '') : null;
}"""


def _continue(page: Any, twin: Any, lesson: Any, settled: dict[str, list[str]]) -> None:
    """The step's result is on the table (:func:`_result`), then *Continue*."""
    _result(page, twin, lesson, settled)
    twin.continue_button.click()
    _click(page, twin.continue_button.description, "dock")


def _result(page: Any, twin: Any, lesson: Any, settled: dict[str, list[str]]) -> None:
    """The step's result is on the table with *Continue*: the settlement, when the deal ended, line by line
    as the headless twin shows it (the multipliers written out)."""
    import re

    shown = page.evaluate(SETTLEMENT_JS)
    assert shown["continue"] == 1, (lesson.id, shown)
    felt = twin.table.value
    lines = re.findall(r'<ul class="comet-settle-final">(.*?)</ul>', felt)
    wanted = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>.*?</li>", lines[0])] if lines else []
    assert [line.replace("\u00a0", " ") for line in shown["lines"]] == [w.replace("\u00a0", " ") for w in
                                                                      (html.unescape(x) for x in wanted)], lesson.id
    if wanted:
        settled.setdefault(lesson.id, []).extend(shown["lines"])


def _marks(twin: Any) -> list[list[str]]:
    """The readings the headless twin marks beside its instruction and in its message line."""
    import re

    return [re.findall(r'data-readings="([^"]*)"', w.value) for w in (twin.say_box, twin.messages.widget)]


def _open_mark(page: Any, lang: str) -> None:
    """The instruction's first "our reading" mark (its name: "our reading") opens and closes from the
    keyboard, and reads out its note (what the sources say, in ``lang``) with its link to the question in
    the book, the keyboard's next stop."""
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
    page.keyboard.press("Tab")  # the note's link is the next stop of the keyboard, then back to the mark
    assert page.evaluate(FOCUSED_IN_MARK_JS) == "A"
    page.keyboard.press("Shift+Tab")
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
    from widgets.lessons.table import STORAGE_KEY, LessonTable

    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    if width >= 700:
        quick_bots(context)
    else:  # one after another, at the play pages' pace (a lesson's own, 0.7 s, would only make the test longer)
        context.add_init_script("try { localStorage.setItem('comet:bot-delay', '0.3'); } catch (e) {}")
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        first = PATH.lessons[0]
        address = f"{book_url}play/learn.html?lesson={first.id}&lang={lang}"
        static = page.request.get(address).text()  # the page's HTML, before any script: the whole path is there
        assert all(f"?lesson={x.id}" in static for x in PATH.lessons) and 'class="comet-lesson-list"' in static
        page.goto(address)
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=LIVE_TIMEOUT)
        page.wait_for_function("() => document.querySelector('.comet-live-view .comet-lesson')", timeout=LIVE_TIMEOUT)
        check_accessibility(page, axe_source, f"learn.html, live, {lang}")
        listed = page.evaluate(PATH_JS)  # All lessons opens, on the first screen
        assert listed["open"] and listed["links"] == len(PATH.lessons) and listed["marks"] == len(PATH.lessons)
        assert listed["summary"] and (listed["first"] or width < 700), listed
        settled: dict[str, list[str]] = {}
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
                if twin.lesson.phase == "result" and (i + 1 < len(lesson.steps) or number < 2):
                    _continue(page, twin, lesson, settled)
                    assert _state(page)["say"] == twin.lesson.instruction(), (lesson.id, i)
                elif twin.lesson.phase == "result":  # (Next lesson leaves it: its result is read first)
                    _result(page, twin, lesson, settled)
            if number == 0:  # the free play, the coach's card each turn, to the end of the deal
                for _turn in range(60):
                    if twin.lesson.phase != "practice":
                        break
                    lit = page.evaluate(HINTED_JS)
                    best = twin.lesson.coach()
                    assert best is not None and lit is not None, lesson.id
                    advice = twin.lesson.advice()  # its reason, with the rule of the moment, on the page
                    assert advice is not None and _state(page)["say"].endswith(
                        advice.reason.sentence(twin.round, lang, twin.flow.names().names))
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
        assert set(kept["marks"].values()) == {2}  # each lesson had a wrong play: two stars of three
        multiplied = [line for x in ("modern-going-out", "modern-opera") for line in settled.get(x, [])]
        assert len(multiplied) == 3 and all("×" in line and "=" in line for line in multiplied), settled
        assert any(line.count("×") == 2 for line in settled["modern-opera"])  # opera × comet: the multipliers multiply
        assert not errors, errors
    finally:
        context.close()
