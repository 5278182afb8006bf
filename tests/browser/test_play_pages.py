"""The playable pages in Chromium, against tools/serve.py (Voila, pre-heated kernels).

* every page: a complete deal against the bots, played by clicking, until the settlement shows;
  the settlement is checked (its sums, and line by line against the same deal played headless);
  no request leaves 127.0.0.1 (none is even attempted), no page error, no traceback, no error message;
* bad values in the address: a readable notice, the defaults, a playable table;
* forged widget messages over the kernel's websocket: readable messages, the deal unchanged;
* 20 visitors at once (two browser contexts), each playing a deal: all finish, none errors.
"""

from __future__ import annotations

import os
import time
from typing import Any, Iterator

import psutil
import pytest

from .conftest import ARTIFACTS, Served, start_play_server, stop_serve, watch_page
from .play_driver import Game, check_settlement, double_click_cards, double_click_once, expected_outcome, page_state
from .soak import kernels_among
from .widget_ws import WidgetClient, kernel_id

# (page, query): every page, and the variants with their own kinds of decision (claim the
# manille; keep or redeal; discard then draw; the pool; six or more players).
GAMES = [
    ("hoc", "players=3&seed=2"),
    ("manille", "players=3&seed=4"),
    ("new-comet", "seed=3"),
    ("new-comet", "variant=yanovsky-exchange&players=3&seed=5"),
    ("modern", "variant=comet-6-8-players&players=6&seed=7"),
    ("commit", "variant=commit-1991&players=4&bot=random&seed=3"),
]


@pytest.fixture()
def page(shared_page: Any) -> Any:
    """The Voila pages open in the test process's shared context: Voila's scripts (several MB)
    are fetched and compiled once, not for every test (what a test checks is the page's, not a
    first visit's)."""
    return shared_page


def _open(page: Any, url: str) -> Any:
    watch = watch_page(page)
    page.goto(url, wait_until="commit")
    page.locator(".comet-play .comet-play-buttons .widget-button:visible, .comet-play .comet-play-pass:visible").first.wait_for(
        state="visible", timeout=90_000)
    return watch


def _no_traceback(page: Any) -> None:
    text = page.inner_text("body")
    for word in ("Traceback", "Error:", "Exception", 'File "'):
        assert word not in text, f"{word!r} on the page: {text[:2000]}"
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0


@pytest.mark.parametrize(("name", "query"), GAMES, ids=[f"{n}-{q.split('&')[0]}" for n, q in GAMES])
def test_play_a_deal_by_clicking(page: Any, served: Served, name: str, query: str) -> None:
    url = served.page_url(name, query)
    expected, clicks = expected_outcome(url)
    watch = _open(page, url)
    # The source is stripped, and the page is the family's: its list has only its variants.
    assert "play_page" not in page.content()
    game = Game(page, url)
    game.play(timeout=150, real_click=True)
    assert not game.errors, game.errors
    assert game.clicks == clicks
    assert game.lines == expected, game.lines
    check_settlement(game.lines, game.players)
    state = page_state(page)
    assert state is not None and state["over"]
    assert page.locator(".comet-play-new").inner_text().strip() in ("Next deal", "New match")
    _no_traceback(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if query == GAMES[[n for n, _ in GAMES].index(name)][1]:
        page.screenshot(path=str(ARTIFACTS / f"play-{name}.png"), full_page=True)
    watch.assert_clean()
    assert not watch.blocked, watch.blocked
    # The widget extension is built for the JupyterLab that Voila ships (requirements.txt):
    # no "Unsatisfied version ... of shared singleton module" warnings.
    mismatched = [w for w in watch.console_warnings if "Unsatisfied version" in w]
    assert not mismatched, mismatched


def test_bad_address_values_give_a_readable_notice(page: Any, served: Served) -> None:
    url = served.page_url("modern", "variant=commit-1991&players=eleven&bot=%3Cscript%3Ealert(1)%3C/script%3E"
                          "&seed=-4&colour=red")
    watch = _open(page, url)
    notice = page.locator(".comet-query-notice").first
    text = notice.inner_text()
    assert "Some settings in the address were not used" in text
    assert "not played on this page but on “Play Commit”" in text
    assert "not 'eleven'" in text
    assert "is not a kind of bot" in text and "<script>alert(1)</script>" in text  # shown as text, not run
    assert "deal number is a whole number" in text
    assert "'colour' is not a setting of this page" in text
    # The defaults: the first variant of the page, two players.
    assert "Modern comet" in page.locator(".comet-play .comet-title").inner_text()
    assert page.locator(".comet-play .comet-felt .comet-seat").count() == 2
    _no_traceback(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "play-bad-address.png"), full_page=True)
    game = Game(page, url)  # still playable
    deadline = time.monotonic() + 30
    while game.clicks < 4 and not game.done and time.monotonic() < deadline:
        game.step(real_click=True)
        page.wait_for_timeout(10)
    assert game.clicks >= 3 or game.done
    assert not game.errors
    watch.assert_clean()


