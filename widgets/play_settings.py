"""The play table's settings: the game, the players, the bots, the seed, the language, the suits'
colours, every hand shown, the automatic pass, and each seat's kind and name, with their words in the
table's language. A form of widgets that :class:`widgets.play.PlayTable` reads when it starts a match
and sets (quietly: its handlers not called) to show the match being played.
"""

from __future__ import annotations

from contextlib import contextmanager
from html import escape
from typing import Any, Iterator, Sequence

import ipywidgets as W

import comet
from comet_render.i18n import words
from comet_render.words import game_title
from widgets.common import LANGUAGES, MAX_SEED, relabel
from widgets.controllers.checks import BOT_KINDS, BOT_TITLES, PERSON, SEAT_KINDS, chosen, strength_text
from widgets.controllers.table import TableController

MAX_SEATS = 8
PLAY_BOTS = [(label, kind) for kind, (label, _line) in BOT_KINDS.items()]


class TableSettings:
    """The settings' widgets (``box``, hidden until *Settings* is pressed). While :meth:`quietly` runs,
    :attr:`quiet` is True: the table's handlers ignore the changes it makes itself."""

    def __init__(self, variant: comet.Variant, players: int, bot: str, seed: int, lang: str,
                 four_colour: bool, reveal: bool, auto_pass: bool) -> None:
        short = {"description_width": "initial"}
        self.quiet = False
        self.variant = W.Dropdown(options=[(v.name, vid) for vid, v in comet.VARIANTS.items()], value=variant.id,
                                  style=short, layout=W.Layout(width="330px", max_width="100%"))
        self.players = W.Dropdown(options=[(str(n), n) for n in variant.players], value=players, style=short,
                                  layout=W.Layout(width="150px"))
        self.bot = W.Dropdown(options=PLAY_BOTS, value=bot, style=short, layout=W.Layout(width="260px", max_width="100%"))
        self.seed = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, style=short, layout=W.Layout(width="170px"))
        self.lang = W.Dropdown(options=LANGUAGES, value=lang, style=short, layout=W.Layout(width="190px"))
        self.four_colour = W.Checkbox(value=bool(four_colour), indent=False, layout=W.Layout(width="auto"))
        self.reveal = W.Checkbox(value=bool(reveal), indent=False, layout=W.Layout(width="auto"))
        self.auto_pass = W.Checkbox(value=auto_pass, indent=False, layout=W.Layout(width="auto"))
        """*Pass for me when passing is my only play* (:attr:`TableController.auto_pass`)."""
        self.seat_kinds = [W.Dropdown(options=[(k, k) for k in SEAT_KINDS], value=PERSON if s == 0 else bot,
                                      layout=W.Layout(width="190px")) for s in range(MAX_SEATS)]
        self.seat_names = [W.Text(value="", continuous_update=False, layout=W.Layout(width="150px"))
                           for _s in range(MAX_SEATS)]
        self.seat_rows = [W.HBox([self.seat_names[s], self.seat_kinds[s]], layout=W.Layout(flex_flow="row wrap"))
                          for s in range(MAX_SEATS)]
        self.form = W.HBox([self.variant, self.players, self.bot, self.seed, self.lang, self.four_colour, self.reveal,
                            self.auto_pass], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.seats_title = W.HTML()
        self.box = W.VBox([self.form, self.seats_title, *self.seat_rows], layout=W.Layout(display="none"))
        self.box.add_class("comet-settings")

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """Changes made meanwhile are the table's own (its handlers ignore them)."""
        before, self.quiet = self.quiet, True
        try:
            yield
        finally:
            self.quiet = before

    def seats(self, players: int, lang: str) -> list[str]:
        """Each seat's kind as chosen (:class:`~widgets.controllers.checks.UserError` for a forged one)."""
        from widgets.controllers.checks import check_choice

        return [check_choice(self.seat_kinds[s].value, SEAT_KINDS, words(lang)("a seat's player"), lang)
                for s in range(players)]

    def names(self, players: int) -> list[str]:
        return [str(w.value) for w in self.seat_names[:players]]

    def set_bots(self, bot: str) -> None:
        """Every bot seat becomes ``bot`` (the people stay)."""
        with self.quietly():
            for w in self.seat_kinds[1:]:
                if w.value != PERSON:
                    w.value = bot

    def set_games(self, variants: Sequence[str], chosen_id: str) -> None:
        """The list of games limited to ``variants`` (a family's page), ``chosen_id`` chosen."""
        with self.quietly():
            self.variant.options = [(label, vid) for label, vid in self.variant.options if vid in variants]
            self.variant.value = chosen_id

    def set_players_of(self, v: comet.Variant) -> None:
        """The players' list of ``v``, the number kept when ``v`` allows it."""
        with self.quietly():
            players = self.players.value if self.players.value in v.players else v.players.start
            self.players.options = [(str(n), n) for n in v.players]
            self.players.value = players

    def show_match(self, flow: TableController, lang: str) -> None:
        """Show the match being played, exactly: the game, the players, the seed, each seat's kind and
        name, the bots' kind (none chosen when the seats' bots differ)."""
        with self.quietly():
            v = flow.match.variant
            if v.id in {vid for _l, vid in self.variant.options}:
                self.variant.value = v.id
            self.players.options = [(str(n), n) for n in v.players]
            self.players.value = flow.match.players
            if isinstance(flow.seed, int) and 0 <= flow.seed <= MAX_SEED:
                self.seed.value = flow.seed
            for s, kind in enumerate(flow.seats):
                self.seat_kinds[s].value = kind
            for s, box in enumerate(self.seat_names):
                box.value = flow.typed[s] if s < len(flow.typed) else ""
            bots = {kind for kind in flow.seats if kind != PERSON}
            self.bot.value = bots.pop() if len(bots) == 1 else None
        for s, row in enumerate(self.seat_rows):
            row.layout.display = "" if s < flow.match.players else "none"
        self.seat_tips(lang)

    def label(self, lang: str) -> None:
        """Every label, tooltip and option text in ``lang`` (the values kept)."""
        _ = words(lang)
        with self.quietly():
            for w, label, tip in ((self.variant, _("Game"), _("Which game of the family to play")),
                                  (self.players, _("Players"), _("Number of players")),
                                  (self.bot, _("Bots"), _("How the other seats play")),
                                  (self.seed, _("Seed"), _("The same seed deals the same cards")),
                                  (self.lang, _("Language"), _("The language of the table"))):
                w.description, w.tooltip = label, tip
            self.four_colour.description = _("Four-colour suits")
            self.reveal.description = _("Show every hand")
            self.auto_pass.description = _("Pass for me when I cannot play")
            self.auto_pass.tooltip = _("When a pass is your only legal play, the table makes it and says why")
            kinds = [(_("Person"), PERSON)] + [(_(BOT_TITLES[k]), k) for k in BOT_KINDS]
            for s, (kind, name) in enumerate(zip(self.seat_kinds, self.seat_names)):
                relabel(kind, kinds)
                kind.description = _("Seat {n}", n=s + 1)
                name.placeholder = _("Name")
                name.tooltip = _("A name for this seat")
            relabel(self.bot, [(_(label), k) for k, (label, _l) in BOT_KINDS.items()])
            allowed = {vid for _l, vid in self.variant.options}
            relabel(self.variant, [(game_title(comet.VARIANTS[vid], lang), vid) for vid in comet.VARIANTS
                                   if vid in allowed])
        self.seats_title.value = f"<strong>{escape(_('Who sits at the table'))}</strong>"
        self.seat_tips(lang)

    def seat_tips(self, lang: str) -> None:
        """Each seat's tooltip says what plays it (a bot's kind, what it does, its measured strength);
        the bots' list says what its bots do, or that the seats' bots differ."""
        _ = words(lang)
        for kind in self.seat_kinds:
            value = chosen(kind.value, BOT_KINDS, None)  # (a forged value may be anything)
            kind.tooltip = (" ".join(x for x in (_(BOT_KINDS[value][1]), strength_text(value, lang)) if x)
                            if value is not None else _("A person at this device"))
        bot = chosen(self.bot.value, BOT_KINDS, None)
        self.bot.tooltip = (_(BOT_KINDS[bot][1]) if bot is not None else
                            _("The seats' bots are of different kinds: see each seat below."))

    def watch(self, handler: Any, widgets: Sequence[W.Widget]) -> None:
        for w in widgets:
            w.observe(handler, names="value")
