"""The room service (rooms/): people at devices of their own play one table refereed on the server, each
device sent only its own seat's snapshot; a device comes back to its seat by its token; an absent
person is played by the gentlest bot until they come back; a restarted server loses no play; spectators;
a teacher's class of tables, one opened with every hand; the caps; every message checked."""

from __future__ import annotations

import asyncio
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rooms.classes import tally, wilson
from rooms.live import Limits
from rooms.state import Result, read_code
from rooms.store import SQLiteStore
from tests.budget import budget
from tests.room_helpers import FAST, Clock, Phone, service_on, settle

GAME = {"variant": "modern-comet-1991", "players": 3, "seats": ["person", "person", "greedy"]}


async def _table(service: Any, lang: str = "en") -> tuple[Phone, Phone, str]:
    ann, bo = Phone(service, "10.0.0.1", lang), Phone(service, "10.0.0.2")
    await ann.say(type="create", name="Ann", page="http://127.0.0.1:8000/play/room.html", **GAME)
    seated = ann.last("seated")
    assert seated is not None and seated["seat"] == 0 and ann.token and "<svg>" in seated["qr"]
    code = seated["room"]
    assert ann.snapshot is None, "no table before every seat is taken"
    await bo.say(type="join", room=seated["shown"].lower(), name="Bo")
    assert bo.last("seated")["seat"] == 1 and bo.token and bo.token != ann.token
    return ann, bo, code


async def _play_until(phones: list[Phone], done: Any, rng: random.Random, limit: int = 600) -> None:
    for _turn in range(limit):
        if done():
            return
        if not any([await p.play_any(rng) for p in phones]):
            await settle(phones[0].service)
    raise AssertionError("the deal did not end")


def test_two_people_and_a_bot_play_a_deal_each_seeing_only_their_own_hand() -> None:
    async def go() -> None:
        service = service_on()
        ann, bo, code = await _table(service, "fr")
        live = service.live[code]
        assert ann.snapshot is not None and bo.snapshot is not None, "the table starts when the seats are taken"
        assert ann.snapshot["lang"] == "fr" and bo.snapshot["lang"] == "en"
        lobby = bo.last("room")
        assert [s["name"] for s in lobby["seats"]][:2] == ["Ann", "Bo"] and lobby["started"]
        await _play_until([ann, bo], lambda: live.referee.flow.round.is_over, random.Random(4))
        assert ann.snapshot["felt"]["settlement"] is not None and live.room.results
        assert not ann.errors and not bo.errors
        first = live.room.results[0]
        assert first.players == 3 and first.first == live.referee.flow.round.leader
        await bo.say(type="intent", intent={"kind": "new", "seq": bo.snapshot["seq"]})
        assert live.referee.flow.match.deal_number == 2 and not live.referee.flow.round.is_over
    asyncio.run(go())


def test_a_device_comes_back_to_its_seat_and_an_absent_person_is_played_by_a_bot() -> None:
    async def go() -> None:
        clock = Clock()
        service = service_on(clock=clock)
        ann, bo, code = await _table(service)
        live = service.live[code]
        hand = sorted(c["card"] for c in bo.snapshot["hand"])
        await bo.leave()
        assert live.room.seats[1].away_since == clock.now
        again = Phone(service, "10.0.0.9")
        await again.say(type="join", room=code, token=bo.token)
        assert again.last("seated")["seat"] == 1 and "token" not in again.last("seated")
        assert sorted(c["card"] for c in again.snapshot["hand"]) == hand and not live.room.seats[1].away_since
        await again.leave()
        clock.now += FAST.stand_in_after + 1
        rng = random.Random(2)
        history = live.referee.flow.round.history
        for _turn in range(200):  # Ann plays; when Bo's turn comes, the gentlest bot plays for Bo
            before = len(history)
            await service.tick()
            await settle(service)
            if live.room.seats[1].stand_in:
                break
            await ann.play_any(rng)
        assert live.room.seats[1].stand_in, "Bo's turn came and a bot stood in"
        assert any(seat == 1 for seat, _play in live.referee.flow.round.history[before:])
        assert "away" in json.dumps(ann.snapshot["felt"]["seats"][1])
        back = Phone(service)
        await back.say(type="join", room=code, token=bo.token)
        assert not live.room.seats[1].stand_in and back.snapshot["seat"] == 1
        seat = back.last("room")["seats"][1]
        assert seat["here"] and not seat["stand_in"]
    asyncio.run(go())


def test_a_server_killed_mid_deal_goes_on_from_the_same_play(tmp_path: Path) -> None:
    path = str(tmp_path / "rooms.sqlite")

    async def first() -> tuple[str, str, str, int, list[str]]:
        service = service_on(SQLiteStore(path))
        ann, bo, code = await _table(service)
        rng = random.Random(7)
        for _turn in range(6):
            await ann.play_any(rng)
            await bo.play_any(rng)
        return code, ann.token, bo.token, service.live[code].room.moves, sorted(c["card"] for c in ann.snapshot["hand"])

    code, ann_token, bo_token, moves, hand = asyncio.run(first())  # (the service is dropped, never closed)

    async def second() -> None:
        service = service_on(SQLiteStore(path))
        ann = Phone(service)
        await ann.say(type="join", room=code, token=ann_token)
        assert ann.snapshot["seq"] == moves and sorted(c["card"] for c in ann.snapshot["hand"]) == hand
        bo = Phone(service)
        await bo.say(type="join", room=code, token=bo_token)
        live = service.live[code]
        await _play_until([ann, bo], lambda: live.referee.flow.round.is_over, random.Random(8))
    asyncio.run(second())


