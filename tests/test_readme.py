"""The README's scripting example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README should show how to script the engine"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102 - our own README
    out = namespace["out"]
    assert sum(out.payments) == 0  # type: ignore[attr-defined]


def test_readme_starts_with_the_two_commands() -> None:
    lines = [line for line in README.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines[1].startswith("make serve") and lines[2].startswith("make test")
