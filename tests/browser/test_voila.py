"""tools/serve.py: both URLs answer, only the play pages are served, on 127.0.0.1, and
SIGTERM stops everything (Voila and every kernel)."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from .conftest import ROOT, Served, fake_book, start_serve, stop_serve

PAGES = sorted(p.stem for p in (ROOT / "book" / "play").glob("*.ipynb"))


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_book_and_play_answer(served: Served) -> None:
    assert served.output == [f"Book: {served.book_url}", f"Play: {served.play_url}"]
    assert served.book_url.startswith("http://127.0.0.1:") and served.play_url.startswith("http://127.0.0.1:")
    assert _get(served.book_url)[0] == 200
    assert _get(served.play_url)[0] == 200


def test_only_the_play_pages_are_served(served: Served) -> None:
    assert PAGES == ["commit", "drills", "hoc", "manille", "modern", "new-comet", "puzzles"]
    status, listing = _get(served.play_url + "voila/api/contents")
    if status == 200:  # the tree's listing API, where it exists, lists only book/play
        names = sorted(item["name"] for item in json.loads(listing).get("content", []))
        assert names == sorted(f"{p}.ipynb" for p in PAGES), names
    for path in ("voila/render/../comet/__init__.py", "voila/files/../../README.md", "voila/render/README.md",
                 "voila/files/comet/__init__.py", "voila/render/%2E%2E/%2E%2E/Makefile", "voila/tree/comet",
                 "api/contents/../../comet", "voila/files/modern.ipynb"):
        status, body = _get(served.play_url + path)
        assert "import comet" not in body and "from widgets" not in body and "PHONY" not in body, path
    # The page itself does not carry its source (strip_sources).
    status, body = _get(served.page_url("hoc"))
    assert status == 200
    assert "play_page" not in body and "widgets.pages" not in body


def test_sigterm_stops_everything(tmp_path_factory: pytest.TempPathFactory) -> None:
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    served = start_serve(fake_book(tmp_path_factory), pool_size=1, fill_delay=0, log=log)
    try:
        serve = psutil.Process(served.process.pid)
        deadline = time.monotonic() + 60
        while True:  # Voila and its five pre-heated kernels (one per page)
            family = serve.children(recursive=True)
            kernels = [p for p in family if "ipykernel_launcher" in " ".join(p.cmdline())]
            if len(kernels) >= len(PAGES) or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert len(kernels) >= len(PAGES), [p.cmdline() for p in family]
        os.kill(served.process.pid, signal.SIGTERM)
        assert served.process.wait(30) == 0
        gone, alive = psutil.wait_procs(family, timeout=20)
        assert not alive, f"outlived tools/serve.py: {[p.cmdline() for p in alive]}"
        with pytest.raises(OSError):
            urllib.request.urlopen(served.play_url, timeout=2)
        with pytest.raises(OSError):
            urllib.request.urlopen(served.book_url, timeout=2)
        # Stopping is quiet: Voila says it shuts the kernels down, and no traceback is shown (the
        # kernels' own, from being stopped mid-wait, are left out by serve.forward_output).
        text = log.read_text()
        assert "Kernel shutdown" in text and "Traceback" not in text, text[-3000:]
    finally:
        stop_serve(served.process)


def test_book_dir_missing_is_a_clear_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = dict(os.environ, COMET_BOOK_DIR=str(tmp_path / "nothing"))
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "serve.py")], env=env, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 2
    assert "make book" in result.stderr
