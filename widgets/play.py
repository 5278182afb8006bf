"""``PlayTable``: a card table for any variant: you against bots, several people at one device,
or a class voting on each play. A thin view of :class:`widgets.controllers.table.TableController`.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Callable, Sequence
from urllib.parse import quote

import ipywidgets as W

import comet
from comet_render.felt import FeltView, felt_html
from comet_render.i18n import words
from comet_render.narrate import narrate
from comet_render.table_style import table_css
from comet_render.words import payment_sentence, play_label
from widgets.common import (
    DEFAULT_VARIANT, LANGUAGE_CODES, LANGUAGES, MAX_SEED, Messages, Offers, Shown, TableMessages, UserError,
    offered, replace_classes, safe, twin_buttons,
)
from widgets.controllers.checks import (
    BOT_KINDS, BOT_NAMES, BOT_TITLES, PERSON, SEAT_KINDS, check_choice, check_players, check_seed, check_variant,
    chosen,
)
from widgets import browser
from widgets.controllers.record import STORAGE_KEY as RECORD_KEY
from widgets.controllers.record import Record
from widgets.controllers.table import TableController, default_seats
from widgets.controllers.snapshot import final_payments
from widgets.links import Position, book_address, link_html, position_query
from widgets.pacing import BotPacer
from widgets.table_hand import fill_hand, fill_pool
from widgets.table_parts import Labels, html_panel, log_html, payments_html, rules_html, scores_html

BUTTON_LIMIT = 8
"""Group and comet plays are buttons when there are at most this many, else a list."""
MAX_SEATS = 8
PLAY_BOTS = [(label, kind) for kind, (label, _line) in BOT_KINDS.items()]


class PlayTable(W.VBox):
    """A card table: the other players around the felt, the comet's tail in the middle, your hand
    along the bottom (on a phone, fixed to the bottom of the screen with the actions).

    Parameters (all optional): ``variant``, ``players``, ``bot`` (the kind of every other seat:
    ``greedy``, ``search-fast``, ``search``, ``random``), ``seed``, ``lang`` (``en``, ``fr``,
    ``ru``, ``es``: every word of the table), ``seats`` (each seat's kind, ``person`` or a bot:
    several people pass the device between turns), ``names`` (typed names), ``mode`` (``table``,
    or ``class``: the table large, for a class voting on each play, the hint and the rule on
    demand), ``four_colour``, ``reveal``, ``bot_delay`` (seconds between two bot plays drawn one
    after another). A bad argument falls back to the default and says so in the message line.

    Every button is tied to the state it was offered in (:class:`widgets.common.Offers`): the
    second click of a double click is ignored, never applied to the next state.
    """

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, bot: str = "greedy", seed: int = 1,
                 lang: str = "en", four_colour: bool = False, reveal: bool = False, bot_delay: float = 0.0,
                 seats: Sequence[str] | None = None, names: Sequence[str] = (), mode: str = "table",
                 auto_pass: bool = True) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        lang = chosen(lang, LANGUAGE_CODES, "en")
        self.mode = chosen(mode, ("table", "class"), "table")
        for c in ("comet-playtable", "comet-once", f"comet-mode-{self.mode}"):
            self.add_class(c)
        if self.mode == "class":
            self.layout.max_width = "none"  # (the class table fills a projector's screen: comet_render.table_style)
        self.bot_delay = float(bot_delay) if isinstance(bot_delay, (int, float)) and 0 <= bot_delay <= 5 else 0.0
        self.bots = BotPacer(self)
        """Draws the bots' plays one after another (widgets.pacing)."""
        self.messages: Messages = TableMessages()
        self.messages.widget.add_class("comet-table-message")
        self.offers = Offers()
        self._seeds = random.SystemRandom()
        self.errors = 0
        self._busy = False
        self._hinted: comet.Play | None = None
        self._shown_hint: comet.Play | None = None
        self._drawn = (0, 0, 0)  # (deal number, plays, payments) of the last picture
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

        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=[(v2.name, vid) for vid, v2 in comet.VARIANTS.items()], value=v.id,
                                         style=short, layout=W.Layout(width="330px", max_width="100%"))
        self.players_choice = W.Dropdown(options=[(str(n), n) for n in v.players], value=players, style=short,
                                         layout=W.Layout(width="150px"))
        self.bot_choice = W.Dropdown(options=PLAY_BOTS, value=bot, style=short,
                                     layout=W.Layout(width="260px", max_width="100%"))
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, style=short, layout=W.Layout(width="170px"))
        self.lang_choice = W.Dropdown(options=LANGUAGES, value=lang, style=short, layout=W.Layout(width="190px"))
        self.four_colour_box = W.Checkbox(value=bool(four_colour), indent=False, layout=W.Layout(width="auto"))
        self.reveal_box = W.Checkbox(value=bool(reveal), indent=False, layout=W.Layout(width="auto"))
        self.auto_pass_box = W.Checkbox(value=self.flow.auto_pass, indent=False, layout=W.Layout(width="auto"))
        """*Pass for me when passing is my only play* (:attr:`TableController.auto_pass`)."""
        self.seat_kinds = [W.Dropdown(options=[(k, k) for k in SEAT_KINDS], value=PERSON if s == 0 else bot,
                                      layout=W.Layout(width="190px")) for s in range(MAX_SEATS)]
        self.seat_names = [W.Text(value="", continuous_update=False, layout=W.Layout(width="150px"))
                           for _s in range(MAX_SEATS)]
        self.seat_rows = [W.HBox([self.seat_names[s], self.seat_kinds[s]], layout=W.Layout(flex_flow="row wrap"))
                          for s in range(MAX_SEATS)]
        self._twins = {name: twin_buttons("", "", handler, style=style) for name, handler, style in (
            ("new", self._on_new_deal, ""), ("undo", self._on_undo, ""), ("hint", self._on_hint, ""),
            ("pass", self._on_pass, "warning"), ("other", self._on_other, "success"),
            ("confirm", self._on_confirm, "primary"), ("rule", self._on_rule, ""))}
        self.css = W.HTML(value=table_css(), layout=W.Layout(display="none"))
        self.title = W.HTML(layout=W.Layout(width="auto", flex="1 1 auto"))
        self.toggles = {k: W.ToggleButton(value=False, layout=W.Layout(width="auto")) for k in
                        ("rules", "log", "payments", "scores", "settings")}
        self.settings_toggle = self.toggles["settings"]
        for toggle in self.toggles.values():
            toggle.add_class("comet-panel-toggle")  # (page.js says whether its panel is open: aria-expanded)
        self.link = W.HTML(layout=W.Layout(width="auto"))
        """*Copy link to this position*: the match's record and the move (:mod:`widgets.links`)."""
        self.link.add_class("comet-play-link")
        self.bar = W.HBox([self.title, self.link, *self.toggles.values()],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.bar.add_class("comet-bar")
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.hand = W.Box(layout=W.Layout(width="100%", display="grid"))
        for c in ("comet-hand-row", "comet-play-hand"):
            self.hand.add_class(c)
        self._pools: tuple[list[W.Button], list[W.Button]] = ([], [])
        self._slots: tuple[list[tuple[W.Box, W.Button]], list[tuple[W.Box, W.Button]]] = ([], [])
        self.play_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center", width="auto"))
        self.other_choice = W.Dropdown(options=[], style=short, layout=W.Layout(width="260px", max_width="100%"))
        self.other_row = W.HBox([self.other_choice, self.other_button], layout=W.Layout(flex_flow="row wrap"))
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.actions.add_class("comet-actions")
        self.dock = W.VBox([self.prompt, self.hand, self.actions])
        self.dock.add_class("comet-dock")
        self.log_panel, self.payments_panel, self.scores = (html_panel(), html_panel(), html_panel())
        self.rules_panel = html_panel()
        """The rules of the game on the table, the rule of the moment on top (:mod:`comet_learn.rules_panel`)."""
        self.rules_panel.add_class("comet-rules-panel")
        self.settings = W.VBox(layout=W.Layout(display="none"))
        self.settings.add_class("comet-settings")
        self.settings_form = W.HBox([self.variant_choice, self.players_choice, self.bot_choice, self.seed_choice,
                                     self.lang_choice, self.four_colour_box, self.reveal_box, self.auto_pass_box],
                                    layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.seats_title = W.HTML()
        self.settings.children = [self.settings_form, self.seats_title, *self.seat_rows]
        self.spacer = W.HTML(layout=W.Layout(width="auto"))
        self.spacer.add_class("comet-dock-spacer")
        self.skip = W.HTML(layout=W.Layout(width="auto"))
        """A link past the table's bar straight to the hand (``page.js`` moves the focus to its first card)."""
        self.skip.add_class("comet-skip")
        self.children = [self.css, self.skip, self.bar, self.rules_panel, self.table, self.messages.widget, self.dock,
                         self.log_panel, self.payments_panel, self.scores, self.settings, self.spacer]
        self.labels = Labels(self)
        self.record = Record.parse(browser.stored(RECORD_KEY))
        """The player's record at the tables (deals, won, net), kept in the browser (:mod:`widgets.controllers.record`)."""
        browser.on_storage(self._on_record_storage)

        for k, toggle in self.toggles.items():
            toggle.observe(self._on_toggle, names="value")
        self.variant_choice.observe(self._on_variant, names="value")
        for w in (self.players_choice, self.seed_choice, self.bot_choice, *self.seat_kinds):
            w.observe(self._on_settings, names="value")
        for w in (self.lang_choice, self.four_colour_box, self.reveal_box, *self.seat_names):
            w.observe(self._on_view, names="value")
        self.auto_pass_box.observe(self._on_auto_pass, names="value")
        self._show_seats()
        self.labels.apply()
        said = self.flow.start(v, players, seed, self.flow.seats, names)
        self.messages.lang = lang
        self._quiet_settings()
        self.flow.run_bots()  # (a new match: the bots' first plays are drawn at once)
        self._say(said, self.flow.turn_message())
        if problems:
            self.messages.error(" ".join(problems))

    # ------------------------------------------------------------------ public, read-only
    @property
    def match(self) -> comet.Match:
        return self.flow.match

    @property
    def round(self) -> comet.Round:
        """The deal being played."""
        return self.flow.round

    @property
    def lang(self) -> str:
        return self.flow.lang

    def twins(self, name: str) -> tuple[W.Button, W.Button]:
        return self._twins[name]

    def mark_page(self, classes: tuple[str, ...], buttons: tuple[str, ...]) -> None:
        """Give a page's table the CSS classes its stylesheet, ``page.js`` and the browser tests look
        for: ``comet-play`` and ``classes`` on the whole, ``comet-play-<name>`` on each of ``buttons``'
        twins, and the table, the hand's buttons, the list of other plays and the messages."""
        for c in ("comet-play", *classes):
            self.add_class(c)
        self.table.add_class("comet-play-table")
        self.play_buttons.add_class("comet-play-buttons")
        for name in buttons:
            for b in self.twins(name):
                b.add_class(f"comet-play-{name}")
        self.other_row.add_class("comet-play-other")
        self.messages.widget.add_class("comet-play-message")

    new_deal_button = Shown("new", "*New match* (or *Next deal*) as shown now.")
    undo_button = Shown("undo", "*Undo* as shown now.")
    hint_button = Shown("hint", "*Hint* as shown now.")
    pass_button = Shown("pass", "*Pass* as shown now.")
    other_button = Shown("other", "*Play it*, next to the list of group and comet plays, as shown now.")
    confirm_button = Shown("confirm", "*Show my hand* (pass-and-play) as shown now.")
    rule_button = Shown("rule", "*The rule* (the class table) as shown now.")

    @property
    def hand_buttons(self) -> list[W.Button]:
        """The cards of the hand shown, in hand order (legal or not)."""
        return [b for box in self.hand.children for b in box.children]

    @property
    def _pool(self) -> list[W.Button]:
        """The buttons of the plays next to the hand drawing the current state (the other pool drew
        the previous one)."""
        return self._pools[self.offers.side]

    def _pool_plays(self) -> list[tuple[comet.Play, W.Button]]:
        out = []
        for b in self.hand_buttons + list(self.play_buttons.children):
            play = self.offers.value(b)
            if isinstance(play, comet.Play):
                out.append((play, b))
        return out

    @property
    def shown_plays(self) -> list[str]:
        """The plays offered right now (buttons, list and Pass), in notation."""
        out = list(dict.fromkeys(p.text for p, _b in self._pool_plays()))
        if self.other_row.layout.display != "none":
            out += [str(v) for _l, v in self.other_choice.options]
        if self.pass_button.layout.display != "none":
            out.append("pass")
        return out

    def button_for(self, text: str) -> W.Button | None:
        """The visible button that makes the play ``text`` (for tests and scripts)."""
        if text == "pass":
            return self.pass_button if self.pass_button.layout.display != "none" else None
        for p, b in self._pool_plays():
            if p.text == text:
                return b
        return None

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

    @property
    def bots_moving(self) -> bool:
        """True while the bots' plays are being drawn one after another."""
        return self.bots.moving

    # ------------------------------------------------------------------ set-up
    def open_position(self, position: Position) -> None:
        """Play on from a position opened by a link (its match or deal, at its move)."""
        self.bots.stop()
        said = self.flow.open_position(position.game, position.move)
        self._show_seats()
        self._quiet_settings()
        if self.flow.bot_to_move():
            said += " " + words(self.lang)("The bots played on.")
        self.bots.run(lambda: self._say(said, self.flow.turn_message()))

    def _quiet_settings(self) -> None:
        """The settings show the match being played, exactly: the game, the players, the seed, each
        seat's kind and name, the bots' kind (none chosen when the seats' bots differ); their
        observers not called (only the table's own: ipywidgets' own, which keep a list's label with
        its value, stay)."""
        flow = self.flow
        watched = [self.players_choice, self.seed_choice, self.bot_choice, *self.seat_kinds]
        self.variant_choice.unobserve(self._on_variant, names="value")
        for w in watched:
            w.unobserve(self._on_settings, names="value")
        for box in self.seat_names:
            box.unobserve(self._on_view, names="value")
        try:
            v = flow.match.variant
            if v.id in {vid for _l, vid in self.variant_choice.options}:
                self.variant_choice.value = v.id
            self.players_choice.options = [(str(n), n) for n in v.players]
            self.players_choice.value = flow.match.players
            if isinstance(flow.seed, int) and 0 <= flow.seed <= MAX_SEED:
                self.seed_choice.value = flow.seed
            for s, kind in enumerate(flow.seats):
                self.seat_kinds[s].value = kind
            for s, box in enumerate(self.seat_names):
                box.value = flow.typed[s] if s < len(flow.typed) else ""
            bots = {kind for kind in flow.seats if kind != PERSON}
            self.bot_choice.value = bots.pop() if len(bots) == 1 else None
        finally:
            self.variant_choice.observe(self._on_variant, names="value")
            for w in watched:
                w.observe(self._on_settings, names="value")
            for box in self.seat_names:
                box.observe(self._on_view, names="value")
        self._show_seats()
        self.labels.seats()

    def _show_seats(self) -> None:
        for s, row in enumerate(self.seat_rows):
            row.layout.display = "" if s < self.flow.match.players else "none"

    # ------------------------------------------------------------------ bots
    def _say(self, *parts: str, after: str = "") -> None:
        self._refresh()
        text = " ".join(p for p in parts if p)
        self.messages.info(text, after) if after else self.messages.info(text)

    # ------------------------------------------------------------------ callbacks
    def _act(self, play: Any) -> None:
        said = self.flow.play(play)
        self.bots.run(lambda: self._say(said, *self.flow.calls_since_play(), self.flow.turn_message()))

    @safe
    @offered
    def _on_card(self, b: W.Button) -> None:
        value = self.offers.value(b)
        if isinstance(value, str):  # a card you may not play now: say why
            raise UserError(value, self._refusal_mark(b))
        self._act(value)

    def _refusal_mark(self, b: W.Button) -> str:
        """The "our reading" mark after the refusal of the hand's card ``b``: "" when it rests on no reading."""
        from comet_learn.reading_marks import mark_html

        viewer = self.flow.viewer
        hand = list(self.round.hands[viewer]) if viewer is not None else []
        index = self.hand_buttons.index(b) if b in self.hand_buttons else -1
        if not 0 <= index < len(hand):
            return ""
        return mark_html(self.flow.illegal_readings(hand[index]), self.lang, book_address("reference/ambiguities"))

    @safe
    @offered
    def _on_pass(self, b: W.Button) -> None:
        self._act(comet.Play.parse("pass"))

    @safe
    @offered
    def _on_other(self, b: W.Button) -> None:
        value = self.other_choice.value
        if not isinstance(value, str) or not value:
            raise UserError(words(self.lang)("Choose a play in the list first."))
        self._act(comet.Play.parse(value))

    @safe
    @offered
    def _on_confirm(self, b: W.Button) -> None:
        said = self.flow.confirm(self.flow.waiting if self.flow.waiting is not None else -1)
        self._say(said)

    @safe
    @offered
    def _on_undo(self, b: W.Button) -> None:
        if self.flow.undo_target() is None:
            raise UserError(words(self.lang)("There is no decision of yours to take back."))
        self.bots.stop()
        self._say(self.flow.undo())

    @safe
    @offered
    def _on_hint(self, b: W.Button) -> None:
        best = self.flow.hint()
        self._hinted = best[0].play if best else None
        self._say(self.flow.hint_text(best))

    @safe
    @offered
    def _on_rule(self, b: W.Button) -> None:
        self._say(self.flow.rule())

    @safe
    @offered
    def _on_new_deal(self, b: W.Button) -> None:
        match = self.match
        if match.round.is_over and not match.is_over:
            said = self.flow.next_deal()
            self.bots.run(lambda: self._say(said, self.flow.turn_message()))
            return
        self.seed_choice.unobserve(self._on_settings, names="value")
        try:
            self.seed_choice.value = self._seeds.randint(0, MAX_SEED)  # a fresh deal, its seed shown
        finally:
            self.seed_choice.observe(self._on_settings, names="value")
        self._restart()

    def _restart(self) -> None:
        lang = self.lang
        v = check_variant(self.variant_choice.value, lang)
        players = check_players(v, self.players_choice.value, lang)
        seed = check_seed(self.seed_choice.value, lang)
        seats = [check_choice(self.seat_kinds[s].value, SEAT_KINDS, words(lang)("a seat's player"), lang)
                 for s in range(players)]
        if self.mode == "class" or PERSON not in seats:
            seats[0] = PERSON
        self.bots.stop()
        said = self.flow.start(v, players, seed, seats, [w.value for w in self.seat_names[:players]])
        self._drawn = (0, 0, 0)
        self._quiet_settings()
        self.flow.run_bots()
        self._say(said, self.flow.turn_message())

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value, self.lang)
        self.players_choice.unobserve(self._on_settings, names="value")
        try:
            players = self.players_choice.value if self.players_choice.value in v.players else v.players.start
            self.players_choice.options = [(str(n), n) for n in v.players]
            self.players_choice.value = players
        finally:
            self.players_choice.observe(self._on_settings, names="value")
        self._restart()

    @safe
    def _on_settings(self, change: Any) -> None:
        if change.get("owner") is self.bot_choice:
            bot = check_choice(self.bot_choice.value, BOT_NAMES, words(self.lang)("a bot"), self.lang)
            for w in self.seat_kinds[1:]:
                w.unobserve(self._on_settings, names="value")
                if w.value != PERSON:
                    w.value = bot
                w.observe(self._on_settings, names="value")
        self._restart()

    @safe
    def _on_view(self, change: Any) -> None:
        self.flow.lang = self.messages.lang = check_choice(self.lang_choice.value, LANGUAGE_CODES, "language")
        replace_classes(self, "comet-lang-", f"comet-lang-{self.flow.lang}")
        players = self.flow.match.players
        self.flow.typed = [" ".join(str(w.value).split())[:24] for w in self.seat_names[:players]]
        self.labels.apply()
        self._refresh(advance=False)

    @safe
    def _on_auto_pass(self, change: Any) -> None:
        self.flow.auto_pass = self.auto_pass_box.value is True
        if self.flow.auto_pass and self.flow.forced_pass_due():
            self.bots.run(lambda: self._say(self.flow.turn_message()))

    def _on_toggle(self, change: Any) -> None:
        for k, toggle in self.toggles.items():
            panel = {"log": self.log_panel, "payments": self.payments_panel, "scores": self.scores,
                     "settings": self.settings, "rules": self.rules_panel}[k]
            panel.layout.display = "" if toggle.value else "none"
        if self.toggles["rules"].value:
            self.rules_panel.value = rules_html(self.round, self.lang, self.flow.my_turn)

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

    # ------------------------------------------------------------------ drawing
    def featured(self) -> list[comet.Play]:
        """Group or comet plays shown as buttons even when the others are in a list (a lesson's)."""
        return []

    def offered(self) -> list[comet.Play]:
        """The plays offered now (the viewer's legal plays on their turn)."""
        return self.flow.legal()

    def fresh_deal(self) -> bool:
        """A deal was just dealt in front of the player (a lesson's next deal): its plays so far fly in,
        and the felt says it is a new deal."""
        return False

    def _refresh(self, advance: bool = True) -> None:
        """Draw the current state; ``advance``: it is a new state, drawn with the other set of
        buttons, so that clicks on the previous state's buttons are ignored."""
        hinted, self._hinted = self._hinted, None
        if advance:
            self.offers.advance()
        else:
            hinted = self._shown_hint
        self._shown_hint = hinted
        for pair in self._twins.values():
            self.offers.offer(pair[self.offers.side])
        flow, rnd, lang = self.flow, self.round, self.lang
        _ = words(lang)
        names = flow.names()
        deal, plays, paid = self._drawn
        same = deal == self.match.deal_number and plays <= len(rnd.history)
        new_plays = len(rnd.history) - plays if same and advance else 0
        fresh = self.fresh_deal()
        if fresh:
            new_plays = len(rnd.history)
        new_payments = list(rnd.ledger)[paid:] if same and advance and paid <= len(rnd.ledger) else []
        self._drawn = (self.match.deal_number, len(rnd.history), len(rnd.ledger))
        lines = narrate(rnd, lang, flow.log_names())
        anchor = flow.viewer if flow.viewer is not None else (flow.people[0] if flow.people else 0)
        view = FeltView(names, anchor, lang, reveal=bool(self.reveal_box.value), four_colour=bool(
            self.four_colour_box.value), new_plays=min(new_plays, 6), new_payments=new_payments,
            waiting=names(flow.waiting) if flow.waiting is not None else "",
            bots=[k != PERSON for k in flow.seats], caption=lines[-1] if lines else "", sides=flow.sides,
            about=[flow.describe_seat(s) if k != PERSON else "" for s, k in enumerate(flow.seats)],
            kinds=[_(BOT_TITLES[k]) if k in BOT_TITLES else "" for k in flow.seats],
            notice=_("A new deal") if fresh else "")
        self._keep_result()
        self.table.value = felt_html(rnd, view)
        legal = self.offered()
        in_hand = fill_hand(self, legal, hinted)
        others = [p for p in legal if p.kind != "pass" and p not in in_hand]
        special = [p for p in others if p.kind == "cards"]
        as_buttons = [p for p in others if p.kind != "cards"] + (special if len(special) <= BUTTON_LIMIT else
                                                                 [p for p in special if p in self.featured()])
        fill_pool(self, as_buttons, hinted)
        if special and len(special) > BUTTON_LIMIT:
            self.other_choice.options = [(play_label(_, p), p.text) for p in special]
            self.other_choice.value = hinted.text if hinted is not None and hinted in special else special[0].text
            self.other_row.layout.display = ""
        else:
            self.other_choice.options = []
            self.other_row.layout.display = "none"
        can_pass = any(p.kind == "pass" for p in legal)
        self.other_row.children = (self.other_choice, self.other_button)
        waiting = flow.waiting is not None
        self.actions.children = (self.confirm_button, self.play_buttons, self.other_row, self.pass_button,
                                 self.undo_button, self.hint_button, self.rule_button, self.new_deal_button)
        self.confirm_button.layout.display = "" if waiting else "none"
        self.pass_button.layout.display = "" if can_pass else "none"
        self.pass_button.disabled = not can_pass
        self.undo_button.disabled = flow.undo_target() is None
        self.hint_button.disabled = not flow.my_turn
        self.rule_button.layout.display = "" if self.mode == "class" else "none"
        self.labels.dynamic(waiting)
        self.prompt.value = self.labels.prompt()
        self.title.value = self.labels.title()
        self.log_panel.value = log_html(_, lines, lang)
        final = final_payments(_, names, rnd)
        self.payments_panel.value = payments_html(_, [payment_sentence(_, names, p, rnd.rules.unit)
                                                      for p in rnd.ledger], final)
        self.scores.value = scores_html(_, self.match, names)
        if self.toggles["rules"].value:
            self.rules_panel.value = rules_html(rnd, lang, flow.my_turn)
        self.toggles["payments"].description = _("Payments ({n})", n=len(rnd.ledger) + len(final))
        self.skip.value = (f'<a class="comet-skip-hand" href="#">{escape(_("Skip to your hand"))}</a>'
                           if flow.viewer is not None and rnd.hands[flow.viewer] else "")
        self.link.value = link_html("?" + position_query(self.match.record(comments=False), len(rnd.history))
                                    + self.settings_query(), _("Copy link to this position"), lang=lang)
        rows = max(1, -(-len(self.hand.children) // 13))
        self.spacer._dom_classes = ("comet-dock-spacer", f"comet-dock-rows-{rows}")
