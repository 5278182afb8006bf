"""Fixtures for tests that drive Debian's headless Chromium through Playwright.

`make test` installs /usr/bin/chromium (`make deps-system`) and builds `_build/html` before
pytest runs. Run by hand, a missing browser or book skips these tests with a message; in
CI (CI=true) it fails them instead, so a broken set-up cannot pass as green.

`make test` runs these tests in parallel processes (pytest-xdist, ``--dist loadgroup``): each
process has its own Chromium (``browser``) and its own static server of the one built site
(``book_url``). Tests that use the Voila server (``served``) are sent to one process together
(the ``voila`` group, added here), which starts that server once.

* ``page``: a new page in a new browser context (nothing cached, nothing stored): a first visit.
* ``shared_page``: a new page in the process's one shared context (``shared_context``), whose
  HTTP cache holds the site's files and Pyodide's compiled WebAssembly, and whose Cache Storage
  holds Python's memory snapshot: a returning reader's visit, a few seconds quicker on a page
  that loads Python. For tests that check what a page shows, not how a first visit goes.
"""

from __future__ import annotations

import functools
import http.server
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK_DIR = ROOT / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1"}
BLOCK_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""The test browser resolves no host but 127.0.0.1: no request can leave the machine. (Pages are
watched by listening, not by routing every request through Playwright, which would turn the
browser's cache off: every page would fetch and compile all its scripts again.)"""
BASELINE_WASM = "--js-flags=--liftoff-only"
"""The tests' Chromium compiles WebAssembly with V8's baseline compiler only (Liftoff): Pyodide's
interpreter is then compiled in about a second, not optimized again in the background (about 4 s of
CPU on every start of Python in a new context); a test's clicks run a little slower. On this machine's
two cores: static site, phone table and languages tests 517 → 414 s of CPU, the lessons 138 → 95, the
browser stage of make test about a sixth less. What a page does is the same; the benches (bench/*.py) keep Chromium's defaults,
since they measure what a reader waits for."""
LAUNCH_ARGS = [*CHROMIUM_ARGS, BLOCK_OTHER_HOSTS, BASELINE_WASM]
"""The tests' Chromium's command line (a browser of a test's own, ``test_app.py``'s, too)."""
# No request may leave 127.0.0.1: the book vendors everything it loads, and the play pages'
# Voila template (tools/jupyter/voila/templates/comet) drops the FontAwesome CDN stylesheets of
# Voila's `lab` template.
STARTUP_TIMEOUT = 150.0
ARTIFACTS = ROOT / "tests" / "browser" / "artifacts"


VOILA_GROUP = "voila"
"""The xdist group of the tests that use the session's Voila server (``served``)."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups (--dist loadgroup)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if "served" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("xdist_group"):
                item.add_marker(pytest.mark.xdist_group(VOILA_GROUP))


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message + " (CI=true: not skipping)")
    pytest.skip(message)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


REDUCED_MOTION = "reduce"
"""The pages of the tests' browser prefer reduced motion: the table's cards and chips do not fly
and the turn's glow does not pulse (the site's own `prefers-reduced-motion` rule, which readers
who ask for it get). What a page does and shows is otherwise the same; the animations' frames
cost about a tenth of the browser tests' CPU. A test of the animations themselves asks for them on
its page: ``page.emulate_media(reduced_motion="no-preference")``."""


SERVICE_WORKERS = "block"
"""The pages of the tests' browser register no service worker (Playwright's ``service_workers``): a
first visit's worker would fetch and keep everything the site precaches, in every new context, for
tests of what a page shows. The tests of the site as an app (``test_app.py``) allow it."""


class TestBrowser:
    """The session's Chromium, whose new contexts and pages prefer reduced motion
    (:data:`REDUCED_MOTION`) and register no service worker (:data:`SERVICE_WORKERS`) unless the
    options say otherwise; otherwise Playwright's ``Browser``."""

    __test__ = False  # (not a test class, for pytest)

    def __init__(self, browser: Any, playwright: Any) -> None:
        self._browser = browser
        self.playwright = playwright

    def new_context(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", REDUCED_MOTION)
        options.setdefault("service_workers", SERVICE_WORKERS)
        return self._browser.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", REDUCED_MOTION)
        options.setdefault("service_workers", SERVICE_WORKERS)
        return self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"{CHROMIUM} is missing: run `make deps-system`")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed: run `make venv`")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield TestBrowser(browser, playwright)
        finally:
            browser.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    """A page that is closed while it downloads resets its connection: not an error of ours."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def book_dir() -> Path:
    if not (BOOK_DIR / "index.html").is_file():
        _missing(f"{BOOK_DIR}/index.html is missing: run `make book` first")
    return BOOK_DIR


@pytest.fixture(scope="session")
def book_url(book_dir: Path) -> Iterator[str]:
    """The built book served on a free port of 127.0.0.1; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(book_dir))
    server = _QuietServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class PageWatch:
    """What a page did: requests to other hosts, failed requests, errors."""

    external: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console_warnings: list[str] = field(default_factory=list)
    aborted: list[tuple[str, int]] = field(default_factory=list)
    navigations: int = 0

    def failures(self) -> list[str]:
        """Failed requests, less those aborted by the browser because their page was left since they were
        made (a redirect page's favicon, a manifest read as the page is left: not the site's failure)."""
        return self.failed + [url for url, made_at in self.aborted if made_at == self.navigations]

    def assert_clean(self) -> None:
        assert not self.external, f"requests left 127.0.0.1: {self.external}"
        assert not self.failures(), f"failed requests: {self.failures()}"
        assert not self.errors, f"page errors: {self.errors}"

    def assert_quiet(self) -> None:
        """Clean, and nothing logged as an error in the console either."""
        self.assert_clean()
        assert not self.console_errors, f"console errors: {self.console_errors}"


