"""`make test-browser` relies on pytest-xdist's ``--dist loadgroup``: the tests that use the Voilà
server (``served``) are put in one group (tests/browser/conftest.py) so that one process starts
one server for them all. With the wrong pair of pytest and pytest-xdist the groups are silently
ignored (pytest 9.2 with xdist 3.8: every process then starts a server of its own); this runs
the pinned pair on a tiny suite and checks that a group's tests share a process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SUITE = '''
import pytest

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if "grouped" in item.name:
            item.add_marker(pytest.mark.xdist_group("together"))
'''

TESTS = '''
import os
import pytest

@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    with open(os.path.join(os.environ["GROUPS_OUT"], f"grouped-{n}"), "w") as f:
        f.write(os.environ["PYTEST_XDIST_WORKER"])

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
'''


def test_loadgroup_keeps_a_group_in_one_process(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(SUITE)
    (tmp_path / "test_groups.py").write_text(TESTS)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "out").mkdir()
    out = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q",
                          "-p", "no:cacheprovider", str(tmp_path)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "GROUPS_OUT": str(tmp_path / "out")})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "12 passed" in out.stdout, out.stdout
    workers = {path.read_text() for path in (tmp_path / "out").iterdir()}
    assert len(list((tmp_path / "out").iterdir())) == 6
    assert len(workers) == 1, f"the group's six tests ran in {sorted(workers)}"
