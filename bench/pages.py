"""Playable pages: time to a clickable table, click latency, memory per session, 20 visitors.

Starts ``tools/serve.py`` (its defaults: two pre-heated kernels per page, refill after 2 s) on
free ports and drives Debian's headless Chromium with Playwright:

* **time to a clickable table**: from ``page.goto`` to the first card button visible, each
  page in turn, once the server is idle again (the used kernel replaced: "with pre-heated
  kernels"). Browsers with a profile on disk, as visitors have: a *first visit* with the
  browser's cache emptied (nothing of the site cached), and a *returning visitor* whose profile
  has seen the pages (scripts and their compiled code cached);
* **click latency**: in the page, from ``button.click()`` to the table's ``comet-seq-N`` class
  changing, i.e. every update of that click received and drawn (bots' replies included);
* **20 visitors at once** (two browser contexts, ten pages each, every page playing a deal):
  wall time, errors, and memory: each session's kernel (RSS, and USS: memory only it uses)
  and the Voila server's growth.

No request may leave 127.0.0.1 (the browser cannot resolve any other host; attempts are counted).
Writes the "Playable pages" section of ``bench/README.md``. Targets (issue 7): clickable
≤ 1.5 s with pre-heated kernels; click-to-update ≤ 100 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

import psutil
from playwright.sync_api import sync_playwright

# Run from the checkout as ``python -m bench.pages`` (``make bench`` does): the browser tests' helpers
# (tests/browser) are not part of the installed project; comet and widgets are.
from bench._report import SMOKE_HELP, write_section
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, start_serve, stop_serve
from tests.browser.play_driver import Game, check_settlement, next_action, page_state

ROOT = Path(__file__).resolve().parent.parent

PAGES = ["hoc", "manille", "new-comet", "modern", "commit"]
ROUNDS = int(os.environ.get("COMET_BENCH_ROUNDS", "3"))
SESSIONS = 20
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
"""No host but 127.0.0.1 resolves: an offline visitor."""
CLICKABLE = ".comet-play .comet-play-buttons .widget-button:visible, .comet-play .comet-play-pass:visible"
"""A card button, or Pass when passing is all the visitor can do."""

TIMED_CLICK_JS = """(what) => new Promise((resolve) => {
  const root = document.querySelector('.comet-play');
  const seq = () => [...root.classList].find(c => c.startsWith('comet-seq-'));
  const before = seq();
  const shown = el => !!el && el.offsetParent !== null && !el.disabled;
  let el = null;
  if (what === 'card') el = [...root.querySelectorAll('.comet-play-buttons .widget-button')].filter(shown)[0];
  else if (what === 'other') el = root.querySelector('.comet-play-other .widget-button');
  else el = root.querySelector('.comet-play-pass');
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (seq() !== before) {
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }
  });
  observer.observe(root, {attributes: true, attributeFilter: ['class']});
  el.click();
  setTimeout(() => { observer.disconnect(); resolve(-1); }, 20000);
})"""


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


EXTERNAL: list[str] = []


def watch_requests(context: Any) -> None:
    """Record every request off 127.0.0.1 (there should be none; none can succeed)."""
    def seen(request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            EXTERNAL.append(request.url)
    context.on("request", seen)


def wait_idle(pid: int, limit: float = 30.0) -> None:
    """Wait until the server and its kernels are idle (a used kernel replaced, 6 s after use)."""
    deadline = time.monotonic() + limit
    time.sleep(6.5)  # (the replacement starts 6 s after use: tools/serve.py, FILL_DELAY)
    while time.monotonic() < deadline:
        procs = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
        for p in procs:
            p.cpu_percent(None)
        time.sleep(0.5)
        busy = 0.0
        for p in procs:
            try:
                busy += p.cpu_percent(None)
            except psutil.NoSuchProcess:
                pass
        if busy < 10:
            return


FAILED_LOADS: list[str] = []
UNFINISHED: list[str] = []


def clickable(context: Any, url: str, first_visit: bool = False) -> tuple[float, Any]:
    """Seconds from navigation to the first card button visible (inf if not within 60 s).
    ``first_visit``: the browser's cache is emptied first (nothing of the site cached)."""
    page = context.new_page()
    if first_visit:
        context.new_cdp_session(page).send("Network.clearBrowserCache")
    t = time.perf_counter()
    page.goto(url, wait_until="commit")
    try:
        page.locator(CLICKABLE).first.wait_for(state="visible", timeout=60_000)
    except Exception:  # noqa: BLE001 - counted and reported
        FAILED_LOADS.append(url)
        return float("inf"), page
    return time.perf_counter() - t, page


