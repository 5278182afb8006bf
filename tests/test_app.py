"""The site as an app (issue 48), as the build writes it (``book/_ext/comet_app.py``).

* every HTML page, in whatever folder (the book's editions in ``fr/``, ``ru/``, ``es/`` too), links
  the web app manifest of its language by a relative address, loads ``app.js`` and names its build,
  once however often the step runs;
* the manifests: the app's name and description in each language (the catalogs), icons drawn from
  the favicon at their sizes, a start page and scope that work under a sub-path;
* the service worker precaches the play pages and what they load, ``pyodide.asm.wasm`` included
  (Workbox leaves out files over its size limit unless told: workbox #2790);
* ``COMET_SERVICE_WORKER=0``: no registration, and a worker that unregisters an earlier one.
The browser's side (installable, offline, the update notice): ``tests/browser/test_app.py``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import brotli
import pytest
from PIL import Image

from comet_render.app_words import app_words
from comet_render.i18n import LANGS
from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
load_file("book/_ext/comet_favicon.py", "comet_favicon")
app = load_file("book/_ext/comet_app.py", "comet_app")

PAGE = '<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<title>t</title>\n</head>\n<body>{body}</body>\n</html>\n'


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for path, lang in (("index.html", "en"), ("play/modern.html", "en"), ("fr/book/rules/modern.html", "fr"),
                       ("ru/index.html", "ru")):
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(PAGE.format(lang=lang, body=path), encoding="utf-8")
    (site / "_static" / "app").mkdir(parents=True)
    shutil.copy(ROOT / "book" / "_assets" / "app" / "app.js", site / "_static" / "app" / "app.js")
    return site


def test_every_page_links_its_languages_manifest_by_a_relative_address_once(tmp_path: Path) -> None:
    site = _site(tmp_path)
    done = app.write_app(site, ROOT / "book" / "_assets" / "favicon.svg", worker=False)
    page = (site / "fr" / "book" / "rules" / "modern.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="../../../manifest-fr.webmanifest">' in page
    assert 'src="../../../_static/app/app.js" data-root="../../../" data-worker="0"' in page
    assert f'<meta name="comet-build" content="{done["build"]}">' in page
    assert page.index("comet-app") < page.index("</head>")
    assert 'href="manifest-en.webmanifest"' in (site / "index.html").read_text(encoding="utf-8")
    assert 'href="../manifest-ru.webmanifest"' in (site / "ru" / "index.html").read_text(encoding="utf-8")
    again = app.write_app(site, ROOT / "book" / "_assets" / "favicon.svg", worker=False)
    assert again["build"] == done["build"]  # (what the step writes is not the build's content)
    assert (site / "fr" / "book" / "rules" / "modern.html").read_text(encoding="utf-8") == page
    assert page.count("<!--comet-app-->") == 1
    (site / "play" / "modern.html").write_text(PAGE.format(lang="en", body="changed"), encoding="utf-8")
    assert app.write_app(site, None, worker=False)["build"] != done["build"]


def test_the_manifests_and_icons(tmp_path: Path) -> None:
    site = _site(tmp_path)
    app.write_app(site, ROOT / "book" / "_assets" / "favicon.svg", worker=False)
    for lang in LANGS:
        manifest = json.loads((site / f"manifest-{lang}.webmanifest").read_text(encoding="utf-8"))
        said = app_words(lang)
        assert (manifest["name"], manifest["short_name"], manifest["description"]) == (
            said["name"], said["short_name"], said["description"])
        assert manifest["lang"] == lang and manifest["display"] == "standalone"
        assert manifest["start_url"] == "play/index.html" and manifest["scope"] == "./"  # (relative: a sub-path works)
        for icon in manifest["icons"]:
            assert not icon["src"].startswith(("/", "http")), icon
            if icon["type"] == "image/png":
                width, height = Image.open(site / icon["src"]).size
                assert f"{width}x{height}" == icon["sizes"]
    assert app_words("fr")["update"] != app_words("en")["update"]
    script = (site / "_static" / "app" / "app.js").read_text(encoding="utf-8")
    words = json.loads(re.search(r"/\*comet-app-words\*/(.*?)/\*end\*/", script).group(1))  # type: ignore[union-attr]
    assert words == {lang: {"update": app_words(lang)["update"]} for lang in LANGS}


def test_without_a_service_worker_an_earlier_one_is_unregistered(tmp_path: Path) -> None:
    site = _site(tmp_path)
    app.write_app(site, None, worker=False)
    assert "unregister()" in (site / "service-worker.js").read_text(encoding="utf-8")
    assert 'data-worker="0"' in (site / "play" / "modern.html").read_text(encoding="utf-8")


def test_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, on in (("0", False), ("no", False), ("1", True)):
        monkeypatch.setenv(app.WORKER_ENV, value)
        assert app.enabled() is on
    monkeypatch.delenv(app.WORKER_ENV)
    assert app.enabled()


def _built() -> None:
    if not (SITE / "service-worker.js").is_file():
        pytest.skip("the book is not built (make book)")


@pytest.mark.built
def test_the_built_sites_pages_are_linked_and_its_worker_precaches_the_wasm() -> None:
    _built()
    pages = sorted(SITE.rglob("*.html"))
    assert len(pages) > 20
    builds = set()
    for path in pages:
        text = path.read_text(encoding="utf-8")
        found = re.search(r'<link rel="manifest" href="((?:\.\./)*)manifest-([a-z]{2})\.webmanifest">', text)
        assert found, path
        assert (path.parent / f"{found.group(1)}manifest-{found.group(2)}.webmanifest").resolve() == \
            (SITE / f"manifest-{found.group(2)}.webmanifest").resolve(), path
        builds.add(re.search(r'<meta name="comet-build" content="([0-9a-f]+)">', text).group(1))  # type: ignore[union-attr]
    assert len(builds) == 1
    # The precompressed copies were written after the pages were linked.
    copy = SITE / "play" / "modern.html.br"
    assert b"comet-app" in brotli.decompress(copy.read_bytes())
    worker = (SITE / "service-worker.js").read_text(encoding="utf-8")
    assert f'const COMET_BUILD = "{builds.pop()}"' in worker
    precached = set(re.findall(r'url:"([^"]+)"', worker))
    for name in ("play/modern.html", "play/learn.html", "play/puzzles.html", "play/drills.html", "play/index.html"):
        assert name in precached, name
    wasm = [u for u in precached if u.endswith("pyodide.asm.wasm")]
    assert wasm and (SITE / wasm[0]).stat().st_size > 2 * 1024 * 1024  # (over Workbox's default limit)
    assert not [u for u in precached if u.endswith((".br", ".gz"))]
