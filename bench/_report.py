"""Write a section of bench/README.md between markers (other sections are left alone)."""

from __future__ import annotations

import math
import statistics
from pathlib import Path

README = Path(__file__).with_name("README.md")
SMOKE_HELP = ("a smoke run: the smallest input, in seconds, nothing written (no README section, history or data "
              "file), no timing judged; make test runs every bench so (tests/test_benches.py)")
"""The ``--smoke`` option every bench takes."""


def write_section(key: str, title: str, body: str) -> None:
    start, end = f"<!-- {key}:start -->", f"<!-- {key}:end -->"
    text = README.read_text() if README.exists() else "# Benchmarks\n\nRun with `make bench`.\n"
    block = f"{start}\n## {title}\n\n{body.strip()}\n{end}"
    if start in text and end in text:
        head, _, rest = text.partition(start)
        _, _, tail = rest.partition(end)
        text = head + block + tail
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    README.write_text(text)


def ci_mean(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half