HISTORY = ROOT / "bench" / "history" / "pages.csv"
HISTORY_FIELDS = ["date", "commit", "idle_load", "first_median", "first_p95", "returning_median", "click_p95",
                  "finished"]


def record_run(idle_load: float, cold: list[float], warm: list[float], latencies: list[float],
               finished: int | None) -> str:
    """Append this run to ``bench/history/pages.csv``; the history as Markdown table rows."""
    commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty=+"],
                            capture_output=True, text=True).stdout.strip() or "?"
    row = {
        "date": time.strftime("%Y-%m-%d %H:%M", time.gmtime()), "commit": commit,
        "idle_load": f"{idle_load:.1f}",
        "first_median": f"{statistics.median(cold):.2f}", "first_p95": f"{pct(cold, 0.95):.2f}",
        "returning_median": f"{statistics.median(warm):.2f}", "click_p95": f"{pct(latencies, 0.95):.0f}",
        "finished": "-" if finished is None else f"{finished}/{SESSIONS}",
    }
    HISTORY.parent.mkdir(exist_ok=True)
    new = not HISTORY.exists()
    with HISTORY.open("a", newline="") as f:
        writer = csv.DictWriter(f, HISTORY_FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)
    with HISTORY.open(newline="") as f:
        rows = list(csv.DictReader(f))
    unit = {"first_median": " s", "first_p95": " s", "returning_median": " s", "click_p95": " ms"}
    return "\n".join("| " + " | ".join(r[k] + (unit.get(k, "") if r[k] != "-" else "") for k in HISTORY_FIELDS) + " |"
                     for r in rows)


def kernels_of(serve_pid: int) -> list[psutil.Process]:
    return [p for p in psutil.Process(serve_pid).children(recursive=True)
            if "ipykernel_launcher" in " ".join(p.cmdline())]


