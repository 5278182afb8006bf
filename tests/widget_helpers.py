"""Helpers for the widget tests: press buttons and forge values as the widget protocol would."""

from __future__ import annotations

import random
from typing import Any

import comet


def forge(widget: Any, name: str, value: Any) -> None:
    """Set a trait as a forged comm message could, skipping the trait's validation, and
    fire the observers (what a hostile client achieves at worst)."""
    from traitlets import Bunch
    from traitlets.traitlets import EventHandler

    old = widget._trait_values.get(name)
    widget._trait_values[name] = value
    change = Bunch(name=name, old=old, new=value, owner=widget, type="change")
    for handler in list(widget._trait_notifiers.get(name, {}).get("change", [])):
        if isinstance(handler, EventHandler) or getattr(handler, "__self__", None) is widget:
            continue  # the widget's own bookkeeping (e.g. a Dropdown's index), which the protocol validates
        handler(change)


def click(button: Any) -> None:
    """A click as the frontend sends it (also works on hidden or disabled buttons)."""
    button._handle_custom_msg({"event": "click"}, [])


def button_of(table: Any, text: str) -> Any:
    """The button that makes the play ``text`` now: its card button, else *Play it* with the play
    chosen in the list."""
    b = table.button_for(text)
    if b is None:
        table.other_choice.value = text
        b = table.other_button
    return b


def human_move(table: Any, rng: random.Random) -> str:
    """Make one legal move for seat 0 through the widgets only; return its text."""
    shown = table.shown_plays
    text = rng.choice(shown)
    b = table.button_for(text)
    if b is not None:
        b.click()
    else:
        table.other_choice.value = text
        table.other_button.click()
    return text


def consistent(rnd: comet.Round) -> bool:
    """The round replays from its record to the same position."""
    again = comet.replay(rnd.record())
    assert isinstance(again, comet.Round)
    return again.hands == rnd.hands and again.history == rnd.history and again.to_play == rnd.to_play
