"""Errors raised by the engine.  Both are ``ValueError`` (as in python-chess)."""

from __future__ import annotations

from comet.cards import InvalidCardError


class InvalidPlayError(ValueError):
    """Text that cannot be read as a play in the notation (a syntax error)."""


class IllegalPlayError(ValueError):
    """A well-formed play that the rules do not allow in the current position."""


class UnknownVariantError(KeyError, ValueError):
    """A variant id that is not in :data:`comet.VARIANTS`."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(ValueError):
    """An option name or value that a variant does not accept."""


class InvalidDealError(ValueError):
    """Hands that do not fit the variant's pack or player count."""


__all__ = [
    "InvalidCardError",
    "InvalidPlayError",
    "IllegalPlayError",
    "UnknownVariantError",
    "InvalidOptionError",
    "InvalidDealError",
]
