"""Every public constructor and parser of the engine refuses what it cannot use (issue 37, item 2).

Hypothesis feeds each one random and hostile values: the only exception that escapes is a
:class:`comet.CometError` whose message names what is allowed, and a refused call changes no state
(the intern tables of cards and plays, the round, the variant).
"""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.budget import budget

import comet
from comet import Card, CometError, Play

SOME = budget(150)

HOSTILE: st.SearchStrategy[Any] = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=8),
    st.binary(max_size=4), st.lists(st.integers(), max_size=3), st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), st.just(object()), st.just(b"\xff" * 300),
    st.just("7H " * 700), st.just(float("inf")))
"""Values a careless or hostile caller may pass anywhere: wrong types, out of range, huge."""


def tables() -> tuple[int, int]:
    """The process-wide tables a refused call must leave as they were."""
    return len(Card._interned), len(Play._interned)


ALLOWED = re.compile(r"e\.g\.|like |one of|known|must be|is played by|options are|uses the packs|is None|at least|Legal: |"
                     r"kinds:|a play is|its cards are|needs|a card is|names deals|takes ")
"""How a refusal says what is allowed: an example, a list, a range ("must be a seat 0..3")..."""


def refused(call: Callable[[], Any], *allowed: str) -> bool:
    """Run ``call``: True if it raised a :class:`CometError` that says what is allowed (:data:`ALLOWED`, and
    every fragment of ``allowed``) and left the intern tables unchanged; False if it returned. Any other
    exception escapes (fails the test)."""
    before = tables()
    try:
        call()
    except CometError as e:
        text = str(e)
        assert ALLOWED.search(text) and all(a in text for a in allowed), (text, allowed)
        assert len(text) < 2000, f"an unbounded message: {len(text)} characters"
        assert tables() == before, "a refused call changed a process-wide table"
        return True
    return False


# ---------------------------------------------------------------------- cards
RANKS = st.one_of(st.integers(-20, 20), HOSTILE)
SUITS = st.one_of(st.sampled_from(["S", "H", "D", "C", "", "JK", "h", "SH"]), HOSTILE)


@SOME
@given(RANKS, SUITS)
def test_a_card_is_made_only_of_a_rank_and_a_suit_it_has(rank: Any, suit: Any) -> None:
    """``Card(-3, "H")`` was the 10♥, ``Card(-12, "S")`` the A♠, ``Card(0, "H")`` the joker and
    ``Card(14, "H")`` raised ``IndexError``: every card is a rank 1..13 with a suit of SHDC, or the joker."""
    if not refused(lambda: Card(rank, suit), "1..13", "SHDC", "joker"):
        card = Card(rank, suit)
        assert (card.rank, card.suit) == (rank, suit) and type(rank) is int and type(suit) is str
        assert (1 <= rank <= 13 and suit in tuple("SHDC")) or (rank, suit) == (0, "")


def test_the_cards_the_issue_found() -> None:
    for rank, suit in ((-3, "H"), (-12, "S"), (0, "H"), (14, "H"), (True, "H"), (1.0, "H"), (7, None), (7, "X")):
        assert refused(lambda: Card(rank, suit), "1..13", "SHDC"), (rank, suit)
    assert Card(10, "H") is Card.parse("TH") and Card(0, "") is comet.JOKER


@SOME
@given(st.one_of(HOSTILE, st.text(alphabet="A23456789TJQKSHDC10 k", max_size=4)))
def test_a_card_is_read_only_from_its_notation(text: Any) -> None:
    if not refused(lambda: Card.parse(text), "SHDC", "JK"):
        card = Card.parse(text)
        assert str(card) == text.strip().upper().replace("10", "T")


# ---------------------------------------------------------------------- plays
CARD = st.sampled_from([Card.parse(t) for t in ("7H", "7D", "9C", "KS", "KH", "JK")])
KINDS = st.one_of(st.sampled_from(["cards", "pass", "claim", "keep", "redeal", "discard", "draw", "bogus"]), HOSTILE)


