"""Precompressed copies of the built site's large text and WebAssembly files (issue 29).

Beside each such file the build writes ``<file>.gz`` (gzip, level 9) and ``<file>.br`` (brotli),
so a server that can send a file's precompressed copy (nginx's ``gzip_static``/``brotli_static``,
Apache's rewrite rules, ``tools/serve.py``-like handlers: README, "Deploying") sends about a third
of the bytes: the Pyodide core's 9.6 MB of WebAssembly go out as 3.1 MB of brotli. A copy is kept
only where it saves at least a tenth; files already compressed (woff2, images, zips of deflated entries) are
left alone.

Brotli's best quality (11) is slow on large files (90 s for the WebAssembly on this machine,
140 s for the whole site on a busy one), so files over :data:`BEST_LIMIT` get quality 9 (5 to 12 s
for the WebAssembly; its copy is 13% larger than at 11), except the WebAssembly itself, the largest
file a play page fetches, which gets quality 10 (13 s on an idle machine: 2.79 MB rather than 3.10
at 9 and 2.74 at 11; a quarter of a second less on a fast mobile network, 1.5 s on a slow one);
the copies of a file's bytes are kept in ``_vendor/compressed/`` (by their content's hash), so the
vendored files, most of the bytes, are compressed once per machine and later builds only copy them.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".xml", ".ttf", ".eot",
                      ".zip"})
"""What gets copies: text, WebAssembly, the uncompressed font formats and the Python zips, whose
entries are stored for this (``tools/pyodide/compile.mjs``: brotli compresses a whole archive of
modules far better than zip's deflate of each; a zip of deflated entries saves too little to get a
copy). Not source maps, which readers never load, nor woff/woff2 or images, compressed already."""
MIN_SIZE = 1400
"""Smaller files fit in one packet: not worth a copy."""
MIN_SAVING = 0.9
"""A copy is kept only if it is at most this fraction of the file."""
BEST_LIMIT = 100_000
"""Files larger than this get brotli quality 9 rather than 11 (see the module's docstring)..."""
WASM_QUALITY = 10
"""... but WebAssembly larger than this gets quality 10 (the Pyodide core: vendored, so compressed
once per machine)."""
QUICK_ENV = "COMET_QUICK_COMPRESSION"
"""Set (to anything but "" or 0) by ``make test``: every copy is made quickly (brotli quality
:data:`QUICK_QUALITY`, gzip level 6), a fifth of the time on a fresh machine; the copies are as
valid, only larger (a few percent): a build to test, not to publish (``make book`` leaves it unset)."""
QUICK_QUALITY = 5


def _quick() -> bool:
    return os.environ.get(QUICK_ENV, "") not in ("", "0")


def _compress(job: tuple[str, str]) -> tuple[str, int, int]:
    """Write ``path.gz`` and ``path.br`` (from the cache when it has them); their sizes (0: none)."""
    import brotli

    path, cache_dir = Path(job[0]), Path(job[1])
    data = path.read_bytes()
    quick = _quick()
    quality = (QUICK_QUALITY if quick else 11 if len(data) <= BEST_LIMIT
               else WASM_QUALITY if path.suffix == ".wasm" else 9)
    level = 6 if quick else 9
    key = hashlib.sha256(data).hexdigest()
    sizes = []
    for suffix, make in ((".gz", lambda: gzip.compress(data, level, mtime=0)),
                         (".br", lambda: brotli.compress(data, quality=quality))):
        cached = cache_dir / f"{key}-q{quality}{'-quick' if quick else ''}{suffix}"
        if cached.is_file():
            packed = cached.read_bytes()
        else:
            packed = make()
            tmp = cached.with_name(cached.name + f".{os.getpid()}.tmp")
            tmp.write_bytes(packed)
            tmp.replace(cached)
        if len(packed) <= MIN_SAVING * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)
            sizes.append(len(packed))
        else:
            sizes.append(0)
    return str(path), sizes[0], sizes[1]


def candidates(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in SUFFIXES
                  and p.stat().st_size >= MIN_SIZE)


def precompress(root: Path, cache_dir: Path, workers: int | None = None) -> tuple[int, int, int, int]:
    """Write the copies of every candidate file under ``root``: (files, their bytes, gzip bytes of
    those copied, brotli bytes of those copied)."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    files = candidates(root)
    jobs = [(str(p), str(cache_dir)) for p in files]
    workers = workers or min(2, os.cpu_count() or 1)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_compress, jobs, chunksize=4))
    return (len(files), sum(p.stat().st_size for p in files), sum(r[1] for r in results),
            sum(r[2] for r in results))
