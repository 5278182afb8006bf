"""A text notation for deals and matches, PGN-like.

::

    [Variant "modern-comet-1991"]
    [Options "opera_draw=False"]
    [Players "2"]
    [Seed "42"]
    [Dealer "0"]
    [Pack "red"]

    1: 7H        ; or 1: 7H 7H 7D 7D, 1: 9C=T, 0: pass
    ...

A deal made with :meth:`Round.from_hands` records its hands instead of the seed
(``[Hand0 "7H 8D"]``, ``[Dead "..."]``, ``[Leader "0"]``).  A match records its headers,
then each deal under ``[Deal "n"]`` with its plays.  ``;`` starts a comment (announcements
are written there by :func:`comet.record.round_record`, and ignored on reading).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from comet.errors import CometError, InvalidPlayError, shown
from comet.match import Match
from comet.record import round_record
from comet.round import Round
from comet.variants import find_variant

__all__ = ["parse_record", "parse_options", "replay", "round_record"]

_HEADER = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_MOVE = re.compile(r"^(\d{1,3})\s*:\s*(.+)$")
_LITERAL_ERRORS = (ValueError, SyntaxError, TypeError, MemoryError, RecursionError)
"""What ``ast.literal_eval`` raises on text that is not a literal (or too deep to read)."""


def parse_options(text: str) -> dict[str, Any]:
    """``"name=value, ..."`` (a record's ``[Options]``): each value a Python literal, else its text."""
    if not isinstance(text, str):
        raise InvalidPlayError(f"options are written as text like 'wild_is_stop=True, count=\'cards\'', "
                               f"not {shown(text)}")
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        try:
            out[name.strip()] = ast.literal_eval(value.strip())
        except _LITERAL_ERRORS:
            out[name.strip()] = value.strip()
    return out


def parse_record(text: str) -> tuple[dict[str, str], list[tuple[dict[str, str], list[tuple[int, str]]]]]:
    """Split a record into match headers and deals (each with its own headers and moves)."""
    if not isinstance(text, str):
        raise InvalidPlayError(f"a record is text: headers like [Variant \"...\"], then moves like '0: 7H', "
                               f"not {shown(text)}")
    top: dict[str, str] = {}
    deals: list[tuple[dict[str, str], list[tuple[int, str]]]] = []
    current: tuple[dict[str, str], list[tuple[int, str]]] | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        m = _HEADER.match(line)
        if m:
            key, value = m.group(1), m.group(2)
            if key == "Deal":
                current = ({"Deal": value}, [])
                deals.append(current)
            elif current is not None and current[1] == [] and key not in top and deals:
                current[0][key] = value
            else:
                top[key] = value
            continue
        m = _MOVE.match(line)
        if not m:
            raise InvalidPlayError(f"line {lineno}: {shown(raw)} is neither a header like [Variant \"...\"] "
                                   f"nor a move like '0: 7H'")
        if current is None:
            current = ({}, [])
            deals.append(current)
        current[1].append((int(m.group(1)), m.group(2).strip()))
    return top, deals


def _whole(top: dict[str, str], key: str, default: str) -> int:
    """A header that holds a whole number, with a message naming it when it does not."""
    value = top.get(key, default)
    if not re.fullmatch(r"[0-9]{1,6}", value):
        raise InvalidPlayError(f'the header [{key} "{value[:40]}"] must be a whole number')
    return int(value)


def _literal(top: dict[str, str], key: str) -> Any:
    """A header that holds a Python literal (a seed: ``1`` or ``'3/2'``)."""
    try:
        return ast.literal_eval(top[key])
    except _LITERAL_ERRORS:
        raise InvalidPlayError(f'the header [{key} "{top[key][:40]}"] must be a number or a quoted text') from None


def replay(text: str) -> Round | Match:
    """Rebuild a deal (or a match) from its record, checking every play on the way.

    A record that is not one (a missing or malformed header, a play that is not legal where it
    stands) raises :class:`comet.errors.InvalidPlayError` or another :class:`comet.errors.CometError` naming it.
    """
    top, deals = parse_record(text)
    if "Variant" not in top:
        raise InvalidPlayError("a record needs a [Variant \"...\"] header")
    variant = find_variant(top["Variant"])
    if top.get("Options"):
        variant = variant.with_options(**parse_options(top["Options"]))
    players = _whole(top, "Players", "2")
    if top.get("Match"):
        options = parse_options(top.get("MatchOptions", ""))
        if not set(options) <= {"deals", "target"}:
            raise InvalidPlayError(f"the header [MatchOptions] names deals and target only, "
                                   f"not {shown(sorted(options))}")
        _needs_the_deal(top, any(moves for _, moves in deals), "Seed")
        match = Match(variant, players=players, seed=_literal(top, "Seed") if "Seed" in top else None, **options)
        for i, (_, moves) in enumerate(deals):
            if i > 0:
                match.next_deal()
            _apply_moves(match.round, moves)
        return match
    moves = deals[0][1] if deals else []
    _needs_the_deal(top, bool(moves), "Seed", "Hand0")
    pack = top.get("Pack")
    dead_comets = _whole(top, "DeadComets", "0")
    seed = _literal(top, "Seed") if "Seed" in top else None
    if "Hand0" in top:
        missing = [f"Hand{s}" for s in range(players) if f"Hand{s}" not in top]
        if missing:
            raise InvalidPlayError(f"a record of dealt hands needs [Hand0] to [Hand{players - 1}]; "
                                   f"missing: {', '.join(missing)}")
        hands = [top[f"Hand{s}"] for s in range(players)]
        rnd = Round.from_hands(variant, hands, leader=_whole(top, "Leader", "0"), dead=top.get("Dead", ""),
                               talon=top.get("Talon") or None, pack=pack, dealer=_whole(top, "Dealer", "0"),
                               dead_comets=dead_comets, seed=seed)
    else:
        rnd = Round.deal(variant, players=players, seed=seed, dealer=_whole(top, "Dealer", "0"), pack=pack,
                         dead_comets=dead_comets)
    _apply_moves(rnd, moves)
    return rnd


def _apply_moves(rnd: Round, moves: list[tuple[int, str]]) -> None:
    for i, (seat, text) in enumerate(moves, 1):
        if rnd.to_play != seat:
            raise InvalidPlayError(_wrong_seat(rnd, i, seat, text))
        try:
            rnd.play(text)
        except CometError as e:  # the engine's refusal, with where in the record it was met
            raise type(e)(f"move {i}: {e}") from None


def _needs_the_deal(top: dict[str, str], plays: bool, *headers: str) -> None:
    """Refuse plays with no deal to replay them on (they would meet a new shuffle each time)."""
    if plays and not any(h in top for h in headers):
        raise InvalidPlayError(f"a record with plays must be of one deal: it needs {' or '.join(f'[{h} ...]' for h in headers)}")


def _wrong_seat(rnd: Round, move: int, seat: int, text: str) -> str:
    """Why move ``move`` of a record cannot be replayed, and what the record should say instead."""
    said = f"move {move}: the record says seat {seat} plays {shown(text)}"
    if rnd.is_over:
        return f"{said}, but the deal is over after move {move - 1}: a record's last move must be the one that ends the deal"
    legal = [play.text for play in rnd.legal_plays()]
    some = ", ".join(f"'{rnd.to_play}: {t}'" for t in legal[:6]) + (", …" if len(legal) > 6 else "")
    return f"{said}, but seat {rnd.to_play} is to play: the line must be one of {some}"
