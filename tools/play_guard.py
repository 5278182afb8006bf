"""The play server's guard at the door: who a request is from, what it was refused, what is loading.

Used by ``tools/play_server.py`` (its page handler and the handlers of the pages' files):

* :class:`Guard`: the limit of new kernels per address, the proxies whose ``X-Forwarded-For`` is
  believed, the refusals counted, and the addresses still downloading a page's files;
* :class:`NotesLoading`: mixed into the handlers of the pages' files, it notes those downloads;
* :func:`log_request` and :class:`RefusalLog`: the access log without the refused pages, which a
  line every 10 s counts instead (a flood would otherwise write a line for each).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Collection
from typing import Any

from tornado.log import access_log

from play_kernels import CometKernelManager
from play_limits import AddressLimiter, Network, address_key, client_address


class Guard:
    """What the page handler asks before it hands out a kernel: the per-address limit, which
    proxies' ``X-Forwarded-For`` to believe, and the count of refusals for the log; and which
    addresses are still downloading a page's files (their unconnected kernels are kept meanwhile)."""

    def __init__(self, limiter: AddressLimiter, trusted: tuple[Network, ...], loading_window: float = 10.0) -> None:
        self.limiter = limiter
        self.trusted = trusted
        self.refused: Counter[int] = Counter()
        self.loading_window = loading_window
        self.fetched: dict[str, float] = {}  # address (key) -> when it was last sent a page's file, or a part
        self.owners: dict[str, str] = {}  # kernel id -> the address it was handed to

    def address(self, request: Any) -> str:
        return client_address(request.remote_ip or "", request.headers.get("X-Forwarded-For"), self.trusted)

    def loading(self, kernel_id: str) -> bool:
        """Whether the address ``kernel_id`` was handed to fetched a page's file ``loading_window`` s ago or less."""
        address = self.owners.get(kernel_id)
        return address is not None and time.monotonic() - self.fetched.get(address_key(address), -1e9) <= self.loading_window

    def forget(self, live: Collection[str]) -> None:
        """Drop what concerns kernels no longer live and addresses long quiet."""
        self.owners = {k: a for k, a in self.owners.items() if k in live}
        now = time.monotonic()
        self.fetched = {a: t for a, t in self.fetched.items() if now - t <= self.loading_window}


class NotesLoading:
    """A handler of the pages' files (scripts, styles, fonts): every request, and every part of a
    file sent, says that its address is still loading a page (:meth:`Guard.loading`)."""

    settings: dict[str, Any]
    request: Any

    def _note(self) -> None:
        guard: Guard | None = self.settings.get("comet_guard")
        if guard is not None:
            guard.fetched[address_key(guard.address(self.request))] = time.monotonic()

    def prepare(self) -> Any:
        self._note()
        return super().prepare()  # type: ignore[misc]

    def flush(self, *args: Any, **kwargs: Any) -> Any:
        self._note()
        return super().flush(*args, **kwargs)  # type: ignore[misc]


def log_request(handler: Any) -> None:
    """Tornado's access log, without the refused pages (counted instead: :class:`RefusalLog`)."""
    if getattr(handler, "comet_refused", False):
        return
    status = handler.get_status()
    log = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    request = handler.request
    log("%d %s %s (%s) %.2fms", status, request.method, request.uri, request.remote_ip, 1000 * request.request_time())


class RefusalLog:
    """Every ``INTERVAL`` s with refusals, one line: how many, why, the kernels."""

    INTERVAL = 10

    def __init__(self, guard: Guard, km: CometKernelManager, log: Any) -> None:
        self.guard, self.km, self.log = guard, km, log

    def __call__(self) -> None:
        refused = self.guard.refused
        if refused:
            self.log.warning("Refused %d page(s) in %d s: %d with all tables busy (%d of %d kernels live), "
                             "%d from addresses past their share; %d kernel(s) cut for never connecting so far",
                             sum(refused.values()), self.INTERVAL, refused[503], self.km.live(),
                             self.km.max_kernels, refused[429], self.km.cut)
            refused.clear()
