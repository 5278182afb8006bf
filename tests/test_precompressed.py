"""The site light on the wire (issue 29): the build's precompressed copies, and a static server
that sends them (``tools/serve.py``'s ``StaticSiteHandler``, what ``make serve`` and
``bench/static.py`` serve with, and what the README asks of a host).

* ``book/_ext/comet_precompress.py`` writes ``.gz`` and ``.br`` beside each large text or wasm
  file, each decompressing to the file, and none where it would save little or for small files;
* in the built site (when there is one), every copy decompresses to its file, and the large files a
  play page fetches have theirs;
* the handler sends brotli, else gzip, else the file, as ``Accept-Encoding`` allows, with
  ``Content-Encoding`` and ``Vary``; content-named files may be kept for good, others are
  revalidated and answered 304 when unchanged.
"""

from __future__ import annotations

import gzip
import os
import random
import threading
import urllib.request
import zipfile
from pathlib import Path

import brotli
import pytest

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"


def _precompress() -> object:
    import sys

    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        import comet_precompress
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    return comet_precompress


def test_copies_beside_the_large_text_files_only(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "_static").mkdir(parents=True)
    text = ("function f(x) { return x * 2; }\n" * 4000).encode()
    (site / "_static" / "big.js").write_bytes(text)
    (site / "_static" / "engine.wasm").write_bytes(b"\0asm" + bytes(200_000))
    (site / "small.css").write_bytes(b"p { margin: 0 }\n")
    noise = random.Random(1).randbytes(50_000)
    (site / "noise.json").write_bytes(noise)  # does not compress: no copy
    for name, how in (("archive.zip", zipfile.ZIP_DEFLATED), ("_static/python.zip", zipfile.ZIP_STORED)):
        with zipfile.ZipFile(site / name, "w", how) as z:  # deflated entries: too little to save
            z.writestr("big.js", text)
            z.writestr("noise.bin", noise[:20_000])
    files, size, gz, br = _precompress().precompress(site, tmp_path / "cache", workers=1)  # type: ignore[attr-defined]
    assert files == 5  # big.js, engine.wasm, noise.json, the zips (small.css is under the size)
    for name in ("_static/big.js", "_static/engine.wasm", "_static/python.zip"):
        data = (site / name).read_bytes()
        assert gzip.decompress((site / f"{name}.gz").read_bytes()) == data
        assert brotli.decompress((site / f"{name}.br").read_bytes()) == data
        assert (site / f"{name}.br").stat().st_size < 0.9 * len(data)
    for name in ("small.css", "noise.json", "archive.zip"):
        assert not (site / f"{name}.gz").exists() and not (site / f"{name}.br").exists(), name
    assert gz and br and br < gz < size
    # A second build finds its copies in the cache: the same bytes.
    before = (site / "_static" / "big.js.br").read_bytes()
    (site / "_static" / "big.js.br").unlink()
    _precompress().precompress(site, tmp_path / "cache", workers=1)  # type: ignore[attr-defined]
    assert (site / "_static" / "big.js.br").read_bytes() == before


@pytest.mark.built
def test_the_built_sites_copies_are_its_files() -> None:
    if not (SITE / "index.html").is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{SITE} is missing (CI=true): `make book` runs before the tests")
        pytest.skip("the book is not built (make book)")
    copies = sorted(SITE.rglob("*.br")) + sorted(SITE.rglob("*.gz"))
    assert len(copies) > 50
    for copy in copies:
        original = copy.with_suffix("")
        unpack = brotli.decompress if copy.suffix == ".br" else gzip.decompress
        assert unpack(copy.read_bytes()) == original.read_bytes(), copy
    live = SITE / "_static" / "live"
    pyodide = next(live.glob("pyodide-*"))
    for path in (pyodide / "pyodide.asm.wasm", pyodide / "pyodide.asm.mjs", SITE / "_static" / "offline" / "html-manager"
                 / "embed-amd.js", SITE / "play" / "modern.html", live / "live.js", live / "live-worker.js",
                 pyodide / "python_stdlib.zip", next(live.glob("site-*.zip"))):
        assert path.with_name(path.name + ".br").is_file() and path.with_name(path.name + ".gz").is_file(), path


def _get(url: str, encoding: str | None, since: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={k: v for k, v in (("Accept-Encoding", encoding),
                                                                     ("If-Modified-Since", since)) if v})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


def test_the_static_handler_sends_the_copy_the_reader_accepts(tmp_path: Path) -> None:
    serve = load_file("tools/serve.py", "comet_serve")
    folder = tmp_path / "_static" / "live" / "pyodide-0123456789"
    folder.mkdir(parents=True)
    data = b"\0asm" + bytes(100_000)
    (folder / "pyodide.asm.wasm").write_bytes(data)
    (folder / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(data))
    (folder / "pyodide.asm.wasm.br").write_bytes(brotli.compress(data))
    (tmp_path / "page.js").write_bytes(b"let x = 1;\n" * 300)
    (tmp_path / "page.js.gz").write_bytes(gzip.compress((tmp_path / "page.js").read_bytes()))
    server = serve.make_static_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    wasm = base + "_static/live/pyodide-0123456789/pyodide.asm.wasm"
    try:
        status, headers, body = _get(wasm, "gzip, deflate, br, zstd")
        assert status == 200 and headers["Content-Encoding"] == "br" and brotli.decompress(body) == data
        assert headers["Content-Type"] == "application/wasm" and headers["Vary"] == "Accept-Encoding"
        assert "immutable" in headers["Cache-Control"]
        status, headers, body = _get(wasm, "gzip;q=1, br;q=0")
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == data
        status, headers, body = _get(wasm, None)
        assert "Content-Encoding" not in headers and body == data
        status, headers, body = _get(base + "page.js", "br, gzip")  # no brotli copy: gzip
        assert headers["Content-Encoding"] == "gzip" and headers["Cache-Control"] == "no-cache"
        status, headers, body = _get(base + "page.js", "br, gzip", since=headers["Last-Modified"])
        assert status == 304 and body == b""
    finally:
        server.shutdown()
        server.server_close()
