"""``StepThrough``: replay a recorded or seeded deal move by move, each step explained."""

from __future__ import annotations

import base64
import gzip
import html
import json
import random
from typing import Any

import ipywidgets as W

import comet
from comet_render.narrate import sentence_html, step_sentences
from comet_render.svg_table import round_html
from widgets.browser import in_browser
from widgets.links import link_html, page_address, record_query
from widgets.common import (
    chosen,
    card_label,
    follow_variant,
    player_options,
    players_or_default,
    variant_or_default,
    BOT_NAMES,
    BOTS,
    DEFAULT_VARIANT,
    FONT,
    LANGUAGE_CODES,
    LANGUAGES,
    MAX_SEED,
    Messages,
    Offers,
    Shown,
    UserError,
    bot_move,
    button,
    check_choice,
    check_players,
    check_seed,
    check_variant,
    make_agent,
    offered,
    safe,
    twin_buttons,
    variant_options,
)

MAX_RECORD = 200_000
MAX_PLAYS = 5000
BOOK_PLAY = "../../play/"
"""The play pages from a chapter of the book (``book/<part>/<chapter>.html``)."""


def play_out(variant: comet.Variant, players: int, seed: int, bot: str = "greedy") -> comet.Round:
    """A whole deal of ``variant`` dealt from ``seed`` and played by bots."""
    rnd = comet.Round.deal(variant, players=players, seed=seed)
    agents = [make_agent(bot, seed=f"{seed}/{s}") for s in range(players)]
    fallback = random.Random(seed)
    for _ in range(MAX_PLAYS):
        if rnd.is_over or rnd.to_play is None:
            break
        rnd.play(bot_move(agents[rnd.to_play], rnd, fallback))
    return rnd


def _fresh(rnd: comet.Round) -> comet.Round:
    """The same deal, back at its start (rebuilt from its record, not ``Round.copy()``:
    a copy shares the undo frames of the original, so undoing a non-card play in one and
    playing on could disturb the other)."""
    again = comet.replay(rnd.record())
    assert isinstance(again, comet.Round)
    while again.history:
        again.undo()
    return again


