"""tools/serve.py: both URLs answer, only the play pages are served, on 127.0.0.1, and
SIGTERM stops everything (Voila and every kernel) within 10 s, visitors or not."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil
import pytest

from .conftest import ROOT, Served, fake_book, start_serve, stop_serve
from .soak import kernels, kernels_among

PAGES = sorted(p.stem for p in (ROOT / "book" / "play").glob("*.ipynb"))


@pytest.fixture()
def page(shared_page: Any) -> Any:
    """The Voila server's pages open in the test process's shared context: Voila's scripts (several MB)
    are fetched and compiled once, not for every test (what a test checks is the page's, not a
    first visit's)."""
    return shared_page


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_book_and_play_answer(served: Served) -> None:
    assert served.output == [f"Book: {served.book_url}", f"Play: {served.play_url}", f"Rooms: {served.room_url}"]
    assert served.book_url.startswith("http://127.0.0.1:") and served.play_url.startswith("http://127.0.0.1:")
    assert _get(served.book_url)[0] == 200
    assert _get(served.play_url)[0] == 200


def test_only_the_play_pages_are_served(served: Served) -> None:
    assert PAGES == ["commit", "drills", "hoc", "learn", "manille", "modern", "new-comet", "puzzles", "replay", "room"]
    status, listing = _get(served.play_url + "voila/api/contents")
    if status == 200:  # the tree's listing API, where it exists, lists only book/play
        names = sorted(item["name"] for item in json.loads(listing).get("content", []))
        assert names == sorted(f"{p}.ipynb" for p in PAGES), names
    for path in ("voila/render/../comet/__init__.py", "voila/files/../../README.md", "voila/render/README.md",
                 "voila/files/comet/__init__.py", "voila/render/%2E%2E/%2E%2E/Makefile", "voila/tree/comet",
                 "api/contents/../../comet", "voila/files/modern.ipynb"):
        status, body = _get(served.play_url + path)
        assert "import comet" not in body and "from widgets" not in body and "PHONY" not in body, path
    # The page itself does not carry its source (strip_sources).
    status, body = _get(served.page_url("hoc"))
    assert status == 200
    assert "play_page" not in body and "website.pages" not in body


def _at_work(processes: list[psutil.Process], window: float) -> list[psutil.Process]:
    """Those of ``processes`` that used more than 1 % of a core over the next ``window`` seconds."""
    for proc in processes:
        try:
            proc.cpu_percent(None)
        except psutil.Error:
            continue
    time.sleep(window)
    busy = []
    for proc in processes:
        try:
            if proc.cpu_percent(None) > 1:
                busy.append(proc)
        except psutil.Error:
            continue
    return busy


def _tagged(tag: str) -> list[psutil.Process]:
    """Every running process whose environment carries ``COMET_TEST_TAG=tag``: serve.py, Voila and
    every kernel they started (a kernel inherits Voila's environment), whoever its parent now is."""
    found = []
    for proc in psutil.process_iter():
        try:
            if proc.environ().get("COMET_TEST_TAG") == tag and proc.status() != psutil.STATUS_ZOMBIE:
                found.append(proc)
        except psutil.Error:
            continue
    return found


def _port_is_free(port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


OWN_SERVER = "voila-own-server"
"""The xdist group of the tests that start a Voila server of their own: one such server at a time
(each pre-heats a kernel for every page), beside the session's."""


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.xdist_group(OWN_SERVER)
def test_sigterm_with_visitors_stops_everything_within_10_s(browser: Any,
                                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    """Issue 29: visitors on the pages (kernels rendering, kernels starting for visitors beyond
    the pre-heated pool of every page), then SIGTERM to the serving tree's process group: within
    10 s tools/serve.py has exited 0, no process of the tree is left (found by an environment tag,
    whoever their parent), both ports are free, Voila said it shut kernels down (or serve that it
    stopped those left after its grace: a final run at load 50 took that path) and the log shows
    no traceback (the kernels' own, from being stopped mid-wait, are left out by
    serve.forward_output). serve.py runs in a session of its own, Voila and each kernel in
    theirs: the group is serve.py alone, so this is also "SIGTERM to the command" (the test of
    that, with the pre-heated kernels only, is merged into this one)."""
    import uuid

    tag = uuid.uuid4().hex
    log = tmp_path_factory.mktemp("serve-load") / "serve.log"
    served = start_serve(fake_book(tmp_path_factory), pool_size=1, fill_delay=0, log=log,
                         extra_env={"COMET_TEST_TAG": tag})
    book_port = int(served.book_url.rstrip("/").rsplit(":", 1)[1])
    context = browser.new_context()
    try:
        first = context.new_page()
        first.goto(served.page_url("modern", "seed=3"), wait_until="commit")
        first.locator(".comet-play .comet-play-buttons .widget-button:visible").first.wait_for(
            state="visible", timeout=90_000)
        first.locator(".comet-play .comet-play-buttons .widget-button:visible").first.click()  # bots play
        for i, name in enumerate(["hoc", "manille", "modern", "commit", "modern", "hoc"]):
            # beyond the pool of one kernel a page: kernels are started for them, pages render
            context.new_page().goto(served.page_url(name, f"seed={10 + i}"), wait_until="commit")
        deadline = time.monotonic() + 30
        while len(kernels_among(_tagged(tag))) < 10:
            assert time.monotonic() < deadline, "the visitors' kernels never started"
            time.sleep(0.2)
        # One more visitor beyond the pool (a kernel starts for it), and the signal as soon as a
        # kernel is seen at work: a pre-heated kernel is idle within a second of its start.
        context.new_page().goto(served.page_url("commit", "seed=20"), wait_until="commit")
        deadline = time.monotonic() + 30
        busy: list[psutil.Process] = []
        up: list[psutil.Process] = []
        while not busy or len(up) < len(PAGES) + 2:
            # (the last visitor's kernel up too: a kernel already there can be the one seen at work)
            assert time.monotonic() < deadline, (f"no kernel was seen at work before the signal, or fewer than "
                                                 f"{len(PAGES) + 2} kernels were up: {len(up)}")
            up = kernels_among(_tagged(tag))
            busy = _at_work(up, window=0.1)
        tree = _tagged(tag)
        started = time.monotonic()
        os.killpg(served.process.pid, signal.SIGTERM)
        assert served.process.wait(10) == 0
        gone, alive = psutil.wait_procs(tree, timeout=max(0.1, 10 - (time.monotonic() - started)))
        left = _tagged(tag)
        assert not alive and not left, f"still running 10 s after SIGTERM: {[p.cmdline() for p in alive + left]}"
        assert time.monotonic() - started <= 10.5
        assert _port_is_free(served.play_port) and _port_is_free(book_port), "a port is still bound"
        text = log.read_text()
        # Voila shuts its kernels down itself ("Kernel shutdown"), or, if it has not within serve's
        # grace (busy kernels on a loaded machine), serve says it stops what is left; no traceback.
        assert "Handle signal 15" in text, text[-3000:]
        assert "Kernel shutdown" in text or "serve: Voila had not stopped its kernels" in text, text[-3000:]
        assert "Traceback" not in text, text[-3000:]
        assert len(up) >= len(PAGES) + 2, "not every page's kernel and the visitors' were up"
    finally:
        context.close()
        stop_serve(served.process)


def test_book_dir_missing_is_a_clear_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = dict(os.environ, COMET_BOOK_DIR=str(tmp_path / "nothing"))
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "serve.py")], env=env, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 2
    assert "make book" in result.stderr


# --------------------------------------------------------------------------- our pages (issue 16)
def test_root_is_a_landing_page_of_the_games(page: Any, served: Served) -> None:
    """Voila's root was a list of .ipynb names built by JupyterLab scripts (console errors, a CDN):
    now the games, with their periods and players, linked to their pages; nothing from outside,
    nothing in the console."""
    import comet
    from tests.browser.conftest import ARTIFACTS, watch_page
    from website.landing import FAMILIES, players_words

    watch = watch_page(page)
    response = page.goto(served.play_url)
    assert response is not None and response.status == 200
    assert page.title() == "Play the comet family"
    text = page.inner_text("main")
    for vid in comet.VARIANTS:
        v = comet.VARIANTS[vid]
        assert f"{v.name} ({v.year}), {players_words(v)}" in text
    assert "2 to 2" not in text
    shown = ".comet-lang-version:not([hidden])"  # (the page holds every language; the address's is shown)
    links = page.eval_on_selector_all(f"{shown} a.play", "els => els.map(a => a.getAttribute('href'))")
    assert links == [f"/voila/render/{family}.ipynb" for family in FAMILIES]
    assert page.locator(f"{shown} .family svg").count() == len(FAMILIES)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "play-landing.png"), full_page=True)
    watch.assert_quiet()
    assert not watch.blocked
    # A link leads to a playable table.
    page.locator("a.play").first.click()
    page.locator(".comet-play .comet-play-buttons .widget-button:visible").first.wait_for(state="visible")
    assert page.url.endswith(links[0])


