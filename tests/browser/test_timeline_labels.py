"""The family timeline's labels are whole on a phone and on a desktop (issue 25).

The picture of chapter 1 used to cut "1791, 1809" to "791, 1809" at every width: its date
labels are drawn right-aligned left of the axis, and the widest started left of the drawing.
Here every text of the timeline must lie inside the drawing, and the drawing inside the page,
at 400 px and at 1280 px.
"""

from __future__ import annotations

from typing import Any

import pytest

TIMELINE = 'svg.comet-diagram[aria-label="Timeline of the comet family"]'

BOXES = """(sel) => {
  const svg = document.querySelector(sel);
  if (!svg) return null;
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  return {svg: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          page: document.documentElement.clientWidth, texts};
}"""


@pytest.mark.parametrize("width", [400, 1280])
def test_timeline_labels_are_whole(browser: Any, book_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{book_url}book/history/origins.html")
        page.locator(TIMELINE).scroll_into_view_if_needed()
        found = page.evaluate(BOXES, TIMELINE)
        assert found, "the timeline picture is not on the page"
        svg, texts = found["svg"], found["texts"]
        assert svg["left"] >= -0.5 and svg["right"] <= found["page"] + 0.5, (width, svg, found["page"])
        labels = [t["text"] for t in texts]
        assert any("1791" in t for t in labels) and any("1809" in t for t in labels)
        cut = [t for t in texts if t["left"] < svg["left"] - 0.5 or t["right"] > svg["right"] + 0.5
               or t["top"] < svg["top"] - 0.5 or t["bottom"] > svg["bottom"] + 0.5]
        assert not cut, f"labels cut at {width} px: {[t['text'] for t in cut]}"
    finally:
        context.close()