def watch_page(page: Any, block: tuple[str, ...] = ()) -> PageWatch:
    """Record a page's traffic. Every request to a host other than 127.0.0.1 is recorded as
    external (the test browser cannot resolve other hosts: it fails there, having left nothing),
    except URLs containing one of `block`, recorded as `blocked` only (known, harmless third-party
    links)."""
    watch = PageWatch()
    made_at: dict[Any, int] = {}

    def on_navigated(frame: Any) -> None:
        if frame == page.main_frame:
            watch.navigations += 1

    def on_request(request: Any) -> None:
        made_at[request] = watch.navigations
        url = request.url
        host = urlparse(url).hostname
        if url.startswith(("data:", "blob:", "about:")) or host in LOCAL_HOSTS:
            return
        if any(pattern in url for pattern in block):
            watch.blocked.append(url)
        else:
            watch.external.append(url)

    def on_failed(request: Any) -> None:
        url = request.url
        if url in watch.blocked or url in watch.external:
            return
        if "/voila/api/shutdown/" in url and "ERR_ABORTED" in str(request.failure):
            return  # a Voila page that is left (reloaded) aborts its own kernel-shutdown request
        if "ERR_ABORTED" in str(request.failure):
            watch.aborted.append((f"{url}: {request.failure}", made_at.get(request, watch.navigations)))
            return  # a failure unless the page is left after (judged at the check: the two events race)
        watch.failed.append(f"{url}: {request.failure}")

    def on_response(response: Any) -> None:
        if "/voila/api/shutdown/" in response.url:
            return  # a page being left asks Voila to shut its kernel down; refused if already gone
        if response.status >= 400:
            watch.failed.append(f"{response.url}: HTTP {response.status}")

    page.on("framenavigated", on_navigated)
    page.on("request", on_request)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    def on_console(message: Any) -> None:
        if message.type == "error":
            watch.console_errors.append(message.text)
        elif message.type == "warning":
            watch.console_warnings.append(message.text)

    page.on("console", on_console)
    return watch


