"""Where a play page finds the room server (``widgets.room_link``): ``$COMET_ROOM_URL`` first, else on the
static site ``play/rooms.json``, whose text the page's worker fetched while Python started (issue 48)."""

from __future__ import annotations

import sys

import pytest

from widgets import room_link


@pytest.mark.parametrize(("text", "server"), [
    ('{"server": "https://rooms.example.org/"}', "https://rooms.example.org"),
    ('{"server": "http://127.0.0.1:8867"}', "http://127.0.0.1:8867"),
    ('{"server": ""}', ""),
    ('{"server": "javascript:alert(1)"}', ""),
    ('{"server": 8867}', ""),
    ('["https://rooms.example.org"]', ""),
    ("", ""),
    ("<html>not found</html>", ""),
])
def test_rooms_json_names_a_server_only_as_an_http_address(text: str, server: str) -> None:
    assert room_link.server_of(text) == server


def test_in_the_browser_the_worker_s_copy_of_rooms_json_is_read_without_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(room_link.ENV, raising=False)

    def no_request() -> str:
        raise AssertionError("the page asked for rooms.json again")

    monkeypatch.setattr(room_link, "_site_root", no_request)
    monkeypatch.setenv(room_link.ROOMS_JSON_ENV, '{"server": "https://rooms.example.org"}')
    assert room_link.room_server() == "https://rooms.example.org"
    monkeypatch.setenv(room_link.ROOMS_JSON_ENV, "")  # (the worker could not fetch it: offline)
    assert room_link.room_server() == ""
    monkeypatch.setenv(room_link.ENV, "http://127.0.0.1:9000/")  # (a kernel's: make serve gives it)
    assert room_link.room_server() == "http://127.0.0.1:9000"


def test_outside_the_browser_only_the_environment_names_a_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(room_link.ENV, raising=False)
    monkeypatch.setenv(room_link.ROOMS_JSON_ENV, '{"server": "https://rooms.example.org"}')
    assert room_link.room_server() == ""
