"""The event log in words: announcements and the rule (with its source) behind each step.

Calls can be given in English, French, Russian or Spanish, using the forms of the digest's
glossary (section 4): *without* = *sans* (Enc "huit sans neuf") = *без* = *sin*; *pass* =
*пас* = *paso* (no French form is given, so the English word is kept).  The calls name the
court cards and the ace in the chosen language (:data:`RANK_CALLS`); the rest of the narration
is English prose.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from comet.cards import Card, a_rank, rank_label
from comet import events as ev
from comet.ledger import plural
from comet.plays import Play

if TYPE_CHECKING:
    from comet.round import Round

CALLS: dict[str, dict[str, str]] = {
    "en": {"without": "without", "pass": "pass", "and": "and", "hoc": "hoc!"},
    "fr": {"without": "sans", "pass": "pass", "and": "et", "hoc": "hoc !"},
    "ru": {"without": "без", "pass": "пас", "and": "и", "hoc": "гок!"},
    "es": {"without": "sin", "pass": "paso", "and": "y", "hoc": "¡hoc!"},
}
LANGUAGES = {"en": "English", "fr": "Français", "ru": "Русский", "es": "Español"}
"""The languages of the calls, code -> name in that language: the one language table (the
widgets' menus, the table's captions and the glossary's columns read it)."""

STOP_REASONS = {
    "king": "a king is a stop (S0, S1, Enc)",
    "comet": "the comet is a stop (S2; S0, S1 for 1991)",
    "hoc": "a hoc cuts all others (FR-Hoc; AMB-5)",
    "card": "its successor is out of the pack, so it is a stop (PJ; W-Hocs)",
    "fixed": "this card is a stop by rule (S0, S1)",
    "incidental": "nobody could go on, so the last player leads (S0, S1, Enc)",
}


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


def play_words(play: Play) -> str:
    """``"7♥ 8♦"``; a wild as ``"9♣ (comet) as 10"``."""
    parts = []
    for c in play.cards:
        if c is play.wild:
            as_ = rank_word(play.rank) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
            parts.append(f"{c.symbol} (wild) as {as_}")
        else:
            parts.append(c.symbol)
    return " ".join(parts)


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


def narrate(rnd: "Round", lang: str = "en") -> list[str]:
    """Every step of the round as one sentence per event."""
    return [s for step in step_sentences(rnd, lang) for s in step]


def step_sentences(rnd: "Round", lang: str = "en") -> list[list[str]]:
    """Sentences grouped by step: index 0 is the deal, index i the i-th play."""
    events = rnd.events
    starts = rnd.step_starts() + [len(events)]
    groups: list[list[str]] = []
    state = _NarrationState(rnd, lang)
    begin = 0
    for end in starts:
        groups.append([s for e in events[begin:end] for s in [state.sentence(e)] if s])
        begin = end
    return groups


class _NarrationState:
    def __init__(self, rnd: "Round", lang: str) -> None:
        self.rnd = rnd
        self.lang = lang
        self.run_seat = -1
        self.run: list[int] = []
        self.unit = rnd.rules.unit

    def sentence(self, e: ev.Event) -> str:
        rnd = self.rnd
        match e:
            case ev.Dealt(dealer, leader):
                return (f"{rnd.variant.name}: seat {dealer} deals; seat {leader} leads "
                        f"({rnd.rules.direction} play).")
            case ev.Played(seat, play):
                if seat != self.run_seat:
                    self.run_seat, self.run = seat, []
                self.run.append(play.rank)
                extra = ""
                if len(play.cards) > 1 and play.wild is None and rnd.rules.turn_model == "A":
                    extra = " together (any number of one rank in a turn, S2, PW)"
                elif len(play.cards) > 1 and play.wild is None:
                    extra = " together (a group play, S0, S1)"
                elif len(play.cards) > 1:
                    extra = " together (three nines with the comet, S0, S1)"
                return f"Seat {seat} plays {play_words(play)}{extra}."
            case ev.Passed(seat, targets):
                need = targets[0][0] if targets else None
                if seat == self.run_seat and self.run:
                    said = announcement(self.run, need, self.lang)
                    self.run = []
                    return f"Seat {seat}: \u201c{said}\u201d."
                call = CALLS.get(self.lang, CALLS["en"])["pass"]
                if targets is None:
                    return f"Seat {seat} passes the lead: \u201c{call}\u201d."
                return f"Seat {seat} cannot play {self.rnd_targets(targets)}: \u201c{call}\u201d."
            case ev.Stopped(seat, reason):
                said = ""
                if reason != "incidental" and seat == self.run_seat and len(self.run) > 1:
                    said = f"Seat {seat}: \u201c{stop_call(self.run, self.lang)}\u201d. "
                self.run_seat, self.run = -1, []
                why = STOP_REASONS.get(reason, reason)
                if reason == "incidental" and rnd.rules.turn_model == "A":
                    why = "the other cannot build, so the last player starts a new sequence (S2)"
                return f"{said}Stop: {why}; seat {seat} leads anew."
            case ev.Paid(payment):
                said = payment.describe(self.unit)
                return said[0].upper() + said[1:] + "."  # a sentence: "Seat 0 pays 1 jeton to seat 1: ..."
            case ev.Claimed(seat):
                return f"Seat {seat} claims the manille's fiche before the next card (S0, S1, Enc)."
            case ev.Lapsed(seat):
                return f"Seat {seat} did not claim the manille in time: the claim lapses (S0, S1, Enc)."
            case ev.Switched():
                return ("The comet is played: from now on whoever holds the next card in suit plays it, "
                        "not the next player in turn (Arnold 2011, S0).")
            case ev.Unswitched():
                return "The sequence is over: play returns to turns in rotation (AMB-28, option h_scope)."
            case ev.Branched(seat, targets):
                return (f"The comet lets seat {seat} continue the sequence or start again from the ten: "
                        f"{self.rnd_targets(targets)} may follow (Hoyle 1991, S0, S1).")
            case ev.WentOut(seat):
                return f"Seat {seat} has played the last card and wins the deal."
            case ev.Blocked():
                return "Everybody is blocked: the player with fewer points scores the difference (S2, PW)."
            case ev.Redealt(seat):
                return f"Seat {seat} uses the first hand's right to a new deal (S0, S1)."
            case ev.Kept(seat):
                return f"Seat {seat} keeps the hand."
            case ev.Discarded(seat):
                return f"Seat {seat} discards a card for the exchange (S2)."
            case ev.Drew(seat, taken, left):
                seen = f"; looks at the {len(left)} untaken (as in Piquet)" if left else ""
                return f"Seat {seat} draws {taken} from the talon{seen}."
            case ev.Blanche(seat, with_comet):
                return f"Seat {seat} shows carte blanche{' with the comet' if with_comet else ''} (S0, S1)."
        return ""

    def rnd_targets(self, targets: tuple[tuple[int, str], ...]) -> str:
        words = []
        for rank, suit in targets:
            words.append(Card(rank, suit).symbol if suit else a_rank(rank))
        return " or ".join(words)


def payment_summary(amount: int, unit: str) -> str:
    return f"{amount} {unit if amount == 1 else plural(unit)}"


_QUOTED = re.compile("\u201c([^\u201d]*)\u201d")


def sentence_html(sentence: str, lang: str = "en") -> str:
    """A narration sentence as HTML: escaped, and each call in quotes (“пас”) marked with the
    language it is said in (``<span lang="ru">``), so that a screen reader pronounces it so."""
    escaped = html.escape(sentence)
    if lang == "en" or lang not in LANGUAGES:
        return escaped
    return _QUOTED.sub(lambda m: f'\u201c<span lang="{lang}">{m.group(1)}</span>\u201d', escaped)