@SOME
@given(KINDS, st.one_of(st.tuples(CARD), st.tuples(CARD, CARD), st.lists(CARD, max_size=3), st.just(()),
                        st.tuples(CARD, st.integers()), st.just((Card.parse("7H"),) * 12), HOSTILE),
       st.one_of(st.none(), CARD, HOSTILE), st.one_of(st.integers(-2, 15), HOSTILE),
       st.one_of(st.sampled_from(["", "H", "D", "X"]), HOSTILE))
def test_a_play_is_built_only_from_parts_that_make_one(kind: Any, cards: Any, wild: Any, rank: Any,
                                                       suit: Any) -> None:
    if not refused(lambda: Play(kind, cards, wild, rank, suit), "pass"):
        play = Play(kind, cards, wild, rank, suit)
        assert Play.parse(play.text) is play  # what the notation writes, it reads back
        assert (play.kind, play.cards, play.wild, play.rank, play.suit) == (kind, cards, wild, rank, suit)


PLAY_WORDS = st.sampled_from(["7H", "7h", "7H 7H 7D 7D", "9C=T", "9D=TH", "9C=", "=T", "9C=T 9D=T", "pass",
                              "PASS", "without", "discard", "discard 7H", "discard 7H 8H", "claim", "keep",
                              "redeal", "draw", "JK", "10H", "1H", "ZZ", ",", "7H,7D", "KS KH KD"])


@SOME
@given(st.one_of(HOSTILE, PLAY_WORDS, st.lists(PLAY_WORDS, max_size=4).map(" ".join)))
def test_a_play_is_read_only_from_its_notation(text: Any) -> None:
    if not refused(lambda: Play.parse(text), "'9C=T'", "pass"):
        play = Play.parse(text)
        assert Play.parse(play.text) is play and isinstance(text, str)


# ---------------------------------------------------------------------- deals and matches
VARIANT_IDS = st.sampled_from(sorted(comet.VARIANTS))
SEEDS = st.one_of(st.integers(), st.text(max_size=5), st.none(), HOSTILE)
SEATS = st.one_of(st.integers(-2, 9), HOSTILE)


@SOME
@given(st.one_of(VARIANT_IDS, HOSTILE), st.one_of(st.integers(0, 9), HOSTILE), SEEDS, SEATS,
       st.one_of(st.sampled_from([None, "red", "black", "standard", "joker", "minus"]), HOSTILE),
       st.one_of(st.integers(-3, 3), HOSTILE))
def test_a_deal_is_dealt_only_with_options_it_can_use(variant: Any, players: Any, seed: Any, dealer: Any,
                                                      pack: Any, dead_comets: Any) -> None:
    def call() -> comet.Round:
        return comet.Round.deal(variant, players, seed, dealer, pack=pack, dead_comets=dead_comets)
    if not refused(call):  # (each refusal names what is allowed in its own words: variants, counts, seats, packs)
        rnd = call()
        assert (rnd.players, rnd.dealer, rnd.dead_comets) == (players, dealer, dead_comets)
        assert comet.replay(rnd.record()).record() == rnd.record()  # what it was given, it can write and read back


HANDS = st.one_of(st.lists(st.sampled_from(["7H 8H", "KS", "9C 9D", "", "ZZ", "AH", "7H 7H 7H"]), max_size=5),
                  st.lists(st.lists(CARD, max_size=2), max_size=3), HOSTILE)


@SOME
@given(st.one_of(VARIANT_IDS, HOSTILE), HANDS, SEATS, st.one_of(st.none(), st.just("2C 3C"), HOSTILE),
       st.one_of(st.none(), SEATS), st.one_of(st.none(), st.just(["4C"]), HOSTILE), st.one_of(st.integers(-1, 2), HOSTILE),
       SEEDS)
