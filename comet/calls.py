"""The calls: what the players say aloud as they play, in English, French, Russian or Spanish.

The sources make the calls part of the game: a player who cannot go on names the missing card
(S0 «7, 8, 9 без 10», S1 "7, 8, 9 sin 10", Enc "huit sans neuf"), a run up to a king is called by
its ranks (S0 «Королевой и королем», S1 "reina y rey"), a player with nothing to play says *pass*.
The notation writes them as comments (``1: pass  ; J, Q without K``); the narration above the
engine (:mod:`comet_render.narrate`) quotes them. Forms from the sources' glossary: *without* =
*sans* = *без* = *sin*; *pass* = *пас* = *paso*. No French form of *pass* is given: *passe*, what a
French card player says (« Je passe »), is ours. French calls are typeset as French is: a narrow
no-break space before "!" (``hoc\u202f!``).
"""

from __future__ import annotations

from typing import Literal

from comet import events as ev
from comet.cards import rank_label

CALLS: dict[str, dict[str, str]] = {
    "en": {"without": "without", "pass": "pass", "and": "and", "hoc": "hoc!"},
    "fr": {"without": "sans", "pass": "passe", "and": "et", "hoc": "hoc\u202f!"},
    "ru": {"without": "без", "pass": "пас", "and": "и", "hoc": "гок!"},
    "es": {"without": "sin", "pass": "paso", "and": "y", "hoc": "¡hoc!"},
}
LANGUAGES = {"en": "English", "fr": "Français", "ru": "Русский", "es": "Español"}
"""The languages of the calls, code -> name in that language: the one language table (the
widgets' menus, the table's captions and the glossary's columns read it)."""

RANK_CALLS: dict[str, dict[int, tuple[str, str]]] = {
    "en": {},
    "fr": {1: ("as", "as"), 11: ("valet", "valet"), 12: ("dame", "dame"), 13: ("roi", "roi")},
    "ru": {1: ("туз", "туза"), 11: ("валет", "валета"), 12: ("дама", "дамы"), 13: ("король", "короля")},
    "es": {1: ("as", "as"), 11: ("sota", "sota"), 12: ("reina", "reina"), 13: ("rey", "rey")},
}
"""The ace and the court cards as a call names them, language -> rank -> (the word in a run,
the word after *without*): the one table of rank words of the calls.  Number cards are said
in digits in every language, as the sources' examples write them: S0 «7, 8, 9 без 10»,
«10, валет, без дамы»; S1 "7, 8, 9 sin 10", "10, sota, sin reina".

* Russian (S0): валет, дама («без дамы», «10, валет, без дамы»), король («Король — остановка»),
  туз ("тузы" for aces); after *без* the genitive: «без дамы», «без десяти», so валета,
  дамы, короля, туза.  S0 also calls the queen королева once («Королевой и королем»); the
  engine keeps дама, the word of both its calls with *без*.
* Spanish (S1): sota, reina ("diez, sota y sin reina", "reina y rey"), rey, as ("ases").
* French: the sources give only "huit sans neuf" (Enc); valet, dame, roi, as are the standard
  French names of the cards, not taken from the sources.
* English: no entry; the calls keep the cards' letters of :data:`comet.cards.RANK_LABELS`
  (``"10, J without Q"``), so English texts, records and golden files do not change.
"""


def rank_word(rank: int, lang: str = "en", *, after_without: bool = False) -> str:
    """A rank as the calls name it in ``lang``: ``rank_word(12, "ru") == "дама"``,
    ``rank_word(12, "ru", after_without=True) == "дамы"`` (*без дамы*), ``rank_word(10, "ru") == "10"``;
    English (and an unknown language) keeps the card's label: ``rank_word(12) == "Q"``."""
    words = RANK_CALLS.get(lang, {}).get(rank)
    if words is None:
        return rank_label(rank)
    return words[1] if after_without else words[0]


def announcement(ranks: list[int], without: int | None, lang: str = "en") -> str:
    """``"7, 8, 9 without 10"`` in the chosen language: ``"10, валет без дамы"``, ``"10, sota sin
    reina"``, ``"10, valet sans dame"`` (rank words of :data:`RANK_CALLS`, digits for the number
    cards).

    The engine's form is the ranks joined by commas, then *without* and the missing rank with no
    comma before it, as in S0's «7, 8, 9 без 10» and S1's "7, 8, 9 sin 10"; the sources' other
    punctuations («10, валет, без дамы», "diez, sota y sin reina") are not copied.
    """
    words = CALLS.get(lang, CALLS["en"])
    said = ", ".join(rank_word(r, lang) for r in ranks)
    if without is None or without > 13:
        return said
    missing = f"{words['without']} {rank_word(without, lang, after_without=True)}"
    return f"{said} {missing}" if said else missing


def stop_call(ranks: list[int], lang: str = "en") -> str:
    """What a player says playing a run of two or more ranks up to a stop: ``"Q and K"``,
    ``"дама и король"`` (S0 «Королевой и королем»), ``"reina y rey"`` (S1), ``"dame et roi"``;
    ``"J, Q and K"``: commas, then *and* before the last rank."""
    said = [rank_word(r, lang) for r in ranks]
    if len(said) < 2:
        return "".join(said)
    return f"{', '.join(said[:-1])} {CALLS.get(lang, CALLS['en'])['and']} {said[-1]}"


CallKind = Literal["", "announce", "pass", "stop"]
"""What a call is: ``announce`` (a run's ranks and the missing one, said by the player who cannot
go on), ``pass`` (nothing to add), ``stop`` (a run of two or more ranks up to a stop); ``""``: none."""


class Caller:
    """Follows a deal's events in order and says the call each one brings (most bring none)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.run_seat = -1
        self.run: list[int] = []

    def call(self, event: ev.Event) -> tuple[CallKind, str]:
        """The call said at ``event`` (feed every event, in order): its kind and its words."""
        match event:
            case ev.Played(seat, play):
                if seat != self.run_seat:
                    self.run_seat, self.run = seat, []
                self.run.append(play.rank)
            case ev.Passed(seat, targets):
                if seat == self.run_seat and self.run:
                    need = targets[0][0] if targets else None
                    said = announcement(self.run, need, self.lang)
                    self.run = []
                    return "announce", said
                return "pass", CALLS.get(self.lang, CALLS["en"])["pass"]
            case ev.Stopped(seat, reason):
                said = ""
                if reason is not ev.Stop.INCIDENTAL and seat == self.run_seat and len(self.run) > 1:
                    said = stop_call(self.run, self.lang)
                self.run_seat, self.run = -1, []
                return ("stop", said) if said else ("", "")
        return "", ""


def step_calls(events: list[ev.Event], starts: list[int], lang: str = "en") -> list[list[str]]:
    """The calls of each step of a deal: index 0 the deal, index i the i-th play. ``starts``: where
    each play's events begin (``Round.step_starts()``)."""
    caller = Caller(lang)
    groups: list[list[str]] = []
    begin = 0
    for end in starts + [len(events)]:
        groups.append([said for e in events[begin:end] for _, said in [caller.call(e)] if said])
        begin = end
    return groups
