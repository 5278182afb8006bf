"""The family of claims: all fifteen claims of the analysis chapter, and a correction across them.

Each claim corrects its own comparisons (Bonferroni: :attr:`bookkit.designs.Design.level`). The
*family* is every comparison of every claim (C1 to C15; C4's values are exact and make no test),
and :func:`family` applies Holm's step-down correction across it, so that the chance of one false
finding or more anywhere in the chapter is at most :data:`bookkit.stats.ALPHA`
(``statsmodels.stats.multitest.multipletests``, ``method="holm"``).

How a comparison enters it: its p-value is the smallest alpha at which its own interval (by its
own method, :meth:`bookkit.stats.Estimate.at`) decides it under the claim's rule
(:func:`bookkit.claims.decided`); for a reference that is the interval's own two-sided test.  A
comparison enters only if it can differ under its design: an interval of zero width (the same value
in every pair, as when both arms are dealt the same cards and the measure depends on the cards
alone) is refused by :func:`record`, since it would enter Holm's correction with p = 0.
After Holm, a comparison the family rejects is given its interval at the level Holm used for it, one
it does not is given an interval that does not decide, and the claim's own verdict function reads
them again (:func:`bookkit.judging.judge`): the family-wise verdict.

The pages are run one by one, so each claim's page records its comparisons as it runs
(:func:`record`, a JSON file per claim in :func:`claims_dir`), and the summary table of the
analysis introduction is filled in once every page has run (:mod:`bookkit.sphinx_ext`, the
``claims-summary`` directive; a claim missing is a build error).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from bookkit.claims import DESIGNS, Finding, decided, design, rule_of
from bookkit.judging import fingerprint, judge
from bookkit.stats import ALPHA, Estimate, level_text, p_value
from bookkit.verdict_words import verdict_text
from comet_render.i18n import N_, book_words

__all__ = ["CLAIM_PAGES", "claims_dir", "record", "load", "Comparison", "FamilyRow", "family", "summary_rows",
           "family_sentence"]

CLAIM_PAGES: dict[str, tuple[str, str]] = {
    "C1": ("who-wins", "claim-c1"), "C2": ("who-wins", "claim-c2"), "C6": ("who-wins", "claim-c6"),
    "C7": ("who-wins", "claim-c6"), "C11": ("who-wins", "claim-c11"), "C12": ("who-wins", "claim-c12"),
    "C3": ("the-comet", "claim-c3"), "C4": ("the-comet", "claim-c4"), "C5": ("the-comet", "claim-c5"),
    "C8": ("the-comet", "claim-c8"), "C9": ("the-comet", "claim-c9"), "C10": ("shape", "claim-c10"),
    "C13": ("shape", "claim-c13"), "C14": ("shape", "claim-c14"), "C15": ("shape", "claim-c15"),
}
"""Each claim's page (under ``book/analysis``) and the label of its section."""


def claims_dir() -> Path:
    """Where the pages record their comparisons: ``$COMET_CLAIMS_DIR`` (the book build sets it to
    ``_build/.claims``), else ``_build/.claims`` of this checkout."""
    env = os.environ.get("COMET_CLAIMS_DIR")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "_build" / ".claims"


def _est_json(e: Estimate) -> dict[str, Any]:
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n, "level": e.level, "method": e.method,
            "params": list(e.params)}


def _est(d: Mapping[str, Any]) -> Estimate:
    return Estimate(float(d["value"]), float(d["low"]), float(d["high"]), int(d["n"]), float(d["level"]),
                    d["method"], tuple(float(x) for x in d["params"]))


@dataclass(frozen=True)
class Record:
    """What a claim's page recorded: its comparisons (each at the claim's Bonferroni level), what
    else its verdict reads, and the verdict."""

    claim: str
    tests: dict[str, Estimate]
    extra: dict[str, Any] = field(default_factory=dict)