def measure(served: Any, new_context: Callable[[], Any], rounds: int = ROUNDS, pages: list[str] = PAGES,
            sessions: int = SESSIONS, deals: int = 2, idle: Callable[[int], None] = wait_idle,
            deal_clicks: int = 400) -> dict[str, Any]:
    """Time ``served``'s pages in browser contexts made by ``new_context()`` (profiles on disk for the
    bench; :func:`smoke` passes the tests' browser's): ``rounds`` first and returning visits of each
    of ``pages``, ``deals`` whole deals of each for the clicks (at most ``deal_clicks`` clicks of each),
    ``sessions`` visitors at once; ``idle(pid)`` waits for the server to be idle between loads."""
    cold: list[float] = []
    warm: list[float] = []
    latencies: list[float] = []
    pid = served.process.pid
    idle(pid)
    idle_load = os.getloadavg()[0]
    returning = new_context()
    watch_requests(returning)
    for name in pages:  # the visitor has seen every page once
        _, first = clickable(returning, served.page_url(name, "seed=999"))
        first.close()
        idle(pid)
    newcomer = new_context()
    watch_requests(newcomer)
    for r in range(rounds):
        for name in pages:
            seconds, page = clickable(newcomer, served.page_url(name, f"seed={r}"), first_visit=True)
            if seconds != float("inf"):
                cold.append(seconds)
            page.close()
            idle(pid)
        for name in pages:
            seconds, page = clickable(returning, served.page_url(name, f"seed={10 + r}"))
            if seconds != float("inf"):
                warm.append(seconds)
            page.close()
            idle(pid)
    print(f"clickable: first visit median {statistics.median(cold):.2f} s, "
          f"returning {statistics.median(warm):.2f} s")

    # Click latency: complete deals, one page at a time.
    for i, name in enumerate(pages * deals):
        seconds, page = clickable(returning, served.page_url(name, f"players=3&seed={40 + i}"))
        if seconds == float("inf"):
            page.close()
            continue
        idle(pid)
        for _ in range(deal_clicks):
            state = page_state(page)
            if state is None or ("Deal over" in state["table"] and "\nSettlement\n" in state["table"]):
                break
            action = next_action(state)
            if action is None:
                break
            ms = page.evaluate(TIMED_CLICK_JS, action)
            assert ms >= 0, "a click was not answered"
            latencies.append(ms)
        page.close()
    print(f"click: {len(latencies)} clicks, median {statistics.median(latencies):.0f} ms, "
          f"p95 {pct(latencies, 0.95):.0f} ms")
    returning.close()
    newcomer.close()

    # Many visitors at once.
    idle(pid)
    before = {p.pid for p in kernels_of(pid)}
    voila = psutil.Process(pid).children()[0]
    voila_before = voila.memory_info().rss
    contexts = [new_context() for _ in range(2)]
    for ctx in contexts:
        watch_requests(ctx)
    games = []
    start = time.monotonic()
    for i in range(sessions):
        page = contexts[i % 2].new_page()
        page.set_default_timeout(120_000)
        url = served.page_url(pages[i % len(pages)], f"players=3&seed={100 + i}")
        page.goto(url, wait_until="commit")
        games.append(Game(page, url))
    while not all(g.done for g in games) and time.monotonic() - start < 300:
        for g in games:
            g.step(real_click=False)
        time.sleep(0.01)
    wall = time.monotonic() - start
    finished = sum(g.done and not g.errors for g in games)
    for g in games:
        if not g.done or g.errors:
            state = page_state(g.page)
            UNFINISHED.append(f"{g.url.split('/render/')[-1]}: {g.clicks} clicks, "
                              + ("no table on the page" if state is None else f"table at step {state['seq']}")
                              + (f", errors {g.errors}" if g.errors else ""))
            print("unfinished:", UNFINISHED[-1])
    for g in games:
        if g.done and not g.errors:
            check_settlement(g.lines, g.players)
    started = [p for p in kernels_of(pid) if p.pid not in before]
    used = kernels_of(pid)
    rss = [p.memory_info().rss / 2**20 for p in used]
    uss = [p.memory_full_info().uss / 2**20 for p in used]
    voila_growth = (voila.memory_info().rss - voila_before) / 2**20 / sessions
    clicks = sum(g.clicks for g in games)
    reloads = sum(g.reloads for g in games)
    load_line = (f"| {sessions} | {finished} | {sum(len(g.errors) for g in games)} | {reloads} | {clicks} | "
                 f"{wall:.0f} s | {statistics.median(rss):.0f} MB | {statistics.median(uss):.0f} MB | "
                 f"{voila_growth:.1f} MB |")
    print(f"load: {finished}/{sessions} finished in {wall:.0f} s, kernel RSS median {statistics.median(rss):.0f}"
          f" MB, USS {statistics.median(uss):.0f} MB, Voila +{voila_growth:.1f} MB/session, "
          f"{len(started)} kernels started during the run")
    for ctx in contexts:
        ctx.close()
    return {"cold": cold, "warm": warm, "latencies": latencies, "finished": finished, "load_line": load_line,
            "idle_load": idle_load, "sessions": sessions, "rounds": rounds}


def smoke(browser: Any, served: Any) -> str:
    """The bench on its smallest input (one page, one round, the first 6 clicks of a deal, two visitors
    at once playing a deal each), in new contexts of ``browser`` against ``served`` (the tests' Voilà
    server); the section it would write (nothing written)."""
    figures = measure(served, lambda: browser.new_context(), rounds=1, pages=["modern"], sessions=2, deals=1,
                      idle=lambda pid: None, deal_clicks=6)
    return report(figures, "")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    smoke_run = ap.parse_args(argv).smoke
    book = Path(os.environ.get("TMPDIR", "/tmp")) / "comet-bench-book"
    book.mkdir(exist_ok=True)
    (book / "index.html").write_text("<!doctype html><title>book</title>\n")
    served = start_serve(book, pool_size=1 if smoke_run else 2, fill_delay=None)
    try:
        with sync_playwright() as pw:
            if smoke_run:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                print(smoke(browser, served))
                browser.close()
                return
            time.sleep(10)  # every pool filled
            figures = measure(served, lambda: pw.chromium.launch_persistent_context(
                tempfile.mkdtemp(prefix="comet-bench-"), executable_path=CHROMIUM, args=ARGS))
    finally:
        stop_serve(served.process)
    body = report(figures, record_run(figures["idle_load"], figures["cold"], figures["warm"], figures["latencies"],
                                      figures["finished"]))
    write_section("pages", "Playable pages", body)


