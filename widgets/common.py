"""Shared pieces of the widgets: safe callbacks, messages, validation, buttons.

Every callback of every widget goes through :func:`safe`. What a visitor can cause (a value
forged over the widget protocol, a card that is not in the hand, a variant id that does not
exist) is an expected error: the engine's :class:`comet.CometError` or the widgets' own
:class:`UserError`, shown as a sentence in the widget's message line, the callback having
validated its inputs before touching the game, so the game is unchanged. Anything else is a
bug: it is logged with its traceback, the page says it is a bug, and under tests it is raised
(:data:`RAISE_UNEXPECTED`), so that it fails the test that met it.
"""

from __future__ import annotations

import functools
import html
import logging
from typing import Any, Callable, Sequence, TypeVar

import ipywidgets as W

import comet
from comet_render.i18n import words
from comet.calls import LANGUAGES as CALL_LANGUAGES
from widgets.controllers.checks import BOT_KINDS as BOT_KINDS  # the checks, shared with the controllers
from widgets.controllers.checks import BOT_NAMES as BOT_NAMES
from widgets.controllers.checks import DEFAULT_VARIANT as DEFAULT_VARIANT
from widgets.controllers.checks import LANGUAGE_CODES as LANGUAGE_CODES
from widgets.controllers.checks import MAX_SEED as MAX_SEED
from widgets.controllers.checks import UserError as UserError
from widgets.controllers.checks import check_choice as check_choice
from widgets.controllers.checks import check_players as check_players
from widgets.controllers.checks import check_seed as check_seed
from widgets.controllers.checks import check_variant as check_variant
from widgets.controllers.checks import chosen as chosen
from widgets.controllers.checks import bug_text as bug_text
from widgets.controllers.checks import message_text as message_text
from widgets.controllers.checks import EXPECTED_ERRORS as EXPECTED_ERRORS

F = TypeVar("F", bound=Callable[..., Any])

BOTS: list[tuple[str, str]] = [(label, name) for name, (label, _line) in BOT_KINDS.items()]
"""Bot choices: (label, name for ``comet.agents.make_agent``)."""

LANGUAGES: list[tuple[str, str]] = [(name, code) for code, name in CALL_LANGUAGES.items()]

FONT = "font-family:system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;font-size:14px;"
"""The font of every HTML the widgets write (the same in a notebook, Voilà and a snapshot)."""


def variant_options() -> list[tuple[str, str]]:
    """(label, id) for every variant, in the book's order."""
    return [(v.title, vid) for vid, v in comet.VARIANTS.items()]


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


class Messages:
    """A message line (an ``HTML`` widget with ``role=status``): info, or an error in words."""

    def __init__(self, lang: str = "en") -> None:
        self.widget = W.HTML(value="", layout=W.Layout(min_height="1.6em", width="auto"))
        self.text = ""
        self.is_error = False
        self.lang = lang
        """The language of the error's prefix (the widget sets it with its own)."""

    def info(self, text: str, after: str = "") -> None:
        """``text`` in the line; ``after``: trusted HTML written after it (an "our reading" mark)."""
        self.text, self.is_error = text, False
        self.widget.value = (f'<div role="status" style="{FONT}color:#1b1b1b">{html.escape(text)}{after}</div>'
                             if text else "")

    def error(self, text: str, after: str = "") -> None:
        self.text, self.is_error = text, True
        self.widget.value = (f'<div role="alert" style="{FONT}color:#8a1c12;background:#fdecea;border-left:4px solid '
                             f'#b3261e;padding:2px 8px"><strong>{html.escape(words(self.lang)("Cannot do that."))}</strong> '
                             f'{html.escape(text)}{after}</div>')

    def clear(self) -> None:
        self.info("")


class TableMessages(Messages):
    """The card table's message line: the sources a sentence cites are taken out of the text the player
    reads and kept in its tooltip, the message's "why" (:func:`comet_render.sources.split_sources`)."""

    def info(self, text: str, after: str = "") -> None:
        super().info(text, after)
        self._why(text)

    def error(self, text: str, after: str = "") -> None:
        super().error(text, after)
        self._why(text)

    def _why(self, text: str) -> None:
        from comet_render.sources import split_sources

        plain, found = split_sources(text)
        if not found:
            return
        self.text = plain
        tip = words(self.lang)("Sources: {sources}.", sources=words(self.lang)("; ").join(found))
        self.widget.value = self.widget.value.replace(html.escape(text), html.escape(plain), 1).replace(
            "<div role=", f'<div title="{html.escape(tip, quote=True)}" role=', 1)


def no_null_titles(root: W.Widget) -> None:
    """Give every described widget under ``root`` that has no tooltip an empty one: the widget manager
    writes a missing tooltip as ``title="null"`` on the widget's label (which a pointer's hover and some
    screen readers show)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, W.widgets.widget_description.DescriptionWidget) and w.tooltip is None:
            w.tooltip = ""
        todo.extend(c for c in getattr(w, "children", ()) if isinstance(c, W.Widget))


LOG = logging.getLogger("widgets")
RAISE_UNEXPECTED = False
"""Raise an unexpected error out of a widget callback after showing it (``tests/conftest.py``
sets it, so that a programming error fails the test that met it)."""


def safe(method: F) -> F:
    """Decorate a widget callback: an expected error (:data:`EXPECTED_ERRORS`) becomes a message
    in ``self.messages``; any other is a bug: it is logged with its traceback, the page says so
    in a sentence, and it is raised again under tests (:data:`RAISE_UNEXPECTED`).

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
        except EXPECTED_ERRORS as error:
            self.messages.error(message_text(error, self.messages.lang), getattr(error, "after", ""))
            self.errors = getattr(self, "errors", 0) + 1
            return None
        except Exception as error:
            LOG.exception("unexpected error in %s", getattr(method, "__qualname__", method))
            self.errors = getattr(self, "errors", 0) + 1
            self.messages.error(bug_text(error, self.messages.lang))
            if RAISE_UNEXPECTED:
                raise
            return None
        finally:
            self._busy = False

    return wrapper  # type: ignore[return-value]


