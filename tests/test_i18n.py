"""The interface in four languages: complete catalogs, compiled, and every engine result worded.

A string shown on a page that has no translation fails here (the catalogs are checked against
the messages extracted from the code); the browser tests check the pages themselves.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

import comet
from comet_render.i18n import LANGS, card_symbol, has_catalog, rank_label, translation, words
from comet_render.narrate import narrate
import comet_render.words
from comet.ledger import TERM_WORDS, WHY_WORDS, Count, Why
from comet_render.words import Names, note_text, payment_sentence, reason_text, settlement

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def catalogs_tool():  # type: ignore[no-untyped-def]
    pytest.importorskip("babel")
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_message_of_the_code_is_translated() -> None:
    """Extracted from the code now (not from the committed template): a new string without its
    French, Russian and Spanish fails here."""
    lacking = catalogs_tool().missing()
    assert lacking == {"fr": [], "ru": [], "es": []}, lacking


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_compiled_catalogs_match_their_sources(lang: str) -> None:
    """The .mo files read at run time (``make catalogs``) say what the .po sources say, with the
    same placeholders as the English."""
    tool = catalogs_tool()
    from babel.messages.pofile import read_po

    assert has_catalog(lang), "the compiled catalogs are missing: run `make catalogs`"
    with tool.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    t = translation(lang)
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for n in (1, 2, 5):
                got = t.ngettext(m.id[0], m.id[1], n)
                assert set(PLACEHOLDER.findall(got)) <= set(PLACEHOLDER.findall(m.id[1])), (m.id, got)
        else:
            got = t.pgettext(m.context, m.id) if m.context else t.gettext(m.id)
            assert got == m.string, f"{lang}: the .mo is older than the .po ({m.id!r}): run `make catalogs`"
            assert set(PLACEHOLDER.findall(got)) == set(PLACEHOLDER.findall(m.id)), (m.id, got)


def test_cards_in_each_languages_letters() -> None:
    """Rank letters as each country's pack prints them (comet_render.i18n.RANK_LETTERS)."""
    queen, jack, king, ace = (comet.Card.parse(t) for t in ("QH", "JS", "KD", "AC"))
    assert [card_symbol(c, "ru") for c in (queen, jack, king, ace)] == ["Д♥", "В♠", "К♦", "Т♣"]
    assert [card_symbol(c, "fr") for c in (queen, jack, king, ace)] == ["D♥", "V♠", "R♦", "A♣"]
    for lang in ("en", "es"):
        assert [card_symbol(c, lang) for c in (queen, jack, king, ace)] == ["Q♥", "J♠", "K♦", "A♣"]
    assert rank_label(10, "ru") == "10"


def finished_deals() -> list[comet.Round]:
    out = []
    for vid, v in comet.VARIANTS.items():
        for players in sorted({v.players.start, v.players.stop - 1}):
            for seed in range(4):
                rnd = comet.Round.deal(v, players=players, seed=seed)
                rng = random.Random(seed)
                while not rnd.is_over:
                    rnd.play(rng.choice(rnd.legal_plays()))
                out.append(rnd)
    return out


def test_every_reason_has_its_words_in_one_table() -> None:
    """Every :class:`Why` has its words in the engine's one table (comet.ledger.WHY_WORDS), which the pages
    read through the catalogs: each message (but the bare ``{terms}``) is one the catalogs translate."""
    assert set(WHY_WORDS) == set(Why) and set(TERM_WORDS) == set(Count)
    messages = {m.id for m in catalogs_tool().extract() if m.id}
    for words_ in [*WHY_WORDS.values(), *TERM_WORDS.values()]:
        assert words_ in messages or words_ == "{terms}", words_
    assert not hasattr(comet_render.words, "WHY_MESSAGES")  # no second table of them


def test_every_payment_and_note_the_engine_gives_is_worded() -> None:
    """The engine's reasons and notes (typed items) are all worded by comet_render.words: the
    English as the engine says it, none reaches another language's page in English, none names a seat."""
    seen = 0
    for rnd in finished_deals():
        outcome = rnd.outcome()
        assert outcome is not None
        names = Names(tuple(f"P{s}" for s in range(rnd.players)), 0)
        for p in list(outcome.ledger) + list(outcome.settlement):
            assert reason_text(words("en"), p) == p.reason  # the same words: one table
            for lang in LANGS:
                said = payment_sentence(words(lang), names, p, outcome.unit)
                assert "seat" not in said.lower(), said
            seen += 1
        for note in outcome.remarks:
            assert note_text(words("fr"), names, note) != note.text, note
        for lang in LANGS:
            s = settlement(outcome, names, lang)
            assert s.net == outcome.payments
    assert seen > 100


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_the_narration_has_no_english_left(lang: str) -> None:
    """Every sentence of a deal, told in another language, uses none of the English narration's
    words (the calls and card letters come from that language too)."""
    english = re.compile(r"\b(plays|passes|cannot|leads|deals|pays|anew|without|the|and|you)\b")
    for rnd in finished_deals()[::5]:
        names = Names(tuple(f"P{s}" for s in range(rnd.players)), 0, lang)
        for line in narrate(rnd, lang, names):
            assert not english.search(line), (lang, line)
