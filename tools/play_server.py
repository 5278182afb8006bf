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
  (:func:`website.landing.landing_html`) instead of a list of ``.ipynb`` names built by
  JupyterLab scripts (which logged "Plugin ... failed to activate" errors); a wrong address
  (``/nosuch.ipynb``, ``/voila/render/nosuch.ipynb``) gets :func:`website.landing.not_found_html`
  with links back to the games, instead of Voilà's error page, which loads FontAwesome from a
  CDN.

* **Memory given back after a class.** Every ``TRIM_INTERVAL`` seconds in which kernels were
  freed, the server collects its garbage and asks the C allocator to return free memory to the
  system (glibc's ``malloc_trim``): the buffers of twenty visitors at once were otherwise kept
  by the process long after they left.

* **A server that stays up for its class** (issue 37). Each plain GET of a page starts a kernel;
  so that no loop of requests can fill the machine's memory:

  - at most ``--CometVoila.max_kernels`` live kernels (running or starting, pre-heated ones
    included; default: half the memory available at start, in kernels of
    ``play_limits.KERNEL_MB``); beyond it a page answers 503 "all tables are busy, try again in
    a minute" with ``Retry-After``, in the page's ``lang``, instead of starting one. A visitor
    handed a pool's ready kernel adds none, so is served at the cap; a pool's refill waits for room
    (and starts alone, 2 s after the one before, not while a visitor's kernel starts or page
    renders, nor within 10 s of a 503); at the cap, a visitor whose page has no ready kernel takes the place of another page's;
  - a kernel whose page has not connected to it within ``--CometVoila.connect_timeout`` seconds
    (default 60) of being sent is shut down (``play_kernels.CometKernelManager``), unless its
    address is still downloading the page's files (``play_guard.NotesLoading``: up to 5 minutes);
  - at most ``--CometVoila.kernels_per_address`` new kernels per client address in any minute
    (default 30; 0: no limit), beyond which 429 with ``Retry-After``; the address is taken from
    ``X-Forwarded-For`` only for requests from ``--CometVoila.trusted_proxies`` (none by default);
  - the 404 page is about 16 KB (the games' names and links, without the pictures of hands).

  Refusals are not logged one by one: a line every 10 s counts them (``play_guard.RefusalLog``).

Environment: ``COMET_BOOK_URL``, the book's address, linked from the landing page.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import sys
from collections.abc import Callable, Collection
from http import HTTPStatus
from pathlib import Path
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from tornado import ioloop, web
from traitlets import Float, Int, TraitError, Unicode, validate
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from comet_render.i18n import words
from website.busy import busy_html
from website.landing import error_html, landing_html, not_found_html

if str(Path(__file__).resolve().parent) not in sys.path:  # (loaded by path, as the tests do)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from lifeline import die_with_parent  # noqa: E402
from play_guard import Guard, NotesLoading, RefusalLog, log_request  # noqa: E402
from play_kernels import HANDED, ROOM, CometKernelManager, KernelCapReached, Room  # noqa: E402
from play_limits import AddressLimiter, available_memory, default_max_kernels, parse_networks  # noqa: E402

IDLE_WARNING = 120
"""Seconds before the cut at which the page warns a visitor who has made no move."""
TRIM_INTERVAL = 20
"""Seconds between two looks at whether kernels were freed (then memory is given back)."""
BUSY_RETRY_AFTER = 60
"""``Retry-After`` of a 503 "all tables are busy" (what its sentence says: in a minute)."""


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
    """A playable page: Voilà's, and the ``_xsrf`` cookie its shutdown request sends back; no
    kernel beyond the cap or the address's share (503, 429: :func:`website.busy.busy_html`)."""

    comet_refused = False
    _pooled: str | None = None
    _hand: Callable[[str], None] | None = None

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        guard: Guard = self.settings["comet_guard"]
        km: CometKernelManager = self.kernel_manager
        address = guard.address(self.request)
        room: Room | None = None
        counted = self._is_page(km, path or "")
        if counted:
            wait = guard.limiter.wait(address)
            if wait > 0:
                return self.refuse(HTTPStatus.TOO_MANY_REQUESTS, wait)
            self._pooled = km.pool_kernel(path or "")
            if self._pooled is None and not km.has_room():
                room = await km.make_room(path or "")
                if room is None:
                    return self.refuse(HTTPStatus.SERVICE_UNAVAILABLE, BUSY_RETRY_AFTER)
            guard.limiter.record(address)  # (now: taken back below if no kernel is handed)
        handed: list[str] = []

        def hand(kernel_id: str) -> None:
            handed.append(kernel_id)
            guard.owners[kernel_id] = address
            km.hand_out(kernel_id)

        self._hand = hand
        token = HANDED.set(hand)  # (a kernel started for this page is handed to it)
        room_token = ROOM.set(room)
        self.xsrf_token  # (tornado sets the cookie when the token is first read)
        try:
            await super().get(path)
        except KernelCapReached:  # (another request took the last room meanwhile: nothing was sent)
            if self._headers_written:
                raise
            self.clear()
            return self.refuse(HTTPStatus.SERVICE_UNAVAILABLE, BUSY_RETRY_AFTER)
        finally:
            HANDED.reset(token)
            ROOM.reset(room_token)
            if room is not None:
                km.release(room)
            for kernel_id in handed:
                km.page_sent(kernel_id)
            if counted and not handed:
                guard.limiter.forget(address)

    @staticmethod
    def _is_page(km: Any, path: str) -> bool:
        root = Path(km.root_dir).resolve()
        page = (root / path).resolve()
        return page.suffix == ".ipynb" and page.parent == root and page.is_file()

    def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
        """A pre-heated kernel only if its pool's first is ready (:meth:`get` found it): Voilà would
        await one still starting, or waiting for room at the cap. Voilà takes it right after."""
        use = bool(self._pooled is not None and super().should_use_rendered_notebook(*args, **kwargs))
        if use and self._hand is not None:
            self._hand(str(self._pooled))
        return use

    def refuse(self, status: HTTPStatus, wait: float) -> None:
        """No table now: ``status`` (503 or 429), ``Retry-After``, a page in the address's ``lang``."""
        lang = self.get_argument("lang", "en")
        self.comet_refused = True
        self.settings["comet_guard"].refused[int(status)] += 1
        if status == HTTPStatus.SERVICE_UNAVAILABLE:
            self.kernel_manager.refused()  # (no pool refill takes the room they wait for)
        self.set_status(int(status))
        self.set_header("Retry-After", str(max(1, round(wait + 0.5))))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Language", words(lang).lang)
        self.finish(busy_html(int(status), lang, self.request.uri or "", self.settings.get("base_url", "/")))


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
    """Voilà with the handlers above and the guard's options (see the module's docstring)."""

    name = "voila"
    max_kernels = Int(0, config=True, help="At most this many live kernels (0: from the memory available at start).")
    connect_timeout = Float(60.0, config=True, help="Seconds a sent page has to connect to its kernel.")
    kernels_per_address = Int(30, config=True, help="New kernels per client address in any minute (0: no limit).")
    trusted_proxies = Unicode("", config=True,
                              help="Addresses or networks (comma-separated) whose X-Forwarded-For is believed.")

    @validate("max_kernels", "kernels_per_address")
    def _at_least_zero(self, proposal: Any) -> int:
        if proposal["value"] < 0:
            raise TraitError(f"{proposal['trait'].name} must be 0 or more, not {proposal['value']}")
        return int(proposal["value"])

    @validate("connect_timeout")
    def _above_zero(self, proposal: Any) -> float:
        if not proposal["value"] > 0:
            raise TraitError(f"connect_timeout must be above 0 seconds, not {proposal['value']}")
        return float(proposal["value"])

    @validate("trusted_proxies")
    def _networks(self, proposal: Any) -> str:
        try:
            parse_networks(proposal["value"])
        except ValueError as error:
            raise TraitError(f"trusted_proxies: {error}") from None
        return str(proposal["value"])

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.voila_configuration.multi_kernel_manager_class = CometKernelManager

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        km: CometKernelManager = self.kernel_manager
        km.max_kernels = self.max_kernels or default_max_kernels(available_memory())
        km.connect_timeout = self.connect_timeout
        guard = Guard(AddressLimiter(self.kernels_per_address), parse_networks(self.trusted_proxies),
                      loading_window=min(10.0, self.connect_timeout))
        settings["comet_guard"] = guard
        self.log.info("At most %d live kernels%s; a page has %g s to connect to its kernel; %s new kernels "
                      "per address a minute; X-Forwarded-For believed from: %s", km.max_kernels,
                      "" if self.max_kernels else " (half the memory available now)", km.connect_timeout,
                      self.kernels_per_address or "any number of", self.trusted_proxies or "no one")
        check = min(5.0, max(0.5, km.connect_timeout / 4))
        ioloop.PeriodicCallback(lambda: km.cut_unconnected(guard.loading), check * 1000).start()
        ioloop.PeriodicCallback(lambda: guard.forget(km.list_kernel_ids()), 60_000).start()
        ioloop.PeriodicCallback(RefusalLog(guard, km, self.log), RefusalLog.INTERVAL * 1000).start()
        return settings

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
            elif isinstance(handler, type) and issubclass(handler, web.StaticFileHandler):
                handler = type(handler.__name__, (NotesLoading, handler), {})
            handlers.append((pattern, handler, *rest))
        self.app.settings["default_handler_class"] = NotFoundHandler
        self.app.settings["default_handler_args"] = {}
        self.app.settings["log_function"] = log_request
        return handlers


def main() -> None:
    die_with_parent()  # (started by tools/serve.py: gone with it, even when it is killed with SIGKILL)
    CometVoila.launch_instance()


if __name__ == "__main__":
    main()
