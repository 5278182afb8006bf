"""``PlayTable``: a card table for any variant: you against bots, several people at one device,
or a class voting on each play.

The table is a :class:`widgets.local_table.LocalTable`: the table's view (it draws snapshots and sends
intents back, as a room's table does) over a game played at this device (:class:`widgets.controllers.local.LocalGame`,
holding a :class:`widgets.controllers.table.TableController`), with the settings that start a new match
(:class:`widgets.play_settings.TableSettings`) and the player's record kept in the browser.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence
from urllib.parse import quote

import ipywidgets as W

import comet
from comet_render.i18n import words
from widgets import browser
from widgets.common import DEFAULT_VARIANT, LANGUAGE_CODES, MAX_SEED, Shown, UserError, replace_classes, safe
from widgets.controllers.checks import (
    BOT_NAMES, PERSON, SEAT_KINDS, check_choice, check_players, check_seed, check_variant, chosen,
)
from widgets.controllers.intents import Intent
from widgets.controllers.local import LocalGame
from widgets.controllers.record import STORAGE_KEY as RECORD_KEY
from widgets.controllers.record import Record
from widgets.controllers.snapshot import Snapshot
from widgets.controllers.table import TableController, default_seats
from widgets.links import Position, position_query
from widgets.play_settings import TableSettings
from widgets.local_table import LocalTable



class PlayTable(LocalTable):
    """A card table: the other players around the felt, the comet's tail in the middle, your hand
    along the bottom (on a phone, fixed to the bottom of the screen with the actions).

    Parameters (all optional): ``variant``, ``players``, ``bot`` (the kind of every other seat:
    ``greedy``, ``search-fast``, ``search``, ``random``), ``seed``, ``lang`` (``en``, ``fr``,
    ``ru``, ``es``: every word of the table), ``seats`` (each seat's kind, ``person`` or a bot:
    several people pass the device between turns), ``names`` (typed names), ``mode`` (``table``,
    or ``class``: the table large, for a class voting on each play, the hint and the rule on
    demand), ``four_colour``, ``reveal``, ``bot_delay`` (seconds between two bot plays drawn one
    after another). A bad argument falls back to the default and says so in the message line.

    Every button is tied to the picture it was offered in (:class:`widgets.common.Offers`): the
    second click of a double click is ignored, never applied to the next state.
    """

    new_deal_button = Shown("new", "*New match* (or *Next deal*) as shown now.")

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, bot: str = "greedy", seed: int = 1,
                 lang: str = "en", four_colour: bool = False, reveal: bool = False, bot_delay: float = 0.0,
                 seats: Sequence[str] | None = None, names: Sequence[str] = (), mode: str = "table",
                 auto_pass: bool = True) -> None:
        super().__init__(self._ask_game, four_colour=bool(four_colour))
        lang = chosen(lang, LANGUAGE_CODES, "en")
        self.mode = chosen(mode, ("table", "class"), "table")
        problems: list[str] = []

        def ok(check: Callable[[], Any], default: Any) -> Any:
            try:
                return check()
            except UserError as e:
                problems.append(str(e))
                return default

        v = ok(lambda: check_variant(variant, lang), comet.VARIANTS[DEFAULT_VARIANT])
        players = ok(lambda: check_players(v, players, lang), v.players.start)
        bot = ok(lambda: check_choice(bot, BOT_NAMES, words(lang)("a bot"), lang), "greedy")
        seed = ok(lambda: check_seed(seed, lang), 1)
        if seats is None or len(seats) != players or any(chosen(k, SEAT_KINDS, None) is None for k in seats):
            if seats is not None:
                problems.append(words(lang)("each of the {n} seats is a person or a bot.", n=players))
            seats = default_seats(players, bot)
        self.flow = TableController(v, players, seed, seats, names, lang, self.mode, auto_pass=auto_pass is not False)
        delay = float(bot_delay) if isinstance(bot_delay, (int, float)) and 0 <= bot_delay <= 5 else 0.0
        self.game = LocalGame(self.flow, delay, bool(reveal), bool(four_colour), link=self._link)
        """The game played at this device, the source of the pictures drawn (:meth:`TableView.show`)."""
        self.game.listeners.append(self._draw)
        self._seeds = random.SystemRandom()
        self._form: TableSettings | None = None
        self._form_setup = (bot, seed)
        self._games: tuple[str, ...] | None = None
        self.settings_toggle = self.toggles["settings"] = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        """*Settings*: the form is made when it is first opened (a third of the table's widgets, which a
        page that is only played never sends to the browser)."""
        self.settings_toggle.add_class("comet-panel-toggle")
        self.settings_toggle.observe(self._on_toggle, names="value")
        self.bar.children = (*self.bar.children, self.settings_toggle)
        self.log_panel, self.payments_panel, self.scores, self.rules_panel = (
            self.panels["log"], self.panels["payments"], self.panels["scores"], self.panels["rules"])
        self.record = Record.parse(browser.stored(RECORD_KEY))
        """The player's record at the tables (deals, won, net), kept in the browser (:mod:`widgets.controllers.record`)."""
        browser.on_storage(self._on_record_storage)
        self._label(lang)
        self.messages.lang = lang
        self._start(v, players, seed, list(self.flow.seats), list(names))
        if problems:
            self.messages.error(" ".join(problems))

    # ------------------------------------------------------------------ public, read-only
    @property
    def match(self) -> comet.Match:
        return self.flow.match

    @property
    def bot_delay(self) -> float:
        return self.game.bot_delay

    # ------------------------------------------------------------------ the settings, made when first asked for
    @property
    def form(self) -> TableSettings:
        """The settings' form (made, and put under the table, the first time it is asked for)."""
        if self._form is None:
            bot, seed = self._form_setup
            flow = self.flow
            kinds = {k for k in flow.seats if k != PERSON}
            self._form = form = TableSettings(flow.match.variant, flow.match.players, kinds.pop() if len(kinds) == 1 else bot,
                                              flow.seed if isinstance(flow.seed, int) and 0 <= flow.seed <= MAX_SEED
                                              else seed, self.lang, self.game.four_colour, self.game.reveal,
                                              flow.auto_pass)
            if self._games is not None:
                form.set_games(self._games, flow.match.variant.id)
            form.watch(self._on_variant, [form.variant])
            form.watch(self._on_settings, [form.players, form.seed, form.bot, *form.seat_kinds])
            form.watch(self._on_view, [form.lang, form.four_colour, form.reveal, *form.seat_names])
            form.watch(self._on_auto_pass, [form.auto_pass])
            form.label(self.lang)
            form.show_match(flow, self.lang)
            self.panels["settings"] = form.box  # type: ignore[assignment]
            self.children = [*self.children[:-1], form.box, self.children[-1]]
        return self._form

    def limit_games(self, variants: Sequence[str]) -> None:
        """The settings' list of games is ``variants`` (a family's page)."""
        self._games = tuple(variants)
        if self._form is not None:
            self._form.set_games(self._games, self.flow.match.variant.id)

    variant_choice = property(lambda self: self.form.variant, doc="The settings' game.")
    players_choice = property(lambda self: self.form.players, doc="The settings' number of players.")
    bot_choice = property(lambda self: self.form.bot, doc="The settings' kind of bots.")
    seed_choice = property(lambda self: self.form.seed, doc="The settings' seed.")
    lang_choice = property(lambda self: self.form.lang, doc="The settings' language.")
    four_colour_box = property(lambda self: self.form.four_colour, doc="*Four-colour suits*.")
    reveal_box = property(lambda self: self.form.reveal, doc="*Show every hand*.")
    auto_pass_box = property(lambda self: self.form.auto_pass, doc="*Pass for me when I cannot play*.")
    seat_kinds = property(lambda self: self.form.seat_kinds, doc="Each seat's kind.")
    seat_names = property(lambda self: self.form.seat_names, doc="Each seat's name.")
    settings = property(lambda self: self.form.box, doc="The settings' panel.")
    settings_form = property(lambda self: self.form.form, doc="The settings' first row.")

    def _on_toggle(self, change: object = None) -> None:
        if self.settings_toggle.value:
            self.form.box.layout.display = ""
        super()._on_toggle(change)

    def settings_query(self) -> str:
        """The table's settings that a position's record does not hold, for its link: who sits at each
        seat (when not you against greedy bots), the names typed, the class mode, the language
        (``&seats=person,search,random&names=Ann,,Cy&mode=class&lang=fr``; "" when all are the defaults)."""
        flow = self.flow
        pairs = []
        if flow.seats != default_seats(len(flow.seats)):
            pairs.append(("seats", ",".join(flow.seats)))
        if any(flow.typed):
            pairs.append(("names", ",".join(name.replace(",", " ") for name in flow.typed)))
        if self.mode == "class":
            pairs.append(("mode", "class"))
        if self.lang != "en":
            pairs.append(("lang", self.lang))
        return "".join(f"&{key}={quote(value, safe=',')}" for key, value in pairs)

    def _link(self) -> str:
        return "?" + position_query(self.match.record(comments=False), len(self.round.history)) + self.settings_query()

    # ------------------------------------------------------------------ playing
    def _ask_game(self, intent: Intent) -> None:
        """The view's request: *New match* deals from a fresh seed shown in the settings; the rest is the game's."""
        match = self.match
        if intent.kind == "new" and not (match.round.is_over and not match.is_over):
            if intent.seq != self.game.seq:
                return
            seed = self._seeds.randint(0, MAX_SEED)  # (a fresh deal, its seed shown in the settings)
            if self._form is None:
                self._start(match.variant, match.players, seed, list(self.flow.seats), list(self.flow.typed))
                return
            with self._form.quietly():
                self._form.seed.value = seed
            self._restart()
            return
        self.game.apply(intent)

    def _draw(self, snap: Snapshot) -> None:
        self._keep_result()
        self.show(snap)

    def _start(self, v: comet.Variant, players: int, seed: int, seats: list[str], names: list[str]) -> None:
        self.game.restarted()
        said = self.flow.start(v, players, seed, seats, names)
        if self._form is not None:
            self._form.show_match(self.flow, self.lang)
        self.flow.run_bots()  # (a new match: the bots' first plays are made at once)
        self.game.say(said, self.flow.turn_message())

    def open_position(self, position: Position) -> None:
        """Play on from a position opened by a link (its match or deal, at its move)."""
        self.game.restarted()
        said = self.flow.open_position(position.game, position.move)
        if self._form is not None:
            self._form.show_match(self.flow, self.lang)
        if self.flow.bot_to_move():
            said += " " + words(self.lang)("The bots played on.")
        self.game.run_bots(lambda: self.game.say(said, self.flow.turn_message()))

    def _restart(self) -> None:
        lang = self.lang
        v = check_variant(self.variant_choice.value, lang)
        players = check_players(v, self.players_choice.value, lang)
        seed = check_seed(self.seed_choice.value, lang)
        seats = self.form.seats(players, lang)
        if self.mode == "class" or PERSON not in seats:
            seats[0] = PERSON
        self._start(v, players, seed, seats, self.form.names(players))

    # ------------------------------------------------------------------ the settings
    @safe
    def _on_variant(self, change: Any) -> None:
        if self.form.quiet:
            return
        self.form.set_players_of(check_variant(self.variant_choice.value, self.lang))
        self._restart()

    @safe
    def _on_settings(self, change: Any) -> None:
        if self.form.quiet:
            return
        if change.get("owner") is self.bot_choice:
            self.form.set_bots(check_choice(self.bot_choice.value, BOT_NAMES, words(self.lang)("a bot"), self.lang))
        self._restart()

    @safe
    def _on_view(self, change: Any) -> None:
        if self.form.quiet:
            return
        self.flow.lang = self.messages.lang = check_choice(self.lang_choice.value, LANGUAGE_CODES, "language")
        replace_classes(self, "comet-lang-", f"comet-lang-{self.flow.lang}")
        self.game.reveal, self.game.four_colour = self.reveal_box.value is True, self.four_colour_box.value is True
        self.four_colour = self.game.four_colour
        self.flow.typed = [" ".join(str(w.value).split())[:24] for w in self.seat_names[:self.flow.match.players]]
        self._label(self.flow.lang)
        self.game.publish()

    @safe
    def _on_auto_pass(self, change: Any) -> None:
        self.flow.auto_pass = self.auto_pass_box.value is True
        if self.flow.auto_pass and self.flow.forced_pass_due():
            self.game.run_bots(lambda: self.game.say(self.flow.turn_message()))

    def _label(self, lang: str) -> None:
        _ = words(lang)
        if self._form is not None:
            self._form.label(lang)
        self.settings_toggle.description = _("Settings")
        self.settings_toggle.tooltip = _("Game, players, bots, seed, language")

    # ------------------------------------------------------------------ the player's record
    def _keep_result(self) -> None:
        """A deal that has just ended goes into the player's record (once; only the deals the record
        counts: :meth:`TableController.take_result`), merged with what another tab kept meanwhile."""
        result = self.flow.take_result()
        if result is None:
            return
        self.record.merge(browser.stored(RECORD_KEY))
        self.record.add(result)
        browser.store(RECORD_KEY, self.record.text())

    def _on_record_storage(self, key: str, value: str | None) -> None:
        if key == RECORD_KEY:
            self.record.merge(value)
