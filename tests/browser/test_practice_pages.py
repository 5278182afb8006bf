"""The practice pages of the static site, in real Chromium: the settlement drill hides its answer until
it is given, and two open tabs of the puzzles keep both tabs' answers (the page's ``storage`` event).

Uses only the ``browser`` and ``book_url`` fixtures and plain Playwright (its own contexts)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

LIVE_TIMEOUT = 180_000
"""Python's first load on a busy two-core machine can take a while."""


def _new_page(context: Any) -> Any:
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _live(page: Any) -> None:
    page.wait_for_selector("html.comet-live-ready", state="attached", timeout=LIVE_TIMEOUT)


def _exact(label: str) -> Any:
    return re.compile(f"^\\s*{re.escape(label)}\\s*$")


def test_the_settlement_drill_hides_its_answer_until_answered(browser: Any, book_url: str) -> None:
    from comet_learn.drills import make

    drill = make("settle", "modern-comet-1991", 0)  # the first question of a fresh reader's set
    net = next(line for line in drill.lines if line.startswith("Net:"))  # the settlement as the table words it
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = _new_page(context)
        page.goto(f"{book_url}play/drills.html?kind=settle&variant=modern-comet-1991")
        _live(page)
        view = page.locator(".comet-live-view .comet-drills").first
        before = view.inner_text()
        assert drill.question in before
        assert "Settlement" not in before and net not in before, "the answer shows before it is given"
        answer = next(iter(drill.answers))
        view.locator(".comet-drill-answers button", has_text=_exact(drill.label(answer))).first.click()
        page.wait_for_function("() => document.querySelector('.comet-live-view .comet-drill-feedback')"
                               ".innerText.includes('Right!')", timeout=30_000)
        shown = view.locator(".comet-drill-lines").first.inner_text()
        assert net in shown and "Settlement" in shown
        at = [shown.index(line.strip()) for line in drill.lines]
        assert at == sorted(at)  # every line of the settlement, in order
        assert not page.errors, page.errors
    finally:
        context.close()


def _first_puzzle(page: Any) -> Any:
    from comet_learn.puzzles import load

    prompt = page.locator(".comet-live-view .comet-puzzles strong").first.inner_text()
    return {p.id: p for p in load()}[prompt.removeprefix("Puzzle ").strip()]


def _answer(page: Any, puzzle: Any, text: str) -> None:
    from comet_render.i18n import words
    from comet_render.words import play_label

    plays = {p.text: p for p in puzzle.position().legal_plays()}
    page.locator(".comet-live-view .comet-puzzle-plays button", has_text=_exact(play_label(words("en"), plays[text]))).first.click()
    page.wait_for_function("() => document.querySelector('.comet-live-view .comet-puzzle-feedback')"
                           ".innerText.length > 0", timeout=30_000)


def test_two_open_tabs_keep_both_tabs_answers(browser: Any, book_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        one, two = _new_page(context), _new_page(context)
        one.goto(f"{book_url}play/puzzles.html?family=manille")
        two.goto(f"{book_url}play/puzzles.html?family=hoc")
        _live(one)
        _live(two)
        a, b = _first_puzzle(one), _first_puzzle(two)
        _answer(one, a, a.answers[0])
        _answer(two, b, next(t for t in b.plays if t not in b.answers))
        # (Each tab's Python sends its write to the page after drawing the answer: wait for it.)
        both = ("(ids) => { const s = window.localStorage.getItem('comet:puzzles') || '';"
                " return ids.every((id) => s.includes(id)); }")
        try:
            one.wait_for_function(both, arg=[a.id, b.id], timeout=10_000)
        except PlaywrightTimeout:
            pass  # (the assertion says what is kept)
        stored = one.evaluate("() => window.localStorage.getItem('comet:puzzles')")
        assert a.id in stored and b.id in stored
        # The first tab heard of the second's answer (the storage event) and shows both sets.
        one.wait_for_function("() => { const t = document.querySelector('.comet-live-view .comet-puzzle-progress')"
                              ".innerText; return t.includes('Hoc') && t.includes('Manille'); }", timeout=30_000)
        # An answer in the first tab now keeps the second tab's too.
        one.locator(".comet-live-view .comet-puzzle-next").first.click()
        one.wait_for_function("(old) => !document.querySelector('.comet-live-view .comet-puzzles strong')"
                              ".innerText.includes(old)", arg=a.id, timeout=30_000)
        c = _first_puzzle(one)
        _answer(one, c, c.answers[0])
        stored = two.evaluate("() => window.localStorage.getItem('comet:puzzles')")
        assert a.id in stored and b.id in stored and c.id in stored
        one.reload()
        _live(one)
        progress = one.locator(".comet-live-view .comet-puzzle-progress").first.inner_text()
        assert "Hoc" in progress and "Manille" in progress and "kept in this browser" in progress
        assert not one.errors and not two.errors, one.errors + two.errors
    finally:
        context.close()
