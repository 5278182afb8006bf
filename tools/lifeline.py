"""A server started by ``tools/serve.py`` dies with it, even when it is killed with SIGKILL.

``serve.py`` passes its process id as ``COMET_PARENT_PID``; :func:`die_with_parent` asks Linux to send
this process ``SIGTERM`` when its parent dies (``prctl(PR_SET_PDEATHSIG)``), and checks that the
parent is still the one named (it may have died before the request). Voilà's kernels follow Voilà on
their own (ipykernel's parent poller: a kernel whose parent changes exits). Elsewhere (no
``COMET_PARENT_PID``, not Linux) it does nothing. Standard library only.
"""

from __future__ import annotations

import ctypes
import os
import signal

PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGTERM) -> bool:
    """Ask for ``sig`` when the parent named by ``COMET_PARENT_PID`` dies; True if that was arranged."""
    parent = os.environ.get("COMET_PARENT_PID", "")
    if not parent.isdigit():
        return False
    try:
        if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != int(parent):  # the parent was gone before we asked: go now
        os.kill(os.getpid(), sig)
    return True
