"""Why a play cannot be made now, in plain words: the rules' reason, never a bare "wrong".

A lesson (and the play table) refuses a play with the sentence :func:`refusal` builds from the
position alone: what the run needs, what the player holds of it, and so what they may do instead
("The run needs a 7; you hold none, so you must pass."). Every part comes from the engine's state
(:attr:`Round.targets`, the legal plays, the hand); the words come from the catalogs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.cards import Card, sort_key
from comet.plays import CARDS, PASS, Play
from comet.state import PHASE_EXCHANGE, PHASE_OVER, PHASE_PLAY, PHASE_REDEAL
from comet_render.i18n import Words, card_symbol, cards_symbols, words
from comet_render.words import need_text, play_label, targets_text

if TYPE_CHECKING:
    from comet.round import Round


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _either(_: Words, said: list[str]) -> str:
    """``2♥``, ``2♥ or 6♥``, ``2♥, 6♥ or 7♥``."""
    if len(said) == 1:
        return said[0]
    if len(said) == 2:
        return _("{a} or {b}", a=said[0], b=said[1])
    return _("{some} or {last}", some=", ".join(said[:-1]), last=said[-1])


def _fitting(rnd: "Round", legal: list[Play]) -> list[Card]:
    """The natural cards of the hand that the run can take now (one of them alone is legal)."""
    found = {p.cards[0] for p in legal if p.kind is CARDS and len(p.cards) == 1 and p.wild is None}
    return sorted(found, key=sort_key)


def _wild_plays(legal: list[Play]) -> list[Play]:
    return [p for p in legal if p.kind is CARDS and p.wild is not None]


def wild_name(rnd: "Round", card: Card, lang: str = "en") -> str:
    """The wild card as the game calls it: ``the manille (9♦)`` in 1718 (its claim), ``the 9♦`` in
    Commit of 1857 (which bridges a gap), ``the comet (9♣)`` elsewhere."""
    _ = words(lang)
    symbol = card_symbol(card, lang)
    if rnd.rules.wild_claim == "claim":
        return _("the manille ({card})", card=symbol)
    if rnd.rules.wild_mode == "bridge":
        return _("the {card}", card=symbol)
    return _("the comet ({card})", card=symbol)


def instead(rnd: "Round", lang: str = "en") -> str:
    """What the player to move may do now, in a clause: ``play the 7♥``, ``play a 7 or pass``,
    ``pass: you hold nothing the run can take``."""
    _ = words(lang)
    legal = rnd.legal_plays()
    fitting = _fitting(rnd, legal)
    wild = _wild_plays(legal)
    can_pass = any(p.kind is PASS for p in legal)
    if not fitting and not wild and can_pass:
        return _("you hold nothing the run can take, so you must pass")
    options = [card_symbol(c, lang) for c in fitting]
    if wild:
        options.append(wild_name(rnd, wild[0].wild or wild[0].cards[0], lang))
    if not options:
        if rnd.phase is not PHASE_PLAY:
            return need_text(_, rnd)
        return _("choose one of the plays offered")
    held = _either(_, options)
    if can_pass:
        return _("you may play {cards}, or pass", cards=held)
    return _("you may play {cards}", cards=held)


KINDS = ("over", "redeal", "exchange", "lead-pass", "must", "not-now", "not-held", "holder", "group", "lead", "wild",
         "needs")
"""Every kind of refusal, one sentence each (:func:`refusal_kind`)."""
DECLARED = {"wild": ("AMB-38",)}
"""The readings no option switches that a kind of refusal states (the wild card, after a run, may stand only
for the card the run needs: AMB-38), where the variant makes them (its docstring names them)."""


def refusal_kind(rnd: "Round", play: Play) -> str:
    """Which of :data:`KINDS` refuses ``play`` (not legal in ``rnd``)."""
    if rnd.phase is PHASE_OVER:
        return "over"
    if rnd.phase is PHASE_REDEAL:
        return "redeal"
    if rnd.phase is PHASE_EXCHANGE:
        return "exchange"
    if play.kind is PASS:
        return "lead-pass" if rnd.targets is None else "must"
    if play.kind is not CARDS:
        return "not-now"
    seat = rnd.to_play
    assert seat is not None
    hand = list(rnd.hands[seat])
    if any(play.cards.count(c) > hand.count(c) for c in play.cards):
        return "not-held"
    if rnd.h_mode and rnd.targets is not None:
        return "holder"
    if len(play.cards) > 1 and not any(p.kind is CARDS and len(p.cards) > 1 for p in rnd.legal_plays()):
        return "group"
    if rnd.targets is None:
        return "lead"
    return "wild" if play.wild is not None else "needs"


def refusal(rnd: "Round", play: Play, lang: str = "en") -> str:
    """Why ``play`` cannot be made by the player to move of ``rnd``, as one or two sentences in
    ``lang`` (the reader is the player to move: "you"). ``play`` must not be legal."""
    _ = words(lang)
    kind = refusal_kind(rnd, play)
    if kind in ("over", "redeal", "exchange", "lead-pass"):
        return {"over": _("The deal is over: no more plays."),
                "redeal": _("First the hand: keep it, or demand a new deal."),
                "exchange": _("First the exchange: discard, then draw from the talon."),
                "lead-pass": _("You lead: a leader must play a card, any card of the hand.")}[kind]
    if kind == "must":
        return _("You may not pass: {instead}. A player who can go on must.", instead=instead(rnd, lang))
    if kind == "not-now":
        return _("{play} is not possible now: {instead}.", play=play_label(_, play), instead=instead(rnd, lang))
    if kind == "not-held":
        hand = list(rnd.hands[rnd.to_play or 0])
        missing = [c for c in play.cards if play.cards.count(c) > hand.count(c)]
        return _("You do not hold {cards}.", cards=cards_symbols(sorted(set(missing), key=sort_key), lang))
    shown = play_label(_, play)
    targets = rnd.targets or ()
    if kind == "holder":
        return _("The run needs {need}, and whoever holds it plays it; {play} is not it.",
                 need=targets_text(_, targets), play=shown)
    if kind == "group":
        return _("{play} is not a group this game allows now: {instead}.", play=shown, instead=instead(rnd, lang))
    if kind == "lead":
        return _("{play} is not a play this game allows: {instead}.", play=shown, instead=instead(rnd, lang))
    if kind == "wild":
        assert play.wild is not None
        return _("{wild} may stand only for what the run needs, {need}: {instead}.",
                 wild=_capital(wild_name(rnd, play.wild, lang)), need=targets_text(_, targets),
                 instead=instead(rnd, lang))
    return _("The run needs {need}, and {play} is not that: {instead}.", need=targets_text(_, targets),
             play=shown, instead=instead(rnd, lang))
