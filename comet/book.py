"""Helpers for the book: tables, exercise answers and the statistics of the analysis chapter.

Everything the book's pages show is computed here from the package, so the notebooks stay
a few lines long.  Text helpers return MyST Markdown (the book renders ``text/markdown``
outputs as MyST, so ``{cite:p}`` roles inside them resolve against
``book/references.bib``).  Standard library only.

>>> from comet.book import cite, proportion_ci
>>> cite("S0, S1; Enc")
'{cite:p}`s0,s1,enc`'
>>> round(proportion_ci(50, 100)[1], 3)
0.404
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from comet.agents import GreedyAgent, greedy_play
from comet.ambiguities import AMBIGUITIES
from comet.cards import Card, sort_key
from comet.describe import ROWS, deal_table, facts
from comet.glossary import GLOSSARY
from comet.match import Match
from comet.outcome import Outcome
from comet.plays import Play
from comet.round import Round, resolve_variant
from comet.settlement import can_go_out_in_one_turn
from comet.simulate import GameRecord
from comet.variant import Variant

__all__ = [
    "BIB_KEYS", "cite", "plays_text", "outcome_markdown", "rules_markdown", "deal_markdown",
    "ambiguities_markdown", "glossary_markdown", "proportion_ci", "mean_ci", "Estimate",
    "seat_table", "leader_advantage", "run_lengths", "stop_counts", "LeadPolicyAgent",
    "play_deals", "manille_share", "comet_dead_probability", "escalation_values",
    "opera_chances", "group_chances", "match_pegging", "match_lengths", "trail_of", "cribbage_svg", "first_hand_by_quality",
    "pack_html", "readings_markdown",
]

# ---------------------------------------------------------------- citations
BIB_KEYS: dict[str, str] = {
    "S0": "s0", "S1": "s1", "S2": "s2", "W-Comet": "wcomet", "Enc": "enc", "W-Hoc": "whoc",
    "AJO-Hoc": "ajohoc", "FR-Hoc": "frhoc", "W-Hocs": "whocs", "PW": "pw", "Foster": "foster1897",
    "PJ": "popejoan", "W-Red9": "wred9", "W-NM": "wnm", "Stops": "mcleod", "CoS": "cos",
    "Web-modern": "webmodern", "NJ": "nainjaune",
}
"""The digest's source keys and the matching entries of ``book/references.bib``."""


def cite(keys: str | Iterable[str]) -> str:
    """A MyST ``{cite:p}`` role for digest source keys (``"S0, S1; Enc"`` or a list).

    Unknown keys raise ``KeyError``, so a new source cannot slip into the book uncited.
    """
    if isinstance(keys, str):
        keys = re.split(r"[;,]", keys)
    bib: list[str] = []
    for key in keys:
        key = key.strip()
        if key and BIB_KEYS[key] not in bib:
            bib.append(BIB_KEYS[key])
    return "{cite:p}`" + ",".join(bib) + "`" if bib else ""


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# ---------------------------------------------------------------- exercises
def plays_text(rnd: Round, *, compact: int = 6) -> str:
    """The legal plays of the player to move, as the notation writes them (``7H, 9D=8, pass``).

    When one wild card has more than ``compact`` plays (a free lead with the comet), they
    are summed up as ``9D=… (the 9D as any of 52 cards)``.
    """
    plays = rnd.legal_plays()
    wild: Counter[str] = Counter(str(p.wild) for p in plays if p.wild is not None and len(p.cards) == 1)
    texts: list[str] = []
    done: set[str] = set()
    for p in plays:
        w = str(p.wild) if p.wild is not None and len(p.cards) == 1 else ""
        if w and wild[w] > compact:
            if w not in done:
                done.add(w)
                texts.append(f"{w}=… (the {w} as any of {wild[w]} ranks or cards)")
            continue
        texts.append(p.text)
    return ", ".join(texts)


