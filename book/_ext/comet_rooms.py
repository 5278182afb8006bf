"""``play/rooms.json``: the room server that the static site's room pages connect to.

``$COMET_ROOM_URL`` at build time (e.g. ``https://rooms.example.org``), else ``room_server_url`` in
``_config.yml`` (default "": no server; the room page then says rooms need one and offers the table at
one device). ``tools/serve.py`` answers ``play/rooms.json`` with the room server it starts, whatever the
build named (one build serves any ports).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

ENV_VAR = "COMET_ROOM_URL"


def room_server_url(config_value: str) -> str:
    url = os.environ.get(ENV_VAR, "").strip() or (config_value or "").strip()
    if url and not url.startswith(("http://", "https://")):
        raise ValueError(f"room_server_url / {ENV_VAR} must be an http(s) address, not {url!r}")
    return url.rstrip("/")


def write_rooms_json(app: Any, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "play"
    target.mkdir(parents=True, exist_ok=True)
    (target / "rooms.json").write_text(json.dumps({"server": room_server_url(app.config.room_server_url)}),
                                       encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("room_server_url", "", "html")
    app.connect("build-finished", write_rooms_json)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
