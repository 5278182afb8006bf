"""The rule of the moment: which rule makes the next play legal, with the variant's sources.

The step-through says it after each play, the class table shows it on demand (one function).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.plays import Kind
from comet.state import Phase
from comet_render.i18n import words
from comet_render.words import targets_text

if TYPE_CHECKING:
    from comet.plays import Play
    from comet.round import Round


def sources(rnd: "Round") -> str:
    return ", ".join(s.key for s in rnd.variant.sources)


def deal_rule(rnd: "Round", lang: str = "en") -> str:
    _ = words(lang)
    return _("The cards are dealt as the variant says (see its rules; {sources}).", sources=sources(rnd))


def rule_now(rnd: "Round", lang: str = "en", play: "Play | None" = None) -> str:
    """The rule behind the next play of ``rnd`` (``play``, if it is known, else any): a sentence
    ending with the variant's sources."""
    _ = words(lang)
    r = rnd.rules
    before = targets_text(_, rnd.targets)
    if rnd.is_over:
        return _("The deal is over.")
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
        follow = _("the same rank or one higher") if r.follow == "same_or_next" else _("one rank higher")
        suits = _("in suit") if r.in_suit else _("suits ignored")
        note = _("Each card must be {follow}, {suits}: here {need}.", follow=follow, suits=suits, need=before)
    return _("Rule: {note} (Sources of {game}: {sources}.)", note=note, game=_(rnd.variant.name),
             sources=sources(rnd))


def rule_notes(rnd: "Round", lang: str = "en") -> list[str]:
    """For each step of a finished (or started) deal: the deal's rule, then the rule of each play."""
    import comet

    cursor = comet.replay(rnd.record())
    assert isinstance(cursor, comet.Round)
    while cursor.history:
        cursor.undo()
    notes = [deal_rule(rnd, lang)]
    for _, play in rnd.history:
        notes.append(rule_now(cursor, lang, play))
        cursor.play(play)
    return notes
