"""Could a hand be played out in a single turn? The two-handed opera is drawn when the dealer
could have made one too (S0, S1; AMB-20): a counting search for the simple games, the engine's
own play for the others.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from comet.cards import KING, NINE, Card
from comet.plays import CARDS
from comet.state import Phase

if TYPE_CHECKING:
    from comet.round import Round


def can_go_out_in_one_turn(rnd: "Round", hand: Sequence[Card]) -> bool:
    """Could this hand be played out in a single turn from a free lead? (AMB-20)

    Searches the plays the variant allows (runs, groups, kings and the comet as stops)
    with the other hands out of the way.
    """
    r = rnd.rules
    if (r.turn_model == "R" and not r.in_suit and r.follow == "next" and r.wild_mode == "stop"
            and r.hoc_mode != "stop_anytime" and not r.switch_to_h_on_wild):
        counts = [0] * 14
        wilds = 0
        for c in hand:
            if c in rnd.wilds:
                wilds += 1
            else:
                counts[c.rank] += 1
        nine_pair = r.nine_group == "both"
        return _run_out(tuple(counts), wilds, 0, r.groups, nine_pair)
    return _search_with_engine(rnd, hand)


@lru_cache(maxsize=200_000)
def _run_out(counts: tuple[int, ...], wilds: int, need: int, groups: frozenset[str], nine_pair: bool) -> bool:
    """Counts-only search for suits-ignored rotation games: can these cards all go in one turn?

    ``need`` is the rank required next (0 after a stop: a free lead).  Kings and the comet
    stop (the player leads anew); groups follow the variant (four of a kind, nines).
    """
    if not wilds and not any(counts):
        return True
    ranks = [need] if need else [k for k in range(1, 14) if counts[k]]
    for rank in ranks:
        have = counts[rank]
        after = 0 if rank == KING else rank + 1
        options: list[tuple[int, int, int]] = []  # (naturals used, wild used, next need)
        if have:
            options.append((1, 0, after))
            if "four" in groups and have >= 4:
                options.append((4, 0, after))
            if "kings" in groups and rank == KING:
                options += [(2, 0, 0), (3, 0, 0)]
            if "nines" in groups and rank == NINE:
                if have >= 3:
                    options.append((3, 0, after))
                    if wilds:
                        options.append((3, 1, 0))
                if nine_pair and have >= 2 and wilds:
                    options.append((2, 1, 0))
        for used, wild_used, nxt in options:
            if used > have:
                continue
            rest = list(counts)
            rest[rank] -= used
            if _run_out(tuple(rest), wilds - wild_used, nxt, groups, nine_pair):
                return True
    if wilds:
        # The comet stands for any rank (the needed one when following, AMB-38) and stops.
        if _run_out(counts, wilds - 1, 0, groups, nine_pair):
            return True
    return False


def _search_with_engine(rnd: "Round", hand: Sequence[Card]) -> bool:
    probe = type(rnd).from_hands(rnd.variant, [list(hand)] + [[c] for c in _spares(rnd, hand, rnd.players - 1)],
                             leader=0, pack=rnd.pack_name)
    while probe.phase is Phase.REDEAL or probe.phase is Phase.EXCHANGE:
        probe.play("keep" if probe.phase is Phase.REDEAL else "draw")
    return _search(probe)


def _spares(rnd: "Round", hand: Sequence[Card], k: int) -> list[Card]:
    rest = list(rnd.pack)
    for c in hand:
        rest.remove(c)
    rest = [c for c in rest if c not in rnd.wilds]
    return rest[:k]


def _search(probe: "Round") -> bool:
    key_cache: dict[tuple[tuple[str, ...], object], bool] = {}

    def go() -> bool:
        if probe.is_over:
            return probe.winner == 0
        if probe.to_play != 0:
            return False
        key = (tuple(str(c) for c in probe.hands[0]), probe.targets)
        if key in key_cache:
            return key_cache[key]
        result = False
        for play in probe.legal_plays():
            if play.kind is not CARDS:
                continue
            probe.play(play)
            ok = go()
            probe.undo()
            if ok:
                result = True
                break
        key_cache[key] = result
        return result

    return go()

