"""Smoke tests of the project infrastructure (imports nothing from comet)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_config_parses() -> None:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["title"] == "Comet: a family of card games"
    assert config["execute"]["execute_notebooks"] == "cache"
    assert config["only_build_toc_files"] is True
    assert config["repository"]["url"].startswith("https://github.com/")
    assert config["launch_buttons"]["thebe"] is False


def test_toc_files_exist() -> None:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]] + [chapter["file"] for chapter in toc.get("chapters", [])]
    for name in files:
        assert (ROOT / f"{name}.md").is_file() or (ROOT / f"{name}.ipynb").is_file(), name


def test_play_pages_are_valid_notebooks() -> None:
    pages = sorted((ROOT / "book" / "play").glob("*.ipynb"))
    assert pages, "book/play/ has no notebook"
    for page in pages:
        notebook = json.loads(page.read_text(encoding="utf-8"))
        assert notebook["nbformat"] == 4
        assert notebook["metadata"]["kernelspec"]["name"] == "python3"


def test_play_url_role() -> None:
    ext = _load(ROOT / "book" / "_ext" / "comet_play.py", "comet_play")
    base = "http://127.0.0.1:8866/"
    assert ext.play_page_url(base, "hello") == "http://127.0.0.1:8866/voila/render/hello.ipynb"
    assert ext.play_page_url(base, "sub/x.ipynb") == "http://127.0.0.1:8866/voila/render/sub/x.ipynb"
    assert ext.play_page_url(base, "/") == "http://127.0.0.1:8866/"
    assert ext.static_page_url("book/rules/modern", "modern") == "../../play/modern.html"
    assert ext.static_page_url("book/intro", "/") == "../play/index.html"
    assert ext.static_page_url("index", "hoc.ipynb") == "play/hoc.html"


def test_voila_command_serves_only_play_dir() -> None:
    serve = _load(ROOT / "tools" / "serve.py", "comet_serve")
    command = serve.voila_command(9999)
    assert str(ROOT / "book" / "play") in command
    assert "--Voila.ip=127.0.0.1" in command
    assert "--port=9999" in command
    assert "--VoilaConfiguration.show_tracebacks=False" in command
    assert "--VoilaConfiguration.strip_sources=True" in command
