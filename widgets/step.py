"""``StepThrough``: replay a recorded or seeded deal move by move, each step explained. A thin
view of :class:`widgets.controllers.step.StepController`."""

from __future__ import annotations

import base64
import gzip
import html
import json
from typing import Any

import ipywidgets as W

import comet
from comet_render.i18n import words
from comet_render.narrate import sentence_html
from comet_render.svg_table import round_html
from comet_render.words import game_title
from widgets.browser import in_browser
from widgets.common import (
    BOT_NAMES, BOTS, DEFAULT_VARIANT, FONT, LANGUAGE_CODES, LANGUAGES, MAX_SEED, Messages, Offers, Shown, UserError,
    button, check_choice, check_players, check_seed, check_variant, chosen, follow_variant, offered,
    players_or_default, relabel, safe, twin_buttons, variant_or_default,
)
from widgets.controllers.step import StepController, fresh, play_out
from widgets.links import link_html, page_address, record_query

BOOK_PLAY = "../../play/"
"""The play pages from a chapter of the book (``book/<part>/<chapter>.html``); one folder higher from
a chapter of a translated edition (``fr/book/<part>/<chapter>.html``: :func:`book_play`)."""


def book_play(lang: str) -> str:
    """The play pages from a chapter of the book's edition in ``lang``."""
    from widgets.languages import edition_prefix

    return ("../" if edition_prefix(lang) else "") + BOOK_PLAY