@pytest.mark.parametrize("path", ["nosuch.ipynb", "voila/render/nosuch.ipynb", "voila/tree/nosuch",
                                  "voila/render/../README.md"])
def test_a_wrong_address_gets_a_page_of_ours(page: Any, served: Served, path: str) -> None:
    from tests.browser.conftest import watch_page

    watch = watch_page(page)
    response = page.goto(served.play_url + path)
    assert response is not None and response.status == 404
    assert "No such page" in page.inner_text("h1")
    assert "Back to the games" in page.inner_text("main")
    page.locator(".comet-lang-version:not([hidden]) a", has_text="Back to the games").click()
    page.wait_for_url(served.play_url)
    assert page.title() == "Play the comet family"
    # Nothing from outside, no page error; the only failure is the 404 itself.
    assert not watch.external and not watch.blocked and not watch.errors, (watch.external, watch.errors)
    assert [f for f in watch.failed if "HTTP 404" not in f] == [] and len(watch.failed) == 1, watch.failed
    assert all("404" in e for e in watch.console_errors), watch.console_errors


def test_a_left_page_frees_its_kernel(page: Any, served: Served) -> None:
    """Leaving a page sends Voila's shutdown request with the _xsrf cookie: the kernel is shut down
    within seconds (it was refused with 403 and kept until the cull)."""
    from tests.browser.conftest import watch_page

    watch = watch_page(page)
    shutdowns: list[int] = []
    page.on("response", lambda r: shutdowns.append(r.status) if "/voila/api/shutdown/" in r.url else None)
    page.goto(served.page_url("hoc", "seed=5"), wait_until="commit")
    page.locator(".comet-play .comet-play-buttons .widget-button:visible").first.wait_for(state="visible")
    assert any(c["name"] == "_xsrf" for c in page.context.cookies())
    assert page.title() == "Play Hoc — Comet"  # the notebook's title metadata names the game
    assert 'closest("a.comet-copy-link")' in page.content()  # the template carries page.js
    from .widget_ws import kernel_id

    kid = kernel_id(page.content())
    mine = [p for p in kernels(served.process.pid) if kid in _command_line(p)]
    assert len(mine) == 1
    page.goto(served.play_url)
    gone, alive = psutil.wait_procs(mine, timeout=15)
    assert not alive, "the kernel of the page left is still running"
    assert shutdowns in ([], [204]), shutdowns  # (the browser may not wait for the reply)
    watch.assert_clean()


