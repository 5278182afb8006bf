"""Links to a game and a position (widgets.links): a table's and a demo step's link carry the
record and the move; opening one shows the same deal at the same move; a bad link gives a notice."""

from __future__ import annotations

from typing import Any

import html
import re
from urllib.parse import parse_qs

import pytest

import comet
from comet.errors import InvalidPlayError
from widgets.links import MAX_LINK_RECORD, bare_record, position_query
from website.pages import parse_query, play_page, replay_page
from widgets.step import StepThrough



def part(page: Any, cls: str) -> Any:
    """The child of a page's widget that carries the CSS class ``cls``."""
    return next(w for w in page.children if cls in w._dom_classes)

def _href(widget_html: str, label: str) -> str:
    m = re.search(r'href="([^"]+)"[^>]*>' + re.escape(label), widget_html)
    assert m, widget_html[-400:]
    return html.unescape(m.group(1))


def _played(table: object, n: int) -> None:
    for _ in range(n):
        plays = table.shown_plays  # type: ignore[attr-defined]
        table.button_for(plays[0]).click()  # type: ignore[attr-defined]


def test_a_tables_link_opens_the_same_match_at_the_same_move() -> None:
    table = play_page("modern", "seed=3&players=3")
    _played(table, 4)
    href = _href(table.link.value, "Copy link to this position")
    assert href.startswith("?record=")
    query = parse_qs(href[1:])
    assert int(query["move"][0]) == len(table.round.history)
    again = play_page("modern", href[1:])
    assert again.round.history == table.round.history
    assert again.match.record() == table.match.record()
    assert again.round.players == 3 and again.players_choice.value == 3
    assert "Opened from a link" in again.messages.widget.value and "Your turn" in again.messages.widget.value
    _played(again, 1)  # and it plays on
    assert len(again.round.history) > len(table.round.history)


def test_a_link_to_a_bots_turn_shows_the_deal_then_the_bots_play_on() -> None:
    table = play_page("modern", "seed=5")
    record = table.match.record(comments=False)
    full = comet.replay(record)
    first_bot_move = next(i for i, (seat, _) in enumerate(table.round.history) if seat != 0)
    opened = play_page("modern", position_query(record, first_bot_move))
    assert opened.round.history[:first_bot_move] == full.round.history[:first_bot_move]
    assert opened.round.to_play == 0 or opened.round.is_over
    assert "The bots played on" in opened.messages.widget.value


def test_each_demo_step_links_to_the_replay_page_at_that_step() -> None:
    demo = StepThrough(variant="new-comet-1752", seed=11, step=8)
    href = _href(demo.sentence.value, "Copy link to this step")
    assert href.startswith("../../play/replay.html?record=") and href.endswith("&move=8")
    page = replay_page(href.split("?", 1)[1])
    assert (page.step, page.steps) == (8, demo.steps)
    assert page.full.history == demo.full.history
    play_on = _href(part(page, "comet-replay-play-on").value, "Play on from this step")
    assert play_on.startswith("new-comet.html?record=") and play_on.endswith("&move=8")
    page.next_button.click()
    assert _href(part(page, "comet-replay-play-on").value, "Play on from this step").endswith("&move=9")
    table = play_page("new-comet", play_on.split("?", 1)[1])
    assert table.round.history[:8] == demo.full.history[:8]


def test_a_record_pasted_as_text_opens_the_same_way() -> None:
    demo = StepThrough(variant="hoc-third-stage", seed=4)
    page = replay_page("")
    assert page.record_panel.selected_index == 0  # the box to paste a record is open
    page.record_text.value = demo.full.record()
    page.load_button.click()
    assert page.full.history == demo.full.history


