"""How many kernels the play server may run, and who is asking: the numbers behind its guard.

Standard library only; used by ``tools/play_server.py`` (see its docstring for what the guard does).

* :func:`default_max_kernels`: the cap on live kernels when none is given: half the memory
  available when the server starts, in kernels of :data:`KERNEL_MB` each.
* :func:`client_address`: the visitor's address, from ``X-Forwarded-For`` only when the request
  came through a trusted proxy; :func:`address_key` groups an IPv6 host's /64.
* :class:`AddressLimiter`: at most N new kernels per address in any minute.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

KERNEL_MB = 64
"""What one more live kernel costs, in MB, counted high: a page's kernel as ``/proc`` gives its RSS
(shared pages counted in full; 2026-12-06, ``bench/hostile.py``: 58 MB pre-heated and waiting for its
visitor, 58 MB once its page was sent to a visitor who never connected, 61 MB after five plays; PSS
42 to 45 MB, shared pages counted once) plus what Voilà keeps for it (2 to 2.3 MB a kernel in a
flood), rounded up. ``bench/README.md``, "The play server under a flood", has the run."""
MEMORY_SHARE = 0.5
"""The share of the memory available at start that kernels may take by default (the rest: the
system, the book's server, the play server itself, and a margin: RSS counts shared pages in full)."""
FALLBACK_MAX_KERNELS = 16
"""The cap when the available memory cannot be read (no ``/proc/meminfo``)."""
IPV6_PREFIX = 64
"""An IPv6 host usually holds a whole /64: its addresses count as one."""


def _read_int(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def cgroup_room(root: Path = Path("/sys/fs/cgroup")) -> int | None:
    """Bytes this process's container may still take (cgroup v2 ``memory.max`` less
    ``memory.current``, or v1's ``limit_in_bytes`` less ``usage_in_bytes``); None without a limit."""
    for limit, usage in (("memory.max", "memory.current"),
                         ("memory/memory.limit_in_bytes", "memory/memory.usage_in_bytes")):
        most, used = _read_int(root / limit), _read_int(root / usage)
        if most is not None and used is not None and most < 1 << 60:  # (v1 says "no limit" with 2**63)
            return max(0, most - used)
    return None


def available_memory(meminfo: Path = Path("/proc/meminfo"), cgroup: Path = Path("/sys/fs/cgroup")) -> int | None:
    """Bytes available to new processes: the kernel's ``MemAvailable``, or less if a container's
    limit leaves less; None where neither can be read."""
    found: int | None = None
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                found = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        found = None
    room = cgroup_room(cgroup)
    if room is not None:
        found = room if found is None else min(found, room)
    return found


def default_max_kernels(available: int | None, kernel_mb: float = KERNEL_MB, share: float = MEMORY_SHARE) -> int:
    """The cap on live kernels for ``available`` bytes: ``share`` of it in kernels of ``kernel_mb``
    (at least 1); :data:`FALLBACK_MAX_KERNELS` when unknown."""
    if available is None:
        return FALLBACK_MAX_KERNELS
    return max(1, math.floor(available * share / (kernel_mb * 1024 * 1024)))


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(text: str) -> tuple[Network, ...]:
    """``"127.0.0.1, 10.0.0.0/8"`` -> those networks (an address is a network of one); a clear
    ``ValueError`` for anything else."""
    networks = []
    for part in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"{part!r} is not an IP address or network (e.g. 127.0.0.1 or 10.0.0.0/8)") from None
    return tuple(networks)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_address(peer: str, forwarded: str | None, trusted: Iterable[Network]) -> str:
    """The visitor's address. ``peer`` is the connection's; ``forwarded`` the ``X-Forwarded-For``
    header, believed only hop by hop from the right while the hop that wrote an entry is one of
    the ``trusted`` proxies (entries further left could be anything the client sent). With no
    trusted proxy, the header is ignored."""
    trusted = tuple(trusted)
    address = _ip(peer)
    if address is None:
        return peer
    entries = [e for e in (forwarded or "").split(",") if e.strip()]
    while entries and any(address in net for net in trusted):
        earlier = _ip(entries.pop())
        if earlier is None:  # garbage the proxy passed on: the proxy's own word is the last we trust
            break
        address = earlier
    return str(address)


def address_key(address: str) -> str:
    """What the per-address limit counts by: an IPv4 address, or an IPv6 address's /64."""
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip) if ip is not None else address


class AddressLimiter:
    """At most ``per_window`` new kernels per address in any ``window`` seconds (0: no limit).

    :meth:`wait` says how long an address must wait (0: it may have one now); :meth:`record`
    counts a kernel it was given (as its request begins, so that requests at once cannot pass the
    limit together; :meth:`forget` takes it back if none was). Addresses with nothing in the window
    are forgotten."""

    def __init__(self, per_window: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_window = per_window
        self.window = window
        self.clock = clock
        self._given: dict[str, deque[float]] = {}
        self._swept = 0

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._given.get(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may have a new kernel (0 if now)."""
        if self.per_window <= 0:
            return 0.0
        now = self.clock()
        times = self._recent(address_key(address), now)
        if len(times) < self.per_window:
            return 0.0
        return max(0.0, times[0] + self.window - now)

    def record(self, address: str) -> None:
        """``address`` was given a kernel now."""
        if self.per_window <= 0:
            return
        now = self.clock()
        key = address_key(address)
        times = self._recent(key, now)
        times.append(now)
        self._given[key] = times
        if len(self._given) > 2 * self._swept + 1024:  # many addresses: forget those done
            self._given = {k: t for k, t in self._given.items() if self._recent(k, now)}
            self._swept = len(self._given)

    def forget(self, address: str) -> None:
        """Take back the latest :meth:`record` of ``address`` (counted as a request began; it got no kernel)."""
        times = self._given.get(address_key(address))
        if times:
            times.pop()

    def __len__(self) -> int:
        return len(self._given)