class Offers:
    """Ties every button click to the state the button was offered in (a double click plays once).

    A click reaches the kernel as ``{"event": "click"}`` on a button's model: nothing says which
    state the visitor saw. So a widget draws each new state with the other of two sets of button
    models (:func:`twin_buttons`, and pools of card buttons used in turn), and each button
    carries ``(sequence number, value)`` of the state it was offered in. The second click of a
    double click was sent before the new state arrived, so it lands on a button of the previous
    set, whose number is stale: :func:`offered` ignores it quietly, and it is never applied to
    the new state. (Clicks reach the kernel in order: such a click is handled before any click
    on the new state's buttons, so two sets are enough.)
    """

    def __init__(self) -> None:
        self.seq = 0

    @property
    def side(self) -> int:
        """Which of the two sets of buttons draws the current state (0 or 1)."""
        return self.seq % 2

    def advance(self) -> None:
        """A new state: every button offered so far is stale."""
        self.seq += 1

    def offer(self, b: W.Button, value: Any = None) -> None:
        """``b`` is offered in the current state, to do ``value``."""
        b._comet_offer = (self.seq, value)  # type: ignore[attr-defined]

    def withdraw(self, b: W.Button) -> None:
        b._comet_offer = None  # type: ignore[attr-defined]

    def current(self, b: Any) -> bool:
        offer = getattr(b, "_comet_offer", None)
        return offer is not None and offer[0] == self.seq

    def value(self, b: Any) -> Any:
        """What ``b`` does in the current state (None if it is not offered in it)."""
        return b._comet_offer[1] if self.current(b) else None


class Shown:
    """A button attribute of a widget with twin buttons (``self._twins[name]``, see :func:`twin_buttons`):
    the model of the two that draws the current state (``self.offers.side``)."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.__doc__ = doc

    def __get__(self, widget: Any, owner: type | None = None) -> Any:
        if widget is None:
            return self
        return widget._twins[self.name][widget.offers.side]


def offered(method: F) -> F:
    """Decorate a button callback of a widget with ``self.offers``: a click on a button that was
    not offered in the current state (a stale click, see :class:`Offers`) is ignored quietly."""

    @functools.wraps(method)
    def wrapper(self: Any, b: Any, *args: Any, **kwargs: Any) -> Any:
        if not self.offers.current(b):
            return None
        return method(self, b, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


# ------------------------------------------------------------------------- small widgets
PRIMARY = "#1f3f73"
"""The main action's colour: white on it has 10:1 contrast (ipywidgets' own blue has 3:1)."""


def replace_classes(widget: W.DOMWidget, prefixes: str | tuple[str, ...], *names: str) -> None:
    """Replace the widget's classes that start with one of ``prefixes`` by ``names``, in one change of its
    classes (a page's reader never sees the old ones gone and the new ones not yet there)."""
    kept = [c for c in widget._dom_classes if not c.startswith(prefixes)]
    widget._dom_classes = tuple(kept + list(names))


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


def twin_buttons(description: str, tooltip: str, handler: Callable[[Any], None], *, style: str = "",
                 width: str = "auto", icon: str = "") -> tuple[W.Button, W.Button]:
    """Two models of one button, sharing layout and style, shown in turn (see :class:`Offers`)."""
    first = button(description, tooltip, handler, style=style, width=width, icon=icon)
    second = W.Button(description=description, tooltip=tooltip, icon=icon, layout=first.layout, style=first.style,
                      button_style=first.button_style)
    second.on_click(handler)
    return first, second


def relabel(dropdown: W.Dropdown, options: Sequence[tuple[str, Any]]) -> None:
    """New labels for a list's options (the same values), the chosen one kept, its observers not
    called (ipywidgets moves the index when the options change: it is set back by position)."""
    value = dropdown.value
    handlers = dropdown._trait_notifiers.get("value", {}).get("change", [])[:]
    dropdown.unobserve_all("value")
    try:
        dropdown.options = options
        values = [v for _l, v in options]
        if value in values:
            dropdown.index = values.index(value)
    finally:
        for handler in handlers:
            dropdown.observe(handler, names="value")


def notice_html(problems: list[str], lang: str = "en") -> str:
    """The notice shown above the table when some settings of the address were not used."""
    if not problems:
        return ""
    items = "".join(f"<li>{html.escape(p[0].upper() + p[1:])}</li>" for p in problems)
    return (f'<div role="alert" class="comet-query-notice" style="{FONT}color:#5a3d00;background:#fff4d6;'
            'border-left:4px solid #b07d00;padding:4px 10px;margin-bottom:6px">'
            f"<strong>{html.escape(words(lang)('Some settings in the address were not used:'))}</strong>"
            f'<ul style="margin:2px 0 2px 18px;padding:0">{items}</ul></div>')
