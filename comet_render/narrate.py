"""The event log in words: one sentence per event, with the rule (and its source) behind it.

The calls quoted in the sentences (“7, 8, 9 without 10”, “пас”) come from :mod:`comet.calls`, in
English, French, Russian or Spanish; the rest of the narration is English prose.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from comet import events as ev
from comet.calls import LANGUAGES, Caller, rank_word
from comet.cards import Card, a_rank
from comet.ledger import plural
from comet.plays import Play

if TYPE_CHECKING:
    from comet.round import Round

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
        self.caller = Caller(lang)
        self.unit = rnd.rules.unit

    def sentence(self, e: ev.Event) -> str:
        rnd = self.rnd
        match e:
            case ev.Dealt(dealer, leader):
                return (f"{rnd.variant.name}: seat {dealer} deals; seat {leader} leads "
                        f"({rnd.rules.direction} play).")
            case ev.Played(seat, play):
                self.caller.call(e)
                extra = ""
                if len(play.cards) > 1 and play.wild is None and rnd.rules.turn_model == "A":
                    extra = " together (any number of one rank in a turn, S2, PW)"
                elif len(play.cards) > 1 and play.wild is None:
                    extra = " together (a group play, S0, S1)"
                elif len(play.cards) > 1:
                    extra = " together (three nines with the comet, S0, S1)"
                return f"Seat {seat} plays {play_words(play)}{extra}."
            case ev.Passed(seat, targets):
                kind, said = self.caller.call(e)
                if kind == "announce":
                    return f"Seat {seat}: \u201c{said}\u201d."
                if targets is None:
                    return f"Seat {seat} passes the lead: \u201c{said}\u201d."
                return f"Seat {seat} cannot play {self.rnd_targets(targets)}: \u201c{said}\u201d."
            case ev.Stopped(seat, reason):
                _, call = self.caller.call(e)
                said = f"Seat {seat}: \u201c{call}\u201d. " if call else ""
                why = reason.rule  # the one table of the stops' words (comet.events.STOP_WORDS)
                if reason is ev.Stop.INCIDENTAL and rnd.rules.turn_model == "A":
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
