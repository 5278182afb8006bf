"""One entry point to every claim's verdict (:func:`judge`), so that the page's verdict and the
family-wise one (:mod:`bookkit.claimset`) are read by the same function; the code each claim's
verdict depends on (:data:`VERDICT_CODE`); and each design's :func:`fingerprint`, which covers its
words, its deals, its seeds, that code and the claim's branch of :func:`judge`: a change to any of
them after results is a new entry in :mod:`bookkit.history` (``tests/test_history.py``).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any, Callable, Mapping

from bookkit import stats
from bookkit.claim_design import Design
from bookkit.claims import (Finding, c1_alt, c11_alt, combined, decided, players_text, rule_of, verdict_c1, verdict_c2,
                            verdict_c3, verdict_c4, verdict_c5, verdict_c6, verdict_c7, verdict_c8, verdict_c9,
                            verdict_c10, verdict_c11, verdict_c12, verdict_c13, verdict_c14, verdict_c15,
                            verdict_c15_cause)
from bookkit.claims import _above_supports, _side
from bookkit.fingerprint import code_text, digest, source_text
from bookkit.stats import Estimate

__all__ = ["judge", "VERDICT_CODE", "fingerprint", "route_text"]

_READ = (_side, stats.verdict_of, stats.verdict, rule_of, decided)
"""What every verdict reads through: an interval's side of a reference, and the rule by which each
comparison decides in the family."""

VERDICT_CODE: dict[str, tuple[Callable[..., Any], ...]] = {
    "C1": (verdict_c1, c1_alt, players_text) + _READ,
    "C2": (verdict_c2,) + _READ,
    "C3": (verdict_c3, players_text) + _READ,
    "C4": (verdict_c4, players_text),
    "C5": (verdict_c5,) + _READ,
    "C6": (verdict_c6,) + _READ,
    "C7": (verdict_c7,) + _READ,
    "C8": (verdict_c8, _above_supports) + _READ,
    "C9": (verdict_c9, combined, players_text) + _READ,
    "C10": (verdict_c10, stats.within) + _READ,
    "C11": (verdict_c11, c11_alt) + _READ,
    "C12": (verdict_c12,) + _READ,
    "C13": (verdict_c13,) + _READ,
    "C14": (verdict_c14,) + _READ,
    "C15": (verdict_c15, verdict_c15_cause, _above_supports) + _READ,
}
"""The functions each claim's verdict is read by (its own verdict functions and the helpers they
call); :func:`judge` routes the page's comparisons to them, and each claim's branch of it
(:func:`route_text`) is in the claim's fingerprint too."""


def route_text(claim: str) -> str:
    """The code of ``claim``'s branch of :func:`judge` (its ``if claim == ...`` block), as
    :func:`bookkit.fingerprint.source_text`: which of the recorded comparisons the claim's verdict
    reads, and how (C11 reads only its comparisons against three in four, C10 the share of deals
    played alike), so it is part of the claim's fingerprint.  ``KeyError`` if ``judge`` has none."""
    source = textwrap.dedent(inspect.getsource(judge))
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name)
                and node.test.left.id == "claim" and isinstance(node.test.comparators[0], ast.Constant)
                and node.test.comparators[0].value == claim):
            return source_text(textwrap.dedent(ast.get_source_segment(source, node, padded=True) or ""))
    raise KeyError(f"bookkit.judging.judge has no branch for {claim!r}")


def fingerprint(design: Design) -> str:
    """A hash of what a claim's test is: its design's words, deals and seeds (:meth:`Design.parts`), the
    source code of the functions that read its verdict (:mod:`bookkit.fingerprint`) and its branch of
    :func:`judge` (:func:`route_text`).  :mod:`bookkit.history`'s latest entry for the claim must carry it."""
    return digest(design.parts() + [code_text(f) for f in VERDICT_CODE[design.id]] + [route_text(design.id)])


def judge(claim: str, tests: Mapping[str, Estimate], extra: Mapping[str, Any] | None = None) -> Finding:
    """``claim``'s verdict from its comparisons, named as the page records them
    (:mod:`bookkit.claimset`): one entry point, so that the page's verdict and the family-wise one
    are read by the same verdict function."""
    extra = extra or {}
    t = tests
    if claim == "C1":
        return verdict_c1({int(k.split()[-1]): e for k, e in t.items()})
    if claim == "C2":
        diffs: dict[str, dict[int, Estimate]] = {}
        for k, e in t.items():
            measure, pair = k.split(" | ")
            diffs.setdefault(measure, {})[int(pair.split("-")[1])] = e
        return verdict_c2(diffs)
    if claim == "C3":
        return verdict_c3({int(k.split("-")[1]): e for k, e in t.items()})
    if claim == "C4":
        return verdict_c4({int(n): float(r) for n, r in extra["ratios"].items()})
    if claim == "C5":
        return verdict_c5(t["manille"], t["whole"])
    if claim == "C6":
        return verdict_c6(t)
    if claim == "C7":
        return verdict_c7(t["aces"], t["highest"])
    if claim == "C8":
        return verdict_c8(t["best-worst"])
    if claim == "C9":
        return combined([(f"with {players_text([int(n)])}", verdict_c9(e)) for n, e in t.items()])
    if claim == "C10":
        return verdict_c10(t, float(extra.get("identical", 0.0)))
    if claim == "C11":
        return verdict_c11({k.split(" | ")[0]: e for k, e in t.items() if k.endswith("vs 3/4")})
    if claim == "C12":
        return verdict_c12(t["gain"], {"second": t["second"], "third": t["third"]})
    if claim == "C13":
        return verdict_c13(t["mean"])
    if claim == "C14":
        return verdict_c14(t["card"], t["all"])
    if claim == "C15":
        main = verdict_c15(t["manille"])
        if "cause" not in t:
            return main
        cause = verdict_c15_cause(t["cause"])
        return Finding(main.outcome, f"{main.headline}; the experiment: {cause.headline}",
                       {**main.parts, "cause": cause.outcome})
    raise KeyError(f"no claim {claim!r}")
