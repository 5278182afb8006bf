"""The widgets in the reader's browser: Python (Pyodide) runs the book's widget cells and the play
pages' notebooks, and the page's widget manager draws them.

ipywidgets talks to a front-end through *comms*.  In a Jupyter kernel the comm messages travel
over ZeroMQ; here :class:`PageComm` hands each one to ``send`` (a function the page's worker
provides), and the page answers through :func:`receive`.  So the widgets run unchanged: the same
Python code serves Jupyter, Voilà and the static site (the one-implementation rule of the book).

``run_cell`` runs a cell as a notebook would (the value of its last expression is displayed);
``display`` reports which widget a cell shows, so the page can put its view where the cell's
snapshot is.  Standard library and ipywidgets' own dependencies only; nothing here runs in a
Jupyter kernel, and the tests drive it in CPython with a list for ``send``.
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
import weakref
from typing import Any, Callable

import comm
from comm.base_comm import BaseComm

Send = Callable[[str, list[Any]], None]
"""``send(json_text, buffers)``: hands one message to the page."""

VIEW_MIME = "application/vnd.jupyter.widget-view+json"

_send: Send | None = None
_comms: dict[str, BaseComm] = {}
_parent = ""
"""The id of the page's message being handled: replies carry it (the widget manager uses it to
match an ``echo_update`` with the change it sent)."""
_cell = -1
"""The cell being run: a widget it displays goes where that cell's snapshot is."""
_shown: dict[int, Any] = {}
"""What each cell displayed (for :func:`restore`)."""


def _post(message: dict[str, Any], buffers: list[Any] | None = None) -> None:
    if _send is None:
        raise RuntimeError("widgets.browser.install(send) must be called before widgets are made")
    _send(json.dumps(message, default=_json_default), list(buffers or []))


def _json_default(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray, memoryview)):
        return None  # binary values travel as buffers, never inside the JSON
    raise TypeError(f"{type(value).__name__} is not JSON serialisable in a widget message")


class PageComm(BaseComm):
    """A comm whose messages go to the page (and come back through :func:`receive`)."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        message = {"type": msg_type, "comm_id": self.comm_id, "target_name": self.target_name,
                   "data": data if data is not None else {}, "metadata": metadata or {}, "parent": _parent}
        _post(message, [bytes(b) for b in (buffers or [])])
        if msg_type == "comm_close":
            _comms.pop(self.comm_id, None)


def create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    made = PageComm(*args, **kwargs)
    _comms[made.comm_id] = made
    return made


PRELOAD = ("website.pages", "website.study", "website.room_page", "widgets.step")
"""What the live cells of the book and the play pages import (``tests/test_browser_bridge.py``
checks that these bring in every module a live cell names)."""


def preload() -> None:
    """Import :data:`PRELOAD`. The page's worker calls it once, before it takes the memory snapshot
    a returning reader's Python starts from (``live-worker.js``), so the import happens once."""
    for name in PRELOAD:
        importlib.import_module(name)


def install(send: Send) -> None:
    """Route every widget's messages to ``send`` (called once, before any widget is made)."""
    global _send
    _send = send
    comm.create_comm = create_comm


def receive(text: str, buffers: list[Any] | None = None) -> None:
    """Handle one message from the page: ``{"type": "comm_msg", "comm_id", "data", "msg_id"}``.

    Always ends with an ``idle`` message for ``msg_id`` (the widget manager counts the messages
    it has in flight by these), even when the widget is gone.  An unknown message type or comm
    is ignored: it can only come from a page that closed a widget meanwhile (or a forged
    message), and the widgets' own callbacks validate every value they receive.  A value a
    widget's traits refuse (only a forged message sends one) leaves the widget as it was
    (ipywidgets reports it on stderr, which the page's worker logs).
    """
    global _parent
    message = json.loads(text)
    msg_id = str(message.get("msg_id", ""))
    try:
        target = _comms.get(str(message.get("comm_id", "")))
        if target is not None and message.get("type") in ("comm_msg", "comm_close"):
            _parent = msg_id
            content = {"comm_id": target.comm_id, "data": message.get("data") or {}}
            msg = {"content": content, "buffers": list(buffers or []), "header": {"msg_id": msg_id},
                   "parent_header": {}, "metadata": {}}
            if message["type"] == "comm_msg":
                target.handle_msg(msg)
            else:
                target.handle_close(msg)
    finally:
        _parent = ""
        _post({"type": "idle", "msg_id": msg_id})


