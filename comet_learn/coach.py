"""The coach of the lessons' free play: the play it suggests on the learner's turn, and why, in one
sentence in the terms the path has taught ("Lead the 4♥: your longest run starts there (4♥ 5♦ 6♥).").

A :class:`Reason` is a fact about one play in one position that the engine finds by playing it on a
copy of the round (it stops the run, and you lead again; the comet earns its payment at once; it is
your last card...), like the lessons' claims (:mod:`comet_learn.course_claims`): :meth:`Reason.problem`
finds it again in a position and says what differs, so a reason can be checked under another
reading of the sources (another variant's options) as the lessons' sentences are. :func:`reasons`
lists every reason of every legal play of a position (what the coach could say there);
:func:`advise` chooses the play (forced plays and going out first; otherwise the search bot's
ranking, among the plays a lesson has a reason for, a natural card rather than the comet when the
comet is not clearly better) and the most telling of its reasons.

The coach sees only what the learner may see: its facts follow from the rules, the learner's hand
and the table (a stop, a payment for playing the comet, the learner's own run), never from the other
hands, and its ranking is the search bot's, which deals the unseen cards at random
(:func:`comet.agents.hint`, from the learner's view).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Sequence

import comet
from comet.agents import hint as rank_plays
from comet.search import Hint
from comet.state import PHASE_PLAY
from comet.events import Stop, Stopped
from comet.plays import Kind, Play
from comet_learn.refusals import wild_name
from comet_render.i18n import card_symbol, cards_symbols, percent, rank_label, words
from comet_render.sources import without_sources
from comet_render.words import amount, need_text

if TYPE_CHECKING:
    from comet.round import Round

PLAYOUTS = 120
"""The coach's search: playouts in all, shared by the legal plays, with no time limit, so that the
coach says the same in the reader's browser as here (small deals: enough to rank the plays)."""
COMET_MARGIN = 0.1
"""The comet is suggested over a natural card that may be played instead only when the search finds
it better by more than this share of deals won."""


UNSEEN_STOPS = frozenset({Stop.INCIDENTAL})
"""Stops that depend on where the unseen cards lie (nobody could go on): never a reason of the coach's,
who sees what the learner sees."""


class Why(StrEnum):
    """The kinds of reasons, most telling first (:func:`advise` gives the first that holds)."""

    ONLY = "only"
    OUT = "out"
    WILD = "wild"
    STOP = "stop"
    GROUP = "group"
    RUN = "run"
    LOWEST = "lowest"
    KEEP_WILD = "keep_wild"
    NEED = "need"
    CLAIM = "claim"
    SEARCH = "search"


@dataclass(frozen=True)
class Reason:
    """Why ``play`` is good for ``seat`` in a position: its kind and the facts the engine found
    (``stop``: the stop it makes; ``paid``: what it earns at once; ``run``: the learner's run from a
    lead, in order; ``share``: the search's share of deals won)."""

    why: Why
    play: Play
    seat: int
    stop: Stop | None = None
    paid: int = 0
    payers: tuple[int, ...] = ()
    run: tuple[comet.Card, ...] = ()
    share: float = 0.0
    playouts: int = 0

    def problem(self, rnd: "Round") -> str | None:
        """None if the reason holds in ``rnd`` (the position it was given for, or that position under
        another reading), else what the engine finds instead."""
        if rnd.to_play != self.seat:
            return f"seat {rnd.to_play} is to play, not seat {self.seat}"
        found = [r for r in reasons(rnd, search=self.why is Why.SEARCH) if r.play == self.play]
        if self in found:
            return None
        same = [r for r in found if r.why is self.why]
        if same:
            return f"{self.why} for {self.play.text}: the engine finds {same[0]}, not {self}"
        return f"{self.why} for {self.play.text} does not hold: the engine finds {[r.why.value for r in found]}"

    def sentence(self, rnd: "Round", lang: str = "en", names: Sequence[str] = ()) -> str:
        """The reason in one sentence in ``lang``, in the lessons' words (``names``: the table's, by seat)."""
        return _sentence(self, rnd, lang, names)


@dataclass(frozen=True)
class Advice:
    """The coach's play and its reason; ``win``: the search's share of deals won with it (None when the
    search was not needed), over ``playouts`` deals."""

    play: Play
    reason: Reason
    win: float | None = None
    playouts: int = 0


