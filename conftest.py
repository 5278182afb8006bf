"""Repository-wide pytest hooks (test fixtures live under tests/)."""

from __future__ import annotations

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # An empty test directory (e.g. `pytest tests/engine` before anyone wrote a test) is
    # not a failure: turn "no tests collected" (exit 5) into success.
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.OK