def test_a_position_is_set_only_from_hands_it_can_use(variant: Any, hands: Any, leader: Any, dead: Any, dealer: Any,
                                                      talon: Any, dead_comets: Any, seed: Any) -> None:
    def call() -> comet.Round:
        return comet.Round.from_hands(variant, hands, leader, dead, dealer=dealer, talon=talon,
                                      dead_comets=dead_comets, seed=seed)
    if not refused(call):
        rnd = call()
        assert rnd.leader == leader and rnd.dead_comets == dead_comets and 0 <= rnd.dealer < rnd.players
        assert comet.replay(rnd.record()).record() == rnd.record()


@SOME
@given(st.one_of(VARIANT_IDS, HOSTILE), st.one_of(st.integers(1, 6), HOSTILE), SEEDS,
       st.one_of(st.none(), st.integers(-1, 3), HOSTILE), st.one_of(st.none(), st.integers(-1, 130), HOSTILE))
def test_a_match_is_made_only_with_options_it_can_use(variant: Any, players: Any, seed: Any, deals: Any,
                                                      target: Any) -> None:
    def call() -> comet.Match:
        return comet.Match(variant, players, seed, deals=deals, target=target)
    if not refused(call):
        match = call()
        assert comet.replay(match.record()).record() == match.record()


# ---------------------------------------------------------------------- variants and their options
OPTION_NAMES = st.sampled_from(sorted({name for v in comet.VARIANTS.values() for name in v.options} | {"bogus", ""}))
OPTION_VALUES = st.one_of(st.sampled_from(sorted({repr(c) for v in comet.VARIANTS.values() for o in v.options.values()
                                                  for c in o.choices})).map(eval), HOSTILE)


@SOME
@given(VARIANT_IDS, st.dictionaries(OPTION_NAMES, OPTION_VALUES, max_size=3))
def test_a_variant_takes_only_the_readings_it_offers(vid: str, values: dict[str, Any]) -> None:
    variant = comet.find_variant(vid)
    before = (variant.option_values, variant.rules)
    if not refused(lambda: variant.with_options(**values), "option", ", "):  # ... and the allowed ones, listed
        other = variant.with_options(**values)
        for name, value in values.items():
            assert type(other.option_values[name]) is type(value) and other.option_values[name] == value
    assert (variant.option_values, variant.rules) == before  # a variant never changes


@SOME
@given(HOSTILE)
def test_a_variant_is_found_only_by_its_id(value: Any) -> None:
    assert refused(lambda: comet.find_variant(value), "modern-comet-1991")


# ---------------------------------------------------------------------- the notation
RECORD = comet.Round.deal("new-comet-1752", players=2, seed=5).record()
LINES = st.sampled_from(RECORD.splitlines() + [
    '[Variant "bogus"]', '[Players "9"]', '[Players "two"]', '[Seed "[1, 2]"]', '[Seed "nan"]', '[Seed "1e999"]',
    '[Seed "' + "(" * 200 + '"]', '[Options "wild_is_stop=1"]', '[Options "nope=3"]', '[Options "=,="]',
    '[Match "yes"]', '[MatchOptions "deals=2"]', '[MatchOptions "deals=\'x\'"]', '[MatchOptions "bogus=1"]',
    '[Dealer "7"]', '[Pack "green"]', '[DeadComets "-1"]', '[Hand0 "7H"]', '[Hand1 "ZZ"]', '[Leader "5"]',
    "0: keep", "1: 7H", "0: 9C=T", "9" * 5000 + ": pass", "0 pass", "[Deal \"1\"]", "; a comment", ""])


@SOME
@given(st.one_of(st.lists(LINES, max_size=12).map("\n".join), HOSTILE))
@example('[Variant "new-comet-1752"]\n0: keep')  # a fresh clone drew it on 2026-12-07 (issue 43): no seat to play named
@example('[Variant "new-comet-1752"]\n1: 7H')  # make fuzz's first run (issue 43): the refusal named no move of the record
def test_a_record_is_replayed_only_if_it_is_one(text: Any) -> None:
    if not refused(lambda: comet.replay(text)):
        game = comet.replay(text)
        assert comet.replay(game.record()).record() == game.record()


