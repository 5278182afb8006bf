"""The page watch of the browser tests judges an aborted request by whether its page was left since."""
from __future__ import annotations

from tests.browser.conftest import PageWatch


def test_an_aborted_request_fails_unless_its_page_was_left_after_it() -> None:
    watch = PageWatch(aborted=[("http://127.0.0.1/_static/favicon.svg: net::ERR_ABORTED", 1)], navigations=1)
    assert watch.failures() == ["http://127.0.0.1/_static/favicon.svg: net::ERR_ABORTED"]
    watch.navigations = 2  # the redirect page was left for the page it names
    assert watch.failures() == []
    watch.assert_clean()