VIEWPORT = {"width": 1280, "height": 900}


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A page in a context of its own: nothing cached or stored, as on a first visit."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(90_000)  # generous: CI's two cores may be busy with kernels
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="session")
def shared_context(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One browser context for the whole session (of this process): what one test's pages
    fetched, compiled (Pyodide's WebAssembly) and kept (Python's memory snapshot, local storage)
    is there for the next, as for a reader who comes back. A profile on disk (a second Chromium,
    Playwright's persistent context), as a reader's browser has: Chromium keeps the WebAssembly it
    compiled in its code cache there, which the contexts of ``browser.new_context()`` (kept in memory,
    as a private window) never do: a page's start of Python costs about 4.5 s of CPU in it, 7 s in a
    shared private context, 11 s in a new one."""
    context = browser.playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, args=LAUNCH_ARGS, viewport=VIEWPORT,
        reduced_motion=REDUCED_MOTION, service_workers=SERVICE_WORKERS)
    try:
        yield context
    finally:
        context.close()


SNAPSHOT_KEPT_JS = """async () => {
  const cache = await caches.open("comet-python");
  return (await cache.keys()).map((r) => r.url);
}"""
"""The keys of the Python memory snapshots a context keeps (live-worker.js: one per build)."""


@pytest.fixture(scope="session")
def python_snapshot_kept(shared_context: Any, book_url: str) -> None:
    """:func:`shared_context` as a returning reader's: a play page visited once, until the worker has
    kept Python's memory snapshot (after the page is drawn: compressing it takes a moment), so that
    every later page of the context starts Python from it, as a returning reader's does, rather than
    each making one again (a page left before its snapshot is kept makes it for nothing): about 4 s of
    CPU less per page. (The first visit's own path is ``test_static_site``'s returning-reader test's.)"""
    page = shared_context.new_page()
    try:
        page.goto(f"{book_url}play/modern.html?seed=1")
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=180_000)
        for _ in range(240):
            if page.evaluate(SNAPSHOT_KEPT_JS):
                return
            page.wait_for_timeout(500)
        pytest.fail("the play page's Python kept no memory snapshot within 120 s")
    finally:
        page.close()


@pytest.fixture()
def shared_page(shared_context: Any) -> Iterator[Any]:
    """A new page (1280 x 900) in :func:`shared_context`, closed after the test."""
    page = shared_context.new_page()
    page.set_default_timeout(90_000)
    try:
        yield page
    finally:
        page.close()


# --------------------------------------------------------------------------- Voila
@dataclass
class Served:
    process: subprocess.Popen[str]
    book_url: str
    play_url: str
    play_port: int
    output: list[str]
    room_url: str = ""

    def page_url(self, name: str, query: str = "") -> str:
        return f"{self.play_url}voila/render/{name}.ipynb" + (f"?{query}" if query else "")


def _reader(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def start_serve(book: Path, pool_size: int = 1, fill_delay: float | None = 0, log: Path | None = None,
                idle_cut: float | None = None, extra_env: dict[str, str] | None = None) -> Served:
    """Run tools/serve.py on free ports of 127.0.0.1 (its own process group) until it prints
    its `Book:`, `Play:` and `Rooms:` lines. Its log (stderr: Voila's and the kernels') goes to ``log``.
    ``fill_delay=None``: the server's own (``tools/serve.py``'s ``FILL_DELAY``). The guard's options
    are the server's defaults, but for the limit of new kernels per address, off (every visitor of
    the tests comes from 127.0.0.1); ``extra_env`` sets them (``COMET_MAX_KERNELS``...)."""
    book_port = free_port()
    play_port = free_port()
    while play_port == book_port:
        play_port = free_port()
    room_port = free_port()
    while room_port in (book_port, play_port):
        room_port = free_port()
    env = dict(os.environ)
    env.update(
        COMET_BOOK_PORT=str(book_port),
        COMET_PLAY_PORT=str(play_port),
        COMET_ROOM_PORT=str(room_port),
        COMET_ROOM_STORE=":memory:",
        COMET_BOOK_DIR=str(book),
        COMET_VOILA_POOL_SIZE=str(pool_size),
        PYTHONUNBUFFERED="1",
    )
    env.pop("COMET_VOILA_FILL_DELAY", None)
    for name in ("COMET_MAX_KERNELS", "COMET_CONNECT_TIMEOUT", "COMET_TRUSTED_PROXIES"):
        env.pop(name, None)
    env["COMET_KERNELS_PER_ADDRESS"] = "0"
    if fill_delay is not None:
        env["COMET_VOILA_FILL_DELAY"] = str(fill_delay)
    if idle_cut is not None:
        env["COMET_VOILA_IDLE_CUT"] = str(idle_cut)
    env.update(extra_env or {})
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py")],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=log.open("wb") if log is not None else subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    got: list[str] = []
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while len(got) < 3:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or process.poll() is not None:
            stop_serve(process)
            pytest.fail(f"tools/serve.py did not start (exit {process.poll()}); printed {got}")
        try:
            got.append(lines.get(timeout=min(remaining, 1.0)).rstrip("\n"))
        except queue.Empty:
            continue
    served = Served(process, f"http://127.0.0.1:{book_port}/", f"http://127.0.0.1:{play_port}/", play_port, got,
                    f"http://127.0.0.1:{room_port}/")
    return served


def stop_serve(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def fake_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    book = tmp_path_factory.mktemp("book")
    (book / "index.html").write_text("<!doctype html><title>book</title><p>book</p>\n")
    return book


def start_play_server(tmp_path_factory: pytest.TempPathFactory, fill_delay: float | None,
                      bot_delay: str | None = None) -> Served:
    """tools/serve.py for the play pages' tests: a kernel pre-heated for every page, a fake book.
    The bots' plays still come one after another (comet-busy), 0.05 s apart rather than the page's
    0.3 s: a test plays whole deals, and the pauses alone would add minutes to the run (``bot_delay``:
    another pace)."""
    delay = os.environ.get("COMET_TEST_BOT_DELAY", "0.05") if bot_delay is None else bot_delay
    return start_serve(fake_book(tmp_path_factory), pool_size=1, fill_delay=fill_delay,
                       extra_env={"COMET_BOT_DELAY": delay})


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """tools/serve.py with every play page pre-heated (one kernel each), for the whole session."""
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"{CHROMIUM} is missing: run `make deps-system`")
    served = start_play_server(tmp_path_factory, fill_delay=0)
    try:
        yield served
    finally:
        stop_serve(served.process)
