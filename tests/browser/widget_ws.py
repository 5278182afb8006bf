"""A hostile client of a Voila page: it speaks the widget protocol over the kernel's websocket.

Anyone who can open a page can open its kernel's websocket (``/api/kernels/<id>/channels``) and
send ``comm_msg`` messages: set any synced value of any widget, or fire a button's click,
hidden or disabled or not. Voila refuses ``execute_request``; this is what is left.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

import websocket  # websocket-client

CONTROL_TARGET = "jupyter.widget.control"


def kernel_id(page_html: str) -> str:
    m = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', page_html)
    assert m, "no kernelId in the page"
    return m.group(1)


class WidgetClient:
    def __init__(self, play_url: str, kernel: str) -> None:
        ws_url = play_url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        self.ws = websocket.create_connection(ws_url, timeout=30)
        self.session = uuid.uuid4().hex
        self.iopub: list[dict[str, Any]] = []

    def close(self) -> None:
        self.ws.close()

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell",
             metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "forger", "session": self.session,
                       "date": "2026-01-01T00:00:00.000000Z", "version": "5.4"},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "buffers": [], "channel": channel,
        }))
        return msg_id

    def receive_until(self, predicate: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            raw = self.ws.recv()
            if isinstance(raw, bytes):
                continue  # binary frames (buffers): not used by these widgets
            msg = json.loads(raw)
            if msg.get("channel") == "iopub":
                self.iopub.append(msg)
            if predicate(msg):
                return msg  # type: ignore[no-any-return]
        raise TimeoutError("no matching message")

    def states(self) -> dict[str, dict[str, Any]]:
        """Every widget model of the kernel: {model_id: {"model_name": ..., "state": {...}}}."""
        comm = uuid.uuid4().hex
        self.wait_idle(self.send("comm_open", {"comm_id": comm, "target_name": CONTROL_TARGET, "data": {}},
                                 metadata={"version": "1.0.0"}))
        self.send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
        reply = self.receive_until(lambda m: m.get("msg_type") == "comm_msg" and m["content"].get("comm_id") == comm)
        states: dict[str, dict[str, Any]] = reply["content"]["data"]["states"]
        return states

    def find(self, states: dict[str, dict[str, Any]], model: str, **state: Any) -> list[str]:
        return [mid for mid, s in states.items() if s["model_name"] == model
                and all(s["state"].get(k) == v for k, v in state.items())]

    def update(self, model_id: str, state: dict[str, Any]) -> str:
        return self.send("comm_msg", {"comm_id": model_id,
                                      "data": {"method": "update", "state": state, "buffer_paths": []}})

    def click(self, model_id: str) -> str:
        return self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})

    def wait_idle(self, msg_id: str, timeout: float = 30) -> None:
        """Until the kernel has handled the message ``msg_id`` (its status goes back to idle)."""
        self.receive_until(lambda m: m.get("msg_type") == "status" and m.get("parent_header", {}).get("msg_id") == msg_id
                           and m["content"].get("execution_state") == "idle", timeout)
