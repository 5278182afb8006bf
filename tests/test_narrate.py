"""The calls in each language name the court cards and the ace in that language.

The sources' worked example (S0, Russian; S1, Spanish): «Шесть, семь, восемь, девять и без
десяти», «Десятка, валет и без дамы», «Королевой и королем»; "seis, siete, ocho, nueve y sin
diez", "diez, sota y sin reina", "reina y rey"; and the shorter «7, 8, 9 без 10»,
«10, валет, без дамы»; "7, 8, 9 sin 10", "10, sota, sin reina".  The engine keeps its own
punctuation in every language: digits for the number cards, commas between the ranks of a
run, *without* with no comma before it ("10, J without Q"), and *and* only before the last
rank of a run that ends in a stop ("Q and K").  So S0's «10, валет, без дамы» is said
"10, валет без дамы", and S1's "10, sota, sin reina" is said "10, sota sin reina".  The
French words (valet, dame, roi, as) are standard French, not from the sources.
"""

from __future__ import annotations

import html
from typing import Sequence

import pytest

import comet
from comet import Round
from comet.calls import CALLS, LANGUAGES, RANK_CALLS, announcement, rank_word, stop_call
from comet_render.narrate import Sentence, calls_since, narrate, sentence_html
from comet_render.svg_table import round_html

OLD = comet.find_variant("old-comet-1718")

WORKED = {  # the worked example of S0/S1 as the engine says it, per language
    "en": ("6, 7, 8, 9 without 10", "10, J without Q", "Q and K"),
    "fr": ("6, 7, 8, 9 sans 10", "10, valet sans dame", "dame et roi"),
    "ru": ("6, 7, 8, 9 без 10", "10, валет без дамы", "дама и король"),
    "es": ("6, 7, 8, 9 sin 10", "10, sota sin reina", "reina y rey"),
}


def play_all(rnd: Round, plays: Sequence[str]) -> Round:
    for p in plays:
        rnd.play(p)
    return rnd


def worked_example() -> Round:
    """S0/S1's example: 6-9 without 10; 10, jack without queen; queen and king (a stop)."""
    rnd = Round.from_hands(OLD, ["6S 7H 8D 9C 2C", "TS JS 3C", "QH KD 4H 5D"], leader=0)
    return play_all(rnd, ["6S", "7H", "8D", "9C", "pass", "TS", "JS", "pass", "QH", "KD"])


def quoted(sentences: list[str]) -> list[str]:
    """The calls of the narration, where its sentences say they stand (``Sentence.call``)."""
    return [s[a:b] for s in sentences if isinstance(s, Sentence) and s.call for a, b in [s.call]]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_worked_example_in_each_language(lang: str) -> None:
    rnd = worked_example()
    assert quoted(narrate(rnd, lang)) == list(WORKED[lang])


def test_english_is_unchanged_letters() -> None:
    """English keeps the cards' letters (records, golden files and the book read them)."""
    rnd = worked_example()
    assert "\u201c10, J without Q\u201d" in "\n".join(narrate(rnd))
    assert "10, J without Q" in rnd.record()
    assert [rank_word(r) for r in (1, 10, 11, 12, 13)] == ["A", "10", "J", "Q", "K"]
    assert announcement([11, 12], 13) == "J, Q without K"


def test_the_sources_examples_with_digits() -> None:
    """S0 «7, 8, 9 без 10», «10, валет, без дамы»; S1 "7, 8, 9 sin 10", "10, sota, sin reina"."""
    assert announcement([7, 8, 9], 10, "ru") == "7, 8, 9 без 10"
    assert announcement([7, 8, 9], 10, "es") == "7, 8, 9 sin 10"
    assert announcement([7, 8, 9], 10, "fr") == "7, 8, 9 sans 10"
    assert announcement([10, 11], 12, "ru") == "10, валет без дамы"
    assert announcement([10, 11], 12, "es") == "10, sota sin reina"
    assert announcement([10, 11], 12, "fr") == "10, valet sans dame"