class StepThrough(W.VBox):
    """Replays one deal: first / back / next / last buttons, a slider over the steps, the
    table at each step and, for each step, what happened and which rule (with its source)
    applied.

    Parameters (all optional): ``variant``, ``players``, ``seed`` and ``bot`` (the deal is
    dealt from the seed and played out by bots), or ``record``: a deal (or a match) in the
    notation of :func:`comet.replay`, which then takes precedence; ``lang`` (calls in
    ``en``/``fr``/``ru``/``es``) and ``step`` (where to start; default 0, the deal).

    The stepping buttons are tied to the step they were offered at: a double click on *Next*
    steps once (:class:`widgets.common.Offers`).

    ``frames=True`` saves every step's picture in the widget (``.comet-step-frames``), so that a
    static page can step through the deal from its snapshot before Python has loaded (the book's
    demos); in the browser's Python the live widget draws each step itself and saves none.
    """

    first_button = Shown("first", "*First* as shown now.")
    back_button = Shown("back", "*Back* as shown now.")
    next_button = Shown("next", "*Next* as shown now.")
    last_button = Shown("last", "*Last* as shown now.")

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, seed: int = 1, *, record: str | None = None,
                 bot: str = "greedy", lang: str = "en", step: int = 0, frames: bool = False,
                 link_base: str = BOOK_PLAY) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.add_class("comet-step")
        self.link_base = link_base
        """Where the replay page is, relative to the page showing this demo (each step's link)."""
        self._quoted_record = ""
        self._save_frames = frames and not in_browser()
        self.frames = W.HTML(layout=W.Layout(display="none"))
        self.frames.add_class("comet-step-frames")
        self.messages = Messages()
        self.offers = Offers()
        self.errors = 0
        self._busy = False
        problems: list[str] = []
        v = variant_or_default(variant, problems)
        players = players_or_default(v, players, problems)
        try:
            seed = check_seed(seed)
        except UserError as e:
            problems.append(str(e))
            seed = 1
        bot = bot if bot in BOT_NAMES else "greedy"
        lang = lang if lang in LANGUAGE_CODES else "en"
        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=variant_options(), value=v.id, description="Variant", style=short,
                                         layout=W.Layout(width="330px"))
        self.players_choice = W.Dropdown(options=player_options(v), value=players,
                                         description="Players", style=short, layout=W.Layout(width="150px"))
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed", style=short,
                                            layout=W.Layout(width="160px"))
        self.bot_choice = W.Dropdown(options=BOTS, value=bot, description="Played by", style=short,
                                     layout=W.Layout(width="300px"))
        self.deal_button = button("Deal and play", "Deal from the seed and let the bots play the deal",
                                  self._on_deal, style="primary", icon="play")
        self.record_text = W.Textarea(value="", placeholder='[Variant "modern-comet-1991"]\n[Players "2"]\n'
                                      '[Seed "1"]\n\n1: 7H\n...', description="Record", style=short,
                                      layout=W.Layout(width="100%", height="90px"))
        self.record_text.tooltip = "Paste a deal in the notation (from round.record())"
        self.load_button = button("Load record", "Replay the record pasted above", self._on_load, icon="upload")
        self.deal_choice = W.Dropdown(options=[("Deal 1", 0)], value=0, description="Deal of the match",
                                      style=short, layout=W.Layout(width="260px", display="none"))
        # Two models of each stepping button, shown in turn: a double click on Next steps once
        # (widgets.common.Offers).
        self._twins = {
            "first": twin_buttons("First", "Back to the deal (step 0)", self._on_first, icon="fast-backward"),
            "back": twin_buttons("Back", "One step back", self._on_back, icon="step-backward"),
            "next": twin_buttons("Next", "One step forward", self._on_next, icon="step-forward"),
            "last": twin_buttons("Last", "To the end of the deal", self._on_last, icon="fast-forward"),
        }
        self.slider = W.IntSlider(value=0, min=0, max=0, description="Step", style=short, continuous_update=False,
                                  layout=W.Layout(width="100%"))
        self.slider.tooltip = "Step through the deal (0 = the deal)"
        self.lang_choice = W.Dropdown(options=LANGUAGES, value=lang, description="Calls in", style=short,
                                      layout=W.Layout(width="190px"))
        self.reveal_box = W.Checkbox(value=True, description="Show every hand", indent=False,
                                     layout=W.Layout(width="auto"))
        self.sentence = W.HTML(layout=W.Layout(width="auto"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        named = [(b, {"back": "prev"}.get(k, k)) for k, pair in self._twins.items() for b in pair]
        for widget, name in [*named, (self.slider, "slider")]:
            widget.add_class(f"comet-step-{name}")
            widget.add_class("comet-step-ctl")
        self.lang_choice.add_class("comet-step-lang")
        self.sentence.add_class("comet-step-caption")
        self.table.add_class("comet-step-table")

        source = W.HBox([self.variant_choice, self.players_choice, self.seed_choice, self.bot_choice,
                         self.deal_button], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        record_box = W.VBox([self.record_text, W.HBox([self.load_button, self.deal_choice])])
        steps = self.steps_row = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.record_panel = W.Accordion([record_box], titles=("Replay a record",), selected_index=None)
        self.children = [source, self.record_panel,
                         self.messages.widget, steps, self.slider, self.sentence, self.table, self.frames]

        self.variant_choice.observe(self._on_variant, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.deal_choice.observe(self._on_deal_choice, names="value")
        self.lang_choice.observe(self._on_view, names="value")
        self.reveal_box.observe(self._on_view, names="value")

        self._deals: list[comet.Round] = []
        self.full: comet.Round
        self.cursor: comet.Round
        self._sentences: list[list[str]] = []
        self._rules: list[str] = []
        loaded = False
        if record:
            try:
                self._load(record)
                loaded = True
            except comet.CometError as e:  # the record is not one: a message
                problems.append(f"The record could not be replayed: {e}")
        if not loaded:
            self._show_deals([play_out(v, players, seed, bot)])
        if isinstance(step, int) and not isinstance(step, bool):
            self._go(max(0, min(step, self.steps)))
        if problems:
            self.messages.error(" ".join(problems))

    # ------------------------------------------------------------------ public, read-only
    @property
    def step(self) -> int:
        """The step shown: 0 is the deal, ``i`` the position after the i-th play."""
        return len(self.cursor.history)

    @property
    def steps(self) -> int:
        """The number of plays in the deal (the last step)."""
        return len(self.full.history)

    def step_query(self, step: int | None = None) -> str:
        """``record=...&move=N``: the deal shown and a step of it (the one shown by default), for a link."""
        return f"{self._quoted_record}&move={self.step if step is None else step}"

    @property
    def sentences(self) -> list[str]:
        """What the step shown says happened."""
        return list(self._sentences[self.step])

    # ------------------------------------------------------------------ internals
    def _load(self, text: Any) -> None:
        if not isinstance(text, str) or not text.strip():
            raise UserError("paste a record first (for example the text of round.record()).")
        if len(text) > MAX_RECORD:
            raise UserError(f"that record is too long ({len(text)} characters; at most {MAX_RECORD}).")
        result = comet.replay(text)
        if isinstance(result, comet.Match):
            deals = [r for r, _ in result.finished] + [result.round]
        else:
            deals = [result]
        self._show_deals(deals)
        self._show_source(result.variant, result.players, result.seed)

    def _show_source(self, variant: comet.Variant, players: int, seed: Any) -> None:
        """The settings above show the deal replayed (its seed where it is a number of the box)."""
        if variant.id in {vid for _, vid in self.variant_choice.options}:
            self.variant_choice.value = variant.id  # (its observer only follows the player counts)
        if players in {n for _, n in self.players_choice.options}:
            self.players_choice.value = players
        if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
            self.seed_choice.value = seed

    def _show_deals(self, deals: list[comet.Round]) -> None:
        self._deals = deals
        self.deal_choice.options = [(f"Deal {i + 1}", i) for i in range(len(deals))]
        played = [i for i, r in enumerate(deals) if r.history]
        first = played[-1] if played else len(deals) - 1
        self.deal_choice.value = first
        self.deal_choice.layout.display = "" if len(deals) > 1 else "none"
        self._select(deals[first])

    def _select(self, rnd: comet.Round) -> None:
        self.full = rnd
        self.cursor = _fresh(rnd)
        lang = chosen(self.lang_choice.value, LANGUAGE_CODES, "en")
        self._sentences = step_sentences(rnd, lang)
        self._rules = self._rule_notes(rnd)
        self._quoted_record = record_query(rnd.record(comments=False))
        self.slider.max = len(rnd.history)
        self._go(len(rnd.history), force=True)
        self._go(0)
        self._store_frames()

    def _store_frames(self) -> None:
        """Every step's (caption, table) as gzip + base64 JSON, when ``frames=True``."""
        if not self._save_frames:
            return
        cursor = _fresh(self.full)
        frames = [self._frame(cursor)]
        for _, play in self.full.history:
            cursor.play(play)
            frames.append(self._frame(cursor))
        packed = base64.b64encode(gzip.compress(json.dumps(frames).encode(), mtime=0)).decode()
        self.frames.value = f'<script type="application/json">{packed}</script>'

    @staticmethod
    def _rule_notes(rnd: comet.Round) -> list[str]:
        """For each step, the rule that made the play legal (with the variant's sources)."""
        sources = ", ".join(s.key for s in rnd.variant.sources)
        r = rnd.rules
        follow = ("the same rank or one higher" if r.follow == "same_or_next" else "one rank higher") + (
            ", in suit" if r.in_suit else ", suits ignored")
        notes = ["The cards are dealt as the variant says (see its rules; " + sources + ")."]
        cursor = _fresh(rnd)
        for seat, play in rnd.history:
            before = cursor.describe_targets()
            free = cursor.targets is None
            phase = cursor.phase
            cursor.play(play)
            if phase == "redeal":
                note = "Before play, the first hand may keep the hand or demand a new deal."
            elif phase == "exchange":
                note = "The exchange: discard, then draw as many from your share of the talon."
            elif play.kind == "pass":
                note = ("Passing is allowed when you cannot (or, where the variant lets you, will not) "
                        f"play {before}.")
            elif play.kind == "claim":
                note = "The manille's payment must be claimed before the next card is played."
            elif play.wild is not None:
                note = f"A wild card may stand for {'any card on a lead' if free else before}."
            elif free:
                note = "After a stop (or at the start) the player entitled leads any card."
            else:
                note = f"Each card must be {follow}: here {before}."
            notes.append(f"Rule: {note} (Sources of {rnd.variant.name}: {sources}.)")
        return notes

    def _go(self, step: int, force: bool = False) -> None:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.steps:
            raise UserError(f"the step must be 0 to {self.steps}, not {step!r}.")
        cursor = self.cursor
        while len(cursor.history) > step:
            cursor.undo()
        while len(cursor.history) < step:
            _, play = self.full.history[len(cursor.history)]
            cursor.play(play)
        if self.slider.max != self.steps or self.slider.min != 0:  # (a forged message may have moved them)
            self.slider.min, self.slider.max = 0, self.steps
        if self.slider.value != step:
            self.slider.value = step
        self.offers.advance()  # a new step: clicks on the previous one's buttons are stale
        self._draw()

    def _draw(self) -> None:
        step = self.step
        n = self.steps
        self.sentence.value, self.table.value = self._frame(self.cursor)
        for pair in self._twins.values():
            self.offers.offer(pair[self.offers.side])
        self.steps_row.children = (self.first_button, self.back_button, self.next_button, self.last_button,
                                   self.lang_choice, self.reveal_box)
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == n

    def _frame(self, cursor: comet.Round) -> tuple[str, str]:
        """The caption and the table at ``cursor`` (a position of the deal shown)."""
        step = len(cursor.history)
        n = self.steps
        lang = chosen(self.lang_choice.value, LANGUAGE_CODES, "en")
        said = self._sentences[step] if step < len(self._sentences) else []
        if step == 0:
            title = "Step 0: the deal"
        else:
            seat, play = self.full.history[step - 1]
            title = f"Step {step} of {n}: seat {seat} — {card_label(play)}"
        items = "".join(f"<li>{sentence_html(s, lang)}</li>" for s in said) or "<li>(nothing to say)</li>"
        if step < len(self._rules):
            items += f'<li style="list-style:none;color:#333;font-style:italic">{html.escape(self._rules[step])}</li>'

        caption = (f'<div role="status" aria-live="polite" style="{FONT}background:#fffdf7;border:1px solid '
                   f'#ddd5bd;border-left:4px solid #1f3f73;border-radius:6px;padding:6px 10px;'
                   f'margin:4px 0"><div style="font-weight:700">{html.escape(title)}</div>'
                   f'<ul style="margin:2px 0 0 18px;padding:0">{items}</ul>'
                   + link_html(f"{self.link_base}{page_address('replay')}?{self.step_query(step)}",
                               "Copy link to this step") + "</div>")
        seat_view = None if self.reveal_box.value else 0
        return caption, round_html(cursor, seat=seat_view, lang=lang)

    def restore_page_state(self, state: Any) -> None:
        """Go to the step a reader reached on the page's snapshot (``{"step": n}``)."""
        step = state.get("step") if isinstance(state, dict) else None
        if isinstance(step, int) and not isinstance(step, bool) and 0 <= step <= self.steps:
            self._go(step)

    # ------------------------------------------------------------------ callbacks
    @safe
    @offered
    def _on_first(self, b: Any) -> None:
        self._go(0)
        self.messages.clear()

    @safe
    @offered
    def _on_back(self, b: Any) -> None:
        if self.step == 0:
            raise UserError("this is already the deal (step 0).")
        self._go(self.step - 1)
        self.messages.clear()

    @safe
    @offered
    def _on_next(self, b: Any) -> None:
        if self.step >= self.steps:
            raise UserError("this is already the last step.")
        self._go(self.step + 1)
        self.messages.clear()

    @safe
    @offered
    def _on_last(self, b: Any) -> None:
        self._go(self.steps)
        self.messages.clear()

    @safe
    def _on_slider(self, change: Any) -> None:
        value = self.slider.value
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.steps:
            bad = value
            self.slider.value = self.step
            raise UserError(f"the step must be 0 to {self.steps}, not {bad!r}.")
        self._go(value)

    @safe
    def _on_deal(self, b: Any) -> None:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        seed = check_seed(self.seed_choice.value)
        bot = check_choice(self.bot_choice.value, BOT_NAMES, "bot")
        self._show_deals([play_out(v, players, seed, bot)])
        self.messages.info(f"Dealt {v.name} for {players} from seed {seed}: {self.steps} plays.")

    @safe
    def _on_load(self, b: Any) -> None:
        self._load(self.record_text.value)
        self.messages.info(f"Replayed the record: {self.steps} plays.")

    @safe
    def _on_deal_choice(self, change: Any) -> None:
        i = self.deal_choice.value
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self._deals):
            raise UserError(f"there is no deal {i!r} in this record.")
        self._select(self._deals[i])

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        follow_variant(self.players_choice, v)

    @safe
    def _on_view(self, change: Any) -> None:
        lang = check_choice(self.lang_choice.value, LANGUAGE_CODES, "language")
        self._sentences = step_sentences(self.full, lang)
        self._draw()
        self._store_frames()
