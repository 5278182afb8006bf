"""Every benchmark runs (issue 48): each ``bench/*.py`` is imported and run on the smallest input it
accepts (``--smoke``: seconds, no timing judged, nothing written), so that a bench cannot stop
working unnoticed, as ``bench/static.py`` did (it loaded ``tools/serve.py`` unregistered, and failed
on its dataclass). The benches that drive the browser against the built site or a Voilà server run
in ``tests/browser/test_benches.py``, in the tests' own browser and servers.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("*.py") if not p.stem.startswith("_"))
IN_THE_BROWSER = {"static": "built site", "pages": "Voilà", "class_visits": "Voilà", "hostile": "Voilà, guarded"}
"""Run by tests/browser/test_benches.py (what each needs)."""
KEPT = [ROOT / "bench" / "README.md", ROOT / "comet_learn" / "data" / "bot_strength.json",
        *sorted((ROOT / "bench" / "history").glob("*"))]
"""What a bench writes when it really runs, and a smoke run must leave alone."""


def _fingerprint() -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in KEPT if p.is_file()}


def test_every_bench_takes_the_smoke_option() -> None:
    assert set(IN_THE_BROWSER) <= set(BENCHES), sorted(set(IN_THE_BROWSER) - set(BENCHES))
    for name in BENCHES:
        main = importlib.import_module(f"bench.{name}").main
        assert list(inspect.signature(main).parameters)[:1] == ["argv"], f"bench/{name}.py: main(argv) expected"
        assert "--smoke" in (ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8"), name


SLOW = {"book": "two builds of a book of one page, its notebook executed"}
"""Smoke runs that may take more than the default test timeout on a busy machine."""


@pytest.mark.parametrize("name", [pytest.param(b, marks=[pytest.mark.timeout(900)] if b in SLOW else [])
                                  for b in BENCHES if b not in IN_THE_BROWSER])
def test_a_bench_runs_on_its_smallest_input(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _fingerprint()
    result = importlib.import_module(f"bench.{name}").main(["--smoke"])
    assert result in (None, 0), f"bench/{name}.py --smoke returned {result}"
    assert capsys.readouterr().out.strip(), f"bench/{name}.py --smoke printed nothing"
    assert _fingerprint() == before, f"bench/{name}.py --smoke wrote to the files it keeps"
