"""The event log in words: one sentence per event, with the rule (and its source) behind it.

Every sentence is in the reader's language (:mod:`comet_render.i18n`), and names the players as
the page does (:class:`comet_render.words.Names`: "you", and a name for every other seat; by
default "Seat N", as the book writes). The calls quoted in the sentences (“7, 8, 9 without 10”,
“пас”) come from :mod:`comet.calls`, in the same language, as data: a :class:`Sentence` knows where
its call stands, so that a page marks it (:func:`sentence_html`) or lists the calls (:func:`calls_since`)
without reading the sentences again.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from comet import events as ev
from comet.calls import LANGUAGES, Caller
from comet.cards import Card
from comet.plays import Play
from comet_render.i18n import N_, Words, card_symbol, rank_label, words
from comet_render.words import Names, payment_sentence, say, stop_reason, targets_text

if TYPE_CHECKING:
    from comet.round import Round


def default_names(players: int, lang: str = "en") -> Names:
    """``Seat 0``, ``Seat 1``...: the names of a deal told with nobody at the table (the book)."""
    _ = words(lang)
    return Names(tuple(_("Seat {n}", n=s) for s in range(players)), None, lang)


def play_words(play: Play, lang: str = "en") -> str:
    """``"7♥ 8♦"``; a wild as ``"9♣ (wild) as 10"``."""
    _ = words(lang)
    parts = []
    for c in play.cards:
        if c is play.wild:
            stands = rank_label(play.rank, lang) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
            parts.append(_("{card} (wild) as {rank}", card=card_symbol(c, lang), rank=stands))
        else:
            parts.append(card_symbol(c, lang))
    return " ".join(parts)


class Sentence(str):
    """A sentence of the narration (a ``str``); ``call``: where the call it quotes stands in it, as
    ``(start, end)`` (``None``: it quotes none)."""

    call: tuple[int, int] | None

    def __new__(cls, text: str, call: tuple[int, int] | None = None) -> "Sentence":
        self = super().__new__(cls, text)
        self.call = call
        return self


_MARK = "\x00"
"""Stands for the call while a sentence is worded, to find where the translation puts it."""


def narrate(rnd: "Round", lang: str = "en", names: Names | None = None) -> list[str]:
    """Every step of the round as one sentence per event."""
    return [s for step in step_sentences(rnd, lang, names) for s in step]


def calls_since(rnd: "Round", since: int, lang: str = "en", names: Names | None = None) -> list[Sentence]:
    """The sentences that quote a call among those of the events from ``since`` on (an index of
    ``rnd.events``): the calls said since then, each in the sentence the narration gives it. The events
    before are followed, not worded (a call names the run from its first card)."""
    return [said for _i, said in calls_at(rnd, since, lang, names)]


def calls_at(rnd: "Round", since: int, lang: str = "en", names: Names | None = None) -> list[tuple[int, Sentence]]:
    """:func:`calls_since`, each sentence with the index of its event in ``rnd.events`` (to say it in
    its place among other things said meanwhile)."""
    state = _NarrationState(rnd, lang, names or default_names(rnd.players, lang))
    out = []
    for i, e in enumerate(rnd.events):
        if i < since:
            state.caller.call(e)
            continue
        said = state.sentence(e)
        if isinstance(said, Sentence) and said.call is not None:
            out.append((i, said))
    return out


class Narrator:
    """The narration of one deal kept as it grows: :meth:`lines` words only the events since its last call
    (a table drawn after every play, a room's pictures for every seat), the same sentences as :func:`narrate`."""

    def __init__(self, rnd: "Round", lang: str = "en", names: Names | None = None) -> None:
        self.rnd = rnd
        self.names = names or default_names(rnd.players, lang)
        self.lang = lang
        self._restart()

    def _restart(self) -> None:
        self._state = _NarrationState(self.rnd, self.lang, self.names)
        self._lines: list[str] = []
        self._done = 0

    def lines(self) -> list[str]:
        """Every sentence of the deal so far (words the new events; starts again after an undo)."""
        events = self.rnd.events
        if len(events) < self._done:
            self._restart()
        for e in events[self._done:]:
            said = self._state.sentence(e)
            if said:
                self._lines.append(said)
        self._done = len(events)
        return self._lines


def step_sentences(rnd: "Round", lang: str = "en", names: Names | None = None) -> list[list[str]]:
    """Sentences grouped by step: index 0 is the deal, index i the i-th play."""
    events = rnd.events
    starts = rnd.step_starts() + [len(events)]
    groups: list[list[str]] = []
    state = _NarrationState(rnd, lang, names or default_names(rnd.players, lang))
    begin = 0
    for end in starts:
        groups.append([s for e in events[begin:end] for s in [state.sentence(e)] if s])
        begin = end
    return groups


class _NarrationState:
    def __init__(self, rnd: "Round", lang: str, names: Names) -> None:
        self.rnd = rnd
        self.lang = lang if lang in LANGUAGES else "en"
        self._: Words = words(self.lang)
        self.names = names
        self.caller = Caller(self.lang)
        self.unit = rnd.rules.unit

    def quoting(self, seat: int, you_form: str, named_form: str, call: str, **values: object) -> Sentence:
        """The sentence of ``seat`` quoting ``call`` (its ``{call}``), which knows where the call stands."""
        text = say(self._, self.names, seat, you_form, named_form, call=_MARK, **values)
        start = text.find(_MARK)
        return Sentence(text.replace(_MARK, call), (start, start + len(call)) if start >= 0 else None)

    def sentence(self, e: ev.Event) -> str:
        rnd, _, names = self.rnd, self._, self.names
        match e:
            case ev.Dealt(dealer, leader):
                turn = _("clockwise") if rnd.rules.direction == "clockwise" else _("anticlockwise")
                return " ".join([
                    _("{game}:", game=_(rnd.variant.name)),
                    say(_, names, dealer, N_("you deal;"), N_("{name} deals;")),
                    say(_, names, leader, N_("you lead ({turn})."), N_("{name} leads ({turn})."), turn=turn)])
            case ev.Played(seat, play):
                self.caller.call(e)
                extra = ""
                if len(play.cards) > 1 and play.wild is None and rnd.rules.turn_model == "A":
                    extra = _(" together (any number of one rank in a turn, S2, PW)")
                elif len(play.cards) > 1 and play.wild is None:
                    extra = _(" together (a group play, S0, S1)")
                elif len(play.cards) > 1:
                    extra = _(" together (three nines with the comet, S0, S1)")
                return say(_, names, seat, N_("You play {cards}{extra}."), N_("{name} plays {cards}{extra}."),
                           cards=play_words(play, self.lang), extra=extra)
            case ev.Passed(seat, targets):
                kind, said = self.caller.call(e)
                if kind == "announce":
                    return self.quoting(seat, N_("You: \u201c{call}\u201d."), N_("{name}: \u201c{call}\u201d."), said)
                if targets is None:
                    return self.quoting(seat, N_("You pass the lead: \u201c{call}\u201d."),
                                        N_("{name} passes the lead: \u201c{call}\u201d."), said)
                return self.quoting(seat, N_("You cannot play {targets}: \u201c{call}\u201d."),
                                    N_("{name} cannot play {targets}: \u201c{call}\u201d."), said,
                                    targets=targets_text(_, targets))
            case ev.Stopped(seat, reason):
                _kind, call = self.caller.call(e)
                why = stop_reason(_, reason, rnd.rules.turn_model == "A")
                stop = say(_, names, seat, N_("Stop: {why}; you lead anew."), N_("Stop: {why}; {name} leads anew."),
                           why=why)
                if not call:
                    return stop
                said = self.quoting(seat, N_("You: \u201c{call}\u201d."), N_("{name}: \u201c{call}\u201d."), call)
                return Sentence(f"{said} {stop}", said.call)
            case ev.Paid(payment):
                return payment_sentence(_, names, payment, self.unit)
            case ev.Claimed(seat):
                return say(_, names, seat, N_("You claim the manille's fiche before the next card (S0, S1, Enc)."),
                           N_("{name} claims the manille's fiche before the next card (S0, S1, Enc)."))
            case ev.Lapsed(seat):
                return say(_, names, seat, N_("You did not claim the manille in time: the claim lapses (S0, S1, Enc)."),
                           N_("{name} did not claim the manille in time: the claim lapses (S0, S1, Enc)."))
            case ev.Switched():
                return _("The comet is played: from now on whoever holds the next card in suit plays it, "
                         "not the next player in turn (Arnold 2011, S0).")
            case ev.Unswitched():
                return _("The sequence is over: play returns to turns in rotation (AMB-28, option h_scope).")
            case ev.Branched(seat, targets):
                return say(_, names, seat, N_("The comet lets you continue the sequence or start again from the ten: "
                           "{targets} may follow (Hoyle 1991, S0, S1)."),
                           N_("The comet lets {name} continue the sequence or start again from the ten: "
                           "{targets} may follow (Hoyle 1991, S0, S1)."), targets=targets_text(_, targets))
            case ev.WentOut(seat):
                return say(_, names, seat, N_("You have played your last card and win the deal."),
                           N_("{name} has played the last card and wins the deal."))
            case ev.Blocked():
                return _("Everybody is blocked: the player with fewer points scores the difference (S2, PW).")
            case ev.Redealt(seat):
                return say(_, names, seat, N_("You use the first hand's right to a new deal (S0, S1)."),
                           N_("{name} uses the first hand's right to a new deal (S0, S1)."))
            case ev.Kept(seat):
                return say(_, names, seat, N_("You keep the hand."), N_("{name} keeps the hand."))
            case ev.Discarded(seat):
                return say(_, names, seat, N_("You discard a card for the exchange (S2)."),
                           N_("{name} discards a card for the exchange (S2)."))
            case ev.Drew(seat, taken, left):
                if left:
                    return say(_, names, seat, N_("You draw {taken} from the talon; you look at the {n} untaken (as in "
                                                  "Piquet)."),
                               N_("{name} draws {taken} from the talon; looks at the {n} untaken (as in Piquet)."),
                               taken=taken, n=len(left))
                return say(_, names, seat, N_("You draw {taken} from the talon."),
                           N_("{name} draws {taken} from the talon."), taken=taken)
            case ev.Blanche(seat, with_comet):
                if with_comet:
                    return say(_, names, seat, N_("You show carte blanche with the comet (S0, S1)."),
                               N_("{name} shows carte blanche with the comet (S0, S1)."))
                return say(_, names, seat, N_("You show carte blanche (S0, S1)."), N_("{name} shows carte blanche (S0, S1)."))
        return ""


def sentence_html(sentence: str, lang: str = "en") -> str:
    """A narration sentence as HTML: escaped, and the call it quotes (a :class:`Sentence`'s ``call``)
    marked with the language it is said in (``<span lang="ru">``), so that a screen reader pronounces it so."""
    span = getattr(sentence, "call", None)
    if span is None or lang == "en" or lang not in LANGUAGES:
        return html.escape(sentence)
    a, b = span
    return (f'{html.escape(sentence[:a])}<span lang="{lang}">{html.escape(sentence[a:b])}</span>'
            f"{html.escape(sentence[b:])}")
