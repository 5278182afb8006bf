"""Cards, ranks, suits and the packs of the Comet family.

Notation follows the digest (DIGEST.md section 2.0): ranks ``A23456789TJQK``, suits
``SHDC`` and the joker ``JK``.  Aces are low (A=1 ... K=13) and never follow a king.
Cards are interned: ``Card.parse("9D") is Card.parse("9d")``.  Two-pack games hold
two equal cards; a hand is then a multiset of the same ``Card`` object.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Callable, Iterable, Iterator, Sequence

from comet.errors import InvalidCardError, InvalidDealError, shown

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
JOKER_TEXT = "JK"
ACE, NINE, TEN, JACK, QUEEN, KING = 1, 9, 10, 11, 12, 13
JOKER_RANK = 0
RED_SUITS = frozenset("HD")
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
"""Each rank in words (``"a ten"``, ``"the ace of spades"``)."""
CARD_PARTS = "a card is a rank 1..13 (A..K) with a suit of SHDC, or rank 0 with no suit (the joker)"
"""What :class:`Card` accepts, in words (its errors say it)."""
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Each rank as a card shows it (``10``, not the notation's ``T``): the one table of rank labels."""


def rank_label(rank: int) -> str:
    """A rank as printed on a card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K`` (1..13)."""
    if not 1 <= rank <= 13:
        raise InvalidCardError(f"a rank is 1..13, not {rank!r}")
    return RANK_LABELS[rank - 1]


def rank_text(rank: int) -> str:
    """The notation character of a rank (1..13): ``rank_text(10) == "T"``."""
    return RANK_CHARS[rank - 1]


def a_rank(rank: int) -> str:
    """A rank with its article, as the narration reads it: ``"a 7"``, ``"an 8"``, ``"an A"``, ``"a 10"``."""
    word = rank_label(rank)
    return f"{'an' if word in ('8', 'A') else 'a'} {word}"


def parse_rank(text: str) -> int:
    """Parse a rank character (``A23456789TJQK``; ``10`` is accepted for ``T``)."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_CHARS:
        raise InvalidCardError(f"{text!r} is not a rank; ranks are {' '.join(RANK_CHARS)}")
    return RANK_CHARS.index(t) + 1


class Card:
    """One playing card; immutable and interned (compare with ``==`` or ``is``).

    Cards compare by identity (no ordering methods, so ``in`` and ``list.remove`` stay in C);
    sort them with ``key=sort_key``.

    ``rank`` is 1..13 (0 for the joker), ``suit`` one of ``SHDC`` ("" for the joker).
    ``index`` is a small integer unique per card (0..52), handy for tables.
    """

    __slots__ = ("rank", "suit", "index", "order", "_text")
    _interned: dict[str, "Card"] = {}

    rank: int
    suit: str
    index: int
    order: int
    """Sort order: by rank, then suit in ``SHDC`` order, the joker last."""
    _text: str

    def __new__(cls, rank: int, suit: str) -> "Card":
        if (rank.__class__ is not int or suit.__class__ is not str or not 0 <= rank <= 13
                or (rank == JOKER_RANK) != (suit == "")):
            raise InvalidCardError(f"no card has rank {shown(rank)} and suit {shown(suit)}: {CARD_PARTS}")
        text = RANK_CHARS[rank - 1] + suit if rank else JOKER_TEXT
        found = cls._interned.get(text)
        if found is not None:
            return found
        if rank and (len(suit) != 1 or suit not in SUIT_CHARS):
            raise InvalidCardError(f"no card has rank {rank} and suit {shown(suit)}: {CARD_PARTS}")
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", "" if rank == JOKER_RANK else suit)
        index = 52 if rank == JOKER_RANK else SUIT_CHARS.index(suit) * 13 + rank - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "order", 999 if rank == JOKER_RANK else rank * 4 + SUIT_CHARS.index(suit))
        object.__setattr__(self, "_text", text)
        cls._interned[text] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``"9D"``, ``"th"``, ``"10H"`` or ``"JK"``; raise :class:`InvalidCardError`."""
        if not isinstance(text, str):
            raise InvalidCardError(f"a card is written as text like '9D' (suits SHDC, or JK), not {shown(text)}")
        t = text.strip().upper()
        found = cls._interned.get(t)
        if found is not None:
            return found
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) == 2 and t[0] in RANK_CHARS and t[1] in SUIT_CHARS:
            return cls(RANK_CHARS.index(t[0]) + 1, t[1])
        raise InvalidCardError(
            f"{shown(text)} is not a card: write rank then suit, ranks {RANK_CHARS}, "
            f"suits {SUIT_CHARS} (e.g. '9D', 'TH'), or 'JK' for the joker"
        )

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def pips(self) -> int:
        """Pip value for settlement: A=1, 2-10 face value, courts 10 (S0, S1).

        The joker counts 9, as the nine it replaces (digest 2.6, AMB-16/AMB-19).
        """
        if self.rank == JOKER_RANK:
            return 9
        return min(self.rank, 10)

    @property
    def name(self) -> str:
        """``"nine of diamonds"``; ``"joker"``."""
        if self.rank == JOKER_RANK:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def symbol(self) -> str:
        """``"9♦"``; ``"🃏"`` style text for the joker is avoided: ``"JK"``."""
        if self.rank == JOKER_RANK:
            return JOKER_TEXT
        return rank_label(self.rank) + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def _repr_svg_(self) -> str | None:
        from comet.display import render

        return render(self, "image/svg+xml")


