"""The fifteen claims of the analysis chapter, each tested like a small study.

For every claim (C1 to C15) this module holds:

* its :class:`Design` (in :mod:`bookkit.designs`, re-exported here), which the page prints *before* the data: the claim in the source's own
  words (with our translation), the measure, the comparison and its threshold, and how many
  comparisons the claim makes, so the Bonferroni level of each interval;
* its verdict function (``verdict_c1`` ...), which reads the estimates against the threshold
  and returns a :class:`Finding`: ``"supported"``, ``"contradicted"`` or ``"cannot decide"``
  (some claims name their outcomes otherwise), with the words the page and the figure's alt
  text show.  "Cannot be told apart" never becomes "the same": a claim of sameness (C10) is
  supported only when the whole interval of the difference lies inside a margin stated first.

The thresholds are the constants below; the design's words are made from them, so the page
states the very number the verdict uses.  ``tests/test_verdicts.py`` feeds each verdict
function data on both sides of its threshold and checks that the verdict changes.

Each verdict is about the engine's players (greedy, random, or a lead policy) and the engine's
readings of the rules; the pages say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from bookkit.designs import (C1_PLAYERS, C4_JACKPOT, C9_COMMON, C9_RARE, C10_MARGIN, C11_MOSTLY, C13_EVENING,
                             C15_LONG, C15_SHARE, DESIGNS, Design, design)
from bookkit.markdown import and_list, number_word
from bookkit.stats import Estimate, verdict_of, within

__all__ = ["Design", "Finding", "DESIGNS", "design", "SUPPORTED", "CONTRADICTED", "UNDECIDED", "OUTCOME_WORDS",
           "C1_PLAYERS", "C4_JACKPOT", "C9_COMMON", "C9_RARE", "C10_MARGIN", "C11_MOSTLY", "C13_EVENING",
           "C15_LONG", "C15_SHARE", "players_text",
           "verdict_c1", "verdict_c1_modern", "c1_alt", "verdict_c2", "verdict_c3", "verdict_c4", "verdict_c5",
           "verdict_c6", "verdict_c7", "verdict_c8", "verdict_c9", "verdict_c10", "verdict_c11", "c11_alt",
           "verdict_c12", "verdict_c13", "verdict_c14", "verdict_c15", "verdict_c15_cause"]

SUPPORTED, CONTRADICTED, UNDECIDED = "supported", "contradicted", "cannot decide"
OUTCOME_WORDS = {SUPPORTED: "supported", CONTRADICTED: "contradicted", UNDECIDED: "the data cannot decide"}

# ------------------------------------------------------------------ findings
@dataclass(frozen=True)
class Finding:
    """A claim's verdict, read from its estimates."""

    outcome: str
    """``"supported"``, ``"contradicted"``, ``"cannot decide"``, or a claim's own word for a decided result."""
    headline: str
    """The verdict as the page prints it."""
    parts: Mapping[str, str] = field(default_factory=dict)
    """Each comparison's own outcome (by player count, variant, measure...)."""


def players_text(ns: Sequence[int]) -> str:
    """``[2, 5]`` -> ``"two and five players"``."""
    return and_list([number_word(n) for n in ns], empty="no player count") + (" players" if ns else "")


def _side(est: Estimate, ref: float) -> str:
    """``"above"``, ``"below"`` or ``"undecided"``: where an interval lies against a reference."""
    return {"better": "above", "worse": "below", "no different": "undecided"}[verdict_of(est, ref)]


def _above_supports(est: Estimate, ref: float, above: str, below: str, undecided: str) -> Finding:
    """A claim supported when ``est`` lies wholly above ``ref``, contradicted when wholly below,
    each outcome with its headline."""
    side = _side(est, ref)
    if side == "above":
        return Finding(SUPPORTED, above)
    if side == "below":
        return Finding(CONTRADICTED, below)
    return Finding(UNDECIDED, undecided)


def verdict_c1(first: Mapping[int, Estimate], pay: Mapping[int, Estimate]) -> Finding:
    """C1: at each player count ``n``, the first hand's win rate ``first[n]`` against ``1/n`` and its
    mean net ``pay[n]`` against zero (intervals at the claim's Bonferroni level)."""
    parts: dict[str, str] = {}
    for n in first:
        sides = {_side(first[n], 1 / n), _side(pay[n], 0.0)}
        if "above" in sides and "below" not in sides:
            parts[str(n)] = SUPPORTED
        elif "below" in sides and "above" not in sides:
            parts[str(n)] = CONTRADICTED
        else:
            parts[str(n)] = UNDECIDED
    ahead = [n for n in first if parts[str(n)] == SUPPORTED]
    behind = [n for n in first if parts[str(n)] == CONTRADICTED]
    open_ = [n for n in first if parts[str(n)] == UNDECIDED]
    if len(ahead) == len(first):
        return Finding(SUPPORTED, "supported at every player count", parts)
    if len(behind) == len(first):
        return Finding(CONTRADICTED, "contradicted at every player count: the first hand is behind", parts)
    if len(open_) == len(first):
        return Finding(UNDECIDED, "the data cannot decide at any player count", parts)
    bits = []
    if ahead:
        bits.append(f"supported with {players_text(ahead)}")
    if behind:
        bits.append(f"contradicted with {players_text(behind)}")
    if open_:
        bits.append(f"the data cannot decide with {players_text(open_)}")
    outcome = SUPPORTED if ahead and not behind and not open_ else UNDECIDED if not ahead and not behind else "mixed"
    return Finding(outcome, "; ".join(bits), parts)


