"""tools/serve.py's log filter: once stopping, only Voila's own lines are copied, and a line
counts what was left out; while running, everything is copied."""

from __future__ import annotations

import io
import threading

from load_file import load_file

forward_output = load_file("tools/serve.py", "comet_serve").forward_output

SHUTDOWN_TRACEBACK = b"""[IPKernelApp] ERROR | Exception in message handler:
Traceback (most recent call last):
  File "ipykernel/kernelbase.py", line 508, in dispatch_shell
    await result
zmq.error.ZMQError: Socket operation on non-socket
"""


def _forward(data: bytes, stopping: bool) -> bytes:
    event = threading.Event()
    if stopping:
        event.set()
    sink = io.BytesIO()
    forward_output(io.BytesIO(data), sink, event)
    return sink.getvalue()


def test_everything_is_copied_while_running() -> None:
    data = b"[Voila] one\n" + SHUTDOWN_TRACEBACK + b"[Voila] two\n"
    assert _forward(data, stopping=False) == data


def test_only_voilas_lines_when_stopping_and_a_count_of_the_rest() -> None:
    data = b"[Voila] Handle signal 15.\n" + SHUTDOWN_TRACEBACK * 2 + b"[Voila] Kernel shutdown: k\n"
    data += b"[CometVoila] Kernel shutdown: k2\n"
    assert _forward(data, stopping=True) == (
        b"[Voila] Handle signal 15.\n[Voila] Kernel shutdown: k\n[CometVoila] Kernel shutdown: k2\n"
        b"serve: left out 10 lines the kernels printed as they were stopped\n")


def test_nothing_left_out_no_count() -> None:
    data = b"[Voila] Handle signal 15.\n[Voila] Kernel shutdown: k\n"
    assert _forward(data, stopping=True) == data
