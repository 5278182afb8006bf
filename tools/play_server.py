#!/usr/bin/env python3
"""Voilà for the playable pages, with what Voilà 0.5.8 (pinned) lacks for a class of visitors.

    python tools/play_server.py book/play/ [Voilà's options]     # what tools/serve.py runs

Voilà itself (``voila.app.Voila``), with these changes:

* **A page that is left frees its kernel.** Leaving a page sends ``POST
  /voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's value, which jupyter_server checks
  against the cookie; Voilà's page handler never sets that cookie (with pre-heated kernels the
  page is rendered before the request), so every shutdown was refused (403 "'_xsrf' argument
  missing from POST") and kernels piled up until the cull. The page handler here sets it.
* **Idle games are cut, after a warning.** The kernel of a page with no move for
  ``MappingKernelManager.cull_idle_timeout`` seconds is culled (``tools/serve.py`` sets minutes,
  not hours); the page is told those numbers (``cometIdle`` in its page config) and the pages'
  template (``tools/jupyter/voila/templates/comet``) warns the visitor before the cut.
* **Our own root and error pages.** The root is a landing page presenting the games
  (:func:`widgets.landing.landing_html`) instead of a list of ``.ipynb`` names built by
  JupyterLab scripts (which logged "Plugin ... failed to activate" errors); a wrong address
  (``/nosuch.ipynb``, ``/voila/render/nosuch.ipynb``) gets :func:`widgets.landing.not_found_html`
  with links back to the games, instead of Voilà's error page, which loads FontAwesome from a
  CDN.

* **Memory given back after a class.** Every ``TRIM_INTERVAL`` seconds in which kernels were
  freed, the server collects its garbage and asks the C allocator to return free memory to the
  system (glibc's ``malloc_trim``): the buffers of twenty visitors at once were otherwise kept
  by the process long after they left.

Environment: ``COMET_BOOK_URL``, the book's address, linked from the landing page.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
from collections.abc import Callable, Collection
from http import HTTPStatus
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from tornado import ioloop, web
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from widgets.landing import error_html, landing_html, not_found_html

IDLE_WARNING = 120
"""Seconds before the cut at which the page warns a visitor who has made no move."""
TRIM_INTERVAL = 20
"""Seconds between two looks at whether kernels were freed (then memory is given back)."""


def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl)."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


class MemoryTrimmer:
    """Give memory back to the system once kernels have been freed (see the module's docstring).

    ``kernels()`` gives the running kernels' ids: a kernel seen at the last
    look and gone now was freed. By ids, because the count missed most departures of visitors in
    turn: the pool's replacement kernel (started ``fill_delay`` s after the visitor took one)
    brings the count back up between two looks. The garbage of their renders (Jinja templates,
    notebook nodes: cycles, up to 15 MB of them, that Python's rare full collections leave for
    long) then filled pymalloc's arenas, which grew and stayed: in a probe (2026-12-04) the server
    went from 125 MB after a burst of 20 to 138 and 144 MB after 40 and 100 visits in turn
    (pymalloc's arenas 67 -> 75 MB, live objects flat at 56 MB); by ids, 126 MB after the burst,
    then 123, 124 and 124.5 MB after 20, 40 and 60 visits (the arenas at 67 MB throughout)."""

    def __init__(self, kernels: Callable[[], Collection[str]]) -> None:
        self.kernels = kernels
        self.trim = _malloc_trim()
        self.last: frozenset[str] | None = None
        self.trims = 0

    def __call__(self) -> None:
        seen = frozenset(self.kernels())
        if self.last is not None and self.last - seen:  # a kernel seen last time is gone: freed
            gc.collect()
            if self.trim is not None:
                self.trim(0)
            self.trims += 1
        self.last = seen


class OwnErrorPages:
    """Error pages of ours: a sentence and links back to the games, nothing from another host."""

    request: Any
    settings: dict[str, Any]

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        base = self.settings.get("base_url", "/")
        if status_code == 404:
            page = not_found_html(self.request.path, base)
        else:
            reason = HTTPStatus(status_code).phrase if status_code in HTTPStatus._value2member_map_ else "Error"
            page = error_html(status_code, reason, base)
        self.set_header("Content-Type", "text/html; charset=UTF-8")  # type: ignore[attr-defined]
        self.finish(page)  # type: ignore[attr-defined]


class PlayPageHandler(OwnErrorPages, TornadoVoilaHandler):  # type: ignore[misc]
    """A playable page: Voilà's, and the ``_xsrf`` cookie its shutdown request sends back."""

    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # (tornado sets the cookie when the token is first read)
        await super().get(path)


class LandingHandler(OwnErrorPages, JupyterHandler):  # type: ignore[misc]
    """The root: the games, their periods and players, and links to play them."""

    def initialize(self, **kwargs: Any) -> None:
        pass

    @web.authenticated
    def get(self, path: str = "") -> None:
        if path.strip("/"):
            raise web.HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(landing_html(self.settings.get("base_url", "/"), os.environ.get("COMET_BOOK_URL") or None))


class NotFoundHandler(OwnErrorPages, JupyterHandler):  # type: ignore[misc]
    """Any address no other handler serves."""

    def prepare(self) -> None:  # type: ignore[override]
        raise web.HTTPError(404)


class CometVoila(Voila):  # type: ignore[misc]
    """Voilà with the handlers above (see the module's docstring)."""

    name = "voila"

    def start(self) -> None:
        self.voila_configuration.page_config_hook = self._page_config
        trimmer = MemoryTrimmer(lambda: list(self.kernel_manager.list_kernel_ids()))
        ioloop.PeriodicCallback(trimmer, TRIM_INTERVAL * 1000).start()
        super().start()

    def _page_config(self, page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Tell the page when an idle game is cut, so that it can warn its visitor first."""
        km = self.kernel_manager
        cull = float(getattr(km, "cull_idle_timeout", 0) or 0)
        if cull > 0 and getattr(km, "cull_connected", False):
            page_config["cometIdle"] = {"cut": cull, "warn": max(cull - IDLE_WARNING, cull / 2),
                                        "interval": float(getattr(km, "cull_interval", 300))}
        return page_config

    def init_handlers(self) -> list[Any]:
        handlers = []
        for spec in super().init_handlers():
            pattern, handler, *rest = spec
            if handler is TornadoVoilaHandler:
                handler = PlayPageHandler
            elif handler is TornadoVoilaTreeHandler:
                handler = LandingHandler
            handlers.append((pattern, handler, *rest))
        self.app.settings["default_handler_class"] = NotFoundHandler
        self.app.settings["default_handler_args"] = {}
        return handlers


def main() -> None:
    CometVoila.launch_instance()


if __name__ == "__main__":
    main()
