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

**On a real network** (issue 29): a cold visit of ``play/modern.html`` under Chromium's network
emulation (CDP ``Network.emulateNetworkConditions``, on the page and on its Web Worker, whose
fetches of Python the page's conditions do not reach), for a fast mobile network (10 Mbit/s down,
40 ms) and a slow one (1.6 Mbit/s, 150 ms): bytes on the wire, time to the table's snapshot
(first contentful paint: the table is in the page's HTML), time to a clickable live table, and
what the loading note showed meanwhile (its progress bar's values); then a returning visit in
the same profile (bytes on the wire: nothing big again). Targets: on the fast profile snapshot
≤ 1.5 s, clickable ≤ 8 s, ≤ 8 MB on the wire; on the slow one snapshot ≤ 3 s, the loading note
with its progress. Appends to ``bench/history/static-network.csv``, writes the "Static pages on
a real network" section.

The site is served by ``tools/serve.py``'s ``StaticSiteHandler``: the build's precompressed
copies (brotli, gzip) as ``Accept-Encoding`` allows, content-named files cacheable for good, the
rest revalidated, as the README asks of a static host.
"""

from __future__ import annotations

import csv
import functools
import http.server
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

from bench._report import write_section  # run from the checkout: python -m bench.static
from bench.pages import TIMED_CLICK_JS, pct
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
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


def _serve_module() -> Any:
    spec = importlib.util.spec_from_file_location("comet_serve_bench", ROOT / "tools" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    """The built site on a free port, as a good static host serves it (precompressed copies)."""
    handler = functools.partial(_serve_module().StaticSiteHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def wire_bytes(request: Any) -> int:
    """Bytes of a finished request's response on the wire (headers and encoded body); 0 when it
    came from the browser's cache."""
    try:
        sizes = request.sizes()
    except PlaywrightError:  # (a request that failed or was cancelled)
        return 0
    return int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))


SNAPSHOT_KEPT_JS = "async () => (await (await caches.open('comet-python')).keys()).length"


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


NETWORK_HISTORY = ROOT / "bench" / "history" / "static-network.csv"
NETWORK_FIELDS = ["date", "commit", "load", "profile", "wire_mb", "snapshot_s", "clickable_s", "progress",
                  "worker_throttled", "returning_wire_kb", "returning_clickable_s"]
PROFILES = {
    "fast mobile (10 Mbit/s, 40 ms)": {"latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8},
    "slow mobile (1.6 Mbit/s, 150 ms)": {"latency": 150, "downloadThroughput": 1.6e6 / 8,
                                          "uploadThroughput": 0.75e6 / 8},
}
"""Chromium's network emulation (CDP ``Network.emulateNetworkConditions``; throughputs in bytes/s)."""
FIRST_PAINT_JS = "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime / 1000"
PROGRESS_JS = "(() => { const b = document.querySelector('.comet-live-progress'); return b ? b.value : null; })()"


def emulate(context: Any, page: Any, conditions: dict[str, float]) -> Any:
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    return session


def network_visit(context: Any, url: str, conditions: dict[str, float]) -> dict[str, Any]:
    """One visit of ``url`` under ``conditions``: bytes on the wire, first paint, clickable, the
    progress bar's values (sampled every half second), and whether the worker's fetch of the
    WebAssembly took as long as the emulated network says (if not, its fetches were not slowed)."""
    page = context.new_page()
    emulate(context, page, conditions)
    finished: list[Any] = []
    page.on("requestfinished", lambda r: finished.append(r))
    page.goto(url, wait_until="commit")
    progress: list[int] = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 240:
        try:
            page.wait_for_selector(LIVE_CLICKABLE, timeout=500)
            break
        except PlaywrightTimeoutError:  # (not yet)
            value = page.evaluate(PROGRESS_JS)
            if value is not None and (not progress or value != progress[-1]):
                progress.append(int(value))
    clickable = page.evaluate("performance.now() / 1000")
    snapshot = page.evaluate(FIRST_PAINT_JS)
    has_snapshot = page.evaluate("!!document.querySelector('.comet-live-slot')")
    wire = sum(wire_bytes(r) for r in finished)
    throttled = None
    for r in finished:
        if r.url.endswith(".wasm"):
            timing, size = r.timing, wire_bytes(r)
            seconds = (timing["responseEnd"] - timing["requestStart"]) / 1000
            throttled = seconds >= 0.8 * size / conditions["downloadThroughput"]
    fetches = {r.url.rsplit("/", 1)[-1].split("?")[0]: round(r.timing["responseEnd"] / 1000 + r.timing["startTime"] / 1000
                                                             - page.evaluate("performance.timeOrigin") / 1000, 2)
               for r in finished if r.timing["responseEnd"] > 0}
    return {"page": page, "wire": wire, "snapshot": snapshot, "clickable": clickable, "progress": progress,
            "throttled": throttled, "has_snapshot": has_snapshot, "times": page.evaluate("window.cometLiveTimes"),
            "fetches": fetches}


def network(p: Any, base: str) -> list[dict[str, str]]:
    rows = []
    for name, conditions in PROFILES.items():
        with tempfile.TemporaryDirectory() as profile:
            context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS)
            cold = network_visit(context, base + PAGE, conditions)
            wait_for_snapshot(cold["page"], 120)
            cold["page"].close()
            again = network_visit(context, base + PAGE, conditions)
            again["page"].close()
            context.close()
        rows.append({
            "date": time.strftime("%Y-%m-%d %H:%M"), "commit": commit(), "load": f"{os.getloadavg()[0]:.1f}",
            "profile": name, "wire_mb": f"{cold['wire'] / 1e6:.2f}", "snapshot_s": f"{cold['snapshot']:.2f}",
            "clickable_s": f"{cold['clickable']:.2f}",
            "progress": "/".join(str(v) for v in cold["progress"][:1] + cold["progress"][-1:]) or "none",
            "worker_throttled": {True: "yes", False: "no", None: "?"}[cold["throttled"]],
            "returning_wire_kb": f"{again['wire'] / 1e3:.0f}", "returning_clickable_s": f"{again['clickable']:.2f}",
        })
        print(rows[-1], "progress values:", cold["progress"], "worker's times (ms):", cold["times"],
              "responses done (s):", cold["fetches"], flush=True)
    return rows


