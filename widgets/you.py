"""The engine's sentences as the player at the table reads them: "you" rather than "seat 0".

The engine names every player by seat (``Seat 0 plays 8♥.``, ``seat 0 pays 12 chips to seat 2``,
``Net: seat 0 -12, seat 2 +12``); a table where you are one of the seats says ``You play 8♥.``,
``you pay 12 chips to seat 2``, ``Net: you -12, seat 2 +12``. Only the seat and the verb that
follows it change: amounts, cards and the calls stay the engine's own.
"""

from __future__ import annotations

import re
from typing import Iterable

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_WORD = re.compile(r"[a-z]+")


def _plain(verb: str) -> str:
    """``plays`` → ``play``, ``passes`` → ``pass``, ``went`` → ``went`` (the form after "you")."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    for ending in ("sses", "shes", "ches", "xes"):
        if verb.endswith(ending):
            return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def you_text(sentence: str, seat: int = 0) -> str:
    """``sentence`` with ``seat`` called "you" (and its verb agreeing): ``Seat 0 plays 8♥.`` →
    ``You play 8♥.``; ``seat 1 pays 3 chips to seat 0`` → ``seat 1 pays 3 chips to you``."""
    pattern = re.compile(rf"\b([Ss])eat {seat}\b(?!\d)( ([a-z]+)\b)?")

    def swap(m: re.Match[str]) -> str:
        you = "You" if m.group(1) == "S" else "you"
        verb = m.group(3)
        if verb is None or not _WORD.fullmatch(verb) or verb in ("and", "or", "to", "from", "with", "of"):
            return you + (m.group(2) or "")
        return f"{you} {_plain(verb)}"

    return pattern.sub(swap, sentence)


def you_lines(lines: Iterable[str], seat: int = 0) -> list[str]:
    """:func:`you_text` of every line."""
    return [you_text(line, seat) for line in lines]