def record(claim: str, tests: Mapping[str, Estimate], extra: Mapping[str, Any] | None = None,
           directory: Path | None = None) -> Finding:
    """Judge ``claim`` from its comparisons (:func:`bookkit.judging.judge`), write them down for the
    family-wise correction, with the fingerprint of the design they were run under, and return the
    verdict.  The comparisons must be as many as the design says, each at the design's level (C4,
    exact, makes none), and each able to differ: an interval of zero width is refused."""
    d = design(claim)
    if claim != "C4" and len(tests) != d.comparisons:
        raise ValueError(f"{claim}'s design makes {d.comparisons} comparisons; the page recorded {len(tests)}")
    for name, e in tests.items():
        if not math.isclose(e.level, d.level):
            raise ValueError(f"{claim} {name}: a {level_text(e.level)} interval; the design asks for {level_text(d.level)}")
        if not e.method:
            raise ValueError(f"{claim} {name}: an interval with no method cannot enter the family")
        if not e.high > e.low:
            raise ValueError(f"{claim} {name}: an interval of zero width ({e.low:g} to {e.high:g}): the quantity did "
                             "not vary under this design, so it is no evidence and cannot enter the family; show it, "
                             "and leave it out of the comparisons")
    finding = judge(claim, tests, extra)
    out = directory or claims_dir()
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{claim}.json").write_text(json.dumps(
        {"claim": claim, "tests": {k: _est_json(e) for k, e in tests.items()}, "extra": dict(extra or {}),
         "outcome": finding.outcome, "headline": finding.headline, "fingerprint": fingerprint(d)},
        ensure_ascii=False, indent=1), encoding="utf-8")
    return finding


def load(directory: Path | None = None) -> dict[str, Record]:
    """Every claim's record, by claim; ``KeyError`` naming the claims no page recorded, ``ValueError``
    naming those a page recorded under another design than today's (run their pages again)."""
    src = directory or claims_dir()
    out: dict[str, Record] = {}
    for d in DESIGNS:
        path = src / f"{d.id}.json"
        if not path.is_file():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("fingerprint") != fingerprint(d):
            raise ValueError(f"{d.id} was recorded under design {data.get('fingerprint')}, not today's "
                             f"{fingerprint(d)}: run its page again")
        out[d.id] = Record(d.id, {k: _est(v) for k, v in data["tests"].items()}, data["extra"])
    missing = [d.id for d in DESIGNS if d.id not in out]
    if missing:
        raise KeyError(f"no record of {', '.join(missing)} in {src}: their pages have not run")
    return out


@dataclass(frozen=True)
class Comparison:
    """One comparison of the family, with its p-value and Holm's decision."""

    claim: str
    name: str
    est: Estimate
    p: float
    p_holm: float
    rejected: bool


@dataclass(frozen=True)
class FamilyRow:
    """A claim with its verdict within the claim (Bonferroni) and across the family (Holm)."""

    claim: str
    tests: int
    within: Finding
    across: Finding
    smallest_p_holm: float | None
    decided_within: int = 0
    """How many of the claim's comparisons its own (Bonferroni) intervals decide."""
    decided_across: int = 0
    """How many of them Holm's correction across the family decides."""


