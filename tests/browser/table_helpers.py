"""Helpers of the card-table browser tests (plain Playwright on the static site's live pages)."""

from __future__ import annotations

from typing import Any

LIVE_TIMEOUT = 180_000
"""Python's first load on a busy two-core machine can take a while."""

ROOT_JS = "document.querySelector('.comet-live-view .comet-play')"
SEQ_JS = f"""() => {{ const r = {ROOT_JS}; if (!r) return -1;
  const c = [...r.classList].find(c => c.startsWith('comet-seq-')); return c ? +c.slice(10) : 0; }}"""
IDLE_JS = f"() => {{ const r = {ROOT_JS}; return !!r && !r.classList.contains('comet-busy'); }}"
CLICK_JS = f"""() => {{ const r = {ROOT_JS}; const vis = e => !!e && e.offsetParent !== null && !e.disabled;
  let b = r.querySelector('.comet-play-confirm'); if (vis(b)) {{ b.click(); return 'confirm'; }}
  b = [...r.querySelectorAll('.comet-play-buttons .widget-button')].find(vis); if (b) {{ b.click(); return 'card'; }}
  b = r.querySelector('.comet-play-other .widget-button'); if (vis(b)) {{ b.click(); return 'other'; }}
  b = r.querySelector('.comet-play-pass'); if (vis(b)) {{ b.click(); return 'pass'; }}
  return r.querySelector('.comet-settle') ? 'over' : 'none'; }}"""


def open_live(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html.comet-live-ready", state="attached", timeout=LIVE_TIMEOUT)
    page.wait_for_function(IDLE_JS, timeout=60_000)


def act(page: Any) -> str:
    """Make the first action offered (confirm a hand-over, a card, the list's play, pass) and wait
    until the page has answered it and the bots have played; ``over`` or ``none`` if nothing to do."""
    page.wait_for_function(IDLE_JS, timeout=60_000)
    seq = page.evaluate(SEQ_JS)
    what = str(page.evaluate(CLICK_JS))
    if what not in ("over", "none"):
        page.wait_for_function(f"() => ({SEQ_JS})() > {seq} && ({IDLE_JS})()", timeout=90_000)
    return what


def play_to_the_end(page: Any, limit: int = 600) -> int:
    """Act until the settlement shows; the number of actions."""
    for n in range(limit):
        what = act(page)
        if what == "over":
            return n
        assert what != "none", page.evaluate(f"{ROOT_JS}.innerText")[:500]
    raise AssertionError(f"no settlement after {limit} actions")


OUT_OF_SCREEN_JS = f"""() => {{
  const r = {ROOT_JS};
  const w = window.innerWidth, h = window.innerHeight;
  const vis = e => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const off = [];
  const check = (el, what) => {{
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) return;
    if (b.left < -1 || b.top < -1 || b.right > w + 1 || b.bottom > h + 1)
      off.push(`${{what}} ${{(el.innerText || '').trim().replace(/\\s+/g, ' ')}} at ${{Math.round(b.left)}},${{Math.round(b.top)}}-${{Math.round(b.right)}},${{Math.round(b.bottom)}}`);
  }};
  r.querySelectorAll('.comet-play-hand .widget-button').forEach(b => check(b, 'card'));
  r.querySelectorAll('.comet-actions .widget-button, .comet-actions select').forEach(b => {{ if (vis(b)) check(b, 'action'); }});
  return {{off: off, cards: r.querySelectorAll('.comet-play-hand .widget-button').length,
          actions: [...r.querySelectorAll('.comet-actions .widget-button')].filter(vis).length,
          scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
          dock: getComputedStyle(r.querySelector('.comet-dock')).position}};
}}"""


def first_screen(page: Any) -> dict[str, Any]:
    """Where the hand's cards and the actions are, against the window (scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    return dict(page.evaluate(OUT_OF_SCREEN_JS))
