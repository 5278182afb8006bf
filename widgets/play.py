"""``PlayTable``: play any variant against bots, seat 0 being you."""

from __future__ import annotations

import asyncio
import html
import random
import sys
import warnings
from typing import Any, Callable

import ipywidgets as W

import comet
from comet_render.narrate import narrate, sentence_html
from comet_render.svg_table import round_html
from widgets.links import Position, link_html, position_query
from widgets.you import you_lines, you_text
from widgets.common import (
    follow_variant,
    player_options,
    BOTS,
    DEFAULT_VARIANT,
    EXPECTED_ERRORS,
    FONT,
    LANGUAGE_CODES,
    LANGUAGES,
    MAX_SEED,
    BOT_NAMES,
    Messages,
    Offers,
    Shown,
    UserError,
    bot_move,
    card_label,
    check_choice,
    check_players,
    check_seed,
    check_variant,
    message_text,
    hint_plays,
    emphasize,
    make_agent,
    offered,
    play_tooltip,
    played_sentence,
    safe,
    twin_buttons,
    variant_options,
)

HUMAN = 0
MAX_BOT_MOVES = 5000
BUTTON_LIMIT = 8
"""Group and comet plays are buttons when there are at most this many, else a dropdown."""
BOT_SEQUENCE = 1.2
"""At most this many seconds of pauses between the bots' plays after one action of yours."""
BOT_BUDGET = 0.04
"""Seconds of search the bots share between two clicks of the human (so a click answers in < 50 ms)."""

_RED, _BLACK, _BLUE, _GREEN = "#c8102e", "#1b1b1b", "#1560bd", "#1e7b34"


def _single_card(p: comet.Play) -> bool:
    """One natural card (a button of its own, in large type); else a group or a wild play."""
    return p.kind == "cards" and len(p.cards) == 1 and p.wild is None


PLAY_BOTS: list[tuple[str, str]] = [
    ("Greedy (instant)", "greedy"),
    ("Search, fast (a few hundredths of a second a move)", "search-fast"),
    ("Search (a few hundredths of a second a move)", "search"),
    ("Random", "random"),
]
"""The bot choices of a table, labelled with what they do there: every bot move is capped by
:data:`BOT_BUDGET` (the search levels differ in how many playouts they would like)."""

_CSS = """<style>
.comet-playtable .comet-hand-row{display:flex;flex-wrap:wrap;gap:2px;padding-top:8px}
.comet-playtable .comet-card-slot{margin:0;overflow:visible}
.comet-playtable .comet-card-slot .widget-button{min-width:44px;height:60px;padding:0 6px;margin:2px;
 border-radius:6px;font-size:18px;transition:transform .1s}
.comet-playtable .comet-card-legal .widget-button{border:2px solid #1f8a4c;transform:translateY(-7px);
 box-shadow:0 4px 6px rgba(0,0,0,.3)}
.comet-playtable .comet-card-dim .widget-button{border:2px dashed #8a8370;box-shadow:none;font-weight:normal}
.comet-playtable .comet-card-hint .widget-button,.comet-playtable .widget-button.comet-card-hint{
 outline:3px solid #b07d00;outline-offset:1px;box-shadow:0 0 0 6px #ffe9a8}
.comet-playtable .widget-button:focus-visible,.comet-playtable .widget-toggle-button:focus-visible,
.comet-playtable select:focus-visible,.comet-playtable input:focus-visible,.comet-playtable .comet-log:focus-visible{
 outline:3px solid #1f3f73;outline-offset:2px}
.comet-playtable svg{max-width:100%;height:auto}
.comet-playtable .comet-log{max-height:14em;overflow-y:auto;background:#fffdf7;border:1px solid #ddd5bd;
 border-radius:6px;padding:4px 8px}
</style>"""
"""The table's own styles (inside its HTML: no external file): the legal cards raised, the others
dimmed, the hinted card ringed, a visible keyboard focus, pictures that shrink on a phone."""


