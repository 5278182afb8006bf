"""The Voilà server against a careless or hostile visitor (issue 37): plain GETs of a page, no browser.

One server for the module, with small options so that every mechanism shows within seconds: no
pre-heated kernels, at most 2 live kernels, 2 s for a page to connect, 1 new kernel per address a
minute, and ``X-Forwarded-For`` believed from 127.0.0.2 only (a "proxy": requests sent from that
loopback address). Each test first waits until no kernel is left from the one before.
"""

from __future__ import annotations

import http.client
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import psutil
import pytest

from comet_render.i18n import words
from website.busy import BUSY

from .conftest import Served, fake_book, start_serve, stop_serve
from .soak import kernels
from .widget_ws import WidgetClient, kernel_id

pytestmark = pytest.mark.xdist_group("voila-guard")  # (one process: the module's one server)

CAP = 2
TIMEOUT = 2.0
CHECK = 0.5
"""How often the server looks for kernels to cut (a quarter of the timeout, at least 0.5 s)."""
PROXY = "127.0.0.2"
DIRECT = "127.0.0.1"
LANGS = ("en", "fr", "ru", "es")


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    log = tmp_path_factory.mktemp("guard") / "serve.log"
    served = start_serve(fake_book(tmp_path_factory), pool_size=0, fill_delay=0, log=log, extra_env={
        "COMET_MAX_KERNELS": str(CAP), "COMET_CONNECT_TIMEOUT": f"{TIMEOUT:g}", "COMET_KERNELS_PER_ADDRESS": "1",
        "COMET_TRUSTED_PROXIES": PROXY})
    try:
        yield served
    finally:
        stop_serve(served.process)
    text = log.read_text()
    assert "At most 2 live kernels; a page has 2 s to connect" in text, text[-3000:]
    assert "Traceback" not in text, text[-3000:]


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: str


def get(served: Served, path: str, forwarded: str | None = None, via: str = DIRECT, cookie: str = "") -> Answer:
    """GET ``path`` of the play server from the loopback address ``via``, with ``X-Forwarded-For``."""
    connection = http.client.HTTPConnection("127.0.0.1", served.play_port, timeout=60, source_address=(via, 0))
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    try:
        connection.request("GET", "/" + path, headers=headers)
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read().decode("utf-8", "replace"))
    finally:
        connection.close()


def page(name: str, query: str = "seed=1") -> str:
    return f"voila/render/{name}.ipynb?{query}"


