"""Several people at one device, and a class at a projector, on the static site (no server).

* pass-and-play: two people and a bot play a deal to its settlement; whenever the device is to
  be passed, no card of any hand is in the page (not hidden: absent) until the next person
  confirms, and the hand then shown is theirs;
* the class table: the table large, lettered choices for the class's vote, the rule of the
  moment and the hint on demand, a deal to its settlement.
"""

from __future__ import annotations

from typing import Any

from .conftest import ARTIFACTS
from .table_helpers import ROOT_JS, IDLE_JS, SEQ_JS, act, open_live

STATE_JS = f"""() => {{
  const r = {ROOT_JS};
  const vis = e => !!e && e.offsetParent !== null;
  return {{
    waiting: vis(r.querySelector('.comet-play-confirm')),
    confirm: (r.querySelector('.comet-play-confirm') || {{}}).innerText || '',
    cards: r.querySelectorAll('.comet-play-hand .widget-button').length,
    faces: [...r.querySelectorAll('.comet-play-hand .widget-button')].map(b => b.innerText.trim()),
    handover: !!r.querySelector('.comet-handover'),
    prompt: (r.querySelector('.comet-prompt') || {{}}).innerText || '',
    over: !!r.querySelector('.comet-settle'),
    net: (r.querySelector('.comet-settle [data-net]') || {{dataset: {{}}}}).dataset.net || '',
  }};
}}"""


PROJECTOR_JS = f"""() => {{
  const r = {ROOT_JS};
  const size = sel => {{ const e = [...r.querySelectorAll(sel)].find(e => e.offsetParent !== null);
                        return e ? parseFloat(getComputedStyle(e).fontSize) : 0; }};
  const card = r.querySelector('.comet-card-slot .widget-button').getBoundingClientRect();
  const legal = r.querySelector('.comet-card-legal .widget-button');
  return {{
    felt: r.querySelector('.comet-felt').getBoundingClientRect().height, card: card.height,
    letter: legal ? parseFloat(getComputedStyle(legal, '::before').height) : 0,
    width: r.getBoundingClientRect().width,
    text: {{status: size('.comet-status'), prompt: size('.comet-prompt'), seat: size('.comet-seat-name'),
           caption: size('.comet-caption'), message: size('.comet-play-message div'),
           button: size('.comet-actions .widget-button'), title: size('.comet-title')}},
  }};
}}"""


def test_two_people_and_a_bot_pass_the_device(browser: Any, book_url: str) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    try:
        open_live(page, f"{book_url}play/modern.html?players=3&seed=5&seats=person,person,greedy&names=Ann,Bob")
        handovers = 0
        seen = set()
        for _ in range(400):
            page.wait_for_function(IDLE_JS, timeout=60_000)
            state = page.evaluate(STATE_JS)
            if state["over"]:
                break
            if state["waiting"]:
                # the next person's hand is not in the page at all until they confirm
                assert state["cards"] == 0 and state["handover"], state
                who = "Ann" if "Ann" in state["confirm"] else "Bob"
                assert who in state["confirm"]
                seq = page.evaluate(SEQ_JS)
                page.locator(".comet-live-view .comet-play-confirm").click()
                page.wait_for_function(f"() => ({SEQ_JS})() > {seq}")
                after = page.evaluate(STATE_JS)
                assert after["cards"] > 0 and f"{who}'s hand" in after["prompt"], after
                handovers += 1
                seen.add(who)
                continue
            assert act(page) not in ("none",)
        state = page.evaluate(STATE_JS)
        assert state["over"] and handovers >= 2 and seen == {"Ann", "Bob"}
        net = [int(x) for x in state["net"].split(",")]
        assert len(net) == 3 and sum(net) == 0
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pass-and-play-settlement.png"))
    finally:
        context.close()


def test_a_class_plays_a_deal_at_the_projector(browser: Any, book_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        open_live(page, f"{book_url}play/modern.html?players=3&seed=4&mode=class")
        root = page.locator(".comet-live-view .comet-play")
        assert "comet-mode-class" in (root.get_attribute("class") or "")
        # lettered choices for the vote, and the toggles of the table page hidden
        letters = page.eval_on_selector_all(".comet-live-view .comet-card-legal[class*='comet-vote-']",
                                            "els => els.map(e => getComputedStyle(e.querySelector('button'), '::before').content)")
        assert letters and letters[0] == '"A"', letters
        assert page.locator(".comet-live-view .comet-bar .widget-toggle-button:visible").count() == 0
        big = page.locator(".comet-live-view .comet-felt").bounding_box()
        assert big and big["height"] >= 0.4 * 900
        # at a projector's 1920 x 1080, and at 3840 x 2160: the table fills the screen, read from the back row
        for width, height in ((1920, 1080), (3840, 2160)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            sizes = page.evaluate(PROJECTOR_JS)
            assert sizes["felt"] >= 0.4 * height and sizes["card"] >= 0.11 * height and sizes["letter"] >= 0.04 * height
            assert min(sizes["text"].values()) >= 28 * height / 1080, sizes
            assert sizes["width"] >= 0.9 * width, sizes
            if width == 1920:
                page.screenshot(path=str(ARTIFACTS / "class-1920.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
        href = page.locator(".comet-live-view a.comet-copy-link").get_attribute("href") or ""
        assert "mode=class" in href, href
        seq = page.evaluate(SEQ_JS)
        page.locator(".comet-live-view .comet-play-rule").click()
        page.wait_for_function(f"() => ({SEQ_JS})() > {seq}")
        assert page.locator(".comet-live-view .comet-play-message").inner_text().startswith("Rule: ")
        seq = page.evaluate(SEQ_JS)
        page.locator(".comet-live-view .comet-play-hint").click()
        page.wait_for_function(f"() => ({SEQ_JS})() > {seq}", timeout=60_000)
        assert page.locator(".comet-live-view .comet-play-message").inner_text().startswith("Hint, best first")
        for _ in range(400):
            if act(page) == "over":
                break
        assert page.locator(".comet-live-view .comet-settle").is_visible()
    finally:
        context.close()
