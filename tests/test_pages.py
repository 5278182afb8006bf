"""website.pages: the playable pages' notebooks, their URL settings, and forged widget values."""

from __future__ import annotations

import html
from typing import Any

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import comet  # noqa: E402
from tests.widget_helpers import click, forge  # noqa: E402
from widgets import PlayTable  # noqa: E402
from widgets.common import MAX_SEED  # noqa: E402
from website.landing import PRACTICE, TOGETHER  # noqa: E402
from website.pages import (FAMILIES, PAGE_TITLES, addresses_markdown, games_markdown, page_title, parse_query,  # noqa: E402
                           play_page, query_string)

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "book" / "play"



def part(page: Any, cls: str) -> Any:
    """The child of a page's widget that carries the CSS class ``cls``."""
    return next(w for w in page.children if cls in w._dom_classes)

def test_families_are_the_pages() -> None:
    assert FAMILIES == {
        "hoc": ("hoc-third-stage",),
        "manille": ("old-comet-1718",),
        "new-comet": ("new-comet-1752", "yanovsky-1804", "yanovsky-exchange", "single-pack-joker"),
        "modern": ("modern-comet-1991", "two-handed-arnold-2011", "comet-6-8-players"),
        "commit": ("commit-1857", "commit-1991", "commit-2011"),
    }
    assert sorted(p.stem for p in PLAY.glob("*.ipynb")) == sorted([*FAMILIES, *PRACTICE, *TOGETHER])
    assert not set(FAMILIES) & set(PRACTICE)


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_notebook_is_one_thin_cell(name: str) -> None:
    """The page's heading and its one sentence are the widget's, in the reader's language (the
    games it names are the package's, not retyped); the address's settings are in the README."""
    nb = json.loads((PLAY / f"{name}.ipynb").read_text())
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    code = "".join(nb["cells"][0]["source"])
    assert code == f'from website.pages import play_page\n\nplay_page("{name}")'
    assert nb["cells"][0]["outputs"] == []
    for lang in ("en", "ru"):
        head = part(play_page(name, f"lang={lang}"), "comet-page-heading").value
        assert html.escape(page_title(name, lang)) in head and html.escape(games_markdown(name, lang)) in head
    assert "?" not in games_markdown(name) and len(games_markdown(name)) < 260


def test_readme_documents_the_addresses() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Play pages' addresses\n\n" + addresses_markdown() + "\n" in readme
    example = re.search(r"html\?([^`]+)`", addresses_markdown())
    assert example and parse_query("modern", example.group(1)).problems == []
    for family, ids in FAMILIES.items():
        assert f"| `{family}` | " + ", ".join(f"`{vid}`" for vid in ids) + " |" in readme


def test_book_links_name_existing_pages() -> None:
    """Every {play}`...` link in the book's sources names a page of book/play/ (or "/")."""
    missing = []
    for path in (ROOT / "book").rglob("*.md"):
        for m in re.finditer(r"\{play\}`([^`]*)`", path.read_text()):
            target = m.group(1)
            target = target.rsplit("<", 1)[1].rstrip(">").strip() if target.endswith(">") else target.strip()
            target = target.partition("?")[0]  # (the settings of its address: tests/test_links.py)
            if target.strip("/") and not (PLAY / (target.strip("/").removesuffix(".ipynb") + ".ipynb")).is_file():
                missing.append(f"{path.relative_to(ROOT)}: {target}")
    assert not missing, f"links to play pages that do not exist: {missing}"


def test_good_addresses() -> None:
    s = parse_query("modern", "variant=comet-6-8-players&players=7&bot=search-fast&seed=7&lang=fr")
    assert (s.variant, s.players, s.bot, s.seed, s.lang, s.problems) == (
        "comet-6-8-players", 7, "search-fast", 7, "fr", [])
    s = parse_query("commit", "")
    assert (s.variant, s.players, s.bot, s.seed, s.problems) == ("commit-1857", 2, "greedy", 1, [])
    assert parse_query("commit", "?variant=commit-2011").players == 3  # its smallest table
    assert parse_query("hoc", f"seed={MAX_SEED}").seed == MAX_SEED
    assert parse_query("hoc", "seed=0").seed == 0


