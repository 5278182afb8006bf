"""``LocalTable``: the table's view (:class:`widgets.table_view.TableView`) over a game played at this
device, what the play pages' table (:class:`widgets.play.PlayTable`) and a lesson's
(:class:`widgets.lessons.table.LessonTable`) share: their game, the source of the pictures drawn (a
:class:`widgets.controllers.local.LocalGame`), its table's controller, and what pages, scripts and tests
ask of them.
"""

from __future__ import annotations

import comet
from widgets.controllers.intents import Intent
from widgets.controllers.local import LocalGame
from widgets.controllers.table import TableController
from widgets.table_view import TableView


class LocalTable(TableView):
    """A :class:`TableView` whose pictures come from ``game`` (set by the subclass, with ``flow``)."""

    flow: TableController
    game: LocalGame

    @property
    def lang(self) -> str:
        return self.flow.lang

    @property
    def round(self) -> comet.Round:
        """The deal on the table."""
        return self.flow.round

    @property
    def bots_moving(self) -> bool:
        """True while the bots' plays are being drawn one after another."""
        return self.game.pacer.moving

    def mark_page(self, classes: tuple[str, ...], buttons: tuple[str, ...] = ()) -> None:
        """Give a page's table the CSS classes its stylesheet and ``page.js`` look for: ``comet-play`` and
        ``classes`` on the whole (the parts carry theirs: :class:`TableView`)."""
        for c in ("comet-play", *classes):
            self.add_class(c)

    def play(self, play: comet.Play | str) -> None:
        """Make ``play`` for the person to move, as a click on it would (what a click would say is raised,
        or said in the next picture)."""
        self.game.apply(Intent("play", str(play), self.game.seq))

    def redraw(self) -> None:
        """Draw the table again (a new picture of the same state)."""
        self.game.publish()
