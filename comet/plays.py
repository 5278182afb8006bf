"""Plays (actions) and their notation.

A play prints as the notation a player would write:

* ``8H``: one card;  ``7H 7H 7D 7D``: several cards played together (a group);
* ``9C=T``: a wild card and the rank it stands for (``9D=TH`` in games played in suit);
* ``pass``: the player cannot or will not go on ("without X" is the announcement);
* ``claim``: claim the manille's fiche (1718) before the next card is played;
* ``redeal`` / ``keep``: the 1752 first hand's redeal right;
* ``discard 7H`` then ``draw``: one step of the exchange (comet with exchange, S2).

Plays are interned, so the same text always gives the same object, and immutable (setting
an attribute raises ``AttributeError``), so no caller can change what a later parse returns.
A play equals only another play: ``Play.parse("pass") == "pass"`` is False; compare with
``Play.parse("pass")``, the module's ``PASS_PLAY``, or ``play.text == "pass"``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Iterable, NoReturn

from comet.cards import (
    JOKER_RANK,
    KING,
    RANK_CHARS,
    SUIT_CHARS,
    ALL_CARDS,
    JOKER,
    Card,
    parse_rank,
    rank_text,
    sort_key,
)
from comet.errors import InvalidCardError, InvalidPlayError


class Kind(StrEnum):
    """What a play does (described in :data:`KIND_WORDS`). A ``StrEnum``: ``Kind.PASS == "pass"``."""

    CARDS = "cards"
    PASS = "pass"
    CLAIM = "claim"
    REDEAL = "redeal"
    KEEP = "keep"
    DISCARD = "discard"
    DRAW = "draw"

    @property
    def description(self) -> str:
        return KIND_WORDS[self]


KIND_WORDS: dict[Kind, str] = {
    Kind.CARDS: "one card, a group of one rank, or a wild card standing for the card needed",
    Kind.PASS: "the player cannot or will not go on (\"without\" the next card)",
    Kind.CLAIM: "claim the manille's fiche before the next card is played (1718, S0, S1)",
    Kind.REDEAL: "the first hand demands a new deal (1752, S0, S1)",
    Kind.KEEP: "the first hand keeps its cards (1752, S0, S1)",
    Kind.DISCARD: "one card put out for the exchange (S2)",
    Kind.DRAW: "end the exchange: draw as many from the talon as were discarded (S2)",
}
"""Each kind of play in words: the one table of them."""

CARDS, PASS, CLAIM, REDEAL, KEEP, DISCARD, DRAW = (Kind.CARDS, Kind.PASS, Kind.CLAIM, Kind.REDEAL, Kind.KEEP,
                                                   Kind.DISCARD, Kind.DRAW)
WORD_KINDS = {k.value: k for k in (PASS, CLAIM, REDEAL, KEEP, DRAW)}
"""The kinds written as one word in the notation."""

Target = tuple[int, str]
"""What may be played next: ``(rank, suit)``, ``suit`` "" when suits are ignored."""


class Play:
    """One action.  ``kind`` is a :class:`Kind` (``cards pass claim redeal keep discard draw``).

    For ``cards``: ``cards`` (tuple of :class:`Card`), ``wild`` (the wild card or None),
    ``rank`` (the rank the play counts as) and ``suit`` ("" unless played in suit).

    Immutable and interned; equal only to plays (never to their text). Only a valid play can be
    built: ``Play("bogus")`` or a card play whose cards do not make it raise
    :class:`~comet.errors.InvalidPlayError`.
    """

    __slots__ = ("kind", "cards", "wild", "rank", "suit", "text", "naturals")
    _interned: ClassVar[dict[str, "Play"]] = {}

    kind: Kind
    cards: tuple[Card, ...]
    wild: Card | None
    rank: int
    suit: str
    text: str
    naturals: tuple[Card, ...]

    def __new__(
        cls,
        kind: str,
        cards: tuple[Card, ...] = (),
        wild: Card | None = None,
        rank: int = 0,
        suit: str = "",
    ) -> "Play":
        kind = _check(kind, cards, wild, rank, suit)
        text = _text(kind, cards, wild, rank, suit)
        found = cls._interned.get(text)
        if found is not None:
            return found
        self = object.__new__(cls)
        for name, value in (("kind", kind), ("cards", cards), ("wild", wild), ("rank", rank), ("suit", suit),
                            ("text", text), ("naturals", tuple(c for c in cards if c is not wild))):
            object.__setattr__(self, name, value)
        cls._interned[text] = self
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Play is immutable: cannot set {name!r} (parse another play instead)")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Play is immutable: cannot delete {name!r}")

    @classmethod
    def parse(cls, text: str) -> "Play":
        """Read a play from its notation; raise :class:`InvalidPlayError` if malformed."""
        if isinstance(text, Play):
            return text
        if not isinstance(text, str):
            raise InvalidPlayError(f"a play is written as text like '8H' or 'pass', not {text!r}")
        found = cls._interned.get(text)
        if found is not None:
            return found
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidPlayError("empty play: write cards like '8H', '7H 7D', '9C=T', or 'pass'")
        head = words[0].lower()
        if head in WORD_KINDS and len(words) == 1:
            return cls(WORD_KINDS[head])
        if head in ("without", "sans"):
            return cls(PASS)
        if head == DISCARD:
            if len(words) != 2:
                raise InvalidPlayError(f"{text!r}: discard one card at a time, e.g. 'discard 7H'")
            return cls(DISCARD, (_card(words[1], text),))
        cards: list[Card] = []
        wild: Card | None = None
        rank = 0
        suit = ""
        for word in words:
            if "=" in word:
                if wild is not None:
                    raise InvalidPlayError(f"{text!r}: only one card may stand for another")
                left, _, right = word.partition("=")
                wild = _card(left, text)
                rank, suit = _stands_for(right, text)
                cards.append(wild)
            else:
                cards.append(_card(word, text))
        if wild is None:
            rank = cards[0].rank
        return make_cards_play(cards, wild, rank, suit)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play.parse({self.text!r})"

    def __eq__(self, other: object) -> bool:
        """Plays are equal when their notation is; a play never equals a string."""
        if isinstance(other, Play):
            return self is other or self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Play.parse, (self.text,))

    @property
    def is_cards(self) -> bool:
        return self.kind is CARDS


def _card(word: str, text: str) -> Card:
    try:
        return Card.parse(word)
    except InvalidCardError as e:
        raise InvalidPlayError(f"{text!r}: {e}") from None


def _stands_for(word: str, text: str) -> tuple[int, str]:
    w = word.strip().upper()
    if w.startswith("10"):
        w = "T" + w[2:]
    try:
        if len(w) == 1:
            return parse_rank(w), ""
        if len(w) == 2 and w[1] in SUIT_CHARS:
            return parse_rank(w[0]), w[1]
    except InvalidCardError:
        pass
    raise InvalidPlayError(
        f"{text!r}: after '=' write the rank the wild card stands for ({RANK_CHARS}), "
        f"or rank and suit in games played in suit (e.g. '9D=TH')"
    )


def _check(kind: str, cards: tuple[Card, ...], wild: Card | None, rank: int, suit: str) -> Kind:
    """The play's kind, once its parts are known to make a play the notation can write and read back."""
    try:
        kind = Kind(kind)
    except ValueError:
        raise InvalidPlayError(f"{kind!r} is not a kind of play; kinds: {', '.join(Kind)}") from None
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise InvalidPlayError(f"the cards of a play are a tuple of Card, not {cards!r}")
    if kind is Kind.DISCARD:
        if len(cards) != 1 or wild is not None:
            raise InvalidPlayError(f"a discard is one card, not {cards!r}")
    elif kind is not Kind.CARDS:
        if cards or wild is not None or rank or suit:
            raise InvalidPlayError(f"a {kind} play has no cards")
    elif not cards:
        raise InvalidPlayError("a card play needs at least one card")
    elif not (0 if wild is None else 1) <= rank <= KING or suit not in ("", *SUIT_CHARS):
        raise InvalidPlayError(f"a card play counts as a rank 1..13 (and a suit of {SUIT_CHARS} or none), "
                               f"not {rank!r}{suit!r}")
    elif (wild is not None and cards.count(wild) != 1) or any(c.rank != rank for c in cards if c is not wild):
        raise InvalidPlayError(f"{' '.join(map(str, cards))} do not make one play of rank {rank}")
    elif wild is None and suit:
        raise InvalidPlayError("only a wild card is written with the suit it stands for")
    return kind


