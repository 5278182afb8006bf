"""The state of a round, declared once.

Every field a :class:`~comet.round.Round` holds is named here, in a group that says how it
changes and who may see it (python-chess keeps a board's state the same way: one set of
fields, one push/pop). The undo frame (:class:`Frame`), :meth:`Round.copy`, a seat's
:class:`~comet.view.RoundView` and a round determinized from it are all built from these
groups, so a new field is declared in one place and set in ``Round._setup``: a field is
seen by agents only if its group is public, and ``Round`` (whose ``__slots__`` are these
names) refuses any field that is not declared.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from comet.cards import Card

if TYPE_CHECKING:
    from comet.round import Round

Target = tuple[int, str]
"""What may be played next: ``(rank, suit)``, ``suit`` "" when suits are ignored."""


class Turn(NamedTuple):
    """The public state of play, saved before every play (an undo frame's ``turn``)."""

    to_play: int | None
    """The seat to move, ``None`` when the round is over."""
    targets: tuple[Target, ...] | None
    """What may be played next; ``None`` on a new lead."""
    last: int
    """The seat that played the last card (-1 before any)."""
    passes: int
    """Passes since the last card."""
    claim_seat: int
    """The seat that may still claim the manille's fiche (-1: none; S0, S1)."""
    h_mode: bool
    """Whether whoever holds the next card plays it (turn model H)."""
    streak_seat: int
    streak_len: int
    """Who played the latest unbroken streak of cards, and how many (opera, S0)."""
    cards_played: int
    winner: int | None
    end: str
    """How the round ended: ``out``, ``blocked`` or "" while it is played."""
    phase: str
    """``redeal``, ``exchange``, ``play`` or ``over``."""


class Setup(NamedTuple):
    """What the plays before the card play change (a redeal, the exchange, S0, S1, S2):
    saved, with copies of its lists, before each of them."""

    hands: list[list[Card]]
    dead: list[Card]
    talon: list[Card]
    set_aside: list[Card]
    discards: list[list[Card]]
    leader: int
    redealt: bool
    exchange_order: list[int]
    exchange_index: int
    exchange_count: int
    play_sizes: list[int]
    """Each hand's size when the card play began (opera, S0)."""


class Frame(NamedTuple):
    """What one play changed, to take it back (:meth:`Round.undo`)."""

    seat: int
    hand: list[Card]
    """The player's hand before the play (a card play replaces the list, never edits it)."""
    turn: Turn
    ledger_len: int
    events_len: int
    """The event log's length before the play: where the play's events begin."""
    setup: Setup | None = None
    """For plays before the card play (redeal, exchange), else ``None``."""
    rng_state: Any = None
    """The redeal shuffle's state, with ``setup``."""


TurnValues = tuple[Any, ...]
"""A :class:`Turn`'s values in its order, as a plain tuple: what a play saves."""
FrameValues = tuple[int, list[Card], TurnValues, int, int, "Setup | None", Any]
"""A :class:`Frame`'s values in its order, as a plain tuple: what the undo stack holds.

Two of these are made for every play, the engine's hottest path, and a named tuple costs
about five times a plain one to build (``tuple.__new__`` on a subclass, measured with
valgrind's instruction counts): so the stack holds plain tuples, built and unpacked in the
order above by :meth:`Round.play` and :meth:`Round.undo` only, and :func:`frame_of` names
them for every other reader."""


def frame_of(values: FrameValues) -> Frame:
    """An undo frame's values, named (its turn too)."""
    seat, hand, turn, ledger_len, events_len, setup, rng_state = values
    return Frame(seat, hand, Turn._make(turn), ledger_len, events_len, setup, rng_state)


# ---------------------------------------------------------------------- the groups
FACTS = ("variant", "rules", "players", "pack_name", "dealer", "dead_comets", "comet_value", "wilds",
         "_wild_list", "_wild1", "_pack", "_pack_set", "_hocs", "_stop_cards", "_alternate", "_one_rank")
"""The deal's public facts, fixed when the round is made."""
SECRETS = ("seed", "dealt", "_initial")
"""Fixed and hidden: with the seed or the hands as dealt a player would see every card."""
SETUP_PUBLIC = ("leader", "redealt", "exchange_order", "exchange_index", "exchange_count", "play_sizes")
SETUP_HIDDEN = ("hands", "dead", "talon", "set_aside", "discards")
LOGS_PUBLIC = ("ledger",)
LOGS_HIDDEN = ("history", "_events")
"""Shown to a seat masked (other players' discards), by :meth:`RoundView.of`."""
WORK_PUBLIC = ("_voids",)
"""What public play showed about each seat's voids (set by :meth:`RoundView.determinize`)."""
WORK_HIDDEN = ("_stack", "_legal", "_rng")

PUBLIC_FIELDS: tuple[str, ...] = FACTS + Turn._fields + SETUP_PUBLIC + LOGS_PUBLIC + WORK_PUBLIC
"""The fields a seat may see: a view, and a round determinized from it, are built from these alone."""
HIDDEN_FIELDS: tuple[str, ...] = SECRETS + SETUP_HIDDEN + LOGS_HIDDEN + WORK_HIDDEN
ROUND_FIELDS: tuple[str, ...] = PUBLIC_FIELDS + HIDDEN_FIELDS
"""Every field of a round (``Round.__slots__``)."""

_EDITED_LISTS = frozenset({"dead", "talon", "set_aside", "history", "ledger", "_events", "_stack"})
"""Lists a round edits in place: a copy gets its own (every other list is replaced, never edited)."""
_NESTED = frozenset({"hands", "discards"})
"""Lists of lists edited in place at both levels."""


def _compile() -> tuple[Callable[["Round"], TurnValues], Callable[["Round", TurnValues], None],
                        Callable[["Round", "Round"], None]]:
    """``save_turn``, ``restore_turn`` and ``copy_fields``, written out from the groups above
    (as ``dataclasses`` writes ``__init__``): a play saves its turn at the cost of one tuple,
    and a copy (made for every playout of a search) costs a few assignments."""
    names = ", ".join(f"rnd.{name}" for name in Turn._fields)
    copies = []
    for name in ROUND_FIELDS:
        if name in _NESTED:
            copies.append(f"    dst.{name} = [h[:] for h in src.{name}]")
        elif name in _EDITED_LISTS:
            copies.append(f"    dst.{name} = src.{name}[:]")
        elif name == "_legal":
            copies.append("    dst._legal = None")
        elif name == "_rng":
            copies.append("    dst._rng = clone(src._rng)")
        else:
            copies.append(f"    dst.{name} = src.{name}")
    code = (f"def save_turn(rnd):\n    return ({names},)\n"
            f"def restore_turn(rnd, turn):\n    ({names},) = turn\n"
            "def copy_fields(src, dst):\n" + "\n".join(copies) + "\n")
    scope: dict[str, Any] = {"clone": _clone}
    exec(code, scope)
    return scope["save_turn"], scope["restore_turn"], scope["copy_fields"]


def _clone(rng: random.Random | None) -> random.Random | None:
    if rng is None:
        return None
    other = random.Random()
    other.setstate(rng.getstate())
    return other


save_turn, restore_turn, copy_fields = _compile()
"""``save_turn(rnd) -> TurnValues``; ``restore_turn(rnd, turn)``; ``copy_fields(src, dst)``: every
field of ``src`` into ``dst``, its edited lists copied, the redeal's shuffle cloned, the legal
plays' cache dropped, frames and immutable values shared."""


def save_setup(rnd: "Round") -> Setup:
    """The setup fields, lists copied (the frame must not change with the round)."""
    return Setup(*(_fresh(name, getattr(rnd, name)) for name in Setup._fields))


def restore_setup(rnd: "Round", setup: Setup) -> None:
    """Put the setup fields back: fresh lists, never the frame's own (copies share frames)."""
    for name, value in zip(Setup._fields, setup):
        setattr(rnd, name, _fresh(name, value))


def _fresh(name: str, value: Any) -> Any:
    if name in _NESTED:
        return [list(v) for v in value]
    return list(value) if isinstance(value, list) else value
