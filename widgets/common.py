"""Shared pieces of the widgets: safe callbacks, messages, agents, validation.

Every callback of every widget goes through :func:`safe`: whatever goes wrong (a value
forged over the widget protocol, a card that is not in the hand, a variant id that does
not exist, a bug) becomes a readable message in the widget's message line, never a
traceback, and the callback has validated its inputs before touching the game, so the game
is unchanged.  ``comet.agents`` is imported lazily: until it exists a local random
player stands in.
"""

from __future__ import annotations

import functools
import html
import random
from typing import Any, Callable, Iterable, Sequence, TypeVar

import ipywidgets as W

import comet
from comet.cards import rank_label
from comet.narrate import LANGUAGES as CALL_LANGUAGES

F = TypeVar("F", bound=Callable[..., Any])

BOTS: list[tuple[str, str]] = [
    ("Greedy (instant)", "greedy"),
    ("Search, fast (~50 ms a move)", "search-fast"),
    ("Search, normal (~1 s a move)", "search"),
    ("Random", "random"),
]
"""Bot choices: (label, name for ``comet.agents.make_agent``)."""
BOT_NAMES = frozenset(name for _, name in BOTS)

LANGUAGES: list[tuple[str, str]] = [(name, code) for code, name in CALL_LANGUAGES.items()]
LANGUAGE_CODES = frozenset(code for _, code in LANGUAGES)

DEFAULT_VARIANT = "modern-comet-1991"
FONT = "font-family:system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;font-size:14px;"
"""The font of every HTML the widgets write (the same in a notebook, Voilà and a snapshot)."""
MAX_SEED = 10**9


class UserError(ValueError):
    """A problem with what the user entered: shown as is."""


def variant_options() -> list[tuple[str, str]]:
    """(label, id) for every variant, in the book's order."""
    return [(v.title, vid) for vid, v in comet.VARIANTS.items()]


def check_variant(value: Any) -> comet.Variant:
    if not isinstance(value, str) or value not in comet.VARIANTS:
        known = ", ".join(comet.VARIANTS)
        raise UserError(f"{value!r} is not a variant of this book; choose one of: {known}.")
    return comet.VARIANTS[value]


def check_players(variant: comet.Variant, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in variant.players:
        raise UserError(f"{variant.name} is played by {variant.players.start} to {variant.players.stop - 1} "
                        f"players, not {value!r}.")
    return value



def variant_or_default(variant: Any, problems: list[str]) -> comet.Variant:
    """The variant named, or the default one with the reason appended to ``problems``."""
    try:
        return check_variant(variant)
    except UserError as e:
        problems.append(str(e))
        return comet.VARIANTS[DEFAULT_VARIANT]


def players_or_default(v: comet.Variant, players: Any, problems: list[str]) -> int:
    """The player count if ``v`` allows it, else its smallest, with the reason in ``problems``."""
    try:
        return check_players(v, players)
    except UserError as e:
        problems.append(str(e))
        return v.players.start


def player_options(v: comet.Variant) -> list[tuple[str, int]]:
    """(label, count) for every number of players ``v`` is played by."""
    return [(f"{n} players", n) for n in v.players]


def follow_variant(players_choice: W.Dropdown, v: comet.Variant) -> int:
    """Offer the player counts of ``v`` in ``players_choice``, keeping the chosen count if ``v``
    allows it, else its smallest; returns the count now chosen."""
    players = players_choice.value if players_choice.value in v.players else v.players.start
    players_choice.options = player_options(v)
    players_choice.value = players
    return players


def check_seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise UserError(f"the seed is a whole number from 0 to {MAX_SEED}, not {value!r}.")
    return value


def check_choice(value: Any, allowed: Iterable[Any], what: str) -> Any:
    allowed = list(allowed)
    if value not in allowed:
        raise UserError(f"{value!r} is not a {what}; choose one of: {', '.join(map(str, allowed))}.")
    return value


def check_int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UserError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}.")
    return value


def message_text(error: BaseException) -> str:
    """A readable sentence for an exception (no traceback)."""
    if isinstance(error, UserError):
        return str(error)
    if isinstance(error, ValueError):
        text = str(error) or type(error).__name__
        return _trim(text[0].upper() + text[1:]) + " Nothing was changed."
    if isinstance(error, (KeyError, IndexError, TypeError)):
        return f"That value cannot be used here ({_trim(str(error))}). Nothing was changed."
    return f"Something went wrong ({type(error).__name__}: {_trim(str(error))}). Nothing was changed."


