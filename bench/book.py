"""Time the book's clean build (every notebook executed) and a cached rebuild; write bench/README.md.

    python -m bench.book [--no-readme]

Clean: `rm -rf _build` then `jupyter-book build . -W -n --keep-going`, what `make book` runs
(the vendored JavaScript must exist: `make vendor`). Cached: the same command again without
cleaning (Sphinx re-reads nothing; jupyter-cache holds every notebook's outputs). Targets from
issue 6: clean < 120 s, cached < 20 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
from bench._report import write_section

JB = ROOT / ".venv" / "bin" / "jupyter-book"


def build() -> tuple[float, str]:
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", JUPYTER_PLATFORM_DIRS="1")
    start = time.perf_counter()
    proc = subprocess.run([str(JB), "build", ".", "-W", "-n", "--keep-going"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"the book build failed (exit {proc.returncode})")
    return seconds, proc.stdout + proc.stderr


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args()
    shutil.rmtree(ROOT / "_build", ignore_errors=True)
    clean, log = build()
    executed = log.count("Executing notebook")
    cached, _ = build()
    pages = sum(1 for p in (ROOT / "_build" / "html" / "book").rglob("*.html"))
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