def display(*objects: Any, **kwargs: Any) -> None:
    """``IPython.display.display`` for the page: a widget is shown in the current cell's place."""
    for obj in objects:
        bundle = obj._repr_mimebundle_() if hasattr(obj, "_repr_mimebundle_") else None
        if isinstance(bundle, dict) and VIEW_MIME in bundle:
            _shown[_cell] = obj
            _post({"type": "display", "cell": _cell, "model_id": bundle[VIEW_MIME]["model_id"]})


def evaluate_cell(code: str, namespace: dict[str, Any], name: str = "<cell>") -> Any:
    """Run ``code`` in ``namespace`` as a notebook cell does; return its last expression's value."""
    tree = ast.parse(code, filename=name)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), namespace)
    if last is None:
        return None
    assert isinstance(last, ast.Expr)
    return eval(compile(ast.Expression(last.value), name, "eval"), namespace)


def run_cell(code: str, cell: int, namespace: dict[str, Any]) -> None:
    """Run ``code`` in ``namespace`` as notebook cell number ``cell``; display its value."""
    global _cell
    _cell = cell
    value = evaluate_cell(code, namespace, f"<cell {cell}>")
    if value is not None:
        display(value)


def restore(cell: int, state: str) -> None:
    """Carry what the reader did on a cell's snapshot (e.g. the step reached) over to its live widget.

    Calls the widget's ``restore_page_state(dict)`` if it has one; anything else is ignored.
    """
    obj = _shown.get(cell)
    method = getattr(obj, "restore_page_state", None)
    if method is not None:
        method(json.loads(state))


_storage: dict[str, str] = {}
STORAGE_PREFIX = "comet:"


def load_storage(text: str) -> None:
    """What the page's local storage held under ``comet:`` keys when Python started (JSON)."""
    data = json.loads(text or "{}")
    _storage.clear()
    _storage.update({k: v for k, v in data.items() if isinstance(k, str) and k.startswith(STORAGE_PREFIX)
                     and isinstance(v, str)})


def stored(key: str) -> str | None:
    """A value kept in the reader's browser (``key`` starts with ``comet:``), or None.

    In the browser this is the page's local storage (read when Python started, written through
    by :func:`store`); elsewhere (a notebook, Voilà) the values last as long as the kernel.
    """
    return _storage.get(key)


def store(key: str, value: str) -> None:
    """Keep ``value`` in the reader's browser under ``key`` (which must start with ``comet:``)."""
    if not key.startswith(STORAGE_PREFIX):
        raise ValueError(f"storage keys start with {STORAGE_PREFIX!r}, not {key!r}")
    _storage[key] = value
    if _send is not None:
        _post({"type": "store", "key": key, "value": value})


def persistent() -> bool:
    """True when :func:`store` reaches the reader's browser (the static site's pages), False where the
    values last only as long as the kernel (a notebook, Voilà)."""
    return _send is not None


_listeners: list[Callable[[], Callable[[str, str | None], None] | None]] = []
"""Weak references to the listeners of :func:`on_storage` (a closed widget's goes with it)."""


def on_storage(listener: Callable[[str, str | None], None]) -> None:
    """Call ``listener(key, value)`` when another tab of this site changes a ``comet:`` value (the page's
    ``storage`` event, forwarded by ``live.js``); the value is kept here first.  A bound method is held
    weakly: it is dropped with its object."""
    if hasattr(listener, "__self__"):
        _listeners.append(weakref.WeakMethod(listener))  # type: ignore[arg-type]
    else:
        _listeners.append(lambda: listener)


def storage_changed(key: str, value: str | None) -> None:
    """Another tab changed ``key`` (``None``: removed): keep the value, tell the listeners."""
    if not key.startswith(STORAGE_PREFIX):
        return
    if value is None:
        _storage.pop(key, None)
    else:
        _storage[key] = value
    for ref in list(_listeners):
        listener = ref()
        if listener is None:
            _listeners.remove(ref)
        else:
            listener(key, value)


def in_browser() -> bool:
    """True under Pyodide (the reader's browser)."""
    return sys.platform == "emscripten"
