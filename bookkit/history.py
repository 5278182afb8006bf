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
(``tests/data/design_history.sha256``), that the dates the entries were recorded never go back, and
that each claim's latest entry carries its current design's
:func:`~bookkit.judging.fingerprint`, which covers the design's words, its deals, its
seeds and its verdict code (its verdict functions and its branch of ``judge``): a design, a number of
deals, a seed or a verdict function edited without a new entry fails the tests.  Changes found later in the repository's history are entered at the
end too, dated by their commits and marked with the date they were recorded (:attr:`Entry.recorded`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

from comet_render.i18n import N_, book_words

__all__ = ["Entry", "ENTRIES", "entries_for", "current", "fixed", "history_markdown", "entry_hash"]

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
    """The design's fingerprint (:func:`bookkit.judging.fingerprint`) after this change (a design in code)."""
    after_results: bool = True
    """Whether the change was made after results of the claim had been seen."""
    recorded: str = ""
    """When the entry was written, if later than the change (found afterwards in the repository's history)."""
    bookkeeping: bool = False
    """An entry that changes nothing in the test: a new fingerprint of the same test, or a correction of an
    earlier entry's words."""


_FIRST = N_("first run: the measure chosen and the deals played, with 95% intervals; no threshold and no "
            "correction stated; the verdict typed by hand after the results were seen")
_BOXED = N_("the test stated in a box before the page's data: measure, comparison and threshold, the number of "
            "comparisons and their Bonferroni level, and what would support or contradict the claim; the verdict "
            "computed from the intervals. Written two days after the first run's results had been seen")
_LIBRARY = N_("every interval computed by statsmodels and scipy.stats: a mean's interval uses Student's t rather "
              "than the normal quantile, a difference of independent means Welch's t, of independent proportions "
              "Newcombe's interval (before: the two half-widths added in quadrature); proportions keep Wilson's "
              "interval; and Holm's correction across the family of fifteen claims is shown beside each claim's own")

_LATE = "2026-12-07"
_I46 = "ec024e0"
_FP = {"C1": "85a93dc046afc5c7", "C2": "ca4d62bb8391e131", "C3": "213916ce91352a2f", "C4": "1606eb52e0a77a07",
       "C5": "878be71d978f2a80", "C6": "34ae48e99c26b741", "C7": "6ec3c4571b33f991", "C8": "0c84eeb0ec044b26",
       "C9": "7c3fe14f3029f779", "C10": "9905ab20c0fb9826", "C11": "a7fcad66bd078bc1", "C12": "a91b45ee9322a171",
       "C13": "6f92c60f816787e0", "C14": "8f79bad2ed3fcd96", "C15": "30a131c3a6f10721"}
"""Each design's fingerprint as issue 46 fixed it."""
_I46R = "90f3b6f"
_FP2 = {"C1": "e3eb5bbc4d47c0b8", "C2": "43b2ead81a97df97", "C3": "bb8dd9e760718579", "C4": "cb6b500647522bbc",
        "C5": "a41b837b46250fd0", "C6": "b07278cf73230fd2", "C7": "fca631ff45b54831", "C8": "3cf779eabb15dabf",
        "C9": "c8b2afb2156f1f02", "C10": "503bb4aea8389d6a", "C11": "3ee9db96e865c6ad", "C12": "ba0dd058d9302efb",
        "C13": "4756fff2b13d74d4", "C14": "5e908a889e3f1100", "C15": "bcff7ae4c7471a64"}
"""Each design's fingerprint once it covered the claim's branch of ``judge`` (issue 46's independent reading)."""
_MORE = {"C4": "; the simulated check of the formula now has an interval that allows for the dependence of "
               "consecutive deals (the comet's value carries from one deal to the next), where it had treated them "
               "as independent",
         "C15": "; the table's mean lengths are cluster-robust by deal like its shares"}

ENTRIES: tuple[Entry, ...] = (
    Entry(ALL, "2026-12-02", "234705a", _FIRST, after_results=False),
    Entry("C1", "2026-12-02", "ece4132", "the verdict's words changed after the results: \"a small advantage, with three "
          "or more players\"", "\"a small advantage, growing with the number of players\" (typed)"),
    Entry("C11", "2026-12-02", "f38f3bb", "the verdict's words changed after the results: \"mostly luck, as claimed\"",
          "\"it depends on the rules\" (typed)"),
    Entry("C3", "2026-12-02", "bbad661", "the opera counted by an exact search for two players as well, with the "
          "dealer's reply", "\"not borne out by frequency\" (typed)"),
    Entry(ALL, "2026-12-03", "0402c27", N_("verdicts read from the 95% intervals by one function instead of typed "
                                            "(C7 and C10 kept their typed readings until the next commits)"),
          N_("the typed verdicts above")),
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
    # ---- issue 46: changes the record had missed (found in `git log -p`, recorded on 2026-12-07)
    Entry("C3", "2026-12-02", "bbad661", "the deals raised to 2,000 per player count (they had been 300, and 1,200 "
          "simulated games with two players), in the commit that counted the opera by an exact search",
          "\"not borne out by frequency\" (typed)", recorded=_LATE),
    Entry("C12", "2026-12-03", "de604f3", "the verdict's words changed after the results: the first hand \"clearly "
          "ahead\", \"a little ahead, within the noise\" or \"not ahead\" of the other seats, where they had been "
          "\"ahead of\" or \"not ahead of\" them by the point estimates", "\"not shown\": the first hand \"not ahead "
          "of the other seats without the exchange and ahead of them with it\" (34.5% of the deals against the "
          "second seat's 34.2%)", recorded=_LATE),
    Entry("C2", "2026-12-04", "411194d", "the words after the verdict changed after the results: the two-handed "
          "game's larger hand, given as the reason for its real choices, marked as a conjecture", "\"contradicted: "
          "the two-handed game has more real choices than every larger table, on both measures\", with \"a large "
          "hand leaves more to choose\" as its reason", recorded=_LATE),
    Entry("C7", "2026-12-06", "d6ffe43", "the claim's words: the advice said to be a paraphrase of an OCR page that "
          "was not kept, and the test to be of that paraphrase (they had said only \"which we have only in "
          "paraphrase\")", recorded=_LATE),
    Entry("C2", "2026-12-06", "f5a02f9", "the deals doubled, 200 to 400 per player count, in the commit that put "
          "the fixed hand size on the page, after the earlier design's results had been seen (the repository does "
          "not show whether the new design was first run on 200)", "\"contradicted: the two-handed game has more real "
          "choices than every larger table, on both measures\" (at the engine's deal)", recorded=_LATE),
    Entry("C10", "2026-12-06", "d6ffe43", "a correction of that day's entry: the comet's share had come out "
          "identical in both games because the same seeds dealt the same cards and the cards decide it, not because "
          "the games were compared as independent samples; pairing could not change it", bookkeeping=True,
          recorded=_LATE),
    # ---- issue 46: every comparison can differ, margins fixed, the fingerprint covers deals, seeds and code
    Entry(ALL, "2026-12-07", _I46, N_("each design's fingerprint now covers its words, its deals, its seeds and the "
                                      "code of its verdict functions, and the pages take their deals and seeds from "
                                      "the design, so that a change to any of them leaves an entry; a comparison whose "
                                      "interval has zero width is refused; each claim's page gives its verdict across "
                                      "the family (Holm) beside its own"), bookkeeping=True),
    Entry("C1", "2026-12-07", _I46, "the old comet alone decides, by money: four comparisons, the first hand's net "
          "at each player count (the share of deals won shown, not tested); the modern game, added after results "
          "for the teachers' tournament, is shown beside the claim and no longer enters its test or the family",
          "the old comet, \"the data cannot decide at any player count\"; the modern game, \"supported with four "
          "players; the data cannot decide with two and three players\"", _FP["C1"]),
    Entry("C2", "2026-12-07", _I46, "the note says that at a fixed hand size the dead cards differ with the player "
          "count, so the comparison is of the player count together with its dead cards (it had said the test is "
          "about the number of players alone)", "\"contradicted: the two-handed game has more real choices than "
          "every larger table, on both measures\"", _FP["C2"]),
    Entry("C7", "2026-12-07", _I46, "the claim's words: the paraphrase said to be in our notes (the words had "
          "named a digest no reader has)", "\"\"aces early\": the data cannot decide; \"high cards first\": "
          "contradicted\"", _FP["C7"]),
    Entry("C10", "2026-12-07", _I46, "three measures: the share of deals where the comet is played is shown, not "
          "tested, since the cards decide it and both games are dealt the same cards (its interval had zero width "
          "and entered the family with p = 0 as evidence of sameness); the margins fixed as numbers (±3 plays, ±0.7 "
          "stops, ±0.3 cards: a tenth of the new comet's values in the run of 2026-12-06, rounded), where they had "
          "been a tenth of each run's observed value", "\"the data cannot decide: within the margin in plays per "
          "deal, stops per deal and deals where the comet was played, and no difference is shown to be larger than "
          "it\"", _FP["C10"]),
    *(Entry(c, "2026-12-07", _I46, "the same test under the new fingerprint (its words, deals, seeds and verdict "
            "code)" + _MORE.get(c, ""), fingerprint=_FP[c], bookkeeping=True)
      for c in ("C3", "C4", "C5", "C6", "C8", "C9", "C11", "C12", "C13", "C14", "C15")),
    # ---- issue 46's independent reading: changes the record had missed (found in `git log -p`), and
    # words that said more than the test did, corrected (the tests themselves unchanged)
    Entry("C1", "2026-12-04", "93aadcb", "the figure's alt text reworded in a review of the built pages: the first "
          "hand \"ahead of\", \"behind\" or \"not distinguishable from\" its fair share became \"above\", \"below\" "
          "or \"not distinguishable from its fair share\"; the verdict unchanged", bookkeeping=True, recorded=_LATE),
    Entry("C2", "2026-12-04", "93aadcb", "our translation's quotation marks changed in a review of the built pages "
          "(\"too dull\" to 'too dull'); the test unchanged", bookkeeping=True, recorded=_LATE),
    Entry("C14", "2026-12-04", "85ad8a8", "a correction of that day's entry: the two arms are not independent "
          "samples. One card fewer shuffles a different pack, but the same seed shuffles both packs alike and the "
          "random players draw from the same seeds, so the arms' results are correlated; Welch's interval, which "
          "treats them as independent, then errs one way or the other (towards \"the data cannot decide\" when the "
          "correlation is positive)", bookkeeping=True, recorded=_LATE),
    Entry(ALL, "2026-12-07", _I46R, N_("each design's fingerprint also covers the claim's branch of the function "
                                       "that routes its recorded comparisons to its verdict (bookkit.judging.judge: "
                                       "C11's verdict reads only its comparisons against three in four, C10's the "
                                       "share of deals played alike), so that a change there leaves an entry"),
          bookkeeping=True),
    Entry("C2", "2026-12-07", _I46R, "the note's \"Real choices grow with the hand size\", which no deal of the "
          "page measures, said to be likely and not measured; the test unchanged", fingerprint=_FP2["C2"],
          bookkeeping=True),
    Entry("C9", "2026-12-07", _I46R, "the comparison's words corrected to the test as it has run since 3270bbc: "
          "each player count's share against the thresholds, three comparisons (they had said \"the two-handed "
          "share\", while the verdict read all three player counts); the test unchanged", fingerprint=_FP2["C9"],
          bookkeeping=True),
    Entry("C10", "2026-12-07", _I46R, "the margins' words: the run of 2026-12-06 played the same seed, so the "
          "margins are a tenth of the new comet's values on the very deals C10 tests, taken once after results had "
          "been seen (the words had said only that they \"do not move with the data\"); the test unchanged",
          fingerprint=_FP2["C10"], bookkeeping=True),
    Entry("C13", "2026-12-07", _I46R, "the box counted its matches to 121 as deals (a match takes several); it says "
          "matches now; the test unchanged", fingerprint=_FP2["C13"], bookkeeping=True),
    Entry("C14", "2026-12-07", _I46R, "the words: the arms are played on the same seeds, and are neither the same "
          "deals nor independent; the comparison is still Welch's interval, as for independent samples, and the "
          "page gives the correlation of the arms' stops per deal, which says which way that interval errs; the "
          "test unchanged", fingerprint=_FP2["C14"], bookkeeping=True),
    *(Entry(c, "2026-12-07", _I46R, N_("the same test under the new fingerprint (its branch of judge added)"),
            fingerprint=_FP2[c], bookkeeping=True)
      for c in ("C1", "C3", "C4", "C5", "C6", "C7", "C8", "C11", "C12", "C15")),
)
"""The record, in the order the entries were recorded; new entries go at the end."""


def entries_for(claim: str) -> list[Entry]:
    """The entries about ``claim`` (its own and those about every claim), by the date of the change."""
    return sorted((e for e in ENTRIES if e.claim in (claim, ALL)), key=lambda e: e.date)


def current(claim: str) -> Entry:
    """``claim``'s latest own entry with a fingerprint: it must carry the design's fingerprint today."""
    return [e for e in ENTRIES if e.claim == claim and e.fingerprint][-1]


def fixed(claim: str) -> Entry:
    """The entry that fixed ``claim``'s current test: its latest own entry with a fingerprint that
    changed the test (a new fingerprint of the same test does not)."""
    return [e for e in ENTRIES if e.claim == claim and e.fingerprint and not e.bookkeeping][-1]


def _commit(e: Entry) -> str:
    return f"`{e.commit}`"


def history_markdown(claim: str, lang: str = "en") -> str:
    """The design history the claim's box ends with (MyST); in ``lang``, its sentences and each entry's
    words as :func:`bookkit.design_words.design_text` translates them (the entries themselves, which are hashed,
    stay English)."""
    from bookkit.design_words import design_text

    _ = book_words(lang)
    last = fixed(claim)
    lines = [_(FIXED_ON, date=last.date, commit=_commit(last)), ""]
    for e in entries_for(claim):
        earlier = " " + _(EARLIER, result=design_text(e.earlier, lang)) if e.earlier else ""
        late = " " + _(RECORDED, date=e.recorded) if e.recorded else ""
        lines.append(_(ENTRY_LINE, date=e.date, commit=_commit(e), change=design_text(e.change, lang)) + earlier + late)
    return "\n".join(lines)


SAME_FINGERPRINT = N_("the same test under the new fingerprint (its words, deals, seeds and verdict code)")
"""The entry of 2026-12-07 for each claim whose test did not change (:data:`ENTRIES`, with a claim's own addition)."""
FIXED_ON = N_("**When this test was fixed.** On {date} (commit {commit}), after results had been seen: the claim was "
              "first run on 2026-12-02 with no threshold stated. Every change since the first run, each with the "
              "result of the design it replaced:")
ENTRY_LINE = N_("- {date}, {commit}: {change}.")
EARLIER = N_("Earlier result: {result}.")
RECORDED = N_("(Recorded on {date}, from the repository's history.)")
"""The sentences of :func:`history_markdown`, in the book's catalogs."""


def entry_hash(e: Entry) -> str:
    """A stable hash of an entry (the frozen list in ``tests/data/design_history.sha256``).  The fields added
    later (:attr:`Entry.recorded`, :attr:`Entry.bookkeeping`) count only when set, so that the entries
    frozen before them keep their hashes."""
    fields = asdict(e)
    for name, default in (("recorded", ""), ("bookkeeping", False)):
        if fields[name] == default:
            del fields[name]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()
