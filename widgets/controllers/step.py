"""``StepController``: one recorded deal, stepped through, each step explained.

The flow of the step-through (:class:`widgets.step.StepThrough`), with no widget in it: a deal
played out by bots from a seed, or replayed from a record (a match: one of its deals); a cursor
at a step (0 is the deal, ``i`` the position after the i-th play); what each step says happened
(the narration) and which rule applied, in the chosen language.
"""

from __future__ import annotations

import comet
from comet_render.i18n import words
from comet_render.narrate import step_sentences
from comet_render.words import Names
from widgets.controllers.bots import play_out as play_out  # (the step-through's deals)
from widgets.controllers.checks import UserError
from comet_learn.moment import rule_notes
from widgets.controllers.table import BOT_NAMES_BY_SEAT

MAX_RECORD = 200_000


def fresh(rnd: comet.Round) -> comet.Round:
    """The same deal, back at its start (rebuilt from its record, not ``Round.copy()``: a copy
    shares the undo frames of the original)."""
    again = comet.replay(rnd.record())
    assert isinstance(again, comet.Round)
    while again.history:
        again.undo()
    return again


def step_names(players: int, lang: str) -> Names:
    """The players of a demo, by the bots' names (nobody is "you" in a replay)."""
    _ = words(lang)
    return Names(tuple(_(BOT_NAMES_BY_SEAT[s % len(BOT_NAMES_BY_SEAT)]) for s in range(players)), None, lang)


class StepController:
    """The deals of a record (or one played out) and a cursor on the one shown."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.deals: list[comet.Round] = []
        self.full: comet.Round
        self.cursor: comet.Round
        self.sentences: list[list[str]] = []
        self.rules: list[str] = []

    def deal(self, variant: comet.Variant, players: int, seed: int, bot: str = "greedy") -> None:
        self.show([play_out(variant, players, seed, bot)])

    def load(self, text: object) -> comet.Round | comet.Match:
        """Replay a record (a deal or a match); raises :class:`UserError` with what is wrong."""
        _ = words(self.lang)
        if not isinstance(text, str) or not text.strip():
            raise UserError(_("Paste a record first (for example the text of round.record())."))
        if len(text) > MAX_RECORD:
            raise UserError(_("That record is too long ({n} characters; at most {max}).", n=len(text),
                              max=MAX_RECORD))
        try:
            result = comet.replay(text)
        except comet.CometError as error:
            raise UserError(_("The record could not be replayed: {error}", error=error)) from None
        deals = [r for r, _x in result.finished] + [result.round] if isinstance(result, comet.Match) else [result]
        self.show(deals)
        return result

    def show(self, deals: list[comet.Round]) -> int:
        """Show these deals, the last one with plays selected; returns its index."""
        self.deals = deals
        played = [i for i, r in enumerate(deals) if r.history]
        first = played[-1] if played else len(deals) - 1
        self.select(first)
        return first

    def select(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.deals):
            raise UserError(words(self.lang)("There is no deal {n} in this record.", n=repr(index)[:20]))
        self.full = self.deals[index]
        self.cursor = fresh(self.full)
        self.retell()

    def retell(self) -> None:
        """The sentences and rules of every step, in :attr:`lang`."""
        self.sentences = step_sentences(self.full, self.lang, self.names())
        self.rules = rule_notes(self.full, self.lang)

    def names(self) -> Names:
        return step_names(self.full.players, self.lang)

    @property
    def step(self) -> int:
        return len(self.cursor.history)

    @property
    def steps(self) -> int:
        return len(self.full.history)

    def go(self, step: object) -> None:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.steps:
            raise UserError(words(self.lang)("The step must be 0 to {n}, not {value}.", n=self.steps,
                                             value=repr(step)[:20]))
        cursor = self.cursor
        while len(cursor.history) > step:
            cursor.undo()
        while len(cursor.history) < step:
            cursor.play(self.full.history[len(cursor.history)][1])

    def title(self, step: int) -> str:
        """``Step 3 of 40: Anna — 8♥``."""
        from comet_render.words import play_label

        _ = words(self.lang)
        if step == 0:
            return _("Step 0: the deal")
        seat, play = self.full.history[step - 1]
        return _("Step {step} of {n}: {name} — {play}", step=step, n=self.steps, name=self.names()(seat),
                 play=play_label(_, play))
