"""Plays (actions) and their notation.

A play prints as the notation a player would write:

* ``8H``: one card;  ``7H 7H 7D 7D``: several cards played together (a group);
* ``9C=T``: a wild card and the rank it stands for (``9D=TH`` in games played in suit);
* ``pass``: the player cannot or will not go on ("without X" is the announcement);
* ``claim``: claim the manille's fiche (1718) before the next card is played;
* ``redeal`` / ``keep``: the 1752 first hand's redeal right;
* ``discard 7H`` then ``draw``: one step of the exchange (comet with exchange, S2).

Plays are immutable (setting an attribute raises ``AttributeError``) and interned: a parse, or a
play built by name, gives the one object of its text, so no caller can change what a later parse
returns. What the intern table holds reveals no hand (issue 37): the plays of single cards, words,
discards and the wild cards' nominations are all made at once, from the pack alone; the groups the
legal plays offer (:func:`hand_play`) are not added to it (:mod:`comet.tables` holds them all).
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
from comet.errors import InvalidCardError, InvalidPlayError, shown


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
        return cls._make(kind, cards, wild, rank, suit, True)

    @classmethod
    def _make(cls, kind: str, cards: tuple[Card, ...], wild: Card | None, rank: int, suit: str,
              intern: bool) -> "Play":
        """The play of these parts (checked): the interned one of its text, else a new one, interned if ``intern``."""
        kind = _check(kind, cards, wild, rank, suit)
        text = _text(kind, cards, wild, rank, suit)
        found = cls._interned.get(text)
        if found is not None:
            return found
        self = cls._new(kind, cards, wild, rank, suit, text)
        if intern:
            cls._interned[text] = self
        return self

    @classmethod
    def _new(cls, kind: Kind, cards: tuple[Card, ...], wild: Card | None, rank: int, suit: str, text: str) -> "Play":
        """A new play of these parts, known to be right (not checked, not interned)."""
        self = object.__new__(cls)
        put = object.__setattr__
        put(self, "kind", kind), put(self, "cards", cards), put(self, "wild", wild), put(self, "rank", rank)
        put(self, "suit", suit), put(self, "text", text)
        put(self, "naturals", cards if wild is None else tuple(c for c in cards if c is not wild))
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
            raise _invalid(text, "a play is text")
        found = cls._interned.get(text)
        if found is not None:
            return found
        words = text.replace(",", " ").split()
        if not words or len(words) > MAX_CARDS:
            raise _invalid(text, f"a play is one word or 1 to {MAX_CARDS} cards")
        head = words[0].lower()
        if head in WORD_KINDS and len(words) == 1:
            return cls(WORD_KINDS[head])
        if head in ("without", "sans"):
            return cls(PASS)
        if head == DISCARD:
            if len(words) != 2:
                raise _invalid(text, "discard one card at a time")
            return cls(DISCARD, (_card(words[1], text),))
        cards: list[Card] = []
        wild: Card | None = None
        rank = 0
        suit = ""
        for word in words:
            if "=" in word:
                if wild is not None:
                    raise _invalid(text, "only one card may stand for another")
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


PLAY_FORMS = ("a play is cards: '8H', a group '7H 7H 7D 7D', a wild card '9C=T' ('9D=TH' in suit); or a word: "
              "pass, claim, keep, redeal, draw, or 'discard 7H'")
"""Every form of the notation, in words (every :class:`InvalidPlayError` of a play says it)."""
MAX_CARDS = 9
"""The most cards one play holds: eight of a rank (two packs) and a wild card."""


def _invalid(text: object, why: str) -> InvalidPlayError:
    return InvalidPlayError(f"{shown(text)} is not a play: {why}; {PLAY_FORMS}")


def _card(word: str, text: str) -> Card:
    try:
        return Card.parse(word)
    except InvalidCardError as e:
        raise _invalid(text, str(e)) from None


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
    raise _invalid(text, f"after '=' write the rank the wild card stands for ({RANK_CHARS}), "
                         f"and its suit too in games played in suit")


def _check(kind: str, cards: tuple[Card, ...], wild: Card | None, rank: int, suit: str) -> Kind:
    """The play's kind, once its parts are known to make a play the notation can write and read back."""
    try:
        kind = kind if kind.__class__ is Kind else Kind(kind)  # (an enum's call is slow: the engine passes members)
    except (ValueError, TypeError):
        raise InvalidPlayError(f"{shown(kind)} is not a kind of play; kinds: {', '.join(Kind)}") from None
    if cards.__class__ is not tuple or len(cards) > MAX_CARDS or not all(c.__class__ is Card for c in cards):
        why = f"its cards are a tuple of 1 to {MAX_CARDS} Card, not {shown(cards)}"
    elif (rank.__class__ is not int or suit.__class__ is not str
          or (wild is not None and (wild.__class__ is not Card or cards.count(wild) != 1))):
        why = f"its rank is an int, its suit a str, its wild card one of its cards, not {shown((rank, suit, wild))}"
    elif kind is not CARDS:
        if len(cards) == (kind is DISCARD) and wild is None and not rank and not suit:
            return kind
        why = f"a {kind} play has {'one card' if kind is DISCARD else 'no cards'}, no wild card, rank or suit"
    elif not cards:
        why = "a card play needs at least one card"
    elif not (0 if wild is None else 1) <= rank <= KING or suit not in ("", "S", "H", "D", "C"):
        why = f"a card play counts as a rank 1..13 (and a suit of {SUIT_CHARS} or none), not {rank}{shown(suit)}"
    elif any(c.rank != rank for c in cards if c is not wild):
        why = f"{' '.join(map(str, cards))} do not make one play of rank {rank}"
    elif wild is None and suit:
        why = "only a wild card is written with the suit it stands for"
    else:
        return kind
    raise _invalid(str(kind), why)


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


def hand_play(cards: tuple[Card, ...], wild: Card | None, rank: int) -> Play:
    """A play of several cards the legal plays offer (a group, several of one rank): ``cards`` of ``rank``
    in a hand's order, the wild card last. The interned play of its text if there is one, else a new
    play left out of the intern table (only :mod:`comet.tables`, filled from the pack alone, keeps it:
    a table filled as hands ask would show another seat's groups, issue 37). Not checked: the tables
    make only plays of one rank."""
    text = _text(CARDS, cards, wild, rank, "")
    return Play._interned.get(text) or Play._new(CARDS, cards, wild, rank, "", text)


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
DISCARDS: tuple[Play, ...] = tuple(Play(DISCARD, (c,)) for c in sorted(ALL_CARDS + (JOKER,), key=lambda c: c.index))
"""The discard of every card, by ``Card.index`` (all made at once: which were asked for would show a hand)."""


def discard(card: Card) -> Play:
    return DISCARDS[card.index]


_WILD_PLAYS: dict[tuple[Card, int, str], Play] = {}


def wild_play(wild: Card, rank: int, suit: str = "") -> Play:
    """The play of ``wild`` standing for ``rank`` (and ``suit`` in games played in suit). Made by rows, a
    suit's 13 ranks at once, and a deal makes the rows its rules may ask for when it is made
    (:func:`comet.tables.fill`), so that what the table holds shows no hand (issue 37)."""
    found = _WILD_PLAYS.get((wild, rank, suit))
    if found is None:
        for r in range(1, KING + 1):
            _WILD_PLAYS[(wild, r, suit)] = Play._new(CARDS, (wild,), wild, r, suit, f"{wild}={rank_text(r)}{suit}")
        found = _WILD_PLAYS[(wild, rank, suit)]
    return found
