"""The static site plays: Python in the reader's browser, served by a plain static file server.

* every family's static play page (``play/<family>.html``): a whole deal played by clicking until
  the settlement shows, checked line by line against the same deal played headless;
* the settings in the address work as on the Voilà pages, with the same notices;
* a double click plays one card, whenever its second click comes;
* a returning reader's Python starts from the memory snapshot the first visit kept;
* a book demo steps to its end and back from its saved frames with every Python file blocked,
  and says that the engine could not be loaded;
* once Python is loaded, a demo's language changes the calls;
* no request leaves 127.0.0.1, no page error, no console error;
* a family's page, its deal played: test_accessibility's checks (links, 400 px, axe) on the live table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import ARTIFACTS, SNAPSHOT_KEPT_JS, watch_page
from .test_accessibility import axe_source as axe_source  # noqa: F401 (the fixture)
from .test_accessibility import check_page_as_drawn
from .table_helpers import paced_bots, quick_bots
from .play_driver import (CLICK_JS, SEQ_JS, Game, check_settlement, double_click_cards,
                          expected_outcome, next_action, page_state)

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("python_snapshot_kept")  # (the shared context's pages start Python as a returning reader's)

GAMES = [
    ("hoc", "players=3&seed=2"),
    ("manille", "players=3&seed=4"),
    ("new-comet", "variant=yanovsky-exchange&players=3&seed=5"),
    ("modern", "players=3&seed=9"),
    ("commit", "variant=commit-1991&players=4&bot=random&seed=3"),
]
PACED = "new-comet"
"""The game of :data:`GAMES` played with the bots paced as on the site (the others: at once)."""
LIVE_TIMEOUT = 120_000
"""Python's first load on a busy two-core machine can take a while."""


def _wait_live(page: Any) -> None:
    page.wait_for_selector("html.comet-live-ready", state="attached", timeout=LIVE_TIMEOUT)


@pytest.mark.parametrize(("name", "query"), GAMES, ids=[n for n, _ in GAMES])
def test_static_play_page_plays_a_deal(shared_page: Any, book_url: str, book_dir: Path, axe_source: str, name: str,
                                       query: str) -> None:
    """(A returning reader's visit: the shared context keeps Python's snapshot. A first visit's
    start is what the other tests of this file, in fresh contexts, go through.) The bots play at
    once (``quick_bots``) but in one game, whose bots' plays are drawn one after another as a
    reader sees them (the double-click, pass-and-play and record tests pace them too)."""
    page = shared_page
    url = f"{book_url}play/{name}.html?{query}"
    expected, clicks = expected_outcome(url)
    watch = watch_page(page)
    if name != PACED:
        quick_bots(page)
    try:
        _play_to_the_end(page, url, name, expected, clicks)
    finally:
        paced_bots(page)
    watch.assert_quiet()
    # the page's checks of test_accessibility (links, 400 px, axe) on the live table at its settlement
    check_page_as_drawn(page, book_dir, book_url, f"play/{name}.html", axe_source)


def _play_to_the_end(page: Any, url: str, name: str, expected: Any, clicks: int) -> None:
    page.goto(url)
    assert page.locator(".comet-live-note").first.is_visible()  # the snapshot says Python is loading
    _wait_live(page)
    assert page.locator(".comet-live-note:visible").count() == 0
    assert page.title() == json.loads((ROOT / "book" / "play" / f"{name}.ipynb").read_text())["metadata"]["title"]
    game = Game(page, url)
    game.play(timeout=240, real_click=True)
    assert not game.errors, game.errors
    assert game.clicks == clicks
    assert game.lines == expected, game.lines
    check_settlement(game.lines, game.players)
    state = page_state(page)
    assert state is not None and state["over"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"static-play-{name}.png"), full_page=True)


def test_static_play_page_reads_the_address(page: Any, book_url: str) -> None:
    watch = watch_page(page)
    page.goto(f"{book_url}play/modern.html?variant=commit-1991&players=eleven&seed=-4")
    _wait_live(page)
    notice = page.locator(".comet-query-notice").first.inner_text()
    assert "commit-1991" in notice and "'eleven'" in notice and "'-4'" in notice
    assert page.locator(".comet-play-buttons .widget-button:visible").count() > 0
    watch.assert_quiet()


RUNNING_ANIMATIONS_JS = """() => document.getAnimations().filter((a) => a.playState === 'running')
  .map((a) => (a.animationName || a.transitionProperty || 'animation') + ' x' + a.effect.getTiming().iterations)"""