def verdict_c1_modern(first: Estimate, pay: Estimate) -> Finding:
    """C1 in the modern two-handed game: the eldest's win rate against one half, its mean net against zero."""
    sides = {_side(first, 0.5), _side(pay, 0.0)}
    if "above" in sides and "below" not in sides:
        return Finding(SUPPORTED, "the eldest did better than the dealer")
    if "below" in sides and "above" not in sides:
        return Finding(CONTRADICTED, "the eldest did worse than the dealer")
    return Finding(UNDECIDED, "these deals cannot tell the eldest from the dealer")


def c1_alt(finding: Finding) -> str:
    """The C1 figure's alt text, from the verdict it illustrates."""
    groups = {SUPPORTED: [], CONTRADICTED: [], UNDECIDED: []}  # type: dict[str, list[int]]
    for n, outcome in finding.parts.items():
        groups[outcome].append(int(n))
    bits = []
    if groups[SUPPORTED]:
        bits.append(f"above its fair share with {players_text(groups[SUPPORTED])}")
    if groups[CONTRADICTED]:
        bits.append(f"below its fair share with {players_text(groups[CONTRADICTED])}")
    if groups[UNDECIDED]:
        bits.append(f"not distinguishable from its fair share with {players_text(groups[UNDECIDED])}")
    return ("Share of deals won by each position in the old comet, two to five players, greedy players, with "
            "Bonferroni intervals and a dotted line at the fair share. The first hand is " + and_list(bits) + ".")


def verdict_c2(diffs: Mapping[str, Mapping[int, Estimate]]) -> Finding:
    """C2: for each measure, the differences two players minus ``n`` players (``n`` = 3, 4, 5)."""
    parts: dict[str, str] = {}
    for measure, by_n in diffs.items():
        sides = {_side(d, 0.0) for d in by_n.values()}
        parts[measure] = ("fewer" if sides == {"below"} else "more" if sides == {"above"} else UNDECIDED)
    values = set(parts.values())
    if values == {"fewer"}:
        return Finding(SUPPORTED, "supported: the two-handed game has fewer real choices than every larger table",
                       parts)
    if values == {"more"}:
        return Finding(CONTRADICTED, "contradicted: the two-handed game has more real choices than every larger "
                       "table, on both measures", parts)
    return Finding(UNDECIDED, "the data cannot decide: the measures do not all point the same way", parts)


def verdict_c3(diffs: Mapping[int, Estimate]) -> Finding:
    """C3: the eldest's one-turn share with two players minus that with ``n`` players."""
    sides = {n: _side(d, 0.0) for n, d in diffs.items()}
    parts = {str(n): s for n, s in sides.items()}
    if all(s == "above" for s in sides.values()):
        return Finding(SUPPORTED, "supported for frequency: an opera is more frequent with two players than with "
                       "more", parts)
    below = [n for n, s in sides.items() if s == "below"]
    if below:
        return Finding(CONTRADICTED, f"contradicted for frequency: an opera is less frequent with two players than "
                       f"with {players_text(below)}", parts)
    return Finding(UNDECIDED, "the data cannot decide whether an opera is more frequent with two players", parts)


def verdict_c4(ratios: Mapping[int, float], threshold: float = C4_JACKPOT) -> Finding:
    """C4: the comet's exact mean value over its base value, by player count."""
    big = [n for n, r in ratios.items() if r >= threshold]
    parts = {str(n): ("jackpot" if r >= threshold else "small") for n, r in ratios.items()}
    if big:
        return Finding(SUPPORTED, f"a real jackpot with {players_text(big)}", parts)
    return Finding(CONTRADICTED, "a small jackpot at every player count: an occasional swing, not a fortune", parts)