# ------------------------------------------------------------------ finding the reasons
def reasons(rnd: "Round", search: bool = False) -> list[Reason]:
    """Every reason the coach could give in ``rnd``: for each legal play of the seat to move, each
    reason that holds (the engine's facts), in the order of :class:`Why`; with ``search``, the search
    bot's best play too (:data:`Why.SEARCH`). Empty when the deal is over."""
    if rnd.is_over or rnd.to_play is None:
        return []
    seat = rnd.to_play
    legal = rnd.legal_plays()
    runs = _leads(rnd, legal)
    longest = max((len(r) for r in runs.values()), default=0)
    naturals = [p for p in legal if _natural(p)]
    lowest = min((p.cards[0].rank for p in naturals), default=0)
    wilds = [p for p in legal if p.wild is not None]
    out: list[Reason] = []
    for play in legal:
        out += _reasons_of(rnd, play, seat, legal, runs, longest, lowest, wilds)
    if search:
        ranked = _ranked(rnd)
        top = ranked[0]
        out.append(Reason(Why.SEARCH, top.play, seat, share=round(top.win, 3), playouts=top.playouts))
    order = list(Why)
    return sorted(out, key=lambda r: order.index(r.why))


def _reasons_of(rnd: "Round", play: Play, seat: int, legal: list[Play], runs: dict[Play, tuple[comet.Card, ...]],
                longest: int, lowest: int, wilds: list[Play]) -> list[Reason]:
    out: list[Reason] = []
    if len(legal) == 1:
        out.append(Reason(Why.ONLY, play, seat))
    after = rnd.copy()
    events, ledger = len(after.events), len(after.ledger)
    after.play(play)
    if play.kind is Kind.CARDS and not after.hands[seat]:
        out.append(Reason(Why.OUT, play, seat))
    stops = [e for e in after.events[events:] if isinstance(e, Stopped) and e.reason not in UNSEEN_STOPS]
    again = not after.is_over and after.to_play == seat and after.targets is None
    paid = [p for p in list(after.ledger)[ledger:] if p.payee == seat]
    payers = tuple(sorted({p.payer for p in paid}))
    stop = stops[0].reason if stops and again else None
    if play.wild is not None and (stop is not None or paid or rnd.targets is not None and not _holds(rnd, play)):
        out.append(Reason(Why.WILD, play, seat, stop=stop, paid=sum(p.amount for p in paid), payers=payers))
    elif stop is not None and play.wild is None:
        out.append(Reason(Why.STOP, play, seat, stop=stop))
    if play.kind is Kind.CARDS and len(play.cards) > 1 and play.wild is None:
        out.append(Reason(Why.GROUP, play, seat))
    if play in runs and len(runs[play]) == longest >= 2:
        out.append(Reason(Why.RUN, play, seat, run=runs[play]))
    if play in runs and play.cards[0].rank == lowest:
        out.append(Reason(Why.LOWEST, play, seat))
    if _natural(play) and rnd.targets is not None:
        if any(w.rank == play.cards[0].rank for w in wilds):
            out.append(Reason(Why.KEEP_WILD, play, seat))
        out.append(Reason(Why.NEED, play, seat))
    if play.kind is Kind.CLAIM:
        out.append(Reason(Why.CLAIM, play, seat))
    return out


def _natural(play: Play) -> bool:
    """One card of the hand played as itself."""
    return play.kind is Kind.CARDS and len(play.cards) == 1 and play.wild is None


def _holds(rnd: "Round", play: Play) -> bool:
    """Whether the seat to move holds a natural card that may be played where the wild card ``play``
    stands in (a card of the rank it stands for, legal as itself)."""
    return any(_natural(p) and p.cards[0].rank == play.rank for p in rnd.legal_plays())


def _leads(rnd: "Round", legal: list[Play]) -> dict[Play, tuple[comet.Card, ...]]:
    """For each lead of one natural card: the run the seat to move can play from it alone, card after
    card while the turn stays theirs (played out by the engine on a copy)."""
    if rnd.targets is not None or rnd.phase is not PHASE_PLAY:
        return {}
    seat = rnd.to_play
    out = {}
    for play in legal:
        if not _natural(play):
            continue
        copy = rnd.copy()
        copy.play(play)
        cards = [play.cards[0]]
        while not copy.is_over and copy.to_play == seat and copy.targets is not None:
            nxt = next((p for p in copy.legal_plays() if _natural(p)), None)
            if nxt is None:
                break
            copy.play(nxt)
            cards.append(nxt.cards[0])
        out[play] = tuple(cards)
    return out


def _ranked(rnd: "Round") -> list[Hint]:
    return rank_plays(rnd, playouts=PLAYOUTS, time_limit=None, seed=len(rnd.history))


# ------------------------------------------------------------------ the coach's choice
def advise(rnd: "Round") -> Advice:
    """The coach's play for the seat to move of ``rnd`` and its most telling reason (see the module's
    docstring). The deal must not be over."""
    if rnd.is_over or rnd.to_play is None:
        raise comet.GameStateError("the deal is over: the coach has nothing to suggest")
    found = reasons(rnd)
    by_play: dict[Play, list[Reason]] = {}
    for r in found:
        by_play.setdefault(r.play, []).append(r)
    legal = rnd.legal_plays()
    if len(legal) == 1:
        return Advice(legal[0], by_play[legal[0]][0])
    outs = [p for p in legal if any(r.why is Why.OUT for r in by_play.get(p, []))]
    ranked = [h for h in _ranked(rnd) if not outs or h.play in outs]
    taught = [h for h in ranked if h.play in by_play] or ranked
    best = taught[0]
    if best.play.wild is not None and not outs:
        natural = next((h for h in taught if h.play.wild is None and h.play.kind is Kind.CARDS), None)
        if natural is not None and best.win - natural.win <= COMET_MARGIN:
            best = natural
    mine = by_play.get(best.play)
    reason = mine[0] if mine else Reason(Why.SEARCH, best.play, rnd.to_play, share=round(best.win, 3),
                                         playouts=best.playouts)
    return Advice(best.play, reason, best.win, best.playouts)


