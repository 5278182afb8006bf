"""The book's links to the Voila server follow the server, with one build (issues 16 and 29): with
``COMET_PLAY_PORT`` set, ``make serve`` serves the book it has, whose link to Voila points at that port.

* the ``{play}`` extension takes ``$COMET_PLAY_URL`` as the Voila address, marks the links to it
  (class ``comet-voila-url``) and records the URL of the build in ``_build/html/.play-url`` (a real
  Sphinx build of a one-page project);
* ``make serve`` never rebuilds a book for a port (``make -n``: nothing built, whatever the port);
* ``tools/serve.py`` rewrites the marked links to the port it starts Voila on as it serves a page,
  and leaves everything else of the page alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_links_to_marks_and_records_the_play_url(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
                                 "extensions = ['myst_parser', 'comet_play']\n")
    (src / "index.rst").write_text("Play\n====\n\n:play:`hoc` and :play:`All games </>`; on Voila: "
                                   "http://127.0.0.1:9123/ and `the hoc page <http://127.0.0.1:9123/voila/render/hoc.ipynb>`_; "
                                   "elsewhere: http://127.0.0.1:91234/.\n")
    out = tmp_path / "html"
    env = dict(os.environ, COMET_PLAY_URL="http://127.0.0.1:9123/")
    result = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(src), str(out)],
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    page = (out / "index.html").read_text()
    # {play} links go to the static play pages (they work on any host); the Voila address is the
    # build's {{ play_url }}, its links marked, and is recorded for serve.
    assert 'href="play/hoc.html"' in page
    assert 'href="play/index.html"' in page
    assert "8866" not in page
    assert page.count("comet-voila-url") == 2, page
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
def test_make_serve_builds_no_book_for_a_port(tmp_path: Path) -> None:
    build = tmp_path / "build"
    (build / "html").mkdir(parents=True)
    (build / "html" / "index.html").write_text("<p>book</p>")  # newer than every source: up to date
    (build / "html" / ".play-url").write_text("http://127.0.0.1:8866\n")
    for port in (None, "9123"):
        out = _make_serve_dry_run(build, port)
        assert "jupyter-book build" not in out and "rebuild" not in out, out
        assert f"COMET_BOOK_DIR={build}/html" in out and "tools/serve.py" in out, out


PAGE = (b'<p>Voila: <a class="reference external comet-voila-url" href="http://127.0.0.1:8866">'
        b'http://127.0.0.1:8866</a>; <a class="reference external comet-voila-url" '
        b'href="http://127.0.0.1:8866/voila/render/hoc.ipynb">hoc</a>; not a link: http://127.0.0.1:8866.</p>')


def test_serve_rewrites_the_voila_links_to_its_port() -> None:
    serve = load_file("tools/serve.py", "comet_serve")
    out = serve.voila_links_to(PAGE, "http://127.0.0.1:8866", "http://127.0.0.1:9123/")
    assert out == PAGE.replace(b'8866"', b'9123"').replace(b"8866</a>", b"9123</a>").replace(
        b"8866/voila", b"9123/voila")
    assert out.endswith(b"not a link: http://127.0.0.1:8866.</p>")
    assert serve.voila_links_to(PAGE, "http://127.0.0.1:8866", "http://127.0.0.1:8866/") == PAGE


def test_the_book_server_serves_pages_with_the_links_rewritten(tmp_path: Path) -> None:
    serve = load_file("tools/serve.py", "comet_serve")
    (tmp_path / "index.html").write_bytes(PAGE)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "page.html").write_bytes(PAGE)
    (tmp_path / "data.js").write_bytes(b"var x = 'http://127.0.0.1:8866';")
    (tmp_path / ".play-url").write_text("http://127.0.0.1:8866\n")
    server = serve.make_static_server(tmp_path, 0, "http://127.0.0.1:9123/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for path in ("", "index.html", "sub/page.html"):
            with urllib.request.urlopen(base + path, timeout=10) as r:
                body = r.read()
            assert body.count(b"http://127.0.0.1:9123") == 3 and body.count(b"8866") == 1, (path, body)
        with urllib.request.urlopen(base + "data.js", timeout=10) as r:
            assert r.read() == b"var x = 'http://127.0.0.1:8866';"
    finally:
        server.shutdown()
        server.server_close()
