"""Every page of the built book works at 400 px: nothing makes it scroll sideways.

Figures scale to the column, wide tables scroll inside their own box, code lines wrap. A page
fails if the document is wider than the window; the message names the elements that stick
out past its right edge (outside any box that scrolls), so the culprit is easy to find.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin

from .conftest import ARTIFACTS

WIDTH = 400

# The elements that reach past the window's right edge, outside any box that scrolls or clips.
_OVERFLOWING = """
() => {
  const width = document.documentElement.clientWidth;
  const inScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
        const r = p.getBoundingClientRect();
        if (r.right <= width + 1) return true;
      }
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.position === 'fixed') continue;
    if (inScroller(el)) continue;
    out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}` +
             `${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''}` +
             ` (right edge ${Math.round(r.right)} px)`);
  }
  return {scroll: document.documentElement.scrollWidth, width: width, out: out.slice(0, 8)};
}
"""


def check_no_sideways_scroll(page: Any, name: str) -> None:
    """The page as it is now (a 400 px window): the document no wider than the window, nothing past
    its right edge outside a box that scrolls. Run on every page of the site, loaded at 400 px, by
    test_accessibility.test_page_offline_accessible_and_drawn (one visit a page for its checks)."""
    found = page.evaluate(_OVERFLOWING)
    if found["scroll"] > found["width"] or found["out"]:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"overflow-{name.replace('/', '-')}.png"), full_page=True)
    assert found["scroll"] <= found["width"], (
        f"{name} is {found['scroll']} px wide at a {found['width']} px window; sticking out: {found['out']}")
    assert not found["out"], f"{name}: elements past the right edge at {WIDTH} px: {found['out']}"


def test_the_comet_mark_of_fig_3_1_is_visible(page: Any, book_url: str) -> None:
    """Fig. 3.1, the red pack: the comet's star badge is on screen and no other card covers it
    (the point at its centre belongs to the badge)."""
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(urljoin(book_url, "book/rules/new-comet.html"), wait_until="load")
    hit = page.evaluate("""() => {
      const badge = document.querySelector('#fig-red-pack g.wild circle');
      if (!badge) return null;
      badge.scrollIntoView({block: 'center'});
      const r = badge.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return {width: r.width, right: r.right, onTop: !!top && !!top.closest('g.wild')};
    }""")
    assert hit is not None, "Fig. 3.1 has no comet badge"
    assert hit["width"] > 4, f"the comet's badge is {hit['width']:.1f} px wide"
    assert hit["right"] <= WIDTH, "the comet's badge is off the right edge"
    assert hit["onTop"], "another card covers the comet's badge"


# Icons in widget buttons, with the size each is drawn at and its button's font size.
_BUTTON_ICONS = """
() => [...document.querySelectorAll('.jupyter-button svg, .jupyter-button i')].map((icon) => {
  const button = icon.closest('.jupyter-button');
  return {label: button.textContent.trim() || button.title,
          height: icon.getBoundingClientRect().height,
          font: parseFloat(getComputedStyle(button).fontSize)};
})
"""


ICON_PAGES = ("book/rules/", "book/analysis/")
"""The pages whose widget buttons' icons are checked (the chapters with demos)."""


def check_button_icons(page: Any, name: str) -> None:
    """A button's `fa` icon (the widget manager's font; the theme's icon script once turned it into
    an SVG) stays at text size: the page's figure rules must not stretch it (a 133 px play
    triangle once hid "Deal and play"). Run on the page loaded (network idle) and widened to 1280 px, by
    test_accessibility.test_page_offline_accessible_and_drawn for the pages of ICON_PAGES."""
    icons = page.evaluate(_BUTTON_ICONS)
    too_big = [i for i in icons if i["height"] > 2 * i["font"]]
    assert not too_big, f"{name}: icons taller than two lines of their button's text: {too_big[:4]}"
