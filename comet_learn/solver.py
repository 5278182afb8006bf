"""Exact values of two-handed positions with every card known: alpha-beta with a transposition table.

A position of a deal between two players, where the hands (and the dead hand) are all known, has
an exact value: what the player ``seat`` comes out with, in the variant's unit, when both players
play their best from here on (the payments of the whole deal, in play and at the settlement, as
:meth:`comet.Round.outcome` counts them).  The two players' results always sum to zero, so one
player's best is the other's worst: minimax, cut short by alpha-beta.

The search drives the engine itself (:meth:`~comet.Round.play` and :meth:`~comet.Round.undo`,
so it always values the rules as they stand) and remembers every position it has valued in a
transposition table keyed by what decides the rest of the deal: both hands, whose turn it is, what
may be played next, who played last, the passes since, the open claim of the manille and whether
the holder of the next card plays it.  What was paid before a position does not change what is
paid after it, so the table holds each position's *future* (the payments still to come); the
value of a play is what it pays at once plus the future of the position it leads to.

The settlement depends on the past in one more way: an opera (S0, S1, S2) is decided by how the
winner's cards came.  :func:`opera_open` says whether one is still possible; the solver refuses
such positions (the table would merge positions an opera tells apart).  Late positions, where
puzzles live, never have one open.

>>> import comet
>>> rnd = comet.Round.from_hands("old-comet-1718", ["7H 8H", "KS 2D"], leader=0)
>>> Solver(rnd).values()["7H"]   # 7, 8 and out: the 2 and the king's 10 pips, 12 jetons
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from comet.errors import GameStateError, InvalidDealError
from comet.plays import CARDS, PASS, Play
from comet.state import Phase

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["Solver", "BudgetExceeded", "opera_open", "Line"]

_EXACT, _LOWER, _UPPER = 0, 1, 2


class BudgetExceeded(RuntimeError):
    """The search needed more positions than its budget allowed."""


def opera_open(rnd: "Round") -> bool:
    """Whether an opera (whose payment depends on how the cards came, not only on where they are) may
    still be made from ``rnd``: some player has not laid a card yet, or has laid all of its cards in the
    current unbroken streak (S0, S1, S2; :func:`comet.settlement.is_opera`)."""
    if rnd.rules.opera == "none":
        return False
    sizes = rnd.start_sizes
    for s in range(rnd.players):
        laid = sizes[s] - len(rnd.hands[s])
        if laid == 0:
            return True
        if rnd.streak_seat == s and rnd.streak_len == laid:
            return True
    return False


@dataclass(frozen=True)
class Line:
    """A play and the best play after it, to the end of the deal."""

    plays: tuple[tuple[int, Play], ...]
    """``(seat, play)`` from the position on, the first being the play valued."""
    value: int
    """What the player valued comes out with, the whole deal counted."""
    winner: int | None
    """Who went out (``None``: nobody, e.g. a drawn opera or a tie when blocked)."""


class Solver:
    """Exact minimax values of ``rnd`` (two players, every card known) for ``seat`` (the player to
    move by default).  ``budget`` caps the positions visited in all (``None``: no cap); past it
    :class:`BudgetExceeded` is raised.  The round is played and taken back, never left changed."""

    def __init__(self, rnd: "Round", seat: int | None = None, *, budget: int | None = None) -> None:
        if rnd.players != 2:
            raise InvalidDealError(f"the solver values two-handed positions, not {rnd.players} players")
        if rnd.to_play is None:
            raise GameStateError("the deal is over: there is nothing to value")
        if rnd.phase is not Phase.PLAY:
            raise GameStateError(f"the solver values the card play, not the {rnd.phase} phase")
        if opera_open(rnd):
            raise GameStateError("an opera is still possible here: its payment depends on the order of past plays, "
                             "which the solver's table does not keep")
        self.rnd = rnd
        self.seat = rnd.to_play if seat is None else seat
        self.budget = budget
        self.nodes = 0
        self.table: dict[Any, tuple[int, int, Play | None]] = {}

    # -------------------------------------------------------------- public
    def values(self) -> dict[str, int]:
        """Every legal play's exact value for :attr:`seat` (the whole deal's payments), by play text."""
        rnd = self.rnd
        base = self._paid()
        out: dict[str, int] = {}
        for play in rnd.legal_plays():
            out[play.text] = base + self._child(play, -_INF, _INF)
        return out

    def value(self) -> int:
        """The exact value of the position for :attr:`seat`."""
        return self._paid() + self._search(-_INF, _INF)

    def line(self, play: Play | str) -> Line:
        """``play`` and the best play after it to the end of the deal, with its value."""
        rnd = self.rnd
        first = rnd.play(play)
        made = 1
        plays: list[tuple[int, Play]] = [(rnd.history[-1][0], first)]
        try:
            while rnd.to_play is not None:
                self._search(-_INF, _INF)
                entry = self.table.get(self._key())
                move = entry[2] if entry is not None and entry[2] is not None else rnd.legal_plays()[0]
                seat = rnd.to_play
                rnd.play(move)
                made += 1
                plays.append((seat, move))
            out = rnd.outcome()
            assert out is not None
            value, winner = out.payments[self.seat], out.winner
        finally:
            for _ in range(made):
                rnd.undo()
        return Line(tuple(plays), value, winner)

    # -------------------------------------------------------------- search
    def _paid(self) -> int:
        """What :attr:`seat` has been paid in play so far, net."""
        seat = self.seat
        total = 0
        for p in self.rnd.ledger:
            if p.payee == seat:
                total += p.amount
            if p.payer == seat:
                total -= p.amount
        return total

    def _key(self) -> Any:
        r = self.rnd
        h = r.hands
        return (tuple(h[0]), tuple(h[1]), r.to_play, r.targets, r.last, r.passes, r.claim_seat, r.h_mode)

    def _child(self, play: Play, alpha: int, beta: int) -> int:
        """What ``play`` pays :attr:`seat` at once plus the future after it (within the window)."""
        rnd = self.rnd
        before = len(rnd.ledger)
        rnd.play(play)
        try:
            now = 0
            seat = self.seat
            ledger = rnd.ledger
            for i in range(before, len(ledger)):
                p = ledger[i]
                if p.payee == seat:
                    now += p.amount
                if p.payer == seat:
                    now -= p.amount
            if rnd.to_play is None:
                out = rnd.outcome()
                assert out is not None
                return out.payments[seat] - self._paid() + now
            return now + self._search(alpha - now, beta - now)
        finally:
            rnd.undo()

    def _search(self, alpha: int, beta: int) -> int:
        """The future of the position (payments still to come for :attr:`seat`) within ``(alpha, beta)``:
        exact inside the window, a bound outside it (fail-soft)."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise BudgetExceeded(f"more than {self.budget} positions")
        rnd = self.rnd
        key = self._key()
        entry = self.table.get(key)
        tt_move: Play | None = None
        if entry is not None:
            value, flag, tt_move = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER and value >= beta:
                return value
            if flag == _UPPER and value <= alpha:
                return value
        plays = rnd.legal_plays()
        if len(plays) > 1:
            plays = _ordered(plays, tt_move, len(rnd.hands[rnd.to_play]))  # type: ignore[index]
        maximizing = rnd.to_play == self.seat
        a0, b0 = alpha, beta
        best_move = plays[0]
        if maximizing:
            best = -_INF
            for play in plays:
                v = self._child(play, alpha, beta)
                if v > best:
                    best, best_move = v, play
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for play in plays:
                v = self._child(play, alpha, beta)
                if v < best:
                    best, best_move = v, play
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if best <= a0:
            flag = _UPPER
        elif best >= b0:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (best, flag, best_move)
        return best


_INF = 10**9


def _ordered(plays: list[Play], first: Play | None, hand_size: int) -> list[Play]:
    """Plays likely best first: the table's best, going out, then cards before passing."""
    def rank(p: Play) -> int:
        if p is first:
            return 0
        if p.kind is CARDS:
            return 1 if len(p.cards) == hand_size else 2
        if p.kind is PASS:
            return 4
        return 3
    return sorted(plays, key=rank)