def verdict_c5(manille: Estimate, whole: Estimate) -> Finding:
    """C5: the newcomer's mean net through the manille's payments (and in all), against zero."""
    side = _side(manille, 0.0)
    parts = {"manille": side, "whole": _side(whole, 0.0)}
    if side == "below":
        return Finding(SUPPORTED, "the manille is costly to a newcomer, which fits the story but proves nothing "
                       "about it", parts)
    if side == "above":
        return Finding(CONTRADICTED, "the newcomer gains by the manille: these deals do not fit the story", parts)
    return Finding(UNDECIDED, "the data cannot decide whether the manille costs a newcomer anything", parts)


POLICY_NAMES = {"highest": "the highest card", "aces-first": "an ace first", "lowest": "the lowest card",
                "random": "a card at random"}


def verdict_c6(advice: Mapping[str, Estimate]) -> Finding:
    """C6: the advice's mean net per deal against each other lead policy (``"random"`` among them)."""
    parts = {p: _side(e, 0.0) for p, e in advice.items()}
    beats = [p for p, s in parts.items() if s == "above"]
    loses = [p for p, s in parts.items() if s == "below"]
    open_ = [p for p, s in parts.items() if s == "undecided"]
    tail = []
    if [p for p in beats if p != "random"]:
        tail.append("it beats leading " + and_list(POLICY_NAMES[p] for p in beats if p != "random"))
    if loses and loses != ["random"]:
        tail.append("it loses to leading " + and_list(POLICY_NAMES[p] for p in loses if p != "random"))
    if [p for p in open_ if p != "random"]:
        tail.append("the data cannot decide against leading " + and_list(POLICY_NAMES[p] for p in open_ if p != "random"))
    rest = ("; " + "; ".join(tail)) if tail else ""
    if parts.get("random") == "above":
        return Finding(SUPPORTED, "supported: the advice beats a random lead" + rest, parts)
    if parts.get("random") == "below":
        return Finding(CONTRADICTED, "contradicted: a random lead beats the advice" + rest, parts)
    return Finding(UNDECIDED, "the data cannot decide between the advice and a random lead" + rest, parts)


def verdict_c7(aces: Estimate, highest: Estimate) -> Finding:
    """C7: the mean net per deal of leading an ace first, and of leading the highest card, each against
    leading the longest run (positive: the dictionary's lead did better)."""
    parts = {"aces": _side(aces, 0.0), "highest": _side(highest, 0.0)}
    word = {"above": SUPPORTED, "below": CONTRADICTED, "undecided": UNDECIDED}
    a, h = word[parts["aces"]], word[parts["highest"]]
    headline = f"\"aces early\": {OUTCOME_WORDS[a]}; \"high cards first\": {OUTCOME_WORDS[h]}"
    return Finding(a if a == h else "mixed", headline, parts)


def verdict_c8(best_minus_worst: Estimate) -> Finding:
    """C8: the first hand's mean net with its best third of hands minus its worst third."""
    return _above_supports(best_minus_worst, 0.0,
                           "the right can matter: the first hand's result follows the worth of its hand",
                           "contradicted: the first hand did worse with its better hands",
                           "the data cannot decide whether a bad hand costs the first hand anything")


def verdict_c9(share: Estimate, common: float = C9_COMMON, rare: float = C9_RARE) -> Finding:
    """C9: the share of two-handed hands holding a group, against the common and rare thresholds."""
    if share.low > common:
        return Finding("common", "groups are common")
    if share.high < rare:
        return Finding("rare", "groups are rare")
    if share.low > rare and share.high < common:
        return Finding("neither", "groups are neither rare nor common")
    return Finding(UNDECIDED, "the data cannot decide how common groups are")


def verdict_c10(diffs: Mapping[str, Estimate], margins: Mapping[str, float]) -> Finding:
    """C10: each measure's difference (modern minus 1752) against ``±margins[measure]``."""
    parts = {m: within(d, -margins[m], margins[m]) for m, d in diffs.items()}
    same = [m for m, p in parts.items() if p == "within"]
    apart = [m for m, p in parts.items() if p == "outside"]
    if len(same) == len(parts):
        return Finding(SUPPORTED, "supported: the play is almost the same on every measure", parts)
    if apart:
        return Finding(CONTRADICTED, f"contradicted: the games differ by more than the margin in "
                       f"{and_list(apart)}", parts)
    if same:
        return Finding(UNDECIDED, f"the data cannot decide: within the margin in {and_list(same)}, and no "
                       "difference is shown to be larger than it", parts)
    return Finding(UNDECIDED, "the data cannot decide: no difference is shown to be within the margin or beyond it",
                   parts)