def no_kernels_left(served: Served, limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while kernels(served.process.pid):
        assert time.monotonic() < deadline, "kernels of the test before were not cut"
        time.sleep(0.2)


def alive(kernel: str) -> bool:
    for proc in psutil.process_iter(["cmdline"]):
        if kernel in " ".join(proc.info["cmdline"] or []):
            return True
    return False


def assert_busy(answer: Answer, status: int, lang: str) -> None:
    assert answer.status == status, (answer.status, answer.body[:300])
    assert answer.headers["Content-Language"] == lang
    assert answer.headers["Cache-Control"] == "no-store"
    said = words(lang)(BUSY[status])
    assert f'<html lang="{lang}">' in answer.body and f"<h1>{said}</h1>" in answer.body, answer.body[-600:]


@dataclass
class Visitor:
    """A visitor whose page connected to its kernel (the page's websocket, as the page opens it)."""

    kernel: str
    xsrf: str
    client: WidgetClient

    def leave(self, served: Served) -> None:
        """Close the page: its websocket, then Voilà's shutdown request (with the ``_xsrf`` cookie)."""
        self.client.close()
        connection = http.client.HTTPConnection("127.0.0.1", served.play_port, timeout=30)
        connection.request("POST", f"/voila/api/shutdown/{self.kernel}",
                           headers={"Cookie": f"_xsrf={self.xsrf}", "X-XSRFToken": self.xsrf})
        assert connection.getresponse().status == 204
        connection.close()


def visit(served: Served, name: str, forwarded: str) -> Visitor:
    answer = get(served, page(name), forwarded=forwarded, via=PROXY)
    assert answer.status == 200, (answer.status, answer.body[:300])
    cookies = [c.split(";", 1)[0] for c in answer.headers.get_all("Set-Cookie") or []]
    xsrf = next(c.split("=", 1)[1] for c in cookies if c.startswith("_xsrf="))
    kernel = kernel_id(answer.body)
    return Visitor(kernel, xsrf, WidgetClient(served.play_url, kernel))


def test_beyond_the_cap_a_page_says_all_tables_are_busy(guarded: Served) -> None:
    no_kernels_left(guarded)
    visitors = [visit(guarded, "hoc", forwarded=f"198.51.100.{10 + i}") for i in range(CAP)]
    try:
        assert len(kernels(guarded.process.pid)) == CAP
        for i, lang in enumerate(LANGS):  # each from an address of its own (the limit per address is 1)
            answer = get(guarded, page("modern", f"seed=3&lang={lang}"), forwarded=f"198.51.100.{20 + i}", via=PROXY)
            assert_busy(answer, 503, lang)
            assert answer.headers["Retry-After"] == "60"
            assert 'href="/voila/render/modern.ipynb?seed=3&amp;lang=' in answer.body  # "try again": the same page
        assert len(kernels(guarded.process.pid)) == CAP, "a kernel was started beyond the cap"
    finally:
        for visitor in visitors:
            visitor.leave(guarded)


def test_a_kernel_whose_page_never_connects_is_shut_down(guarded: Served) -> None:
    no_kernels_left(guarded)
    left = kernel_id(get(guarded, page("hoc"), forwarded="198.51.100.40", via=PROXY).body)
    left_sent = time.monotonic()
    kept = visit(guarded, "hoc", forwarded="198.51.100.41")
    sent = time.monotonic()
    try:
        while alive(left):
            assert time.monotonic() - left_sent < TIMEOUT + CHECK + 5, "a kernel never connected to is still running"
            time.sleep(0.05)
        assert time.monotonic() - left_sent > TIMEOUT - 0.3  # (counted from when its page was sent)
        time.sleep(max(0.0, sent + TIMEOUT + 2 * CHECK + 1 - time.monotonic()))
        assert alive(kept.kernel), "the kernel of a page that connected was shut down"
    finally:
        kept.leave(guarded)


def test_a_kernel_is_kept_while_its_visitor_is_still_downloading_the_page(guarded: Served) -> None:
    """The page connects once its scripts have come (5 MB: a minute on a class's Wi-Fi)."""
    no_kernels_left(guarded)
    answer = get(guarded, page("hoc"), forwarded="198.51.100.60", via=PROXY)
    kernel = kernel_id(answer.body)
    scripts = re.findall(r'src="/(voila/(?:static|templates)/[^"?]+)', answer.body)
    assert scripts, "the page links no script of Voilà's"
    sent = time.monotonic()
    while time.monotonic() - sent < TIMEOUT + 2 * CHECK + 1:  # its files, slowly, past the timeout
        assert get(guarded, scripts[0], forwarded="198.51.100.60", via=PROXY).status == 200
        time.sleep(0.3)
    assert alive(kernel), "the kernel of a page still loading was shut down"
    stopped = time.monotonic()
    while alive(kernel):  # the downloads stop (the visitor went): cut
        assert time.monotonic() - stopped < TIMEOUT + 2 * CHECK + 5, "the kernel outlived its page's loading"
        time.sleep(0.1)


def test_new_kernels_per_address_a_minute(guarded: Served) -> None:
    no_kernels_left(guarded)
    # Three requests at once from one address: one kernel (the first counts as it begins, not once its kernel started).
    start = time.monotonic()
    with ThreadPoolExecutor(3) as pool:
        statuses = sorted(pool.map(lambda i: get(guarded, page("hoc", f"seed={i}"), forwarded="198.51.100.7",
                                                 via=PROXY).status, range(3)))
    assert statuses == [200, 429, 429]
    again = get(guarded, page("hoc", "lang=ru"), forwarded="198.51.100.7", via=PROXY)
    assert_busy(again, 429, "ru")
    # the wait is until the minute of the first request is over (counted from when it began: on a busy machine
    # its kernel can take many seconds to start, which the wait does not add)
    since = time.monotonic() - start
    assert 60 - since - 1 <= int(again.headers["Retry-After"]) <= 60, since
    # Another address behind the proxy: the entry the proxy wrote counts, not what the client wrote before it.
    assert get(guarded, page("hoc"), forwarded="198.51.100.7, 198.51.100.8", via=PROXY).status == 200
    no_kernels_left(guarded)  # (its kernels gone: the limit is on new kernels a minute, not live ones)
    assert get(guarded, page("hoc"), forwarded="198.51.100.7", via=PROXY).status == 429
    # Not from the proxy: X-Forwarded-For is not believed, the address is the connection's.
    assert get(guarded, page("hoc"), forwarded="198.51.100.30").status == 200
    assert_busy(get(guarded, page("hoc", "lang=es"), forwarded="198.51.100.31"), 429, "es")


@pytest.mark.parametrize("path", ["nosuch", "voila/render/nosuch.ipynb", "wp-login.php?action=register"])
def test_the_404_page_is_small(guarded: Served, path: str) -> None:
    answer = get(guarded, path)
    assert answer.status == 404 and "No such page" in answer.body
    assert len(answer.body.encode()) < 30_000  # (it was 221 KB)