def report(figures: dict[str, Any], history: str) -> str:
    """The "Playable pages" section of bench/README.md from :func:`measure`'s figures."""
    cold, warm, latencies = figures["cold"], figures["warm"], figures["latencies"]
    idle_load, load_line, sessions, rounds = (figures["idle_load"], figures["load_line"], figures["sessions"],
                                              figures["rounds"])

    def ok(good: bool) -> str:
        return "met" if good else "NOT met"

    body = f"""
`python -m bench.pages`: `tools/serve.py` as `make serve` runs it (two pre-heated kernels per page, refilled
6 s after use), headless Chromium (Playwright) on the same 2-core machine, loopback, no host but 127.0.0.1
resolvable. {rounds} loads of each of the 5 pages per row, each once the server is idle again (the used
kernel replaced). Browsers keep a profile on disk, as visitors' do: a first visit empties the browser's cache
first; a returning visitor's profile has seen the pages (Voilà's ~4 MB of scripts, and their compiled code, cached).
Load average (1 min) when the timing began, server idle: {idle_load:.1f}.

| measure | median | 95th percentile | max | target |
|---|---:|---:|---:|---|
| navigation to a clickable table, first visit (nothing cached) | {statistics.median(cold):.2f} s | {pct(cold, 0.95):.2f} s | {max(cold):.2f} s | ≤ 1.5 s: {ok(statistics.median(cold) <= 1.5)} |
| navigation to a clickable table, returning visitor | {statistics.median(warm):.2f} s | {pct(warm, 0.95):.2f} s | {max(warm):.2f} s | ≤ 1.5 s: {ok(statistics.median(warm) <= 1.5)} |
| click to table updated ({len(latencies)} clicks, 10 deals, bots greedy) | {statistics.median(latencies):.0f} ms | {pct(latencies, 0.95):.0f} ms | {max(latencies):.0f} ms | p95 ≤ 100 ms: {ok(pct(latencies, 0.95) <= 100)} |

Click latency is measured in the page: from `button.click()` to the table's `comet-seq-N` class changing
(every update of the click received and applied), plus one animation frame.

{sessions} visitors at once (two browser contexts, each page playing a deal of 3 players by clicking):

| sessions | finished | errors | reloads | clicks | wall time | kernel RSS (median) | kernel USS (median) | Voila server per session |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|
{load_line}

Sessions not finished: {"; ".join(UNFINISHED) or "none"}.
Reloads: none (the bench waits for slow pages rather than reloading them). Page loads that did not give a clickable table within 60 s: {len(FAILED_LOADS)} ({", ".join(FAILED_LOADS) or "none"}).
Requests off 127.0.0.1 attempted: {len(EXTERNAL)} (Voilà's `lab` template links FontAwesome on a CDN; the pages'
template, `tools/jupyter/voila/templates/comet`, does not).

Every run of this benchmark (`bench/history/pages.csv`, one line per run, newest last; `+` after the commit
marks uncommitted changes). The same code varies by machine: the 2 cores are virtual, and the first visit is
mostly script execution in the browser.

| date (UTC) | commit | idle load | first visit, median | first visit, p95 | returning, median | click p95 | visitors finished |
|---|---|---:|---:|---:|---:|---:|---:|
{history}

Where the time to a clickable table goes (Chromium's profiler, one returning visit): the page's HTML is
complete after about 0.2 s (the pre-heated kernel builds the table for the address's settings); the rest is
the browser starting Voilà's JupyterLab-based frontend (it waits for the page's `load` event, then loads the
widget manager, connects to the kernel and draws some 50 widget models), mostly script execution on the two
cores the server and kernels share.

Memory per session is one Python kernel (ipykernel, ipywidgets, comet and the table): RSS counts the
shared libraries in every kernel; USS is what the session alone adds. Plan about 100 MB of RAM per
concurrent visitor, plus the browser-side cost on the visitor's machine.
"""
    return body


if __name__ == "__main__":
    main()
