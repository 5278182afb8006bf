"""widgets.browser, the Python side of the live widgets in the reader's browser, driven in CPython:
the messages a widget sends to the page, and what the page's messages do to the widget."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import comm
import ipywidgets as W
import pytest

import widgets.browser as bridge
from widgets import StepThrough

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def sent() -> Iterator[list[dict[str, Any]]]:
    """Messages to the page, decoded (the bridge installed for the test only)."""
    out: list[dict[str, Any]] = []
    saved = comm.create_comm, bridge._send
    bridge.install(lambda text, buffers: out.append(json.loads(text)))
    try:
        yield out
    finally:
        comm.create_comm, bridge._send = saved
        bridge._comms.clear()
        bridge._shown.clear()


def _page_says(comm_id: str, data: dict[str, Any], msg_id: str = "m1") -> None:
    bridge.receive(json.dumps({"type": "comm_msg", "comm_id": comm_id, "data": data, "msg_id": msg_id}))


def test_a_widget_opens_a_comm_with_its_state(sent: list[dict[str, Any]]) -> None:
    slider = W.IntSlider(value=7, min=1, max=13)
    opened = [m for m in sent if m["type"] == "comm_open" and m["comm_id"] == slider.model_id]
    assert len(opened) == 1
    assert opened[0]["target_name"] == "jupyter.widget"
    assert opened[0]["data"]["state"]["value"] == 7
    assert opened[0]["metadata"]["version"].startswith("2.")


def test_a_change_from_the_page_reaches_python_and_is_echoed_to_its_message(sent: list[dict[str, Any]]) -> None:
    slider = W.IntSlider(value=7, min=1, max=13)
    seen: list[int] = []
    slider.observe(lambda change: seen.append(change["new"]), names="value")
    sent.clear()
    _page_says(slider.model_id, {"method": "update", "state": {"value": 9}, "buffer_paths": []}, "page-1")
    assert slider.value == 9 and seen == [9]
    echoes = [m for m in sent if m["type"] == "comm_msg" and m["data"].get("method") == "echo_update"]
    assert echoes and echoes[0]["parent"] == "page-1"
    assert sent[-1] == {"type": "idle", "msg_id": "page-1"}


def test_a_click_runs_the_handler(sent: list[dict[str, Any]]) -> None:
    button = W.Button(description="Go")
    clicks: list[str] = []
    button.on_click(lambda b: clicks.append(b.description))
    _page_says(button.model_id, {"method": "custom", "content": {"event": "click"}})
    assert clicks == ["Go"]


def test_a_message_for_an_unknown_widget_is_ignored_but_answered(sent: list[dict[str, Any]]) -> None:
    _page_says("no-such-widget", {"method": "update", "state": {"value": 1}}, "page-2")
    assert sent == [{"type": "idle", "msg_id": "page-2"}]


def test_a_forged_value_leaves_the_demo_unchanged(sent: list[dict[str, Any]]) -> None:
    demo = StepThrough(variant="modern-comet-1991", players=2, seed=3, step=4)
    sent.clear()
    _page_says(demo.slider.model_id, {"method": "update", "state": {"value": "ten"}, "buffer_paths": []})
    assert demo.step == 4
    assert sent[-1] == {"type": "idle", "msg_id": "m1"}
    _page_says(demo.variant_choice.model_id, {"method": "update", "state": {"index": 99}, "buffer_paths": []})
    assert demo.variant_choice.value == "modern-comet-1991"


def test_run_cell_displays_the_last_value_in_its_cell(sent: list[dict[str, Any]]) -> None:
    namespace: dict[str, Any] = {}
    bridge.run_cell("import ipywidgets as widgets\nslider = widgets.IntSlider(value=3)\nslider", 2, namespace)
    shown = [m for m in sent if m["type"] == "display"]
    assert shown == [{"type": "display", "cell": 2, "model_id": namespace["slider"].model_id}]
    bridge.run_cell("x = 1", 3, namespace)
    assert len([m for m in sent if m["type"] == "display"]) == 1


def test_restore_carries_the_step_reached_on_the_snapshot(sent: list[dict[str, Any]]) -> None:
    bridge.run_cell("from widgets import StepThrough\nStepThrough(variant='hoc-third-stage', seed=3)", 0, {})
    demo = bridge._shown[0]
    bridge.restore(0, json.dumps({"step": 5}))
    assert demo.step == 5
    bridge.restore(0, json.dumps({"step": "five"}))
    bridge.restore(0, json.dumps({"step": 10_000}))
    assert demo.step == 5


def test_frames_hold_every_step_for_the_snapshot() -> None:
    import base64
    import gzip

    demo = StepThrough(variant="old-comet-1718", players=3, seed=7, step=9, frames=True)
    text = demo.frames.value
    packed = text.split(">", 1)[1].rsplit("<", 1)[0]
    frames = json.loads(gzip.decompress(base64.b64decode(packed)))
    assert len(frames) == demo.steps + 1
    assert frames[9] == [demo.sentence.value, demo.table.value]
    assert StepThrough(variant="old-comet-1718", players=3, seed=7).frames.value == ""


def test_storage_is_written_through_to_the_page(sent: list[dict[str, Any]]) -> None:
    bridge.load_storage(json.dumps({"comet:seen": "3", "other": "x"}))
    assert bridge.stored("comet:seen") == "3" and bridge.stored("other") is None
    bridge.store("comet:seen", "4")
    assert bridge.stored("comet:seen") == "4"
    assert sent[-1] == {"type": "store", "key": "comet:seen", "value": "4"}
    with pytest.raises(ValueError, match="comet:"):
        bridge.store("seen", "1")


def _imported_by(code: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_preload_imports_every_module_a_live_cell_names() -> None:
    """The memory snapshot a returning reader's Python starts from holds what the pages import:
    every module named by a live cell of the book or by a play page is loaded by ``preload()``
    (run in a fresh interpreter, as the page's worker runs it)."""
    live = load_file("book/_ext/comet_live.py", "comet_live")
    play = load_file("book/_ext/comet_play_static.py", "comet_play_static")
    named: set[str] = set()
    for source in sorted((ROOT / "book").rglob("*.md")):
        for code in live.live_cells(source):
            named |= _imported_by(code)
    for notebook in sorted((ROOT / "book" / "play").glob("*.ipynb")):
        named |= set().union(*(_imported_by(code) for code in play.read_notebook(notebook)[1]))
    assert {"widgets", "website.pages"} <= named  # the book's demos and the play pages were read
    script = "import sys, widgets.browser\nwidgets.browser.preload()\nprint(' '.join(sorted(sys.modules)))"
    loaded = set(subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.split())
    assert named <= loaded, sorted(named - loaded)
