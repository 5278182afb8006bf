"""Time `make book` (the book's clean build, every notebook executed, in four editions), the editions one
at a time, the English pages' messages alone, and a cached rebuild; write bench/README.md.

    python -m bench.book [--no-readme] [--smoke]

The clean build is `make book` itself, run by this bench: its steps are the Makefile's, not retyped here
(`rm -rf _build`; the English edition, `jupyter-book build . -W -n --keep-going`, with the English pages'
messages, `tools/editions.py pot`, beside it; the French, Russian and Spanish editions side by side from
its notebook cache, `tools/editions.py build`; the site as an app, `book/_ext/comet_app.py _build/html`).
Each of its steps is timed by the Makefile's own `tools/stage.py` (wall time, and the CPU time of every
process the step started), whose lines (``stage NAME: 84.2 s, CPU 80.1 s (exit 0)``) this bench reads in
its output; the whole target is timed here. The vendored JavaScript must exist (`make vendor`; `make book` checks it).

Then what `make book` does not do, its commands in :func:`commands`: the editions again, one at a time
(`--jobs 1`), the English pages' messages alone (in `make book` they share the machine with the English
build), and the English build again without cleaning (Sphinx re-reads nothing; jupyter-cache holds every
notebook's outputs). Targets from issue 6: clean < 120 s, cached < 20 s. The machine is shared: compare
CPU times across runs. Each step's output is kept in bench/results/book-<step>.log.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
from bench._report import SMOKE_HELP, write_section

RESULTS = ROOT / "bench" / "results"
LANGS = ("fr", "ru", "es")
CLEAN_TARGET, CACHED_TARGET = 120.0, 20.0
"""Seconds (issue 6)."""
STEP = re.compile(r'tools/stage\.py "(book: [^"]+)"')
"""A step of `make book` timed by tools/stage.py, in the output of `make -n book`."""
TIMED = re.compile(r"^stage (?P<name>book: .+): (?P<wall>[0-9.]+) s, CPU (?P<cpu>[0-9.]+) s \(exit (?P<exit>-?[0-9]+)\)$", re.M)
"""The line tools/stage.py prints once a step of `make book` has run."""


def commands() -> dict[str, list[str]]:
    """What this bench runs besides `make book` (whose commands are the Makefile's)."""
    bin_dir = Path(sys.executable).parent
    editions = str(ROOT / "tools" / "editions.py")
    return {
        # make book's English step, again without cleaning
        "cached": [str(bin_dir / "jupyter-book"), "build", ".", "-W", "-n", "--keep-going"],
        "serial": [sys.executable, editions, "build", "--jobs", "1"],
        "pot": [sys.executable, editions, "pot"],
    }


MAKE_BOOK = ["make", "--no-print-directory", "-C", str(ROOT), "book"]


def make_stages(output: str) -> list[tuple[str, float, float]]:
    """The steps of `make book` as tools/stage.py timed them (name, wall and CPU seconds), from its output."""
    return [(m["name"], float(m["wall"]), float(m["cpu"])) for m in TIMED.finditer(output)]


def timed(command: list[str], book: Path = ROOT, name: str | None = None) -> tuple[float, float, str]:
    """Run ``command`` in ``book``: its wall time, the CPU time of its processes, its output (kept in
    bench/results/book-<name>.log when ``name`` is given)."""
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", JUPYTER_PLATFORM_DIRS="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=book, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = proc.stdout + proc.stderr
    where = ""
    if name is not None:
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"book-{name}.log"
        path.write_text(output, encoding="utf-8")
        where = f"; its output: {path.relative_to(ROOT)}"
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"bench.book: step {name or ''} failed: {' '.join(command)} (exit {proc.returncode}{where})")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, cpu, output


def build(book: Path = ROOT) -> tuple[float, str]:
    seconds, _cpu, log = timed(commands()["cached"], book)
    return seconds, log