def _trim(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + " …"


class Messages:
    """A message line (an ``HTML`` widget with ``role=status``): info, or an error in words."""

    def __init__(self) -> None:
        self.widget = W.HTML(value="", layout=W.Layout(min_height="1.6em", width="auto"))
        self.text = ""
        self.is_error = False

    def info(self, text: str) -> None:
        self.text, self.is_error = text, False
        self.widget.value = (f'<div role="status" style="{FONT}color:#1b1b1b">{html.escape(text)}</div>' if text else "")

    def error(self, text: str) -> None:
        self.text, self.is_error = text, True
        self.widget.value = (f'<div role="alert" style="{FONT}color:#8a1c12;background:#fdecea;border-left:4px solid '
                             f'#b3261e;padding:2px 8px"><strong>Cannot do that:</strong> {html.escape(text)}</div>')

    def clear(self) -> None:
        self.info("")


def safe(method: F) -> F:
    """Decorate a widget callback: any exception becomes a message in ``self.messages``.

    The callback must validate before it mutates, so that the game is unchanged; if a
    callback is re-entered while running (an observer triggered by the callback's own
    updates), the inner call is skipped.
    """

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(self, "_busy", False):
            return None
        self._busy = True
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - every error becomes a message
            try:
                self.messages.error(message_text(error))
            except Exception:  # noqa: BLE001
                pass
            self.errors = getattr(self, "errors", 0) + 1
            return None
        finally:
            self._busy = False

    return wrapper  # type: ignore[return-value]


# ------------------------------------------------------------------------- agents
def make_agent(name: str, seed: Any = None, time_limit: float | None = None) -> Any:
    """A bot by name (see :data:`BOTS`), search bots capped at ``time_limit`` seconds a move."""
    check_choice(name, BOT_NAMES, "bot")
    from comet.agents import make_agent as real

    return real(name, seed, time_limit=time_limit)


def bot_move(agent: Any, rnd: comet.Round, fallback: random.Random) -> comet.Play:
    """The bot's choice, checked; a random legal play if the bot fails or cheats."""
    legal = rnd.legal_plays()
    try:
        play = agent.choose(rnd)
        if play in legal:
            return play  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - a failing bot must not stop the game
        pass
    return fallback.choice(legal)


def hints(rnd: comet.Round, limit: int = 3) -> list[str]:
    """The best plays for the player to move, in words (search bot's hint if available)."""
    try:
        from comet.agents import hint
    except ImportError:
        return [f"{p.text}" for p in rnd.legal_plays()[:limit]]
    ranked = hint(rnd, playouts=120, time_limit=0.3, seed=len(rnd.history))
    return [f"{h.play.text} (wins {h.win:.0%}, expected {h.payment:+.1f})" for h in ranked[:limit]]


# ------------------------------------------------------------------------- small widgets
PRIMARY = "#1f3f73"
"""The main action's colour: white on it has 10:1 contrast (ipywidgets' own blue has 3:1)."""


def emphasize(b: W.Button, on: bool = True) -> None:
    """Mark the main action: dark blue, white bold text (not by colour alone: bold too)."""
    b.button_style = ""
    b.style.button_color = PRIMARY if on else None
    b.style.text_color = "white" if on else None
    b.style.font_weight = "bold" if on else ""


def button(description: str, tooltip: str, handler: Callable[[Any], None], *, style: str = "",
           width: str = "auto", icon: str = "") -> W.Button:
    b = W.Button(description=description, tooltip=tooltip, icon=icon, layout=W.Layout(width=width))
    if style == "primary":
        emphasize(b)
    elif style:
        b.button_style = style
    b.on_click(handler)
    return b


def card_label(play: comet.Play) -> str:
    """A play in card symbols for a button: ``8♥``, ``7♥ 7♥ 7♦ 7♦``, ``9♣ as 10``."""
    if play.kind == "cards":
        parts = []
        for c in play.cards:
            if c is play.wild:
                stands = rank_label(play.rank)
                if play.suit:
                    stands += comet.Card(play.rank, play.suit).symbol[-1]
                parts.append(f"{c.symbol}★ as {stands}")
            else:
                parts.append(c.symbol)
        return " ".join(parts)
    if play.kind == "discard":
        return f"Discard {play.cards[0].symbol}"
    return {"pass": "Pass", "claim": "Claim the manille", "keep": "Keep the hand", "redeal": "Demand a redeal",
            "draw": "Draw from the talon"}.get(play.kind, play.text)


def play_tooltip(play: comet.Play) -> str:
    if play.kind == "cards":
        names = []
        for c in play.cards:
            if c is play.wild:
                stands = {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(play.rank, str(play.rank))
                names.append(f"the {c.name} (the wild comet) standing for a {stands}")
            else:
                names.append(f"the {c.name}")
        return f"Play {' and '.join(names)} ({play.text})"
    return f"{card_label(play)} ({play.text})"


def red(play: comet.Play) -> bool:
    return play.kind == "cards" and all(c.suit in "HD" for c in play.cards if c is not play.wild)


def sequence_text(values: Sequence[int]) -> str:
    return ", ".join(f"{v:+d}" for v in values)
