#!/usr/bin/env python3
"""Serve the built book and the playable Voila pages on 127.0.0.1.

    python tools/serve.py          # what `make serve` runs (after building the book)

* the static book (``_build/html``) on http://127.0.0.1:$COMET_BOOK_PORT/ (default 8000),
  with a threaded static HTTP server;
* Voila on http://127.0.0.1:$COMET_PLAY_PORT/ (default 8866), serving only ``book/play/``
  (one page per family: hoc, manille, new-comet, modern, commit), sources stripped,
  tracebacks hidden, with pre-heated kernels.

Voila runs as ``tools/play_server.py`` (Voila with our landing page at the root, our 404 page, and
the ``_xsrf`` cookie a page's shutdown request needs: a page that is left frees its kernel at once).

Pre-heating: Voila starts ``pool_size`` kernels per page ahead of visitors and runs the page in
them; ``widgets.pages`` then waits for the visitor's request to read the URL's settings. Sized
for a class on a 2-core machine: two kernels per page (ten, about 80 MB each) are ready at any
time, so the next visitor to a page gets a table at once; a used one is replaced after
``FILL_DELAY`` (6 s: a kernel start takes seconds of CPU, which the next visitors' pages, arriving
within seconds of the first, would otherwise share; ``bench/class_visits.py`` measured the 2nd
visitor at 1.94 s median with 2 s, 1.76 s with 6 s); visitors beyond the pool get a kernel
started on demand (a few seconds slower; ``bench/class_visits.py`` measures a burst). A game with
no move for ``IDLE_CUT`` seconds (10 minutes; ``COMET_VOILA_IDLE_CUT``) is cut, its page open or
not; the page warns its visitor two minutes before.

When both answer it prints exactly two lines::

    Book: http://127.0.0.1:8000/
    Play: http://127.0.0.1:8866/

and runs until Ctrl-C or SIGTERM, which stop both (Voila's whole process group) and exit 0.
Environment: COMET_BOOK_PORT, COMET_PLAY_PORT, COMET_BOOK_DIR (default ``_build/html``),
COMET_VOILA_POOL_SIZE (pre-heated kernels per page, default 2; 0 turns pre-heating off),
COMET_VOILA_FILL_DELAY (seconds, default 2), COMET_VOILA_IDLE_CUT (seconds, default 600). The
book's play links must point here: ``make serve`` rebuilds a book built for another address.
Standard library only.
"""

from __future__ import annotations

import functools
import http.server
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType
from typing import IO

FILL_DELAY = 6.0
"""Seconds after a visitor takes a pre-heated kernel before its replacement is started."""

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PLAY_DIR = ROOT / "book" / "play"
TEMPLATES = ROOT / "tools" / "jupyter"
"""Holds ``voila/templates/comet``, the pages' Voila template (found through ``JUPYTER_PATH``)."""


IDLE_CUT = 600
"""Seconds without a move after which a game's kernel is shut down (the page warns before)."""
CULL_INTERVAL = 30
"""How often Voila looks for idle kernels (a game is cut between IDLE_CUT and IDLE_CUT + this)."""
PLAY_SERVER = ROOT / "tools" / "play_server.py"
"""Voila with our landing and error pages and a working shutdown of left pages."""


