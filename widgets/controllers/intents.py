"""What a table's view sends back: intents, checked before anything is done with them.

A view renders a :class:`~widgets.controllers.snapshot.Snapshot` and answers with an :class:`Intent`:
make a play (in notation), confirm the hand-over, undo, ask for a hint or the rule, the next deal or a
new match. Each names the snapshot it answers (``seq``): the second click of a double click answers a
picture already replaced, and is ignored (:func:`stale`). :func:`read_intent` turns a JSON value from
a page or a network into an intent, or raises :class:`~widgets.controllers.checks.UserError` saying
what was wrong and what is allowed; nothing is changed by a refused intent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import comet
from comet_render.i18n import words
from widgets.controllers.checks import UserError

if TYPE_CHECKING:
    from widgets.controllers.table import TableController

KINDS = ("play", "confirm", "undo", "hint", "rule", "new")
"""What a view may ask for (``new``: the next deal when one is over, else a new match)."""
MAX_PLAY = 80
"""The longest play in notation (a group of eight cards with a wild card is well under it)."""
MAX_SEQ = 2**53
FIELDS = frozenset({"kind", "play", "seq"})


@dataclass(frozen=True)
class Intent:
    kind: str
    play: str = ""
    """The play, in notation, for ``play`` ("" for the others)."""
    seq: int = 0
    """The number of the snapshot this intent answers."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seq": self.seq}
        if self.kind == "play":
            out["play"] = self.play
        return out

    def parsed(self) -> comet.Play:
        """The play asked for (an intent from :func:`read_intent` always has a readable one)."""
        return comet.Play.parse(self.play)


def read_intent(data: Any, lang: str = "en") -> Intent:
    """The intent ``data`` holds (``{"kind": "play", "play": "9D", "seq": 12}``); a
    :class:`UserError` in ``lang`` says what is wrong with anything else."""
    _ = words(lang)
    if not isinstance(data, dict):
        raise UserError(_("A table's request is an object with a kind ({kinds}), not {value}.", kinds=", ".join(KINDS),
                          value=repr(data)[:40]))
    unknown = sorted(str(k)[:20] for k in data if k not in FIELDS)
    if unknown:
        raise UserError(_("{key} is not part of a table's request; it has a kind, a play and the picture's number.",
                          key=repr(unknown[0])))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise UserError(_("{value} is not something a table can be asked to do; it can be asked: {kinds}.",
                          value=repr(kind)[:40], kinds=", ".join(KINDS)))
    seq = data.get("seq", 0)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
        raise UserError(_("A picture's number is a whole number from 0, not {value}.", value=repr(seq)[:40]))
    play = data.get("play", "")
    if kind != "play":
        if play not in ("", None):
            raise UserError(_("Only a play names a play; {kind} does not.", kind=kind))
        return Intent(kind, "", seq)
    if not isinstance(play, str) or not play.strip() or len(play) > MAX_PLAY:
        raise UserError(_("A play is written in the notation, such as {card}, {cards} or {call}, not {value}.",
                          card="9D", cards="7H 7S", call="pass", value=repr(play)[:40]))
    try:
        parsed = comet.Play.parse(play)
    except comet.CometError as error:
        raise UserError(_("A play is written in the notation, such as {card}, {cards} or {call}, not {value}.",
                          card="9D", cards="7H 7S", call="pass", value=repr(play)[:40])) from error
    return Intent("play", parsed.text, seq)


def stale(intent: Intent, seq: int) -> bool:
    """``intent`` answers a picture older than the one numbered ``seq`` (a double click's second click):
    it is ignored quietly, never applied to the newer state."""
    return intent.seq != seq


@dataclass
class Done:
    """What an intent did: the message to show, whether the bots (and the passes made for people) play
    on now, the hint's best play (lit on the hand), a new match begun."""

    said: str
    bots: bool = False
    hinted: comet.Play | None = None
    new_match: bool = False


def act(flow: "TableController", intent: Intent, seat: int | None, offers: frozenset[str],
        new_seed: Callable[[], int]) -> Done:
    """Apply ``intent`` to ``flow`` for ``seat`` (None: the table's viewer, pass-and-play); ``offers``:
    the optional requests this table accepts (``undo``, ``hint``, ``rule``, ``new``, ``next``); a new
    match is dealt from ``new_seed()``. Raises :class:`UserError` (nothing changed) when it cannot be done."""
    _ = words(flow.lang)
    kind = intent.kind
    match = flow.match
    if kind == "new":
        kind = "next" if match.round.is_over and not match.is_over else "new"
    if kind in ("undo", "hint", "rule", "new", "next") and kind not in offers:
        raise UserError(_("This table does not offer that now."))
    if kind == "play":
        return Done(flow.play(intent.parsed(), seat), bots=True)
    if kind == "confirm":
        return Done(flow.confirm(flow.waiting if flow.waiting is not None else -1))
    if kind == "undo":
        if flow.undo_target(seat) is None:
            raise UserError(_("There is no decision of yours to take back."))
        return Done(flow.undo(seat))
    if kind == "hint":
        best = flow.hint(seat=seat)
        return Done(flow.hint_text(best), hinted=best[0].play if best else None)
    if kind == "rule":
        return Done(flow.rule())
    if kind == "next":
        return Done(flow.next_deal(), bots=True)
    v = match.variant
    return Done(flow.start(v, match.players, new_seed(), flow.seats, flow.typed), bots=True, new_match=True)
