"""A pre-heated Voilà kernel's wait for its visitor, without importing Voilà.

Voilà runs a page's notebook in a kernel before anyone asks for the page; the notebook then
waits for the visitor's request to read its address. Voilà's own helper for that,
``voila.utils.get_query_string``, is in a module that imports the whole Voilà server
(jupyter_server, and jupyter_events, which builds a Lark grammar): 2.3 s of CPU in every kernel
Voilà pre-heats, on every refill of its pool. This is the same protocol (voila 0.5.8,
``voila/utils.py``: ``wait_for_request``, ``_get_request_info``): the kernel's environment says
where Voilà listens and which kernel this is; a websocket to ``voila/query/<kernel id>`` receives,
once a visitor takes the kernel, a JSON object of the request's variables (``QUERY_STRING``
among them), which are set into ``os.environ``. ``tests/test_voila_request.py`` checks it against
a server speaking the protocol; the browser tests open pre-heated pages by their addresses.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading

OPEN_TIMEOUT = 5.0
"""Seconds to reach Voilà's query socket (Voilà's own helper waits as long)."""


def query_url(env: dict[str, str] | os._Environ[str]) -> str:
    """The websocket address of this kernel's request, from the variables Voilà gives its kernels."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID')}"


async def _receive(url: str) -> str | None:
    import websockets  # (Voilà's dependency; only a pre-heated kernel gets here)

    try:
        async with websockets.connect(url, open_timeout=OPEN_TIMEOUT) as socket:
            message = await socket.recv()
    except (TimeoutError, OSError):
        return None
    return message if isinstance(message, str) else message.decode()


def wait_for_request() -> None:
    """In a pre-heated kernel (``VOILA_PREHEAT=True``), wait until a visitor takes this kernel,
    then put the request's variables into ``os.environ``; elsewhere return at once. The wait runs
    in a thread of its own: the kernel's own event loop is running the notebook's cell."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    url = query_url(os.environ)
    received: list[str | None] = [None]

    def receive() -> None:
        loop = asyncio.new_event_loop()
        try:
            received[0] = loop.run_until_complete(_receive(url))
        finally:
            loop.close()

    thread = threading.Thread(target=receive, name="voila-request")
    thread.start()
    thread.join()
    if received[0] is not None:
        for key, value in json.loads(received[0]).items():
            os.environ[key] = str(value)
