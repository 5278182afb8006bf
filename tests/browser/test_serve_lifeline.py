"""Every server `make serve` starts dies with it, even when it is killed with SIGKILL (issue 45: a hard kill
of `make serve` left `play_server.py` and 17 kernels running, holding the play port). tools/serve.py
cannot stop anything then; Voila and the room server stop themselves when it dies (tools/lifeline.py:
prctl PR_SET_PDEATHSIG), and Voila's kernels when Voila does (ipykernel's parent poller)."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ROOT, fake_book, start_serve, stop_serve

sys.path.insert(0, str(ROOT / "tools"))
from serve import _parents, descendants  # noqa: E402


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_sigkill_of_serve_leaves_no_server_and_no_kernel(tmp_path_factory: pytest.TempPathFactory) -> None:
    served = start_serve(fake_book(tmp_path_factory), pool_size=0, fill_delay=0)
    try:
        urllib.request.urlopen(served.page_url("hoc"), timeout=120).read()  # (a plain GET starts a kernel)
        deadline = time.monotonic() + 60
        while not any("ipykernel" in _command(p) for p in descendants(served.process.pid)):
            assert time.monotonic() < deadline, "no kernel was started"
            time.sleep(0.2)
        family = descendants(served.process.pid)
        commands = " ".join(_command(p) for p in family)
        assert "play_server.py" in commands and "room_server.py" in commands and "ipykernel" in commands
        room_port = int(served.room_url.rstrip("/").rsplit(":", 1)[1])
        os.kill(served.process.pid, signal.SIGKILL)
        served.process.wait(10)
        deadline = time.monotonic() + 30
        while family & set(_parents()):
            assert time.monotonic() < deadline, f"left running: {[_command(p) for p in family & set(_parents())]}"
            time.sleep(0.2)
        deadline = time.monotonic() + 10  # (the ports are free once the last of them has gone)
        while _listening(served.play_port) or _listening(room_port):
            assert time.monotonic() < deadline, "the play port or the room port is still held"
            time.sleep(0.2)
    finally:
        stop_serve(served.process)
