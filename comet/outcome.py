"""``Outcome``: the result of a finished deal, with every payment explained."""

from __future__ import annotations

from dataclasses import dataclass, field

from comet.cards import Card, cards_symbols
from comet.ledger import Payment, plural


@dataclass(frozen=True)
class Outcome:
    """What a deal came to.

    ``winner`` is a seat, or ``None`` for a draw (or a tie when blocked).  ``payments``
    is the net result per seat of the whole deal, in-play payments included, in the
    variant's smallest unit; it sums to zero.  ``ledger`` holds the in-play payments and
    ``settlement`` the end-of-deal ones; :attr:`lines` explains each.
    """

    winner: int | None
    end: str
    """``out`` (a hand emptied), ``blocked`` (everybody passed a free lead) or ``draw``."""
    payments: list[int]
    settlement: list[Payment]
    ledger: list[Payment]
    notes: list[str] = field(default_factory=list)
    opera: bool = False
    unit: str = "chip"
    hands: list[list[Card]] = field(default_factory=list)
    partnerships: bool = False

    @property
    def lines(self) -> list[str]:
        """Readable lines: who won, the in-play payments, the settlement, the net result."""
        out: list[str] = []
        if self.end == "out" and self.winner is not None:
            out.append(f"Seat {self.winner} went out{' (an opera)' if self.opera else ''}.")
        elif self.end == "draw":
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