def outcome_markdown(outcome: Outcome | None) -> str:
    """An outcome's explained lines (who went out, payments, net) as a Markdown list."""
    if outcome is None:
        return "The deal is not over."
    items: list[str] = []
    for line in outcome.lines:
        if line.startswith("  "):
            items.append("  - " + line.strip())
        else:
            items.append("- " + line)
    return "\n".join(items)


# ---------------------------------------------------------------- reference tables
def rules_markdown(variant: Variant | str) -> str:
    """The rules of one variant as a two-column Markdown table (from :func:`comet.describe.facts`),
    its sources cited."""
    v = resolve_variant(variant)
    rows = facts(v)
    lines = ["| rule | as the engine plays it |", "|---|---|"]
    for row in ROWS:
        text = _cell(rows[row])
        if row == "Sources":
            text = cite(s.key for s in v.sources)
        lines.append(f"| **{row}** | {text} |")
    return "\n".join(lines)


def deal_markdown(variant: Variant | str) -> str:
    """Cards each and cards left over by player count, as a Markdown table."""
    v = resolve_variant(variant)
    lines = ["| players | cards each | left over |", "|---:|---:|---:|"]
    lines += [f"| {n} | {each} | {rest} |" for n, (each, rest) in deal_table(v).items()]
    return "\n".join(lines)


def _ambiguity_label(amb_id: str) -> str:
    """``"AMB-12"`` -> ``"ambiguity-12"``, the section's label that ``{ref}`` links to."""
    return f"ambiguity-{amb_id.split('-')[1]}"


def ambiguities_markdown() -> str:
    """Every ambiguity of the sources with the reading chosen, its sources and its option, after
    an index (a table of the questions, each linked to its section)."""
    out = ["| | question |", "|---|---|"]
    for a in AMBIGUITIES:
        shown = a.id.replace("-", "\u2011")  # a non-breaking hyphen: "AMB-12" is not cut in two
        out.append(f"| {{ref}}`{shown} <{_ambiguity_label(a.id)}>` | {_cell(a.question)} |")
    out[-1] += "\n"
    for a in AMBIGUITIES:
        variants = ", ".join(f"`{v}`" for v in a.variants) or "none"
        if a.option:
            option = f"`{a.option}`, in {variants}"
        elif a.history:
            option = "none: a question of history, not of the rules"
        else:
            option = "none: a question of the rules, but the engine plays only the reading above"
        out.append(f"({_ambiguity_label(a.id)})=\n### {a.id}\n\n**Question.** {a.question}\n\n"
                   f"**Reading chosen.** {a.reading}\n\n**Sources.** {cite(a.sources)}\n\n"
                   f"**Option.** {option}.\n")
    return "\n".join(out)


def readings_markdown(*variants: Variant | str) -> str:
    """The ambiguities of the sources that these variants settle by a reading (an option's
    ``AMB-n`` or an ``AMB-n`` named in the variant's rules), as a Markdown list: each linked to
    its section of the ambiguities page, with the question, the reading the engine plays, and
    the option that switches it.  Every rules chapter ends its rules with this list."""
    wanted: dict[str, str] = {}
    for v in (resolve_variant(x) for x in variants):
        named: dict[str, str] = {}
        for o in v.options.values():
            if o.amb.startswith("AMB-"):
                named.setdefault(o.amb, o.name)
        for m in re.findall(r"AMB-\d+", v.doc):
            named.setdefault(m, "")
        for amb_id, option in named.items():
            wanted.setdefault(amb_id, option)
    lines = []
    for a in AMBIGUITIES:
        if a.id in wanted:
            switch = f" (option `{wanted[a.id]}`)" if wanted[a.id] else ""
            shown = a.id.replace("-", "\u2011")
            lines.append(f"- {{ref}}`{shown} <{_ambiguity_label(a.id)}>`: {a.question} "
                         f"*The engine's reading:* {a.reading}{switch}")
    return "\n".join(lines)


