"""What the widgets call an expected error: the engine's CometError and their own UserError
become a sentence in the page; a programming error (a planted TypeError or a bare ValueError)
reaches the test run instead of hiding behind "Nothing was changed"."""

from __future__ import annotations

import pytest

import comet
import widgets.common
import widgets.controllers.table
from widgets import PlayTable
from widgets.common import EXPECTED_ERRORS, UserError, message_text


def test_every_engine_error_is_a_comet_error_and_expected() -> None:
    for name in ("InvalidCardError", "InvalidPlayError", "IllegalPlayError", "InvalidDealError",
                 "InvalidOptionError", "GameStateError", "UnknownVariantError"):
        error = getattr(comet, name)
        assert issubclass(error, comet.CometError) and issubclass(error, ValueError), name
    assert EXPECTED_ERRORS == (comet.CometError, UserError)
    assert not issubclass(ValueError, EXPECTED_ERRORS) and not issubclass(TypeError, EXPECTED_ERRORS)


def test_messages_of_expected_errors_and_of_a_bug() -> None:
    assert message_text(UserError("choose a play first.")) == "choose a play first."
    assert message_text(comet.IllegalPlayError("2H is illegal")) == "2H is illegal Nothing was changed."
    said = message_text(ValueError("too many values to unpack (expected 2)"))
    assert "bug" in said and "Nothing was changed" not in said


@pytest.mark.parametrize("bug", [TypeError("'NoneType' object is not subscriptable"),
                                 ValueError("too many values to unpack (expected 2)")])
def test_a_planted_bug_in_a_handler_reaches_the_test(monkeypatch: pytest.MonkeyPatch, bug: Exception) -> None:
    table = PlayTable(seed=3, bot="greedy")
    legal = table.shown_plays
    button = table.button_for(legal[0])
    assert button is not None

    def broken(self: object, play: comet.Play, names: object) -> str:
        raise bug

    # what the card button's handler calls, through the table's controller
    monkeypatch.setattr(widgets.controllers.table.TableController, "_did", broken)
    with pytest.raises(type(bug), match=str(bug)[:12]):
        button.click()
    assert table.messages.is_error and "bug" in table.messages.text  # the page says so, never "Nothing was changed"


def test_the_same_bug_is_a_sentence_on_a_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a page (RAISE_UNEXPECTED off) the bug is shown and logged, not raised into the kernel."""
    monkeypatch.setattr(widgets.common, "RAISE_UNEXPECTED", False)
    table = PlayTable(seed=3, bot="greedy")
    button = table.button_for(table.shown_plays[0])
    assert button is not None
    monkeypatch.setattr(widgets.controllers.table.TableController, "_did",
                        lambda self, play, names: (_ for _ in ()).throw(ValueError("boom")))
    button.click()
    assert table.messages.is_error and "This is a bug" in table.messages.text


def test_an_engine_error_is_a_message_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(seed=3, bot="greedy")
    rnd = table.round
    before = (list(rnd.history), [list(h) for h in rnd.hands])

    def refuse(rnd: comet.Round, *args: object) -> comet.Play:
        raise comet.IllegalPlayError("that play is illegal here")

    monkeypatch.setattr(comet.Round, "play", refuse)  # the engine refuses the play (and changes nothing)
    button = table.button_for(table.shown_plays[0])
    assert button is not None
    button.click()
    assert table.messages.is_error and "Nothing was changed" in table.messages.text
    assert "bug" not in table.messages.text
    assert rnd.history == before[0] and rnd.hands == before[1]


@pytest.mark.parametrize(("lang", "nothing", "bug"), [("fr", "Rien n'a été changé.", "bogue"),
                                                      ("ru", "Ничего не изменилось.", "ошибка программы"),
                                                      ("es", "No se ha cambiado nada.", "error del programa")])
def test_the_pages_own_sentences_are_in_the_tables_language(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                            nothing: str, bug: str) -> None:
    assert message_text(comet.IllegalPlayError("2H is illegal"), lang) == f"2H is illegal {nothing}"
    monkeypatch.setattr(widgets.common, "RAISE_UNEXPECTED", False)
    table = PlayTable(seed=3, bot="greedy", lang=lang)
    monkeypatch.setattr(comet.Round, "play",
                        lambda rnd, *args: (_ for _ in ()).throw(comet.IllegalPlayError("that play is illegal here")))
    button = table.button_for(table.shown_plays[0])
    assert button is not None
    button.click()
    assert table.messages.is_error and table.messages.text.endswith(nothing), table.messages.text
    monkeypatch.setattr(comet.Round, "play", lambda rnd, *args: (_ for _ in ()).throw(ValueError("boom")))
    button = table.button_for(table.shown_plays[0])
    assert button is not None
    button.click()
    assert table.messages.is_error and bug in table.messages.text and "(ValueError: boom)" in table.messages.text.replace("\u00a0:", ":")
    assert "This is a bug" not in table.messages.text
