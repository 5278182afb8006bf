"""The play server's guard, its numbers (issue 37): who a visitor is behind a proxy, the limit per
address, the default cap from the memory, the options' errors, and the small pages it answers with."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from comet_render.i18n import words
from load_file import load_file
from website.busy import BUSY, busy_html
from website.landing import error_html, not_found_html

limits = load_file("tools/play_limits.py", "play_limits")
serve = load_file("tools/serve.py", "comet_serve")

PROXY = limits.parse_networks("127.0.0.2, 10.0.0.0/8")


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "client"), [
    # No trusted proxy (the default): the header is whatever the client wrote, ignored.
    ("127.0.0.1", "198.51.100.7", (), "127.0.0.1"),
    ("203.0.113.5", "198.51.100.7", PROXY, "203.0.113.5"),  # not from a trusted proxy
    # From the proxy: the entry it appended (the right-most); what the client sent before it is not believed.
    ("127.0.0.2", "198.51.100.7", PROXY, "198.51.100.7"),
    ("127.0.0.2", "1.2.3.4, 198.51.100.7", PROXY, "198.51.100.7"),
    # Through two trusted proxies (10.1.2.3 passed it on to 127.0.0.2): the first address not a proxy's.
    ("127.0.0.2", "1.2.3.4, 198.51.100.7, 10.1.2.3", PROXY, "198.51.100.7"),
    # Only proxies in the chain: the left-most is the furthest we can trust.
    ("127.0.0.2", "10.0.0.9", PROXY, "10.0.0.9"),
    # The proxy passed on garbage or nothing: the proxy's own address.
    ("127.0.0.2", "not-an-address", PROXY, "127.0.0.2"),
    ("127.0.0.2", None, PROXY, "127.0.0.2"),
    ("127.0.0.2", " , ", PROXY, "127.0.0.2"),
    # IPv6, and IPv4 written as IPv6.
    ("127.0.0.2", "2001:db8::1", PROXY, "2001:db8::1"),
    ("::ffff:127.0.0.2", "::ffff:198.51.100.7", PROXY, "198.51.100.7"),
])
def test_the_visitors_address(peer: str, forwarded: str | None, trusted: tuple[object, ...], client: str) -> None:
    assert limits.client_address(peer, forwarded, trusted) == client


def test_an_ipv6_host_is_its_64() -> None:
    assert limits.address_key("2001:db8:1:2:aaaa::1") == limits.address_key("2001:db8:1:2:bbbb::7") == "2001:db8:1:2::/64"
    assert limits.address_key("2001:db8:1:3::1") != limits.address_key("2001:db8:1:2::1")
    assert limits.address_key("198.51.100.7") == "198.51.100.7"


def test_bad_trusted_proxies_are_refused_by_name() -> None:
    assert limits.parse_networks("") == ()
    assert limits.parse_networks("127.0.0.1 10.0.0.0/8") == (ipaddress.ip_network("127.0.0.1"),
                                                             ipaddress.ip_network("10.0.0.0/8"))
    with pytest.raises(ValueError, match="'proxy' is not an IP address or network"):
        limits.parse_networks("127.0.0.1, proxy")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_at_most_n_new_kernels_per_address_in_any_minute() -> None:
    clock = Clock()
    limiter = limits.AddressLimiter(2, clock=clock)
    assert limiter.wait("198.51.100.7") == 0
    limiter.record("198.51.100.7")
    clock.now += 10
    limiter.record("198.51.100.7")
    assert limiter.wait("198.51.100.7") == pytest.approx(50)  # the first leaves the window 60 s after it came
    assert limiter.wait("198.51.100.8") == 0  # another address is not held back
    limiter.record("2001:db8::1")
    assert limiter.wait("2001:db8::2") == 0  # (one of two in its /64)
    limiter.record("2001:db8::2")
    assert limiter.wait("2001:db8::3") > 0
    limiter.record("198.51.100.9")  # a request that began, then got no kernel (a 503): taken back
    limiter.record("198.51.100.9")
    assert limiter.wait("198.51.100.9") > 0
    limiter.forget("198.51.100.9")
    assert limiter.wait("198.51.100.9") == 0
    clock.now += 50
    assert limiter.wait("198.51.100.7") == 0
    limiter.record("198.51.100.7")
    assert limiter.wait("198.51.100.7") == pytest.approx(10)


def test_no_limit_and_a_flood_of_addresses_is_forgotten() -> None:
    clock = Clock()
    unlimited = limits.AddressLimiter(0, clock=clock)
    for _ in range(100):
        unlimited.record("198.51.100.7")
    assert unlimited.wait("198.51.100.7") == 0 and len(unlimited) == 0
    limiter = limits.AddressLimiter(1, clock=clock)
    for i in range(5000):  # a flood from many addresses (behind a trusted proxy, each its own)
        limiter.record(str(ipaddress.ip_address("10.0.0.0") + i))
    assert len(limiter) == 5000
    clock.now += 61
    for i in range(5000):
        limiter.record(str(ipaddress.ip_address("11.0.0.0") + i))
    assert len(limiter) <= 5000  # those of a minute ago were forgotten (the dictionary is swept as it doubles)


def test_the_default_cap_is_half_the_available_memory_in_kernels() -> None:
    gib = 1 << 30
    assert limits.KERNEL_MB == 64 and limits.MEMORY_SHARE == 0.5
    assert limits.default_max_kernels(24 * gib) == 192
    assert limits.default_max_kernels(2 * gib) == 16
    assert limits.default_max_kernels(10 << 20) == 1  # never 0: one kernel at least
    assert limits.default_max_kernels(None) == limits.FALLBACK_MAX_KERNELS


def test_the_available_memory_is_the_smaller_of_the_machines_and_the_containers(tmp_path: Path) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemFree: 1 kB\nMemAvailable:    8000000 kB\n")
    cgroup = tmp_path / "cgroup"
    cgroup.mkdir()
    assert limits.available_memory(meminfo, cgroup) == 8000000 * 1024
    (cgroup / "memory.max").write_text("max\n")  # cgroup v2 without a limit
    (cgroup / "memory.current").write_text("1000\n")
    assert limits.available_memory(meminfo, cgroup) == 8000000 * 1024
    (cgroup / "memory.max").write_text(f"{3 << 30}\n")  # a 3 GiB container, 1 GiB of it used
    (cgroup / "memory.current").write_text(f"{1 << 30}\n")
    assert limits.available_memory(meminfo, cgroup) == 2 << 30
    assert limits.available_memory(tmp_path / "none", cgroup) == 2 << 30
    assert limits.available_memory(tmp_path / "none", tmp_path / "none") is None


def test_the_options_from_the_environment() -> None:
    assert serve.Guard.from_env({}) == serve.Guard(0, 60.0, 30, "")
    guard = serve.Guard.from_env({"COMET_MAX_KERNELS": "12", "COMET_CONNECT_TIMEOUT": "2.5",
                                  "COMET_KERNELS_PER_ADDRESS": "0", "COMET_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8"})
    assert guard == serve.Guard(12, 2.5, 0, "127.0.0.1, 10.0.0.0/8")
    command = serve.voila_command(8866, guard=guard)
    assert "--CometVoila.max_kernels=12" in command and "--CometVoila.connect_timeout=2.5" in command
    assert "--CometVoila.kernels_per_address=0" in command
    assert "--CometVoila.trusted_proxies=127.0.0.1, 10.0.0.0/8" in command


@pytest.mark.parametrize(("env", "message"), [
    ({"COMET_MAX_KERNELS": "many"}, "COMET_MAX_KERNELS='many': expected a whole number, 0 or more"),
    ({"COMET_MAX_KERNELS": "-1"}, "COMET_MAX_KERNELS='-1': expected a whole number"),
    ({"COMET_KERNELS_PER_ADDRESS": "2.5"}, "COMET_KERNELS_PER_ADDRESS='2.5': expected a whole number"),
    ({"COMET_CONNECT_TIMEOUT": "0"}, "COMET_CONNECT_TIMEOUT='0': expected a number of seconds above 0"),
    ({"COMET_CONNECT_TIMEOUT": "nan"}, "COMET_CONNECT_TIMEOUT='nan'"),
    ({"COMET_TRUSTED_PROXIES": "127.0.0.1, my-proxy"}, "'my-proxy' is not an IP address or network"),
])
def test_a_bad_option_is_a_clear_error(env: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError) as error:
        serve.Guard.from_env(env)
    assert message in str(error.value)


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "es"])
def test_the_busy_pages_in_the_visitors_language(lang: str) -> None:
    for status in (503, 429):
        page = busy_html(status, lang, "/voila/render/hoc.ipynb?seed=3&lang=" + lang)
        said = words(lang)(BUSY[status])
        assert f'<html lang="{lang}">' in page and f"<h1>{said}</h1>" in page
        assert lang == "en" or said != BUSY[status], "the catalog has no translation"
        assert 'href="/voila/render/hoc.ipynb?seed=3&amp;lang=' in page  # try again: the same address
        assert len(page.encode()) < 4000
    assert busy_html(503, "xx") == busy_html(503, "en")  # an unknown language: English


def test_the_error_pages_are_small() -> None:
    """A 404 was 221 KB (the games' hands, pictured, in four languages): scanners ask for thousands."""
    page = not_found_html("/wp-login.php")
    assert len(page.encode()) < 30_000
    assert "No such page" in page and "Back to the games" in page and '"voila/render/hoc.ipynb' in page
    assert len(error_html(500, "Internal Server Error").encode()) < 30_000