def test_an_idle_play_page_goes_quiet(shared_page: Any, book_url: str) -> None:
    """The table's animations end (the turn's glow pulses three times, then stays lit): a page
    left open repaints nothing, where an endless pulse kept a third of a core busy."""
    page = shared_page
    page.emulate_media(reduced_motion="no-preference")  # (the tests' browser prefers reduced motion)
    watch = watch_page(page)
    page.goto(f"{book_url}play/hoc.html?players=3&seed=2")
    _wait_live(page)
    assert page.locator(".comet-seat-turn").count() == 1  # whose turn it is, lit
    assert page.evaluate(RUNNING_ANIMATIONS_JS), "the turn's glow does not pulse at all"
    try:
        page.wait_for_function(f"() => ({RUNNING_ANIMATIONS_JS})().length === 0", timeout=15_000)
    except PlaywrightTimeout:
        pytest.fail(f"animations still running after 15 s: {page.evaluate(RUNNING_ANIMATIONS_JS)}")
    watch.assert_quiet()


def test_static_play_page_a_double_click_plays_one_card(page: Any, book_url: str) -> None:
    """As on the Voilà pages: both clicks at once, and the second click only once the first
    click's new state is drawn (it then lands on the card that took the first one's place)."""
    watch = watch_page(page)
    page.goto(f"{book_url}play/modern.html?seed=5")
    _wait_live(page)
    double_click_cards(page)
    watch.assert_quiet()


def _visit(context: Any, url: str, snapshot: str) -> tuple[Any, Any]:
    """Open ``url`` in a new page of ``context`` until its Python is live; its worker must say
    how Python started (``made`` a snapshot, ``restored`` one); return the page and its watch."""
    page = context.new_page()
    watch = watch_page(page)
    page.goto(url)
    _wait_live(page)
    assert page.evaluate("window.cometLiveTimes.snapshot") == snapshot
    return page, watch