def test_forged_widget_messages(page: Any, served: Served) -> None:
    url = served.page_url("manille", "players=3&seed=11")
    watch = _open(page, url)
    before = page_state(page)
    assert before is not None
    kid = kernel_id(page.content())
    client = WidgetClient(served.play_url, kid)
    try:
        # (the settings' form is made when Settings is first pressed: pressed, then its models are there)
        page.locator(".comet-play .comet-bar .widget-toggle-button", has_text="Settings").click()
        page.locator(".comet-play .comet-settings").wait_for(state="visible")
        states = client.states()
        buttons = client.find(states, "ButtonModel")
        variant = client.find(states, "DropdownModel", description="Game")
        seed = client.find(states, "BoundedIntTextModel", description="Seed")
        passes = client.find(states, "ButtonModel", description="Pass")
        play_it = client.find(states, "ButtonModel", description="Play it")
        assert variant and seed and passes and play_it, "widgets not found"
        layouts = {mid: s["state"] for mid, s in states.items() if s["model_name"] == "LayoutModel"}
        hidden_cards = [b for b in buttons if layouts.get(states[b]["state"]["layout"].removeprefix("IPY_MODEL_"),
                                                          {}).get("display") == "none"]

        def forge(msg_id: str) -> None:
            client.wait_idle(msg_id)

        forge(client.update(variant[0], {"index": 57}))  # no such option: refused by ipywidgets
        forge(client.update(variant[0], {"index": "modern"}))
        forge(client.update(seed[0], {"value": "a lot"}))  # not a number: refused
        forge(client.update(seed[0], {"max": -1}))
        for b in play_it:  # the hidden "Play it" (both its models: one draws this state): readable message
            forge(client.click(b))
        page.locator(".comet-play-message [role=alert]").wait_for(timeout=15_000)
        message = page.locator(".comet-play-message").inner_text()
        assert "Cannot do that" in message and "Choose a play in the list first" in message, message
        for b in hidden_cards[:2]:
            forge(client.click(b))
        if not any(p.startswith("Pass") for p in before["buttons"]) and not before["pass"]:
            for b in passes:  # Pass when passing is not legal
                forge(client.click(b))
        page.wait_for_timeout(300)
        after = page_state(page)
        assert after is not None
        assert after["table"] == before["table"], "the deal changed"
        assert after["buttons"] == before["buttons"]
        assert after["error"], after["message"]
        _no_traceback(page)
    finally:
        client.close()
    # The deal goes on, by clicking.
    game = Game(page, url)
    game.play(timeout=120, real_click=False)
    assert not game.errors, game.errors
    check_settlement(game.lines, 3)
    _no_traceback(page)
    watch.assert_clean()


