"""The studies of the analysis pages: players that follow one piece of period advice, deals
played in-process, and the counts behind claims C3 to C13.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any, Sequence

from bookkit.stats import Estimate, mean_ci
from comet.agents import GreedyAgent, decide, greedy_play, hand_quality
from comet.match import Match
from comet.plays import CARDS, Play
from comet.round import Round, resolve_variant
from comet.settlement import can_go_out_in_one_turn
from comet.variant import Variant
from comet.view import RoundView
from comet_render.i18n import N_

__all__ = ["LeadPolicyAgent", "ChoiceTally", "choice_values", "choice_measures", "choice_games", "group_hands", "play_deals", "manille_share", "manille_net", "comet_dead_probability", "escalation_values",
           "opera_chances", "group_chances", "match_pegging", "match_lengths", "first_hand_by_quality",
           "first_hand_net_by_quality", "GROUPS"]

# ---------------------------------------------------------------- strategies (C6, C7)
def _longest_run_from(ranks: Counter[int], rank: int) -> int:
    k = 0
    while ranks.get(rank + k, 0):
        k += 1
    return k


class LeadPolicyAgent:
    """Plays like :class:`~comet.agents.GreedyAgent` except on a free lead, where it follows
    one of the period's pieces of advice (or none):

    * ``"longest-run"``: the low end of the longest ascending run (S0, S1; claim C6);
    * ``"highest"``: the highest card, to shed pips (Enc; claim C7);
    * ``"aces-first"``: an ace if held, else the low end of the longest run (Enc; C7);
    * ``"lowest"``: the lowest card;
    * ``"random"``: any card at random.

    Wild cards and kings are never led while another card can be (kings regain the lead).
    """

    POLICIES = ("longest-run", "highest", "aces-first", "lowest", "random")

    def __init__(self, policy: str = "longest-run", seed: Any = None) -> None:
        if policy not in self.POLICIES:
            raise ValueError(f"policy is one of {', '.join(self.POLICIES)}, not {policy!r}")
        self.policy = policy
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = policy

    def spawn(self, seed: Any) -> "LeadPolicyAgent":
        return LeadPolicyAgent(self.policy, seed)

    def choose(self, view: RoundView) -> Play:
        legal = list(view.legal)
        singles = [p for p in legal if p.kind is CARDS and p.wild is None and len(p.cards) == 1]
        if view.targets is not None or not singles:
            return greedy_play(view.hand, legal, view.targets, view.rules, view.wilds)
        plain = [p for p in singles if p.cards[0].rank != 13] or singles
        ranks: Counter[int] = Counter(c.rank for c in view.hand if c not in view.wilds)
        if self.policy == "random":
            return plain[self.rng.randrange(len(plain))]
        if self.policy == "highest":
            return max(plain, key=lambda p: (p.cards[0].pips, p.cards[0].rank))
        if self.policy == "lowest":
            return min(plain, key=lambda p: p.cards[0].rank)
        if self.policy == "aces-first":
            aces = [p for p in plain if p.cards[0].rank == 1]
            if aces:
                return aces[0]
        return max(plain, key=lambda p: (_longest_run_from(ranks, p.cards[0].rank), -p.cards[0].rank))

    def __repr__(self) -> str:
        return f"LeadPolicyAgent({self.policy!r})"


# ---------------------------------------------------------------- real choices (C2)
def _play_key(play: Play, in_suit: bool) -> tuple[Any, ...]:
    """What makes two plays different choices: their kind, the rank they make, how many cards, whether
    the wild card is used, and (in suit) the suit; two sevens of different suits are one choice when
    suits are ignored."""
    return (play.kind, play.rank, len(play.cards), play.wild is not None, play.suit if in_suit else "")


class ChoiceTally:
    """The greedy player, counting as it plays: for each game, its moves, its *real choices* (moves
    at which two or more legal plays differ in more than suit) and the cards it lays.

    Run it in one process (``comet.simulate(..., agents=ChoiceTally(), workers=1)``): each game's
    seats are spawned from it and write into its :attr:`games` (game number -> [moves, choices,
    cards laid]).  Like every bot, it sees only the seat's view (:func:`comet.agents.decide`).
    """

    name = "greedy"

    def __init__(self, games: dict[int, list[int]] | None = None, game: int = 0) -> None:
        self.games: dict[int, list[int]] = {} if games is None else games
        self.game = game

    def spawn(self, seed: Any) -> "ChoiceTally":
        # simulate() spawns each seat with the seed "<seed>/<game>/seat<k>".
        return ChoiceTally(self.games, int(str(seed).split("/")[-2]))

    def choose(self, view: RoundView) -> Play:
        legal = list(view.legal)
        rules = view.rules
        row = self.games.setdefault(self.game, [0, 0, 0])
        row[0] += 1
        row[1] += len({_play_key(p, rules.in_suit) for p in legal}) > 1
        play = greedy_play(view.hand, legal, view.targets, rules, view.wilds)
        row[2] += len(play.cards)
        return play


def choice_values(games: dict[int, list[int]]) -> dict[str, list[float]]:
    """C2's two measures, one value per deal, over the games a :class:`ChoiceTally` played: real
    choices per card laid, and the share of moves that were real choices."""
    rows = [games[g] for g in sorted(games)]
    return {N_("real choices per card laid"): [c / max(k, 1) for _, c, k in rows],
            N_("share of moves that are real choices"): [c / max(m, 1) for m, c, _ in rows]}


def choice_measures(games: dict[int, list[int]], level: float = 0.95) -> dict[str, Estimate]:
    """C2's two measures over the games a :class:`ChoiceTally` played (each a mean of per-deal
    values, with its t interval)."""
    return {m: mean_ci(v, level=level) for m, v in choice_values(games).items()}


def choice_games(variant: Variant | str, players: int, hand: int, games: int, seed: Any = 0) -> dict[int, list[int]]:
    """C2 at a fixed hand size: ``games`` deals of ``variant`` in which each of ``players`` is dealt
    ``hand`` cards from a seeded shuffle of the pack (the rest dead, the first hand drawn from the
    same seed), played by greedy players counting their real choices (:class:`ChoiceTally`)."""
    v = resolve_variant(variant)
    if hand * players > len(v.rules.pack()):
        raise ValueError(f"{players} hands of {hand} need more cards than the pack holds")
    tally = ChoiceTally()
    for i in range(games):
        rng = random.Random(f"{seed}/{i}")
        pack = list(v.rules.pack())
        rng.shuffle(pack)
        hands = [pack[k * hand:(k + 1) * hand] for k in range(players)]
        rnd = Round.from_hands(v, hands, leader=rng.randrange(players), dead=pack[players * hand:])
        seats = [tally.spawn(f"{seed}/{i}/seat{s}") for s in range(players)]
        for _ in range(5000):
            if rnd.is_over or rnd.to_play is None:
                break
            rnd.play(decide(seats[rnd.to_play], rnd))
    return tally.games


# ---------------------------------------------------------------- deals played in-process
def play_deals(variant: Variant | str, players: int, agents: Sequence[Any] | Any, games: int,
               seed: Any = 0) -> list[Round]:
    """Play ``games`` whole deals (dealer passing round) and return the finished rounds.

    ``agents``: one agent (or a list, one per seat) with ``choose(view)``; spawned per game
    when they have ``spawn(seed)``.  Use it when a study needs the payments' reasons, which
    :class:`~comet.simulate.GameRecord` does not keep.
    """
    v = resolve_variant(variant)
    specs: list[Any] = list(agents) if isinstance(agents, (list, tuple)) else [agents] * players
    rounds: list[Round] = []
    for i in range(games):
        rnd = Round.deal(v, players=players, seed=f"{seed}/{i}", dealer=i % players)
        seats = [a.spawn(f"{seed}/{i}/{s}") if hasattr(a, "spawn") else a for s, a in enumerate(specs)]
        for _ in range(5000):
            if rnd.is_over or rnd.to_play is None:
                break
            rnd.play(decide(seats[rnd.to_play], rnd))
        rounds.append(rnd)
    return rounds


def manille_share(rounds: Sequence[Round]) -> tuple[int, int]:
    """Units moved because of the wild card (claims, going out with it, the penalty for keeping it
    and its 9 pips when kept) and all units moved, over finished deals (claim C5)."""
    moved = 0
    total = 0
    for rnd in rounds:
        out = rnd.outcome()
        if out is None:
            continue
        for p in list(out.ledger) + list(out.settlement):
            total += p.amount
            if "manille" in p.reason or "comet" in p.reason:
                moved += p.amount
        if rnd.rules.count == "pips":
            for seat, hand in enumerate(rnd.hands):
                if seat != out.winner and any(c in rnd.wilds for c in hand):
                    moved += 9
    return moved, total


def manille_net(rounds: Sequence[Round], seat: int) -> list[int]:
    """Per finished deal, what ``seat`` gained (or, negative, lost) through the wild card's own
    payments: the fiche claimed from each opponent, and the fiche a player caught with it pays
    (claim C5; the nine pips of a manille kept in hand are left out)."""
    out: list[int] = []
    for rnd in rounds:
        outcome = rnd.outcome()
        if outcome is None:
            continue
        gain = 0
        for p in list(outcome.ledger) + list(outcome.settlement):
            if "manille" in p.reason or "comet" in p.reason:
                gain += p.amount * ((p.payee == seat) - (p.payer == seat))
        out.append(gain)
    return out


# ---------------------------------------------------------------- the comet card (C3, C4, C9)
def comet_dead_probability(variant: Variant | str, players: int) -> Fraction:
    """Exact chance that a pack's single comet lies among the undealt cards."""
    v = resolve_variant(variant)
    each, rest = v.deal_size(players), v.dead_size(players)
    return Fraction(rest, each * players + rest)


