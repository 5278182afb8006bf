"""The static play pages on a phone's network (issues 29 and 48): ``python -m bench.static --network``.

Each page of :data:`PAGES` is visited in a new browser profile under Chromium's network emulation
(CDP ``Network.emulateNetworkConditions``; the page's conditions reach its Web Worker's fetches too,
which :attr:`Visit.worker_slowed` checks on the WebAssembly, the largest of them), for each profile
of :data:`PROFILES`: a **cold** visit (nothing cached), then in the same profile, once Python's
memory snapshot is kept and the site's service worker (if any) is active, a **returning** visit
online and one **offline** (Playwright's ``context.set_offline``). Each visit records every fetch
(when it started and ended on the page's clock, its bytes on the wire, who asked for it, whether the
network, the HTTP cache or the service worker answered it), the page's and the worker's milestones
(first paint, Python started, the site's Python fetched, unpacked, imported, the cells run) and the
moment a card of the live table is enabled (clickable). :func:`waterfall` draws a visit as a table:
what is fetched, when, how many bytes, and what each fetch started after (the last fetch or milestone
that ended before it: what it waited on).
"""

from __future__ import annotations

import csv
import functools
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PAGES = ("play/modern.html?seed=1", "play/learn.html")
"""A table asked for by its address (its frame shown "dealing" while Python loads), and the lessons."""
PROFILES = {
    "fast": ("fast mobile (10 Mbit/s, 40 ms)",
             {"latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}),
    "slow": ("slow mobile (1.6 Mbit/s, 150 ms)",
             {"latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8}),
}
"""Chromium's network emulation (throughputs in bytes/s)."""
LOOPBACK = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
"""No throttling (the smoke run)."""
TARGETS = {"fast": 5.0, "slow": 20.0, "returning": 1.5, "fast_mb": 5.0}
"""Issue 48: a cold visit clickable in 5 s with at most 5 MB on the wire on the fast profile, in 20 s on
the slow one; a returning visit, online or offline, in 1.5 s."""
LIVE_CLICKABLE = ".comet-live-view .comet-play-buttons .widget-button:not([disabled])"
FIRST_PAINT_JS = "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime / 1000"
PROGRESS_JS = "(() => { const b = document.querySelector('.comet-live-progress'); return b ? b.value : null; })()"
SNAPSHOT_KEPT_JS = "async () => (await (await caches.open('comet-python')).keys()).length"
WORKER_ACTIVE_JS = """async () => {
  if (!navigator.serviceWorker) { return "none"; }
  const r = await navigator.serviceWorker.getRegistration();
  return !r ? "none" : r.active ? "active" : "installing";
}"""
MILESTONES = {"python": "Python started", "fetched": "the site's Python fetched", "unpacked": "unpacked",
              "imported": "imported", "cells": "the page's cells run"}
"""The worker's times (``window.cometLiveTimes``, ms after ``origin``) shown in a waterfall."""


@dataclass
class Fetch:
    name: str
    asked_by: str
    """``page`` (with what asked for it), ``worker`` (Python's worker), ``service worker``."""
    start: float
    end: float
    wire: int
    served: str
    """``network``, ``HTTP cache``, ``304`` (revalidated), ``service worker``, ``failed``."""


@dataclass
class Visit:
    page: str
    profile: str
    kind: str
    """``cold``, ``returning`` or ``offline``."""
    clickable: float | None = None
    """Seconds from the navigation's start to a card of the live table enabled (None: never)."""
    first_paint: float = float("nan")
    fetches: list[Fetch] = field(default_factory=list)
    milestones: dict[str, float] = field(default_factory=dict)
    progress: list[int] = field(default_factory=list)
    worker_slowed: bool | None = None
    python: str = ""
    """How Python started: ``restored`` from the memory snapshot, ``made`` (started afresh, a snapshot
    taken), ``none`` (no snapshot), empty (never reported)."""
    error: str = ""

    @property
    def wire(self) -> int:
        return sum(f.wire for f in self.fetches)


def wire_bytes(request: Any) -> int:
    """Bytes of a finished request's response on the wire (headers and encoded body); 0 from a cache."""
    try:
        sizes = request.sizes()
    except PlaywrightError:  # (a request that failed or was cancelled)
        return 0
    return int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))


def short(url: str) -> str:
    return url.split("?")[0].split("/_static/")[-1].split("/play/")[-1] or url


def emulate(context: Any, page: Any, conditions: dict[str, float]) -> Any:
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    return session


def visit(context: Any, url: str, profile: str, conditions: dict[str, float], kind: str,
          timeout: float = 240, then: Callable[[], None] | None = None) -> Visit:
    """One visit of ``url`` in ``context``; once it is clickable, ``then()`` with the page still open
    (a reader who stays: Python's worker keeps its snapshot after the table is drawn, which closing
    the page at once would cut short); its page is closed after."""
    page = context.new_page()
    session = emulate(context, page, conditions)
    initiators: dict[str, str] = {}
    session.on("Network.requestWillBeSent", lambda e: initiators.setdefault(
        e["request"]["url"], short(e.get("initiator", {}).get("url") or "") or e.get("initiator", {}).get("type", "")))
    done: list[tuple[Any, float, bool]] = []
    page.on("requestfinished", lambda r: done.append((r, time.time() * 1000, True)))
    page.on("requestfailed", lambda r: done.append((r, time.time() * 1000, False)))
    result = Visit(url.split("/", 3)[-1], profile, kind)
    try:
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        origin = page.evaluate("performance.timeOrigin")
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < timeout:
            try:
                page.wait_for_selector(LIVE_CLICKABLE, timeout=500)
                result.clickable = page.evaluate("performance.now() / 1000")
                break
            except PlaywrightTimeoutError:  # (not yet: the progress bar's value meanwhile)
                value = page.evaluate(PROGRESS_JS)
                if value is not None and (not result.progress or value != result.progress[-1]):
                    result.progress.append(int(value))
        result.first_paint = page.evaluate(FIRST_PAINT_JS)
        times = page.evaluate("window.cometLiveTimes || {}")
        result.python = str(times.get("snapshot", ""))
        for key, label in MILESTONES.items():
            if isinstance(times.get(key), (int, float)) and times.get("origin"):
                result.milestones[label] = (times["origin"] + times[key] - origin) / 1000
        if result.clickable is not None:
            result.milestones["clickable"] = result.clickable
        result.fetches = [_fetch(r, ended, ok, origin, initiators) for r, ended, ok in done]
        result.fetches.sort(key=lambda f: f.start)
        result.worker_slowed = _slowed(result.fetches, conditions)
        if then is not None and result.clickable is not None:
            then()
    except PlaywrightError as error:  # (offline with nothing to answer: the page does not even load)
        result.error = str(error).splitlines()[0][:120]
    finally:
        page.close()
    return result


def _fetch(request: Any, ended: float, ok: bool, origin: float, initiators: dict[str, str]) -> Fetch:
    timing = request.timing
    start = (timing["startTime"] - origin) / 1000 if timing.get("startTime", -1) > 0 else (ended - origin) / 1000
    end = start + timing["responseEnd"] / 1000 if timing.get("responseEnd", -1) > 0 else (ended - origin) / 1000
    response = request.response() if ok else None
    wire = wire_bytes(request) if ok else 0
    if not ok or response is None:
        served = "failed"
    elif response.from_service_worker:
        served = "service worker"
    elif response.status == 304:
        served = "304"
    else:
        served = "network" if wire > 0 else "HTTP cache"
    asked = f"page ({initiators[request.url]})" if request.url in initiators else "worker"
    if request.service_worker is not None:
        asked = "service worker"
    return Fetch(short(request.url), asked, start, max(start, end), wire, served)


def _slowed(fetches: list[Fetch], conditions: dict[str, float]) -> bool | None:
    """Whether the WebAssembly came as slowly as the emulated network says (None: not fetched)."""
    for f in fetches:
        if f.name.endswith(".wasm") and f.wire > 0 and conditions["downloadThroughput"] > 0:
            return f.end - f.start >= 0.8 * f.wire / conditions["downloadThroughput"]
    return None


def waterfall(v: Visit, width: int = 40) -> list[str]:
    """The visit as a markdown table: each fetch and milestone in time order, its bar on a scale of
    ``width`` characters from 0 to the last event, and what it started after."""
    last = max([f.end for f in v.fetches] + list(v.milestones.values()) + [0.1])
    events: list[tuple[float, float, str, str, str]] = [
        (f.start, f.end, f.name, f"{f.wire / 1e3:,.1f} KB" if f.wire else "", f"{f.asked_by}; {f.served}")
        for f in v.fetches]
    events += [(t, t, f"*{name}*", "", "") for name, t in v.milestones.items()]
    events.sort(key=lambda e: (e[0], e[1]))
    rows = [f"| {v.page}, {v.profile}, {v.kind} | start | end | on the wire | asked by; answered by | after | "
            f"0 … {last:.1f} s |", "|---|---:|---:|---:|---|---|---|"]
    for start, end, name, size, who in events:
        before = [e for e in events if e[1] <= start + 0.005 and e[2] != name]
        after = max(before, key=lambda e: e[1])[2] if before else ""
        a, b = round(start / last * width), max(round(start / last * width) + 1, round(end / last * width))
        bar = "·" * a + ("█" * (b - a) if end > start else "◆") + "·" * max(0, width - b)
        rows.append(f"| {name} | {start:.2f} | {end:.2f} | {size} | {who} | {after} | `{bar}` |")
    return rows


def run(new_context: Callable[[], Any], base: str, pages: tuple[str, ...], profiles: dict[str, Any],
        returning: bool = True, timeout: float = 240) -> list[Visit]:
    """Every page under every profile: cold, then (``returning``) returning online and offline, each
    page in a browser context of its own (``new_context()``, closed after)."""
    visits = []
    for key, (name, conditions) in profiles.items():
        for page in pages:
            context = new_context()
            try:
                cold = visit(context, base + page, key, conditions, "cold", timeout,
                             then=functools.partial(settle, context, base) if returning else None)
                visits.append(cold)
                print(summary(cold), flush=True)
                if not returning or cold.clickable is None:
                    continue
                visits.append(visit(context, base + page, key, conditions, "returning", 60))
                print(summary(visits[-1]), flush=True)
                context.set_offline(True)
                try:
                    visits.append(visit(context, base + page, key, conditions, "offline", 60))
                finally:
                    context.set_offline(False)
                print(summary(visits[-1]), flush=True)
            finally:
                context.close()
    return visits


def settle(context: Any, base: str, seconds: float = 120) -> None:
    """Wait until the cold visit's Python snapshot is kept and the service worker (if the site has
    one) is active, as a reader who comes back finds them."""
    page = context.new_page()
    try:
        page.goto(base + "play/index.html")
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            if page.evaluate(SNAPSHOT_KEPT_JS) and page.evaluate(WORKER_ACTIVE_JS) != "installing":
                return
            page.wait_for_timeout(200)
        print(f"settle: after {seconds:.0f} s, Python's snapshot kept: {bool(page.evaluate(SNAPSHOT_KEPT_JS))}, "
              f"the service worker {page.evaluate(WORKER_ACTIVE_JS)} (the returning visit goes on)", flush=True)
    finally:
        page.close()


def summary(v: Visit) -> str:
    click = f"{v.clickable:.2f} s" if v.clickable is not None else f"never ({v.error or 'timed out'})"
    return f"{v.page} {v.profile} {v.kind}: clickable {click}, {v.wire / 1e6:.2f} MB on the wire, Python {v.python or '?'}"


def persistent_contexts(playwright: Any, executable: str, args: list[str], parent: str) -> Callable[[], Any]:
    """New browser profiles on disk (each a first-time visitor), as the bench uses them, in the folder
    ``parent`` (the caller's temporary one: with the worker's precache and Python's snapshot, a
    profile holds 45 MB)."""
    def new() -> Any:
        folder = tempfile.mkdtemp(prefix="comet-bench-profile-", dir=parent)
        return playwright.chromium.launch_persistent_context(folder, executable_path=executable, args=args)
    return new


FIELDS = ["date", "commit", "load", "page", "profile", "wire_mb", "snapshot_s", "clickable_s", "progress",
          "worker_throttled", "returning_wire_kb", "returning_clickable_s", "offline_clickable_s"]


def rows_of(visits: list[Visit], date: str, commit: str, load: float) -> list[dict[str, str]]:
    """A history row for each cold visit, with its returning and offline visits."""
    rows = []
    for cold in [v for v in visits if v.kind == "cold"]:
        later = {v.kind: v for v in visits if v.page == cold.page and v.profile == cold.profile}

        def seconds(kind: str) -> str:
            v = later.get(kind)
            return f"{v.clickable:.2f}" if v is not None and v.clickable is not None else "never"

        rows.append({
            "date": date, "commit": commit, "load": f"{load:.1f}", "page": cold.page,
            "profile": PROFILES[cold.profile][0] if cold.profile in PROFILES else cold.profile,
            "wire_mb": f"{cold.wire / 1e6:.2f}", "snapshot_s": f"{cold.first_paint:.2f}",
            "clickable_s": seconds("cold"),
            "progress": "/".join(str(p) for p in cold.progress[:1] + cold.progress[-1:]) or "none",
            "worker_throttled": {True: "yes", False: "no", None: "?"}[cold.worker_slowed],
            "returning_wire_kb": f"{later['returning'].wire / 1e3:.0f}" if "returning" in later else "",
            "returning_clickable_s": seconds("returning"), "offline_clickable_s": seconds("offline")})
    return rows


def record(path: Path, rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """Append ``rows`` to the history at ``path`` (older rows, from before the page and offline
    columns, are rewritten with them: the modern page, offline unknown); every row."""
    old: list[dict[str, str]] = []
    if path.exists():
        with path.open(newline="") as f:
            old = list(csv.DictReader(f))
    for row in old:
        row["page"] = row.get("page") or PAGES[0]
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(old + rows)
    return old + rows


def section(visits: list[Visit], history: list[dict[str, str]], load: float) -> str:
    """The "Static pages on a real network" section of bench/README.md."""
    def mark(value: float | None, target: float) -> str:
        return "never" if value is None else "met" if value <= target else f"not met (+{value - target:.2f})"

    def s(v: Visit | None) -> str:
        return "" if v is None else "never" if v.clickable is None else f"{v.clickable:.2f} s"

    def py(v: Visit | None) -> str:  # (a returning visit's Python: from its snapshot, or started afresh)
        return f" (Python {v.python})" if v is not None and v.python else ""

    lines = [
        "`python -m bench.static --network`: each page in a new browser profile under Chromium's network emulation "
        "(on the page and so on its Web Worker), the site served with its precompressed copies (brotli) by "
        "`tools/serve.py`'s `StaticSiteHandler`: a cold visit, then in the same profile (its Python snapshot kept, "
        "the service worker active) a returning visit online and one offline (Python restored from its memory "
        "snapshot, or made: started afresh). First paint: the table's picture "
        "(in the page's HTML); clickable: a card of the live table enabled. "
        f"Load average {load:.1f} (2 cores, shared with other work).",
        "",
        "| page | profile | on the wire (cold) | first paint | clickable (cold) | returning: on the wire, clickable | "
        "offline: clickable | progress bar (first/last) | worker's fetches slowed |",
        "|---|---|---:|---:|---:|---|---:|---|---|",
    ]
    by = {(v.page, v.profile, v.kind): v for v in visits}
    colds = [v for v in visits if v.kind == "cold"]
    for cold in colds:
        back, off = by.get((cold.page, cold.profile, "returning")), by.get((cold.page, cold.profile, "offline"))
        lines.append(f"| `{cold.page}` | {PROFILES[cold.profile][0]} | {cold.wire / 1e6:.2f} MB | "
                     f"{cold.first_paint:.2f} s | {s(cold)} | "
                     f"{'' if back is None else f'{back.wire / 1e3:.0f} KB, {s(back)}{py(back)}'} | {s(off)}{py(off)} | "
                     f"{'/'.join(str(p) for p in cold.progress[:1] + cold.progress[-1:]) or 'none'} % | "
                     f"{ {True: 'yes', False: 'no', None: '?'}[cold.worker_slowed]} |")
    lines += ["", "| target (issue 48) | page | measured | |", "|---|---|---:|---|"]
    for cold in colds:
        limit = TARGETS[cold.profile]
        lines.append(f"| {cold.profile}: clickable ≤ {limit:g} s | `{cold.page}` | {s(cold)} | {mark(cold.clickable, limit)} |")
        if cold.profile == "fast":
            lines.append(f"| fast: ≤ {TARGETS['fast_mb']:g} MB on the wire | `{cold.page}` | {cold.wire / 1e6:.2f} MB | "
                         f"{mark(cold.wire / 1e6, TARGETS['fast_mb'])} |")
        for kind in ("returning", "offline"):
            v = by.get((cold.page, cold.profile, kind))
            if v is not None:
                lines.append(f"| {cold.profile}, {kind}: clickable ≤ {TARGETS['returning']:g} s | `{cold.page}` | {s(v)} | "
                             f"{mark(v.clickable, TARGETS['returning'])} |")
    lines += ["", "Where the time and the bytes go: each fetch (answered by the network, the HTTP cache or the service "
              "worker) and each milestone of the page and of Python's worker (in italics), on the page's clock; "
              "*after* is the last fetch or milestone that ended before it started (what it waited on)."]
    for v in visits:
        if v.kind == "cold" or v.profile == "fast":
            lines += [""] + waterfall(v)
    lines += ["", "Every run (`bench/history/static-network.csv`, newest last):", "",
              "| date | commit | load | page | profile | wire | first paint | clickable | progress | worker slowed | "
              "returning | offline |", "|---|---|---:|---|---|---:|---:|---:|---|---|---|---:|"]
    def sec(value: str | None) -> str:
        return "?" if not value else value if value == "never" else f"{value} s"

    for h in history:
        lines.append(f"| {h['date']} | {h['commit']} | {h['load']} | `{h['page']}` | {h['profile']} | {h['wire_mb']} MB | "
                     f"{sec(h['snapshot_s'])} | {sec(h['clickable_s'])} | {h['progress']} | {h['worker_throttled']} | "
                     f"{h['returning_wire_kb']} KB, {sec(h['returning_clickable_s'])} | {sec(h.get('offline_clickable_s'))} |")
    return "\n".join(lines)
