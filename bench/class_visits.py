"""Playable pages under a class: the next visitor, a burst on one page, and a soak.

Starts ``tools/serve.py`` as ``make serve`` does (two pre-heated kernels per page, refilled 6 s after
use) and drives Debian's headless Chromium (issue 16):

* **the 2nd visitor**: two visitors open the same page 2 s apart; seconds from the 2nd's navigation
  to a clickable table (target ≤ 2 s), several trials, the server idle in between;
* **a burst of 20** visitors opening the same page at once: seconds each waited for a clickable
  table (p50, p95, max), against the same figure for 20 visitors opening a page of the static book
  at once (to its ``load`` event; the book in ``_build/html`` if built, else a one-line page);
* **the soak test** (``tests/browser/test_soak.py``, run here with ``COMET_SOAK=1``): 200 visitors in
  turn and 20 at once, then how fast the server is back at its pool of kernels, and its memory
  (``COMET_BENCH_SOAK=0`` leaves it out: it takes about half an hour).

Writes the "Playable pages under a class" section of ``bench/README.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from bench._report import SMOKE_HELP, write_section  # run from the checkout: python -m bench.class_visits
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, start_serve, stop_serve
from tests.browser.soak import CLICKABLE, PAGES, burst, clock, leave, percentile, settle

ROOT = Path(__file__).resolve().parent.parent

TRIALS = int(os.environ.get("COMET_BENCH_TRIALS", "3"))
BURST = 20
POOL = 2
NOTES = ROOT / "bench" / "history" / "class-notes.md"
"""What earlier runs found, kept under the section this writes (its first line, a title, left out)."""
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def second_visitor(context: Any, url: str) -> tuple[float, float]:
    """Seconds to a clickable table for a visitor, and for another arriving 2 s later on the same
    page (the 1st visitor's time is the reference: what the machine takes for one page). Each is
    read from the page's own clock (``context`` has :func:`tests.browser.soak.clock`), from its
    navigation to its first clickable card, so waiting for one page adds nothing to the other's."""
    first = context.new_page()
    first.goto(url + "&v=1", wait_until="commit")
    time.sleep(2.0)
    second = context.new_page()
    second.goto(url + "&v=2", wait_until="commit")
    times = []
    for page in (second, first):
        try:
            page.locator(CLICKABLE).first.wait_for(state="visible", timeout=90_000)
            page.wait_for_function("() => window.__cometClickable", timeout=10_000)
            times.append(float(page.evaluate("window.__cometClickable")) / 1000)
        except PlaywrightError:  # no table in time: reported as never
            times.append(float("inf"))
    leave(first)
    leave(second)
    return times[1], times[0]


def static_burst(contexts: list[Any], url: str, size: int = BURST) -> list[float]:
    """Seconds to the ``load`` event for ``size`` visitors opening ``url`` at once."""
    pages = []
    start = time.perf_counter()
    for i in range(size):
        page = contexts[i % len(contexts)].new_page()
        page.goto(url, wait_until="commit")
        pages.append(page)
    done: dict[int, float] = {}
    while len(done) < size and time.perf_counter() - start < 120:
        for i, page in enumerate(pages):
            if i not in done and page.evaluate("document.readyState") == "complete":
                done[i] = time.perf_counter() - start
        time.sleep(0.02)
    for page in pages:
        page.close()
    return sorted(done.values())


def run_soak() -> dict[str, Any] | None:
    report = Path(tempfile.mkdtemp(prefix="comet-soak-")) / "soak.json"
    env = dict(os.environ, COMET_SOAK="1", COMET_SOAK_REPORT=str(report))
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-m", "soak",
                             "tests/browser/test_soak.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    print(result.stdout[-3000:], result.stderr[-2000:])
    figures: dict[str, Any] | None = json.loads(report.read_text()) if report.exists() else None
    if figures is not None:
        figures["passed"] = result.returncode == 0
    return figures


def measure(served: Any, browser: Any, trials: int = TRIALS, size: int = BURST, static_page: str = "index.html",
            pause: bool = True) -> dict[str, Any]:
    """Visitors of ``served``'s pages in two new contexts of ``browser``: ``trials`` of the next
    visitor, a burst of ``size`` on one page and on ``static_page`` of the book; with ``pause``, the
    server refills its kernels in between (:func:`smoke` does not wait for that)."""
    contexts = [browser.new_context() for _ in range(2)]
    for c in contexts:
        clock(c)
    pid, pool = served.process.pid, POOL * len(PAGES)
    firsts: list[float] = []
    seconds: list[float] = []
    if pause:
        time.sleep(5)
    start_load = os.getloadavg()[0]
    for t in range(trials):
        one, two = second_visitor(contexts[0], served.page_url(PAGES[t % len(PAGES)], f"seed={t}"))
        firsts.append(one)
        seconds.append(two)
        if pause:
            settle(pid, pool, limit=60)
            time.sleep(8)  # the refilled kernels have run their page
    print("1st visitor:", [f"{s:.2f}" for s in firsts], "2nd visitor:", [f"{s:.2f}" for s in seconds])
    waited, failed = burst(contexts, lambda i: served.page_url("modern", f"seed={200 + i}"), size)
    print(f"burst: p50 {percentile(waited, 0.5):.2f} s, p95 {percentile(waited, 0.95):.2f} s, "
          f"max {max(waited, default=float('nan')):.2f} s, failed {failed}")
    if pause:
        settle(pid, pool, limit=60)
    static = static_burst(contexts, served.book_url + static_page, size)
    for c in contexts:
        c.close()
    return {"firsts": firsts, "seconds": seconds, "waited": waited, "failed": failed, "static": static,
            "start_load": start_load, "size": size}


def smoke(browser: Any, served: Any) -> str:
    """One trial and bursts of two, in ``browser`` against ``served`` (the tests' Voilà server), no
    soak: the section it would write (nothing written)."""
    return report(measure(served, browser, trials=1, size=2, pause=False), None, soak_run=False)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    smoke_run = ap.parse_args(argv).smoke
    book_dir = ROOT / "_build" / "html"
    static_page = "index.html"
    if not (book_dir / "index.html").is_file():
        book_dir = Path(tempfile.mkdtemp(prefix="comet-bench-book-"))
        (book_dir / "index.html").write_text("<!doctype html><title>book</title><p>book</p>\n")
    served = start_serve(book_dir, pool_size=1 if smoke_run else POOL, fill_delay=None)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if smoke_run:
                print(smoke(browser, served))
                return
            settle(served.process.pid, POOL * len(PAGES), limit=180)
            figures = measure(served, browser, static_page=static_page)
            browser.close()
    finally:
        stop_serve(served.process)
    soak_run = os.environ.get("COMET_BENCH_SOAK", "1") != "0"
    write_section("class", "Playable pages under a class", report(figures, run_soak() if soak_run else None, soak_run))


def report(figures: dict[str, Any], soak: dict[str, Any] | None, soak_run: bool) -> str:
    """The "Playable pages under a class" section of bench/README.md."""
    firsts, seconds, waited, failed, static = (figures[k] for k in ("firsts", "seconds", "waited", "failed", "static"))
    start_load, size = figures["start_load"], figures["size"]
    load = os.getloadavg()[0]  # (the start's is printed with the figures above)
    def ok(good: bool) -> str:
        return "met" if good else "NOT met"

    soak_text = ("the soak test did not report (see its output)" if soak_run
                 else "The soak test was not run this time (`COMET_BENCH_SOAK=0`).")
    if soak is not None:
        soak_text = (
            f"| {soak['visits']} in turn, then {soak['burst']} at once | {soak['visit_median']:.2f} s | "
            f"{soak['visit_p95']:.2f} s | {soak['max_kernels']} | {soak['burst_p95']:.1f} s | "
            f"{soak['kernels_after']} of {soak['pool']} in {soak['settle_seconds']:.1f} s | "
            f"{soak['rss_cold_mb']:.0f} / {soak['rss_warm_mb']:.0f} / {soak['rss_after_mb']:.0f} MB | "
            f"{soak.get('rss_slope_kb_per_visit', float('nan')):.0f} KB | "
            f"{'passed' if soak['passed'] else 'FAILED'} |")
        soak_text = ("| visitors | clickable, median | clickable, p95 | most kernels at once | burst p95 | "
                     "kernels after the last left | server RSS: start / after a first burst / end | "
                     "RSS per visit, second half | test |\n"
                     "|---|---:|---:|---:|---:|---|---|---:|---|\n" + soak_text)
    body = f"""
`python -m bench.class_visits`: `tools/serve.py` as `make serve` runs it (two pre-heated kernels per page,
refilled 6 s after use; a page that is left shuts its kernel down), headless Chromium on the same
2-core machine, loopback, no host but 127.0.0.1 resolvable. Load average (1 min) when the timing
began: {start_load:.1f}, at the end: {load:.1f} (the machine is shared with other work: figures vary with it).

| measure | p50 | p95 | max | target |
|---|---:|---:|---:|---|
| 1st visitor on a page (the reference: one page on this machine now) | {percentile(firsts, 0.5):.2f} s | {percentile(firsts, 0.95):.2f} s | {max(firsts, default=float('nan')):.2f} s | |
| 2nd visitor on a page, 2 s after the 1st ({len(seconds)} trials) | {percentile(seconds, 0.5):.2f} s | {percentile(seconds, 0.95):.2f} s | {max(seconds, default=float('nan')):.2f} s | ≤ 2 s: {ok(max(seconds, default=99) <= 2)} |
| burst of {size} visitors on one page, to a clickable table | {percentile(waited, 0.5):.2f} s | {percentile(waited, 0.95):.2f} s | {max(waited, default=float('nan')):.2f} s | reported |
| burst of {size} visitors on a static book page, to its `load` event | {percentile(static, 0.5):.2f} s | {percentile(static, 0.95):.2f} s | {max(static, default=float('nan')):.2f} s | the comparison |

Burst visitors without a table within 300 s: {len(failed)}. With two pre-heated kernels per page the
first two of a burst get a table at once; every other one waits for a kernel started for it (a kernel
start and the page's imports take a few seconds of CPU each, and twenty of them share two cores), so the
burst's p95 is kernel starts, not page weight: the static page is served from disk. Times are taken by
each page's own clock, from its navigation to its first clickable card.

Soak (`tests/browser/test_soak.py`, opt-in marker `soak`, `COMET_SOAK=1`): every visitor opens a page,
waits for a clickable table, plays a card and leaves.

{soak_text}

{NOTES.read_text(encoding="utf-8").split(chr(10), 2)[2].strip()}
"""
    return body


if __name__ == "__main__":
    main()