def record_network(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    new = not NETWORK_HISTORY.exists()
    with NETWORK_HISTORY.open("a", newline="") as f:
        writer = csv.DictWriter(f, NETWORK_FIELDS)
        if new:
            writer.writeheader()
        writer.writerows(rows)
    with NETWORK_HISTORY.open(newline="") as f:
        return list(csv.DictReader(f))


def network_section(rows: list[dict[str, str]], history: list[dict[str, str]]) -> str:
    def mark(value: float, target: float) -> str:
        return "met" if value <= target else f"not met (+{value - target:.2f})"

    fast, slow = rows[0], rows[1]
    lines = [
        "`python bench/static.py` (also `--network` alone): a cold visit of `play/modern.html` in a new browser "
        "profile under Chromium's network emulation, the site served with its precompressed copies (brotli) by "
        "`tools/serve.py`'s `StaticSiteHandler`, then a returning visit in the same profile. The snapshot is the "
        "first contentful paint (the table is in the page's HTML); clickable is a card of the live table enabled. "
        f"Load average {fast['load']} (2 cores).",
        "",
        "| profile | on the wire (cold) | snapshot | clickable | progress bar (first/last value seen) | "
        "worker's fetches slowed | returning: on the wire, clickable |",
        "|---|---:|---:|---:|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['profile']} | {r['wire_mb']} MB | {r['snapshot_s']} s | {r['clickable_s']} s | "
                     f"{r['progress']} % | {r['worker_throttled']} | {r['returning_wire_kb']} KB, "
                     f"{r['returning_clickable_s']} s |")
    lines += [
        "",
        "| target (issue 29) | measured | |",
        "|---|---:|---|",
        f"| fast: snapshot ≤ 1.5 s | {fast['snapshot_s']} s | {mark(float(fast['snapshot_s']), 1.5)} |",
        f"| fast: clickable ≤ 8 s | {fast['clickable_s']} s | {mark(float(fast['clickable_s']), 8)} |",
        f"| fast: ≤ 8 MB on the wire | {fast['wire_mb']} MB | {mark(float(fast['wire_mb']), 8)} |",
        f"| slow: snapshot ≤ 3 s | {slow['snapshot_s']} s | {mark(float(slow['snapshot_s']), 3)} |",
        f"| slow: the note says the engine is loading, with its progress | {slow['progress']} % | "
        f"{'met' if slow['progress'] != 'none' else 'not met'} |",
        "",
        "Every run (`bench/history/static-network.csv`, newest last):",
        "",
        "| date | commit | load | profile | wire | snapshot | clickable | progress | worker slowed | returning |",
        "|---|---|---:|---|---:|---:|---:|---|---|---|",
    ]
    for h in history:
        lines.append(f"| {h['date']} | {h['commit']} | {h['load']} | {h['profile']} | {h['wire_mb']} MB | "
                     f"{h['snapshot_s']} s | {h['clickable_s']} s | {h['progress']} | {h['worker_throttled']} | "
                     f"{h['returning_wire_kb']} KB, {h['returning_clickable_s']} s |")
    return "\n".join(lines)


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


def main() -> None:
    if not (SITE / "play" / "modern.html").is_file():
        sys.exit(f"{SITE}/play/modern.html is missing: run `make book` first")
    server, base = serve()
    with sync_playwright() as p:
        rows = network(p, base)
    history_rows = record_network(rows)
    body = network_section(rows, history_rows)
    print(body)
    write_section("static-network", "Static pages on a real network", body)
    if "--network" in sys.argv[1:]:
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
