"""Advice at the table: the hint (the search bot's best plays for the viewer, from their view only) and
the rule of the moment. A part of :class:`widgets.controllers.table.TableController` (plain Python)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import comet
from comet_learn.moment import moment
from comet_render.i18n import number, percent, words
from comet_render.words import play_label, unit_name
from widgets.controllers.checks import UserError


@dataclass(frozen=True)
class Hinted:
    """A play of a hint, with the search bot's estimate for the player to move."""

    play: comet.Play
    win: float
    payment: float


class Advice:
    """The hint and the rule of the moment of a :class:`~widgets.controllers.table.TableController` (it
    provides ``round``, ``lang``, ``my_turn`` and ``turn_of``)."""

    lang: str

    if TYPE_CHECKING:
        @property
        def round(self) -> comet.Round: ...

        @property
        def my_turn(self) -> bool: ...

        def turn_of(self, seat: int | None) -> bool: ...

    def hint(self, limit: int = 3, seat: int | None = None) -> list[Hinted]:
        """The best plays for the viewer (or ``seat``), best first (the search bot's estimate from their view)."""
        if not (self.my_turn if seat is None else self.turn_of(seat)):
            raise UserError(words(self.lang)("A hint is for your turn."))
        ranked = comet.agents.hint(self.round, playouts=120, time_limit=0.3, seed=len(self.round.history))
        return [Hinted(h.play, h.win, h.payment) for h in ranked[:limit]]

    def hint_text(self, hints: Sequence[Hinted]) -> str:
        _ = words(self.lang)
        unit = self.round.rules.unit
        parts = [_("{play}: wins {share} of the deals, on average {pay} ({unit})", play=play_label(_, h.play),
                   share=percent(h.win, self.lang), pay=number(h.payment, self.lang, 1, signed=True),
                   unit=unit_name(_, unit)) for h in hints]
        return _("Hint, best first: {plays}", plays=_("; ").join(parts))

    def rule(self) -> str:
        """The rule of the moment (the class table shows it on demand)."""
        return moment(self.round, self.lang, cite=True)
