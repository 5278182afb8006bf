"""``Outcome``: the result of a finished deal, with every payment explained as data.

The settlement's payments carry their reasons (:class:`~comet.ledger.Payment`); the deal's own
remarks (why the amounts are multiplied, who is excused, a drawn or blocked hand) are
:class:`Note` records. :attr:`Outcome.lines` and :attr:`Outcome.notes` word them in English."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from comet.cards import Card, cards_symbols
from comet.ledger import Payment, plural


class End(StrEnum):
    """How a deal ended (described in :data:`END_WORDS`); ``PLAYING`` (``""``) while it is played."""

    PLAYING = ""
    OUT = "out"
    BLOCKED = "blocked"
    DRAW = "draw"

    @property
    def description(self) -> str:
        return END_WORDS[self]


END_WORDS: dict[End, str] = {
    End.PLAYING: "the deal is being played",
    End.OUT: "a player played the last card of the hand and wins the deal",
    End.BLOCKED: "everybody passed a free lead: the hands are counted (S2, PW; AMB-14)",
    End.DRAW: "an opera the dealer could have made too: the hand is drawn (S0, S1; AMB-20)",
}
"""Each end of a deal in words: the one table of them."""

END_PLAYING, END_OUT, END_BLOCKED, END_DRAW = End
"""The ends as module constants, for the hot path (see :data:`comet.state.PHASE_PLAY`)."""


class Bonus(StrEnum):
    """Why a whole deal's payments are multiplied."""

    OPERA = "opera"
    COMET_LAST = "comet_last"
    """The winner went out with the comet."""
    COMET_AS_NINE = "comet_as_nine"
    """The winner went out with the comet standing for a nine."""


class Say(StrEnum):
    """What a :class:`Note` says."""

    OPERA_DRAW = "opera_draw"
    MULTIPLIERS = "multipliers"
    """1752: game, points and bonus multiplied (``counts``: the three multipliers; ``why``)."""
    DEAL_FACTORS = "deal_factors"
    """The modern game: every loser's payment multiplied (``why`` with their ``times``)."""
    EXCUSED = "excused"
    BLOCKED = "blocked"
    TIE = "tie"
    REFUNDS = "refunds"


class Note(NamedTuple):
    """A remark of the settlement, as data: what it says and about whom."""

    what: Say
    seat: int = -1
    cards: tuple[Card, ...] = ()
    counts: tuple[int, ...] = ()
    """Each seat's count (``BLOCKED``), or the game, points and bonus multipliers (``MULTIPLIERS``)."""
    why: tuple[Bonus, ...] = ()
    times: tuple[int, ...] = ()
    """The multiplier of each ``why`` (``DEAL_FACTORS``)."""

    @property
    def text(self) -> str:
        """The note in English."""
        match self.what:
            case Say.OPERA_DRAW:
                return "Opera by the first hand, but the dealer could have made one too: the hand is drawn."
            case Say.MULTIPLIERS:
                said = ", ".join("opera" if w is Bonus.OPERA else "went out with the comet"
                                 + (" as a nine" if w is Bonus.COMET_AS_NINE else "") for w in self.why)
                g, p, b = self.counts
                return f"{said.capitalize()}: game ×{g}, points ×{p}, bonus ×{b}."
            case Say.DEAL_FACTORS:
                parts = ("opera" if w is Bonus.OPERA else "went out with the comet"
                         + (" as a natural nine" if w is Bonus.COMET_AS_NINE else "") for w in self.why)
                return "; ".join(f"{part} ×{k}" for part, k in zip(parts, self.times)).capitalize() + "."
            case Say.EXCUSED:
                return f"Seat {self.seat} holds the {cards_symbols(self.cards)} and is excused from paying."
            case Say.BLOCKED:
                return "Everybody is blocked: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(self.counts)) + "."
            case Say.TIE:
                return "A tie: nobody scores."
        return "The drawn hand returns what was paid in play (AMB-32, option opera_draw_refund)."


@dataclass(frozen=True)
class Outcome:
    """What a deal came to.

    ``winner`` is a seat, or ``None`` for a draw (or a tie when blocked).  ``payments``
    is the net result per seat of the whole deal, in-play payments included, in the
    variant's smallest unit; it sums to zero.  ``ledger`` holds the in-play payments and
    ``settlement`` the end-of-deal ones, each with its reason as data; ``remarks`` the
    settlement's notes; :attr:`lines` words them all.
    """

    winner: int | None
    end: End
    """``out`` (a hand emptied), ``blocked`` (everybody passed a free lead) or ``draw``."""
    payments: list[int]
    settlement: list[Payment]
    ledger: list[Payment]
    remarks: list[Note] = field(default_factory=list)
    opera: bool = False
    unit: str = "chip"
    hands: list[list[Card]] = field(default_factory=list)
    partnerships: bool = False

    @property
    def notes(self) -> list[str]:
        """The remarks in English."""
        return [note.text for note in self.remarks]

    @property
    def lines(self) -> list[str]:
        """Readable lines: who won, the in-play payments, the settlement, the net result."""
        out: list[str] = []
        if self.end is End.OUT and self.winner is not None:
            out.append(f"Seat {self.winner} went out{' (an opera)' if self.opera else ''}.")
        elif self.end is End.DRAW:
            out.append("The hand is drawn.")
        out.extend(self.notes)
        for seat, hand in enumerate(self.hands):
            if hand:
                out.append(f"Seat {seat} is left with {cards_symbols(hand)}.")
        if self.ledger:
            out.append("In play:")
            out.extend("  " + p.describe(self.unit) for p in self.ledger)
        if self.settlement:
            out.append("Settlement:")
            out.extend("  " + p.describe(self.unit) for p in self.settlement)
        out.append("Net: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(self.payments))
                   + f" ({plural(self.unit)})")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines)

    @property
    def side_payments(self) -> list[int]:
        """Net per side (seats 0+2, 1+3) in a partnership game; per seat otherwise."""
        if not self.partnerships:
            return list(self.payments)
        return [self.payments[0] + self.payments[2], self.payments[1] + self.payments[3]]
