"""``display`` shows a widget in the page (``widgets.browser.display``)."""

from typing import Any

from widgets.browser import display

__all__ = ["display", "clear_output"]


def clear_output(wait: bool = False) -> None:
    """Nothing to clear: cells print nowhere in the page."""
