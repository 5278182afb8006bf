"""Every message a device may send to the room server, checked before anything is done with it.

A message is one JSON object with a ``type``:

=========  ==========================================================================================
``hello``  ``lang``: the language of the device's pictures (``en``, ``fr``, ``ru``, ``es``)
``create`` ``variant``, ``players``, ``seats`` (each ``person`` or a bot's kind; the first is the
           creator's, a person), ``name``, ``page`` (the room page's address, for the link's QR code)
``join``   ``room`` (a code), ``name``, and ``token`` to come back to one's seat
``watch``  ``room``: a spectator, no hand
``intent`` ``intent``: what the table is asked (:func:`widgets.controllers.intents.read_intent`)
``class``  ``variant``, ``players``, ``seats``, ``tables`` (how many), ``name`` (the class's), ``page``
``teach``  ``class`` (a code) and ``token``: the teacher's view of the class
``look``   ``room``: the teacher opens a table of the class (every hand, the coach's suggestion)
=========  ==========================================================================================

:func:`read_message` returns a :class:`Message` or raises :class:`~widgets.controllers.checks.UserError`
with a sentence in the device's language saying what was wrong and what is allowed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import comet
from comet_render.i18n import words
from rooms.state import code_text, read_code
from widgets.controllers.checks import (
    LANGUAGE_CODES, PERSON, SEAT_KINDS, UserError, check_players, check_variant, clean_name,
)
from widgets.controllers.intents import Intent, read_intent

TYPES = ("hello", "create", "join", "watch", "intent", "class", "teach", "look")
FIELDS = {
    "hello": {"lang"}, "create": {"variant", "players", "seats", "name", "page"},
    "join": {"room", "name", "token", "page"}, "watch": {"room"}, "intent": {"intent"},
    "class": {"variant", "players", "seats", "tables", "name", "page"}, "teach": {"class", "token"}, "look": {"room"},
}
MAX_TEXT = 4096
"""The longest message, in characters (the server's websocket refuses longer frames before this)."""
MAX_PAGE = 300


@dataclass(frozen=True)
class Message:
    kind: str
    lang: str = ""
    variant: str = ""
    players: int = 0
    seats: tuple[str, ...] = ()
    name: str = ""
    page: str = ""
    room: str = ""
    token: str = ""
    tables: int = 0
    group: str = ""
    intent: Intent | None = field(default=None)


def _page(value: Any, _: Any) -> str:
    """The room page's address (``http(s)://host/.../room.html``), for the link and its QR code; "" if absent."""
    if value in (None, ""):
        return ""
    if not isinstance(value, str) or len(value) > MAX_PAGE:
        raise UserError(_("The page's address is too long or not text."))
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UserError(_("The page's address must be an http or https address without a query."))
    return value


def _seats(value: Any, players: int, _: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != players or not all(isinstance(k, str) and k in SEAT_KINDS
                                                                         for k in value):
        raise UserError(_("each of the {n} seats is a person or a bot.", n=players))
    if value[0] != PERSON:
        raise UserError(_("The first seat is yours: it is a person's."))
    return tuple(value)


def _code(value: Any, _: Any) -> str:
    code = read_code(value)
    if code is None:
        raise UserError(_("A table's code is 8 letters and digits, such as {example}, not {value}.",
                          example=code_text("K7QM2XPA"), value=repr(value)[:30]))
    return code


def _name(value: Any, _: Any, required: bool = True) -> str:
    name = clean_name(value)
    if required and not name:
        raise UserError(_("Your name is needed, so that the others know who plays."))
    return name


def read_message(text: str, lang: str = "en", max_tables: int = 16) -> Message:
    """The message ``text`` holds (see the module's docstring), for a device whose language is ``lang``."""
    _ = words(lang)
    if len(text) > MAX_TEXT:
        raise UserError(_("That message is too long ({n} characters; at most {max}).", n=len(text), max=MAX_TEXT))
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("type") not in TYPES:
        raise UserError(_("A message to the table is a JSON object whose type is one of: {types}.",
                          types=", ".join(TYPES)))
    kind = data["type"]
    unknown = sorted(str(k)[:20] for k in data if k != "type" and k not in FIELDS[kind])
    if unknown:
        raise UserError(_("{key} is not part of a {kind} message.", key=repr(unknown[0]), kind=kind))
    if kind == "hello":
        value = data.get("lang")
        if not isinstance(value, str) or value not in LANGUAGE_CODES:
            raise UserError(_("{value} is not a language of the site: {codes}.", value=repr(value)[:20],
                                      codes=", ".join(LANGUAGE_CODES)))
        return Message(kind, lang=value)
    if kind in ("create", "class"):
        variant = check_variant(data.get("variant"), lang)
        players = check_players(variant, data.get("players"), lang)
        seats = _seats(data.get("seats"), players, _)
        page = _page(data.get("page"), _)
        if kind == "class":
            tables = data.get("tables")
            if isinstance(tables, bool) or not isinstance(tables, int) or not 1 <= tables <= max_tables:
                raise UserError(_("A class opens from 1 to {max} tables at once, not {value}.", max=max_tables,
                                  value=repr(tables)[:20]))
            return Message(kind, variant=variant.id, players=players, seats=seats, page=page, tables=tables,
                           name=_name(data.get("name"), _, required=False))
        return Message(kind, variant=variant.id, players=players, seats=seats, page=page, name=_name(data.get("name"), _))
    if kind in ("join", "watch", "look"):
        room = _code(data.get("room"), _)
        token = data.get("token", "")
        if not isinstance(token, str) or len(token) > 100:
            raise UserError(_("A seat's token is the text the table gave this device."))
        name = _name(data.get("name"), _, required=kind == "join" and not token)
        page = _page(data.get("page"), _) if kind == "join" else ""
        return Message(kind, room=room, name=name, token=token, page=page)
    if kind == "teach":
        token = data.get("token")
        if not isinstance(token, str) or not token or len(token) > 100:
            raise UserError(_("The teacher's token is the text the server gave when the class was opened."))
        return Message(kind, group=_code(data.get("class"), _), token=token)
    return Message(kind, intent=read_intent(data.get("intent"), lang))


def variant_name(variant: str, lang: str) -> str:
    return words(lang)(comet.VARIANTS[variant].name)
