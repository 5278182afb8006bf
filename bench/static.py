"""The static site's live pages: Python (Pyodide) in the reader's browser, no server but files.

Serves the built book (``_build/html``, from ``make book``) with a plain static file server on a
free port of 127.0.0.1 and drives Debian's headless Chromium with Playwright:

* **cold first visit** (a new browser profile: nothing cached) and **returning visitor** (the
  same profile again: scripts, the wasm module and its compiled code cached, and the memory
  snapshot of Python that the first visit kept once its table was drawn): from ``page.goto`` to
  a clickable live table on ``play/modern.html`` (Python loaded, the page's cell run, a card
  button of the live table enabled);
* **click latency**: from ``button.click()`` to the table's ``comet-seq-N`` class changing (the
  click handled in Python and every update drawn, the bots' replies included), a whole deal with
  greedy bots and one with search-fast bots;
* **a book demo steps**: from the navigation's start to the step-through of the modern chapter
  answering its Next button from its saved frames (before Python is there);
* **bytes**: what the live pages add to the site (the Pyodide core, the wheels, the site's Python
  zip, the scripts and the play pages) and what one cold visit of a play page downloads.

Targets (issue 15): cold first visit ≤ 8 s, returning ≤ 3 s, click p95 ≤ 100 ms (greedy) and
≤ 300 ms (search-fast), the demo steps within 0.5 s. Appends to ``bench/history/static.csv`` and
writes the "Static pages" section of ``bench/README.md``, beside the Voilà pages' latest figures.

**On a real network** (issues 29 and 48, ``--network``): both play pages of ``bench/_network.py``
(``play/modern.html``, ``play/learn.html``) under a fast and a slow mobile network's emulation, cold,
returning and offline, with the waterfall of each visit; appends to
``bench/history/static-network.csv`` and writes the "Static pages on a real network" section.
``--smoke``: one cold visit of ``play/modern.html`` on loopback and its waterfall, nothing written
(``tests/browser/test_benches.py`` runs it in the tests' own browser: :func:`smoke`).

The site is served by ``tools/serve.py``'s ``StaticSiteHandler``: the build's precompressed
copies (brotli, gzip) as ``Accept-Encoding`` allows, content-named files cacheable for good, the
rest revalidated, as the README asks of a static host.
"""

from __future__ import annotations

import csv
import functools
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench import _network
from bench._network import SNAPSHOT_KEPT_JS, wire_bytes
from bench._report import write_section  # run from the checkout: python -m bench.static
from bench.pages import TIMED_CLICK_JS, pct
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.load_file import load_file
from tests.browser.play_driver import SEQ_JS, next_action, page_state

ROOT = Path(__file__).resolve().parent.parent

SITE = ROOT / "_build" / "html"
ROUNDS = int(os.environ.get("COMET_BENCH_ROUNDS", "3"))
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PAGE = "play/modern.html?seed=1"
LIVE_CLICKABLE = ".comet-live-view .comet-play-buttons .widget-button:not([disabled])"
HISTORY = ROOT / "bench" / "history" / "static.csv"
FIELDS = ["date", "commit", "load", "cold_median", "returning_median", "click_p95_greedy",
          "click_p95_search_fast", "demo_steps_s", "site_mb", "page_mb"]
VOILA_HISTORY = ROOT / "bench" / "history" / "pages.csv"
NETWORK_HISTORY = ROOT / "bench" / "history" / "static-network.csv"


