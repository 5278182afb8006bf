"""Errors raised by the engine on bad input: every one a :class:`CometError`, itself a
``ValueError`` (as python-chess's ``InvalidMoveError`` and ``IllegalMoveError``).

A caller that shows errors to a person (a widget, a page) treats a ``CometError`` as the
person's mistake, with a message that says what was wrong and what is allowed; anything else
the engine lets through (a ``TypeError``, an ``AttributeError``, a bare ``ValueError``) is a
programming error and should fail loudly.
"""

from __future__ import annotations

from typing import Any


class CometError(ValueError):
    """Bad input to the engine: the message says what was wrong and what is allowed, and the
    round, match or simulation it was given to is unchanged."""


class InvalidCardError(CometError):
    """Text that is not a card in the notation (``9D``, ``TH``, ``JK``), or cards a pack lacks."""


class InvalidPlayError(CometError):
    """Text that cannot be read as a play in the notation (a syntax error), or a record that is
    not one."""


class IllegalPlayError(CometError):
    """A well-formed play that the rules do not allow in the current position."""


class InvalidDealError(CometError):
    """A deal that does not fit the variant: hands, the number of players, the dealer or leader
    seat, the pack."""


class InvalidOptionError(CometError):
    """An option or setting outside what is allowed: a variant's option, a bot's name, level or
    budget, a simulation's number of games or agents, a seat."""


class GameStateError(CometError):
    """Something the round or match cannot do now: a bot's play once the round is over, the
    next deal before this one ends, the record of a deal still being played."""


class _UnknownName(KeyError, CometError):
    """A name that is not in a table (also a ``KeyError``, as a missing key is)."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else ""


class UnknownVariantError(_UnknownName):
    """A variant id that is not in :data:`comet.VARIANTS`."""


class UnknownAmbiguityError(_UnknownName):
    """An ambiguity id that is not in :data:`comet.ambiguities.AMBIGUITIES`."""


# ---------------------------------------------------------------------- checks every constructor uses
def shown(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: its ``repr``, cut to ``limit`` characters (a hostile
    caller's megabyte of text is not copied into the message)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def check_seed(seed: Any) -> Any:
    """``seed`` if a deal can be shuffled from it and a record write it and read it back: ``None``, an
    int, a finite float, a str or bytes."""
    if seed is None or seed.__class__ in (int, bool, str, bytes) or (seed.__class__ is float and seed - seed == 0):
        return seed
    raise InvalidOptionError(f"a seed is None, a whole number, a finite float, text or bytes, not {shown(seed)}")


def check_seat(value: Any, players: int, what: str) -> int:
    """``value`` if it is a seat of ``players``, else an :class:`InvalidDealError` naming ``what`` it is."""
    if value.__class__ is not int or not 0 <= value < players:
        raise InvalidDealError(f"{what} must be a seat 0..{players - 1}, not {shown(value)}")
    return int(value)


def check_count(value: Any, what: str) -> int:
    """``value`` if it is a whole number of at least 0."""
    if value.__class__ is not int or value < 0:
        raise InvalidOptionError(f"{what} must be a whole number of at least 0, not {shown(value)}")
    return int(value)


__all__ = ["CometError", "InvalidCardError", "InvalidPlayError", "IllegalPlayError", "InvalidDealError",
           "InvalidOptionError", "GameStateError", "UnknownVariantError", "UnknownAmbiguityError", "shown",
           "check_seed", "check_seat", "check_count"]
