"""Payments, in play (the ledger) and at the end of a deal (the settlement), each with its reason
as data: a :class:`Why` code, the cards it is for and, for a settlement, how the amount is made
(:class:`Term` parts, each with its multiplier, and :class:`Factor` multipliers of the whole).

A layer above words them in any language from these fields alone; :attr:`Payment.reason` and
:meth:`Payment.describe` word them in English (the scripters' and the golden records' words)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from comet.cards import Card, cards_symbols

POOL = -1
"""The payee (or payer) seat number of the pool in games with antes (Commit 1991)."""


class Why(StrEnum):
    """Why a payment is made; its English words are :data:`WHY_WORDS`."""

    ANTE = "ante"
    TAKES_POOL = "takes_pool"
    ANTE_BACK = "ante_back"
    WILD = "wild"
    WILD_JOKER = "wild_joker"
    MANILLE_OUT = "manille_out"
    CLAIM = "claim"
    CARD = "card"
    HOC = "hoc"
    KING_STOP = "king_stop"
    INCIDENTAL = "incidental"
    BLANCHE = "blanche"
    BLANCHE_COMET = "blanche_comet"
    HAND = "hand"
    MANILLE_EACH = "manille_each"
    MANILLE_WINNER = "manille_winner"
    KINGS_KEPT = "kings_kept"
    KINGS_LEFT = "kings_left"
    COMET_HELD = "comet_held"
    BLOCKED = "blocked"
    REFUND = "refund"


Words = str | tuple[str, str]
"""A message of the tables below: one form, or the singular and plural forms for a count ``{n}``."""

WHY_WORDS: dict[Why, Words] = {
    Why.ANTE: "ante to the pool",
    Why.TAKES_POOL: "takes the pool",
    Why.ANTE_BACK: "ante returned (no winner)",
    Why.WILD: "played the comet",
    Why.WILD_JOKER: "played the comet (the joker)",
    Why.MANILLE_OUT: "went out with the manille (the claim stands)",
    Why.CLAIM: "claimed the manille",
    Why.CARD: "played {cards}",
    Why.HOC: "hoc! ({cards})",
    Why.KING_STOP: "stopped with a king",
    Why.INCIDENTAL: "nobody could go on (an incidental stop)",
    Why.BLANCHE: "carte blanche",
    Why.BLANCHE_COMET: "carte blanche with the comet",
    Why.HAND: "{terms}",
    Why.MANILLE_EACH: "kept the manille: {amount} to each opponent",
    Why.MANILLE_WINNER: "kept the manille: a fiche to the winner",
    Why.KINGS_KEPT: ("kept {n} king (Enc)", "kept {n} kings (Enc)"),
    Why.KINGS_LEFT: ("{n} king left", "{n} kings left"),
    Why.COMET_HELD: "still holds the comet",
    Why.BLOCKED: "blocked with {n} against {best}",
    Why.REFUND: "returned, the hand being drawn ({refunded})",
}
"""Each reason of a payment in English, keyed by the reason: the one table of them (the pages read it
through the catalogs, :func:`comet_render.words.reason_text`). ``{cards}``: the payment's cards in
symbols; ``{amount}``: the amount with its unit; ``{n}``: the count (the first term's value, else the
number of cards); ``{best}``: the second term's value; ``{refunded}``: the refunded payment's reason;
``{terms}``: the parts of the amount (:data:`TERM_WORDS`)."""


class Count(StrEnum):
    """What a :class:`Term` counts."""

    PIPS = "pips"
    CARDS = "cards"
    KINGS = "kings"
    GAME = "game"
    BONUS = "bonus"


class Term(NamedTuple):
    """One part of an amount: ``value`` of ``what`` (the pips in the payment's cards, the cards
    left, the game's stake, the comet bonus...), times ``times``."""

    what: Count
    value: int
    times: int = 1


class Factor(NamedTuple):
    """A multiplier of a whole payment and why (``holding``: the loser holds the comet; ``deal``:
    the deal's multiplier, whose reasons are the outcome's notes)."""

    times: int
    why: Literal["deal", "holding"] = "deal"


class Payment(NamedTuple):
    """``payer`` pays ``amount`` units to ``payee`` (seat -1 is the pool) because of ``why``."""

    payer: int
    payee: int
    amount: int
    why: Why
    cards: tuple[Card, ...] = ()
    """The cards the payment is for: the card played, the hoc, the hand counted."""
    terms: tuple[Term, ...] = ()
    """How the amount is made (its parts, each times its multiplier)."""
    factors: tuple[Factor, ...] = ()
    """Multipliers of the whole amount."""
    unit: str = "chip"
    refunded: "Payment | None" = None
    """The payment in play that a refund returns (``Why.REFUND``)."""

    @property
    def reason(self) -> str:
        """Why, in English: ``"played 7♦"``, ``"24 pips in 4♦ K♥ K♦ ×2"``."""
        return reason_text(self)

    def describe(self, unit: str | None = None, names: tuple[str, ...] | None = None) -> str:
        """``"seat 0 pays 2 chips to seat 1: played the comet"``."""
        def who(seat: int) -> str:
            if seat == POOL:
                return "the pool"
            return names[seat] if names else f"seat {seat}"

        unit = unit or self.unit
        units = unit if self.amount == 1 else plural(unit)
        return f"{who(self.payer)} pays {self.amount} {units} to {who(self.payee)}: {self.reason}"


TERM_WORDS: dict[Count, Words] = {
    Count.PIPS: ("{n} pip in {cards}", "{n} pips in {cards}"),
    Count.CARDS: ("{n} card left", "{n} cards left"),
    Count.KINGS: ("{n} king left", "{n} kings left"),
    Count.GAME: "game {n}",
    Count.BONUS: "comet bonus {n}",
}
"""Each part of a settlement's amount in English (``{cards}``: the payment's cards): the one table of them."""
NO_CARDS, HOLDING = "no cards left", "×{n} for holding the comet"
"""The pips of an empty hand; a multiplier for holding the comet (the other multipliers are ``×n``)."""


def worded(words: Words, n: int, **values: object) -> str:
    """A message of these tables in English: its form for the count ``n``, filled in."""
    return (words if isinstance(words, str) else words[n != 1]).format(n=n, **values)


def reason_text(p: Payment) -> str:
    """A payment's reason in English, from its fields (see :data:`WHY_WORDS`)."""
    return worded(WHY_WORDS[p.why], p.terms[0].value if p.terms else len(p.cards), cards=cards_symbols(p.cards),
                  amount=f"{p.amount} {p.unit if p.amount == 1 else plural(p.unit)}",
                  best=p.terms[1].value if len(p.terms) > 1 else 0,
                  refunded=p.refunded.reason if p.refunded is not None else "",
                  terms=terms_text(p) if p.why is Why.HAND else "")


def terms_text(p: Payment) -> str:
    """``"13 pips in 3♥ K♦ ×2; comet bonus 100 ×4"``, then the multipliers of the whole
    (``" ×2 ×2 for holding the comet"``; after ``"; "`` when the amount has several parts)."""
    parts = [(worded(TERM_WORDS[t.what], t.value, cards=cards_symbols(p.cards)) if p.cards or t.what is not Count.PIPS
              else NO_CARDS) + (f" ×{t.times}" if t.times != 1 else "") for t in p.terms]
    text = "; ".join(parts)
    for factor in p.factors:
        said = HOLDING.format(n=factor.times) if factor.why == "holding" else f"×{factor.times}"
        text += ("; " if len(parts) > 1 else " ") + said
    return text


def plural(unit: str) -> str:
    return unit + "s" if unit and not unit.endswith("s") else unit


def net(payments: list[Payment], players: int) -> list[int]:
    """Net result per seat of a list of payments (the pool is not a seat)."""
    totals = [0] * players
    for p in payments:
        if p.payer >= 0:
            totals[p.payer] -= p.amount
        if p.payee >= 0:
            totals[p.payee] += p.amount
    return totals