def test_russian_names_the_missing_card_in_the_genitive() -> None:
    """«без дамы», «без десяти»: after без the card is in the genitive."""
    assert announcement([10], 11, "ru") == "10 без валета"
    assert announcement([11], 12, "ru") == "валет без дамы"
    assert announcement([12], 13, "ru") == "дама без короля"
    assert announcement([1], 2, "ru") == "туз без 2"
    assert announcement([12], 13, "es") == "reina sin rey"
    assert announcement([12], 13, "fr") == "dame sans roi"


def test_aces_and_kings_in_runs() -> None:
    assert announcement([1, 2, 3], 4, "ru") == "туз, 2, 3 без 4"
    assert announcement([1, 2], 3, "es") == "as, 2 sin 3"
    assert stop_call([11, 12, 13], "ru") == "валет, дама и король"
    assert stop_call([11, 12, 13], "fr") == "valet, dame et roi"
    assert stop_call([11, 12, 13]) == "J, Q and K"


def test_one_table_of_rank_words() -> None:
    assert set(RANK_CALLS) == set(CALLS) == set(LANGUAGES)
    for lang, words in RANK_CALLS.items():
        assert set(words) <= {1, 11, 12, 13}, lang  # number cards are digits in every language
        for rank in range(2, 11):
            assert rank_word(rank, lang) == str(rank)
    assert rank_word(12, "xx") == "Q"  # an unknown language falls back to English, as the calls do


def test_prose_and_card_letters_in_the_language() -> None:
    """The whole sentence is in the chosen language, the cards in its letters (В, Д, К, Т in
    Russian; V, D, R in French); English keeps the book's words."""
    rnd = worked_example()
    ru = "\n".join(narrate(rnd, "ru"))
    assert "Место 1 ходит: В♠." in ru and "Место 2 ходит: Д♥." in ru
    assert "Остановка: король — остановка" in ru and "plays" not in ru
    fr = "\n".join(narrate(rnd, "fr"))
    assert "Place 1 joue V♠." in fr and "Place 2 joue D♥." in fr
    en = "\n".join(narrate(rnd))
    assert "Seat 1 plays J♠." in en and "Stop: a king is a stop" in en


def test_the_table_shows_the_calls_in_the_language() -> None:
    rnd = worked_example()
    for lang in LANGUAGES:
        page = round_html(rnd, lang=lang)
        for call in WORKED[lang][1:]:  # the table shows the last few sentences
            said = f"\u201c{html.escape(call)}\u201d" if lang == "en" else f'<span lang="{lang}">{html.escape(call)}</span>'
            assert said in page, (lang, call)
    assert "валет" not in round_html(rnd, lang="en")


def test_calls_in_html_carry_their_language() -> None:
    """A screen reader reads a Russian call as Russian: the call a sentence quotes (where the sentence
    says it stands, not found again by reading it) is marked lang="ru"; the prose around it and English
    calls are left as they are; the text is escaped."""
    said = Sentence("Seat 1 <b> cannot play a J: \u201cпас\u201d.", (29, 32))
    assert sentence_html(said, "ru") == "Seat 1 &lt;b&gt; cannot play a J: \u201c<span lang=\"ru\">пас</span>\u201d."
    assert sentence_html(said, "en") == html.escape(said)
    assert sentence_html("Seat 1: \u201cпас\u201d", "ru") == "Seat 1: \u201cпас\u201d"  # a plain text quotes nothing
    rnd = worked_example()
    for lang in LANGUAGES:
        marked = [sentence_html(s, lang) for s in narrate(rnd, lang)]
        spans = [m for m in marked if f'<span lang="{lang}">' in m]
        assert len(spans) == (0 if lang == "en" else len(WORKED[lang])), (lang, spans)


def test_the_calls_since_a_point_of_the_log() -> None:
    """``calls_since``: the sentences quoting a call among the events from an index on, the run's first
    cards followed even when they come before it."""
    rnd = worked_example()
    everything = [s for s in narrate(rnd, "ru") if isinstance(s, Sentence) and s.call]
    assert calls_since(rnd, 0, "ru") == everything and quoted(everything) == list(WORKED["ru"])
    at_tenth = rnd.step_starts()[9]  # the KD: seat 2's run Q, K and its stop
    assert quoted(calls_since(rnd, at_tenth, "ru")) == ["дама и король"]
    assert calls_since(rnd, len(rnd.events), "ru") == []