def _command_line(process: psutil.Process) -> str:
    """``process``'s command line; "" if it has ended meanwhile (another test's page left: its kernel goes)."""
    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


def _command_lines(processes: list[psutil.Process]) -> list[str]:
    """The command lines of ``processes``, those gone meanwhile left out."""
    return [line for line in map(_command_line, processes) if line]


def test_a_visitor_is_handed_a_pre_heated_kernel(served: Served) -> None:
    """The kernel a page's pool has ready goes to the page's next visitor: the kernel in the page
    was running before the request. (tools/play_kernels.py reads Voilà's pools to know whether it
    is ready; were that reading broken, every visitor would wait for a kernel started for them.)"""
    from .widget_ws import kernel_id

    deadline = time.monotonic() + 60
    while len(kernels(served.process.pid)) < len(PAGES):  # every page's pre-heated kernel
        assert time.monotonic() < deadline, "the pools were never filled"
        time.sleep(0.2)
    handed = []
    for name in ("new-comet", "drills", "puzzles"):  # (pages no other test opens on Voilà)
        running = _command_lines(kernels(served.process.pid))  # (read now: a kernel may end before the answer)
        status, body = _get(served.page_url(name, "seed=2"))
        assert status == 200
        handed = [line for line in running if kernel_id(body) in line]
        if handed:
            break
        time.sleep(1)  # (that pool's kernel was not ready yet: the next page's)
    assert handed, "no visitor was handed the pre-heated kernel of their page"


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_voila_page_has_the_sites_bar_and_the_readers_language(page: Any, served: Served) -> None:
    """On Voila too, a play page has the bar back to the book and the games and the language menu,
    in the address's language; <html lang> follows (lang.js in the template)."""
    page.goto(served.page_url("hoc", "seed=5&lang=fr"), wait_until="commit")
    page.locator(".comet-play .comet-play-buttons .widget-button:visible").first.wait_for(state="visible")
    bar = page.locator(".comet-play .comet-site-bar")
    assert "Tous les jeux" in bar.inner_text()
    assert bar.locator("a", has_text="Tous les jeux").get_attribute("href", timeout=5000).endswith("?lang=fr")
    assert page.locator(".comet-play a.comet-lang-link").count() == 4
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.locator(".comet-play .comet-page-title").inner_text() == "Jouer au hoc"


@pytest.mark.xdist_group(OWN_SERVER)
def test_an_idle_game_is_warned_then_cut(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """With a 20 s cut (the default is minutes): the page warns its visitor, then the kernel is
    culled and the page says the game was closed."""
    # No pre-heated kernels (pool 0): the page's kernel is started for it, and culled the same way.
    served = start_serve(fake_book(tmp_path_factory), pool_size=0, fill_delay=0, idle_cut=20)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(served.page_url("modern", "seed=3"), wait_until="commit")
        page.locator(".comet-play .comet-play-buttons .widget-button:visible").first.wait_for(
            state="visible", timeout=90_000)
        from .widget_ws import kernel_id

        kid = kernel_id(page.content())
        mine = [p for p in kernels(served.process.pid) if kid in _command_line(p)]
        assert len(mine) == 1
        page.locator(".comet-play .comet-play-buttons .widget-button:visible").first.click()  # a move
        bar = page.locator(".comet-idle")
        bar.wait_for(state="visible", timeout=30_000)
        assert bar.get_attribute("data-state") == "warning"
        assert "will be closed" in bar.inner_text() and "Make a move to keep it" in bar.inner_text()
        page.wait_for_function("document.querySelector('.comet-idle').dataset.state === 'closed'", timeout=60_000)
        assert "Reload the page to play again" in bar.inner_text()
        gone, alive = psutil.wait_procs(mine, timeout=30)
        assert not alive, "the idle kernel was not culled"
    finally:
        context.close()
        stop_serve(served.process)