def glossary_markdown() -> str:
    """The glossary in four languages as a Markdown table ("—" where no source gives a form)."""
    lines = ["| English | French | Russian | Spanish | note |", "|---|---|---|---|---|"]
    for t in GLOSSARY:
        forms = [_cell(t.form(lang) or "—") for lang in ("en", "fr", "ru", "es")]
        lines.append("| " + " | ".join(forms) + f" | {_cell(t.note)} |")
    return "\n".join(lines)


# ---------------------------------------------------------------- statistics
@dataclass(frozen=True)
class Estimate:
    """A value with a 95% confidence interval and its sample size."""

    value: float
    low: float
    high: float
    n: int

    def pct(self) -> str:
        """``"52.3% (95% CI 50.1–54.5%, n = 2,000)"``."""
        return f"{100 * self.value:.1f}% (95% CI {100 * self.low:.1f}–{100 * self.high:.1f}%, n = {self.n:,})"

    def num(self, digits: int = 2) -> str:
        """``"1.23 (95% CI 1.01 to 1.45, n = 2,000)"``."""
        return f"{self.value:.{digits}f} (95% CI {self.low:.{digits}f} to {self.high:.{digits}f}, n = {self.n:,})"


def proportion_ci(successes: int, n: int, z: float = 1.96) -> Estimate:
    """Wilson score interval for a proportion."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, centre - half, centre + half, n)


def mean_ci(values: Sequence[float], z: float = 1.96) -> Estimate:
    """Mean with a normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def _relative(record: GameRecord, seat: int) -> int:
    """Position of ``seat`` counted from the eldest hand (0 = first hand) in the play direction."""
    return (seat - record.leader) % record.players


def seat_table(records: Sequence[GameRecord]) -> list[tuple[int, Estimate, Estimate]]:
    """Per position from the first hand (0 = eldest): win rate and mean net payment."""
    if not records:
        return []
    n = records[0].players
    wins = [0] * n
    pays: list[list[float]] = [[] for _ in range(n)]
    for r in records:
        for seat in range(n):
            pos = _relative(r, seat)
            pays[pos].append(r.payments[seat])
            if r.winner == seat:
                wins[pos] += 1
    return [(pos, proportion_ci(wins[pos], len(records)), mean_ci(pays[pos])) for pos in range(n)]


def leader_advantage(records: Sequence[GameRecord]) -> Estimate:
    """The first hand's win rate (compare with ``1 / players``)."""
    return proportion_ci(sum(1 for r in records if r.winner == r.leader), len(records))


def run_lengths(records: Sequence[GameRecord]) -> list[int]:
    """Every sequence's length (cards from a lead to its stop), over all records."""
    return [k for r in records for k in r.runs if k]


def stop_counts(records: Sequence[GameRecord]) -> dict[str, float]:
    """Mean number of stops of each kind per deal."""
    total: Counter[str] = Counter()
    for r in records:
        total.update(r.stop_reasons)
    n = max(len(records), 1)
    return {k: total[k] / n for k in sorted(total)}


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

    def choose(self, rnd: Round) -> Play:
        seat = rnd.to_play
        if seat is None:
            raise ValueError("the round is over")
        view = rnd.view(seat)
        legal = list(view.legal)
        singles = [p for p in legal if p.kind == "cards" and p.wild is None and len(p.cards) == 1]
        if view.targets is not None or not singles:
            return greedy_play(view.hand, legal, view.targets, view.variant.rules, view.wilds)
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


