"""The Hypothesis profile of the run, and programming errors in widget callbacks.

Property tests (``tests/budget.py``): ``make test`` runs them derandomized with no example database
(profile ``ci``: the same examples on every machine, so a fresh clone cannot draw a new failure);
``make fuzz`` sets ``HYPOTHESIS_PROFILE=fuzz`` (a random search, its database under ``.hypothesis/``);
``--hypothesis-seed=N`` picks the profile ``seeded``, a random search from that seed (derandomizing
would ignore the seed).

Under tests, a programming error in a widget callback fails the test that meets it (the
page shows it as a sentence and logs it: widgets.common.safe).

Two things would otherwise hide it: ``safe`` turns it into a sentence (so it is raised again
under tests, ``RAISE_UNEXPECTED``), and ipywidgets' ``CallbackDispatcher`` (every button's
``on_click``) logs a callback's exception as a warning and carries on when no IPython shell
is running. Here the dispatcher lets it through, as a notebook would show its traceback.
"""

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase
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


settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("seeded", derandomize=False, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, print_blob=True,
                          database=DirectoryBasedExampleDatabase(Path(__file__).parent.parent / ".hypothesis" / "examples"))


def pytest_configure(config: pytest.Config) -> None:
    """Load the run's Hypothesis profile: ``$HYPOTHESIS_PROFILE`` (``make fuzz``), else ``seeded`` when a
    seed is given, else ``ci``."""
    seeded = config.getoption("hypothesis_seed", default=None) is not None
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("seeded" if seeded else "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every Hypothesis test ``property`` (``make fuzz`` runs ``-m property``)."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)
