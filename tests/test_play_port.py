"""The book's play links follow the server (issue 16, point 6): with ``COMET_PLAY_PORT`` set,
``make serve`` serves a book whose play links point at that port.

* the ``{play}`` extension takes ``$COMET_PLAY_URL`` as the Voila address and records the URL of the build in
  ``_build/html/.play-url`` (a real Sphinx build of a one-page project);
* ``make serve`` rebuilds a book recorded for another address, with ``COMET_PLAY_URL`` set to the
  port it starts Voila on, and leaves a book built for that port alone (``make -n``: nothing built);
* ``tools/serve.py`` says so when the book it serves links elsewhere.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_links_to_and_records_the_play_url(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
                                 "extensions = ['myst_parser', 'comet_play']\n")
    (src / "index.rst").write_text("Play\n====\n\n:play:`hoc` and :play:`All games </>`.\n")
    out = tmp_path / "html"
    env = dict(os.environ, COMET_PLAY_URL="http://127.0.0.1:9123/")
    result = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(src), str(out)],
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    page = (out / "index.html").read_text()
    # {play} links go to the static play pages (they work on any host); the Voila address is the
    # build's {{ play_url }} and is recorded for make serve.
    assert 'href="play/hoc.html"' in page
    assert 'href="play/index.html"' in page
    assert "8866" not in page
    assert (out / ".play-url").read_text().strip() == "http://127.0.0.1:9123"


def _make_serve_dry_run(build: Path, port: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("COMET_PLAY_URL", "COMET_PLAY_PORT", "MAKEFLAGS")}
    if port is not None:
        env["COMET_PLAY_PORT"] = port
    result = subprocess.run(["make", "-n", "serve", f"BUILD_DIR={build}", "-o", ".venv/.requirements.stamp",
                             "-o", "_vendor/.stamp"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_serve_rebuilds_a_book_linking_elsewhere(tmp_path: Path) -> None:
    build = tmp_path / "build"
    (build / "html").mkdir(parents=True)
    (build / "html" / "index.html").write_text("<p>book</p>")  # newer than every source: up to date
    (build / "html" / ".play-url").write_text("http://127.0.0.1:8866\n")
    # The default port: the book is right, nothing is built.
    out = _make_serve_dry_run(build, None)
    assert "jupyter-book build" not in out and "the book links to http" not in out, out
    assert "tools/serve.py" in out
    # Another port: rebuilt first (COMET_PLAY_URL set for the build), then served.
    out = _make_serve_dry_run(build, "9123")
    assert ("make serve: the book links to http://127.0.0.1:8866, Voila will be on http://127.0.0.1:9123: "
            "rebuilding the book") in out, out
    assert out.index("jupyter-book build") < out.index("tools/serve.py")
    # A book built for that port is left alone.
    (build / "html" / ".play-url").write_text("http://127.0.0.1:9123\n")
    out = _make_serve_dry_run(build, "9123")
    assert "jupyter-book build" not in out, out


def test_serve_warns_when_the_book_links_elsewhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("comet_serve_port", ROOT / "tools" / "serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    assert not serve.warn_if_links_elsewhere(tmp_path, "http://127.0.0.1:9123/")  # nothing recorded
    (tmp_path / ".play-url").write_text("http://127.0.0.1:8866\n")
    assert serve.warn_if_links_elsewhere(tmp_path, "http://127.0.0.1:9123/")
    assert "point at http://127.0.0.1:8866/, not at http://127.0.0.1:9123/" in capsys.readouterr().err
    (tmp_path / ".play-url").write_text("http://127.0.0.1:9123\n")
    assert not serve.warn_if_links_elsewhere(tmp_path, "http://127.0.0.1:9123/")
