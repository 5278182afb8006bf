"""The site as an app (issue 48): installable, playing with no network, a new build announced.

One visit, as a reader with a phone would make it, in a browser profile on disk (Chromium judges an
app installable only there) with service workers allowed: the landing page (the service worker
installs and precaches), one play page; then offline, a reload of that play page, the lessons and
a puzzle, each played; then, back online, a second build of the site (served by the test's server:
the worker's revision of one page and that page changed, as a new ``make book`` would change them)
shows the update notice in the page's language, and its click brings the new build with the
reader's marks still there.
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from comet_render.app_words import app_words
from tests.load_file import load_file

from .conftest import ARTIFACTS, CHROMIUM, LAUNCH_ARGS, REDUCED_MOTION, watch_page

LIVE = ".comet-live-view"
PLAYABLE = f"{LIVE} .widget-button:not([disabled])"
BUILD_JS = "() => document.querySelector('meta[name=\"comet-build\"]').content"
PRECACHED_JS = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    if (name.includes('precache')) { out.push(...(await (await caches.open(name)).keys()).map((r) => r.url)); }
  }
  return out;
}"""


class SecondBuild:
    """What the test's server answers instead of the built site's files (path: bytes)."""

    files: dict[str, bytes] = {}


def _handler() -> type:
    serve = load_file("tools/serve.py", "comet_serve")

    class Handler(serve.StaticSiteHandler):  # type: ignore[misc,name-defined]
        def send_head(self) -> Any:
            body = SecondBuild.files.get(self.path.split("?", 1)[0])
            if body is None:
                return super().send_head()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(self.path.split("?", 1)[0]))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    return Handler


@pytest.fixture()
def site_url(book_dir: Path) -> Iterator[str]:
    """The built site as a good static host serves it (its precompressed copies), on a free port."""
    SecondBuild.files = {}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_handler(), directory=str(book_dir)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        SecondBuild.files = {}


def second_build(book_dir: Path, page: str, build: str) -> dict[str, bytes]:
    """The worker and one page of a new build: the page's precache revision and build id changed."""
    worker = (book_dir / "service-worker.js").read_text(encoding="utf-8")
    old = re.search(r'const COMET_BUILD = "([0-9a-f]+)"', worker)
    assert old, "the service worker names no build"
    changed, n = re.subn(rf'(url:"{re.escape(page)}",revision:")[0-9a-f]+"', r'\g<1>0123456789abcdef"', worker)
    assert n == 1, f"{page} is not precached with a revision"
    html = (book_dir / page).read_text(encoding="utf-8").replace(f'content="{old.group(1)}"', f'content="{build}"')
    return {"/service-worker.js": changed.replace(old.group(1), build).encode(), f"/{page}": html.encode()}


def answered(page: Any) -> None:
    """Click the live widget's first enabled button and wait until the widget answers."""
    before = page.locator(LIVE).first.inner_text()
    page.locator(PLAYABLE).first.click()
    page.wait_for_function("(b) => document.querySelector('.comet-live-view').innerText !== b", arg=before,
                           timeout=60_000)


def test_installed_offline_and_updated(browser: Any, book_dir: Path, site_url: str, tmp_path: Path) -> None:
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=LAUNCH_ARGS, reduced_motion=REDUCED_MOTION,
        viewport={"width": 1280, "height": 900})
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(120_000)
        watch = watch_page(page)
        page.goto(site_url + "play/index.html")
        page.wait_for_function("navigator.serviceWorker.controller !== null")  # installed: everything precached
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        read = cdp.send("Page.getAppManifest")
        assert read["url"].endswith("/manifest-en.webmanifest") and not read["errors"], read
        manifest = json.loads(read["data"])
        assert manifest["name"] == app_words("en")["name"] and manifest["start_url"] == "play/index.html"
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
        precached = page.evaluate(PRECACHED_JS)
        for name in ("pyodide.asm.wasm", "python_stdlib.zip", "play/modern.html", "play/learn.html", "play/puzzles.html"):
            assert any(name in url for url in precached), (name, precached)

        page.goto(site_url + "play/modern.html?seed=3")
        page.wait_for_selector(PLAYABLE)
        context.set_offline(True)
        for address in ("play/modern.html?seed=3", "play/learn.html", "play/puzzles.html"):
            page.goto(site_url + address)
            page.wait_for_selector(PLAYABLE)
            answered(page)
        marks = page.evaluate("() => window.localStorage.getItem('comet:puzzles')")
        assert marks, "the puzzle answered offline left no mark"
        context.set_offline(False)
        watch.assert_clean()
        # (what the pages import as they start is in the standard library's first zip: offline, a
        # second one not yet fetched would be a module missing)
        assert not [w for w in watch.console_warnings if "second zip" in w], watch.console_warnings

        SecondBuild.files = second_build(book_dir, "play/learn.html", "5ec0nd")
        page.goto(site_url + "play/learn.html?lang=fr")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        notice = page.locator(".comet-app-update button")
        notice.wait_for(state="visible")
        assert notice.inner_text() == app_words("fr")["update"]
        assert page.evaluate(BUILD_JS) != "5ec0nd"  # (the open page: the build it came with)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-update-notice.png"))
        # Clicked as soon as it shows, as a reader would, most often while the page is still starting Python:
        # Chromium may then defer the new worker's takeover for minutes (the old one is busy with the page's
        # requests), which app.js's reload after a few seconds gets past (issue 48's note).
        with page.expect_event("load"):  # (a document's load: the reload, not the page's own address changes)
            notice.click()
        page.wait_for_selector('meta[name="comet-build"][content="5ec0nd"]', state="attached")
        assert page.evaluate("() => window.localStorage.getItem('comet:puzzles')") == marks
        assert not watch.errors, watch.errors
    finally:
        context.close()