# ------------------------------------------------------------------ in words
def do_words(rnd: "Round", play: Play, lang: str = "en") -> str:
    """A play as an instruction, never a button's name: ``Lead the 4♥``, ``Play the comet (9♣) as
    the 5``, ``Keep your hand``."""
    _ = words(lang)
    if play.kind is Kind.CARDS and play.wild is not None:
        stands = rank_label(play.rank, lang) + (comet.Card(play.rank, play.suit).symbol[-1] if play.suit else "")
        return _("Play {wild} as the {rank}", wild=wild_name(rnd, play.wild, lang), rank=stands)
    if play.kind is Kind.CARDS and len(play.cards) > 1:
        return _("Play {cards} together", cards=cards_symbols(play.cards, lang))
    if play.kind is Kind.CARDS:
        card = card_symbol(play.cards[0], lang)
        return _("Lead the {card}", card=card) if rnd.targets is None else _("Play the {card}", card=card)
    if play.kind is Kind.DISCARD:
        return _("Discard the {card}", card=card_symbol(play.cards[0], lang))
    verbs = {Kind.PASS: _.pgettext("advice", "Pass"), Kind.CLAIM: _.pgettext("advice", "Claim the manille"),
             Kind.KEEP: _("Keep your hand"), Kind.REDEAL: _("Ask for a new deal"),
             Kind.DRAW: _.pgettext("advice", "Draw from the talon")}
    return verbs.get(play.kind, play.text)


def _sentence(reason: Reason, rnd: "Round", lang: str, names: Sequence[str]) -> str:
    _ = words(lang)
    do = do_words(rnd, reason.play, lang)
    unit = rnd.rules.unit
    if reason.why is Why.ONLY:
        return _("{do}: it is your only play.", do=do)
    if reason.why is Why.OUT:
        return _.ngettext("{do}: it is your last card, and you go out.", "{do}: they are your last cards, and you go "
                          "out.", len(reason.play.cards), do=do)
    if reason.why is Why.WILD:
        if reason.paid:
            paid = amount(_, reason.paid, unit)
            pay = (_("{payer} pays you {amount} at once", payer=_name(names, reason.payers[0], lang), amount=paid)
                   if len(reason.payers) == 1 else _("the others pay you {amount} in all at once", amount=paid))
            if reason.stop is not None:
                return _("{do}: it stops the run, {pay}, and you lead again.", do=do, pay=pay)
            return _("{do}: {pay}.", do=do, pay=pay)
        if reason.stop is not None:
            return _("{do}: it stops the run, and you lead again.", do=do)
        return _("{do}: you hold no {rank}, and it may stand for one.", do=do, rank=rank_label(reason.play.rank, lang))
    if reason.why is Why.STOP and reason.stop is not None:
        rule = without_sources(_(reason.stop.rule))
        return _("{do}: {rule}, and you lead again.", do=do, rule=rule)
    if reason.why is Why.GROUP:
        return _("{do}: a group sheds {n} cards in one play.", do=do, n=len(reason.play.cards))
    if reason.why is Why.RUN:
        return _("{do}: your longest run starts there ({cards}).", do=do, cards=cards_symbols(reason.run, lang))
    if reason.why is Why.LOWEST:
        return _("{do}: it is your lowest card, so the most cards can follow it.", do=do)
    if reason.why is Why.KEEP_WILD:
        wild = next(p.wild for p in rnd.legal_plays() if p.wild is not None)
        return _("{do}, and keep {wild} for a run you cannot go on with.", do=do, wild=wild_name(rnd, wild, lang))
    if reason.why is Why.NEED:
        return _("{do}: the run needs {need}.", do=do, need=need_text(_, rnd))
    if reason.why is Why.CLAIM:
        return _("{do}: the manille's payment must be claimed before the next card is played.", do=do)
    return _("{do}: played out {n} times from what you can see, it wins most often ({share}).", do=do,
             n=reason.playouts, share=percent(reason.share, lang))


def _name(names: Sequence[str], seat: int, lang: str) -> str:
    from comet_learn.course import RIVALS

    if seat < len(names) and names[seat]:
        return names[seat]
    return words(lang)(RIVALS[(seat - 1) % len(RIVALS)])
