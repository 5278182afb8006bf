"""comet_render.svg_table: the table of a round as HTML with SVG cards."""

from __future__ import annotations

import pytest

import comet
import html

from comet_render.narrate import default_names, step_sentences
from comet_render.words import settlement
from comet_render.svg_table import hand_html, round_html, runs
from tests.engine_helpers import played


@pytest.mark.parametrize("variant", list(comet.VARIANTS))
def test_every_variant_draws_its_table(variant: str) -> None:
    v = comet.VARIANTS[variant]
    for moves in (0, 15, 10_000):
        rnd = played(variant, v.players.start, 3, moves)
        page = round_html(rnd, seat=0)
        assert page.startswith("<section") and page.endswith("</section>")
        assert v.name.replace("'", "&#x27;") in page
        assert "In-play payments" in page and "Announcements" in page
        if rnd.is_over:
            outcome = rnd.outcome()
            assert outcome is not None
            headline = settlement(outcome, default_names(rnd.players), "en").headline
            assert "Settlement" in page and html.escape(headline) in page
        else:
            assert f"Seat {rnd.to_play}" in page
        assert page == round_html(rnd, seat=0)  # deterministic
        assert rnd._repr_html_() == round_html(rnd)


def test_hidden_hands_are_face_down_unless_revealed() -> None:
    rnd = played("modern-comet-1991", 3, 1, 5)
    hidden = round_html(rnd, seat=0)
    assert f"{len(rnd.hands[1])} face-down cards" in hidden
    assert f"{len(rnd.hands[2])} face-down cards" in hidden
    assert "face-down" not in round_html(rnd, seat=None)
    assert "face-down" not in round_html(rnd, seat=0, reveal=True)


def test_trail_marks_stops_and_runs_split_at_stops() -> None:
    rnd = played("old-comet-1718", 2, 2, 60)
    found = runs(rnd)
    cards = sum(len(r.cards) for r in found)
    assert cards == sum(len(p.cards) for _, p in rnd.history if p.kind == "cards")
    assert all(r.stop for r in found[:-1])
    if any(r.stop for r in found[-2:]):
        assert "STOP" in round_html(rnd)


def test_calls_in_each_language() -> None:
    rnd = played("modern-comet-1991", 2, 5, 30)
    for lang, name in (("en", "English"), ("fr", "Français"), ("ru", "Русский"), ("es", "Español")):
        page = round_html(rnd, lang=lang)
        assert f"{name})" in page  # "Announcements (calls in English)", "Объявления (Русский)"
        last = step_sentences(rnd, lang)[-1]
        if last:
            assert html.escape(last[-1].replace("\u201c", "")).split()[0] in page


def test_bad_arguments_raise_value_errors() -> None:
    rnd = played("modern-comet-1991", 2, 1, 0)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(ValueError):
            round_html(rnd, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        round_html(rnd, lang="de")


def test_hand_html() -> None:
    cards = comet.parse_cards("7H 9C KS")
    page = hand_html(cards, wild_cards=[comet.Card.parse("9C")], label="Mine", highlight=cards[:1])
    assert "comet" in page and "playable" in page and "Mine" in page
    assert "3 face-down cards" in hand_html(cards, face_down=True)


def test_four_colour_changes_diamonds() -> None:
    rnd = comet.Round.from_hands("commit-1991", ["2D 3D", "4C 5C"], leader=0)
    assert round_html(rnd, four_colour=True) != round_html(rnd)
