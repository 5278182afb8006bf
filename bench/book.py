"""Time the book's clean build (every notebook executed), its three translated editions, and a cached
rebuild; write bench/README.md.

    python -m bench.book [--no-readme] [--smoke]

Clean: `rm -rf _build` then `jupyter-book build . -W -n --keep-going`, the English edition of `make book`
(the vendored JavaScript must exist: `make vendor`). Then what `make book` adds for the editions
(issue 47): the French, Russian and Spanish editions from the English build's notebook cache,
side by side (`tools/editions.py build`), then one at a time (`--jobs 1`), and the English pages'
messages (`tools/editions.py pot`, which `make book` runs beside the English build). Cached: the
English build again without cleaning (Sphinx re-reads nothing; jupyter-cache holds every notebook's
outputs). Targets from issue 6: clean < 120 s, cached < 20 s. Wall and CPU time (of every process
the step started): the machine is shared, so compare CPU times across runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
from bench._report import SMOKE_HELP, write_section

JB = ROOT / ".venv" / "bin" / "jupyter-book"


def timed(command: list[str], book: Path = ROOT) -> tuple[float, float, str]:
    """Run ``command`` in the checkout: its wall time, the CPU time of its processes, its output."""
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", JUPYTER_PLATFORM_DIRS="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=book, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"{' '.join(command)} failed (exit {proc.returncode})")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, cpu, proc.stdout + proc.stderr


def build(book: Path = ROOT) -> tuple[float, str]:
    seconds, _cpu, log = timed([str(JB), "build", ".", "-W", "-n", "--keep-going"], book)
    return seconds, log


SMOKE_BOOK = {
    "_config.yml": "title: smoke\nonly_build_toc_files: true\nexecute:\n  execute_notebooks: cache\n",
    "_toc.yml": "format: jb-book\nroot: book/index\n",
    "book/index.md": ("---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
                      "  name: python3\n  display_name: Python 3\n---\n# Smoke\n\n```{code-cell}\n1 + 1\n```\n"),
}
"""The smoke run's book: one page, one executed cell."""


def smoke() -> None:
    """A clean build and a cached rebuild of a book of one page with one executed cell, in a temporary
    folder (the project's book and ``_build`` untouched)."""
    with tempfile.TemporaryDirectory(prefix="comet-bench-book-") as tmp:
        book = Path(tmp)
        for name, text in SMOKE_BOOK.items():
            (book / name).parent.mkdir(parents=True, exist_ok=True)
            (book / name).write_text(text, encoding="utf-8")
        clean, log = build(book)
        executed = log.count("Executing notebook")
        cached, _ = build(book)
        pages = sum(1 for p in (book / "_build" / "html" / "book").rglob("*.html"))
    print(f"smoke: clean build {clean:.1f} s ({executed} notebooks executed, {pages} pages); cached {cached:.1f} s")
    assert executed == 1 and pages == 1, (executed, pages)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:
        smoke()
        return
    shutil.rmtree(ROOT / "_build", ignore_errors=True)
    clean, clean_cpu, log = timed([str(JB), "build", ".", "-W", "-n", "--keep-going"])
    executed = log.count("Executing notebook")
    editions = str(ROOT / "tools" / "editions.py")
    side, side_cpu, _ = timed([sys.executable, editions, "build"])
    serial, serial_cpu, _ = timed([sys.executable, editions, "build", "--jobs", "1"])
    pot, pot_cpu, _ = timed([sys.executable, editions, "pot"])
    cached, _ = build()
    pages = sum(1 for p in (ROOT / "_build" / "html" / "book").rglob("*.html"))
    print(f"clean build {clean:.1f} s, CPU {clean_cpu:.1f} s ({executed} notebooks executed, {pages} pages); "
          f"the three editions {side:.1f} s side by side (CPU {side_cpu:.1f} s), {serial:.1f} s one at a time; "
          f"the catalogs' messages {pot:.1f} s (CPU {pot_cpu:.1f} s); cached rebuild {cached:.1f} s")
    if args.no_readme:
        return
    def ok(seconds: float, target: float) -> str:
        return "met" if seconds < target else "NOT met"

    load = os.getloadavg()[0]
    body = (
        "`python -m bench.book`: `jupyter-book build . -W -n --keep-going` from a clean `_build` (every "
        "notebook executed), the French, Russian and Spanish editions from its notebook cache "
        "(`tools/editions.py build`), the English pages' messages (`tools/editions.py pot`), then the English "
        f"build again without cleaning, on {os.cpu_count()} cores (load {load:.1f} at the end: compare CPU "
        "times across runs).\n\n"
        "| build | notebooks executed | pages | wall time | CPU time | target |\n|---|---:|---:|---:|---:|---|\n"
        f"| English, clean | {executed} | {pages} | {clean:.1f} s | {clean_cpu:.1f} s | < 120 s: {ok(clean, 120)} |\n"
        f"| fr, ru, es, side by side | 0 | {3 * pages} | {side:.1f} s | {side_cpu:.1f} s | |\n"
        f"| fr, ru, es, one at a time | 0 | {3 * pages} | {serial:.1f} s | {serial_cpu:.1f} s | |\n"
        f"| the pages' messages (beside the English build) | 0 | {pages} | {pot:.1f} s | {pot_cpu:.1f} s | |\n"
        f"| `make book`: four editions | {executed} | {4 * pages} | {clean + side:.1f} s | "
        f"{clean_cpu + side_cpu + pot_cpu:.1f} s | against {clean:.1f} s for one |\n"
        f"| cached rebuild (English) | 0 | {pages} | {cached:.1f} s | | < 20 s: {ok(cached, 20)} |\n\n"
        "Most of the clean build is the analysis pages' simulations (a few thousand deals each, "
        "`workers=2`) and one kernel start per notebook; an edition runs no notebook (it reads, translates "
        "and writes the pages)."
    )
    write_section("book", "Book build", body)


if __name__ == "__main__":
    main()
