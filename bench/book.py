"""Time the book's clean build (every notebook executed) and a cached rebuild; write bench/README.md.

    python -m bench.book [--no-readme] [--smoke]

Clean: `rm -rf _build` then `jupyter-book build . -W -n --keep-going`, what `make book` runs
(the vendored JavaScript must exist: `make vendor`). Cached: the same command again without
cleaning (Sphinx re-reads nothing; jupyter-cache holds every notebook's outputs). Targets from
issue 6: clean < 120 s, cached < 20 s. ``--smoke`` times the same two builds of a book of one page
with one executed cell, made in a temporary folder (the project's book and ``_build`` untouched).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
from bench._report import SMOKE_HELP, write_section

JB = ROOT / ".venv" / "bin" / "jupyter-book"


def build(book: Path = ROOT) -> tuple[float, str]:
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", JUPYTER_PLATFORM_DIRS="1")
    start = time.perf_counter()
    proc = subprocess.run([str(JB), "build", ".", "-W", "-n", "--keep-going"], cwd=book, env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"the book build failed (exit {proc.returncode})")
    return seconds, proc.stdout + proc.stderr


SMOKE_BOOK = {
    "_config.yml": "title: smoke\nonly_build_toc_files: true\nexecute:\n  execute_notebooks: cache\n",
    "_toc.yml": "format: jb-book\nroot: book/index\n",
    "book/index.md": ("---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
                      "  name: python3\n  display_name: Python 3\n---\n# Smoke\n\n```{code-cell}\n1 + 1\n```\n"),
}
"""The smoke run's book: one page, one executed cell."""


def time_builds(book: Path) -> tuple[float, float, int, int]:
    """A clean build of ``book`` and a cached rebuild: their seconds, notebooks executed, pages."""
    shutil.rmtree(book / "_build", ignore_errors=True)
    clean, log = build(book)
    executed = log.count("Executing notebook")
    cached, _ = build(book)
    pages = sum(1 for p in (book / "_build" / "html" / "book").rglob("*.html"))
    return clean, cached, executed, pages


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:
        with tempfile.TemporaryDirectory(prefix="comet-bench-book-") as tmp:
            for name, text in SMOKE_BOOK.items():
                (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
                (Path(tmp) / name).write_text(text, encoding="utf-8")
            clean, cached, executed, pages = time_builds(Path(tmp))
        print(f"smoke: clean build {clean:.1f} s ({executed} notebooks executed, {pages} pages); cached {cached:.1f} s")
        assert executed == 1 and pages == 1, (executed, pages)
        return
    clean, cached, executed, pages = time_builds(ROOT)
    print(f"clean build {clean:.1f} s ({executed} notebooks executed, {pages} pages); cached rebuild {cached:.1f} s")
    if args.no_readme:
        return
    def ok(seconds: float, target: float) -> str:
        return "met" if seconds < target else "NOT met"

    body = (
        "`python -m bench.book`: `jupyter-book build . -W -n --keep-going` from a clean `_build` (every "
        f"notebook executed), then again without cleaning, on {os.cpu_count()} cores.\n\n"
        "| build | notebooks executed | pages | wall time | target |\n|---|---:|---:|---:|---|\n"
        f"| clean (`make book`) | {executed} | {pages} | {clean:.1f} s | < 120 s: {ok(clean, 120)} |\n"
        f"| cached rebuild | 0 | {pages} | {cached:.1f} s | < 20 s: {ok(cached, 20)} |\n\n"
        "Most of the clean build is the analysis pages' simulations (a few thousand deals each, "
        "`workers=2`) and one kernel start per notebook."
    )
    write_section("book", "Book build", body)


if __name__ == "__main__":
    main()