def family(records: Mapping[str, Record], alpha: float = ALPHA) -> tuple[list[FamilyRow], list[Comparison]]:
    """Holm's correction across every comparison of every claim, and each claim's verdict read
    again from the family's decisions."""
    from statsmodels.stats.multitest import multipletests  # type: ignore[import-untyped]

    items = [(r.claim, name, e, rule_of(r.claim, name, r.extra)) for r in records.values() for name, e in r.tests.items()]
    def test(rule: Any) -> Callable[[Estimate], bool]:
        return lambda x: decided(x, rule)

    ps = [p_value(e, test(rule)) for _, _, e, rule in items]
    m = len(ps)
    reject, p_holm = multipletests(ps, alpha=alpha, method="holm")[:2] if m else ([], [])
    order = sorted(range(m), key=lambda i: ps[i])
    threshold = {i: alpha / (m - rank) for rank, i in enumerate(order)}
    comparisons = [Comparison(c, n, e, ps[i], float(p_holm[i]), bool(reject[i])) for i, (c, n, e, _) in enumerate(items)]
    rows = []
    for r in records.values():
        idx = [i for i, (c, _, _, _) in enumerate(items) if c == r.claim]
        fam: dict[str, Estimate] = {}
        for i in idx:
            _, name, e, rule = items[i]
            a = threshold[i] if reject[i] else ps[i] / 2
            fe = e.at(1 - a)
            assert decided(fe, rule) == bool(reject[i]), (r.claim, name, ps[i], a)
            fam[name] = fe
        rows.append(FamilyRow(r.claim, len(idx), judge(r.claim, r.tests, r.extra), judge(r.claim, fam, r.extra),
                              min((float(p_holm[i]) for i in idx), default=None),
                              sum(decided(items[i][2], items[i][3]) for i in idx), sum(bool(reject[i]) for i in idx)))
    return rows, comparisons


def summary_rows(records: Mapping[str, Record], alpha: float = ALPHA) -> list[dict[str, str]]:
    """The summary table's rows, as text: claim, comparisons, verdict within the claim, verdict
    across the family, the smallest Holm-adjusted p-value of the claim."""
    rows, _ = family(records, alpha)
    return [{"claim": row.claim, "tests": str(row.tests) if row.tests else "none (exact)",
             "within": row.within.headline, "across": row.across.headline,
             "p": "" if row.smallest_p_holm is None else (f"{row.smallest_p_holm:.3f}" if row.smallest_p_holm >= 0.001
                                                          else "< 0.001")}
            for row in rows]


FAMILY_EXACT = N_("{claim} makes no test (its values are exact), so the correction across the family of claims "
                  "does not touch it.")
FAMILY_SAME = N_("Across the family of all the chapter's comparisons (Holm's correction), {claim}'s verdict is the same: "
                 "{verdict}.")
FAMILY_SAME_BUT = N_("Across the family of all the chapter's comparisons (Holm's correction), {claim}'s verdict is the "
                     "same: {verdict}; but Holm's correction decides {across} of the claim's {tests} comparisons where "
                     "the claim's own decides {within}, so not every comparison this page reads one by one is decided "
                     "the same way across the chapter.")
FAMILY_DIFFERS = N_("Across the family of all the chapter's comparisons (Holm's correction), {claim}'s verdict differs: "
                    "{verdict}. Holm's correction decides {across} of the claim's {tests} comparisons where the claim's "
                    "own decides {within}, so the verdict above ({own}) holds for this claim taken alone, not for the "
                    "chapter as a whole.")
"""The sentences of :func:`family_sentence`, in the book's catalogs."""


def family_sentence(row: FamilyRow, lang: str = "en") -> str:
    """What a claim's page says of its verdict across the family, beside its own (issue 46, item 3):
    the same verdict, or the family's with the claim's own and how many comparisons each decides.  A
    verdict may read only some of its claim's comparisons (C11, C15), so the same verdict with a
    different count of decided comparisons says so too: the page reads the others one by one.
    In ``lang``, the book's catalog's words (the verdicts are the claims' own)."""
    _ = book_words(lang)
    if not row.tests:
        return _(FAMILY_EXACT, claim=row.claim)
    counts = {"claim": row.claim, "verdict": verdict_text(row.across.headline, lang), "across": row.decided_across, "tests": row.tests,
              "within": row.decided_within}
    if row.across.headline == row.within.headline:
        if row.decided_across == row.decided_within:
            return _(FAMILY_SAME, claim=row.claim, verdict=counts["verdict"])
        # The verdict reads only some comparisons (C11's against three in four, C15's manille and experiment):
        # the others, which the page may read one by one, can still differ across the family.
        return _(FAMILY_SAME_BUT, **counts)
    return _(FAMILY_DIFFERS, own=verdict_text(row.within.headline, lang), **counts)