# ---------------------------------------------------------------- deals played in-process
def play_deals(variant: Variant | str, players: int, agents: Sequence[Any] | Any, games: int,
               seed: Any = 0) -> list[Round]:
    """Play ``games`` whole deals (dealer passing round) and return the finished rounds.

    ``agents``: one agent (or a list, one per seat) with ``choose(round)``; spawned per game
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
            rnd.play(seats[rnd.to_play].choose(rnd))
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


def group_chances(variant: Variant | str, players: int, deals: int, seed: Any = 0) -> dict[str, float]:
    """Share of dealt hands holding each group the 1752 rules allow: four of a kind, three
    nine-cards (natural or comet), two or more kings (claim C9)."""
    v = resolve_variant(variant)
    counts: Counter[str] = Counter()
    hands = 0
    for i in range(deals):
        rnd = Round.deal(v, players=players, seed=f"{seed}/{i}", pack=v.rules.packs[i % len(v.rules.packs)])
        for hand in rnd.hands:
            hands += 1
            ranks = Counter(c.rank for c in hand if c not in rnd.wilds)
            comet = any(c in rnd.wilds for c in hand)
            if any(k >= 4 for k in ranks.values()):
                counts["four of a kind"] += 1
            if ranks.get(9, 0) + comet >= 3:
                counts["three nines"] += 1
            if ranks.get(13, 0) >= 2:
                counts["two or three kings"] += 1
            if any(k >= 4 for k in ranks.values()) or ranks.get(9, 0) + comet >= 3 or ranks.get(13, 0) >= 2:
                counts["any group"] += 1
    return {k: counts[k] / max(hands, 1) for k in ("four of a kind", "three nines", "two or three kings",
                                                     "any group")}


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
            rnd.play(seats[rnd.to_play].choose(rnd))
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


# ---------------------------------------------------------------- pictures
def trail_of(rnd: Round) -> tuple[list[Card], list[int]]:
    """The cards played in order and the positions after which a stop came (for ``comet.svg.trail``)."""
    cards: list[Card] = []
    stops: list[int] = []
    for e in rnd.events:
        if e[0] == "play":
            cards.extend(e[2].cards)
        elif e[0] == "stop" and cards:
            stops.append(len(cards) - 1)
    return cards, sorted(set(stops))


_PEG_COLOURS = ("#b03a2e", "#1f4e79", "#1e7b47", "#7d3c98")


def cribbage_svg(history: Sequence[Sequence[int]], target: int = 121, *, width: float = 720) -> Any:
    """A cribbage board (two to four tracks of ``target - 1`` holes in four streets of 30) with
    each seat's front peg at its last total and back peg at its total before its last score.

    ``history`` is :func:`match_pegging`'s list of totals after each deal.  Returns a
    :class:`comet.svg.SvgString` (it displays itself in a notebook).
    """
    from comet.svg import SvgString

    if not history:
        raise ValueError("history needs at least one row of totals")
    seats = len(history[0])
    holes = target - 1
    per_street = 30
    streets = max(1, math.ceil(holes / per_street))
    step = (width - 116) / (per_street + (per_street // 5 - 1) * 0.6)
    line_h = 16.0
    street_h = line_h * seats + 18
    top = 34.0
    height = top + streets * street_h + 20
    left = 86.0

    def xy(n: int, seat: int) -> tuple[float, float]:
        if n <= 0:
            return left - 1.6 * step, top + seat * line_h
        if n >= target:
            last = streets - 1
            x = left - 1.6 * step if last % 2 else left + (per_street + (per_street // 5 - 1) * 0.6 + 0.6) * step
            return x, top + last * street_h + seat * line_h
        street, pos = divmod(n - 1, per_street)
        if street % 2:
            pos = per_street - 1 - pos
        x = left + (pos + (pos // 5) * 0.6) * step
        return x, top + street * street_h + seat * line_h

    final = list(history[-1])
    back = [next((row[s] for row in reversed(history) if row[s] != final[s]), 0) for s in range(seats)]
    words = "; ".join(f"seat {s}: {final[s]} (back peg {back[s]})" for s in range(seats))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        'style="max-width:100%;height:auto" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="Cribbage board: {words}">',
        f"<title>Cribbage board to {target}</title><desc>Pegs after {len(history) - 1} deals: {words}.</desc>",
        f'<rect x="2" y="2" width="{width - 4:.0f}" height="{height - 4:.0f}" rx="14" fill="#d9b77e" stroke="#8a6a3a" stroke-width="2"/>',
        f'<text x="{left:.0f}" y="20" font-family="sans-serif" font-size="12" fill="#3b2a14">'
        f"Start (left); the streets of {per_street} holes run as the arrows show; finish at {target}</text>",
    ]
    for seat in range(seats):
        colour = _PEG_COLOURS[seat % len(_PEG_COLOURS)]
        for n in range(0, target + 1):
            x, y = xy(n, seat)
            r = 3.4 if n in (0, target) else 2.4
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#5a4327"/>')
        for score, solid in ((back[seat], False), (final[seat], True)):
            x, y = xy(min(score, target), seat)
            fill = colour if solid else "#ffffff"
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{fill}" stroke="{colour}" stroke-width="2.2"/>')
        x0, y0 = xy(0, seat)
        parts.append(f'<text x="{x0 - 10:.1f}" y="{y0 + 4:.1f}" text-anchor="end" font-family="sans-serif" '
                     f'font-size="11" fill="{colour}">seat {seat}</text>')
    for n in range(5, target, 5):  # hole numbers above the first track, every fifth hole
        x, y = xy(n, 0)
        parts.append(f'<text x="{x:.1f}" y="{y - 7:.1f}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="8" fill="#3b2a14">{n}</text>')
    for street in range(streets):  # which way each street runs
        x, y = xy(street * per_street + 1, 0)  # above the street's first hole
        parts.append(f'<text x="{x:.1f}" y="{y - 6:.1f}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="12" font-weight="bold" fill="#3b2a14">{"←" if street % 2 else "→"}</text>')
    xf, yf = xy(target, 0)
    parts.append(f'<text x="{xf:.1f}" y="{yf - 9:.1f}" text-anchor="middle" font-family="sans-serif" '
                 f'font-size="10" fill="#3b2a14">{target}</text>')
    parts.append("</svg>")
    return SvgString("".join(parts))


def pack_html(variant: Variant | str, name: str) -> str:
    """One colour pack of a two-pack game drawn in two rows of cards (twos to sevens, eights to
    kings), its comet starred and last in its row so that nothing covers it: the new comet's and
    the modern game's figures of the red and the black pack."""
    from comet import svg

    v = resolve_variant(variant)
    pack = sorted(v.rules.pack(name), key=sort_key)
    wild = v.rules.wild_cards(name)
    comet_text = " ".join(c.symbol for c in wild)
    # The comet goes last in its row, where no card covers its star.
    rows = [svg.hand(sorted((c for c in pack if lo <= c.rank <= hi), key=lambda c: c in wild),
                     size=44, overlap=0.5, wild_cards=wild,
                     label=f"The {name} pack ({len(pack)} cards, comet {comet_text}): {lo_name} to {hi_name}")
            for lo, hi, lo_name, hi_name in ((2, 7, "twos", "sevens"), (8, 13, "eights", "kings"))]
    return '<div class="comet-pack">' + "<br/>".join(rows) + "</div>"


def first_hand_by_quality(rounds: Sequence[Round], groups: int = 3) -> list[tuple[str, Estimate]]:
    """The first hand's net result, its dealt hands sorted by :func:`comet.agents.hand_quality`
    (stops, longest run, isolated cards) and cut into ``groups`` equal groups, worst first (C8)."""
    from comet.agents import hand_quality

    scored: list[tuple[float, float]] = []
    for rnd in rounds:
        out = rnd.outcome()
        if out is None:
            continue
        hand = rnd.initial_hands[rnd.leader]
        scored.append((hand_quality(hand, rnd.wilds, rnd.rules.in_suit), float(out.payments[rnd.leader])))
    scored.sort(key=lambda t: t[0])
    n = len(scored)
    rows: list[tuple[str, Estimate]] = []
    for g in range(groups):
        part = scored[g * n // groups:(g + 1) * n // groups]
        if not part:
            continue
        label = f"quality {part[0][0]:.1f} to {part[-1][0]:.1f}"
        rows.append((label, mean_ci([p for _, p in part])))
    return rows