def _running_loop() -> Any:
    """The event loop running this code (a Jupyter kernel's, Pyodide's), or None (a plain script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform != "emscripten":  # (Pyodide calls back from the page outside a running task)
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:
            return None
    return loop if loop.is_running() else None


class PlayTable(W.VBox):
    """A table where you (seat 0) play a deal or a match of any variant against bots.

    Parameters (all optional): ``variant`` (an id of :data:`comet.VARIANTS`), ``players``,
    ``bot`` (``"greedy"``, ``"search-fast"``, ``"search"``, ``"random"``), ``seed`` (a whole
    number: the same seed deals the same cards), ``lang`` (language of the calls: ``en``,
    ``fr``, ``ru``, ``es``), ``four_colour``, ``reveal`` (show the bots' hands, for teaching).
    A bad argument falls back to the default and says so in the message line.

    The table comes first: the comet's tail, whose turn it is and the other hands; then your hand,
    drawn as buttons in hand order, the cards you may play raised, the others dimmed (touching
    one says why it cannot be played); next to it *Pass* (only when passing is legal), the other
    plays (claim, keep or redeal, draw, group and comet plays, in a list when there are many),
    *Undo* (your last decision and the bots' replies), *Hint* (the search bot's best plays, the
    best card ringed in your hand), *Next deal* / *New match* and *Settings* (variant, players,
    bots, seed, language, four colours, the bots' hands), folded away. Under them: the message
    line, the whole log of the deal (newest first) and the running scores.

    Every button is tied to the state it was offered in (:class:`widgets.common.Offers`): the
    second click of a double click is ignored, never applied to the next state.
    """

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, bot: str = "greedy", seed: int = 1,
                 lang: str = "en", four_colour: bool = False, reveal: bool = False, bot_delay: float = 0.0) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.add_class("comet-playtable")
        self.add_class("comet-once")  # a double click acts once (book/_assets/live/page.js)
        self.bot_delay = float(bot_delay) if isinstance(bot_delay, (int, float)) and 0 <= bot_delay <= 5 else 0.0
        """Seconds between two bot plays drawn one after another (0: all at once, as tests want)."""
        self._bot_generation = 0
        self._bot_timer: Any = None
        self._after_bots: Callable[[], None] | None = None
        self.messages = Messages()
        self.offers = Offers()
        self._seeds = random.SystemRandom()
        """Where New match draws its fresh seed."""
        self.errors = 0
        self._busy = False
        self._hinted: comet.Play | None = None
        problems: list[str] = []

        def ok(check: Any, value: Any, default: Any) -> Any:
            try:
                return check(value)
            except UserError as e:
                problems.append(str(e))
                return default

        variant = ok(check_variant, variant, DEFAULT_VARIANT).id if isinstance(variant, str) else DEFAULT_VARIANT
        v = comet.VARIANTS[variant]
        players = ok(lambda p: check_players(v, p), players, v.players.start)
        bot = ok(lambda b: check_choice(b, BOT_NAMES, "bot"), bot, "greedy")
        seed = ok(check_seed, seed, 1)
        lang = ok(lambda x: check_choice(x, LANGUAGE_CODES, "language"), lang, "en")

        wide = W.Layout(width="auto")
        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=variant_options(), value=variant, description="Variant",
                                         style=short, layout=W.Layout(width="330px", max_width="100%"))
        self.players_choice = W.Dropdown(options=player_options(v), value=players, description="Players",
                                         style=short, layout=W.Layout(width="150px"))
        self.bot_choice = W.Dropdown(options=PLAY_BOTS, value=bot, description="Bots", style=short,
                                     layout=W.Layout(width="380px", max_width="100%"))
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed", style=short,
                                            layout=W.Layout(width="160px"))
        self.lang_choice = W.Dropdown(options=LANGUAGES, value=lang, description="Calls in", style=short,
                                      layout=W.Layout(width="190px"))
        self.four_colour_box = W.Checkbox(value=bool(four_colour), description="Four-colour suits", indent=False,
                                          layout=wide)
        self.reveal_box = W.Checkbox(value=bool(reveal), description="Show the bots' hands", indent=False,
                                     layout=wide)
        for w, tip in ((self.variant_choice, "Which game of the family to play"),
                       (self.players_choice, "Number of players; you are seat 0"),
                       (self.bot_choice, "How the other seats play"),
                       (self.seed_choice, "The same seed deals the same cards"),
                       (self.lang_choice, "Language of the announcements")):
            w.tooltip = tip
        # Two models of every button, shown in turn: see widgets.common.Offers.
        self._twins = {
            "new": twin_buttons("New match", "Start a new match with these settings", self._on_new_deal,
                                icon="refresh"),
            "undo": twin_buttons("Undo", "Take back your last decision (and the bots' replies)", self._on_undo,
                                 icon="undo"),
            "hint": twin_buttons("Hint", "Ask the search bot for the best plays", self._on_hint, icon="lightbulb-o"),
            "pass": twin_buttons("Pass", "Pass: say 'without' the next card", self._on_pass, style="warning"),
            "other": twin_buttons("Play it", "Play the play chosen in the list", self._on_other, style="success"),
        }

        self.css = W.HTML(value=_CSS, layout=W.Layout(display="none"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self._pools: tuple[list[W.Button], list[W.Button]] = ([], [])
        """Buttons of the plays that are not one card of your hand (keep, draw, group plays...)."""
        self._slots: tuple[list[tuple[W.Box, W.Button]], list[tuple[W.Box, W.Button]]] = ([], [])
        """The cards of your hand: a button in a box whose class says legal (``comet-play-buttons``) or not."""
        self._slot_layout = W.Layout(width="auto", overflow="visible")
        self._hand_card_layout = W.Layout(width="auto")  # (size and border from _CSS: legal or dimmed)
        self._card_layout = W.Layout(width="auto", min_width="52px", height="56px", margin="2px",
                                     border="2px solid #1f8a4c")
        self._card_styles: dict[tuple[str, bool, bool], W.ButtonStyle] = {}
        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.hand = W.Box(layout=W.Layout(width="100%"))
        self.hand.add_class("comet-hand-row")
        self.hand.add_class("comet-play-hand")
        self.play_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end", width="auto"))
        self.other_choice = W.Dropdown(options=[], description="Comet or group play", style=short,
                                       layout=W.Layout(width="360px", max_width="100%"))
        self.other_choice.tooltip = "Group plays and what the comet stands for"
        self.other_row = W.HBox([self.other_choice, self.other_button], layout=W.Layout(flex_flow="row wrap"))
        self.log_panel = W.HTML(layout=W.Layout(width="auto"))
        self.scores = W.HTML(layout=W.Layout(width="auto"))
        self.settings_toggle = W.ToggleButton(value=False, description="Settings", icon="cog",
                                              tooltip="Variant, players, bots, seed, language, colours",
                                              layout=W.Layout(width="auto"))
        self.settings = W.HBox([self.variant_choice, self.players_choice, self.bot_choice, self.seed_choice,
                                self.lang_choice, self.four_colour_box, self.reveal_box],
                               layout=W.Layout(flex_flow="row wrap", align_items="center", display="none",
                                               border="1px solid #ddd5bd", padding="4px"))
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.link = W.HTML(layout=W.Layout(width="auto"))
        """*Link to this position*: the match's record and the move (:mod:`widgets.links`)."""
        self.link.add_class("comet-play-link")
        self.children = [self.css, self.table, self.prompt, self.hand, self.play_buttons, self.other_row,
                         self.actions, self.settings, self.messages.widget, self.link, self.log_panel, self.scores]

        self.settings_toggle.observe(self._on_settings_toggle, names="value")
        self.variant_choice.observe(self._on_variant, names="value")
        self.players_choice.observe(self._on_settings, names="value")
        self.seed_choice.observe(self._on_settings, names="value")
        self.bot_choice.observe(self._on_bot, names="value")
        for w in (self.lang_choice, self.four_colour_box, self.reveal_box):
            w.observe(self._on_view, names="value")

        self.match: comet.Match
        self._agents: list[Any] = []
        self._fallback = random.Random(seed)
        self._start(v, players, seed, bot)
        if problems:
            self.messages.error(" ".join(problems))

    # ------------------------------------------------------------------ public, read-only
    @property
    def round(self) -> comet.Round:
        """The deal being played."""
        return self.match.round

    def twins(self, name: str) -> tuple[W.Button, W.Button]:
        """Both models of a button (``new``, ``undo``, ``hint``, ``pass``, ``other``), e.g. to style them."""
        return self._twins[name]

    new_deal_button = Shown("new", "*New match* (or *Next deal*) as shown now.")
    undo_button = Shown("undo", "*Undo* as shown now.")
    hint_button = Shown("hint", "*Hint* as shown now.")
    pass_button = Shown("pass", "*Pass* as shown now.")
    other_button = Shown("other", "*Play it*, next to the list of group and comet plays, as shown now.")

    @property
    def _pool(self) -> list[W.Button]:
        """The buttons of the plays next to your hand drawing the current state (the other pool drew
        the previous one)."""
        return self._pools[self.offers.side]

    @property
    def hand_buttons(self) -> list[W.Button]:
        """The cards of your hand as shown now, in hand order (legal or not)."""
        return [b for box in self.hand.children for b in box.children]

    def _pool_plays(self) -> list[tuple[comet.Play, W.Button]]:
        """The legal plays shown as buttons, in the page's order: your cards, then the other plays."""
        out = []
        for b in self.hand_buttons + list(self.play_buttons.children):
            play = self.offers.value(b)
            if isinstance(play, comet.Play):
                out.append((play, b))
        return out

    @property
    def shown_plays(self) -> list[str]:
        """The plays offered to you right now (buttons, list and Pass), in notation."""
        out = list(dict.fromkeys(p.text for p, b in self._pool_plays()))  # (two equal cards: one play)
        if self.other_row.layout.display != "none":
            out += [str(v) for _, v in self.other_choice.options]
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

    # ------------------------------------------------------------------ game flow
    def _start(self, v: comet.Variant, players: int, seed: int, bot: str) -> None:
        match = comet.Match(v, players=players, seed=seed)
        agents = [None] + [make_agent(bot, seed=f"{seed}/{s}", time_limit=BOT_BUDGET / (players - 1))
                            for s in range(1, players)]
        self._stop_bots()
        self.match = match
        self._agents = agents
        self._fallback = random.Random(seed)
        self._run_bots_now()
        self._refresh()
        self.messages.info(f"New match of {v.name}, {players} players, seed {seed}. You are seat 0; "
                           "the cards you may play are raised in your hand.")

    def open_position(self, position: Position) -> None:
        """Play on from a position opened by a link: its match (or its one deal), at its move.
        You are seat 0; if a bot is to play there, the bots play on to your turn."""
        game = position.game
        if isinstance(game, comet.Match):
            match = game
        else:  # one deal: a match of that deal only
            match = comet.Match(game.variant, players=game.players, seed=game.seed, deals=1)
            match.round, match.dealer = game, game.dealer
        rnd = match.round
        while len(rnd.history) > position.move:
            rnd.undo()
        v = match.variant
        bot = check_choice(self.bot_choice.value, BOT_NAMES, "bot")
        seed = match.seed if isinstance(match.seed, int) and 0 <= match.seed <= MAX_SEED else None
        self._quietly(v.id, match.players, seed)
        self._stop_bots()
        self.match = match
        self._agents = [None] + [make_agent(bot, seed=f"{match.seed}/{s}", time_limit=BOT_BUDGET / (match.players - 1))
                                 for s in range(1, match.players)]
        self._fallback = random.Random(str(match.seed))
        where = (f"{v.name}, {match.players} players, deal {match.deal_number}, after {position.move} "
                 f"play{'s' if position.move != 1 else ''}")

        bots_first = self._bots_to_move()

        def then() -> None:
            self._refresh()
            turn = ("The bots played on: " + ("the deal is over." if rnd.is_over else "your turn.") if bots_first
                    else "The deal is over." if rnd.is_over else "Your turn.")
            self.messages.info(f"Opened from a link: {where}. You are seat 0. {turn}")

        self._refresh()
        self._run_bots(then)

    def _quietly(self, variant: str, players: int, seed: int | None) -> None:
        """Show these settings without starting a new match."""
        watched = ((self.variant_choice, self._on_variant), (self.players_choice, self._on_settings),
                   (self.seed_choice, self._on_settings))
        for w, f in watched:
            w.unobserve(f, names="value")
        try:
            if variant in dict((vid, label) for label, vid in self.variant_choice.options):
                self.variant_choice.value = variant
            follow_variant(self.players_choice, comet.VARIANTS[variant])
            self.players_choice.value = players
            if seed is not None:
                self.seed_choice.value = seed
        finally:
            for w, f in watched:
                w.observe(f, names="value")

    def _bots_to_move(self) -> bool:
        rnd = self.match.round
        return not (rnd.is_over or rnd.to_play == HUMAN or rnd.to_play is None)

    def _bot_moves(self) -> None:
        """One bot move."""
        rnd = self.match.round
        assert rnd.to_play is not None
        rnd.play(bot_move(self._agents[rnd.to_play], rnd, self._fallback))

    def _run_bots_now(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if not self._bots_to_move():
                return
            self._bot_moves()

    def _run_bots(self, then: Callable[[], None]) -> None:
        """Let the bots move until it is your turn or the deal is over, then call ``then`` (which
        draws the table and says what happened). With a ``bot_delay`` and a running event loop (a
        Jupyter kernel, Voilà, Pyodide) the bots' plays are drawn one after another, ``bot_delay``
        seconds apart (less at many players: at most :data:`BOT_SEQUENCE` seconds in all); the
        root carries the class ``comet-busy`` meanwhile, and ``then`` (the message, which scripts
        wait for) comes at the end. Else they all move at once."""
        self._stop_bots()
        loop = _running_loop() if self.bot_delay > 0 and self._bots_to_move() else None
        if loop is None:
            self._run_bots_now()
            then()
            return
        delay = min(self.bot_delay, BOT_SEQUENCE / max(1, self.round.players - 1))
        self._after_bots = then
        self._refresh()  # your play shows at once
        self.add_class("comet-busy")  # (after the table: a script waiting for it sees your play drawn)
        generation = self._bot_generation

        def step() -> None:
            if generation != self._bot_generation:
                return  # stopped (undo, new match, new settings)
            try:
                self._bot_moves()
                more = self._bots_to_move()
            except EXPECTED_ERRORS as error:  # the engine's and the checks' errors: a message, the sequence ends
                self._stop_bots()
                self.errors += 1
                self.messages.error(message_text(error))
                return
            except BaseException:  # a programming error: the sequence ends, and the error is raised
                self._stop_bots()
                raise
            if more:
                self._refresh()
                self._bot_timer = loop.call_later(delay, step)
            else:
                then = self._after_bots
                self._stop_bots()
                if then is not None:
                    then()

        self._bot_timer = loop.call_later(delay, step)

    def _stop_bots(self) -> None:
        """Forget a sequence of bot moves under way (the state stays as it is)."""
        self._bot_generation += 1
        timer, self._bot_timer, self._after_bots = self._bot_timer, None, None
        if timer is not None:
            timer.cancel()
        if "comet-busy" in self._dom_classes:
            self.remove_class("comet-busy")

    @property
    def bots_moving(self) -> bool:
        """True while the bots' plays are being drawn one after another."""
        return self._after_bots is not None

    def _settings(self) -> tuple[comet.Variant, int, int, str]:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        seed = check_seed(self.seed_choice.value)
        bot = check_choice(self.bot_choice.value, BOT_NAMES, "bot")
        return v, players, seed, bot

    def _human_play(self, play: Any) -> None:
        rnd = self.match.round
        if rnd.is_over:
            raise UserError("the deal is over: press Next deal or New match.")
        if rnd.to_play != HUMAN:
            raise UserError(f"it is seat {rnd.to_play}'s turn, not yours.")
        if not isinstance(play, comet.Play) or play not in rnd.legal_plays():
            legal = ", ".join(p.text for p in rnd.legal_plays())
            raise UserError(f"{play} is not a legal play now; the legal plays are: {legal}.")
        said = len(narrate(rnd))
        rnd.play(play)

        def then() -> None:
            self._refresh()
            calls = [you_text(line) for line in narrate(rnd, self._lang())[said:] if "“" in line]
            self.messages.info(" ".join([played_sentence(play), *calls]))

        self._run_bots(then)

    # ------------------------------------------------------------------ callbacks
    @safe
    @offered
    def _on_card(self, b: W.Button) -> None:
        value = self.offers.value(b)
        if isinstance(value, str):  # a card of your hand you may not play now: say why
            raise UserError(value)
        self._human_play(value)

    @safe
    @offered
    def _on_pass(self, b: W.Button) -> None:
        self._human_play(comet.Play.parse("pass"))

    @safe
    @offered
    def _on_other(self, b: W.Button) -> None:
        value = self.other_choice.value
        if not isinstance(value, str) or not value:
            raise UserError("choose a play in the list first.")
        self._human_play(comet.Play.parse(value))

    @safe
    @offered
    def _on_undo(self, b: W.Button) -> None:
        rnd = self.match.round
        mine = [i for i, (seat, _) in enumerate(rnd.history) if seat == HUMAN]
        if not mine:
            raise UserError("you have not made a decision in this deal yet.")
        self._stop_bots()
        target = mine[-1]
        while len(rnd.history) > target:
            rnd.undo()
        self._refresh()
        self.messages.info("Took back your last decision.")

    @safe
    @offered
    def _on_hint(self, b: W.Button) -> None:
        rnd = self.match.round
        if rnd.is_over or rnd.to_play != HUMAN:
            raise UserError("a hint is for your turn.")
        best = hint_plays(rnd)
        self._hinted = best[0][0] if best else None
        self._refresh()  # a new state: a second click of a double click asks no second hint
        self.messages.info("Hint, best first: " + "; ".join(text for _, text in best))

    @safe
    @offered
    def _on_new_deal(self, b: W.Button) -> None:
        match = self.match
        if match.round.is_over and not match.is_over:
            match.next_deal()

            def then() -> None:
                self._refresh()
                self.messages.info(you_text(f"Deal {match.deal_number}: seat {match.round.dealer} deals."))

            self._run_bots(then)
            return
        v, players, _, bot = self._settings()
        seed = self._seeds.randint(0, MAX_SEED)  # a fresh deal, its seed shown so it can be replayed
        self.seed_choice.value = seed  # (its observer is not called: this callback is running)
        self._start(v, players, seed, bot)

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        follow_variant(self.players_choice, v)
        _, players, seed, bot = self._settings()
        self._start(v, players, seed, bot)

    @safe
    def _on_settings(self, change: Any) -> None:
        v, players, seed, bot = self._settings()
        self._start(v, players, seed, bot)

    @safe
    def _on_bot(self, change: Any) -> None:
        bot = check_choice(self.bot_choice.value, BOT_NAMES, "bot")
        seed = check_seed(self.seed_choice.value)
        players = self.round.players  # the match's seats (the Players list may show a refused value)
        self._agents = [None] + [make_agent(bot, seed=f"{seed}/{s}", time_limit=BOT_BUDGET / (players - 1))
                            for s in range(1, players)]
        self.messages.info(f"The bots now play: {dict((n, l) for l, n in PLAY_BOTS)[bot]}.")

    def _on_settings_toggle(self, change: Any) -> None:
        self.settings.layout.display = "" if self.settings_toggle.value else "none"

    @safe
    def _on_view(self, change: Any) -> None:
        check_choice(self.lang_choice.value, LANGUAGE_CODES, "language")
        self._refresh(advance=False)

    # ------------------------------------------------------------------ drawing
    def _lang(self) -> str:
        lang = self.lang_choice.value
        return lang if isinstance(lang, str) and lang in LANGUAGE_CODES else "en"

    def _refresh(self, advance: bool = True) -> None:
        """Draw the current state; ``advance``: it is a new state (the game changed), drawn with the
        other set of buttons, so that clicks on the previous state's buttons are ignored."""
        hinted, self._hinted = self._hinted, None  # a hint holds for the state it was asked in
        if advance:
            self.offers.advance()
        else:
            hinted = self._shown_hint
        self._shown_hint = hinted
        for pair in self._twins.values():
            self.offers.offer(pair[self.offers.side])
        rnd = self.match.round
        lang = self._lang()
        four = bool(self.four_colour_box.value)
        self.table.value = (round_html(rnd, seat=HUMAN, lang=lang, four_colour=four, reveal=bool(self.reveal_box.value),
                                       own_hand=False, calls=False, settlement=False)
                            + self._settlement_html())
        mine = not rnd.is_over and rnd.to_play == HUMAN
        legal = rnd.legal_plays() if mine else []
        in_hand = self._fill_hand(rnd, legal, mine, four, hinted)
        others = [p for p in legal if p.kind != "pass" and p not in in_hand]
        special = [p for p in others if p.kind == "cards"]
        as_buttons = [p for p in others if p.kind != "cards"] + (special if len(special) <= BUTTON_LIMIT else [])
        self._fill_pool(as_buttons, four, hinted)
        if special and len(special) > BUTTON_LIMIT:
            self.other_choice.options = [(card_label(p) + f"  ({p.text})", p.text) for p in special]
            self.other_choice.value = (hinted.text if hinted is not None and hinted in special else special[0].text)
            self.other_row.layout.display = ""
        else:
            self.other_choice.options = []
            self.other_row.layout.display = "none"
        can_pass = any(p.kind == "pass" for p in legal)
        self.other_row.children = (self.other_choice, self.other_button)
        self.actions.children = (self.pass_button, self.undo_button, self.hint_button, self.new_deal_button,
                                 self.settings_toggle)
        self.pass_button.layout.display = "" if can_pass else "none"
        self.pass_button.disabled = not can_pass
        self.undo_button.disabled = not any(seat == HUMAN for seat, _ in rnd.history)
        self.hint_button.disabled = not mine
        match = self.match
        if rnd.is_over and not match.is_over:
            self.new_deal_button.description = "Next deal"
            self.new_deal_button.tooltip = "Score this deal and deal the next one of the match"
            emphasize(self.new_deal_button)
        else:
            self.new_deal_button.description = "New match"
            self.new_deal_button.tooltip = "Start a new match with the chosen settings"
            emphasize(self.new_deal_button, match.is_over)
        count = len(rnd.hands[HUMAN])
        cards = f"{count} card{'s' if count != 1 else ''}"
        if mine:
            need = "keep or redeal" if rnd.phase == "redeal" else (
                "discard then draw" if rnd.phase == "exchange" else rnd.describe_targets()
                + (" or pass" if can_pass else ""))
            head = f"&#9654; Your hand ({cards}), your turn: {html.escape(need)}"
        elif rnd.is_over:
            head = f"&#9632; Your hand ({cards}); the deal is over (settlement above)"
        else:
            head = f"Your hand ({cards})"
        self.prompt.value = f'<div style="{FONT}font-weight:600;margin-top:4px">{head}</div>'
        self.log_panel.value = self._log_html(lang)
        self.scores.value = self._scores_html()
        self.link.value = link_html("?" + position_query(match.record(comments=False), len(rnd.history)),
                                    "Copy link to this position")

    _shown_hint: comet.Play | None = None

    def _settlement_html(self) -> str:
        """The settlement, "you" for seat 0 (inside the table: scripts read it there)."""
        outcome = self.round.outcome()
        if outcome is None:
            return ""
        items = "".join(
            f'<div style="white-space:pre-wrap;{"font-weight:600" if not line.startswith(" ") else ""}">'
            f"{html.escape(line)}</div>" for line in you_lines(outcome.lines))
        return (f'<div style="{FONT}background:#fffdf7;border:1px solid #ddd5bd;border-radius:6px;padding:6px 8px;'
                f'margin:6px 0"><div style="font-weight:600">Settlement</div>{items}</div>')

    def _log_html(self, lang: str) -> str:
        """Every sentence of the deal, newest first, in a scrolling panel (the runs' calls included)."""
        lines = you_lines(narrate(self.round, lang))
        items = "".join(f"<li>{sentence_html(line, lang)}</li>" for line in reversed(lines))
        return (f'<div style="{FONT}"><div style="font-weight:600;margin-top:6px">The deal so far '
                f'({len(lines)} sentence{"s" if len(lines) != 1 else ""}, newest first)</div>'
                f'<div class="comet-log" role="log" tabindex="0" aria-label="The deal so far">'
                f'<ol reversed style="margin:2px 0 2px 22px;padding:0">{items}</ol></div></div>')

    def _illegal_reason(self, rnd: comet.Round, card: comet.Card, legal: list[comet.Play], mine: bool) -> str:
        """Why ``card`` of your hand cannot be played now (the engine's own words for what may be)."""
        if rnd.is_over:
            return "the deal is over: press Next deal or New match."
        if not mine:
            return f"it is seat {rnd.to_play}'s turn, not yours."
        if any(card in p.cards for p in legal):
            return (f"{card.symbol} goes with other cards or stands for a chosen card: "
                    "choose the play next to your hand.")
        if rnd.phase == "redeal":
            return "first keep the hand or demand a new deal (next to your hand)."
        if rnd.phase == "exchange":
            return "discard, then draw from the talon (the plays next to your hand)."
        can_pass = any(p.kind == "pass" for p in legal)
        return f"you may not play {card.symbol} now: you must play {rnd.describe_targets()}" + (
            " or pass." if can_pass else ".")

    def _fill_hand(self, rnd: comet.Round, legal: list[comet.Play], mine: bool, four: bool,
                   hinted: comet.Play | None) -> set[comet.Play]:
        """Draw your hand as buttons in hand order, each offered with the one legal play it makes alone
        (a card, or a discard), or with the reason it cannot be played; return the plays so drawn."""
        alone: dict[comet.Card, list[comet.Play]] = {}
        for p in legal:
            if len(p.cards) == 1 and p.kind in ("cards", "discard"):
                alone.setdefault(p.cards[0], []).append(p)
        hand = list(rnd.hands[HUMAN])
        slots = self._slots[self.offers.side]
        while len(slots) < len(hand):
            b = W.Button(layout=self._hand_card_layout)
            b.on_click(self._on_card)
            box = W.Box([b], layout=self._slot_layout)
            slots.append((box, b))
        drawn: set[comet.Play] = set()
        for (box, b), card in zip(slots, hand):
            plays = alone.get(card, [])
            play = plays[0] if len(plays) == 1 else None
            with b.hold_sync():
                b.description = card.symbol
                b.style = self._card_style(self._ink_of(card, four), play is not None)
                if play is not None:
                    drawn.add(play)
                    self.offers.offer(b, play)
                    b.tooltip = play_tooltip(play)
                    kind = "comet-play-buttons comet-card-legal"
                else:
                    reason = self._illegal_reason(rnd, card, legal, mine)
                    self.offers.offer(b, reason[0].upper() + reason[1:])
                    b.tooltip = f"{card.symbol}: cannot be played now"
                    kind = "comet-card-dim"
            classes = ["comet-card-slot", *kind.split()]
            if play is not None and play == hinted:
                classes.append("comet-card-hint")
                hinted = None  # (one ring, on the first of two equal cards)
            box._dom_classes = tuple(classes)
        for box, b in slots[len(hand):]:
            self.offers.withdraw(b)
        self.hand.children = tuple(box for box, _ in slots[:len(hand)])
        return drawn

    def _fill_pool(self, plays: list[comet.Play], four: bool, hinted: comet.Play | None = None) -> None:
        """Show one button per play, from the current state's pool. Buttons are reused (two pools
        used in turn: see :class:`widgets.common.Offers`); the ones not needed leave the row (so a
        click sends a handful of messages, not one per hidden button) and share one layout and
        a few styles (fewer widget models for the page to load)."""
        pool = self._pool
        while len(pool) < len(plays):
            b = W.Button(layout=self._card_layout)
            b.on_click(self._on_card)
            pool.append(b)
        for i, b in enumerate(pool):
            p = plays[i] if i < len(plays) else None
            if p is None:
                self.offers.withdraw(b)
                continue
            self.offers.offer(b, p)
            with b.hold_sync():
                b.description = card_label(p)
                b.tooltip = play_tooltip(p)
                b.style = self._card_style(self._ink(p, four), _single_card(p), big=_single_card(p))
            classes = [c for c in b._dom_classes if c != "comet-card-hint"]
            if p == hinted:
                classes.append("comet-card-hint")
            b._dom_classes = tuple(classes)
        self.play_buttons.children = tuple(pool[:len(plays)])

    def _card_style(self, ink: str, legal: bool, big: bool = True) -> W.ButtonStyle:
        """A shared style: the suit's ink on a card face, a greyed face for a card you may not play."""
        key = (ink, legal, big)
        if key not in self._card_styles:
            self._card_styles[key] = W.ButtonStyle(button_color="#fffdf7" if legal else "#ebe8e0",
                                                   font_weight="bold", text_color=ink,
                                                   font_size="18px" if big else "14px")
        return self._card_styles[key]

    @staticmethod
    def _ink_of(card: comet.Card, four: bool) -> str:
        if four and card.suit == "D":
            return _BLUE
        if four and card.suit == "C":
            return _GREEN
        return _RED if card.suit in ("H", "D") else _BLACK

    @classmethod
    def _ink(cls, p: comet.Play, four: bool) -> str:
        if p.kind != "cards":
            return _BLACK
        naturals = [c for c in p.cards if c is not p.wild] or list(p.cards)
        return cls._ink_of(naturals[0], four)

    def _scores_html(self) -> str:
        m = self.match
        standings = m.standings()
        unit = m.variant.rules.unit
        cells = "".join(
            f'<span style="display:inline-block;padding:2px 10px;border:1px solid #ddd5bd;margin:0 -1px -1px 0">'
            f'{"You (seat 0)" if s == HUMAN else f"Seat {s}"}: {v:+d}</span>' for s, v in enumerate(standings))
        if m.deals is not None:
            length = f"deal {m.deal_number} of {m.deals}"
        else:
            length = f"deal {m.deal_number}, first to {m.target} {unit}s"
        over = ""
        if m.is_over:
            best = max(standings)
            leaders = [("you" if s == HUMAN else f"seat {s}") for s, v in enumerate(standings) if v == best]
            over = f'<div style="font-weight:600">Match over: {" and ".join(leaders)} ahead.</div>'
        return (f'<div style="{FONT}margin-top:6px"><div style="font-weight:600">Running scores '
                f'({html.escape(length)}, in {html.escape(unit)}s)</div>'
                f'<div style="display:flex;flex-wrap:wrap">{cells}</div>{over}</div>')
