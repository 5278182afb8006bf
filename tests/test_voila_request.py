"""website.voila_request against Voilà's own server side of the protocol: a pre-heated kernel's
page waits for its visitor and reads the visitor's address (Voilà's ``RequestInfoSocketHandler``
on a Tornado server, as ``voila`` routes it)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from website import voila_request
from website.pages import query_string
from website.voila_request import query_url

KERNEL_ID = "0a1b2c3d-0000-4000-8000-000000000001"
REQUEST = {"QUERY_STRING": "players=3&seed=9", "SCRIPT_NAME": "/voila/render/hoc.ipynb"}


@pytest.fixture()
def voila_query_server() -> Iterator[tuple[int, Any]]:
    """Voilà's request-info websocket on a free port; yields (port, the server's IOLoop)."""
    from tornado.ioloop import IOLoop
    from tornado.web import Application
    from voila.request_info_handler import RequestInfoSocketHandler

    started: dict[str, Any] = {}
    ready = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        app = Application([(r"/voila/query/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)", RequestInfoSocketHandler)])
        server = app.listen(0, "127.0.0.1")
        started["port"] = next(iter(server._sockets.values())).getsockname()[1]
        started["loop"] = IOLoop.current()
        ready.set()
        IOLoop.current().start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield started["port"], started["loop"]
    finally:
        started["loop"].add_callback(started["loop"].stop)
        thread.join(10)


@pytest.mark.parametrize("visitor_first", [False, True], ids=["kernel-waits", "visitor-first"])
def test_a_preheated_kernel_reads_its_visitors_address(voila_query_server: tuple[int, Any],
                                                      monkeypatch: pytest.MonkeyPatch, visitor_first: bool) -> None:
    from voila.request_info_handler import RequestInfoSocketHandler

    port, loop = voila_query_server
    for key in REQUEST:
        monkeypatch.delenv(key, raising=False)  # (restored after the test: the kernel sets them)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", KERNEL_ID)
    assert query_url(os.environ) == f"ws://127.0.0.1:{port}/voila/query/{KERNEL_ID}"

    def arrive() -> None:  # what Voilà's page handler does when a visitor takes the kernel
        loop.add_callback(RequestInfoSocketHandler.send_updates, {"kernel_id": KERNEL_ID, "payload": dict(REQUEST)})

    if visitor_first:
        arrive()
        time.sleep(0.2)
    else:
        threading.Timer(0.3, arrive).start()
    assert query_string() == "players=3&seed=9"
    assert os.environ["SCRIPT_NAME"] == "/voila/render/hoc.ipynb"


def test_the_query_address_follows_voilas_variables() -> None:
    env = {"VOILA_WS_PROTOCOL": "wss", "VOILA_APP_IP": "10.0.0.2", "VOILA_APP_PORT": "443",
           "VOILA_SERVER_URL": "/comet/", "VOILA_KERNEL_ID": KERNEL_ID}
    assert query_url(env) == f"wss://10.0.0.2:443/comet/voila/query/{KERNEL_ID}"
    assert query_url({**env, "VOILA_WS_BASE_URL": "/ws/"}) == f"wss://10.0.0.2:443/ws/voila/query/{KERNEL_ID}"


def test_a_kernel_that_is_not_preheated_does_not_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_wait(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kernel that is not pre-heated has its request already: no waiting")

    monkeypatch.setattr(voila_request.threading, "Thread", no_wait)
    monkeypatch.setenv("QUERY_STRING", "seed=4")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    voila_request.wait_for_request()
    assert query_string() == "seed=4"
