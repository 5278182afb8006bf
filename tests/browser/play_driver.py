"""Play a deal on a playable page in a browser, as a visitor would: by clicking.

Used by the browser tests (``test_play_pages.py``: one page at a time, and the load test: many
pages in turn) and by ``bench/pages.py``. The pages are ``website.pages.play_page`` tables,
which carry CSS classes for scripts: ``comet-play`` (the table), ``comet-play-buttons`` (the
legal plays: your playable cards, and the other plays next to your hand), ``comet-play-pass``, ``comet-play-other`` (the list of group/comet plays and its
*Play it* button), ``comet-play-table`` (the drawn deal), ``comet-play-message``, and
``comet-seq-N``, which changes after every action once all its updates are sent.

``comet-play-confirm`` is the hand-over's *Show my hand* (several people at one device); the
settlement overlay (``.comet-settle``) carries the net per seat (``data-net``) and every payment
(``data-payer``, ``data-payee``, ``data-amount``), whatever the page's language.

The visitor always makes the first play offered (the first card button, else *Play it* on the
list, else *Pass*), which is ``PlayTable.shown_plays[0]``: :func:`expected_outcome` replays
the same deal headless to know what the page must show at the end.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlparse

STATE_JS = """() => {
  const root = document.querySelector('.comet-play');
  if (!root) return null;
  const shown = el => !!el && el.offsetParent !== null && !el.disabled;
  const seq = [...root.classList].find(c => c.startsWith('comet-seq-')) || '';
  const buttons = [...root.querySelectorAll('.comet-play-buttons .widget-button')].filter(shown);
  const pass = root.querySelector('.comet-play-pass');
  const other = root.querySelector('.comet-play-other');
  const table = root.querySelector('.comet-play-table');
  const message = root.querySelector('.comet-play-message');
  const settle = root.querySelector('.comet-settle');
  const net = settle ? settle.querySelector('[data-net]') : null;
  const confirm = root.querySelector('.comet-play-confirm');
  return {
    over: !!settle,
    settlement: settle ? {
      net: net ? net.dataset.net.split(',').map(Number) : [],
      rows: [...settle.querySelectorAll('li[data-payer]')].map(li => [+li.dataset.payer, +li.dataset.payee, +li.dataset.amount]),
      text: settle.innerText,
    } : null,
    confirm: shown(confirm),
    seq: Number(seq.slice('comet-seq-'.length)) || 0,
    buttons: buttons.map(b => b.textContent.trim()),
    pass: shown(pass),
    other: !!other && other.offsetParent !== null,
    table: table ? table.innerText : '',
    message: message ? message.innerText.trim() : '',
    error: !!(message && message.querySelector('[role=alert]')),
  };
}"""

CLICK_JS = """(what) => {
  const root = document.querySelector('.comet-play');
  const shown = el => !!el && el.offsetParent !== null && !el.disabled;
  let el = null;
  if (what === 'confirm') el = root.querySelector('.comet-play-confirm');
  else if (what === 'card') el = [...root.querySelectorAll('.comet-play-buttons .widget-button')].filter(shown)[0];
  else if (what === 'other') el = root.querySelector('.comet-play-other .widget-button');
  else if (what === 'pass') el = root.querySelector('.comet-play-pass');
  if (!el) return false;
  el.click();
  return true;
}"""

SEQ_JS = """() => {
  const root = document.querySelector('.comet-play');
  if (!root) return 0;
  const seq = [...root.classList].find(c => c.startsWith('comet-seq-')) || '';
  return Number(seq.slice('comet-seq-'.length)) || 0;
}"""


WAIT_SEQ_JS = f"""([after, ms]) => new Promise((resolve) => {{
  const seq = {SEQ_JS};
  if (seq() > after) return resolve(true);
  const watch = new MutationObserver(() => {{ if (seq() > after) done(true); }});
  const timer = setTimeout(() => done(false), ms);
  function done(value) {{ watch.disconnect(); clearTimeout(timer); resolve(value); }}
  watch.observe(document.body, {{subtree: true, childList: true, attributes: true, attributeFilter: ['class']}});
}})"""
"""Resolves once the table's sequence number passes ``after`` (true) or after ``ms`` (false):
the page tells when it changed, no polling (a round trip every few milliseconds cost more than
a core; ``requestAnimationFrame`` polling keeps the page drawing frames)."""


def page_state(page: Any) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(STATE_JS)
    return state


def next_action(state: dict[str, Any]) -> str | None:
    """What the visitor clicks: ``confirm`` (the hand-over), ``card`` (the first card button),
    ``other`` or ``pass``."""
    if state.get("confirm"):
        return "confirm"
    if state["buttons"]:
        return "card"
    if state["other"]:
        return "other"
    if state["pass"]:
        return "pass"
    return None


def settlement(text: str) -> list[str]:
    """The lines of the settlement overlay in a table's text ([] while the deal runs): from its
    heading to the net table."""
    for head in ("Settlement", "Règlement", "Расчёт", "Liquidación"):
        if f"{head}:" in text:
            return [line.rstrip() for line in text.split(f"{head}:", 1)[1].splitlines() if line.strip()]
    return []


Settled = dict[str, Any]
"""A settlement as the page carries it: ``net`` per seat and ``rows`` ``(payer, payee, amount)``
of every payment (in play and at the end; -1 is the pool)."""


def check_settlement(settled: Settled, players: int) -> list[int]:
    """Check the settlement's sums; return the net per seat. The net sums to zero and equals the
    payments listed (seat to seat, and through the pool)."""
    net = list(settled["net"])
    assert len(net) == players and sum(net) == 0, f"net payments do not sum to zero: {net}"
    paid = [0] * players
    for payer, payee, amount in settled["rows"]:
        if payer >= 0:
            paid[payer] -= amount
        if payee >= 0:
            paid[payee] += amount
    assert paid == net, f"the payments listed ({paid}) are not the net ({net}): {settled['rows']}"
    return net


def expected_outcome(url: str) -> tuple[Settled, int]:
    """The settlement and the number of clicks of the same deal played headless."""
    from website.pages import play_page

    parsed = urlparse(url)
    family = parsed.path.rsplit("/", 1)[-1].removesuffix(".ipynb").removesuffix(".html")
    table = play_page(family, parsed.query, bot_delay=0)  # (the bots at once: no event loop runs here)
    clicks = 0
    while not table.round.is_over:
        if table.flow.waiting is not None:
            table.confirm_button.click()
            clicks += 1
            continue
        text = table.shown_plays[0]
        b = table.button_for(text)
        if b is None:
            table.other_choice.value = text
            b = table.other_button
        b.click()
        clicks += 1
        assert clicks < 1000
    assert table.errors == 0, table.messages.text
    outcome = table.round.outcome()
    assert outcome is not None
    rows = [[p.payer, p.payee, p.amount] for p in list(outcome.ledger) + list(outcome.settlement)]
    return {"net": list(outcome.payments), "rows": sorted(rows)}, clicks


@dataclass
class Game:
    """One visitor's deal on one page, advanced a step at a time (so that many can run in turn)."""

    page: Any
    url: str
    clicks: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lines: Settled = field(default_factory=dict)
    """The settlement shown at the end (:data:`Settled`)."""
    _waiting_for: int = -1
    _clicked_at: float = 0.0
    done: bool = False
    max_clicks: int = 500
    reloads: int = 0
    max_reloads: int = 0
    reload_after: float = 60.0
    _opened_at: float = field(default_factory=time.perf_counter)

    @property
    def players(self) -> int:
        from website.pages import parse_query

        parsed = urlparse(self.url)
        family = parsed.path.rsplit("/", 1)[-1].removesuffix(".ipynb").removesuffix(".html")
        return parse_query(family, parsed.query).players

    def step(self, real_click: bool = False) -> bool:
        """Advance if the page is ready (the last click handled). True when the deal is over."""
        if self.done:
            return True
        if self._waiting_for >= 0 and self.page.evaluate(SEQ_JS) <= self._waiting_for:
            return False  # (cheap: the full state reads the table's text, which lays the page out)
        state = page_state(self.page)
        if state is None and self.reloads < self.max_reloads and \
                time.perf_counter() - self._opened_at > self.reload_after:
            # The table never appeared ("Loading widget..."): what a visitor would do.
            self.reloads += 1
            self._opened_at = time.perf_counter()
            self.page.goto(self.url, wait_until="commit")
            return False
        if state is None or state["seq"] <= self._waiting_for:
            return False
        if self._waiting_for >= 0:
            self.latencies.append(time.perf_counter() - self._clicked_at)
        if state["error"] and self._waiting_for >= 0:  # (a message from before this game is not ours)
            self.errors.append(state["message"])
        if state["over"]:
            self.lines = {"net": state["settlement"]["net"], "rows": sorted(state["settlement"]["rows"])}
            self.done = True
            return True
        action = next_action(state)
        if action is None:
            # Seen between updates only if something is wrong: the deal runs and nothing to do.
            self.errors.append(f"no play offered and the deal is not over: {state['table'][:300]!r}")
            self.done = True
            return True
        if self.clicks >= self.max_clicks:
            self.errors.append(f"more than {self.max_clicks} clicks")
            self.done = True
            return True
        self._waiting_for = state["seq"]
        self._clicked_at = time.perf_counter()
        self.clicks += 1
        if real_click:
            root = self.page.locator(".comet-play")
            if action == "confirm":
                root.locator(".comet-play-confirm").click()
            elif action == "card":
                root.locator(".comet-play-buttons .widget-button:visible").first.click()
            elif action == "other":
                root.locator(".comet-play-other .widget-button").click()
            else:
                root.locator(".comet-play-pass").click()
        else:
            assert self.page.evaluate(CLICK_JS, action)
        return False

    def play(self, timeout: float = 120.0, real_click: bool = True) -> None:
        """Play to the end of the deal (this page only). Between two clicks the page itself
        waits for the table's next state (no round trip to the browser every few milliseconds)."""
        deadline = time.monotonic() + timeout
        while not self.step(real_click=real_click):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.url}: deal not over after {timeout:.0f} s ({self.clicks} clicks)")
            if self._waiting_for >= 0:
                self.page.evaluate(WAIT_SEQ_JS, [self._waiting_for, min(left, 5.0) * 1000])
            else:
                self.page.wait_for_timeout(50)  # the table is not drawn yet


