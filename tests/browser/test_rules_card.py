"""The rules card prints on one sheet, A4 or Letter (issue 25, point 4).

Headless Chromium prints the page to PDF with its print stylesheet, and the pages of the PDF are
counted.  The card also fills the sheet with the rules, not with the site's menus.
"""

from __future__ import annotations

import re
from typing import Any

import pytest


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its ``/Type /Page`` objects, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_pdf_pages_counts_pages() -> None:
    assert pdf_pages(b"<< /Type /Pages /Kids [1 0 R 2 0 R] >> << /Type /Page >> << /Type/Page /X >>") == 2


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_rules_card_prints_on_one_sheet(browser: Any, book_url: str, paper: str) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{book_url}book/rules-card.html")
        pdf = page.pdf(format=paper, print_background=False)
        assert pdf.startswith(b"%PDF"), "not a PDF"
        assert pdf_pages(pdf) == 1, f"the rules card takes {pdf_pages(pdf)} {paper} pages"
        page.emulate_media(media="print")
        visible = page.evaluate("""() => {
          const card = document.querySelector('.rules-card');
          const nav = document.querySelector('.bd-sidebar-primary');
          return {card: !!card && card.offsetHeight > 0,
                  nav: !!nav && getComputedStyle(nav).display !== 'none',
                  text: card ? card.innerText : ''};
        }""")
        assert visible["card"] and not visible["nav"], visible
        for words in ("The packs.", "The deal.", "Going out.", "Opera."):
            assert words in visible["text"], words
    finally:
        page.close()
