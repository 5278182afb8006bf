"""How long `make test` takes, stage by stage (issue 29: at most 12 minutes on a fresh clone).

    python -m bench.stages            # a fresh clone of HEAD in a temporary folder, `make test` in it
    python -m bench.stages --here     # `make test` in this tree (its .venv and _vendor kept)
    python -m bench.stages --from FILE  # record a run already made (its bench/results/test-stages.tsv)
    python -m bench.stages --smoke    # two stages of a trivial command timed by tools/stage.py, nothing written

`make test` times each of its stages itself (``tools/stage.py``: wall time, and the CPU time of
every process of the stage, browsers and kernels included) into ``bench/results/test-stages.tsv``
and prints the table at its end. This runs it (or reads such a file), appends the stages to
``bench/history/test-stages.csv`` with the machine's load, and writes the "`make test`, stage by
stage" section of ``bench/README.md``. The machine is shared: compare CPU times across runs, and
wall times only at a similar load.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench._report import write_section  # run from the checkout: python -m bench.stages

ROOT = Path(__file__).resolve().parent.parent

HISTORY = ROOT / "bench" / "history" / "test-stages.csv"
FIELDS = ["date", "commit", "where", "load_before", "load_after", "stage", "wall_s", "cpu_s", "exit"]
TARGET = 720.0
"""Seconds: the issue's bound for the whole of `make test` on a fresh clone."""


def commit() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip()


def run_make_test(tree: Path) -> Path:
    subprocess.run(["make", "test"], cwd=tree, check=False, env=dict(os.environ, CI="true"))
    return tree / "bench" / "results" / "test-stages.tsv"


def read_stages(path: Path) -> list[tuple[str, float, float, int]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            name, wall, cpu, status = line.split("\t")
            rows.append((name, float(wall), float(cpu), int(status)))
    return rows


def split_total(stages: list[tuple[str, float, float, int]]) -> tuple[list[tuple[str, float, float, int]], float]:
    """The stages without the run's own ``total`` row (tools/stage.py ``--since``: stages may run
    side by side), and the run's wall time: that row's, or else the sum of the stages'."""
    rows = [s for s in stages if s[0] != "total"]
    total = [s[1] for s in stages if s[0] == "total"]
    return rows, (total[-1] if total else sum(s[1] for s in rows))


def smoke_stages(folder: Path) -> Path:
    """What ``make test`` leaves, made small: two stages of a trivial command timed by
    ``tools/stage.py`` and its total row."""
    log, stage = folder / "test-stages.tsv", [sys.executable, str(ROOT / "tools" / "stage.py")]
    start = f"{time.time():.3f}"
    for name in ("one", "two"):
        subprocess.run([*stage, name, "--log", str(log), "--", sys.executable, "-c", "pass"], check=True)
    subprocess.run([*stage, "--summary", str(log), "--since", start], check=True)
    return log


def main(argv: list[str]) -> int:
    load_before = os.getloadavg()[0]
    if "--smoke" in argv:
        with tempfile.TemporaryDirectory(prefix="comet-stages-") as tmp:
            stages = read_stages(smoke_stages(Path(tmp)))
        assert [s[0] for s in stages] == ["one", "two", "total"], stages
        print(report(stages, "smoke", load_before, os.getloadavg()[0], []))
        return 0
    if "--from" in argv:
        where, log = "recorded", Path(argv[argv.index("--from") + 1])
    elif "--here" in argv:
        where, log = "this tree", run_make_test(ROOT)
    else:
        where = "fresh clone"
        with tempfile.TemporaryDirectory(prefix="comet-stages-") as tmp:
            subprocess.run(["git", "clone", "-q", str(ROOT), tmp], check=True)
            log = run_make_test(Path(tmp))
            stages = read_stages(log)
    if where != "fresh clone":
        stages = read_stages(log)
    load_after = os.getloadavg()[0]
    date = time.strftime("%Y-%m-%d %H:%M")
    new = not HISTORY.exists()
    with HISTORY.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if new:
            writer.writeheader()
        for name, wall, cpu, status in stages:
            writer.writerow({"date": date, "commit": commit(), "where": where, "load_before": f"{load_before:.1f}",
                             "load_after": f"{load_after:.1f}", "stage": name, "wall_s": f"{wall:.1f}",
                             "cpu_s": f"{cpu:.1f}", "exit": status})
    with HISTORY.open(newline="") as f:
        history = list(csv.DictReader(f))
    body = report(stages, where, load_before, load_after, history)
    print(body)
    write_section("test-stages", "`make test`, stage by stage", body)
    return 0


def report(stages: list[tuple[str, float, float, int]], where: str, load_before: float, load_after: float,
           history: list[dict[str, str]]) -> str:
    """The README section: this run's stages, and the total of every run in ``history``."""
    stages, total_wall = split_total(stages)
    lines = [
        f"`python -m bench.stages` runs `make test` ({where}) and reads the time of each of its stages "
        "(`tools/stage.py`: wall time, and CPU time of every process of the stage, browsers and kernels included). "
        f"Load average {load_before:.1f} before, {load_after:.1f} after (2 cores, shared).",
        "",
        "| stage | wall | CPU | exit |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {name} | {wall:.0f} s | {cpu:.0f} s | {status} |" for name, wall, cpu, status in stages]
    lines.append(f"| **total** | **{total_wall:.0f} s** | {sum(s[2] for s in stages):.0f} s | |")
    lines += ["", f"Target: {TARGET:.0f} s on a fresh clone of an idle machine: "
              f"{'met' if total_wall <= TARGET else 'not met'} in this run.", "",
              "Every run (`bench/history/test-stages.csv`), total per run:", "",
              "| date | commit | where | load before/after | wall | CPU |", "|---|---|---|---|---:|---:|"]
    runs: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for h in history:
        runs.setdefault((h["date"], h["commit"], h["where"]), []).append(h)
    for (date_, sha, where_), rows in runs.items():
        run, wall = split_total([(r["stage"], float(r["wall_s"]), float(r["cpu_s"]), int(r["exit"])) for r in rows])
        lines.append(f"| {date_} | {sha} | {where_} | {rows[0]['load_before']}/{rows[0]['load_after']} | "
                     f"{wall:.0f} s | {sum(r[2] for r in run):.0f} s |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