@pytest.mark.parametrize(("query", "words"), [
    ("variant=commit-1991", "not played on this page but on “Play Commit”"),
    ("variant=nope", "not a game of this page. Playing Modern comet;"),
    ("variant=", "not a game of this page"),
    ("players=9", "played by 2 to 5 players, not '9'"),
    ("players=-2", "not '-2'"),
    ("players=2.0", "not '2.0'"),
    ("players=٣", "not '٣'"),  # a non-ASCII digit
    ("bot=alphazero", "is not a kind of bot. The bots are Greedy bots"),
    ("seed=-1", "the deal number is a whole number from 0 to 1,000,000,000"),
    (f"seed={MAX_SEED + 1}", "the deal number is a whole number"),
    ("seed=" + "9" * 500, "the deal number is a whole number"),
    ("seed=1e3", "the deal number is a whole number"),
    ("lang=xx", "not a language of this page; the page is in English. Its languages: English, Français"),
    ("seats=person,robot", "the seats could not be read from 'person,robot' (2 seats"),
    ("mode=cinema", "not a mode of the table"),
    ("colour=red", "'colour' is not a setting of this page"),
    ("seed=3&seed=4", "seed is given twice"),
    ("x=" + "a" * 70_000, "too long"),
    ("&".join(f"k{i}=1" for i in range(30)), "too many settings"),
    ("%ZZ=%00&players=%FF", "not a setting"),
])
def test_bad_addresses_give_readable_problems_and_defaults(query: str, words: str) -> None:
    s = parse_query("modern", query)
    assert any(words in p for p in s.problems), s.problems
    assert s.variant in FAMILIES["modern"] and s.players in comet.VARIANTS[s.variant].players
    table = play_page("modern", query)
    assert table.errors == 0
    notice = part(table, "comet-query-notice")
    assert "Some settings in the address were not used" in notice.value
    assert all(len(p) < 600 for p in s.problems)
    # no internal id in a notice: the page's game ids, the bots' and seats' names in the address
    ids = [*comet.VARIANTS, "search-fast", "greedy", "person"]
    assert not any(i in p.replace(repr(query), "") for p in s.problems for i in ids if i not in query), s.problems
    assert not table.round.is_over


def test_notice_is_escaped() -> None:
    table = play_page("hoc", "bot=<img src=x onerror=alert(1)>")
    notice = part(table, "comet-query-notice").value
    assert "<img" not in notice and "&lt;img" in notice


def test_page_settings_reach_the_table() -> None:
    table = play_page("new-comet", "variant=yanovsky-exchange&players=4&bot=random&seed=12&lang=ru")
    assert isinstance(table, PlayTable)
    assert table.match.variant.id == "yanovsky-exchange" and table.round.players == 4
    assert (table.bot_choice.value, table.seed_choice.value, table.lang_choice.value) == ("random", 12, "ru")
    assert [v for _, v in table.variant_choice.options] == list(FAMILIES["new-comet"])
    assert not table.messages.is_error
    assert "comet-play" in table._dom_classes


def test_query_string_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=3&seed=9")
    assert query_string() == "players=3&seed=9"
    table = play_page("manille")
    assert table.round.players == 3 and table.seed_choice.value == 9
    monkeypatch.delenv("QUERY_STRING")
    assert query_string() == ""
    # A pre-heated kernel whose Voila is unreachable still opens the page (with the defaults).
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", "9")  # nothing listens there
    monkeypatch.setenv("VOILA_KERNEL_ID", "00000000-0000-0000-0000-000000000000")
    assert query_string() == ""


@pytest.mark.parametrize(("env", "kept", "delay"), [
    (None, None, 0.3), ("0", None, 0.0), (None, "0", 0.0), (None, "1.5", 1.5), ("0.1", "0", 0.1),
    (None, "2.5", 0.3), (None, "-1", 0.3), (None, "nan", 0.3), (None, "fast", 0.3), ("x", "0.2", 0.2)])
def test_the_bots_pace_from_the_server_or_the_browser(monkeypatch: pytest.MonkeyPatch, env: str | None,
                                                      kept: str | None, delay: float) -> None:
    """A server's $COMET_BOT_DELAY first, then the browser's comet:bot-delay, each only from 0 to
    2 seconds; else the default."""
    from widgets import browser
    from website.pages import BOT_DELAY_KEY, page_bot_delay

    if env is None:
        monkeypatch.delenv("COMET_BOT_DELAY", raising=False)
    else:
        monkeypatch.setenv("COMET_BOT_DELAY", env)
    browser.load_storage(json.dumps({} if kept is None else {BOT_DELAY_KEY: kept}))
    try:
        assert page_bot_delay() == delay
    finally:
        browser.load_storage("{}")


def test_sequence_class_changes_after_every_action() -> None:
    table = play_page("modern", "seed=5")

    def seq() -> int:
        return int(next(c for c in table._dom_classes if c.startswith("comet-seq-")).removeprefix("comet-seq-"))

    n = seq()
    table.button_for(table.shown_plays[0]).click()  # type: ignore[union-attr]
    assert seq() > n
    n = seq()
    click(table.other_button)  # hidden: an error message, a new sequence number too
    assert table.messages.is_error and seq() > n