def test_a_returning_reader_starts_python_from_the_snapshot(browser: Any, book_url: str) -> None:
    """The first visit makes the interpreter's memory snapshot and keeps it (one, keyed by
    Pyodide's version and the site's archive); the next visit restores it, reads its own
    address (not the one the snapshot was made on) and plays; a snapshot that does not restore
    (damaged, or from another build) is dropped, and Python starts as on a first visit."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        first, watch = _visit(context, f"{book_url}play/modern.html?seed=3", "made")
        keys: list[str] = []
        for _ in range(120):  # kept after the page is drawn: compressing it takes a moment
            keys = first.evaluate(SNAPSHOT_KEPT_JS)
            if keys:
                break
            first.wait_for_timeout(500)
        assert len(keys) == 1, keys
        key = keys[0]
        assert "/python-snapshot/" in key and re.search(r"site-[0-9a-f]{10}\.zip$", key), key
        watch.assert_quiet()
        first.close()

        again, watch = _visit(context, f"{book_url}play/modern.html?seed=4&lang=fr", "restored")
        again.locator(".comet-live-view .comet-bar .widget-toggle-button").last.click()  # Settings: made now
        assert again.locator(".comet-live-view .comet-play .widget-text input").first.input_value() == "4"
        double_click_cards(again, times=1)
        watch.assert_quiet()
        again.evaluate("""async (key) => {
          const body = new Blob([new Uint8Array(4096)]).stream().pipeThrough(new CompressionStream("gzip"));
          await (await caches.open("comet-python")).put(key, new Response(await new Response(body).blob()));
        }""", key)
        again.close()

        third, watch = _visit(context, f"{book_url}play/modern.html?seed=5", "made")
        assert page_state(third)["buttons"]  # type: ignore[index]
        watch.assert_quiet()
    finally:
        context.close()


def test_landing_page_links_every_game(page: Any, book_url: str) -> None:
    from website.pages import FAMILIES

    watch = watch_page(page)
    page.goto(f"{book_url}play/index.html")
    hrefs = page.eval_on_selector_all(".comet-lang-version:not([hidden]) .family a.play", "els => els.map(e => e.getAttribute('href'))")
    assert sorted(hrefs) == sorted(f"{name}.html" for name in FAMILIES)
    practice = page.eval_on_selector_all(".comet-lang-version:not([hidden]) .practice-link", "els => els.map(e => e.getAttribute('href'))")
    assert sorted(practice) == ["drills.html", "learn.html", "puzzles.html", "replay.html", "room.html"]
    new_here = page.eval_on_selector_all(".comet-lang-version:not([hidden]) a.learn", "els => els.map(e => e.getAttribute('href'))")
    assert new_here == ["learn.html"]  # "New here? Learn to play", before the games
    watch.assert_quiet()


def _puzzle_state(page: Any) -> dict[str, Any]:
    """The live trainer's puzzle id and its play buttons' labels."""
    return dict(page.evaluate("""() => {
        const root = document.querySelector('.comet-live-view .comet-puzzles');
        const prompt = root.querySelector('strong').innerText;
        const plays = [...root.querySelectorAll('.comet-puzzle-plays button')].map(b => b.innerText.trim());
        const feedback = root.querySelector('.comet-puzzle-feedback').innerText;
        return {prompt, plays, feedback};
    }"""))


def _puzzle_click(page: Any, label: str) -> None:
    before = _puzzle_state(page)["feedback"]
    exact = re.compile(f"^\\s*{re.escape(label)}\\s*$")
    page.locator(".comet-live-view .comet-puzzle-plays button", has_text=exact).first.click()
    page.wait_for_function("(before) => document.querySelector('.comet-live-view .comet-puzzle-feedback')"
                           ".innerText !== before", arg=before, timeout=30_000)


def test_static_puzzles_page_judges_answers_and_keeps_progress(page: Any, book_url: str) -> None:
    """Solve a puzzle, miss the next, see the feedback; progress survives a reload (local storage)."""
    from comet_learn.puzzles import load
    from comet_render.i18n import words
    from comet_render.words import play_label

    watch = watch_page(page)
    page.goto(f"{book_url}play/puzzles.html")
    _wait_live(page)
    by_id = {p.id: p for p in load()}

    def current() -> Any:
        prompt = _puzzle_state(page)["prompt"]
        return by_id[prompt.removeprefix("Puzzle ").strip()]

    def label(p: Any, text: str) -> str:
        return play_label(words("en"), p.position().legal_plays()[[q.text for q in p.position().legal_plays()].index(text)])

    first = current()
    _puzzle_click(page, label(first, first.answers[0]))
    assert "Right!" in _puzzle_state(page)["feedback"]
    assert "What each choice is worth" in _puzzle_state(page)["feedback"]
    page.locator(".comet-live-view .comet-puzzle-next").first.click()
    page.wait_for_function("(old) => !document.querySelector('.comet-live-view .comet-puzzles strong')"
                           ".innerText.includes(old)", arg=first.id, timeout=30_000)
    second = current()
    wrong = next(t for t in second.choices if t not in second.answers
                 and label(second, t) != label(second, second.answers[0]))
    _puzzle_click(page, label(second, wrong))
    feedback = _puzzle_state(page)["feedback"]
    assert "Not the best." in feedback and "(yours)" in feedback
    stored = page.evaluate("() => window.localStorage.getItem('comet:puzzles')")
    assert first.id in stored and second.id in stored
    page.reload()
    _wait_live(page)
    progress = page.locator(".comet-live-view .comet-puzzle-progress").first.inner_text()
    assert "Solved" in progress and "Missed" in progress, progress
    assert "No answers yet" not in progress
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "static-puzzles.png"), full_page=True)
    watch.assert_quiet()


def _caption(page: Any) -> str:
    return str(page.locator(".comet-step-caption").first.inner_text())


def test_demo_steps_before_python_loads(page: Any, book_url: str) -> None:
    """Every Python file is blocked: the saved frames still step, and a note says why no more."""
    blocked: list[str] = []

    def block(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    page.route("**/_static/live/pyodide*/**", block)
    page.route("**/_static/live/*.whl", block)
    page.route("**/_static/live/py-*.zip", block)
    page.goto(f"{book_url}book/rules/modern.html")
    step = page.locator(".comet-step").first
    step.locator(".comet-step-next").wait_for(state="visible")
    page.wait_for_selector(".comet-step.comet-step-ready")
    start = _caption(page)
    assert start.startswith("Step 10 of ")
    step.locator(".comet-step-last").click()
    last = _caption(page)
    total = int(start.split(" of ")[1].split(":")[0])
    assert last.startswith(f"Step {total} of {total}")
    assert step.locator(".comet-step-next").is_disabled()
    step.locator(".comet-step-prev").click()
    assert _caption(page).startswith(f"Step {total - 1} of {total}")
    step.locator(".comet-step-first").click()
    assert _caption(page).startswith("Step 0: the deal")
    assert step.locator(".comet-step-prev").is_disabled()
    # The language list cannot work without Python: it is visibly off.
    assert page.locator(".cell.tag_live select").first.is_disabled()
    note = page.locator(".comet-live-note").first
    note.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('.comet-live-failed') !== null", timeout=LIVE_TIMEOUT)
    assert "could not be loaded" in note.inner_text()
    assert blocked, "the Python files were never asked for"


def test_demo_goes_live_and_changes_language(page: Any, book_url: str) -> None:
    watch = watch_page(page)
    page.goto(f"{book_url}book/rules/modern.html")
    step = page.locator(".comet-step").first
    page.wait_for_selector(".comet-step.comet-step-ready")
    step.locator(".comet-step-next").click()  # stepping on the snapshot carries over to the live demo
    reached = _caption(page)
    _wait_live(page)
    live = page.locator(".comet-live-view .comet-step").first
    page.wait_for_function("(text) => document.querySelector('.comet-live-view .comet-step-caption')"
                           ".innerText.startsWith(text)", arg=reached.split(":")[0])
    before = live.locator(".comet-step-table").inner_text()
    live.locator(".comet-step-lang select").select_option(label="Français")
    page.wait_for_function("(before) => document.querySelector('.comet-live-view .comet-step-table')"
                           ".innerText !== before", arg=before)
    after = live.locator(".comet-step-table").inner_text()
    assert "(en Français)" in after and "(calls in English)" in before, after[-600:]  # every word, not only the calls
    live.locator(".comet-step-last").click()
    page.wait_for_function("() => document.querySelector('.comet-live-view .comet-step-next').disabled")
    watch.assert_quiet()


def test_only_pages_with_live_widgets_fetch_python(page: Any, book_url: str) -> None:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/_static/live/" in r.url else None)
    page.goto(f"{book_url}book/reference/glossary.html", wait_until="networkidle")
    assert not [u for u in asked if "pyodide" in u or "site-" in u], asked


def test_static_drills_page_answers_with_the_rule_and_its_sources(page: Any, book_url: str) -> None:
    watch = watch_page(page)
    page.goto(f"{book_url}play/drills.html")
    _wait_live(page)
    root = ".comet-live-view .comet-drills"
    page.locator(f"{root} .comet-drill-answers button").first.click()
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('Sources:')",
                           arg=f"{root} .comet-drill-feedback", timeout=30_000)
    feedback = page.locator(f"{root} .comet-drill-feedback").first.inner_text()
    assert ("Right!" in feedback or "Not so." in feedback) and "Sources: S" in feedback
    assert "No answers yet" not in page.locator(f"{root} .comet-drill-progress").first.inner_text()
    watch.assert_quiet()


def test_a_copied_link_opens_the_same_position(browser: Any, book_url: str) -> None:
    """Play two cards, press "Copy link to this position", open what the clipboard holds in a new
    page: the same deal at the same move (the table's text and log agree); a demo step's link,
    taken from the snapshot before Python loads, opens the replay page at that step; a forged
    link gives a notice and a new match."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=book_url.rstrip("/"))
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        watch = watch_page(page)
        page.goto(f"{book_url}play/modern.html?seed=4")
        _wait_live(page)
        for _ in range(2):
            seq = page.evaluate(SEQ_JS)
            assert page.evaluate(CLICK_JS, next_action(page_state(page) or {}) or "card")
            page.wait_for_function(f"() => ({SEQ_JS})() > {seq}")
        before = page_state(page)
        assert before is not None
        log = page.locator(".comet-live-view .comet-log").inner_text()
        page.locator(".comet-live-view a.comet-copy-link").click()
        page.wait_for_selector(".comet-live-view a.comet-copy-link[data-comet-copied]")
        copied = str(page.evaluate("() => navigator.clipboard.readText()"))
        assert copied.startswith(f"{book_url}play/modern.html?record=") and "&move=" in copied
        other = context.new_page()
        other_watch = watch_page(other)
        other.goto(copied)
        _wait_live(other)
        after = page_state(other)
        assert after is not None and after["table"] == before["table"]
        assert other.locator(".comet-live-view .comet-log").inner_text() == log
        assert "Opened from a link" in after["message"]
        other_watch.assert_quiet()
        watch.assert_quiet()

        # (leaving the chapter before Python is there aborts its downloads: not watched)
        page.goto(f"{book_url}book/rules/modern.html")
        step = page.locator(".comet-step").first
        page.wait_for_selector(".comet-step.comet-step-ready")
        shown = re.match(r"\D*(\d+)", _caption(page))
        assert shown is not None
        step.locator(".comet-step-next").click()
        # The next step's caption and its link read at once: the live demo can take the snapshot's
        # place meanwhile, first at its own step, then at the one the reader reached.
        after = f"Step {int(shown.group(1)) + 1} of "
        page.wait_for_function("(after) => { const c = document.querySelector('.comet-step-caption');"
                               " return !!c && c.innerText.startsWith(after); }", arg=after, polling=100)
        caption, href = page.evaluate("() => { const c = document.querySelector('.comet-step-caption');"
                                      " const a = c.querySelector('a.comet-copy-link');"
                                      " return [c.innerText, a && a.getAttribute('href')]; }")
        assert href is not None and href.startswith("../../play/replay.html?record=")
        page.goto(urljoin(page.url, href))
        _wait_live(page)
        assert page.locator(".comet-live-view .comet-step-caption").inner_text().split("\n")[0] == \
            caption.split("\n")[0]

        bad = context.new_page()
        bad_watch = watch_page(bad)
        bad.goto(f"{book_url}play/modern.html?record=%5BVariant%20%22nope%22%5D&move=3")
        _wait_live(bad)
        notice = bad.locator(".comet-live-view .comet-query-notice").first.inner_text()
        assert "unknown variant 'nope'" in notice and "new match" in notice
        bad_watch.assert_quiet()
    finally:
        context.close()