class StepThrough(W.VBox):
    """Replays one deal: first / back / next / last buttons, a slider over the steps, the
    table at each step and, for each step, what happened and which rule (with its source)
    applied, in the chosen language.

    Parameters (all optional): ``variant``, ``players``, ``seed`` and ``bot`` (the deal is
    dealt from the seed and played out by bots), or ``record``: a deal (or a match) in the
    notation of :func:`comet.replay`, which then takes precedence; ``lang`` (``en``/``fr``/
    ``ru``/``es``) and ``step`` (where to start; default 0, the deal). ``link_base``: where the play
    pages are from the page showing it (a chapter of the book's edition in ``lang`` by default).

    ``frames=True`` saves every step's picture in the widget (``.comet-step-frames``), so that a
    static page can step through the deal from its snapshot before Python has loaded.
    """

    first_button = Shown("first", "*First* as shown now.")
    back_button = Shown("back", "*Back* as shown now.")
    next_button = Shown("next", "*Next* as shown now.")
    last_button = Shown("last", "*Last* as shown now.")

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, seed: int = 1, *, record: str | None = None,
                 bot: str = "greedy", lang: str = "en", step: int = 0, frames: bool = False,
                 link_base: str | None = None) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.add_class("comet-step")
        lang = chosen(lang, LANGUAGE_CODES, "en")
        self.flow = StepController(lang)
        self.link_base = book_play(lang) if link_base is None else link_base
        self._quoted_record = ""
        self._save_frames = frames and not in_browser()
        self.frames = W.HTML(layout=W.Layout(display="none"))
        self.frames.add_class("comet-step-frames")
        self.messages = Messages(lang)
        self.offers = Offers()
        self.errors = 0
        self._busy = False
        problems: list[str] = []
        v = variant_or_default(variant, problems)
        players = players_or_default(v, players, problems)
        try:
            seed = check_seed(seed, lang)
        except UserError as e:
            problems.append(str(e))
            seed = 1
        bot = bot if bot in BOT_NAMES else "greedy"
        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=[(x.name, vid) for vid, x in comet.VARIANTS.items()], value=v.id,
                                         style=short, layout=W.Layout(width="330px"))
        self.players_choice = W.Dropdown(options=[(str(n), n) for n in v.players], value=players, style=short,
                                         layout=W.Layout(width="150px"))
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, style=short, layout=W.Layout(width="170px"))
        self.bot_choice = W.Dropdown(options=BOTS, value=bot, style=short, layout=W.Layout(width="300px"))
        self.deal_button = button("", "", self._on_deal, style="primary", icon="play")
        self.record_text = W.Textarea(value="", placeholder='[Variant "modern-comet-1991"]\n[Players "2"]\n'
                                      '[Seed "1"]\n\n1: 7H\n...', style=short,
                                      layout=W.Layout(width="100%", height="90px"))
        self.load_button = button("", "", self._on_load, icon="upload")
        self.deal_choice = W.Dropdown(options=[("1", 0)], value=0, style=short,
                                      layout=W.Layout(width="260px", display="none"))
        self._twins = {
            "first": twin_buttons("", "", self._on_first, icon="fast-backward"),
            "back": twin_buttons("", "", self._on_back, icon="step-backward"),
            "next": twin_buttons("", "", self._on_next, icon="step-forward"),
            "last": twin_buttons("", "", self._on_last, icon="fast-forward"),
        }
        self.slider = W.IntSlider(value=0, min=0, max=0, style=short, continuous_update=False,
                                  layout=W.Layout(width="100%"))
        self.lang_choice = W.Dropdown(options=LANGUAGES, value=lang, style=short, layout=W.Layout(width="190px"))
        self.reveal_box = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto"))
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
        self.record_panel = W.Accordion([record_box], titles=("",), selected_index=None)
        self.children = [source, self.record_panel,
                         self.messages.widget, steps, self.slider, self.sentence, self.table, self.frames]
        self._label()

        self.variant_choice.observe(self._on_variant, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.deal_choice.observe(self._on_deal_choice, names="value")
        self.lang_choice.observe(self._on_view, names="value")
        self.reveal_box.observe(self._on_view, names="value")

        loaded = False
        if record:
            try:
                self._load(record)
                loaded = True
            except UserError as e:
                problems.append(str(e))
        if not loaded:
            self._show_deals([play_out(v, players, seed, bot)])
        if isinstance(step, int) and not isinstance(step, bool):
            self._go(max(0, min(step, self.steps)))
        if problems:
            self.messages.error(" ".join(problems))

    # ------------------------------------------------------------------ public, read-only
    @property
    def lang(self) -> str:
        return self.flow.lang

    @property
    def full(self) -> comet.Round:
        return self.flow.full

    @property
    def cursor(self) -> comet.Round:
        return self.flow.cursor

    @property
    def step(self) -> int:
        """The step shown: 0 is the deal, ``i`` the position after the i-th play."""
        return self.flow.step

    @property
    def steps(self) -> int:
        """The number of plays in the deal (the last step)."""
        return self.flow.steps

    def step_query(self, step: int | None = None) -> str:
        """``record=...&move=N``: the deal shown and a step of it (the one shown by default), for a link."""
        return f"{self._quoted_record}&move={self.step if step is None else step}"

    @property
    def sentences(self) -> list[str]:
        """What the step shown says happened."""
        return list(self.flow.sentences[self.step])

    # ------------------------------------------------------------------ internals
    def _label(self) -> None:
        _ = words(self.lang)
        for w, label, tip in ((self.variant_choice, _("Game"), _("Which game to deal")),
                              (self.players_choice, _("Players"), _("Number of players")),
                              (self.seed_choice, _("Seed"), _("The same seed deals the same cards")),
                              (self.bot_choice, _("Played by"), _("The bots that play the deal")),
                              (self.slider, _("Step"), _("Step through the deal (0 = the deal)")),
                              (self.lang_choice, _("Language"), _("The language of the page")),
                              (self.record_text, _("Record"), _("Paste a deal in the notation (from round.record())")),
                              (self.deal_choice, _("Deal of the match"), "")):
            w.description, w.tooltip = label, tip
        self.deal_button.description = _("Deal and play")
        self.deal_button.tooltip = _("Deal from the seed and let the bots play the deal")
        self.load_button.description = _("Load record")
        self.load_button.tooltip = _("Replay the record pasted above")
        self.reveal_box.description = _("Show every hand")
        self.record_panel.titles = (_("Replay a record"),)
        for key, label, tip in (("first", _("First"), _("Back to the deal (step 0)")),
                                ("back", _("Back"), _("One step back")), ("next", _("Next"), _("One step forward")),
                                ("last", _("Last"), _("To the end of the deal"))):
            for b in self._twins[key]:
                b.description, b.tooltip = label, tip
        relabel(self.bot_choice, [(_(label), name) for label, name in BOTS])
        relabel(self.variant_choice, [(game_title(x, self.lang), vid) for vid, x in comet.VARIANTS.items()])

    def _load(self, text: Any) -> None:
        result = self.flow.load(text)
        self._shown()
        self._show_source(result.variant, result.players, result.seed)

    def _show_source(self, variant: comet.Variant, players: int, seed: Any) -> None:
        if variant.id in {vid for _l, vid in self.variant_choice.options}:
            self.variant_choice.value = variant.id
        if players in {n for _l, n in self.players_choice.options}:
            self.players_choice.value = players
        if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
            self.seed_choice.value = seed

    def _show_deals(self, deals: list[comet.Round]) -> None:
        self.flow.show(deals)
        self._shown()

    def _shown(self) -> None:
        flow = self.flow
        _ = words(self.lang)
        self.deal_choice.unobserve_all("value")
        self.deal_choice.options = [(_("Deal {n}", n=i + 1), i) for i in range(len(flow.deals))]
        self.deal_choice.value = flow.deals.index(flow.full)
        self.deal_choice.layout.display = "" if len(flow.deals) > 1 else "none"
        self.deal_choice.observe(self._on_deal_choice, names="value")
        self._selected()

    def _selected(self) -> None:
        self._quoted_record = record_query(self.full.record(comments=False))
        self.slider.max = self.steps
        self._go(self.steps, force=True)
        self._go(0)
        self._store_frames()

    def _store_frames(self) -> None:
        """Every step's (caption, table) as gzip + base64 JSON, when ``frames=True``."""
        if not self._save_frames:
            return
        cursor = fresh(self.full)
        frames = [self._frame(cursor)]
        for _s, play in self.full.history:
            cursor.play(play)
            frames.append(self._frame(cursor))
        packed = base64.b64encode(gzip.compress(json.dumps(frames).encode(), mtime=0)).decode()
        self.frames.value = f'<script type="application/json">{packed}</script>'

    def _go(self, step: int, force: bool = False) -> None:
        self.flow.go(step)
        if self.slider.max != self.steps or self.slider.min != 0:  # (a forged message may have moved them)
            self.slider.min, self.slider.max = 0, self.steps
        if self.slider.value != step:
            self.slider.value = step
        self.offers.advance()  # a new step: clicks on the previous one's buttons are stale
        self._draw()

    def _draw(self) -> None:
        step = self.step
        self.sentence.value, self.table.value = self._frame(self.cursor)
        for pair in self._twins.values():
            self.offers.offer(pair[self.offers.side])
        self.steps_row.children = (self.first_button, self.back_button, self.next_button, self.last_button,
                                   self.lang_choice, self.reveal_box)
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == self.steps

    def _frame(self, cursor: comet.Round) -> tuple[str, str]:
        """The caption and the table at ``cursor`` (a position of the deal shown)."""
        step = len(cursor.history)
        lang = self.lang
        _ = words(lang)
        said = self.flow.sentences[step] if step < len(self.flow.sentences) else []
        items = "".join(f"<li>{sentence_html(s, lang)}</li>" for s in said) or f"<li>({html.escape(_('nothing to say'))})</li>"
        if step < len(self.flow.rules):
            items += (f'<li style="list-style:none;color:#333;font-style:italic">'
                      f"{html.escape(self.flow.rules[step])}</li>")
        caption = (f'<div role="status" aria-live="polite" style="{FONT}background:#fffdf7;border:1px solid '
                   f'#ddd5bd;border-left:4px solid #1f3f73;border-radius:6px;padding:6px 10px;'
                   f'margin:4px 0"><div style="font-weight:700">{html.escape(self.flow.title(step))}</div>'
                   f'<ul style="margin:2px 0 0 18px;padding:0">{items}</ul>'
                   + link_html(f"{self.link_base}{page_address('replay')}?{self.step_query(step)}"
                               + ("" if lang == "en" else f"&lang={lang}"), _("Copy link to this step"), lang=lang)
                   + "</div>")
        seat_view = None if self.reveal_box.value else 0
        return caption, round_html(cursor, seat=seat_view, lang=lang, names=self.flow.names())

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
            raise UserError(words(self.lang)("This is already the deal (step 0)."))
        self._go(self.step - 1)
        self.messages.clear()

    @safe
    @offered
    def _on_next(self, b: Any) -> None:
        if self.step >= self.steps:
            raise UserError(words(self.lang)("This is already the last step."))
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
            raise UserError(words(self.lang)("The step must be 0 to {n}, not {value}.", n=self.steps,
                                             value=repr(bad)[:20]))
        self._go(value)

    @safe
    def _on_deal(self, b: Any) -> None:
        lang = self.lang
        v = check_variant(self.variant_choice.value, lang)
        players = check_players(v, self.players_choice.value, lang)
        seed = check_seed(self.seed_choice.value, lang)
        bot = check_choice(self.bot_choice.value, BOT_NAMES, words(lang)("a bot"), lang)
        self._show_deals([play_out(v, players, seed, bot)])
        _ = words(lang)
        self.messages.info(_("Dealt {game} for {players} from seed {seed}: {n} plays.", game=_(v.name),
                             players=players, seed=seed, n=self.steps))

    @safe
    def _on_load(self, b: Any) -> None:
        self._load(self.record_text.value)
        self.messages.info(words(self.lang)("Replayed the record: {n} plays.", n=self.steps))

    @safe
    def _on_deal_choice(self, change: Any) -> None:
        self.flow.select(self.deal_choice.value)
        self._selected()

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value, self.lang)
        follow_variant(self.players_choice, v)

    @safe
    def _on_view(self, change: Any) -> None:
        lang = check_choice(self.lang_choice.value, LANGUAGE_CODES, "language")
        self.flow.lang = self.messages.lang = lang
        self.flow.retell()
        self._label()
        self._draw()
        self._store_frames()
