"""Who sits at the table: the default seats, what plays each seat (a bot's kind, what it does and its
measured strength), and the partnerships where a game is played two against two (the new comet's
four-player games: partners opposite, S0, S1, S2; AMB-42): who plays with whom, the header's line, the
log's names ("your partner"). A part of :class:`widgets.controllers.table.TableController` (plain Python)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet_render.i18n import words
from comet_render.words import Names
from widgets.controllers.checks import BOT_KINDS, BOT_TITLES, PERSON, strength_text

if TYPE_CHECKING:
    import comet


def default_seats(players: int, bot: str = "greedy") -> list[str]:
    """You at seat 0, a bot of kind ``bot`` everywhere else."""
    return [PERSON] + [bot] * (players - 1)


class Partnerships:
    """The partnerships of a :class:`~widgets.controllers.table.TableController` (it provides ``round``,
    ``lang``, ``you`` and ``names``)."""

    lang: str
    seats: list[str]

    if TYPE_CHECKING:
        @property
        def round(self) -> comet.Round: ...

        @property
        def you(self) -> int | None: ...

        def names(self, lang: str | None = None) -> Names: ...

    @property
    def sides(self) -> tuple[tuple[int, int], ...]:
        """The two partnerships, ``((0, 2), (1, 3))``, where the variant plays in teams at this table
        (four players: partners opposite, S0, S1, S2; AMB-42); ``()`` where each plays for themselves."""
        rnd = self.round
        return ((0, 2), (1, 3)) if rnd.rules.partnerships and rnd.players == 4 else ()

    def partner(self, seat: int) -> int | None:
        """``seat``'s partner, or None where nobody plays in a team."""
        return (seat + 2) % 4 if self.sides else None

    def team_line(self, lang: str | None = None, you: int | None = -1) -> str:
        """``Two against two: you and Clara against Boris and Diego.`` ("" without partnerships); ``you``:
        the seat called "you" (by default the table's one person, if any)."""
        if not self.sides:
            return ""
        _ = words(lang or self.lang)
        names = self.names(lang)
        you = self.you if you == -1 else you
        first, second = self.sides
        if you is not None and you in second:
            first, second = second, first
        if you is not None:
            partner = self.partner(you)
            assert partner is not None
            return _("Two against two: you and {partner} against {a} and {b}.", partner=names(partner),
                     a=names(second[0]), b=names(second[1]))
        return _("Two against two: {a} and {b} against {c} and {d}.", a=names(first[0]), b=names(first[1]),
                 c=names(second[0]), d=names(second[1]))

    def log_names(self, lang: str | None = None) -> Names:
        """The names the log and the caption use: as :meth:`names`, your partner's with "(your partner)"."""
        names = self.names(lang)
        you = self.you
        partner = self.partner(you) if you is not None else None
        if partner is None:
            return names
        said = list(names.names)
        said[partner] = words(lang or self.lang)("{name} (your partner)", name=said[partner])
        return Names(tuple(said), names.you, names.lang)

    def describe_seat(self, seat: int, lang: str | None = None) -> str:
        """``Greedy: follows the period advice…`` for a bot; ``Person`` for a person."""
        _ = words(lang or self.lang)
        kind = self.seats[seat]
        if kind == PERSON:
            return _("A person at this device")
        _label, line = BOT_KINDS[kind]
        return " ".join(t for t in (_("{kind}: {what}", kind=_(BOT_TITLES[kind]), what=_(line)),
                                    strength_text(kind, lang or self.lang)) if t)
