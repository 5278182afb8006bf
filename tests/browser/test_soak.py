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
from .soak import PAGES, burst, clock, percentile, sequential_visits, settle

VISITS = int(os.environ.get("COMET_SOAK_VISITS", "200"))
BURST = 20
POOL = 2  # tools/serve.py's default: pre-heated kernels per page
SERVED = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "book" / "play").glob("*.ipynb"))
"""Every page of book/play is served, and pre-heated: the families' and the practice pages."""
MEMORY_AFTER = 30.0
"""Seconds after the kernels are back at the pool size when the server's memory is read (within
the minute the issue allows: the server looks every 20 s whether kernels were freed)."""
MEMORY_SLACK = 1.10
"""The server's RSS after the class, at most this times its RSS once warmed up by a first burst
(Python keeps what a burst made it allocate; a leak per visit would show over 200 visits)."""


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
        visits = sequential_visits(contexts[0], served.page_url, pid, VISITS)
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
        }
        print("\nsoak:", json.dumps(figures))
        if os.environ.get("COMET_SOAK_REPORT"):
            Path(os.environ["COMET_SOAK_REPORT"]).write_text(json.dumps(figures))
        assert done.kernels == pool, f"{done.kernels} kernels a minute after the last visitor left, not {pool}"
        assert done.server_rss <= warm.server_rss * MEMORY_SLACK, (warm.server_rss, done.server_rss)
    finally:
        for c in contexts:
            c.close()
        stop_serve(served.process)