def _serve_module() -> Any:
    """``tools/serve.py`` (not a package's module), registered in ``sys.modules`` as the tests
    register it: its dataclasses look their module up there."""
    return load_file("tools/serve.py", "comet_serve")


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    """The built site on a free port, as a good static host serves it (precompressed copies)."""
    handler = functools.partial(_serve_module().StaticSiteHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def wait_for_snapshot(page: Any, seconds: float = 30.0) -> None:
    """Wait (at most ``seconds``) until the visit's worker has kept Python's memory snapshot (it
    does so once the page is drawn, as a reader reads it)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds and not page.evaluate(SNAPSHOT_KEPT_JS):
        page.wait_for_timeout(100)


def clickable(context: Any, url: str, fetched: list[int] | None = None) -> tuple[float, Any]:
    page = context.new_page()
    if fetched is not None:
        page.on("requestfinished", lambda r: fetched.append(wire_bytes(r)))
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(LIVE_CLICKABLE, timeout=180_000)
    return time.perf_counter() - t0, page


DRAWN_CLICK_JS = TIMED_CLICK_JS.replace(
    "if (seq() !== before) {", "if (seq() !== before || root.classList.contains('comet-busy')) {")
"""Like :data:`bench.pages.TIMED_CLICK_JS`, but answered as soon as the table is redrawn with your
play: the page then draws the bots' replies one after another, ``BOT_DELAY`` apart, on purpose."""


def latencies(page: Any) -> list[float]:
    """Click through a whole deal; milliseconds from each click to the table drawn with it."""
    out: list[float] = []
    for _ in range(500):
        state = page_state(page)
        assert state is not None
        if state["over"]:  # (the settlement overlay is shown)
            return out
        action = next_action(state)
        assert action is not None, state["table"][:300]
        seq = page.evaluate(SEQ_JS)
        ms = page.evaluate(DRAWN_CLICK_JS, action)
        assert ms >= 0, "a click got no answer in 20 s"
        out.append(ms)
        # the bots' replies are drawn one by one: the next click waits for the message after them
        page.wait_for_function(f"() => ({SEQ_JS})() > {seq}")
    raise AssertionError("the deal did not end in 500 clicks")


DRAWN_JS = """(() => { new MutationObserver((changes, observer) => {
  if (document.querySelector('.comet-step-ready')) { window.cometDemoDrawn = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true}); })();"""
"""Notes when the demo's stepping controls are wired to its saved frames (``comet-step-ready``)."""


def demo_steps(context: Any, base: str) -> tuple[float, float]:
    """Seconds from the page's load event until the modern chapter's demo has stepped once (a click
    driven by Playwright as soon as the controls are wired, its round trips included), and until
    its controls were wired (0 when before the load event)."""
    page = context.new_page()
    page.add_init_script(DRAWN_JS)
    page.goto(base + "book/rules/modern.html", wait_until="commit")
    page.wait_for_selector(".comet-step.comet-step-ready", timeout=60_000)
    before = page.locator(".comet-step-caption").first.inner_text()
    page.locator(".comet-step .comet-step-next").first.click()
    page.wait_for_function("(b) => document.querySelector('.comet-step-caption').innerText !== b", arg=before)
    seconds, drawn = page.evaluate(
        "[performance.now(), window.cometDemoDrawn].map((t) => "
        "Math.max(0, t - performance.getEntriesByType('navigation')[0].loadEventEnd) / 1000)")
    page.close()
    return seconds, drawn


def site_bytes() -> int:
    """The live pages' files as they lie (not their precompressed ``.br``/``.gz`` copies)."""
    files = [*(SITE / "_static" / "live").rglob("*"), *(SITE / "play").rglob("*")]
    return sum(p.stat().st_size for p in files if p.is_file() and p.suffix not in (".br", ".gz"))


def commit() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return out.stdout.strip() + ("+" if dirty else "")


def record(row: dict[str, str]) -> list[dict[str, str]]:
    new = not HISTORY.exists()
    HISTORY.parent.mkdir(parents=True, exist_ok=True)
    with HISTORY.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)
    with HISTORY.open(newline="") as f:
        return list(csv.DictReader(f))


def voila_latest() -> dict[str, str] | None:
    if not VOILA_HISTORY.exists():
        return None
    with VOILA_HISTORY.open(newline="") as f:
        rows = list(csv.DictReader(f))
    return rows[-1] if rows else None


def network(base: str) -> None:
    """Both pages on both profiles (bench/_network.py): printed, recorded, written to the README."""
    load = os.getloadavg()[0]
    with sync_playwright() as p, tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profiles:
        visits = _network.run(_network.persistent_contexts(p, CHROMIUM, ARGS, profiles), base, _network.PAGES,
                              _network.PROFILES)
    history = _network.record(NETWORK_HISTORY, _network.rows_of(visits, time.strftime("%Y-%m-%d %H:%M"), commit(), load))
    body = _network.section(visits, history, load)
    print(body)
    write_section("static-network", "Static pages on a real network", body)