def test_forged_values_through_set_state_leave_the_game_unchanged() -> None:
    """What a hostile client can send over the widget protocol (``comm_msg`` ``update``)."""
    table = play_page("commit", "variant=commit-1991&players=4&seed=3")
    history = list(table.round.history)
    html = table.table.value
    from traitlets import TraitError

    for widget, state in ((table.variant_choice, {"index": 99}), (table.variant_choice, {"index": "commit"}),
                          (table.players_choice, {"index": -7}), (table.seed_choice, {"value": "lots"}),
                          (table.other_choice, {"index": 3})):
        with pytest.raises((TraitError, TypeError, ValueError)):
            widget.set_state(state)  # the comm handler logs this; no callback runs
    assert table.round.history == history and table.table.value == html
    # Values that pass the widget's own checks reach the callbacks, which refuse them in words.
    for widget, value, words in ((table.players_choice, 99, "players"), (table.seed_choice, -1, "seed"),
                                 (table.variant_choice, "no-such-game", "not a game")):
        old = widget.value
        forge(widget, "value", value)
        assert table.messages.is_error and words in table.messages.text
        widget._trait_values["value"] = old  # (what the browser still shows)
    for b in table._pool:
        if b not in table.play_buttons.children:
            click(b)
            assert table.messages.is_error
    if "pass" not in table.shown_plays:
        click(table.pass_button)
        assert "not a legal play" in table.messages.text
    assert table.round.history == history and table.table.value == html
    assert table.errors >= 4


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_introduction_does_not_claim_suit_following_the_rules_lack(name: str) -> None:
    """A page whose games ignore suits must not tell the visitor to follow suit (the Hoc and
    manille pages once did)."""
    text = games_markdown(name)
    if not any(comet.VARIANTS[vid].rules.in_suit for vid in FAMILIES[name]):
        assert not re.search(r"\b(in|same|follow) suit\b", text), text


@pytest.mark.parametrize("name", sorted(PRACTICE))
def test_practice_notebook_is_a_title_and_one_thin_cell(name: str) -> None:
    nb = json.loads((PLAY / f"{name}.ipynb").read_text())
    # (each page's heading and introduction are the widget's, in the reader's language)
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    nb["cells"].insert(0, {"cell_type": "markdown", "source": [f"# {PAGE_TITLES[name]}"]})
    module = {"puzzles": "study", "drills": "study", "replay": "pages", "learn": "study"}[name]
    page = {"puzzles": "puzzle_page", "drills": "drill_page", "replay": "replay_page", "learn": "learn_page"}[name]
    assert "".join(nb["cells"][1]["source"]) == f"from website.{module} import {page}\n\n{page}()"
    assert nb["cells"][1]["outputs"] == []


def test_the_landing_page_offers_the_lessons_first() -> None:
    """A newcomer's first link: "New here? Learn to play", before the games and in each language."""
    from website.landing import landing_body, static_links

    for lang in ("en", "fr", "ru", "es"):
        text = landing_body(static_links(), "browser", lang=lang)
        learn = text.index('class="learn" href="learn.html' + ("" if lang == "en" else f"?lang={lang}"))
        assert learn < text.index('href="modern.html')
    assert "New here?" not in landing_body({"modern": "modern.html"}, "browser")


def test_the_lessons_page_reads_its_lesson_and_refuses_a_bad_one() -> None:
    from website.study import learn_page

    table = learn_page("lesson=modern-stops&lang=fr")
    assert table.lesson.lesson.id == "modern-stops" and table.lang == "fr" and not table.query_problems
    bad = learn_page("lesson=<b>no</b>&seed=3")  # where the learner left off
    assert bad.lesson.lesson.id == "modern-stops" and len(bad.query_problems) == 2
    notice = bad.children[bad.children.index(bad.page_head) + 1]  # (under the heading; the skip link first)
    assert "&lt;b&gt;" in notice.value and "<b>no" not in notice.value


def test_landing_lists_the_practice_pages_after_the_games() -> None:
    from website.landing import games_html

    text = games_html({"modern": "modern.html", "puzzles": "puzzles.html", "drills": "drills.html"})
    assert text.index("modern.html") < text.index("<h2>Practice</h2>") < text.index("puzzles.html")
    assert 'class="practice-link" href="drills.html"' in text
    assert "Practice" not in games_html({"modern": "modern.html"})


@pytest.mark.parametrize("name", sorted([*FAMILIES, *PRACTICE]))
def test_tab_title_names_the_page(name: str) -> None:
    """Voilà's template and the static page both take the tab's title from the notebook's
    ``title`` metadata: the page's heading (the game), then " — Comet"."""
    nb = json.loads((PLAY / f"{name}.ipynb").read_text())
    if nb["cells"][0]["cell_type"] == "markdown":
        heading = "".join(nb["cells"][0]["source"]).splitlines()[0].removeprefix("# ")
    else:  # the widget's heading, in English (lang.js names the tab after it in the reader's language)
        heading = page_title(name)
    assert nb["metadata"]["title"] == heading + " — Comet"