def voila_command(port: int, pool_size: int = 2, python: str = sys.executable, fill_delay: float = FILL_DELAY,
                  idle_cut: float = IDLE_CUT) -> list[str]:
    """The command line serving ``book/play/`` on ``HOST:port``: ``tools/play_server.py`` (Voila)."""
    preheat = pool_size > 0
    return [
        python,
        str(PLAY_SERVER),
        str(PLAY_DIR),
        "--no-browser",
        f"--Voila.ip={HOST}",
        f"--port={port}",
        "--Voila.port_retries=0",  # fail instead of silently moving to another port
        f"--VoilaConfiguration.preheat_kernel={preheat}",
        # The default of VoilaKernelManager.kernel_pools_config: this many for every page.
        f"--VoilaConfiguration.default_pool_size={max(pool_size, 0)}",
        # tools/jupyter/voila/templates/comet: Voila's `lab` template without its CDN links.
        "--VoilaConfiguration.template=comet",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        # Not jupytext's or pygments' JupyterLab extensions (the pages show no source): less
        # JavaScript for every visitor.
        "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
        "--VoilaConfiguration.extension_denylist=jupyterlab_pygments",
        # A used kernel is replaced after this many seconds: not at once, so that starting the
        # replacement does not compete (on 2 cores) with the visitor's page while it loads.
        f"--VoilaKernelManager.fill_delay={fill_delay}",
        # After a cell's reply, how long Voila waits for the rest of its output (the table's
        # display and its widgets' messages) before rendering the page without it. nbclient's
        # default, 4 s, is too short when several pages are opened at once on two busy cores:
        # the page then came without its table (seen under load, "Timeout waiting for IOPub
        # output" in Voila's log).
        "--VoilaExecutor.iopub_timeout=60",
        # Voila talks to its kernels over Unix sockets in its own runtime directory, not TCP
        # ports of 127.0.0.1 that any local user could connect to.
        "--KernelManager.transport=ipc",
        # A page that is left shuts its kernel down (tools/play_server.py). A game with no move for
        # idle_cut seconds, its page open or not, is cut (the page warns its visitor first); a
        # pre-heated kernel waiting for its visitor is busy, and busy kernels are never culled.
        f"--MappingKernelManager.cull_idle_timeout={idle_cut:g}",
        f"--MappingKernelManager.cull_interval={min(CULL_INTERVAL, max(1, int(idle_cut) // 4))}",
        "--MappingKernelManager.cull_connected=True",
        "--MappingKernelManager.cull_busy=False",
    ]


def voila_env(book_url: str | None = None) -> dict[str, str]:
    """Environment for Voila and its kernels (``comet`` and ``widgets`` come from the installed
    project, ``pip install -e .``); the book's address (``COMET_BOOK_URL``) for the landing page's link."""
    env = dict(os.environ)
    if book_url:
        env["COMET_BOOK_URL"] = book_url
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # glibc gives each thread that allocates its own malloc arena; what a class leaves in them (the
    # server's Python heap stays flat: tracemalloc) is not given back. Two arenas: a 40-visit soak
    # grew the server by 9.9% instead of 13.6% (bench/README.md, "Playable pages under a class").
    env.setdefault("MALLOC_ARENA_MAX", "2")
    return env


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def make_static_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((HOST, port), handler)
    server.daemon_threads = True
    return server


