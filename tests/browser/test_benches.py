"""The benches that drive a browser run on their smallest input (issue 48; the others:
``tests/test_benches.py``), in the tests' own browser and servers rather than ones of their own:
the static site's (``bench/static.py``: one cold visit and its waterfall), the Voilà pages'
(``bench/pages.py``, ``bench/class_visits.py``: the session's Voilà server); the flood's
(``bench/hostile.py``) as from the command line, with a server of its own. Nothing is written, no
timing judged: what is checked is that each runs to its report.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import class_visits, pages, static

from .conftest import Served

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "bench" / "README.md"


@pytest.fixture()
def readme_kept() -> Any:
    before = hashlib.sha256(README.read_bytes()).hexdigest()
    yield
    assert hashlib.sha256(README.read_bytes()).hexdigest() == before, "a smoke run wrote bench/README.md"


def test_static_bench_smoke(browser: Any, book_dir: Path, readme_kept: None) -> None:
    rows = static.smoke(browser)
    names = " ".join(row.split("|")[1] for row in rows[2:])
    for fetched in ("modern.html", "live/live.js", "pyodide.asm.wasm", "site-", "*clickable*"):
        assert fetched in names, (fetched, rows)


def test_pages_bench_smoke(browser: Any, served: Served, readme_kept: None) -> None:
    body = pages.smoke(browser, served)
    assert "| 2 | 2 | 0 |" in body, body  # (two visitors at once, both finished, no error)


def test_class_visits_bench_smoke(browser: Any, served: Served, readme_kept: None) -> None:
    body = class_visits.smoke(browser, served)
    assert "burst of 2 visitors on one page" in body and "without a table within 300 s: 0" in body, body



@pytest.mark.timeout(600)
def test_hostile_bench_smoke(readme_kept: None) -> None:
    """As run from the command line, with a server of its own: its visitor comes from 127.0.0.1
    three times in a minute, which the guarded server of the tests refuses by design."""
    done = subprocess.run([sys.executable, "-m", "bench.hostile", "--smoke"], cwd=ROOT, capture_output=True,
                          text=True, timeout=540)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "3 plain GETs" in done.stdout and "Voilà logged no traceback" in done.stdout, done.stdout[-3000:]
