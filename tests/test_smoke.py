"""Smoke tests of the project infrastructure (imports nothing from comet)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from load_file import load_file

ROOT = Path(__file__).resolve().parent.parent


def test_config_parses() -> None:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["title"] == "Comet: a family of card games"
    assert config["execute"]["execute_notebooks"] == "cache"
    assert config["only_build_toc_files"] is True
    assert config["repository"]["url"].startswith("https://github.com/")
    assert config["launch_buttons"]["thebe"] is False


def _toc_entries(entries: list[dict[str, Any]]) -> list[str]:
    """The files of a list of chapters or sections, their own sections included."""
    files: list[str] = []
    for entry in entries:
        if "file" in entry:
            files.append(entry["file"])
        files += _toc_entries(entry.get("sections", []))
    return files


def toc_files() -> list[str]:
    """Every file the table of contents lists: the root, then each part's chapters and sections
    (a toc without parts lists its chapters at the top)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]] + _toc_entries(toc.get("chapters", []))
    for part in toc.get("parts", []):
        files += _toc_entries(part.get("chapters", []))
    return files


def test_toc_lists_every_part() -> None:
    files = toc_files()
    assert len(files) == len(set(files)), "a page is listed twice"
    # The toc's parts: history and rules, analysis, reference (each has pages).
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    assert toc["parts"] and all(part["chapters"] for part in toc["parts"])
    assert {"book/history/origins", "book/analysis/who-wins", "book/reference/glossary"} <= set(files)


def test_toc_files_exist() -> None:
    for name in toc_files():
        assert (ROOT / f"{name}.md").is_file() or (ROOT / f"{name}.ipynb").is_file(), name


def test_every_page_is_in_the_toc() -> None:
    """Every page under book/ (but the Voila pages) is in the toc, so `only_build_toc_files`
    leaves none out unnoticed."""
    listed = set(toc_files())
    pages = {str(p.relative_to(ROOT).with_suffix("")) for p in (ROOT / "book").rglob("*.md")
             if "_build" not in p.parts and ".ipynb_checkpoints" not in p.parts}
    assert pages <= listed, sorted(pages - listed)


def test_play_pages_are_valid_notebooks() -> None:
    pages = sorted((ROOT / "book" / "play").glob("*.ipynb"))
    assert pages, "book/play/ has no notebook"
    for page in pages:
        notebook = json.loads(page.read_text(encoding="utf-8"))
        assert notebook["nbformat"] == 4
        assert notebook["metadata"]["kernelspec"]["name"] == "python3"


def test_play_url_role() -> None:
    ext = load_file("book/_ext/comet_play.py", "comet_play")
    base = "http://127.0.0.1:8866/"
    assert ext.play_page_url(base, "hello") == "http://127.0.0.1:8866/voila/render/hello.ipynb"
    assert ext.play_page_url(base, "sub/x.ipynb") == "http://127.0.0.1:8866/voila/render/sub/x.ipynb"
    assert ext.play_page_url(base, "/") == "http://127.0.0.1:8866/"
    assert ext.static_page_url("book/rules/modern", "modern") == "../../play/modern.html"
    assert ext.static_page_url("book/intro", "/") == "../play/index.html"
    assert ext.static_page_url("index", "hoc.ipynb") == "play/hoc.html"
    assert ext.static_page_url("book/rules/modern", "puzzles?family=modern") == "../../play/puzzles.html?family=modern"


def test_voila_command_serves_only_play_dir() -> None:
    serve = load_file("tools/serve.py", "comet_serve")
    command = serve.voila_command(9999)
    assert str(ROOT / "book" / "play") in command
    assert "--Voila.ip=127.0.0.1" in command
    assert "--port=9999" in command
    assert "--VoilaConfiguration.show_tracebacks=False" in command
    assert "--VoilaConfiguration.strip_sources=True" in command