sort_key: Callable[[Card], int] = attrgetter("order")
"""Order by rank, then suit in ``SHDC`` order; the joker last."""


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUIT_CHARS for r in range(1, 14))
JOKER = Card(JOKER_RANK, "")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse ``"7H 8D 9D"`` (spaces or commas) or an iterable of cards/texts."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    else:
        try:
            parts = list(text)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidCardError(f"cards are text like '7H 8D' (suits SHDC, or JK) or a list, "
                                   f"not {shown(text)}") from None
    return [p if isinstance(p, Card) else Card.parse(p) for p in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """``"7H 8D"``: the notation of several cards, space-separated."""
    return " ".join(str(c) for c in cards)


def cards_symbols(cards: Iterable[Card]) -> str:
    """``"7♥ 8♦"``: several cards as readers see them (outcomes, settlements), space-separated."""
    return " ".join(c.symbol for c in cards)


# --- packs -----------------------------------------------------------------------------

def standard_pack() -> list[Card]:
    """The 52-card pack (old comet 1718, Hoc, Commit 1991)."""
    return list(ALL_CARDS)


def pack_without(removed: Iterable[str | Card]) -> list[Card]:
    """One 52-card pack with some cards removed, e.g. the 8♦ (Commit, Pope Joan)."""
    gone = Counter(parse_cards(list(removed)))
    pack = []
    for c in ALL_CARDS:
        if gone[c]:
            gone[c] -= 1
        else:
            pack.append(c)
    if +gone:
        raise InvalidCardError(f"cannot remove {cards_text(gone.elements())}: not in the pack")
    return pack


def colour_pack(colour: str, red_comet: str = "9C", black_comet: str = "9D") -> list[Card]:
    """One of the two 48-card colour packs of the new comet (S0, S1, S2).

    Two packs without aces are sorted into red and black.  One ``black_comet`` (a red
    nine, 9♦ in 1752 and 1991; 9♥ in Yanovsky 1804, AMB-13) moves into the black pack and
    one ``red_comet`` (9♣) into the red pack.  Each pack then holds ranks 2-K four times:
    for the nines, three of the pack's colour and the off-colour comet.
    """
    red, black = Card.parse(red_comet), Card.parse(black_comet)
    if colour not in ("red", "black"):
        raise InvalidDealError(f"colour pack must be 'red' or 'black', not {colour!r}")
    want_red = colour == "red"
    pack = [c for c in ALL_CARDS for _ in range(2) if c.rank != ACE and c.is_red == want_red]
    leaving, arriving = (black, red) if want_red else (red, black)
    pack.remove(leaving)
    pack.append(arriving)
    pack.sort(key=sort_key)
    return pack


def joker_pack() -> list[Card]:
    """One pack without aces, the 9♦ replaced by a joker as comet: 48 cards (S2, AMB-16)."""
    pack = [c for c in ALL_CARDS if c.rank != ACE and str(c) != "9D"]
    pack.append(JOKER)
    return pack


def pips(cards: Iterable[Card]) -> int:
    """Total pip value (A=1, courts 10)."""
    return sum(c.pips for c in cards)


def check_subset(cards: Sequence[Card], pack: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` that ``pack`` lacks or holds fewer copies of (empty if fine)."""
    extra = Counter(cards) - Counter(pack)
    return sorted(extra.elements(), key=sort_key)


def iter_ranks() -> Iterator[int]:
    return iter(range(1, 14))
