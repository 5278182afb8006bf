"""The book build says what it does at least every 10 seconds (issue 29): book/_ext/comet_progress.py.

* each code cell of a notebook, as nbclient (myst-nb's executor) starts it: which notebook, which cell of how many;
* a heartbeat when nothing was printed for ``HEARTBEAT`` seconds: what is being done, for how long.
"""

from __future__ import annotations

import threading
import time

import pytest

from load_file import load_file

progress = load_file("book/_ext/comet_progress.py", "comet_progress")


def test_a_quiet_step_gets_a_heartbeat(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert progress.HEARTBEAT <= 10
    monkeypatch.setattr(progress, "HEARTBEAT", 0.3)
    progress._stop.clear()
    beat = threading.Thread(target=progress._heartbeat, daemon=True)
    beat.start()
    try:
        progress.status("executing book/x.md, cell 2 of 3")
        time.sleep(1.6)
    finally:
        progress._stop.set()
        beat.join(3)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "book: executing book/x.md, cell 2 of 3"
    beats = [line for line in lines[1:] if line.startswith("book: still executing book/x.md, cell 2 of 3: ")]
    assert len(beats) >= 2, lines
    assert all(" s in this step, " in line and line.endswith(" s in the build") for line in beats)


def test_each_code_cell_is_announced_as_it_runs(capsys: pytest.CaptureFixture[str]) -> None:
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    progress._patch_nbclient()
    progress._patch_nbclient()  # (once only)
    progress._state["doc"] = "book/demo.md"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A"), nbformat.v4.new_code_cell("x = 1"),
                                         nbformat.v4.new_code_cell("x + 1")])
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("book: ")]
    assert lines == ["book: executing book/demo.md, cell 1 of 2", "book: executing book/demo.md, cell 2 of 2"]
    assert nb.cells[2].outputs[0]["data"]["text/plain"] == "2"
