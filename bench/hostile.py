"""The play server under a flood of plain GETs (issue 37): the cap, the connect timeout, the limit per address.

Starts ``tools/serve.py`` as ``make serve`` does (two pre-heated kernels per page, refilled 6 s after
use; a page has 60 s to connect to its kernel; 30 new kernels per address a minute) with the cap
at ``COMET_BENCH_CAP`` kernels (default 60: the cap derived from this machine's memory, printed in
the report, is about three times that, and the mechanism is the same), and 127.0.0.2 as a trusted
proxy, so that one machine can play many addresses: the flood is sent from 127.0.0.2 with
``X-Forwarded-For``; the real visitor (headless Chromium) comes from 127.0.0.1.

1. **A visitor before any flood** (the reference), whose kernel's memory is read after a few plays;
   the pre-heated kernels' memory is read before.
2. **One address floods**: ``COMET_BENCH_FLOOD`` (300) plain GETs of one page, all from 203.0.113.66
   (a script in a loop, read to the end as ``curl`` does, 16 at a time); then a real visitor opens
   the same page: seconds from the flood's last answer to a playable table (a card clicked and
   the table's answer drawn).
3. **Many addresses flood** (each GET from an address of its own: the cap is the only defence):
   the live kernels stay at most the cap; the visitor arrives as the flood ends, gets 503 and
   tries again every 0.25 s; reported: seconds from the first of the flood's kernels shut down
   (the moment capacity frees) to its playable table, and from the flood's end.

Throughout, every 0.25 s: the live kernels and the memory (RSS) of Voilà and its kernels. For each
kernel a flood got: seconds from its page's answer to its process gone. Writes the "The play server
under a flood" section of ``bench/README.md``.
"""

from __future__ import annotations

import argparse
import http.client
import ipaddress
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from bench._report import SMOKE_HELP, write_section  # run from the checkout: python -m bench.hostile
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Served, start_serve, stop_serve
from tests.browser.soak import CLICKABLE, server, settle

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from play_limits import KERNEL_MB, available_memory, default_max_kernels  # noqa: E402

CAP = int(os.environ.get("COMET_BENCH_CAP", "60"))
FLOOD = int(os.environ.get("COMET_BENCH_FLOOD", "300"))
WORKERS = 16
PER_ADDRESS = 30
CONNECT_TIMEOUT = 60.0
PROXY = "127.0.0.2"
PAGE = "modern"
POOL = 2
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
SEQ_JS = """() => { const r = document.querySelector('.comet-play'); if (!r) return -1;
  const c = [...r.classList].find(c => c.startsWith('comet-seq-')); return c ? +c.slice(10) : 0; }"""
IDLE_JS = "() => { const r = document.querySelector('.comet-play'); return !!r && !r.classList.contains('comet-busy'); }"
MB = 1024 * 1024


class Sampler(threading.Thread):
    """Every 0.25 s: the kernels under ``tools/serve.py`` (by id), their RSS and Voilà's."""

    def __init__(self, serve_pid: int) -> None:
        super().__init__(daemon=True)
        self.serve_pid = serve_pid
        self.voila = server(serve_pid)
        self.stop = threading.Event()
        self.samples: list[tuple[float, int, int, int]] = []  # (time, kernels, their RSS, Voilà's RSS)
        self.first_seen: dict[str, float] = {}
        self.gone: dict[str, float] = {}
        self.rss: dict[str, int] = {}  # a kernel's latest RSS
        self.lock = threading.Lock()

    def look(self) -> None:
        with self.lock:
            self._look()

    def _look(self) -> None:
        now = time.monotonic()
        found: dict[str, int] = {}
        for proc in psutil.Process(self.serve_pid).children(recursive=True):
            try:
                match = KERNEL_FILE.search(" ".join(proc.cmdline()))
                if match:
                    found[match.group(1)] = proc.memory_info().rss
            except psutil.Error:
                continue
        for kid in found:
            self.first_seen.setdefault(kid, now)
        for kid in self.first_seen.keys() - found.keys() - self.gone.keys():
            self.gone[kid] = now
        self.rss.update(found)
        self.samples.append((now, len(found), sum(found.values()), self.voila.memory_info().rss))

    def run(self) -> None:
        while not self.stop.wait(0.25):
            try:
                self.look()
            except psutil.Error:
                return

    def peak(self, since: float = 0.0) -> tuple[int, int, int]:
        """The most kernels, kernels' RSS and Voilà + kernels' RSS seen since ``since``."""
        window = [s for s in self.samples if s[0] >= since] or [(0.0, 0, 0, 0)]
        return max(s[1] for s in window), max(s[2] for s in window), max(s[2] + s[3] for s in window)


