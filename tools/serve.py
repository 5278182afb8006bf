#!/usr/bin/env python3
"""Serve the built book and the playable Voila pages on 127.0.0.1.

    python tools/serve.py          # what `make serve` runs (after building the book)

* the static book (``_build/html``) on http://127.0.0.1:$COMET_BOOK_PORT/ (default 8000),
  with a threaded static HTTP server;
* Voila on http://127.0.0.1:$COMET_PLAY_PORT/ (default 8866), serving only ``book/play/``
  (one page per family: hoc, manille, new-comet, modern, commit), sources stripped,
  tracebacks hidden, with pre-heated kernels.

Voila runs as ``tools/play_server.py`` (Voila with our landing page at the root, our 404 page, and
the ``_xsrf`` cookie a page's shutdown request needs: a page that is left frees its kernel at once;
and its guard: a cap on live kernels, a kernel whose page never connects shut down after
``CONNECT_TIMEOUT`` s, ``KERNELS_PER_ADDRESS`` new kernels per address a minute: :class:`Guard`).

Pre-heating: Voila starts ``pool_size`` kernels per page ahead of visitors and runs the page in
them; ``website.pages`` then waits for the visitor's request to read the URL's settings. Sized
for a class on a 2-core machine: two kernels per page (eighteen, about 58 MB each) are ready at any
time, so the next visitor to a page gets a table at once; a used one is replaced after
``FILL_DELAY`` (6 s: a kernel start takes CPU, which the next visitors' pages, arriving within
seconds of the first, would otherwise share; ``bench/class_visits.py`` measured the 2nd visitor at
1.94 s median with 2 s, 1.76 s with 6 s, when a pre-heated kernel took 3 s of CPU; since
``website.voila_request`` it takes 0.4 s, not measured again); visitors beyond the pool get a kernel
started on demand (a few seconds slower; ``bench/class_visits.py`` measures a burst). A game with
no move for ``IDLE_CUT`` seconds (10 minutes; ``COMET_VOILA_IDLE_CUT``) is cut, its page open or
not; the page warns its visitor two minutes before.

* the room server (``tools/room_server.py``: tables shared by several devices, the teacher's view)
  on http://127.0.0.1:$COMET_ROOM_PORT/ (default 8867), its websocket open to the book's and Voila's
  pages; the static site's ``play/rooms.json`` names it, and Voila's kernels are given it
  (``COMET_ROOM_URL``), whatever room server the build was made for.

When all three answer it prints exactly three lines::

    Book: http://127.0.0.1:8000/
    Play: http://127.0.0.1:8866/
    Rooms: http://127.0.0.1:8867/

and runs until Ctrl-C or SIGTERM, which stop them all (Voila's whole process group) and exit 0.
Environment: COMET_BOOK_PORT, COMET_PLAY_PORT, COMET_ROOM_PORT, COMET_BOOK_DIR (default ``_build/html``),
COMET_VOILA_POOL_SIZE (pre-heated kernels per page, default 2; 0 turns pre-heating off),
COMET_VOILA_FILL_DELAY (seconds, default 6), COMET_VOILA_IDLE_CUT (seconds, default 600), and the
guard's: COMET_MAX_KERNELS (default 0: from the memory available), COMET_CONNECT_TIMEOUT (seconds,
default 60), COMET_KERNELS_PER_ADDRESS (default 30; 0: no limit), COMET_TRUSTED_PROXIES (addresses
whose X-Forwarded-For is believed; none); a bad value stops it with a message (exit 2). One
build serves any ports: a link of the book to the Voila server (``{{ play_url }}``, class
``comet-voila-url``) is rewritten to the port Voila is started on as its page is served.

Ctrl-C, SIGTERM or SIGHUP (to this process or its process group) stops everything within 10 s and
exits 0: the book's server, the room server, Voila (which shuts its kernels down), then,
``STOP_GRACE`` seconds later, whatever is left of Voila and its kernels (each kernel runs in a session
of its own; a kernel whose Voila is gone is handed to this process, a "subreaper", and stopped too).
Killed by SIGKILL, this process cannot stop anything: Voila and the room server stop themselves when
it dies (``COMET_PARENT_PID``, ``tools/lifeline.py``), and Voila's kernels when Voila does (ipykernel's
parent poller). Standard library only.
"""

from __future__ import annotations

import ctypes
import email.utils
import functools
import io
import http.server
import json
import ipaddress
import math
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import IO, Any

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
ROOM_SERVER = ROOT / "tools" / "room_server.py"
"""The room server (``rooms/``)."""


CONNECT_TIMEOUT = 60.0
"""Seconds a visitor's page has, once sent, to connect to its kernel before the kernel is shut down."""
KERNELS_PER_ADDRESS = 30
"""New kernels per client address in any minute: a class of 30 behind one school address gets in."""


