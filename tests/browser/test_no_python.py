"""When Python cannot load (a blocked file, an old browser), a play page says so in plain words in
the reader's language, keeps its saved table, and no error goes uncaught (no raw address shown)."""

from __future__ import annotations

from typing import Any


def test_a_play_page_without_python_says_so_in_the_readers_language(browser: Any, book_url: str) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.route("**/_static/live/pyodide*/**", lambda route: route.abort())
    try:
        page.goto(f"{book_url}play/modern.html?lang=ru")
        page.wait_for_selector(".comet-live-failed", timeout=120_000)
        note = page.locator(".comet-live-note").first.inner_text()
        assert "Движок не удалось загрузить" in note and "http" not in note and "pyodide" not in note, note
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.locator("header").inner_text().startswith("Книга")
        assert page.locator(".comet-play .comet-felt:visible").count() == 1  # the saved table stays, in Russian
        page.wait_for_timeout(500)
        assert not errors, errors
    finally:
        context.close()
