"""The fifteen claims of the analysis chapter, each tested like a small study.

For every claim (C1 to C15) this module holds:

* its :class:`Design` (in :mod:`bookkit.designs`, re-exported here), which the page prints in a box
  above the claim's data: the claim in the source's own words (with our translation), the measure,
  the comparison and its threshold, how many comparisons the claim makes (so the Bonferroni level of
  each interval), and the deals it plays;
* its verdict function (``verdict_c1`` ...), which reads the estimates against the threshold
  and returns a :class:`Finding`: ``"supported"``, ``"contradicted"`` or ``"cannot decide"``
  (some claims name their outcomes otherwise), with the words the page and the figure's alt
  text show.  "Cannot be told apart" never becomes "the same": a claim of sameness (C10) is
  supported only when the whole interval of the difference lies inside a margin fixed in its design.

The thresholds are the constants below; the design's words are made from them, so the page
states the very number the verdict uses.  ``tests/test_verdicts.py`` feeds each verdict
function data on both sides of its threshold and checks that the verdict changes.

Each verdict is about the engine's players (greedy, random, or a lead policy) and the engine's
readings of the rules; the pages say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from bookkit.designs import (C1_EDGE, C1_MODERN_PLAYERS, C1_PLAYERS, C2_HAND, C4_JACKPOT, C9_COMMON, C9_RARE,
                             C10_MARGINS, C11_MOSTLY, C13_EVENING, C15_LONG, C15_SHARE, DESIGNS, Design, design)
from bookkit.markdown import and_list, number_word
from bookkit.stats import Estimate, verdict_of, within
from comet_render.i18n import N_

__all__ = ["Design", "Finding", "DESIGNS", "design", "SUPPORTED", "CONTRADICTED", "UNDECIDED", "OUTCOME_WORDS",
           "C1_PLAYERS", "C1_MODERN_PLAYERS", "C1_EDGE", "C2_HAND", "C4_JACKPOT", "C9_COMMON", "C9_RARE", "C10_MARGINS",
           "C11_MOSTLY", "C13_EVENING", "C15_LONG", "C15_SHARE", "players_text",
           "verdict_c1", "c1_alt", "verdict_c2", "verdict_c3", "verdict_c4", "verdict_c5",
           "verdict_c6", "verdict_c7", "verdict_c8", "verdict_c9", "verdict_c10", "verdict_c11", "c11_alt",
           "verdict_c12", "verdict_c13", "verdict_c14", "verdict_c15", "verdict_c15_cause",
           "Rule", "rule_of", "decided", "combined", "POLICY_NAMES"]

SUPPORTED, CONTRADICTED, UNDECIDED = "supported", "contradicted", "cannot decide"
OUTCOME_WORDS = {SUPPORTED: N_("supported"), CONTRADICTED: N_("contradicted"), UNDECIDED: N_("the data cannot decide")}
"""How an outcome reads; a claim may have outcomes of its own ("mixed", "partial", "void", C9's
"common", "rare", "neither")."""

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


def verdict_c1(pay: Mapping[int, Estimate]) -> Finding:
    """C1: at each player count ``n`` of the old comet, the first hand's mean net ``pay[n]`` against
    zero decides (intervals at the claim's Bonferroni level): an advantage in a game paid in jetons is
    an advantage in money.  The win rate is shown beside it (:func:`c1_alt`) and never decides: a
    higher share of deals won with a net that cannot be told from zero supports nothing (the deals it
    wins may pay little)."""
    parts = {str(n): {"above": SUPPORTED, "below": CONTRADICTED, "undecided": UNDECIDED}[_side(pay[n], 0.0)]
             for n in pay}
    ahead = [n for n in pay if parts[str(n)] == SUPPORTED]
    behind = [n for n in pay if parts[str(n)] == CONTRADICTED]
    open_ = [n for n in pay if parts[str(n)] == UNDECIDED]
    if len(ahead) == len(pay):
        return Finding(SUPPORTED, "supported at every player count: the first hand gains money", parts)
    if len(behind) == len(pay):
        return Finding(CONTRADICTED, "contradicted at every player count: the first hand loses money", parts)
    if len(open_) == len(pay):
        return Finding(UNDECIDED, "the data cannot decide at any player count", parts)
    bits = []
    if ahead:
        bits.append(f"supported with {players_text(ahead)}")
    if behind:
        bits.append(f"contradicted with {players_text(behind)}")
    if open_:
        bits.append(f"the data cannot decide with {players_text(open_)}")
    outcome = "mixed" if ahead and behind else "partial"
    return Finding(outcome, "; ".join(bits), parts)


def c1_alt(first: Mapping[int, Estimate], finding: Finding) -> str:
    """The C1 figure's alt text, from what the figure shows (the first hand's share of the deals
    against its fair share, at each player count) and the verdict, which money decides."""
    groups: dict[str, list[int]] = {"above": [], "below": [], "undecided": []}
    for n, est in first.items():
        groups[_side(est, 1 / n)].append(n)
    bits = []
    if groups["above"]:
        bits.append(f"above its fair share with {players_text(groups['above'])}")
    if groups["below"]:
        bits.append(f"below its fair share with {players_text(groups['below'])}")
    if groups["undecided"]:
        bits.append(f"not distinguishable from its fair share with {players_text(groups['undecided'])}")
    return ("Share of deals won by each position in the old comet, two to five players, greedy players, with "
            "Bonferroni intervals and a dotted line at the fair share. The first hand's share is " + and_list(bits)
            + f". The verdict, which its money decides: {finding.headline}.")


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
    """C5: the newcomer's mean net through the manille's own payments minus an expert's in the same
    seat on the same deals (paired by deal), and the same for the whole net."""
    side = _side(manille, 0.0)
    parts = {"manille": side, "whole": _side(whole, 0.0)}
    if side == "below":
        return Finding(SUPPORTED, "the manille costs a newcomer more than it costs an expert in the same seat, which "
                       "fits the story but proves nothing about it", parts)
    if side == "above":
        return Finding(CONTRADICTED, "the newcomer loses less through the manille than an expert in its seat: these "
                       "deals do not fit the story", parts)
    return Finding(UNDECIDED, "the data cannot decide whether the manille costs a newcomer more than an expert",
                   parts)


POLICY_NAMES = {"highest": N_("the highest card"), "aces-first": N_("an ace first"), "lowest": N_("the lowest card"),
                "random": N_("a card at random")}


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


def verdict_c10(diffs: Mapping[str, Estimate], identical: float = 0.0,
                margins: Mapping[str, float] = C10_MARGINS) -> Finding:
    """C10: each measure's paired difference (modern minus the new comet, the same seeds dealing
    both) against ``±margins[measure]``, the design's fixed margins.  ``identical`` is the share of
    seeds whose two deals were played out the same way: if every deal was, the arms do not differ by
    the rules compared and the test is void."""
    if identical >= 1.0:
        return Finding("void", "void: both games were played out the same way in every deal, so these deals do "
                       "not compare their rules", {m: "void" for m in diffs})
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
    """C11: per game (by name), the greedy player's share of the deals against the random one,
    against ``threshold``.  A weak player's share is a lower bound on what skill can do, so the
    design can contradict "mostly luck" (the interval wholly above the threshold: even this player
    wins most deals) but never support it: below the threshold, a stronger player might still win
    more.  Such a game is "not contradicted", which is not support."""
    parts = {g: CONTRADICTED if _side(e, threshold) == "above" else UNDECIDED for g, e in shares.items()}
    skill = [g for g, p in parts.items() if p == CONTRADICTED]
    n = number_word(len(parts))
    bound = ("a weak player's share is only a lower bound on what skill can do, so these deals cannot support "
             "\"mostly luck\"")
    if len(skill) == len(parts):
        return Finding(CONTRADICTED, f"contradicted in all {n} games: even this weak player wins most deals", parts)
    if skill:
        return Finding("partial", f"contradicted in {and_list(skill)}, where even this weak player wins most deals; "
                       f"not contradicted in the other {number_word(len(parts) - len(skill))}, where {bound}", parts)
    return Finding(UNDECIDED, f"not contradicted in any of the {n} games; but {bound}", parts)


def c11_alt(shares: Mapping[str, Estimate], finding: Finding) -> str:
    """The C11 figure's alt text, from the intervals it draws and the verdict."""
    by: dict[str, list[str]] = {"above": [], "below": [], "undecided": []}
    for g, e in shares.items():
        by[_side(e, C11_MOSTLY)].append(g)
    bits = []
    mostly = f"{C11_MOSTLY:.0%}"
    if by["below"]:
        bits.append(f"wholly below {mostly} in " + and_list(by["below"]))
    if by["above"]:
        bits.append(f"wholly above {mostly} in " + and_list(by["above"]))
    if by["undecided"]:
        bits.append(f"across {mostly} in " + and_list(by["undecided"]))
    return (f"Bar chart of the greedy player's share of two-handed deals won against a random player in "
            f"{number_word(len(shares))} games, with Bonferroni intervals and lines at one half and at {mostly}. "
            "The interval lies " + "; ".join(bits) + f". The verdict: {finding.headline}.")


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