def smoke(browser: Any) -> list[str]:
    """One cold visit of the modern table on loopback, in a new context of ``browser``: its waterfall
    (nothing written)."""
    server, base = serve()
    try:
        visits = _network.run(lambda: browser.new_context(), base, _network.PAGES[:1],
                              {"loopback": ("loopback", _network.LOOPBACK)}, returning=False, timeout=120)
    finally:
        server.shutdown()
    rows = _network.waterfall(visits[0])
    print("\n".join(rows))
    return rows


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not (SITE / "play" / "modern.html").is_file():
        sys.exit(f"{SITE}/play/modern.html is missing: run `make book` first")
    if "--smoke" in args:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            smoke(browser)
            browser.close()
        return
    server, base = serve()
    network(base)
    if "--network" in args:
        server.shutdown()
        return
    load = os.getloadavg()[0]
    cold: list[float] = []
    warm: list[float] = []
    fetched: list[int] = []
    demos: list[tuple[float, float]] = []
    with sync_playwright() as p:
        for i in range(ROUNDS):
            with tempfile.TemporaryDirectory() as profile:
                context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS)
                seconds, page = clickable(context, base + PAGE, fetched if i == 0 else None)
                cold.append(seconds)
                wait_for_snapshot(page)
                page.close()
                seconds, page = clickable(context, base + PAGE)
                warm.append(seconds)
                if i == 0:
                    greedy = latencies(page)
                    page.close()
                    _, page = clickable(context, base + "play/modern.html?seed=1&bot=search-fast")
                    search = latencies(page)
                page.close()
                demos.append(demo_steps(context, base))
                context.close()
    server.shutdown()
    demo = statistics.median(d for d, _ in demos)
    drawn = statistics.median(w for _, w in demos)
    page_mb = sum(fetched) / 1e6
    site_mb = site_bytes() / 1e6
    row = {
        "date": time.strftime("%Y-%m-%d %H:%M"), "commit": commit(), "load": f"{load:.1f}",
        "cold_median": f"{statistics.median(cold):.2f}", "returning_median": f"{statistics.median(warm):.2f}",
        "click_p95_greedy": f"{pct(greedy, 0.95):.0f}", "click_p95_search_fast": f"{pct(search, 0.95):.0f}",
        "demo_steps_s": f"{demo:.2f}", "site_mb": f"{site_mb:.1f}", "page_mb": f"{page_mb:.1f}",
    }
    history = record(row)
    voila = voila_latest()

    def verdict(value: float, target: float) -> str:
        return "met" if value <= target else "not met"

    cold_m, warm_m = statistics.median(cold), statistics.median(warm)
    lines = [
        "`python -m bench.static` serves the built site (`_build/html`) with a plain static file server and "
        f"drives headless Chromium; {ROUNDS} rounds, each with a new browser profile. Load average when timing "
        f"began: {load:.1f} (2 cores).",
        "",
        "| measure | this run | target | |",
        "|---|---:|---:|---|",
        f"| cold first visit to a clickable table (median; max) | {cold_m:.2f} s; {max(cold):.2f} s | ≤ 8 s | "
        f"{verdict(cold_m, 8)} |",
        f"| returning visitor (median) | {warm_m:.2f} s | ≤ 3 s | {verdict(warm_m, 3)} |",
        f"| click to the table drawn with your play, greedy bots (p95 of {len(greedy)}) | {pct(greedy, 0.95):.0f} ms | ≤ 100 ms | "
        f"{verdict(pct(greedy, 0.95), 100)} |",
        f"| the same, search-fast bots (p95 of {len(search)}) | {pct(search, 0.95):.0f} ms | ≤ 300 ms | "
        f"{verdict(pct(search, 0.95), 300)} |",
        f"| a book demo steps, after the page's load event (median; max) | {demo:.2f} s; "
        f"{max(d for d, _ in demos):.2f} s | ≤ 0.5 s | {verdict(demo, 0.5)} |",
        f"| ... of which until its controls answer (median; 0: before the load event) | {drawn:.2f} s | | |",
        f"| bytes the live pages add to the site (as they lie, without the compressed copies) | {site_mb:.1f} MB | | |",
        f"| bytes a cold visit of a play page downloads | {page_mb:.1f} MB | | |",
    ]
    lines += ["", "The returning visit starts Python from the memory snapshot the cold visit kept (README, \"Python "
              "in the reader's browser\"). A book demo's snapshot is written into the page as HTML when the book is "
              "built (`bookkit/snapshot.py`), so its controls step through the saved frames before the page's load "
              "event; what the measure adds is the click, driven through Playwright. A book page loads the widget "
              "manager (3.6 MB of scripts) only once Python is ready, so its start never holds up a reader's click."]
    if voila:
        lines += ["", f"The Voilà pages' latest figures (`bench/history/pages.csv`, {voila['date']}, {voila['commit']}): "
                  f"first visit {voila['first_median']} s, returning {voila['returning_median']} s, "
                  f"click p95 {voila['click_p95']} ms, on a server with pre-heated kernels (about 100 MB per visitor)."]
    lines += ["", "Every run (`bench/history/static.csv`, newest last):", "",
              "| date | commit | load | cold | returning | click p95 greedy | click p95 search-fast | demo steps | site | page |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for h in history:
        lines.append(f"| {h['date']} | {h['commit']} | {h['load']} | {h['cold_median']} s | {h['returning_median']} s | "
                     f"{h['click_p95_greedy']} ms | {h['click_p95_search_fast']} ms | {h['demo_steps_s']} s | "
                     f"{h['site_mb']} MB | {h['page_mb']} MB |")
    body = "\n".join(lines)
    print(body)
    write_section("static", "Static pages: Python in the browser", body)


if __name__ == "__main__":
    main()
