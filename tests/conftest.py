"""Under tests, a programming error in a widget callback fails the test that meets it (the
page shows it as a sentence and logs it: widgets.common.safe).

Two things would otherwise hide it: ``safe`` turns it into a sentence (so it is raised again
under tests, ``RAISE_UNEXPECTED``), and ipywidgets' ``CallbackDispatcher`` (every button's
``on_click``) logs a callback's exception as a warning and carries on when no IPython shell
is running. Here the dispatcher lets it through, as a notebook would show its traceback.
"""

from typing import Any

from ipywidgets.widgets.widget import CallbackDispatcher

import widgets.common

widgets.common.RAISE_UNEXPECTED = True


def _dispatch_raising(self: CallbackDispatcher, *args: Any, **kwargs: Any) -> Any:
    value = None
    for callback in self.callbacks:
        local_value = callback(*args, **kwargs)
        value = local_value if local_value is not None else value
    return value


CallbackDispatcher.__call__ = _dispatch_raising  # type: ignore[method-assign]
