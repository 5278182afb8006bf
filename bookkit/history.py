"""When each claim's test was fixed, and every change made to it after results had been seen.

The analysis chapter's designs (:mod:`bookkit.designs`) were not all fixed before any deal was
played: the fifteen claims were first run on 2 December 2026 with no threshold stated and their
verdicts typed after the results; the tests were stated in boxes, with thresholds and corrections,
two days later, after those results had been seen; and several were changed again since.  This
module is that record, read from the repository's history (``git log`` of ``book/analysis``,
``bookkit/claims.py``, ``bookkit/designs.py``): each entry gives the date and commit of a change,
what changed, and the result of the design it replaced, as the earlier pages printed it (their
deals are seeded, so running the earlier commit's page gives the same result again).

From now on a change to a design is a **new entry at the end**, never an edit in place:
``tests/test_history.py`` checks every entry against a frozen list of hashes
(``tests/data/design_history.sha256``), that dates never go back, and that each claim's latest
entry carries its current design's :attr:`~bookkit.designs.Design.fingerprint`, so a design edited
without a new entry fails the tests.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

__all__ = ["Entry", "ENTRIES", "entries_for", "fixed", "history_markdown", "entry_hash"]

ALL = "*"


@dataclass(frozen=True)
class Entry:
    """One dated change to one claim's test (or to every claim's: ``claim == "*"``)."""

    claim: str
    date: str
    """ISO date of the commit."""
    commit: str
    """The commit that made the change (short hash)."""
    change: str
    """What the test became, or what changed in it."""
    earlier: str = ""
    """The result of the design it replaced, as the earlier page printed it ("" for the first run)."""
    fingerprint: str = ""
    """The design's :attr:`~bookkit.designs.Design.fingerprint` after this change (a design in code)."""
    after_results: bool = True
    """Whether the change was made after results of the claim had been seen."""


_FIRST = ("first run: the measure chosen and the deals played, with 95% intervals; no threshold and no "
          "correction stated; the verdict typed by hand after the results were seen")
_BOXED = ("the test stated in a box before the page's data: measure, comparison and threshold, the number of "
          "comparisons and their Bonferroni level, and what would support or contradict the claim; the verdict "
          "computed from the intervals. Written two days after the first run's results had been seen")
_LIBRARY = ("every interval computed by statsmodels and scipy.stats: a mean's interval uses Student's t rather "
            "than the normal quantile, a difference of independent means Welch's t, of independent proportions "
            "Newcombe's interval (before: the two half-widths added in quadrature); proportions keep Wilson's "
            "interval; and Holm's correction across the family of fifteen claims is shown beside each claim's own")

