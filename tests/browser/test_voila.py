"""The playable pages: tools/serve.py starts Voila, a click updates a label, Ctrl-C/SIGTERM
stops everything."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest

from .conftest import ARTIFACTS, ROOT, free_port, watch_page

# The `lab` template links FontAwesome stylesheets on a public CDN; offline they fail with
# no visible effect. They are blocked and ignored; any other external request fails a test.
KNOWN_EXTERNAL = ("font-awesome", "fontawesome")
STARTUP_TIMEOUT = 150.0


@dataclass
class Served:
    process: subprocess.Popen[str]
    book_url: str
    play_url: str
    play_port: int


def _reader(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def _voila_processes(play_port: int) -> list[int]:
    """PIDs of processes whose command line carries Voila's --port for this test."""
    pids = []
    needle = f"--port={play_port}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if needle in cmdline.split(b"\0"):
            pids.append(int(entry.name))
    return pids


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    book = tmp_path_factory.mktemp("book")
    (book / "index.html").write_text("<!doctype html><title>book</title><p>book</p>\n")
    book_port = free_port()
    play_port = free_port()
    while play_port == book_port:
        play_port = free_port()
    env = dict(os.environ)
    env.update(
        COMET_BOOK_PORT=str(book_port),
        COMET_PLAY_PORT=str(play_port),
        COMET_BOOK_DIR=str(book),
        PYTHONUNBUFFERED="1",
    )
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py")],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    got: list[str] = []
    deadline = time.monotonic() + STARTUP_TIMEOUT
    try:
        while len(got) < 2:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or process.poll() is not None:
                pytest.fail(f"tools/serve.py did not start (exit {process.poll()}); printed {got}")
            try:
                got.append(lines.get(timeout=min(remaining, 1.0)).rstrip("\n"))
            except queue.Empty:
                continue
        assert got == [
            f"Book: http://127.0.0.1:{book_port}/",
            f"Play: http://127.0.0.1:{play_port}/",
        ]
        yield Served(process, f"http://127.0.0.1:{book_port}/", f"http://127.0.0.1:{play_port}/", play_port)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_book_and_play_answer(served: Served) -> None:
    with urllib.request.urlopen(served.book_url, timeout=10) as response:
        assert response.status == 200
    with urllib.request.urlopen(served.play_url, timeout=30) as response:
        assert response.status == 200


def test_hello_button_updates_label(page: Any, served: Served) -> None:
    watch = watch_page(page, block=KNOWN_EXTERNAL)
    page.goto(served.play_url + "voila/render/hello.ipynb", wait_until="load")
    button = page.locator(".widget-button", has_text="Say hello")
    button.wait_for(state="visible", timeout=60_000)
    label = page.locator(".widget-label").first
    assert "Nobody has pressed" in label.inner_text()
    button.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-label')]"
        ".some(e => e.textContent.includes('pressed 1 time'))",
        timeout=15_000,
    )
    button.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-label')]"
        ".some(e => e.textContent.includes('pressed 2 time'))",
        timeout=15_000,
    )
    text = page.inner_text("body")
    assert "Traceback" not in text, text
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    # Sources are stripped: the page does not show the code.
    assert "on_click" not in page.content()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "voila-hello.png"), full_page=True)
    watch.assert_clean()


def test_sigterm_stops_everything(served: Served) -> None:
    assert _voila_processes(served.play_port), "Voila is not running"
    os.kill(served.process.pid, signal.SIGTERM)
    assert served.process.wait(30) == 0
    deadline = time.monotonic() + 15
    while _voila_processes(served.play_port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _voila_processes(served.play_port), "Voila outlived tools/serve.py"
    with pytest.raises(OSError):
        urllib.request.urlopen(served.play_url, timeout=2)
