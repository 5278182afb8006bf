#!/usr/bin/env python3
"""Run one stage of a make target and say how long it took: wall time and CPU time.

    python tools/stage.py NAME [--log FILE] [--every SECONDS] -- COMMAND [ARG...]
    python tools/stage.py --summary FILE [--since EPOCH]

Runs COMMAND, then prints ``stage NAME: 84.2 s, CPU 80.1 s (exit 0)`` and, with ``--every``, a
line ``NAME: still running (40 s)`` every SECONDS meanwhile (for steps that print nothing for a
long time, such as ``pip install -q``); with ``--log``,
appends ``NAME<TAB>wall<TAB>cpu<TAB>exit`` to FILE (``make test`` prints the table of its
stages from it at the end; ``bench/stages.py`` keeps them). Exits with COMMAND's status.

``--summary FILE`` prints the table of FILE's stages. Stages may run side by side (``make test``
runs mypy and the unit tests beside the book build), so the sum of their wall times is not the
time the whole took: with ``--since EPOCH`` (the ``date +%s`` the run began) a row ``total`` is
appended to FILE, its wall time from EPOCH to now and its CPU time the stages' sum.

The CPU time is that of every process the stage started, browsers and kernels included: this
process is their "subreaper" (Linux ``PR_SET_CHILD_SUBREAPER``), so a process whose parent exits
before it (Chromium's renderers, a kernel left by Voilà) is handed to it, reaped, and counted,
instead of going to init uncounted. Standard library only.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import subprocess
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36
ORPHAN_WAIT = 15.0
"""Seconds to wait, once the command has ended, for processes it left behind."""


def _become_subreaper() -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: orphans' CPU time goes uncounted
        pass


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _heartbeat(name: str, every: float, start: float, done: threading.Event) -> None:
    while not done.wait(every):
        print(f"{name}: still running ({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)


def run(name: str, command: list[str], log: str | None = None, every: float | None = None) -> int:
    _become_subreaper()
    wall0, cpu0 = time.monotonic(), _cpu()
    process = subprocess.Popen(command)
    done = threading.Event()
    if every:
        threading.Thread(target=_heartbeat, args=(name, every, wall0, done), daemon=True).start()
    # make passes SIGINT/SIGTERM to the whole group: the command gets it too; we wait for it.
    previous = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    status: int | None = None
    try:
        while status is None:  # reap whatever ends: the command, or an orphan handed to us
            pid, raw = os.waitpid(-1, 0)
            if pid == process.pid:
                status = os.waitstatus_to_exitcode(raw)
                process.returncode = status
        deadline = time.monotonic() + ORPHAN_WAIT
        while time.monotonic() < deadline:  # orphans still running: give them a moment
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                time.sleep(0.1)
        else:
            print(f"stage {name}: processes it started are still running after {ORPHAN_WAIT:g} s",
                  file=sys.stderr, flush=True)
    finally:
        done.set()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    wall, cpu = time.monotonic() - wall0, _cpu() - cpu0
    print(f"stage {name}: {wall:.1f} s, CPU {cpu:.1f} s (exit {status})", flush=True)
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{name}\t{wall:.1f}\t{cpu:.1f}\t{status}\n")
    return status if status >= 0 else 128 - status


TOTAL = "total"
"""The row of a log that times the whole run (``--since``), not one stage."""


def summary(log: str, since: float | None = None) -> str:
    """The stages of ``log`` as a table, with their total: the sum of their wall times, or with
    ``since`` the time from then to now (also appended to ``log`` as the row :data:`TOTAL`)."""
    rows = [line.split("\t") for line in open(log, encoding="utf-8").read().splitlines() if line.strip()]
    rows = [r for r in rows if r[0] != TOTAL]
    lines = [f"{'stage':<20}{'wall':>9}{'CPU':>9}  exit"]
    for name, wall, cpu, status in rows:
        lines.append(f"{name:<20}{float(wall):>8.1f}s{float(cpu):>8.1f}s  {status}")
    cpu_sum = sum(float(r[2]) for r in rows)
    if since is None:
        lines.append(f"{TOTAL:<20}{sum(float(r[1]) for r in rows):>8.1f}s{cpu_sum:>8.1f}s")
    else:
        elapsed = time.time() - since
        worst = max((int(r[3]) for r in rows), default=0, key=abs)
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{TOTAL}\t{elapsed:.1f}\t{cpu_sum:.1f}\t{worst}\n")
        lines.append(f"{TOTAL + ' (start to end)':<20}{elapsed:>8.1f}s{cpu_sum:>8.1f}s")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--summary"] and len(argv) in (2, 4) and argv[2:3] in ([], ["--since"]):
        print(summary(argv[1], float(argv[3]) if len(argv) == 4 else None))
        return 0
    if "--" not in argv or argv.index("--") < 1:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    head, command = argv[:split], argv[split + 1:]
    name, options = head[0], head[1:]
    log = options[options.index("--log") + 1] if "--log" in options else None
    every = float(options[options.index("--every") + 1]) if "--every" in options else None
    return run(name, command, log, every)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