ENTRIES: tuple[Entry, ...] = (
    Entry(ALL, "2026-12-02", "234705a", _FIRST, after_results=False),
    Entry("C1", "2026-12-02", "ece4132", "the verdict's words changed after the results: \"a small advantage, with three "
          "or more players\"", "\"a small advantage, growing with the number of players\" (typed)"),
    Entry("C11", "2026-12-02", "f38f3bb", "the verdict's words changed after the results: \"mostly luck, as claimed\"",
          "\"it depends on the rules\" (typed)"),
    Entry("C3", "2026-12-02", "bbad661", "the opera counted by an exact search for two players as well, with the "
          "dealer's reply", "\"not borne out by frequency\" (typed)"),
    Entry(ALL, "2026-12-03", "0402c27", "verdicts read from the 95% intervals by one function instead of typed "
          "(C7 and C10 kept their typed readings until the next commits)", "the typed verdicts above"),
    Entry("C7", "2026-12-03", "fee832c", "the verdict computed from the win rates of each lead against the longest "
          "run", "\"half confirmed\" (typed: aces early confirmed, high cards first refuted, by win rate)"),
    Entry("C10", "2026-12-03", "867ce3b", "each measure's difference shown with its interval and read against zero",
          "\"confirmed for the play\" (typed, from the measures side by side)"),
    Entry("C12", "2026-12-03", "67616da", "the verdict computed from the first hand's intervals with and without the "
          "exchange", "\"not shown\" (typed)"),
    Entry(ALL, "2026-12-04", "3270bbc", _BOXED),
    Entry("C1", "2026-12-04", "3270bbc", "win rate and money both compared at each player count, Bonferroni over ten "
          "comparisons; either could support the claim", "\"a small advantage, with three or more players\"",
          "a369547ae97304dc"),
    Entry("C2", "2026-12-04", "3270bbc", "the measure replaced: real choices per card laid and the share of moves "
          "that are real choices, at the engine's deal (26 cards each for two players, AMB-7), instead of passes "
          "per deal, cards per pass and sequences per deal", "\"plausible, for measurable reasons\" (typed, from "
          "passes per deal, which grow with the number of seats by construction)", "72410f10086289cc"),
    Entry("C3", "2026-12-04", "3270bbc", "threshold stated: two players against each larger table",
          "\"not borne out by frequency\"", "850f510f419a3cad"),
    Entry("C4", "2026-12-04", "3270bbc", "threshold stated: a jackpot at 1.5 times the base value",
          "\"a small jackpot\" (typed)", "1abbec0ef7617448"),
    Entry("C5", "2026-12-04", "3270bbc", "the newcomer's net through the manille against zero",
          "\"a costly card, which fits the story, but proves nothing about it\" (typed, from the share of "
          "jetons the manille moves at tables of novices and of experts)", "e292bfe1bcf2cc04"),
    Entry("C6", "2026-12-04", "3270bbc", "money decides: the advice's mean net against each other lead",
          "\"better than random, not the best\" (typed)", "8f306f3ec0ac983b"),
    Entry("C7", "2026-12-04", "3270bbc", "money decides instead of the win rate: each lead's mean net against the "
          "longest run", "the win rates' verdict of fee832c", "ef552b59f8964511"),
    Entry("C8", "2026-12-04", "3270bbc", "threshold stated: the best third minus the worst against zero",
          "\"the right matters\" (typed)", "9268d7f3f2fbcb63"),
    Entry("C9", "2026-12-04", "3270bbc", "thresholds stated: common above 50%, rare below 20%",
          "\"groups are common, and kings the commonest\" (typed)", "19e8cb57eada2d79"),
    Entry("C10", "2026-12-04", "3270bbc", "sameness tested against a margin of 10% of the new comet's value (an "
          "equivalence test) instead of against zero", "the differences read against zero (867ce3b)",
          "f8ec225c8f5e3095"),
    Entry("C11", "2026-12-04", "3270bbc", "threshold stated: \"mostly luck\" if the greedy player wins fewer than "
          "three deals in four against the random one", "\"mostly luck, as claimed, with differences between the "
          "rules\" (typed)", "b96f531fc0338aa4"),
    Entry("C12", "2026-12-04", "3270bbc", "the first hand's gain against zero and against the other seats' gains",
          "the verdict of 67616da", "9782e224e74ce11c"),
    Entry("C13", "2026-12-04", "3270bbc", "threshold stated: an evening is at most 20 deals",
          "\"a sensible length\" (typed)", "843d3d5804ab39a8"),
    Entry("C14", "2026-12-04", "3270bbc", "an experiment instead of a description: Arnold's Commit with the 8♦ out and "
          "in", "\"confirmed, and it is the suit rule that makes it work\" (typed, from the stops counted by cause)",
          "acfcd85d3e4538be"),
    Entry("C15", "2026-12-04", "3270bbc", "threshold stated: long tails of eight cards or more, a quarter of the "
          "sequences; and an experiment with the new comet's comet a stop or not",
          "\"the name fits the old game best\" (typed)", "541aceb5128b1186"),
    Entry("C14", "2026-12-04", "85ad8a8", "the two arms described as independent samples (one card fewer shuffles a "
          "different pack with the same seed), as they had always been computed; the box had said \"on the same "
          "seeds\"", "\"supported: taking the 8♦ out makes stops, though there are fewer stops in all\"",
          "acfcd85d3e4538be"),
    # ---- issue 38: designs that respect how the data hang together, and the field's library
    Entry(ALL, "2026-12-06", "d6ffe43", _LIBRARY),
    Entry("C1", "2026-12-06", "d6ffe43", "money decides: the win rate is shown and never supports a claim about money "
          "on its own; the modern game at three and four players added, for the teachers' tournament (fourteen "
          "comparisons)", "\"the data cannot decide at any player count\"; in the modern two-handed game, \"these "
          "deals cannot tell the eldest from the dealer\"", "5dc6e9d4ee326457"),
    Entry("C2", "2026-12-06", "d6ffe43", "the hand size held fixed (ten cards each at every table, the rest dead): at "
          "the engine's deal two players held 26 cards each and five ten, so the earlier verdict could not tell the "
          "player count from the hand size", "\"contradicted: the two-handed game has more real choices than every "
          "larger table, on both measures\"", "d691b519f0bab7a4"),
    Entry("C5", "2026-12-06", "d6ffe43", "the newcomer compared with an expert in the same seat on the same deals "
          "(paired by deal), not with zero, against which a random player's loss was close to built in",
          "\"the manille is costly to a newcomer, which fits the story but proves nothing about it\"",
          "eaacfc58885ef5ac"),
    Entry("C9", "2026-12-06", "d6ffe43", "the interval made cluster-robust by deal: the hands of one deal share a "
          "pack and were counted as independent", "\"with two players, groups are common; with three players, "
          "groups are neither rare nor common; with four players, groups are neither rare nor common\"",
          "7ac4177d3340c0d9"),
    Entry("C10", "2026-12-06", "d6ffe43", "paired: the same seeds deal both games, so each measure is compared deal by "
          "deal (they had been compared as independent samples, which is why the comet's share came out identical in "
          "both); and the share of deals played out the same way in both games is measured first",
          "\"the data cannot decide: within the margin in plays per deal, stops per deal and deals where the comet "
          "was played, and no difference is shown to be larger than it\"", "f6b742f66067c916"),
    Entry("C11", "2026-12-06", "d6ffe43", "the design can only contradict \"mostly luck\": a weak player's share is a "
          "lower bound on skill, so a share below three in four is \"not contradicted\", no longer \"supported\"",
          "\"supported for these players in all seven games: luck decides most deals\"", "40960b24f285beac"),
    Entry("C15", "2026-12-06", "d6ffe43", "every interval cluster-robust by deal (a deal lays out several sequences, "
          "which had been counted as independent); the experiment counted among the claim's comparisons (nine)",
          "\"manille lays out long tails, as the story of the name needs (it cannot prove the story)\"; the "
          "experiment: \"measured: the comet's stop shortens the new comet's tails\"", "ec2d39f3a913f6de"),
)
"""The record, oldest first; new entries go at the end."""


