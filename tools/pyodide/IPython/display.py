"""``display`` shows a widget in the page (``widgets.browser.display``)."""

from typing import Any

__all__ = ["display", "clear_output"]


def display(*objects: Any, **kwargs: Any) -> None:
    # Imported here: ipywidgets imports this module while `widgets` may be importing ipywidgets.
    from widgets.browser import display as show

    show(*objects, **kwargs)


def clear_output(wait: bool = False) -> None:
    """Nothing to clear: cells print nowhere in the page."""
