"""Write one section of ``bench/README.md`` (``## Title`` up to the next ``## ``), keeping the others."""

from __future__ import annotations

import datetime
import platform
from pathlib import Path

README = Path(__file__).resolve().parent / "README.md"
INTRO = "# Benchmarks\n\nMeasured on this project's machine (2 cores). `make bench` regenerates them.\n"


def write_section(title: str, body: str, path: Path = README) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else INTRO
    stamp = f"_{datetime.date.today().isoformat()}, {platform.machine()}, {platform.python_version()}_"
    section = f"## {title}\n\n{stamp}\n\n{body.rstrip()}\n"
    head, sep, rest = text.partition(f"## {title}\n")
    if sep:
        after = rest.find("\n## ")
        tail = rest[after + 1:] if after >= 0 else ""
        text = head + section + ("\n" + tail if tail else "")
    else:
        text = text.rstrip() + "\n\n" + section
    path.write_text(text, encoding="utf-8")