def escalation_values(variant: Variant | str, players: int, deals: int, seed: Any = 0) -> list[int]:
    """The modern comet's value (2 + 2 per preceding deal with the comet dead, AMB-18) at each of
    ``deals`` consecutive deals, packs alternating, dealt but not played."""
    v = resolve_variant(variant)
    packs = v.rules.packs
    dead_run = 0
    values: list[int] = []
    step = v.rules.wild_pay_step
    for i in range(deals):
        rnd = Round.deal(v, players=players, seed=f"{seed}/{i}", pack=packs[i % len(packs)], dead_comets=dead_run)
        values.append(v.rules.wild_pay + step * dead_run)
        in_dead = any(c in rnd.wilds for c in rnd.initial_dead + rnd.initial_talon)
        dead_run = dead_run + 1 if in_dead else 0
    return values


def opera_chances(variant: Variant | str, players: int, deals: int, seed: Any = 0) -> tuple[int, int]:
    """Over ``deals`` random deals: how often the first hand could go out in one turn, and how
    often the dealer could too (the draw of AMB-20).  Returns ``(eldest, both)``."""
    v = resolve_variant(variant)
    eldest = both = 0
    for i in range(deals):
        rnd = Round.deal(v, players=players, seed=f"{seed}/{i}")
        if can_go_out_in_one_turn(rnd, rnd.hands[rnd.leader]):
            eldest += 1
            if can_go_out_in_one_turn(rnd, rnd.hands[rnd.dealer]):
                both += 1
    return eldest, both