LOAD_SESSIONS = int(os.environ.get("COMET_LOAD_SESSIONS", "20"))
# 20 concurrent visitors (issue 7): a load test (`-m load`), run by `make bench`; `make test` runs two
# visitors at once (tests/browser/test_benches.py: bench/pages.py's smoke run), each page's deal by
# clicking (test_play_a_deal_by_clicking) and the guard's limits (test_voila_guard.py). Before Voila's executor was given time to collect a cell's
# output (tools/serve.py: VoilaExecutor.iopub_timeout), pages opened together on 2 busy cores could
# come without their table; this test caught it. `bench/pages.py` reports memory per session.
LOAD_TIMEOUT = float(os.environ.get('COMET_LOAD_TIMEOUT', '300'))


@pytest.fixture()
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server of the test's own, as `make serve` runs it: a kernel pre-heated for every page,
    and a taken kernel replaced only after serve.py's pause (``FILL_DELAY``), not at once: the
    pool is not refilled in the middle of a rush of visitors, who are given fresh kernels. Its bots
    play at once: what is measured is twenty visitors' kernels and pages, not the bots' pace (the
    session's server paces them)."""
    served = start_play_server(tmp_path_factory, fill_delay=None, bot_delay="0")
    try:
        yield served
    finally:
        stop_serve(served.process)


@pytest.mark.load
@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.xdist_group("many-kernels")  # (20 Voila kernels at once: not beside the room test's three browsers and servers)
def test_visitors_at_once(browser: Any, class_server: Served) -> None:
    served = class_server
    pages = ["hoc", "manille", "new-comet", "modern", "commit"]
    voila = psutil.Process(served.process.pid)
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
    games: list[Game] = []
    watches = []
    try:
        start = time.monotonic()
        for i in range(LOAD_SESSIONS):
            ctx = contexts[i % 2]
            pg = ctx.new_page()
            pg.set_default_timeout(120_000)
            watches.append(watch_page(pg))
            url = served.page_url(pages[i % len(pages)], f"players=3&seed={100 + i}")
            pg.goto(url, wait_until="commit")
            games.append(Game(pg, url))
        deadline = time.monotonic() + LOAD_TIMEOUT
        while not all(g.done for g in games):
            if time.monotonic() > deadline:
                stuck = [(g.url, g.clicks, g._waiting_for, (page_state(g.page) or {}).get("seq")) for g in games
                         if not g.done]
                pytest.fail(f"{sum(g.done for g in games)} of {LOAD_SESSIONS} finished; unfinished: {stuck}")
            for g in games:
                if not g.done:
                    g.step(real_click=False)
            time.sleep(0.1)  # (a round of 20 pages read is not free: no visitor clicks faster)
        elapsed = time.monotonic() - start
        kernels = kernels_among(voila.children(recursive=True))
        assert len(kernels) >= LOAD_SESSIONS
        for g in games:
            assert not g.errors, (g.url, g.errors)
            check_settlement(g.lines, g.players)
            _no_traceback(g.page)
        for w in watches:
            w.assert_clean()
        rss = sorted(p.memory_info().rss for p in kernels)
        reloads = [g.url for g in games if g.reloads]
        # On a starved machine a page can take a minute to download Voila's scripts (it shows
        # "Loading widget..." meanwhile): the test waits (LOAD_TIMEOUT) rather than reloading,
        # which would only start the download again.
        print(f"\n{LOAD_SESSIONS} sessions finished in {elapsed:.1f} s; reloads {reloads}; "
              f"{sum(g.clicks for g in games)} clicks; "
              f"kernel RSS median {rss[len(rss) // 2] / 2**20:.0f} MB")
    finally:
        for ctx in contexts:
            ctx.close()


# --------------------------------------------------------------------------- double clicks (issue 16)
@pytest.mark.parametrize(("name", "query"), [("modern", "seed=5"), ("hoc", "players=3&seed=2"),
                                              ("new-comet", "seed=3")])
def test_a_double_click_on_a_card_plays_one_card(page: Any, served: Served, name: str, query: str) -> None:
    watch = _open(page, served.page_url(name, query))
    double_click_cards(page)
    watch.assert_quiet()


def test_a_double_click_on_pass_undo_and_new_match_acts_once(page: Any, served: Served) -> None:
    watch = _open(page, served.page_url("hoc", "players=3&seed=2"))
    root = page.locator(".comet-play")
    game = Game(page, served.page_url("hoc", "players=3&seed=2"))
    passed = False
    for _ in range(40):  # play the first card until passing is offered
        state = page_state(page)
        assert state is not None
        if state["pass"]:
            after = double_click_once(page, root.locator(".comet-play-pass"))
            assert after["message"].startswith("You passed.")  # (then the calls of the bots that followed)
            passed = True
            break
        if state["over"]:
            break
        game.step(real_click=True)
        page.wait_for_function(f"() => !document.querySelector('.comet-play').classList.contains("
                               f"'comet-seq-{state['seq']}')")
    assert passed, "no pass offered in this deal"
    after = double_click_once(page, root.locator(".widget-button", has_text="Undo"), late=True)
    assert after["message"] == "Took back your last decision."
    root.locator(".comet-bar .widget-toggle-button", has_text="Settings").click()  # (its form made now, showing
    root.locator(".comet-settings").wait_for(state="visible")                      # the match's seed)
    seed = root.locator(".widget-text input").first.input_value()
    after = double_click_once(page, root.locator(".comet-play-new"))
    new_seed = root.locator(".widget-text input").first.input_value()
    assert new_seed != seed and f"deal number {int(new_seed):,}." in after["message"], (seed, new_seed, after["message"])
    watch.assert_quiet()


def test_keyboard_and_a_card_you_may_not_play(page: Any, served: Served) -> None:
    """Your hand is buttons: Tab reaches a raised card (its focus visible) and Enter plays it; a dimmed
    card is focusable too, and touching it says why it cannot be played. The bots' plays then come
    one after another, the root carrying comet-busy meanwhile."""
    watch = _open(page, served.page_url("modern", "players=3&seed=1"))
    root = page.locator(".comet-play")
    state = page_state(page)
    assert state is not None
    dim = root.locator(".comet-card-dim .widget-button")
    assert dim.count() > 0 and not dim.first.is_disabled()
    dim.first.click()
    page.wait_for_function(f"() => !document.querySelector('.comet-play').classList.contains('comet-seq-{state['seq']}')")
    after = page_state(page)
    assert after is not None and after["error"] and "The run needs" in after["message"], after["message"]
    page.evaluate("""() => { const root = document.querySelector('.comet-play'); window.cometBusySeen = false;
        new MutationObserver(() => { if (root.classList.contains('comet-busy')) window.cometBusySeen = true; })
            .observe(root, {attributes: true}); }""")
    for _ in range(12):  # keyboard: Tab from the first card of the hand to the first raised one, then Enter
        state = page_state(page)
        assert state is not None
        if not state["buttons"] and not state["pass"]:
            break
        root.locator(".comet-card-slot .widget-button").first.focus()
        target = "comet-play-buttons" if state["buttons"] else "comet-play-pass"
        for _ in range(30):
            if target in page.evaluate("document.activeElement.className + ' ' + "
                                       "document.activeElement.parentElement.className"):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"Tab never reached {target}")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        page.keyboard.press("Enter" if state["buttons"] else "Space")
        page.wait_for_function(f"() => !document.querySelector('.comet-play').classList.contains("
                               f"'comet-seq-{state['seq']}')")
        after = page_state(page)
        assert after is not None and after["message"].startswith(("You played", "You passed")), after["message"]
        assert "comet-busy" not in (root.get_attribute("class") or "")  # (the message comes when they are done)
        if page.evaluate("window.cometBusySeen"):
            break
    assert page.evaluate("window.cometBusySeen"), "the bots' plays were never drawn one after another"
    watch.assert_quiet()
