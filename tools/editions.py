#!/usr/bin/env python3
"""The book's French, Russian and Spanish editions (issue 47): their catalogs, and their builds.

    python tools/editions.py po           # the English pages' messages (_build/gettext/<page>.pot),
                                          # and each language's catalogs updated from them (make book-po)
    python tools/editions.py pot          # the .pot only (make book builds them for the checks)
    python tools/editions.py build        # the editions fr/, ru/, es/ into _build/html (make book, after
                                          # the English build: they use its notebooks' cache)
    python tools/editions.py check        # the catalogs are those of the English pages as they are,
                                          # and complete (no untranslated or fuzzy message); exit 1 if not

The English pages are the only source. Sphinx's own pipeline: ``sphinx-build -b gettext`` writes one
template per page (``gettext_compact = False``), ``sphinx-intl update`` makes or updates each
language's catalog of that page, ``book/locales/<lang>/LC_MESSAGES/<page>.po`` (``<page>`` is the page's
path without its suffix: ``book/rules/modern``); a new or changed English paragraph arrives empty (or
fuzzy, which the build does not use), a removed one is kept at the end as an obsolete ``#~`` entry. The
catalogs' build runs no notebook: what a page computes is not in them (its words are the interface's
catalogs, ``comet_render/locale``, and each value is glued in each language: ``bookkit.editions``).

An edition is the English build's configuration (``_config.yml``) with ``language`` set: Jupyter Book
1.x passes no ``-D language`` (jupyter-book #1791), so this calls the function its command line
calls (``jupyter_book.sphinx.build_sphinx``) with the language among the overrides. The three
editions build in processes of their own, side by side, from the English build's notebook cache
(``_build/.jupyter_cache``: a notebook missing from it stops the build rather than run again), each
into ``_build/editions/<lang>/html``, then move to ``_build/html/<lang>/``. There the files they
share with the site's root (the theme's, ours, the vendored scripts: the same bytes) are removed and
their pages link to the root's instead, as to the play pages (``play/``, with ``lang``), which exist
once (:func:`share_with_root`); then the precompressed copies of the large files.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "_build"
HTML = BUILD / "html"
GETTEXT = BUILD / "gettext"
STAGING = BUILD / "editions"
LOCALES = ROOT / "book" / "locales"
LANGS = ("fr", "ru", "es")
"""The translated editions (English, the source, is the site's root)."""
SHARED = ("_static", "play")
"""The root's folders an edition's pages may link into: the static files and the play pages."""


def overrides(**extra: Any) -> dict[str, Any]:
    """The Sphinx settings ``jupyter-book build .`` adds to ``_config.yml``'s, and ``extra``."""
    return {"external_toc_path": str(ROOT / "_toc.yml"), "latex_individualpages": False, **extra}


def sphinx(builder: str, out: Path, doctrees: Path, settings: dict[str, Any], strict: bool) -> int:
    """One Sphinx build of the book, as ``jupyter-book build`` makes it, with ``settings`` on top
    (``strict``: as ``make book``'s, ``-W -n --keep-going``). Sphinx's own lines of progress are left
    out (warnings are not): our extensions say what the build does."""
    from jupyter_book.sphinx import build_sphinx

    result = build_sphinx(str(ROOT), str(out), noconfig=True, path_config=str(ROOT / "_config.yml"),
                          doctreedir=str(doctrees), builder=builder, confoverrides=overrides(**settings),
                          freshenv=True, warningiserror=strict, keep_going=strict, quiet=True)
    return result if isinstance(result, int) else 1


# ------------------------------------------------------------------------------------- catalogs
def pot(out: Path = GETTEXT) -> int:
    """The English pages' messages, one template per page under ``out``; no notebook runs."""
    shutil.rmtree(out, ignore_errors=True)
    settings = {"project": "Comet", "nb_execution_mode": "off", "gettext_compact": False, "gettext_uuid": False,
                "gettext_location": True, "gettext_additional_targets": []}
    status = sphinx("gettext", out, out.parent / ".doctrees-gettext", settings, strict=False)
    shutil.rmtree(out.parent / ".doctrees-gettext", ignore_errors=True)
    return status


def update(langs: tuple[str, ...] = LANGS) -> int:
    """Each language's catalogs made or updated from the templates (``sphinx-intl update``)."""
    command = [str(Path(sys.executable).parent / "sphinx-intl"), "update", "-p", str(GETTEXT), "-d", str(LOCALES)]
    for lang in langs:
        command += ["-l", lang]
    return subprocess.run(command, cwd=ROOT).returncode


def messages(path: Path) -> set[tuple[str, str | None]]:
    """The messages (id and context) of a template or catalog, obsolete ones aside."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def stale(pots: Path = GETTEXT, langs: tuple[str, ...] = LANGS) -> list[str]:
    """What the catalogs lack or keep against the English pages' templates: one line per page and
    language whose messages differ (a page whose English changed, or a new page)."""
    out = []
    templates = {p.relative_to(pots).with_suffix("").as_posix(): p for p in sorted(pots.rglob("*.pot"))}
    for lang in langs:
        folder = LOCALES / lang / "LC_MESSAGES"
        kept = {p.relative_to(folder).with_suffix("").as_posix() for p in folder.rglob("*.po")} if folder.is_dir() else set()
        for page, template in templates.items():
            catalog = folder / f"{page}.po"
            if not catalog.is_file():
                out.append(f"{lang}: {page}: no catalog ({catalog.relative_to(ROOT)})")
                continue
            want, have = messages(template), messages(catalog)
            if want != have:
                out.append(f"{lang}: {page}: {len(want - have)} English message(s) not in the catalog, "
                           f"{len(have - want)} no longer in the page (run `make book-po`, then translate)")
        out += [f"{lang}: {page}: a catalog of no page" for page in sorted(kept - templates.keys())]
    return out


def incomplete(langs: tuple[str, ...] = LANGS) -> list[str]:
    """Every catalog with an untranslated or fuzzy message: one line each, with the counts."""
    from babel.messages.pofile import read_po

    out = []
    for lang in langs:
        for path in sorted((LOCALES / lang / "LC_MESSAGES").rglob("*.po")):
            with path.open("rb") as f:
                catalog = read_po(f)
            found = [m for m in catalog if m.id]
            empty = sum(1 for m in found if not m.string or (isinstance(m.string, tuple) and not all(m.string)))
            fuzzy = sum(1 for m in found if m.fuzzy and m.string)
            if empty or fuzzy:
                out.append(f"{path.relative_to(ROOT)}: {len(found)} messages, {empty} untranslated, {fuzzy} fuzzy")
    return out


# ------------------------------------------------------------------------------------- editions
def build_one(lang: str) -> int:
    """The edition in ``lang`` into ``_build/editions/<lang>/html`` (the English build first)."""
    from bookkit.editions import TITLE
    from comet_render.i18n import book_words

    staging = STAGING / lang
    shutil.rmtree(staging, ignore_errors=True)
    settings = {
        "language": lang,
        "html_title": book_words(lang)(TITLE),
        "nitpicky": True,
        "comet_edition_root": str(HTML),
        "nb_execution_cache_path": str(BUILD / ".jupyter_cache"),
        # Our own files only: the vendored ones (43 MB) are the root's.
        "html_static_path": ["book/_assets"],
    }
    return sphinx("html", staging / "html", staging / ".doctrees", settings, strict=True)


def _relay(lang: str, stream: Any) -> None:
    for line in stream:
        sys.stdout.write(f"[{lang}] {line}")
        sys.stdout.flush()


def build(langs: tuple[str, ...] = LANGS, jobs: int = 3) -> int:
    """Every edition, ``jobs`` at a time, each in a process of its own (its lines marked ``[fr]``);
    then each goes to its folder."""
    import threading

    if not (HTML / "index.html").is_file():
        print("editions: build the English edition first (make book)", file=sys.stderr)
        return 1
    pending, failed = list(langs), []
    running: dict[str, subprocess.Popen[str]] = {}
    start = time.monotonic()
    while pending or running:
        while pending and len(running) < jobs:
            lang = pending.pop(0)
            print(f"editions: building the {lang} edition", flush=True)
            process = subprocess.Popen([sys.executable, __file__, "build-one", lang], cwd=ROOT, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=1)
            threading.Thread(target=_relay, args=(lang, process.stdout), daemon=True).start()
            running[lang] = process
        for lang, process in list(running.items()):
            if process.poll() is not None:
                del running[lang]
                print(f"editions: the {lang} edition built in {time.monotonic() - start:.0f} s "
                      f"(exit {process.returncode})", flush=True)
                if process.returncode != 0:
                    failed.append(lang)
        time.sleep(0.5)
    for lang in langs:
        if lang not in failed:
            place(lang)
    return 1 if failed else 0


def place(lang: str) -> None:
    """The built edition into ``_build/html/<lang>/``, sharing the root's files; its copies."""
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    from comet_precompress import precompress

    target = HTML / lang
    shutil.rmtree(target, ignore_errors=True)
    shutil.move(str(STAGING / lang / "html"), str(target))
    removed, rewritten = share_with_root(target, HTML, lang)
    files, size, _gz, br = precompress(target, ROOT / "_vendor" / "compressed")
    print(f"editions: {lang}/: {removed} files shared with the root, links in {rewritten} pages; "
          f"{files} precompressed copies ({size / 1e6:.1f} MB, brotli {br / 1e6:.1f} MB)", flush=True)


LINK = re.compile(r"""(?P<quote>["'(])(?P<path>(?:\.\./)*(?:_static|play)/[^"'()\s?#]*)(?P<rest>[^"'()\s]*)""")
"""A relative address into ``_static/`` or ``play/`` in a page (an attribute, a script's JSON, a CSS ``url()``)."""


def share_with_root(edition: Path, root: Path, lang: str) -> tuple[int, int]:
    """The edition's files that are the root's own (same path, same bytes) removed, and every
    address in its pages that pointed at a file it lacks pointed at the root's (a play page with
    ``lang``). Returns the files removed and the pages changed."""
    removed = 0
    for path in sorted((edition / "_static").rglob("*")):
        twin = root / path.relative_to(edition)
        if path.is_file() and twin.is_file() and path.read_bytes() == twin.read_bytes():
            path.unlink()
            removed += 1
    for folder in sorted((edition / "_static").rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    if (edition / "play").is_dir() and (root / "play").is_dir():  # the play pages exist once, at the root (with
        removed += sum(1 for p in (edition / "play").rglob("*") if p.is_file())  # lang): so does play/rooms.json
        shutil.rmtree(edition / "play")
    changed = 0
    for page in sorted(edition.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        new = LINK.sub(lambda m: _to_root(m, page.parent, edition, root, lang), text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    return removed, changed


def _to_root(match: re.Match[str], here: Path, edition: Path, root: Path, lang: str) -> str:
    path, rest = match["path"], match["rest"]
    target = (here / path).resolve()
    try:
        inside = target.relative_to(edition.resolve())
    except ValueError:
        return match.group(0)  # already outside the edition
    if (edition / inside).exists() or inside.parts[0] not in SHARED or not (root / inside).exists():
        return match.group(0)
    if inside.parts[0] == "play" and "lang=" not in rest:
        query, mark, anchor = rest.partition("#")
        amp = "&amp;" if match["quote"] in "\"'" else "&"
        rest = (f"{query}{amp}lang={lang}" if query else f"?lang={lang}") + mark + anchor
    return match["quote"] + "../" + path + rest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("po", "pot", "build", "build-one", "check"))
    parser.add_argument("langs", nargs="*", default=list(LANGS), help="languages (default: fr ru es)")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("COMET_EDITION_JOBS", "3")),
                        help="editions built at once (default 3, or $COMET_EDITION_JOBS)")
    args = parser.parse_args(argv)
    langs = tuple(args.langs)
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown:
        parser.error(f"unknown language {', '.join(unknown)}: the editions are {', '.join(LANGS)}")
    if args.command == "pot":
        return pot()
    if args.command == "po":
        return pot() or update(langs)
    if args.command == "build":
        return build(langs, max(1, args.jobs))
    if args.command == "build-one":
        return build_one(langs[0])
    problems = stale(langs=langs) + incomplete(langs)
    print("\n".join(problems) if problems else "editions: every catalog is up to date and complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