@dataclass(frozen=True)
class Guard:
    """The play server's guard (``tools/play_server.py``): the cap on live kernels (0: its default,
    from the memory available), the connect timeout, new kernels per address a minute (0: no
    limit), and the proxies whose ``X-Forwarded-For`` is believed (comma-separated; none)."""

    max_kernels: int = 0
    connect_timeout: float = CONNECT_TIMEOUT
    kernels_per_address: int = KERNELS_PER_ADDRESS
    trusted_proxies: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Guard:
        """From ``COMET_MAX_KERNELS``, ``COMET_CONNECT_TIMEOUT``, ``COMET_KERNELS_PER_ADDRESS`` and
        ``COMET_TRUSTED_PROXIES``; a ``ValueError`` naming the variable for a bad value."""
        def number(name: str, default: float, kind: type[int] | type[float]) -> Any:
            text = env.get(name, "").strip()
            try:
                value = kind(text) if text else default
            except ValueError:
                value = math.nan
            if kind is int and not value >= 0:
                raise ValueError(f"{name}={text!r}: expected a whole number, 0 or more")
            if kind is float and not (value > 0 and math.isfinite(value)):
                raise ValueError(f"{name}={text!r}: expected a number of seconds above 0")
            return value

        proxies = env.get("COMET_TRUSTED_PROXIES", "").strip()
        for part in proxies.replace(",", " ").split():
            try:
                ipaddress.ip_network(part, strict=False)
            except ValueError:
                raise ValueError(f"COMET_TRUSTED_PROXIES: {part!r} is not an IP address or network "
                                 "(e.g. 127.0.0.1 or 10.0.0.0/8)") from None
        return cls(number("COMET_MAX_KERNELS", 0, int), number("COMET_CONNECT_TIMEOUT", CONNECT_TIMEOUT, float),
                   number("COMET_KERNELS_PER_ADDRESS", KERNELS_PER_ADDRESS, int), proxies)


def voila_command(port: int, pool_size: int = 2, python: str = sys.executable, fill_delay: float = FILL_DELAY,
                  idle_cut: float = IDLE_CUT, guard: Guard = Guard()) -> list[str]:
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
        # The guard against a careless or hostile visitor (issue 37; tools/play_server.py).
        f"--CometVoila.max_kernels={guard.max_kernels}",
        f"--CometVoila.connect_timeout={guard.connect_timeout:g}",
        f"--CometVoila.kernels_per_address={guard.kernels_per_address}",
        f"--CometVoila.trusted_proxies={guard.trusted_proxies}",
    ]


def voila_env(book_url: str | None = None, room_url: str = "") -> dict[str, str]:
    """Environment for Voila and its kernels (``comet`` and ``widgets`` come from the installed
    project, ``pip install -e .``); the book's address (``COMET_BOOK_URL``) for the landing page's link;
    the room server (``COMET_ROOM_URL``) and the static room page its tables' links point at
    (``COMET_ROOM_PAGE``); this process (``COMET_PARENT_PID``: Voila dies with it)."""
    env = dict(os.environ)
    env["COMET_PARENT_PID"] = str(os.getpid())
    if book_url:
        env["COMET_BOOK_URL"] = book_url
    if room_url:
        env["COMET_ROOM_URL"] = room_url
        if book_url:
            env["COMET_ROOM_PAGE"] = book_url.rstrip("/") + "/play/room.html"
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # glibc gives each thread that allocates its own malloc arena; what a class leaves in them (the
    # server's Python heap stays flat: tracemalloc) is not given back. Two arenas: a 40-visit soak
    # grew the server by 9.9% instead of 13.6% (bench/README.md, "Playable pages under a class").
    env.setdefault("MALLOC_ARENA_MAX", "2")
    return env


def room_command(port: int, python: str = sys.executable) -> list[str]:
    """The command line of the room server on ``HOST:port``."""
    return [python, str(ROOM_SERVER), f"--port={port}", f"--host={HOST}"]


def room_env(book_url: str, play_url: str) -> dict[str, str]:
    """The room server's environment: its websocket open to the book's and Voila's pages (unless
    ``COMET_ROOM_ORIGINS`` says otherwise), and this process (``COMET_PARENT_PID``: it dies with it)."""
    env = dict(os.environ)
    env["COMET_PARENT_PID"] = str(os.getpid())
    env.setdefault("COMET_ROOM_ORIGINS", ",".join(url.rstrip("/") for url in (book_url, play_url)))
    return env


VOILA_LINK = re.compile(rb'<a\b[^>]*\bcomet-voila-url\b[^>]*>.*?</a>', re.S)
"""A link of the book to the Voila server (``book/_ext/comet_play.py`` marks them)."""