def verdict_c11(shares: Mapping[str, Estimate], threshold: float = C11_MOSTLY) -> Finding:
    """C11: per game (by name), the greedy player's share of deals against ``threshold``."""
    parts = {g: {"below": SUPPORTED, "above": CONTRADICTED, "undecided": UNDECIDED}[_side(e, threshold)]
             for g, e in shares.items()}
    luck = [g for g, p in parts.items() if p == SUPPORTED]
    skill = [g for g, p in parts.items() if p == CONTRADICTED]
    n = number_word(len(parts))
    if len(luck) == len(parts):
        return Finding(SUPPORTED, f"supported for these players in all {n} games: luck decides most deals", parts)
    if len(skill) == len(parts):
        return Finding(CONTRADICTED, f"contradicted in all {n} games: skill decides most deals", parts)
    bits = []
    if luck:
        bits.append(f"supported for these players in {number_word(len(luck))} of the {n} games")
    if skill:
        bits.append(f"contradicted in {number_word(len(skill))}")
    open_ = len(parts) - len(luck) - len(skill)
    if open_:
        bits.append(f"the data cannot decide in {number_word(open_)}")
    return Finding("mixed" if luck and skill else UNDECIDED if not luck and not skill else "partial",
                   "; ".join(bits), parts)


def c11_alt(shares: Mapping[str, Estimate], finding: Finding) -> str:
    """The C11 figure's alt text, from its verdicts."""
    by = {o: [g for g, p in finding.parts.items() if p == o] for o in (SUPPORTED, CONTRADICTED, UNDECIDED)}
    bits = []
    if by[SUPPORTED]:
        bits.append("wholly below three in four in " + and_list(by[SUPPORTED]))
    if by[CONTRADICTED]:
        bits.append("wholly above three in four in " + and_list(by[CONTRADICTED]))
    if by[UNDECIDED]:
        bits.append("across three in four in " + and_list(by[UNDECIDED]))
    return (f"Bar chart of the greedy player's share of two-handed deals won against a random player in "
            f"{number_word(len(shares))} games, with Bonferroni intervals and dotted lines at one half and three in "
            "four. The interval lies " + "; ".join(bits) + ".")


def verdict_c12(gain: Estimate, over_others: Mapping[str, Estimate]) -> Finding:
    """C12: the first hand's gain in win rate from the exchange, and that gain minus each other
    position's gain."""
    side = _side(gain, 0.0)
    parts = {"gain": side, **{k: _side(d, 0.0) for k, d in over_others.items()}}
    if side == "above" and all(_side(d, 0.0) == "above" for d in over_others.values()):
        return Finding(SUPPORTED, "supported: the exchange helps the first hand, and more than the others", parts)
    if side == "below":
        return Finding(CONTRADICTED, "contradicted: the first hand does worse with the exchange", parts)
    return Finding(UNDECIDED, "the data cannot decide whether the exchange helps the first hand most", parts)


def verdict_c13(mean: Estimate, evening: float = C13_EVENING) -> Finding:
    """C13: the mean number of deals to 121 against an evening's ``evening`` deals."""
    if mean.high <= evening:
        return Finding(SUPPORTED, "an evening's game")
    if mean.low > evening:
        return Finding(CONTRADICTED, "longer than an evening")
    return Finding(UNDECIDED, "the data cannot decide whether a game to 121 fits an evening")


def verdict_c14(card_stops: Estimate, all_stops: Estimate) -> Finding:
    """C14: with the 8♦ out minus with it in: stops made by a missing successor, and all stops."""
    side = _side(card_stops, 0.0)
    total = _side(all_stops, 0.0)
    parts = {"card": side, "all": total}
    extra = {"above": "and it adds to the stops in all", "below": "though there are fewer stops in all",
             "undecided": "though whether it adds to the stops in all, the data cannot decide"}[total]
    if side == "above":
        return Finding(SUPPORTED, f"supported: taking the 8♦ out makes stops, {extra}", parts)
    if side == "below":
        return Finding(CONTRADICTED, "contradicted: taking the 8♦ out makes fewer such stops", parts)
    return Finding(UNDECIDED, "the data cannot decide whether taking the 8♦ out makes stops", parts)


def verdict_c15(share: Estimate, threshold: float = C15_SHARE) -> Finding:
    """C15: the share of manille's sequences that are long tails, against ``threshold``."""
    return _above_supports(share, threshold,
                           "manille lays out long tails, as the story of the name needs (it cannot prove the story)",
                           "manille's tails are mostly short: these deals do not fit the story of the name",
                           "the data cannot decide whether manille's tails are long")


def verdict_c15_cause(longer_without_stop: Estimate) -> Finding:
    """C15's experiment: the new comet's long-tail share with the comet not a stop, minus with it a stop."""
    return _above_supports(longer_without_stop, 0.0, "measured: the comet's stop shortens the new comet's tails",
                           "measured: the comet's stop lengthens the tails, if anything",
                           "the experiment cannot tell whether the comet's stop shortens the tails")