def entries_for(claim: str) -> list[Entry]:
    """The entries about ``claim`` (its own and those about every claim), oldest first."""
    return [e for e in ENTRIES if e.claim in (claim, ALL)]


def fixed(claim: str) -> Entry:
    """The entry that fixed ``claim``'s current design (its latest own entry with a fingerprint)."""
    return [e for e in ENTRIES if e.claim == claim and e.fingerprint][-1]


def _commit(e: Entry) -> str:
    return f"`{e.commit}`"


def history_markdown(claim: str) -> str:
    """The design history the claim's box ends with (MyST)."""
    last = fixed(claim)
    lines = [f"**When this test was fixed.** On {last.date} (commit {_commit(last)}), after results had been seen: "
             "the claim was first run on 2026-12-02 with no threshold stated. Every change since the first run, each "
             "with the result of the design it replaced:", ""]
    for e in entries_for(claim):
        earlier = f" Earlier result: {e.earlier}." if e.earlier else ""
        lines.append(f"- {e.date}, {_commit(e)}: {e.change}.{earlier}")
    return "\n".join(lines)


def entry_hash(e: Entry) -> str:
    """A stable hash of an entry (the frozen list in ``tests/data/design_history.sha256``)."""
    return hashlib.sha256(json.dumps(asdict(e), ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()