@pytest.mark.parametrize(("query", "words"), [
    ("record=", "empty"),
    ("record=nonsense&move=1", "could not be replayed"),
    ("record=" + "x" * (MAX_LINK_RECORD + 1), "too long"),
    ('record=[Variant "modern-comet-1991"]%0A[Seed "1"]%0A%0A0: 7H', "seat 0 plays"),
    ('record=[Variant "modern-comet-1991"]%0A[Seed "1"]&move=5', "from 0 to 0"),
    ('record=[Variant "modern-comet-1991"]%0A[Seed "1"]&move=-1', "whole number"),
    ('record=[Variant "modern-comet-1991"]%0A[Players "lots"]', "must be a whole number"),
    ('record=[Variant "modern-comet-1991"]%0A[Seed "__import__(\'os\')"]', "number or a quoted text"),
    ('record=[Variant "modern-comet-1991"]%0A[Hand0 "7H"]', "missing: Hand1"),
    ('record=[Variant "hoc-third-stage"]%0A[Seed "1"]', "played on “Play Hoc”"),
    ("move=3", "without the record"),
    ("&".join(f"k{i}=1" for i in range(30)), "too many settings"),
])
def test_bad_links_give_a_readable_notice_and_a_new_match(query: str, words: str) -> None:
    settings = parse_query("modern", query.replace("[", "%5B").replace("]", "%5D").replace('"', "%22"))
    assert any(words in p for p in settings.problems), settings.problems
    assert settings.position is None
    table = play_page("modern", query)
    assert "comet-query-notice" in part(table, "comet-query-notice").value
    assert table.shown_plays  # a new match is there to play
    demo = replay_page(query)
    assert words == "played on “Play Hoc”" or "comet-query-notice" in part(demo, "comet-query-notice").value


def test_malformed_headers_are_named_by_the_engine() -> None:
    with pytest.raises(InvalidPlayError, match=r'\[Dealer "x"\] must be a whole number'):
        comet.replay('[Variant "modern-comet-1991"]\n[Seed "1"]\n[Dealer "x"]\n')
    with pytest.raises(InvalidPlayError, match="missing: Hand1"):
        comet.replay('[Variant "modern-comet-1991"]\n[Hand0 "7H"]\n')


def test_a_link_carries_the_record_without_its_comments() -> None:
    rnd = comet.replay(StepThrough(seed=2).full.record())
    assert ";" in rnd.record() and ";" not in bare_record(rnd.record())
    assert bare_record(rnd.record()) == rnd.record(comments=False)
    assert comet.replay(bare_record(rnd.record())).history == rnd.history


def test_every_chapter_links_to_its_familys_puzzles_and_drills() -> None:
    """The practice links at each chapter's end name a family and a game the pages know."""
    from pathlib import Path

    from comet_learn.drills import variants_for
    from comet_learn.puzzles import load

    families = {p.family for p in load()}
    chapters = ["history/origins", "rules/manille", "rules/new-comet", "rules/modern", "rules/commit"]
    seen = set()
    for chapter in chapters:
        text = (Path(__file__).resolve().parents[1] / "book" / f"{chapter}.md").read_text()
        family = re.search(r"<puzzles\?family=([a-z-]+)>", text)
        variant = re.search(r"<drills\?variant=([a-z0-9-]+)>", text)
        assert family and variant, chapter
        assert family.group(1) in families and variant.group(1) in variants_for("play")
        assert comet.VARIANTS[variant.group(1)].family.replace(" ", "-") == family.group(1)
        seen.add(family.group(1))
    assert seen == families
    from website.study import drill_page
    from website.study import puzzle_page

    assert puzzle_page("family=commit&level=hard").family_choice.value == "commit"
    assert drill_page("variant=commit-1991").variant_choice.value == "commit-1991"
    assert "no puzzles for &#x27;nope&#x27;" in puzzle_page("family=nope").notice.value


def test_every_exercise_position_opens_on_a_table_by_link() -> None:
    """Each exercise about a position shows a link to it (bookkit.position_link), which the
    replay page opens at that move."""
    from pathlib import Path

    import bookkit as book

    book_dir = Path(__file__).resolve().parents[1] / "book"
    for chapter in ["history/origins", "rules/manille", "rules/new-comet", "rules/modern", "rules/commit"]:
        text = (book_dir / f"{chapter}.md").read_text()
        blocks = re.findall(r"`{3,4}\{exercise\}[^\n]*\n:label: ([\w-]+)\n(.*?)\n`{3,4}\n(?!:format)", text, re.S)
        assert blocks, chapter
        for label, body in blocks:
            if label == "ex-curse":  # a history question, no position
                continue
            assert re.search(r"\{glue:md\} \w+_link", body), f"{chapter}: {label} has no link to its position"
    rnd = comet.Round.from_hands(comet.VARIANTS["old-comet-1718"], ["3C 4D 5H 6S 9D KC 2H", "7C 8S TC JH QD",
                                                                     "AS 2S 6D 7D 8H TH"], leader=0)
    for p in ["3C", "4D", "5H", "6S"]:
        rnd.play(p)
    href = html.unescape(re.search(r'href="([^"]+)"', book.position_link(rnd)).group(1))
    assert href.startswith("../../play/replay.html?") and href.endswith("&move=4")
    page = replay_page(href.split("?", 1)[1])
    assert page.step == 4 and page.cursor.legal_plays() == rnd.legal_plays()