def executed(log: str) -> int:
    """Notebooks executed, from a build's output (not an edition's lines, ``[fr] ...``)."""
    return sum(1 for line in log.splitlines() if "Executing notebook" in line and not line.startswith("["))


def pages(html: Path) -> int:
    return sum(1 for _ in (html / "book").rglob("*.html"))


def make_steps() -> list[str]:
    """The steps of `make book` that tools/stage.py times (from `make -n book`: nothing runs)."""
    out = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(ROOT), "book"],
                         capture_output=True, text=True, check=True).stdout
    return STEP.findall(out)


SMOKE_BOOK = {
    "_config.yml": "title: smoke\nonly_build_toc_files: true\nexecute:\n  execute_notebooks: cache\n",
    "_toc.yml": "format: jb-book\nroot: book/index\n",
    "book/index.md": ("---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
                      "  name: python3\n  display_name: Python 3\n---\n# Smoke\n\n```{code-cell}\n1 + 1\n```\n"),
}
"""The smoke run's book: one page, one executed cell."""


def smoke() -> None:
    """A clean build and a cached rebuild of a book of one page with one executed cell, in a temporary
    folder (the project's book and ``_build`` untouched); and the steps of `make book` this bench reads
    are those the Makefile times (`make -n`: nothing runs)."""
    steps = make_steps()
    assert len(steps) == 3 and "English" in steps[0] and "editions" in steps[1], steps
    with tempfile.TemporaryDirectory(prefix="comet-bench-book-") as tmp:
        book = Path(tmp)
        for name, text in SMOKE_BOOK.items():
            (book / name).parent.mkdir(parents=True, exist_ok=True)
            (book / name).write_text(text, encoding="utf-8")
        clean, log = build(book)
        ran = executed(log)
        cached, _ = build(book)
        count = pages(book / "_build" / "html")
    print(f"smoke: clean build {clean:.1f} s ({ran} notebooks executed, {count} pages); cached {cached:.1f} s; "
          f"make book's steps: {'; '.join(steps)}")
    assert ran == 1 and count == 1, (ran, count)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:
        smoke()
        return
    load_before = os.getloadavg()
    loads: list[float] = []
    total, total_cpu, log = timed(MAKE_BOOK, name="make")
    loads.append(os.getloadavg()[0])
    stages = make_stages(log)
    if len(stages) != 3 or "English" not in stages[0][0] or "editions" not in stages[1][0]:
        raise SystemExit(f"bench.book: make book's steps are not the three this bench reads: {stages}")
    (en_name, en, en_cpu), (ed_name, side, side_cpu), (app_name, app, app_cpu) = stages
    ran = executed(log)
    html = ROOT / "_build" / "html"
    en_pages = pages(html)
    ed_pages = sum(pages(html / lang) for lang in LANGS)
    pots = sum(1 for _ in (ROOT / "_build" / "gettext").rglob("*.pot"))
    run = commands()
    serial, serial_cpu, _ = timed(run["serial"], name="serial")
    loads.append(os.getloadavg()[0])
    pot, pot_cpu, _ = timed(run["pot"], name="pot")
    cached, cached_cpu, cached_log = timed(run["cached"], name="cached")
    nothing_read = "no targets are out of date" in cached_log
    load_after = os.getloadavg()
    loads.append(load_after[0])
    print(f"make book {total:.1f} s, CPU {total_cpu:.1f} s: English {en:.1f} s (CPU {en_cpu:.1f} s; {ran} notebooks "
          f"executed, {en_pages} pages), the three editions side by side {side:.1f} s (CPU {side_cpu:.1f} s, "
          f"{ed_pages} pages), the app {app:.1f} s; the editions one at a time {serial:.1f} s (CPU {serial_cpu:.1f} s); "
          f"the pages' messages alone {pot:.1f} s (CPU {pot_cpu:.1f} s); cached rebuild {cached:.1f} s "
          f"(CPU {cached_cpu:.1f} s); load {load_before[0]:.1f} before, {load_after[0]:.1f} after, at most {max(loads):.1f}")
    if args.no_readme:
        return

    def ok(seconds: float, target: float) -> str:
        return f"< {target:.0f} s: " + ("met" if seconds < target else "**NOT met**")

    missed = [what for what, seconds, target in
              (("the English edition's clean build", en, CLEAN_TARGET), ("`make book` in four editions", total, CLEAN_TARGET),
               ("the cached rebuild", cached, CACHED_TARGET)) if seconds >= target]
    verdict = ("Every target is met." if not missed else
               f"Not met: {', '.join(missed)} (issue 6's targets predate the editions of issue 47).")
    body = (
        f"`python -m bench.book`, at {time.strftime('%Y-%m-%d %H:%M')} on {os.cpu_count()} cores (load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after, at most {max(loads):.1f} between steps; the machine is shared: "
        "compare CPU times across runs). "
        "`make book` itself (its steps the Makefile's, each timed by its `tools/stage.py`: wall time and the CPU "
        "time of every process of the step): `rm -rf _build`, the English edition (`jupyter-book build . -W -n "
        "--keep-going`, every notebook executed) with the English pages' messages (`tools/editions.py pot`) beside "
        "it, the French, Russian and Spanish editions side by side from its notebook cache (`tools/editions.py "
        "build`), the site as an app (`book/_ext/comet_app.py _build/html`). Then, apart: the editions one at a "
        "time (`--jobs 1`), the pages' messages alone, and the English build again without cleaning.\n\n"
        "| step | notebooks executed | pages | wall time | CPU time | target |\n|---|---:|---:|---:|---:|---|\n"
        f"| English edition, clean (`{en_name}`; the pages' messages beside it) | {ran} | {en_pages} | {en:.1f} s | "
        f"{en_cpu:.1f} s | {ok(en, CLEAN_TARGET)} |\n"
        f"| fr, ru, es side by side (`{ed_name}`) | 0 | {ed_pages} | {side:.1f} s | {side_cpu:.1f} s | |\n"
        f"| the site as an app (`{app_name}`) | 0 | | {app:.1f} s | {app_cpu:.1f} s | |\n"
        f"| **`make book`: four editions** (the whole target, its checks of venv, vendor and catalogs included) | "
        f"{ran} | {en_pages + ed_pages} | {total:.1f} s | {total_cpu:.1f} s | {ok(total, CLEAN_TARGET)}; "
        f"{total / en:.1f} times the English edition's wall time, {total_cpu / en_cpu:.1f} times its CPU time |\n"
        f"| fr, ru, es one at a time (`tools/editions.py build --jobs 1`) | 0 | {ed_pages} | {serial:.1f} s | "
        f"{serial_cpu:.1f} s | {serial / side:.2f} times the wall time of side by side |\n"
        f"| the English pages' messages alone (`tools/editions.py pot`) | 0 | {pots} templates | {pot:.1f} s | "
        f"{pot_cpu:.1f} s | |\n"
        f"| cached rebuild (English, `jupyter-book build . -W -n --keep-going` again) | 0 | {en_pages} | "
        f"{cached:.1f} s | {cached_cpu:.1f} s | {ok(cached, CACHED_TARGET)} |\n\n"
        f"{verdict} Most of the English build is the analysis pages' simulations (a few thousand deals each, "
        "`workers=2`) and one kernel start per notebook; an edition runs no notebook (it reads its catalogs, "
        "translates and writes the pages), so its cost is Sphinx's. "
        + ("In the cached rebuild Sphinx re-read and wrote no page (\"no targets are out of date\"): its time is "
           "the build's start and what its extensions redo at the end (the site's Python byte-compiled, the static "
           "play pages, the app, the precompressed copies)."
           if nothing_read else "The cached rebuild re-read some pages (see bench/results/book-cached.log).")
    )
    write_section("book", "Book build", body)


if __name__ == "__main__":
    main()
