"""Helpers of the card-table browser tests (plain Playwright on the static site's live pages)."""

from __future__ import annotations

from typing import Any

from website.pages import BOT_DELAY_KEY

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


WHOLE_JS = f"""() => {{
  const r = {ROOT_JS};
  const problems = [];
  const vis = e => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const said = e => (e.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  const felt = r.querySelector('.comet-felt'), fb = felt.getBoundingClientRect();
  const inside = (b, box) => b.left >= box.left - 1 && b.right <= box.right + 1 && b.top >= box.top - 1
    && b.bottom <= box.bottom + 1;
  // the settlement overlay: whole, inside the felt, nothing scrolled out of sight
  const settle = r.querySelector('.comet-settle[open]');
  if (settle) {{
    if (settle.scrollHeight > settle.clientHeight + 1) problems.push('the settlement scrolls');
    if (!inside(settle.getBoundingClientRect(), fb)) problems.push('the settlement is cut by the felt');
  }}
  if (felt.scrollHeight > felt.clientHeight + 1) problems.push('the felt cuts its contents');
  // every seat on the felt, every label whole (no text wider than its box)
  r.querySelectorAll('.comet-seat').forEach(e => {{
    if (!settle && !inside(e.getBoundingClientRect(), fb)) problems.push('a seat off the felt: ' + said(e));
  }});
  r.querySelectorAll('.comet-seat-name, .comet-seat-who, .comet-pile, .comet-status, .comet-caption, .comet-title, .comet-prompt, ' +
                     '.comet-net th, .comet-net td, .comet-settle summary, .comet-team-tag, .comet-bot-info > summary')
    .forEach(e => {{ if (vis(e) && e.scrollWidth > e.clientWidth + 1) problems.push('cut: ' + said(e)); }});
  const pile = r.querySelector('.comet-pile');
  if (pile && vis(pile) && !settle && !inside(pile.getBoundingClientRect(), fb)) problems.push('the pile is off the felt');
  // every button named, no title="null", Undo off once the deal is settled
  r.querySelectorAll('button').forEach(b => {{
    if (vis(b) && !(b.innerText.trim() || b.getAttribute('aria-label') || b.title)) problems.push('a button with no name');
  }});
  if (document.querySelector('.comet-live-view [title="null"]')) problems.push('title="null"');
  const undo = [...r.querySelectorAll('.comet-actions .widget-button')].find(b => b.innerText.trim() === 'Undo');
  if (r.querySelector('.comet-settle') && undo && !undo.disabled) problems.push('Undo is on after the settlement');
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('sideways scrolling');
  return problems;
}}"""


def whole(page: Any) -> list[str]:
    """What is cut, off the felt or unnamed on the table as shown now ([] if nothing)."""
    return list(page.evaluate(WHOLE_JS))


def finished_link(family: str, query: str) -> str:
    """The address query of the same deal played headless to its end (a position link), to open at
    the settlement: the person plays the first legal play; the page's own seats may be others, a
    finished deal asks nothing of them."""
    from widgets.links import position_query
    from website.pages import play_page

    table = play_page(family, query, bot_delay=0)
    while not table.round.is_over:
        table.flow.run_bots()
        if table.flow.my_turn:
            table.flow.play(table.flow.legal()[0])
    return position_query(table.match.record(comments=False), len(table.round.history))


def quick_bots(page: Any) -> None:
    """The bots of the static pages this ``page`` (or context) opens play at once (the browser's
    ``comet:bot-delay`` at 0, read when Python starts): for tests that play whole deals and look
    at the person's turns only, not at the bots' plays drawn one by one. The key stays in the
    page's context: call :func:`paced_bots` when done with a shared context."""
    page.add_init_script(f"try {{ localStorage.setItem({BOT_DELAY_KEY!r}, '0'); }} catch (e) {{}}")


def paced_bots(page: Any) -> None:
    """Undo :func:`quick_bots` in the context's storage (``page`` at one of the site's pages)."""
    page.evaluate(f"() => {{ try {{ localStorage.removeItem({BOT_DELAY_KEY!r}); }} catch (e) {{}} }}")
