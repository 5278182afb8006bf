"""On a 400 x 800 phone, every family at its largest table: the whole hand and the actions are
inside the first screen at the start, after ten plays and at the settlement, with no sideways
scrolling (the hand and the actions are fixed to the bottom of the screen). At the settlement the
same page at 400, 1280 and 1920 px wide: the settlement whole (it fits, inside the felt), every
label whole, every button named (group plays included), no ``title="null"``, Undo off."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

import comet

from .conftest import ARTIFACTS
from .table_helpers import act, finished_link, first_screen, open_live, quick_bots, whole

FAMILIES = {family: max((v for v in comet.VARIANTS.values() if v.family.replace(" ", "-") == family),
                        key=lambda v: v.players.stop)
            for family in ("hoc", "manille", "new-comet", "modern", "commit")}
"""Each family's game played by the most players."""
WIDTHS = ((400, 800), (1280, 800), (1920, 1080))


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """One phone-sized browser context for the module (Python's snapshot kept between pages), its
    bots playing at once (what is checked is the person's turns and the settlement)."""
    context = browser.new_context(viewport={"width": 400, "height": 800}, device_scale_factor=1, has_touch=True)
    quick_bots(context)
    try:
        yield context
    finally:
        context.close()


def check(page: Any, family: str, when: str) -> None:
    found = first_screen(page)
    if found["off"] or found["scroll"] > found["width"]:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone-{family}-{when}.png"))
    assert found["dock"] == "fixed", found
    assert found["scroll"] <= found["width"], f"{family} {when}: the page scrolls sideways ({found['scroll']} px)"
    assert not found["off"], f"{family} {when}: out of the first screen: {found['off']}"
    assert found["actions"] >= 1


@pytest.mark.parametrize("family", list(FAMILIES))
def test_hand_and_actions_stay_on_the_first_screen(phone: Any, book_url: str, family: str) -> None:
    v = FAMILIES[family]
    players = v.players.stop - 1
    query = f"variant={v.id}&players={players}&seed=5"
    page = phone.new_page()
    try:
        open_live(page, f"{book_url}play/{family}.html?{query}")
        check(page, family, "start")
        assert first_screen(page)["cards"] > 0
        for _ in range(10):
            if act(page) in ("over", "none"):
                break
        check(page, family, "ten plays")
        assert not whole(page), (family, "ten plays", whole(page))
        open_live(page, f"{book_url}play/{family}.html?{finished_link(family, query)}")
        assert page.locator(".comet-live-view .comet-settle").is_visible()
        check(page, family, "settlement")
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            found = whole(page)
            if found:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"whole-{family}-{width}.png"))
            assert not found, (family, width, found)
        page.set_viewport_size({"width": 400, "height": 800})
    finally:
        page.close()