def query_of(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlparse(url).query))


def double_click_once(page: Any, locator: Any, late: bool = False) -> dict[str, Any]:
    """Double-click ``locator``; the page must show exactly one action: its sequence number moves
    by one (each action ends with one message), with no error, and stays there.

    ``late``: the second click of the double click comes only once the first click's new state
    is drawn, so it lands on whatever button now stands there (what a slow double click does on a
    fast server); otherwise both clicks go at once (``dblclick``), the second usually reaching
    the kernel before the new state is drawn."""
    before = page_state(page)
    assert before is not None
    changed = (f"() => {{ const r = document.querySelector('.comet-play'); "
               f"return r && ![...r.classList].includes('comet-seq-{before['seq']}'); }}")
    if late:
        box = locator.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down(click_count=1)
        page.mouse.up(click_count=1)
        page.wait_for_function(changed)
        page.mouse.down(click_count=2)
        page.mouse.up(click_count=2)
    else:
        locator.dblclick()
        page.wait_for_function(changed)
    page.wait_for_timeout(1200)  # time for a second action, if the second click were applied
    after = page_state(page)
    assert after is not None
    assert after["seq"] == before["seq"] + 1, (before["message"], after["message"])
    assert not after["error"], after["message"]
    return after


def double_click_cards(page: Any, times: int = 4) -> None:
    """Double-click the first card of your hand ``times`` times (every other time with the
    second click late, see :func:`double_click_once`): each plays one card."""
    cards = page.locator(".comet-play .comet-play-buttons .widget-button:visible")
    for i in range(times):
        state = page_state(page)
        assert state is not None and state["buttons"]
        after = double_click_once(page, cards.first, late=i % 2 == 1)
        assert after["message"], after  # (what you played, in the page's language)
        if not page_state(page)["buttons"]:  # type: ignore[index]
            break
