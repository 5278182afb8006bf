"""The table tells the truth, in a real browser on the static site (issue 36):

* a four-player new comet deal shows the partners on the table (team colours, "partner", the header's
  line), in the log ("your partner") and in the settlement (the teams grouped, why a partner with cards
  left pays nothing); the same table, opened with ``seats=person,search,random,search-fast&names=…``,
  shows exactly those seats and names in its Settings, each bot's kind and measured strength at its
  seat on demand, and its copied link keeps them (one page: a finished position, so no bot thinks);
* while Python loads, ``lang=ru&players=4&seed=5`` shows the table's frame "dealing" in Russian (not
  another deal), never wider than a phone's screen; with no setting, the saved table in the page's
  language;
* your record: a deal played to its end is counted in the browser, shown on the landing page, and
  cleared there.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import pytest

from .table_helpers import ROOT_JS, act, finished_link, open_live, whole

pytestmark = pytest.mark.usefixtures("python_snapshot_kept")  # (the shared context's pages start Python as a returning reader's)

SEATS = "person,search,random,search-fast"
NAMES = "Ann,Bob,Cy,Dee"


SETTINGS_JS = f"""() => {{
  const r = {ROOT_JS};
  const rows = [...r.querySelectorAll('.comet-settings .widget-hbox')].filter(e => e.offsetParent !== null
    && e.querySelector('select') && e.querySelector('input[type=text]'));
  return rows.map(row => {{
    const s = row.querySelector('select');
    return [s.options[s.selectedIndex] ? s.options[s.selectedIndex].text.replace(/\u00a0/g, ' ') : '', row.querySelector('input').value];
  }});
}}"""


def toggle(page: Any, label: str, shown: str) -> None:
    """Press the bar's ``label`` toggle and wait until Python has drawn what it shows (``shown``:
    a JavaScript expression true once it is there; a fixed pause lost this race under load)."""
    page.locator(f".comet-live-view .comet-bar .widget-toggle-button:has-text('{label}')").click()
    page.wait_for_function(f"() => !!({shown})", timeout=30_000)


def test_partners_and_the_settings_as_played(shared_page: Any, book_url: str) -> None:
    page = shared_page
    position = finished_link("new-comet", "players=4&seed=5")
    open_live(page, f"{book_url}play/new-comet.html?{position}&seats={SEATS}&names={NAMES}")
    live = ".comet-live-view "
    # partners: the header's line, each seat in its team's colour, the partner named so
    title = page.locator(live + ".comet-title").inner_text()
    assert "Two against two: you and Cy against Bob and Dee." in title, title
    assert page.locator(live + ".comet-seat.comet-team-a").count() == 2
    assert page.locator(live + ".comet-seat.comet-team-b").count() == 2
    # (the seats are hidden under the open settlement: their tags are read from the page, not the screen)
    assert (page.locator(live + ".comet-seat[data-seat='2'] .comet-team-tag").text_content() or "").startswith("partner")
    # the settlement groups the teams and is whole at this width
    settle = page.locator(live + ".comet-settle").inner_text()
    assert "Team A: you and Cy" in settle and "Team B: Bob and Dee" in settle, settle
    assert re.search(r"pays nothing for the cards|You pay nothing", settle) or "Cy" not in settle.split("Cards left")[1]
    assert not whole(page), whole(page)
    # the log says "your partner", its numbers shown whole
    toggle(page, "Log", f"[...document.querySelectorAll('{live}.comet-log')].some(e => e.offsetParent !== null)")
    log = page.locator(live + ".comet-log")
    assert "Cy (your partner)" in log.inner_text()
    pad = page.evaluate("""() => { const ol = document.querySelector('.comet-live-view .comet-log ol');
      return parseFloat(getComputedStyle(ol).paddingLeft) / parseFloat(getComputedStyle(ol).fontSize); }""")
    assert pad >= 3, pad
    # each bot's kind, what it does and its measured strength, at its seat on demand (the settlement folded)
    page.locator(live + ".comet-settle > summary").click()
    info = page.locator(live + ".comet-seat[data-seat='1'] .comet-bot-info")
    assert info.locator("summary").inner_text().strip().startswith("Deep thinker bot")
    info.locator("summary").click()
    about = info.locator(".comet-bot-about")
    assert about.is_visible() and re.search(r"Measured: wins \d+% of [\d,]+ two-player deals", about.inner_text())
    # the Settings panel shows exactly the seats and the names in play
    toggle(page, "Settings", f"({SETTINGS_JS})().length")
    assert page.evaluate(SETTINGS_JS) == [["Person", "Ann"], ["Deep thinker bot", "Bob"], ["Random bot", "Cy"],
                                          ["Quick thinker bot", "Dee"]], page.evaluate(SETTINGS_JS)
    # the copied link keeps them
    href = unquote(page.locator(live + "a.comet-copy-link").get_attribute("href") or "")
    assert f"seats={SEATS}" in href and f"names={NAMES}" in href, href


def test_the_loading_picture_is_the_table_asked_for(browser: Any, book_url: str) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 800})
    try:
        page = context.new_page()
        page.route("**/live-worker.js", lambda route: route.abort())  # (the picture before Python)
        page.goto(f"{book_url}play/new-comet.html?lang=ru&players=4&seed=5", wait_until="domcontentloaded")
        shown = page.locator(".comet-snap-lang:visible")
        assert shown.count() == 1 and shown.get_attribute("data-lang") == "ru"
        assert "comet-snap-dealing" in (shown.get_attribute("class") or "")
        assert shown.locator(".comet-dealing-note").inner_text() == "Раздаём карты…"
        assert shown.locator(".comet-felt.comet-felt-4").count() == 1
        # no card of another deal to be seen: the saved deal's felt, hand and title are hidden
        seen = page.evaluate("""() => [...document.querySelectorAll('.comet-snap-lang:not([hidden]) .comet-felt svg,'
          + ' .comet-snap-lang:not([hidden]) .comet-play-hand button, .comet-snap-lang:not([hidden]) .comet-title')]
          .filter(e => getComputedStyle(e).visibility === 'visible' && e.getBoundingClientRect().width > 0).length""")
        assert seen == 0
        assert "Играть в новую комету" in shown.inner_text()  # the page's own words in its language
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        page.goto(f"{book_url}play/modern.html?lang=fr", wait_until="domcontentloaded")
        shown = page.locator(".comet-snap-lang:visible")
        assert shown.get_attribute("data-lang") == "fr" and "comet-snap-dealing" not in (shown.get_attribute("class") or "")
        assert "Votre main" in shown.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
    finally:
        context.close()


def quick_deal() -> tuple[str, int]:
    """A seed of the modern comet for two whose deal asks few plays of you (the first legal play each
    time), at least one: each of your plays waits for the bots' replies, drawn one after another."""
    from widgets.controllers.table import TableController

    found = []
    for seed in range(1, 120):
        flow = TableController("modern-comet-1991", 2, seed)
        plays = 0
        while not flow.round.is_over:
            flow.run_bots()
            if flow.my_turn:
                flow.play(flow.legal()[0])
                plays += 1
        if plays:
            found.append((plays, len(flow.round.history), seed))
    plays, _length, seed = min(found)
    return str(seed), plays


