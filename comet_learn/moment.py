"""The rule of the moment: what the next play may be, and the rule that says so. Its one home.

The rules panel puts it on top (:mod:`comet_learn.rules_panel`), the lessons' coach says it with its
suggestion (:mod:`comet_learn.coach`), and, with the game's sources (``cite``), the class table's
*The rule* and the step-through's note after each play (:func:`rule_notes`). Its clauses are the
engine's rules (:class:`comet.Rules`: how a card follows, whether suits count), never retyped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.plays import Kind
from comet.state import PHASE_PLAY, Phase
from comet_learn.refusals import instead
from comet_render.i18n import Words, words
from comet_render.words import need_text, targets_text

if TYPE_CHECKING:
    from comet.plays import Play
    from comet.round import Round


def sources(rnd: "Round") -> str:
    return ", ".join(s.key for s in rnd.variant.sources)


def follow_rule(rnd: "Round", _: Words) -> str:
    """How a card follows in this game, in a clause: ``one rank higher, suits ignored``."""
    r = rnd.rules
    follow = _("the same rank or one higher") if r.follow == "same_or_next" else _("one rank higher")
    suits = _("in suit") if r.in_suit else _("suits ignored")
    return _("{follow}, {suits}", follow=follow, suits=suits)


def moment(rnd: "Round", lang: str = "en", yours: bool = True, play: "Play | None" = None, cite: bool = False) -> str:
    """The rule of the moment for the seat to move of ``rnd``: what the run needs, by which rule and,
    on your turn (``yours``), what you may do. With ``cite`` (or a ``play``, the one about to be made),
    the rule behind the next play as a sentence ending with the game's sources."""
    _ = words(lang)
    if cite or play is not None:
        return _cited(rnd, _, play)
    if rnd.is_over:
        return _("The deal is over: the settlement is on the table.")
    if rnd.targets is None and rnd.phase is PHASE_PLAY:
        return _("Now: a new lead: any card of the hand (or a group) may start the run.")
    if rnd.phase is not PHASE_PLAY:
        text = need_text(_, rnd)
        return text[:1].upper() + text[1:] + "."
    if not yours:
        return _("Now the run needs {need} ({rule}).", need=need_text(_, rnd), rule=follow_rule(rnd, _))
    return _("Now: {need} ({rule}); {instead}.", need=need_text(_, rnd), rule=follow_rule(rnd, _),
             instead=instead(rnd, lang))


def _cited(rnd: "Round", _: Words, play: "Play | None") -> str:
    if rnd.is_over:
        return _("The deal is over.")
    before = targets_text(_, rnd.targets)
    if rnd.phase is Phase.REDEAL:
        note = _("Before play, the first hand may keep the hand or demand a new deal.")
    elif rnd.phase is Phase.EXCHANGE:
        note = _("The exchange: discard, then draw as many from your share of the talon.")
    elif play is not None and play.kind is Kind.PASS:
        note = _("Passing is allowed when you cannot (or, where the variant lets you, will not) play {need}.",
                 need=before)
    elif play is not None and play.kind is Kind.CLAIM:
        note = _("The manille's payment must be claimed before the next card is played.")
    elif play is not None and play.wild is not None:
        note = (_("A wild card may stand for any card on a lead.") if rnd.targets is None
                else _("A wild card may stand for {need}.", need=before))
    elif rnd.targets is None:
        note = _("After a stop (or at the start) the player entitled leads any card.")
    else:
        r = rnd.rules
        follow = _("the same rank or one higher") if r.follow == "same_or_next" else _("one rank higher")
        suits = _("in suit") if r.in_suit else _("suits ignored")
        note = _("Each card must be {follow}, {suits}: here {need}.", follow=follow, suits=suits, need=before)
    return _("Rule: {note} (Sources of {game}: {sources}.)", note=note, game=_(rnd.variant.name),
             sources=sources(rnd))


def deal_rule(rnd: "Round", lang: str = "en") -> str:
    _ = words(lang)
    return _("The cards are dealt as the variant says (see its rules; {sources}).", sources=sources(rnd))


def rule_notes(rnd: "Round", lang: str = "en") -> list[str]:
    """For each step of a finished (or started) deal: the deal's rule, then the rule of each play."""
    import comet

    cursor = comet.replay(rnd.record())
    assert isinstance(cursor, comet.Round)
    while cursor.history:
        cursor.undo()
    notes = [deal_rule(rnd, lang)]
    for _seat, play in rnd.history:
        notes.append(moment(cursor, lang, play=play))
        cursor.play(play)
    return notes
