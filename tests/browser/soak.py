"""A class on the playable pages: many visitors in turn, then a burst, then everyone leaves.

Used by the soak test (``test_soak.py``, opt-in: ``COMET_SOAK=1 pytest -m soak tests/browser``) and
by ``bench/pages.py`` (``make bench``), which reports the figures in ``bench/README.md``.

* :func:`sequential_visits`: ``n`` visitors one after the other, each opening a page (the five in
  turn), waiting for a clickable table, playing one card and leaving (the page is navigated away,
  as closing a tab does, so the page sends its shutdown request);
* :func:`burst`: ``n`` visitors opening the same page at once; the seconds each waited for a
  clickable table (and they all leave);
* :func:`settle`: after the last visitor left, how long until the server is back at its pool of
  pre-heated kernels, and its memory then.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import psutil
from playwright.sync_api import Error as PlaywrightError

PAGES = ["hoc", "manille", "new-comet", "modern", "commit"]
CLICKABLE = ".comet-play .comet-play-buttons .widget-button:visible, .comet-play .comet-play-pass:visible"
CLOCK_JS = """(() => {
  // When the table first became clickable, by the page's own clock (ms from its navigation), so
  // that a test polling many busy pages in turn does not add its own delays to their times.
  const check = () => {
    if (window.__cometClickable) return;
    const ok = [...document.querySelectorAll(
      '.comet-play .comet-play-buttons .widget-button, .comet-play .comet-play-pass')].some(b => b.offsetParent !== null);
    if (ok) window.__cometClickable = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})()"""


def clock(context: Any) -> None:
    """Every page of ``context`` records when its table became clickable (``window.__cometClickable``)."""
    context.add_init_script(CLOCK_JS)


def kernels_among(processes: list[psutil.Process]) -> list[psutil.Process]:
    """The Jupyter kernels among ``processes`` (those gone meanwhile left out)."""
    out = []
    for p in processes:
        try:
            if "ipykernel_launcher" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


def kernels(serve_pid: int) -> list[psutil.Process]:
    """The kernels under ``tools/serve.py`` (process ``serve_pid``)."""
    return kernels_among(psutil.Process(serve_pid).children(recursive=True))


def server(serve_pid: int) -> psutil.Process:
    """The Voila server process (tools/play_server.py) under ``tools/serve.py``."""
    for p in psutil.Process(serve_pid).children():
        if "play_server.py" in " ".join(p.cmdline()):
            return p
    raise LookupError("no play server under tools/serve.py")


def leave(page: Any) -> None:
    """What closing a tab does: the page is unloaded (its shutdown request goes out), then closed."""
    try:
        page.goto("about:blank", timeout=20_000)
    finally:
        page.close()


@dataclass
class Visits:
    seconds: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    max_kernels: int = 0


def sequential_visits(context: Any, page_url: Any, serve_pid: int, n: int, first: int = 0) -> Visits:
    """``n`` visitors in turn; ``page_url(name, query)`` gives a page's address. ``first``: how many
    visitors came before (the pages and seeds go on from there)."""
    out = Visits()
    for i in range(first, first + n):
        url = page_url(PAGES[i % len(PAGES)], f"seed={i}")
        page = context.new_page()
        start = time.perf_counter()
        try:
            page.goto(url, wait_until="commit", timeout=60_000)
            page.locator(CLICKABLE).first.wait_for(state="visible", timeout=60_000)
            out.seconds.append(time.perf_counter() - start)
            page.locator(CLICKABLE).first.click()
        except PlaywrightError as error:  # a timeout or a failed navigation: counted and reported
            out.failed.append(f"{url}: {type(error).__name__}")
        out.max_kernels = max(out.max_kernels, len(kernels(serve_pid)))
        leave(page)
    return out


def burst(contexts: list[Any], url_of: Any, n: int, timeout: float = 300.0) -> tuple[list[float], list[str]]:
    """``n`` visitors open pages at once (``url_of(i)``); seconds each waited for a clickable
    table (from its navigation, by its own clock: the contexts must have :func:`clock`), and the
    addresses that gave none within ``timeout``. Every visitor leaves."""
    pages = []
    start = time.perf_counter()
    for i in range(n):
        page = contexts[i % len(contexts)].new_page()
        page.goto(url_of(i), wait_until="commit", timeout=60_000)
        pages.append(page)
    done: dict[int, float] = {}
    while len(done) < n and time.perf_counter() - start < timeout:
        for i, page in enumerate(pages):
            if i not in done:
                try:
                    at = page.evaluate("window.__cometClickable || 0")
                    if at:
                        done[i] = at / 1000
                except PlaywrightError:  # a page still navigating
                    pass
        time.sleep(0.2)
    failed = [url_of(i) for i in range(n) if i not in done]
    for page in pages:
        leave(page)
    return sorted(done.values()), failed


@dataclass
class Settled:
    seconds: float
    kernels: int
    server_rss: int


def settle(serve_pid: int, pool: int, limit: float = 60.0, memory_after: float = 0.0) -> Settled:
    """Wait (up to ``limit`` s) until exactly ``pool`` kernels run; then, ``memory_after`` s later
    (the server gives memory back a while after kernels are freed: tools/play_server.py's
    TRIM_INTERVAL), the server's memory."""
    start = time.perf_counter()
    count = len(kernels(serve_pid))
    while time.perf_counter() - start < limit:
        count = len(kernels(serve_pid))
        if count == pool:
            break
        time.sleep(0.5)
    seconds = time.perf_counter() - start
    time.sleep(memory_after)
    return Settled(seconds, count, server(serve_pid).memory_info().rss)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")
