"""A stand-in for IPython under Pyodide: only what ipywidgets imports (see ../README.md)."""

from typing import Any


def get_ipython() -> Any:
    """There is no IPython shell in the page."""
    return None