@dataclass
class Flood:
    statuses: Counter[int] = field(default_factory=Counter)
    handed: dict[str, float] = field(default_factory=dict)  # kernel id -> when its page was read
    started: float = 0.0
    ended: float = 0.0


def flood(served: Served, addresses: list[str]) -> Flood:
    """One plain GET of the page per address (from the trusted proxy), ``WORKERS`` at a time."""
    out = Flood(started=time.monotonic())
    lock = threading.Lock()

    def one(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", served.play_port, timeout=300, source_address=(PROXY, 0))
        try:
            connection.request("GET", f"/voila/render/{PAGE}.ipynb?seed={i}",
                               headers={"X-Forwarded-For": addresses[i]})
            response = connection.getresponse()
            body = response.read().decode("utf-8", "replace")
            status = response.status
        except OSError:
            status, body = 0, ""
        finally:
            connection.close()
        kernel = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', body)
        with lock:
            out.statuses[status] += 1
            if kernel and status == 200:
                out.handed[kernel.group(1)] = time.monotonic()

    with ThreadPoolExecutor(WORKERS) as pool:
        list(pool.map(one, range(len(addresses))))
    out.ended = time.monotonic()
    return out


@dataclass
class Visit:
    seconds: float = float("inf")  # from the reference moment to a playable table
    let_in: float = float("inf")  # from the reference moment to the page's 200
    refused: Counter[int] = field(default_factory=Counter)
    kernel_rss_mb: float = float("nan")


def visit(context: Any, url: str, start: float, limit: float, plays: int = 1, sampler: Sampler | None = None) -> Visit:
    """A visitor opening ``url``, again every 0.25 s while refused (the same tab, as a reload),
    until a card of the table is clicked and the table's answer drawn (``plays`` times); seconds
    from ``start``. Then the visitor leaves (its kernel is shut down)."""
    out = Visit()
    page = context.new_page()
    try:
        while time.monotonic() - start < limit:
            response = page.goto(url, wait_until="commit", timeout=60_000)
            status = response.status if response is not None else 0
            if status == 200:
                break
            out.refused[status] += 1
            page.wait_for_load_state("load", timeout=20_000)  # (left while loading, a page hung Playwright)
            time.sleep(0.25)
        else:
            return out
        out.let_in = time.monotonic() - start
        for n in range(plays):
            page.locator(CLICKABLE).first.wait_for(state="visible", timeout=60_000)
            page.wait_for_function(IDLE_JS, timeout=60_000)
            seq = page.evaluate(SEQ_JS)
            page.locator(CLICKABLE).first.click()
            page.wait_for_function(f"() => ({SEQ_JS})() > {seq} && ({IDLE_JS})()", timeout=60_000)
            if n == 0:
                out.seconds = time.monotonic() - start
        if sampler is not None:
            sampler.look()
            kid = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', page.content())
            out.kernel_rss_mb = sampler.rss.get(kid.group(1), 0) / MB if kid else float("nan")
        page.goto("about:blank", timeout=20_000)
    except PlaywrightError as error:
        print(f"visitor: {type(error).__name__}: {str(error)[:200]}", flush=True)
    finally:
        page.close()
    return out


def cut_after(sampler: Sampler, handed: dict[str, float], limit: float) -> list[float]:
    """Wait (up to ``limit`` s) until every kernel in ``handed`` is gone; seconds each lived after
    its page was read (inf: still there)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not handed.keys() <= sampler.gone.keys():
        time.sleep(0.5)
    return sorted(sampler.gone.get(kid, float("inf")) - at for kid, at in handed.items())


def pss_mb(pid: int) -> float:
    """A process's proportional memory (its shared pages divided among those sharing them), in MB."""
    try:
        found = re.search(r"^Pss:\s+(\d+)", Path(f"/proc/{pid}/smaps_rollup").read_text(), re.M)
    except OSError:
        return float("nan")
    return int(found.group(1)) / 1024 if found else float("nan")


def fmt(xs: list[float], unit: str = " s") -> str:
    xs = [x for x in xs if x != float("inf")]
    if not xs:
        return "-"
    return f"{min(xs):.1f} / {statistics.median(xs):.1f} / {max(xs):.1f}{unit}"


def measure(served: Served, browser: Any, pool: int, size: int = FLOOD, timeout: float = CONNECT_TIMEOUT,
            pause: bool = True) -> dict[str, Any]:
    """The reference visitor, a flood of ``size`` GETs from one address, then one from as many
    addresses, against ``served`` (whose kernels a page has ``timeout`` s to connect to), its visitor
    in a new context of ``browser``; with ``pause``, the server's ``pool`` of pre-heated kernels is
    refilled between the steps (:func:`smoke` does not wait for that)."""
    pid = served.process.pid
    url = served.page_url(PAGE, "seed=7")
    pages = len(list((ROOT / "book" / "play").glob("*.ipynb")))
    r: dict[str, Any] = {"machine_cap": default_max_kernels(available_memory()), "load_start": os.getloadavg()[0],
                         "pages": pages, "size": size}
    sampler = Sampler(pid)
    try:
        if pause:
            settle(pid, pool, limit=240)
            time.sleep(5)
        sampler.look()
        r["pool_rss"] = [v / MB for v in sampler.rss.values()]
        r["pool_pss"] = [pss_mb(p.pid) for p in psutil.Process(pid).children(recursive=True)
                         if KERNEL_FILE.search(" ".join(p.cmdline()))]
        r["voila_idle_mb"] = sampler.voila.memory_info().rss / MB
        sampler.start()
        context = browser.new_context()
        first = visit(context, url, time.monotonic(), 90, plays=5 if pause else 1, sampler=sampler)
        r["first"], r["visitor_rss"] = first.seconds, first.kernel_rss_mb
        if pause:
            settle(pid, pool, limit=60)
            time.sleep(8)
        print(f"reference visitor: {first.seconds:.2f} s; pool kernels {fmt(r['pool_rss'], ' MB')}", flush=True)

        # 2. One address.
        a = flood(served, ["203.0.113.66"] * size)
        a_visit = visit(context, url, a.ended, 120)
        r["a"], r["a_visit"] = a, a_visit
        r["a_peak"] = sampler.peak(a.started)
        print(f"one address: {dict(a.statuses)} in {a.ended - a.started:.1f} s; visitor {a_visit.seconds:.2f} s "
              f"(refused {dict(a_visit.refused)}); peak {r['a_peak'][0]} kernels", flush=True)
        r["a_cut"] = cut_after(sampler, a.handed, timeout + 60)
        r["flood_rss"] = [sampler.rss[k] / MB for k in a.handed if k in sampler.rss]
        if pause:
            settle(pid, pool, limit=120)
            time.sleep(8)

        # 3. Many addresses.
        before = sampler.samples[-1][3] / MB
        many = [str(ipaddress.ip_address("10.0.0.0") + 1 + i) for i in range(size)]
        b = flood(served, many)
        b_visit = visit(context, url, b.ended, timeout + 120)
        # Capacity frees when the first of the flood's kernels is gone (if one went during the
        # flood, the flood took its room again: then from the flood's end).
        freed = max(b.ended, min((sampler.gone.get(k, float("inf")) for k in b.handed), default=float("inf")))
        r["b"], r["b_visit"], r["b_freed"] = b, b_visit, freed - b.ended
        r["b_after_free"] = b_visit.seconds - (freed - b.ended)
        r["b_peak"] = sampler.peak(b.started)
        r["voila_per_kernel_mb"] = (max(s[3] for s in sampler.samples if s[0] >= b.started) / MB - before) / max(
            1, r["b_peak"][0] - pool)
        print(f"many addresses: {dict(b.statuses)} in {b.ended - b.started:.1f} s; peak {r['b_peak'][0]} kernels; "
              f"capacity freed {r['b_freed']:.1f} s after; visitor {b_visit.seconds:.2f} s "
              f"({r['b_after_free']:.2f} s after capacity freed; refused {dict(b_visit.refused)})", flush=True)
        r["b_cut"] = cut_after(sampler, b.handed, timeout + 60)
        context.close()
    finally:
        sampler.stop.set()
    r["load_end"] = os.getloadavg()[0]
    return r


SMOKE_CAP = 2
"""The smoke run's cap: the floods start two kernels each, not one a GET."""


def smoke(browser: Any, served: Served, log: Path | None, timeout: float) -> str:
    """Floods of three GETs against ``served`` (a server with a trusted proxy at 127.0.0.2, no
    pre-heated kernels and :data:`SMOKE_CAP`, whose pages have ``timeout`` s to connect and whose
    log is ``log``), in ``browser``: the section it would write (nothing written)."""
    r = measure(served, browser, pool=0, size=3, timeout=timeout, pause=False)
    r["traceback"] = log is not None and "Traceback" in log.read_text()
    return report(r)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    smoke_run = ap.parse_args(argv).smoke
    book = Path(tempfile.mkdtemp(prefix="comet-bench-book-"))
    (book / "index.html").write_text("<!doctype html><title>book</title><p>book</p>\n")
    log = book / "serve.log"
    timeout = 2.0 if smoke_run else CONNECT_TIMEOUT
    served = start_serve(book, pool_size=0 if smoke_run else POOL, fill_delay=None, log=log, extra_env={
        "COMET_MAX_KERNELS": str(SMOKE_CAP if smoke_run else CAP), "COMET_KERNELS_PER_ADDRESS": str(PER_ADDRESS),
        "COMET_CONNECT_TIMEOUT": f"{timeout:g}", "COMET_TRUSTED_PROXIES": PROXY, "COMET_BOT_DELAY": "0"})
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if smoke_run:
                print(smoke(browser, served, log, timeout))
                return
            pages = len(list((ROOT / "book" / "play").glob("*.ipynb")))
            r = measure(served, browser, POOL * pages)
            browser.close()
    finally:
        stop_serve(served.process)
    r["traceback"] = "Traceback" in log.read_text()
    write_section("hostile", "The play server under a flood", report(r))


def report(r: dict[str, Any]) -> str:
    """The "The play server under a flood" section of bench/README.md from :func:`measure`'s figures."""
    a, b = r["a"], r["b"]
    limit_mb = CAP * KERNEL_MB

    def ok(good: bool) -> str:
        return "met" if good else "NOT met"

    body = f"""
`python -m bench.hostile`: `tools/serve.py` as `make serve` runs it (two pre-heated kernels for each of
the {r['pages']} pages, refilled 6 s after use; 60 s for a page to connect; {PER_ADDRESS} new kernels per address a
minute), with the cap at {CAP} kernels (`COMET_BENCH_CAP`; the default on this machine, half its available
memory in kernels of {KERNEL_MB} MB, would be {r['machine_cap']}), and 127.0.0.2 as a trusted proxy: the floods
are {r['size']} plain GETs of `voila/render/{PAGE}.ipynb` sent from it with `X-Forwarded-For`, {WORKERS} at a time,
each read to the end; the real visitor is headless Chromium from 127.0.0.1. Load average (1 min) at the
start {r['load_start']:.1f}, at the end {r['load_end']:.1f} (the machine is shared with other work).

| | one address | many addresses (one each) | target |
|---|---|---|---|
| answers | {', '.join(f'{n} × {s}' for s, n in sorted(a.statuses.items()))} | {', '.join(f'{n} × {s}' for s, n in sorted(b.statuses.items()))} | |
| the flood's duration | {a.ended - a.started:.1f} s | {b.ended - b.started:.1f} s | |
| most live kernels (pre-heated included) | {r['a_peak'][0]} | {r['b_peak'][0]} | ≤ {CAP}: {ok(max(r['a_peak'][0], r['b_peak'][0]) <= CAP)} |
| most memory, kernels (RSS) | {r['a_peak'][1] / MB:.0f} MB | {r['b_peak'][1] / MB:.0f} MB | ≤ {CAP} × {KERNEL_MB} MB = {limit_mb} MB: {ok(max(r['a_peak'][1], r['b_peak'][1]) / MB <= limit_mb)} |
| most memory, Voilà and kernels (RSS) | {r['a_peak'][2] / MB:.0f} MB | {r['b_peak'][2] / MB:.0f} MB | ≤ {limit_mb} MB + Voilà idle ({r['voila_idle_mb']:.0f} MB): {ok(max(r['a_peak'][2], r['b_peak'][2]) / MB <= limit_mb + r['voila_idle_mb'])} |
| a flood's kernel, from its page read to its process gone: min / median / max | {fmt(r['a_cut'])} ({len(a.handed)} kernels) | {fmt(r['b_cut'])} ({len(b.handed)} kernels) | about a minute ({CONNECT_TIMEOUT:.0f} s and the look every 5 s): {ok(max(r['a_cut'] + r['b_cut'], default=0) <= CONNECT_TIMEOUT + 10)} |
| the real visitor's pages refused before a table | {sum(r['a_visit'].refused.values())} | {sum(r['b_visit'].refused.values())} ({', '.join(f'{n} × {s}' for s, n in r['b_visit'].refused.items())}) | |
| the real visitor: seconds to a playable table | {r['a_visit'].seconds:.2f} s after the flood's end | {r['b_after_free']:.2f} s after capacity freed ({r['b_freed']:.1f} s after the flood's end; {r['b_visit'].seconds:.1f} s in all; let in {r['b_visit'].let_in - r['b_freed']:.2f} s after capacity freed) | ≤ 5 s: {ok(r['a_visit'].seconds <= 5 and r['b_after_free'] <= 5)} |

Reference: a visitor on the idle server had a playable table in {r['first']:.2f} s. "Playable": a card
of the table clicked and the table's answer drawn, timed from the flood's last answer (one address),
or from the moment the first of the flood's kernels was seen gone (looked for every 0.25 s; many
addresses: until then every table is taken by design, and the visitor, trying again every 0.25 s in
the same tab, gets 503). Each visitor leaves its page, which shuts its kernel down. Voilà logged no traceback: {ok(not r['traceback'])}.

A kernel's size (what `play_limits.KERNEL_MB` is based on), read from `/proc` during this run: a
pre-heated kernel {fmt(r['pool_rss'], ' MB')} RSS (min / median / max; PSS {fmt(r['pool_pss'], ' MB')}:
their shared pages counted once), a flood's kernel (its page never connected) {fmt(r['flood_rss'], ' MB')},
the visitor's kernel after five plays {r['visitor_rss']:.0f} MB; Voilà grew by {r['voila_per_kernel_mb']:.2f} MB per
kernel in the second flood. `KERNEL_MB` = {KERNEL_MB}: the RSS, shared pages and all, rounded up, with Voilà's
share.
"""
    return body


if __name__ == "__main__":
    main()