@SOME
@given(st.one_of(st.text(alphabet="ab=,'1 [](){}", max_size=12), HOSTILE))
def test_the_options_of_a_record_are_read_or_refused(text: Any) -> None:
    from comet.notation import parse_options, parse_record

    for read in (parse_options, parse_record):
        refused(lambda: read(text))


# ---------------------------------------------------------------------- the OpenSpiel game's parameters
@SOME
@given(st.one_of(st.none(), HOSTILE, st.dictionaries(
    st.sampled_from(["variant", "players", "pack", "bogus"]),
    st.one_of(VARIANT_IDS, st.integers(0, 9), st.sampled_from(["", "red", "black", "green"]), HOSTILE), max_size=3)))
def test_the_openspiel_game_takes_only_parameters_it_can_use(params: Any) -> None:
    game = pytest.importorskip("comet_openspiel.game", reason="open_spiel is not installed")
    if not refused(lambda: game.CometGame(params)):
        made = game.CometGame(params)
        assert made.new_initial_state().is_chance_node()


# ---------------------------------------------------------------------- the pages' addresses
QUERY_WORDS = st.sampled_from(["variant", "players", "bot", "seed", "lang", "seats", "names", "record", "move",
                               "mode", "x", "", "=", "&", "%", "%ZZ", "%00", "modern-comet-1991", "3", "-1",
                               "99999999999999999999", "fr", "person", "greedy", "<b>", "é", "\n"])


@SOME
@given(st.sampled_from(sorted(__import__("website.landing", fromlist=["FAMILIES"]).FAMILIES)),
       st.one_of(st.none(), st.text(max_size=30), st.lists(QUERY_WORDS, max_size=12).map("".join)))
def test_a_page_address_never_raises(family: str, query: str | None) -> None:
    """The pages' address values are checked in ``website.pages``: whatever the address, a page is set up
    (each unusable value a sentence of its notice)."""
    from website.pages import parse_query

    settings = parse_query(family, query)
    assert settings.variant in comet.VARIANTS and settings.players in comet.VARIANTS[settings.variant].players


# ---------------------------------------------------------------------- bots
@SOME
@given(st.one_of(st.sampled_from(["random", "greedy", "search", "search-fast", "search-bogus", "Greedy", "x"]),
                 HOSTILE), SEEDS, st.one_of(st.none(), st.floats(0, 1), HOSTILE))
def test_a_bot_is_made_only_from_a_name_it_knows(spec: Any, seed: Any, time_limit: Any) -> None:
    if not refused(lambda: comet.agents.make_agent(spec, seed, time_limit=time_limit)):
        agent = comet.agents.make_agent(spec, seed, time_limit=time_limit)
        rnd = comet.Round.deal("modern-comet-1991", players=2, seed=1)
        if not isinstance(agent, comet.agents.SearchAgent):  # (a search would take its time)
            assert comet.agents.decide(agent, rnd) in rnd.legal_plays()


@SOME
@given(SEEDS, st.one_of(st.none(), st.integers(-2, 50), HOSTILE), st.one_of(st.sampled_from(list(comet.agents.LEVELS)),
       HOSTILE), st.one_of(st.just("level"), st.none(), st.floats(0, 2), HOSTILE), st.one_of(st.floats(0, 1), HOSTILE))
def test_a_search_bot_takes_only_settings_it_can_use(seed: Any, budget: Any, level: Any, time_limit: Any,
                                                      epsilon: Any) -> None:
    def call() -> Any:
        return comet.agents.SearchAgent(seed, budget, level=level, time_limit=time_limit, epsilon=epsilon)
    if not refused(call):
        agent = call()
        assert agent.budget >= 1 and 0 <= agent.epsilon <= 1
