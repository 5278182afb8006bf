"""Soak test (opt-in: ``COMET_SOAK=1 pytest -m soak tests/browser -s``; ``make bench`` runs it through
``bench/pages.py``): 200 visitors one after the other, then 20 at once on one page, each leaving;
within a minute of the last one leaving the server is back at its pool of pre-heated kernels and
its memory near where it started (issue 16: kernels were never freed, 96 of them held 9.4 GB)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import fake_book, start_serve, stop_serve
from .soak import PAGES, Visits, burst, clock, percentile, sequential_visits, settle

VISITS = int(os.environ.get("COMET_SOAK_VISITS", "200"))
BURST = 20
POOL = 2  # tools/serve.py's default: pre-heated kernels per page
SERVED = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "book" / "play").glob("*.ipynb"))
"""Every page of book/play is served, and pre-heated: the families' and the practice pages."""
MEMORY_AFTER = 30.0
"""Seconds after the kernels are back at the pool size when the server's memory is read (within
the minute the issue allows: the server looks every 20 s whether kernels were freed)."""
MEMORY_SLACK = 1.10
"""The server's RSS after the class, at most this times its working size, reached over a warm-up of
the same work: the larger of its RSS after the first burst and after the first half of the visits
in turn. Past that the server's RSS is a high-water mark, not a leak: what a burst makes glibc's and
pymalloc's arenas hold stays with the process (a probe on 2026-12-04, tools/play_server.py's
MemoryTrimmer by kernel ids: 126 MB after the first burst, 123, 124 and 124.5 MB after 20, 40 and
60 visits, 135.7 MB after a second burst; live Python objects flat at 55 to 56 MB; the full soak
of 2026-12-04: 122.0 MB after the first burst, 121.7 MB after 100 visits, 123.1 MB after 200,
133.6 MB after the second burst, +9.4%). A leak per visit is what SLOPE_LIMIT checks."""
SAMPLE_EVERY = 25
"""Visits in turn between two reads of the server's memory (each once kernels are back at the pool,
``MEMORY_AFTER`` s later)."""
SLOPE_LIMIT = 50.0
"""KB per visit: the server's RSS over the second half of the visits (least-squares slope of the
reads) rises by at most this. A leak of 100 KB a visit gives a slope of 100 over any stretch of
visits (10 MB over the last 100 of 200: a 7% rise, which MEMORY_SLACK alone would let pass); a
server at its working size gives about 0 (the full soak of 2026-12-04: reads of 120.8 to 123.1 MB
every 25 visits, a slope of 13 KB/visit; reads varying by 2 MB would move the slope of five reads
25 visits apart by about 25 KB/visit)."""


def slope_kb_per_visit(samples: list[tuple[int, int]]) -> float:
    """Least-squares slope of ``(visits, rss bytes)`` reads, in KB per visit (nan for fewer than 2)."""
    if len(samples) < 2:
        return float("nan")
    mx = sum(x for x, _ in samples) / len(samples)
    my = sum(y for _, y in samples) / len(samples)
    sxx = sum((x - mx) ** 2 for x, _ in samples)
    return sum((x - mx) * (y - my) for x, y in samples) / sxx / 1024 if sxx else float("nan")


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_a_class_comes_and_goes(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    if not os.environ.get("COMET_SOAK"):
        pytest.skip("the soak test is opt-in: COMET_SOAK=1 (make bench runs it)")
    served = start_serve(fake_book(tmp_path_factory), pool_size=POOL, fill_delay=None)
    contexts = [browser.new_context() for _ in range(2)]
    for c in contexts:
        clock(c)
    try:
        pid = served.process.pid
        pool = POOL * len(SERVED)
        first = settle(pid, pool, limit=120)
        assert first.kernels == pool, f"{first.kernels} kernels at the start, not {pool}"
        cold_rss = first.server_rss
        # A first burst: the server reaches its working size (buffers, caches, 20 renders at once).
        warm_up, failed = burst(contexts, lambda i: served.page_url("modern", f"seed={500 + i}"), BURST)
        assert not failed, failed
        warm = settle(pid, pool, limit=60, memory_after=MEMORY_AFTER)
        assert warm.kernels == pool, f"{warm.kernels} kernels a minute after the first burst left, not {pool}"
        # The visits in turn, the server's memory read every SAMPLE_EVERY of them.
        visits = Visits()
        samples: list[tuple[int, int]] = []
        while len(visits.seconds) + len(visits.failed) < VISITS:
            made = len(visits.seconds) + len(visits.failed)
            part = sequential_visits(contexts[0], served.page_url, pid, min(SAMPLE_EVERY, VISITS - made), first=made)
            visits.seconds += part.seconds
            visits.failed += part.failed
            visits.max_kernels = max(visits.max_kernels, part.max_kernels)
            read = settle(pid, pool, limit=60, memory_after=MEMORY_AFTER)
            samples.append((made + len(part.seconds) + len(part.failed), read.server_rss))
        # The server at its working size: the larger of its RSS after the first burst and once the
        # first half of the visits were made; and its slope over the second half (MEMORY_SLACK, SLOPE_LIMIT).
        second_half = [(made, rss) for made, rss in samples if made >= VISITS / 2]
        reference = max([warm.server_rss] + [rss for _, rss in second_half[:1]])
        slope = slope_kb_per_visit(second_half)
        # On a loaded machine (other work on the two cores) a visit may wait more than a minute:
        # tolerated for 2% of them; the point is that no kernel stays behind.
        assert len(visits.failed) <= max(1, VISITS // 50), visits.failed
        assert visits.max_kernels <= pool + 3, f"kernels piled up: {visits.max_kernels}"
        waited, failed = burst(contexts, lambda i: served.page_url("modern", f"seed={1000 + i}"), BURST)
        assert not failed, failed
        done = settle(pid, pool, limit=60, memory_after=MEMORY_AFTER)
        figures = {
            "visits": VISITS, "burst": BURST, "pool": pool,
            "visit_median": percentile(visits.seconds, 0.5), "visit_p95": percentile(visits.seconds, 0.95),
            "visit_max": max(visits.seconds), "max_kernels": visits.max_kernels, "visits_failed": len(visits.failed),
            "burst_p50": percentile(waited, 0.5), "burst_p95": percentile(waited, 0.95), "burst_max": max(waited),
            "settle_seconds": done.seconds, "kernels_after": done.kernels,
            "rss_cold_mb": cold_rss / 2**20, "rss_warm_mb": warm.server_rss / 2**20,
            "rss_after_mb": done.server_rss / 2**20,
            "rss_half_mb": second_half[0][1] / 2**20 if second_half else float("nan"),
            "rss_reference_mb": reference / 2**20, "rss_slope_kb_per_visit": slope,
            "rss_samples_mb": [[made, round(rss / 2**20, 1)] for made, rss in samples],
        }
        print("\nsoak:", json.dumps(figures))
        if os.environ.get("COMET_SOAK_REPORT"):
            Path(os.environ["COMET_SOAK_REPORT"]).write_text(json.dumps(figures))
        assert done.kernels == pool, f"{done.kernels} kernels a minute after the last visitor left, not {pool}"
        assert done.server_rss <= reference * MEMORY_SLACK, (reference, done.server_rss)
        assert not slope > SLOPE_LIMIT, f"the server grows by {slope:.0f} KB a visit (at most {SLOPE_LIMIT:g})"
    finally:
        for c in contexts:
            c.close()
        stop_serve(served.process)