def _groups_in(hand: Sequence[Any], wilds: Any) -> set[str]:
    ranks = Counter(c.rank for c in hand if c not in wilds)
    comet = any(c in wilds for c in hand)
    found = set()
    if any(k >= 4 for k in ranks.values()):
        found.add("four of a kind")
    if ranks.get(9, 0) + comet >= 3:
        found.add("three nines")
    if ranks.get(13, 0) >= 2:
        found.add("two or three kings")
    if found:
        found.add("any group")
    return found


GROUPS = ("four of a kind", "three nines", "two or three kings", "any group")


def group_hands(variant: Variant | str, players: int, deals: int, seed: Any = 0) -> list[tuple[int, set[str]]]:
    """Every dealt hand of ``deals`` random deals, with the deal it came from and the groups it
    holds (claim C9: the hands of one deal are a cluster)."""
    v = resolve_variant(variant)
    out: list[tuple[int, set[str]]] = []
    for i in range(deals):
        rnd = Round.deal(v, players=players, seed=f"{seed}/{i}", pack=v.rules.packs[i % len(v.rules.packs)])
        out += [(i, _groups_in(hand, rnd.wilds)) for hand in rnd.hands]
    return out


def group_chances(variant: Variant | str, players: int, deals: int, seed: Any = 0) -> dict[str, float]:
    """Share of dealt hands holding each group the 1752 rules allow: four of a kind, three
    nine-cards (natural or comet), two or more kings (claim C9)."""
    hands = group_hands(variant, players, deals, seed)
    return {k: sum(k in g for _, g in hands) / max(len(hands), 1) for k in GROUPS}