def _text(kind: Kind, cards: tuple[Card, ...], wild: Card | None, rank: int, suit: str) -> str:
    if kind is not CARDS:
        return f"discard {cards[0]}" if kind is DISCARD else kind.value
    parts = []
    for c in cards:
        if c is wild:
            parts.append(f"{c}={rank_text(rank)}{suit}")
        else:
            parts.append(str(c))
    return " ".join(parts)


def make_cards_play(cards: Iterable[Card], wild: Card | None, rank: int, suit: str = "") -> Play:
    """A card play with its cards in canonical order (naturals sorted, the wild last)."""
    naturals = sorted((c for c in cards if c is not wild), key=sort_key)
    ordered = tuple(naturals) + ((wild,) if wild is not None else ())
    if wild is None and rank == JOKER_RANK and ordered:
        rank = ordered[0].rank
    return Play(CARDS, ordered, wild, rank, suit)


def single(card: Card) -> Play:
    """The play of one natural card."""
    return SINGLES[card.index]


SINGLES: tuple[Play, ...] = tuple(
    Play(CARDS, (c,), None, c.rank, "") for c in sorted(ALL_CARDS + (JOKER,), key=lambda c: c.index)
)
"""The one-card play of every card, by ``Card.index``."""


PASS_PLAY = Play(PASS)
CLAIM_PLAY = Play(CLAIM)
REDEAL_PLAY = Play(REDEAL)
KEEP_PLAY = Play(KEEP)
DRAW_PLAY = Play(DRAW)


def discard(card: Card) -> Play:
    return Play(DISCARD, (card,))