def test_spectators_see_no_hand_and_cannot_play() -> None:
    async def go() -> None:
        service = service_on()
        ann, bo, code = await _table(service)
        fan = Phone(service, "10.0.0.3")
        await fan.say(type="watch", room=code)
        assert fan.snapshot is not None and fan.snapshot["seat"] is None and fan.snapshot["hand"] == []
        await fan.say(type="intent", intent={"kind": "play", "play": "pass", "seq": fan.snapshot["seq"]})
        assert "seat" in fan.errors[-1]
        carl = Phone(service, "10.0.0.4")
        await carl.say(type="join", room=code, name="Carl")
        assert "watch" in carl.errors[-1], "a full table says so, and offers to watch"
    asyncio.run(go())


def test_a_teacher_opens_tables_for_a_class_and_opens_one_with_every_hand() -> None:
    async def go() -> None:
        service = service_on()
        teacher = Phone(service, "10.0.0.50")
        await teacher.say(type="class", tables=3, name="4B", page="http://127.0.0.1:8000/play/room.html", **GAME)
        taught = teacher.last("taught")
        assert taught is not None and len(taught["qr"]) == 3 and teacher.token == "" and taught["token"]
        view = teacher.last("class")
        assert view["name"] == "4B" and len(view["tables"]) == 3 and view["deals"] == 0
        table = view["tables"][0]["code"]
        pupils = [Phone(service, f"10.1.0.{i}") for i in range(2)]
        for i, pupil in enumerate(pupils):
            await pupil.say(type="join", room=table, name=f"Pupil {i}")
        await teacher.say(type="look", room=table)
        look = teacher.last("snapshot")
        assert look["look"] and look["snapshot"]["seat"] is None
        live = service.live[table]
        shown = [s["cards"] for s in look["snapshot"]["felt"]["seats"]]
        assert all(cards is not None for cards in shown), "every hand open for the teacher"
        await settle(service)
        await asyncio.sleep(0.3)  # (the coach searches beside the loop)
        await settle(service)
        coach = teacher.last("coach")
        assert coach is None or coach["seat"] == live.referee.flow.round.to_play
        await pupils[0].say(type="look", room=table)
        assert "teacher" in pupils[0].errors[-1]
        other = Phone(service, "10.0.0.51")
        await other.say(type="teach", token="not-the-token", **{"class": taught["class"]})
        assert "token" in other.errors[-1]
        back = Phone(service, "10.0.0.52")
        await back.say(type="teach", token=taught["token"], **{"class": taught["class"]})
        assert back.last("class")["tables"][0]["seats"][0]["name"] == "Pupil 0"
        await _play_until(pupils, lambda: live.referee.flow.round.is_over, random.Random(3))
        await settle(service)
        assert teacher.last("class")["deals"] == 1 and "1" in teacher.last("class")["tally"]
    asyncio.run(go())


def test_the_class_tally_is_the_books_interval() -> None:
    bookkit = pytest.importorskip("bookkit")
    for k, n in ((0, 5), (3, 10), (7, 28), (28, 28), (130, 600)):
        low, high = wilson(k, n)
        book = bookkit.proportion_ci(k, n)
        assert math.isclose(low, book.low, abs_tol=1e-9) and math.isclose(high, book.high, abs_tol=1e-9)
    from rooms.state import Room, Seat

    rooms = [Room("A" * 8, "modern-comet-1991", 4, 1, (Seat("person"),) * 4, 0, 0,
                  results=(Result(1, 4, 0, 0, (3, -1, -1, -1)), Result(2, 4, 1, 2, (0, 0, 0, 0)))),
             Room("B" * 8, "modern-comet-1991", 3, 1, (Seat("person"),) * 3, 0, 0,
                  results=(Result(1, 3, 2, 2, (1, 0, -1)),))]
    t = tally(rooms)
    assert (t.deals, t.first_wins) == (3, 2) and math.isclose(t.fair, (1 / 4 + 1 / 4 + 1 / 3) / 3)


def test_the_caps_hold() -> None:
    async def go() -> None:
        service = service_on(limits=Limits(bot_delay=0.0, per_second=5.0, rooms_per_address=2, max_rooms=3, class_every=0.0))
        spammer = Phone(service, "10.9.9.9")
        for _i in range(3):
            await spammer.say(type="create", name="S", **GAME)
        assert "address" in spammer.errors[-1] and await service.store.count_rooms() == 2
        other = Phone(service, "10.9.9.8")
        await other.say(type="create", name="T", **GAME)
        await other.say(type="create", name="T", **GAME)
        assert "as many tables" in other.errors[-1] and await service.store.count_rooms() == 3
        noisy = Phone(service, "10.9.9.7")
        for _i in range(30):
            await noisy.say(type="hello", lang="fr")
        assert any("Trop de messages" in e for e in noisy.errors)
    asyncio.run(go())