# ---------------------------------------------------------------- matches (C13, the cribbage board)
def match_pegging(variant: Variant | str = "two-handed-arnold-2011", players: int = 2, seed: Any = 0,
                  agents: Sequence[Any] | None = None) -> list[list[int]]:
    """Play a match to its target; the pegged totals of each seat after each deal (deal 0 = 0)."""
    m = Match(variant, players=players, seed=seed)
    seats: list[Any] = list(agents) if agents is not None else [GreedyAgent() for _ in range(players)]
    history = [[0] * players]
    for _ in range(1000):
        rnd = m.round
        for _ in range(5000):
            if rnd.is_over or rnd.to_play is None:
                break
            rnd.play(decide(seats[rnd.to_play], rnd))
        outcome = rnd.outcome()
        assert outcome is not None
        history.append([p + max(a, 0) for p, a in zip(history[-1], outcome.payments)])
        if m.is_over:
            break
        m.next_deal()
    return history


def match_lengths(matches: int, seed: Any = 0, variant: Variant | str = "two-handed-arnold-2011") -> list[int]:
    """Deals needed to finish each of ``matches`` greedy-vs-greedy matches."""
    return [len(match_pegging(variant, 2, seed=f"{seed}/{i}")) - 1 for i in range(matches)]


def first_hand_net_by_quality(rounds: Sequence[Round], groups: int = 3) -> list[list[float]]:
    """The first hand's net result per deal, its dealt hands sorted by
    :func:`comet.agents.hand_quality` (stops, longest run, isolated cards) and cut into ``groups``
    equal groups, worst first (C8)."""
    return [[p for _, p in part] for _, part in _quality_groups(rounds, groups)]


def _quality_groups(rounds: Sequence[Round], groups: int) -> list[tuple[str, list[tuple[float, float]]]]:
    scored: list[tuple[float, float]] = []
    for rnd in rounds:
        out = rnd.outcome()
        if out is None:
            continue
        hand = rnd.initial_hands[rnd.leader]
        scored.append((hand_quality(hand, rnd.wilds, rnd.rules.in_suit), float(out.payments[rnd.leader])))
    scored.sort(key=lambda t: t[0])
    n = len(scored)
    out_groups = []
    for g in range(groups):
        part = scored[g * n // groups:(g + 1) * n // groups]
        if part:
            out_groups.append((f"quality {part[0][0]:.1f} to {part[-1][0]:.1f}", part))
    return out_groups


def first_hand_by_quality(rounds: Sequence[Round], groups: int = 3) -> list[tuple[str, Estimate]]:
    """The first hand's mean net result in each group of :func:`first_hand_net_by_quality`, with
    its label (the range of hand quality) and 95% interval."""
    return [(label, mean_ci([p for _, p in part])) for label, part in _quality_groups(rounds, groups)]