def voila_links_to(page: bytes, built: str, play_url: str) -> bytes:
    """``page`` with its links to the Voila address of the build (``built``) pointing at ``play_url``."""
    old, new = built.rstrip("/").encode(), play_url.rstrip("/").encode()
    if old == new or b"comet-voila-url" not in page:
        return page
    return VOILA_LINK.sub(lambda m: m.group(0).replace(old, new), page)


IMMUTABLE = re.compile(r"/(site-[0-9a-f]{10}\.zip|pyodide-[0-9a-f]{10}/)")
"""Addresses named by their content (the build's): a browser may keep them for good."""


def accepted_encodings(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (``q=0`` excludes one)."""
    allowed = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                allowed.add(name.strip().lower())
        except ValueError:
            continue
    return allowed


class StaticSiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host as it should be for this site (what the README asks of one): a file's
    precompressed copy (``.br``, else ``.gz``, written by the build) is sent when the request's
    ``Accept-Encoding`` allows it, with ``Content-Encoding`` and ``Vary``; files named by their
    content (:data:`IMMUTABLE`) may be kept for a year, the rest is revalidated (``no-cache``,
    answered 304 when unchanged). Quiet; a reader who leaves mid-download is no error."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def end_headers(self) -> None:
        immutable = IMMUTABLE.search(self.path.split("?", 1)[0])
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if coding in accepted and os.path.isfile(path + suffix):
                break
        else:
            return super().send_head()
        stat = os.stat(path + suffix)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        f = open(path + suffix, "rb")  # noqa: SIM115 (closed by the caller, as SimpleHTTPRequestHandler's)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except (ConnectionResetError, BrokenPipeError):  # the reader left mid-download
            self.close_connection = True


class BookHandler(StaticSiteHandler):
    """The built book; a page linking to the Voila server links to the one we start
    (``play_url``), whatever address the build was made for (``built``: ``.play-url``); the room
    pages' ``play/rooms.json`` names the room server we start (``room_url``)."""

    built = ""
    play_url = ""
    room_url = ""

    def send_head(self) -> Any:
        if self.room_url and self.path.split("?", 1)[0] == "/play/rooms.json":
            body = json.dumps({"server": self.room_url.rstrip("/")}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (self.built and path.endswith(".html") and os.path.isfile(path)
                and b"comet-voila-url" in Path(path).read_bytes()):
            return super().send_head()
        body = voila_links_to(Path(path).read_bytes(), self.built, self.play_url)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def make_static_server(directory: Path, port: int, play_url: str = "",
                       room_url: str = "") -> http.server.ThreadingHTTPServer:
    recorded = directory / ".play-url"
    built = recorded.read_text(encoding="utf-8").strip() if recorded.is_file() else ""
    handler = functools.partial(type("Handler", (BookHandler,), {"built": built, "play_url": play_url,
                                                                 "room_url": room_url}),
                                directory=str(directory))
    server = http.server.ThreadingHTTPServer((HOST, port), handler)
    server.daemon_threads = True
    return server


class Stopped(Exception):
    """A signal asked us to stop while we waited (not an error: we stop and exit 0)."""


def wait_until_answers(url: str, timeout: float, proc: subprocess.Popen[bytes] | None = None,
                       stop: threading.Event | None = None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if stop is not None and stop.is_set():
            raise Stopped()
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


STOP_GRACE = 5.0
"""Seconds Voila has, once asked to stop, to shut its kernels down itself; then whatever is left of
it and its kernels is killed (everything is gone well within 10 s of the signal)."""
def stop_process(proc: subprocess.Popen[bytes] | None, grace: float = STOP_GRACE) -> None:
    """SIGTERM, and SIGKILL after ``grace`` seconds if it is still there."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(2)


PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    """Have the processes we start that lose their parent handed to us (Linux), not to init: a
    kernel whose Voila is gone, or one Voila was starting as it stopped, is then ours to stop."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _parents() -> dict[int, int]:
    """Every process's parent (Linux ``/proc``; empty elsewhere)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()  # after "(command)": state, ppid, ...
        if len(fields) > 1 and fields[0] != b"Z":
            parents[int(entry)] = int(fields[1])
    return parents


def descendants(pid: int) -> set[int]:
    """The running processes below ``pid`` (children, theirs, ...)."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _signal_all(pids: set[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _reap() -> None:
    """Collect the exit status of our children that have ended (orphans handed to us included)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def stop_voila(proc: subprocess.Popen[bytes], grace: float = STOP_GRACE) -> None:
    """Stop Voila and every kernel: SIGTERM to Voila (it shuts its kernels down), and after
    ``grace`` seconds SIGKILL to whatever is left of Voila, its kernels (each in a session of its
    own, out of Voila's process group) and any process handed to us meanwhile."""
    family = descendants(proc.pid) | {proc.pid}
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    for attempt in range(3):  # (a kernel Voila was starting may appear, handed to us, as it goes)
        left = (family | descendants(os.getpid())) - {os.getpid()}
        left = {pid for pid in left if pid in _parents()}
        if not left:
            break
        if attempt == 0:
            print(f"serve: Voila had not stopped its kernels within {grace:g} s: stopping the {len(left)} "
                  "processes left", file=sys.stderr, flush=True)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _signal_all(left, signal.SIGKILL)
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and any(pid in _parents() for pid in left):
            _reap()
            time.sleep(0.05)
        family = left
    if proc.poll() is None:
        proc.wait(2)
    _reap()


VOILA_LOG_PREFIXES = (b"[Voila]", b"[CometVoila]")
"""How Voila's own log lines start (tools/play_server.py's Voila logs as CometVoila)."""


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


def main() -> int:
    book_port = int(os.environ.get("COMET_BOOK_PORT", "8000"))
    play_port = int(os.environ.get("COMET_PLAY_PORT", "8866"))
    room_port = int(os.environ.get("COMET_ROOM_PORT", "8867"))
    pool_size = int(os.environ.get("COMET_VOILA_POOL_SIZE", "2"))
    fill_delay = float(os.environ.get("COMET_VOILA_FILL_DELAY", str(FILL_DELAY)))
    idle_cut = float(os.environ.get("COMET_VOILA_IDLE_CUT", str(IDLE_CUT)))
    book_dir = Path(os.environ.get("COMET_BOOK_DIR", str(ROOT / "_build" / "html")))
    try:
        guard = Guard.from_env(os.environ)
    except ValueError as error:
        print(f"serve: {error}", file=sys.stderr)
        return 2
    if not (book_dir / "index.html").is_file():
        print(f"serve: {book_dir}/index.html is missing: run `make book` first", file=sys.stderr)
        return 2

    # A signal only sets this; the main thread sees it and stops everything, in order, once.
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, on_signal)
    become_subreaper()

    server: http.server.ThreadingHTTPServer | None = None
    server_thread: threading.Thread | None = None
    voila: subprocess.Popen[bytes] | None = None
    rooms: subprocess.Popen[bytes] | None = None
    stopping = threading.Event()
    log_thread: threading.Thread | None = None
    book_url = f"http://{HOST}:{book_port}/"
    play_url = f"http://{HOST}:{play_port}/"
    room_url = f"http://{HOST}:{room_port}/"
    try:
        server = make_static_server(book_dir, book_port, play_url, room_url)
        server_thread = threading.Thread(target=server.serve_forever, name="book", daemon=True)
        server_thread.start()
        voila = subprocess.Popen(
            voila_command(play_port, pool_size, fill_delay=fill_delay, idle_cut=idle_cut, guard=guard),
            cwd=ROOT,
            env=voila_env(book_url, room_url.rstrip("/")),
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,  # Voila's log, through forward_output
            start_new_session=True,  # own process group: stopped as a whole
        )
        assert voila.stderr is not None
        log_thread = threading.Thread(target=forward_output, args=(voila.stderr, sys.stderr.buffer, stopping),
                                      name="voila-log", daemon=True)
        log_thread.start()
        rooms = subprocess.Popen(room_command(room_port), cwd=ROOT, env=room_env(book_url, play_url),
                                 stdin=subprocess.DEVNULL)
        wait_until_answers(book_url, 10, stop=stop)
        wait_until_answers(room_url + "rooms/health", 60, rooms, stop=stop)
        wait_until_answers(play_url, 120, voila, stop=stop)
        print(f"Book: {book_url}", flush=True)
        print(f"Play: {play_url}", flush=True)
        print(f"Rooms: {room_url}", flush=True)
        parent = os.getppid()
        while not stop.wait(0.5):
            if voila.poll() is not None:
                print(f"serve: Voila exited with code {voila.returncode}", file=sys.stderr, flush=True)
                return 1
            if rooms.poll() is not None:
                print(f"serve: the room server exited with code {rooms.returncode}", file=sys.stderr, flush=True)
                return 1
            if os.getppid() != parent:  # whoever started us (make) is gone: stop too
                break
            _reap()  # (orphans handed to us)
        return 0
    except Stopped:
        return 0
    except (OSError, RuntimeError) as error:
        print(f"serve: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        stop.set()
        stopping.set()
        started = time.monotonic()
        if server is not None:
            if server_thread is not None and server_thread.is_alive():
                server.shutdown()  # (within half a second)
            server.server_close()  # the book's port is free
        stop_process(rooms)
        if voila is not None:
            stop_voila(voila)
        if log_thread is not None:
            log_thread.join(2)
        if voila is not None:
            print(f"serve: stopped in {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