def wait_until_answers(url: str, timeout: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process serving {url} exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as error:
            if error.code < 500:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer within {timeout:.0f} s")
        time.sleep(0.2)


def stop_process_group(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    # Anything left in Voila's group (kernels run in sessions of their own, and Voila shuts
    # them down itself on SIGTERM).
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


VOILA_LOG_PREFIXES = (b"[Voila]", b"[CometVoila]")
"""How Voila's own log lines start (tools/play_server.py's Voila logs as CometVoila)."""


class _Stop(Exception):
    pass


def forward_output(source: IO[bytes], sink: IO[bytes], stopping: threading.Event) -> None:
    """Copy Voila's log to ``sink`` line by line. Once ``stopping`` is set, copy only Voila's own
    lines ("[Voila] Kernel shutdown: ..."): the kernels being stopped print tracebacks that only
    say they were stopped mid-wait (a pre-heated kernel's reply finds its socket closed,
    "Socket operation on non-socket"; a starting kernel is interrupted in its imports), screens
    of them. They are counted and left out, and one line says so."""
    left_out = 0
    for line in iter(source.readline, b""):
        if stopping.is_set() and not line.startswith(VOILA_LOG_PREFIXES):
            left_out += 1
            continue
        sink.write(line)
        sink.flush()
    if left_out:
        sink.write(f"serve: left out {left_out} lines the kernels printed as they were stopped\n".encode())
        sink.flush()


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    raise _Stop()


def warn_if_links_elsewhere(book_dir: Path, play_url: str) -> bool:
    """Say so (on stderr) if the book's play links point somewhere else than ``play_url``: the
    build records its URL in ``.play-url`` (``book/_ext/comet_play.py``). True if they do."""
    recorded = book_dir / ".play-url"
    if not recorded.is_file():
        return False
    built = recorded.read_text(encoding="utf-8").strip().rstrip("/")
    if built == play_url.rstrip("/"):
        return False
    print(f"serve: the book's play links point at {built}/, not at {play_url} where Voila is started; "
          f"`make serve` rebuilds it (or: COMET_PLAY_URL={play_url.rstrip('/')} make book)", file=sys.stderr, flush=True)
    return True


def main() -> int:
    book_port = int(os.environ.get("COMET_BOOK_PORT", "8000"))
    play_port = int(os.environ.get("COMET_PLAY_PORT", "8866"))
    pool_size = int(os.environ.get("COMET_VOILA_POOL_SIZE", "2"))
    fill_delay = float(os.environ.get("COMET_VOILA_FILL_DELAY", str(FILL_DELAY)))
    idle_cut = float(os.environ.get("COMET_VOILA_IDLE_CUT", str(IDLE_CUT)))
    book_dir = Path(os.environ.get("COMET_BOOK_DIR", str(ROOT / "_build" / "html")))
    if not (book_dir / "index.html").is_file():
        print(f"serve: {book_dir}/index.html is missing: run `make book` first", file=sys.stderr)
        return 2

    warn_if_links_elsewhere(book_dir, f"http://{HOST}:{play_port}/")

    signal.signal(signal.SIGTERM, _raise_stop)
    signal.signal(signal.SIGINT, _raise_stop)

    server: http.server.ThreadingHTTPServer | None = None
    server_thread: threading.Thread | None = None
    voila: subprocess.Popen[bytes] | None = None
    stopping = threading.Event()
    log_thread: threading.Thread | None = None
    try:
        server = make_static_server(book_dir, book_port)
        server_thread = threading.Thread(target=server.serve_forever, name="book", daemon=True)
        server_thread.start()
        voila = subprocess.Popen(
            voila_command(play_port, pool_size, fill_delay=fill_delay, idle_cut=idle_cut),
            cwd=ROOT,
            env=voila_env(f"http://{HOST}:{book_port}/"),
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,  # Voila's log, through forward_output
            start_new_session=True,  # own process group: stopped as a whole
        )
        assert voila.stderr is not None
        log_thread = threading.Thread(target=forward_output, args=(voila.stderr, sys.stderr.buffer, stopping),
                                      name="voila-log", daemon=True)
        log_thread.start()
        book_url = f"http://{HOST}:{book_port}/"
        play_url = f"http://{HOST}:{play_port}/"
        wait_until_answers(book_url, 10)
        wait_until_answers(play_url, 120, voila)
        print(f"Book: {book_url}", flush=True)
        print(f"Play: {play_url}", flush=True)
        parent = os.getppid()
        while voila.poll() is None:
            if os.getppid() != parent:  # whoever started us (make) is gone: stop too
                return 0
            time.sleep(0.5)
        print(f"serve: Voila exited with code {voila.returncode}", file=sys.stderr, flush=True)
        return 1
    except _Stop:
        return 0
    except (OSError, RuntimeError) as error:
        print(f"serve: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        stopping.set()
        if voila is not None:
            stop_process_group(voila)
        if log_thread is not None:
            log_thread.join(5)
        if server is not None:
            if server_thread is not None and server_thread.is_alive():
                server.shutdown()
            server.server_close()


if __name__ == "__main__":
    sys.exit(main())