def test_your_record_is_kept_shown_and_cleared(shared_context: Any, book_url: str) -> None:
    seed, plays = quick_deal()
    context = shared_context  # (a returning reader: Python starts from its snapshot; the record starts empty)
    page = context.new_page()
    landing = context.new_page()
    try:
        landing.goto(f"{book_url}play/index.html?lang=fr")
        landing.evaluate("window.localStorage.removeItem('comet:record')")
        open_live(page, f"{book_url}play/modern.html?seed={seed}")
        for _ in range(plays + 20):
            if act(page) == "over":
                break
        assert page.locator(".comet-live-view .comet-settle").is_visible()
        stored = page.evaluate("window.localStorage.getItem('comet:record')")
        assert stored and '"modern-comet-1991|greedy": [1, ' in stored, stored
        landing.reload()
        record = landing.locator(".comet-lang-version[data-lang='fr'] .comet-record")
        row = record.locator(".comet-record-games tr[data-key='modern-comet-1991']")
        assert row.locator("th").inner_text() == "Comète moderne" and row.locator("td").first.inner_text() == "1"
        assert record.locator(".comet-record-bots tr[data-key='greedy'] th").inner_text() == "Robot glouton"
        landing.once("dialog", lambda dialog: dialog.accept())
        record.locator(".comet-record-clear").click()
        assert record.locator(".comet-record-empty").is_visible()
        assert record.locator(".comet-record-tables").is_hidden()
        # the play page open in the other tab merges the clear: its next deal starts a fresh record
        page.wait_for_timeout(300)
        assert '"sessions": {}' in (page.evaluate("window.localStorage.getItem('comet:record')") or "").replace(
            '"sessions":{}', '"sessions": {}')
    finally:
        page.close()
        landing.close()