def test_idle_tables_close() -> None:
    async def go() -> None:
        clock = Clock()
        service = service_on(clock=clock)
        ann, bo, code = await _table(service)
        clock.now += FAST.idle + 31
        await service.tick()
        assert await service.store.room(code) is None and ann.last("closed") is not None
    asyncio.run(go())


def test_codes_are_read_as_people_type_them() -> None:
    assert read_code("k7qm-2xpa") == "K7QM2XPA" and read_code(" K7QM 2XPA ") == "K7QM2XPA"
    assert read_code("K7QM2XP0") is None and read_code("K7QM2XP") is None and read_code(["x"]) is None


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
                    | st.text(max_size=12), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=5)
FIELD_NAMES = sorted({"type", "lang", "variant", "players", "seats", "name", "page", "room", "token", "intent", "class",
                      "tables", "kind", "play", "seq", "extra"})


def _message(data: st.DataObject, code: str, seq: int, token: str) -> str:
    kind = data.draw(st.sampled_from(["hello", "create", "join", "watch", "intent", "class", "teach", "look", "??"]))
    message: dict[str, Any] = {"type": kind}
    plausible = {"room": st.sampled_from([code, code.lower(), "AAAA-AAAA", ""]) | JSON,
                 "token": st.sampled_from([token, "x" * 40, ""]) | JSON,
                 "intent": st.fixed_dictionaries({"kind": st.sampled_from(["play", "new", "undo", "hint", "x"]) | JSON,
                                                  "play": st.sampled_from(["pass", "9D", "2H", "7H 7S", "??"]) | JSON,
                                                  "seq": st.sampled_from([seq, seq - 1, -1]) | JSON}) | JSON,
                 "seats": st.sampled_from([GAME["seats"], ["greedy", "person", "person"], []]) | JSON,
                 "variant": st.sampled_from(["modern-comet-1991", "nope"]) | JSON,
                 "players": st.sampled_from([2, 3, 9]) | JSON, "lang": st.sampled_from(["fr", "xx"]) | JSON}
    for name in data.draw(st.lists(st.sampled_from(FIELD_NAMES), max_size=5, unique=True)):
        message[name] = data.draw(plausible.get(name, JSON))
    if data.draw(st.integers(0, 20)) == 0:
        return data.draw(st.text(max_size=60))  # not even JSON
    return json.dumps(message)


@budget(60)
@given(st.data())
def test_no_message_crashes_the_server_or_changes_a_room_it_refuses(data: st.DataObject) -> None:
    async def go() -> None:
        service = service_on()
        ann, bo, code = await _table(service)
        for _i in range(data.draw(st.integers(1, 8), label="messages")):
            before = (await service.store.room(code)).to_json()
            errors = len(ann.errors)
            text = _message(data, code, ann.snapshot["seq"], ann.token)
            await ann.service.receive(ann.device, text)
            await settle(service)
            if len(ann.errors) > errors:
                assert (await service.store.room(code)).to_json() == before, f"{text} was refused yet changed the room"
        assert service.bugs == 0
    asyncio.run(go())


def test_a_token_of_no_seat_needs_a_name_to_take_a_free_one() -> None:
    async def go() -> None:
        service = service_on()
        ann = Phone(service)
        await ann.say(type="create", name="Ann", **GAME)
        code = ann.last("seated")["room"]
        stranger = Phone(service, "10.0.0.7")
        await stranger.say(type="join", room=code, token="x" * 32)
        assert "name" in stranger.errors[-1] and stranger.last("seated") is None
        await stranger.say(type="join", room=code, token="x" * 32, name="Cy")
        assert stranger.last("seated")["seat"] == 1 and stranger.token
        watcher = Phone(service, "10.0.0.8")
        await watcher.say(type="watch", room=code)
        assert watcher.last("room")["seats"][1]["name"] == "Cy"
    asyncio.run(go())


def test_a_join_may_name_its_page_and_a_bad_page_changes_nothing() -> None:
    """The room page sends its own address with a join (the link and QR code of a table it did not open)."""
    async def go() -> None:
        service = service_on()
        ann = Phone(service)
        await ann.say(type="create", name="Ann", **GAME)
        code = ann.last("seated")["room"]
        before = (await service.store.room(code)).to_json()
        bo = Phone(service, "10.0.0.7")
        await bo.say(type="join", room=code, name="Bo", page="javascript:alert(1)")
        assert "address" in bo.errors[-1] and bo.last("seated") is None
        assert (await service.store.room(code)).to_json() == before
        await bo.say(type="join", room=code, name="Bo", page="http://127.0.0.1:8000/play/room.html")
        assert bo.last("seated")["seat"] == 1
    asyncio.run(go())