# ------------------------------------------------------------------ one entry point per claim
Rule = tuple[Any, ...]
"""How a comparison decides: ``("vs", ref)`` (its interval wholly above or below ``ref``),
``("bands", rare, common)`` (C9), ``("margin", m)`` (C10: within ±m or wholly outside it),
``("at-most", t)`` (C13: wholly at or below ``t``, or wholly above)."""


def rule_of(claim: str, name: str, extra: Mapping[str, Any] | None = None) -> Rule:
    """The rule by which comparison ``name`` of ``claim`` decides (see :data:`Rule`)."""
    extra = extra or {}
    if claim == "C9":
        return ("bands", C9_RARE, C9_COMMON)
    if claim == "C10":
        return ("margin", C10_MARGINS[name])
    if claim == "C11":
        return ("vs", C11_MOSTLY) if name.endswith("vs 3/4") else ("vs", 0.5)
    if claim == "C13":
        return ("at-most", float(C13_EVENING))
    if claim == "C15" and name == "manille":
        return ("vs", C15_SHARE)
    return ("vs", 0.0)


def decided(est: Estimate, rule: Rule) -> bool:
    """Whether ``est``'s interval decides its comparison under ``rule``."""
    kind = rule[0]
    if kind == "vs":
        return bool(est.low > rule[1] or est.high < rule[1])
    if kind == "bands":
        rare, common = rule[1], rule[2]
        return bool(est.low > common or est.high < rare or (est.low > rare and est.high < common))
    if kind == "margin":
        return within(est, -rule[1], rule[1]) != "undecided"
    if kind == "at-most":
        return bool(est.high <= rule[1] or est.low > rule[1])
    raise ValueError(f"unknown rule {rule!r}")


def combined(parts: Sequence[tuple[str, Finding]]) -> Finding:
    outcomes = {f.outcome for _, f in parts}
    outcome = outcomes.pop() if len(outcomes) == 1 else "mixed"
    return Finding(outcome, "; ".join(f"{label}, {f.headline}" if label else f.headline for label, f in parts),
                   {f"{label}: {k}": v for label, f in parts for k, v in f.parts.items()})
