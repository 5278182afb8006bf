"""How many examples each property test draws, in one place.

``make test`` runs the ``ci`` profile (chosen in ``tests/conftest.py``): derandomized, no example
database, so every machine and every fresh clone draws the same examples and a green commit stays
green. ``make fuzz`` runs the ``fuzz`` profile: Hypothesis's random search with every budget
multiplied by ``COMET_FUZZ_SCALE`` (25 there) and its example database under ``.hypothesis/``, so
what it finds is replayed first on the next run. An example that ever failed is kept in the test as
an explicit ``@example``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALE = max(1, int(os.environ.get("COMET_FUZZ_SCALE", "1")))
"""The fuzz target's multiplier of every test's budget (1 under ``make test``)."""


def budget(examples: int) -> settings:
    """The settings of a property test that draws ``examples`` examples in ``make test`` (and
    ``SCALE`` times as many under ``make fuzz``); no deadline: the machine may be loaded."""
    return settings(max_examples=examples * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
