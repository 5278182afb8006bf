"""Tests of comet_render.svg: valid XML, text fallbacks, wild and face-down marking."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from comet_render import svg
from comet.cards import ALL_CARDS, JOKER, Card, parse_cards

NS = "{http://www.w3.org/2000/svg}"


def parse(s: str) -> ET.Element:
    return ET.fromstring(s)


def texts(root: ET.Element) -> list[str]:
    """The content of every <text> element, in document order."""
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def desc(root: ET.Element) -> str:
    el = root.find(NS + "desc")
    assert el is not None and el.text
    return el.text


def title(root: ET.Element) -> str:
    el = root.find(NS + "title")
    assert el is not None and el.text
    return el.text


def classes(root: ET.Element) -> set[str]:
    out: set[str] = set()
    for el in root.iter():
        out.update(el.get("class", "").split())
    return out


C = Card.parse


# --- one card ----------------------------------------------------------------------


@pytest.mark.parametrize("card", list(ALL_CARDS) + [JOKER], ids=str)
def test_every_card_is_valid_svg_with_text_fallback(card: Card) -> None:
    s = svg.card(card)
    root = parse(s)
    assert root.tag == NS + "svg"
    assert root.get("width") == "60"
    assert root.get("height") == "84"
    assert root.get("viewBox") == "0 0 100 140"
    assert root.get("role") == "img"
    assert card.name in (root.get("aria-label") or "").lower()
    # title and desc come first, for screen readers
    assert [child.tag for child in root[:2]] == [NS + "title", NS + "desc"]
    assert card.name in desc(root)
    assert card.name in title(root).lower()


def test_card_shows_rank_and_suit() -> None:
    root = parse(svg.card(C("9D")))
    assert "9" in texts(root)
    assert "9♦" in desc(root)
    assert "nine of diamonds" in desc(root)
    suit_shapes = [el for el in root.iter(NS + "path") if "suit-D" in el.get("class", "")]
    assert len(suit_shapes) >= 2  # index and centre pip
    assert not [el for el in root.iter(NS + "path") if "suit-H" in el.get("class", "")]


def test_ten_is_drawn_as_10() -> None:
    root = parse(svg.card(C("TH")))
    assert "10" in texts(root)
    assert "T" not in texts(root)
    assert "10♥" in desc(root)


@pytest.mark.parametrize("text,glyph", [("AS", "A"), ("JC", "J"), ("QH", "Q"), ("KD", "K"), ("2S", "2")])
def test_rank_glyphs(text: str, glyph: str) -> None:
    assert glyph in texts(parse(svg.card(C(text))))


def test_suit_colours() -> None:
    red = svg.DEFAULT_COLORS["red"]
    black = svg.DEFAULT_COLORS["black"]
    assert red in svg.card(C("9H")) and black not in svg.card(C("9H"))
    assert red in svg.card(C("9D"))
    assert black in svg.card(C("9S")) and red not in svg.card(C("9S"))
    assert black in svg.card(C("9C"))


def test_four_colour_changes_diamonds_and_clubs() -> None:
    blue = svg.DEFAULT_COLORS["four-colour diamonds"]
    green = svg.DEFAULT_COLORS["four-colour clubs"]
    red = svg.DEFAULT_COLORS["red"]
    black = svg.DEFAULT_COLORS["black"]
    plain, four = svg.card(C("9D")), svg.card(C("9D"), four_colour=True)
    assert plain != four
    assert red in plain and blue not in plain
    assert blue in four and red not in four
    club = svg.card(C("9C"), four_colour=True)
    assert green in club and black not in club
    # hearts and spades keep their colours
    assert svg.card(C("9H"), four_colour=True) == svg.card(C("9H"))
    assert svg.card(C("9S"), four_colour=True) == svg.card(C("9S"))


def test_colors_override() -> None:
    s = svg.card(C("9H"), colors={"red": "#123456"})
    assert "#123456" in s
    assert svg.DEFAULT_COLORS["red"] not in s
    # the default dict is not changed by an override
    assert svg.DEFAULT_COLORS["red"] != "#123456"


def test_colour_with_alpha_becomes_opacity() -> None:
    root = parse(svg.card(C("9H"), colors={"face": "#11223380"}))
    faces = [el for el in root.iter() if el.get("fill") == "#112233"]
    assert faces and faces[0].get("fill-opacity") == "0.5"


def test_wild_marking_only_when_wild() -> None:
    plain = parse(svg.card(C("9C")))
    wild = parse(svg.card(C("9C"), wild=True))
    assert "wild" not in classes(plain)
    assert "comet" not in desc(plain)
    assert "wild" in classes(wild)
    assert "comet" in desc(wild)
    assert svg.DEFAULT_COLORS["wild"] not in svg.card(C("9C"))
    assert svg.DEFAULT_COLORS["wild"] in svg.card(C("9C"), wild=True)


def test_wild_as_shows_what_the_comet_stands_for() -> None:
    root = parse(svg.card(C("9C"), wild=True, wild_as=10))
    assert "=10" in texts(root)
    assert "standing for ten" in desc(root)
    assert "wild-as" in classes(root)
    # wild_as implies wild
    assert "wild" in classes(parse(svg.card(C("9C"), wild_as=12)))
    assert "=Q" in texts(parse(svg.card(C("9C"), wild_as=12)))
    assert "wild-as" not in classes(parse(svg.card(C("9C"), wild=True)))


@pytest.mark.parametrize("bad", [0, 14, -1, True])
def test_wild_as_must_be_a_rank(bad: int) -> None:
    with pytest.raises(ValueError):
        svg.card(C("9C"), wild_as=bad)


def test_joker() -> None:
    root = parse(svg.card(JOKER))
    assert "JK" in texts(root)
    assert "JOKER" in texts(root)
    assert "joker" in desc(root)
    assert "joker-star" in classes(root)


def test_face_down_hides_the_card() -> None:
    s = svg.card(C("9D"), face_down=True)
    root = parse(s)
    assert "9" not in s
    assert "nine" not in s and "diamond" not in s and "♦" not in s
    assert desc(root) == "face-down card"
    assert "back" in classes(root)
    assert texts(root) == []
    # every card looks the same from behind, and the same as back()
    assert s == svg.card(C("KS"), face_down=True) == svg.card(JOKER, face_down=True)
    assert s == svg.back()
    # even a wild card with what it stands for
    assert svg.card(C("9C"), face_down=True, wild=True, wild_as=10) == s


def test_back() -> None:
    root = parse(svg.back(size=40))
    assert root.get("width") == "40"
    assert root.get("height") == "56"
    assert root.get("viewBox") == "0 0 100 140"
    assert "face-down" in desc(root)


def test_highlight_and_dimmed() -> None:
    plain = svg.card(C("8H"))
    lit = svg.card(C("8H"), highlight=True)
    dim = svg.card(C("8H"), dimmed=True)
    assert len({plain, lit, dim}) == 3
    assert svg.DEFAULT_COLORS["highlight"] in lit and svg.DEFAULT_COLORS["highlight"] not in plain
    assert "highlight-border" in classes(parse(lit))
    assert "veil" in classes(parse(dim)) and "veil" not in classes(parse(plain))
    assert "playable" in desc(parse(lit))
    assert "greyed" in desc(parse(dim))


@pytest.mark.parametrize("size", [40, 80, 33.3])
def test_size(size: float) -> None:
    root = parse(svg.card(C("QS"), size=size))
    assert float(root.get("width") or 0) == pytest.approx(size, abs=0.01)
    assert float(root.get("height") or 0) == pytest.approx(size * 1.4, abs=0.01)


def test_not_a_card() -> None:
    with pytest.raises(TypeError):
        svg.card("9D")  # type: ignore[arg-type]


def test_determinism() -> None:
    for kw in ({}, {"wild": True, "wild_as": 10}, {"face_down": True}, {"four_colour": True}):
        assert svg.card(C("9C"), **kw) == svg.card(C("9C"), **kw)
    cards = parse_cards("7H 8D 9C JK")
    assert svg.hand(cards, wild_cards=[C("9C")]) == svg.hand(list(cards), wild_cards=[C("9C")])
    assert svg.trail(cards, stops=[1]) == svg.trail(cards, stops=[1])


def test_svg_string_for_notebooks() -> None:
    s = svg.card(C("9D"))
    assert isinstance(s, svg.SvgString) and isinstance(s, str)
    assert s._repr_svg_() == str(s)
    assert s._repr_html_() == str(s)
    for made in (svg.back(), svg.hand([C("9D")]), svg.trail([C("9D")])):
        assert hasattr(made, "_repr_svg_")


def test_card_html() -> None:
    html = svg.card_html(C("9C"), size=24, wild=True)
    assert html.startswith("<span") and html.endswith("</span>")
    inner = parse(html)  # the whole thing is well-formed
    svg_el = inner.find(NS + "svg")
    assert svg_el is not None and svg_el.get("width") == "24"


def test_card_repr_svg_from_cards_module() -> None:
    assert C("9D")._repr_svg_() == svg.card(C("9D"))


# --- hands -------------------------------------------------------------------------


def test_hand_desc_lists_cards_in_order() -> None:
    cards = parse_cards("7H 8D 9C")
    root = parse(svg.hand(cards, wild_cards=[C("9C")]))
    assert desc(root) == "Hand: 7♥ 8♦ 9♣ (comet)"
    assert root.get("aria-label") == desc(root)


def test_hand_with_duplicates() -> None:
    cards = parse_cards("9D 9D TH 9D JK")
    s = svg.hand(cards, highlight=[C("9D")], wild_cards=[JOKER], label="Two-pack")
    root = parse(s)
    assert desc(root) == "Two-pack: 9♦ (playable) 9♦ (playable) 10♥ 9♦ (playable) JK (comet)"
    drawn = [g for g in root.iter(NS + "g") if "card" in g.get("class", "").split()]
    assert len(drawn) == 5
    lit = [g for g in drawn if "highlight" in g.get("class", "").split()]
    assert len(lit) == 3
    assert "Two-pack" in texts(root)


def test_hand_order_matters() -> None:
    a = svg.hand(parse_cards("7H 8D"))
    b = svg.hand(parse_cards("8D 7H"))
    assert a != b
    assert desc(parse(b)) == "Hand: 8♦ 7♥"


def test_hand_geometry() -> None:
    root = parse(svg.hand(parse_cards("7H 8D 9C TS"), size=60, overlap=0.5))
    width = float(root.get("width") or 0)
    # four cards of 60, each 30 further right, plus small margins
    assert 60 + 3 * 30 <= width <= 60 + 3 * 30 + 20
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    with pytest.raises(ValueError):
        svg.hand([C("9D")], overlap=1.0)


def test_hand_wild_only_marks_wild_cards() -> None:
    root = parse(svg.hand(parse_cards("9C 9D"), wild_cards=[C("9C")]))
    wild_groups = [g for g in root.iter(NS + "g") if g.get("class") == "wild"]
    assert len(wild_groups) == 1
    assert "wild" not in classes(parse(svg.hand(parse_cards("9C 9D"))))


def test_face_down_hand_hides_cards() -> None:
    s = svg.hand(parse_cards("9D 9C 9H"), face_down=True, wild_cards=[C("9C")], highlight=[C("9D")])
    root = parse(s)
    assert desc(root) == "Hand: 3 face-down cards"
    assert "9" not in desc(root) and "♦" not in s and "wild" not in classes(root)
    assert texts(root) == []
    assert s == svg.hand(parse_cards("KS KS KS"), face_down=True)


def test_empty_hand() -> None:
    root = parse(svg.hand([]))
    assert desc(root) == "Hand: no cards"
    assert float(root.get("width") or 0) > 0


def test_hand_four_colour() -> None:
    s = svg.hand(parse_cards("9D 9C"), four_colour=True)
    assert svg.DEFAULT_COLORS["four-colour diamonds"] in s
    assert svg.DEFAULT_COLORS["four-colour clubs"] in s


# --- trails ------------------------------------------------------------------------


def test_trail_rises_left_to_right() -> None:
    cards = parse_cards("5S 6S 7H 8D")
    root = parse(svg.trail(cards))
    assert desc(root) == "Trail: 5♠ 6♠ 7♥ 8♦"
    drawn = [g for g in root.iter(NS + "g") if "card" in g.get("class", "").split()]
    assert len(drawn) == 4
    xs, ys = [], []
    for g in drawn:
        t = g.get("transform") or ""
        x, y = t[t.index("(") + 1:t.index(")")].split()
        xs.append(float(x))
        ys.append(float(y))
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == 4


def test_trail_stops() -> None:
    cards = parse_cards("7H 8D 9C TC")
    plain = parse(svg.trail(cards, wild_cards=[C("9C")]))
    stopped = parse(svg.trail(cards, wild_cards=[C("9C")], stops={1, 3}, label="Run"))
    assert "STOP" not in texts(plain)
    assert texts(stopped).count("STOP") == 2
    assert desc(stopped) == "Run: 7♥ 8♦ [stop] 9♣ (comet) 10♣ [stop]"
    assert float(stopped.get("width") or 0) > float(plain.get("width") or 0)
    with pytest.raises(ValueError):
        svg.trail(cards, stops=[4])
    with pytest.raises(ValueError):
        svg.trail(cards, stops=[-1])


def test_trail_wild_and_empty() -> None:
    root = parse(svg.trail(parse_cards("8C 9C"), wild_cards=[C("9C")]))
    assert "wild" in classes(root)
    assert desc(parse(svg.trail([]))) == "Trail: no cards"


def test_all_outputs_are_xml_with_dimensions() -> None:
    outputs = [
        svg.card(JOKER, wild=True, wild_as=9, highlight=True, dimmed=True, size=40),
        svg.back(size=80),
        svg.hand(parse_cards("7H 8D 9C JK"), label="South & <North>", size=40),
        svg.trail(parse_cards("7H 8D 9C"), stops=[0, 2], label="a < b", size=80),
    ]
    for s in outputs:
        root = parse(s)
        assert root.get("width") and root.get("height") and root.get("viewBox")
    assert "South & <North>" in desc(parse(outputs[2]))
