"""``TableView``: a card table that draws snapshots and sends intents back, and nothing else.

Whatever plays the game (a game at this device, :class:`widgets.controllers.local.LocalGame`; a room's
server, :mod:`rooms`; a lesson), the view is handed a :class:`~widgets.controllers.snapshot.Snapshot`
(:meth:`TableView.show`) and answers each click with an :class:`~widgets.controllers.intents.Intent`
through ``send``: it never sees the game, a deal or a bot (``tests/test_table_view.py`` reads its
imports). The felt is :func:`comet_render.felt.draw_felt` of the snapshot's inputs; the hand, the plays
beside it and the buttons are widgets, drawn with the other of two sets of models for each new
snapshot (:class:`widgets.common.Offers`), so that the second click of a double click, sent before
the new picture arrived, is ignored here as well as by the source (the intent names its picture).
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

from comet_learn.reading_marks import mark_html, moment_html, sections_html
from comet_render.felt import draw_felt
from comet_render.i18n import words
from comet_render.narrate import Sentence
from comet_render.table_style import table_css
from widgets.common import (
    Offers, Shown, TableMessages, UserError, emphasize, offered, replace_classes, safe, twin_buttons,
)
from widgets.controllers.intents import Intent
from widgets.controllers.snapshot import HandCard, Snapshot
from widgets.links import book_address, link_html
from widgets.table_parts import hand_grid, html_panel, log_html, payments_html

Send = Callable[[Intent], None]
PANELS = ("rules", "log", "payments", "scores")


def scores_html(snap: Snapshot) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(s.name)}</th><td>{s.value:+d}</td></tr>' for s in snap.scores)
    over = f"<p><strong>{escape(snap.scores_over)}</strong></p>" if snap.scores_over else ""
    return f'<h3>{escape(snap.scores_title)}</h3><table class="comet-scores">{rows}</table>{over}'


def reading_mark(readings: tuple[str, ...], lang: str) -> str:
    """The "our reading" mark for ``readings`` (AMB ids), linked to the book's page of ambiguities ("": none)."""
    return mark_html(readings, lang, book_address("reference/ambiguities", lang)) if readings else ""


def rules_html(snap: Snapshot) -> str:
    """The rules panel: the rule of the moment on top, then the game's rules in a page or less, each
    sentence followed by its "our reading" mark (:mod:`comet_learn.reading_marks`, as the book draws it)."""
    _ = words(snap.lang)
    where = book_address("reference/ambiguities", snap.lang)
    return (f'<h3>{escape(_("Rules of {game}", game=snap.game))}</h3>'
            + moment_html(snap.moment, snap.moment_readings, snap.lang, where)
            + sections_html(snap.variant, snap.lang, where))


def title_html(snap: Snapshot) -> str:
    teams = f'<span class="comet-teams">{escape(snap.teams)}</span>' if snap.teams else ""
    return (f'<div class="comet-title"><strong>{escape(snap.game)}</strong> <span>{escape(snap.deal)}</span>'
            f"{teams}</div>")


class TableView(W.VBox):
    """The table of a snapshot: the bar (title, link, panels' toggles), the felt, the message line, the
    dock (prompt, hand, actions) and the panels. ``send(intent)`` is called for every click that asks
    the table for something; ``four_colour``: diamonds blue and clubs green on the hand. Its parts carry
    the play pages' classes for scripts (``comet-play-buttons``, ``comet-play-pass``... and
    ``comet-seq-N``, the snapshot's number: ``tests/browser/play_driver.py``)."""

    def __init__(self, send: Send, four_colour: bool = False) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        for c in ("comet-playtable", "comet-once", "comet-mode-table"):
            self.add_class(c)
        self.send = send
        self.four_colour = four_colour
        self.snap: Snapshot | None = None
        self.messages = TableMessages()
        self.messages.widget.add_class("comet-table-message")
        self.offers = Offers()
        self.errors = 0
        self._busy = False
        self._twins = {name: twin_buttons("", "", self._on_button, style=style) for name, style in (
            ("new", ""), ("undo", ""), ("hint", ""), ("pass", "warning"), ("other", "success"), ("confirm", "primary"),
            ("rule", ""))}
        self.css = W.HTML(value=table_css(), layout=W.Layout(display="none"))
        self.title = W.HTML(layout=W.Layout(width="auto", flex="1 1 auto"))
        self.toggles = {k: W.ToggleButton(value=False, layout=W.Layout(width="auto")) for k in PANELS}
        self.link = W.HTML(layout=W.Layout(width="auto"))
        self.link.add_class("comet-play-link")
        self.bar = W.HBox([self.title, self.link, *self.toggles.values()],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.bar.add_class("comet-bar")
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.hand = W.Box(layout=W.Layout(width="100%", display="grid"))
        for c in ("comet-hand-row", "comet-play-hand"):
            self.hand.add_class(c)
        self._slots: tuple[list[tuple[W.Box, W.Button]], list[tuple[W.Box, W.Button]]] = ([], [])
        self._pools: tuple[list[W.Button], list[W.Button]] = ([], [])
        self.play_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center", width="auto"))
        self.other_choice = W.Dropdown(options=[], style={"description_width": "initial"},
                                       layout=W.Layout(width="260px", max_width="100%"))
        self.other_row = W.HBox([self.other_choice, self.other_button], layout=W.Layout(flex_flow="row wrap"))
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.actions.add_class("comet-actions")
        self.dock = W.VBox([self.prompt, self.hand, self.actions])
        self.dock.add_class("comet-dock")
        self.panels = {k: html_panel() for k in PANELS}
        self.panels["rules"].add_class("comet-rules-panel")
        self.spacer = W.HTML(layout=W.Layout(width="auto"))
        self.spacer.add_class("comet-dock-spacer")
        self.skip = W.HTML(layout=W.Layout(width="auto"))
        """A link past the table's bar straight to the hand (``page.js`` moves the focus to its first card)."""
        self.skip.add_class("comet-skip")
        self.lead: tuple[W.Widget, ...] = ()
        """Buttons of the page's own before the table's actions (a lesson's *Continue*)."""
        self.tail: tuple[W.Widget, ...] = ()
        """... and after them (a lesson's *Next lesson*)."""
        self.marks_seq = True
        """The root carries ``comet-seq-N``, the picture's number (False: a page marks its own sequence)."""
        self.children = [self.css, self.skip, self.bar, self.panels["rules"], self.table, self.messages.widget,
                         self.dock, self.panels["log"], self.panels["payments"], self.panels["scores"], self.spacer]
        for toggle in self.toggles.values():
            toggle.add_class("comet-panel-toggle")  # (page.js says whether its panel is open: aria-expanded)
            toggle.observe(self._on_toggle, names="value")
        self.table.add_class("comet-play-table")
        self.play_buttons.add_class("comet-play-buttons")
        self.other_row.add_class("comet-play-other")
        self.messages.widget.add_class("comet-play-message")
        for name, pair in self._twins.items():
            for b in pair:
                b.add_class(f"comet-play-{name}")

    new_button = Shown("new", "*New match* (or *Next deal*) as shown now.")
    undo_button = Shown("undo", "*Undo* as shown now.")
    hint_button = Shown("hint", "*Hint* as shown now.")
    pass_button = Shown("pass", "*Pass* as shown now.")
    other_button = Shown("other", "*Play it*, next to the list of group and comet plays, as shown now.")
    confirm_button = Shown("confirm", "*Show my hand* (pass-and-play) as shown now.")
    rule_button = Shown("rule", "*The rule* (the class table) as shown now.")

    # ------------------------------------------------------------------ for scripts and tests
    def twins(self, name: str) -> tuple[W.Button, W.Button]:
        return self._twins[name]

    @property
    def lang(self) -> str:
        return self.snap.lang if self.snap is not None else "en"

    @property
    def _pool(self) -> list[W.Button]:
        """The buttons of the plays beside the hand drawing the current picture (the other pool drew the one before)."""
        return self._pools[self.offers.side]

    @property
    def hand_buttons(self) -> list[W.Button]:
        """The cards of the hand shown, in hand order (legal or not)."""
        return [b for box in self.hand.children for b in box.children]

    @property
    def shown_plays(self) -> list[str]:
        """The plays offered right now (buttons, list and Pass), in notation."""
        return self.snap.plays if self.snap is not None else []

    def button_for(self, text: str) -> W.Button | None:
        """The visible button that makes the play ``text``."""
        if text == "pass":
            return self.pass_button if self.pass_button.layout.display != "none" else None
        for b in self.hand_buttons + list(self.play_buttons.children):
            value = self.offers.value(b)
            if isinstance(value, Intent) and value.play == text:
                return b
        return None

    # ------------------------------------------------------------------ clicks
    def _ask(self, intent: Intent) -> None:
        self.send(intent)

    @safe
    @offered
    def _on_card(self, b: W.Button) -> None:
        value = self.offers.value(b)
        if isinstance(value, HandCard):  # a card that cannot be played now: say why (or let the source judge it)
            snap = self.snap
            if snap is not None and snap.judged:
                self._ask(Intent("play", value.card, snap.seq))
                return
            raise UserError(value.why, reading_mark(value.readings, self.lang))
        if isinstance(value, Intent):
            self._ask(value)

    @safe
    @offered
    def _on_button(self, b: W.Button) -> None:
        value = self.offers.value(b)
        if value == "other":
            play = self.other_choice.value
            if not isinstance(play, str) or not play:
                raise UserError(words(self.lang)("Choose a play in the list first."))
            value = Intent("play", play, self.snap.seq if self.snap is not None else 0)
        if isinstance(value, Intent):
            self._ask(value)

    def _on_toggle(self, change: object = None) -> None:
        for k, toggle in self.toggles.items():
            if k in self.panels:  # (a page's own panel may be made when first opened)
                self.panels[k].layout.display = "" if toggle.value else "none"
        if self.toggles["rules"].value and self.snap is not None:
            self.panels["rules"].value = rules_html(self.snap)

    # ------------------------------------------------------------------ drawing
    def show(self, snap: Snapshot) -> None:
        """Draw ``snap``: every part of the table, with the other set of buttons; a picture numbered as
        the one drawn (a room's table sent again: someone joined or left) on the same set, so that a click
        on its buttons made meanwhile still counts (the source accepts it: it names the same picture)."""
        if self.snap is None or snap.seq != self.snap.seq:
            self.offers.advance()
        said_before = self.snap is not None and (self.snap.message, self.snap.error) == (snap.message, snap.error)
        self.snap = snap
        _ = words(snap.lang)
        self.messages.lang = snap.lang
        busy = ["comet-busy"] if snap.busy else []
        replace_classes(self, ("comet-mode-", "comet-busy"), f"comet-mode-{snap.mode}", *busy)
        self.layout.max_width = "none" if snap.mode == "class" else "1100px"
        self.table.value = draw_felt(snap.felt)
        self._fill_hand(snap)
        self._fill_choices(snap)
        self._fill_buttons(snap)
        self.prompt.value = f'<div class="comet-prompt">{escape(snap.prompt)}</div>'
        self.title.value = title_html(snap)
        self.panels["log"].value = log_html(_, [Sentence(line.text, line.call) for line in snap.log], snap.lang)
        self.panels["payments"].value = payments_html(_, list(snap.payments), snap.final_payments)
        self.panels["scores"].value = scores_html(snap)
        if self.toggles["rules"].value:
            self.panels["rules"].value = rules_html(snap)
        for key, label, tip in (("rules", _("Rules"), _("The rules of this game, and what you may play now")),
                                ("log", _("Log"), _("Everything said in this deal")),
                                ("payments", _("Payments ({n})", n=len(snap.payments) + len(snap.final_payments)), _("Every payment made in play")),
                                ("scores", _("Scores"), _("The match's running scores"))):
            self.toggles[key].description, self.toggles[key].tooltip = label, tip
        self.link.value = (link_html(snap.link, snap.link_label or _("Copy link to this position"), lang=snap.lang,
                                     tip=snap.link_tip or None) if snap.link else "")
        self.link.layout.display = "" if snap.link else "none"
        self.skip.value = (f'<a class="comet-skip-hand" href="#">{escape(_("Skip to your hand"))}</a>'
                           if snap.hand else "")
        rows = max(1, -(-len(self.hand.children) // 13))
        self.spacer._dom_classes = ("comet-dock-spacer", f"comet-dock-rows-{rows}")
        if not snap.busy or not said_before:  # (while the bots play one after another, the line keeps what
            mark = reading_mark(snap.message_readings, snap.lang)  # was said: the next words come at their end)
            if snap.error:
                self.messages.error(snap.message, mark)
            else:
                self.messages.info(snap.message, mark)
        if self.marks_seq:  # the picture's number last, once every part of it is sent (what a page's
            replace_classes(self, "comet-seq-", f"comet-seq-{snap.seq}")  # reader, such as a browser test, waits for)

    def _fill_hand(self, snap: Snapshot) -> None:
        slots = self._slots[self.offers.side]
        while len(slots) < len(snap.hand):
            b = W.Button(layout=W.Layout(width="auto"))
            b.on_click(self._on_card)
            slots.append((W.Box([b], layout=W.Layout(width="auto", overflow="visible")), b))
        for (box, b), card in zip(slots, snap.hand):
            with b.hold_sync():
                b.description = card.face
                b.tooltip = card.tooltip
            self.offers.offer(b, Intent("play", card.play, snap.seq) if card.play else card)
            box._dom_classes = self._card_classes(card, snap)
        for _box, b in slots[len(snap.hand):]:
            self.offers.withdraw(b)
        self.hand.children = tuple(box for box, _b in slots[:len(snap.hand)])
        self.hand.layout.grid_template_columns = hand_grid(len(snap.hand))

    def _card_classes(self, card: HandCard, snap: Snapshot) -> tuple[str, ...]:
        suit = card.suit if card.suit == "W" else ("X" if self.four_colour and card.suit in "DC" else "") + card.suit
        classes = ["comet-card-slot", f"comet-suit-{suit}"]
        classes += ["comet-play-buttons", "comet-card-legal"] if card.play else ["comet-card-dim"]
        if card.vote:
            classes.append(f"comet-vote-{card.vote}")
        if card.hint:
            classes.append("comet-card-hint")
        return tuple(classes)

    def _fill_choices(self, snap: Snapshot) -> None:
        pool = self._pools[self.offers.side]
        while len(pool) < len(snap.choices):
            b = W.Button(layout=W.Layout(width="auto"))
            b.on_click(self._on_card)
            pool.append(b)
        for i, b in enumerate(pool):
            if i >= len(snap.choices):
                self.offers.withdraw(b)
                continue
            choice = snap.choices[i]
            self.offers.offer(b, Intent("play", choice.play, snap.seq))
            with b.hold_sync():
                b.description = choice.label
                b.tooltip = choice.tooltip
            b._dom_classes = tuple(["comet-play-choice"] + (["comet-card-hint"] if choice.hint else []))
        self.play_buttons.children = tuple(pool[:len(snap.choices)])
        self.play_buttons.layout.display = "" if snap.choices else "none"
        _ = words(snap.lang)
        self.other_choice.description = _("Comet or group play")
        self.other_choice.tooltip = _("Group plays and what the comet stands for")
        self.other_choice.options = [(c.label, c.play) for c in snap.others]
        if snap.others:
            self.other_choice.value = snap.chosen
        self.other_row.layout.display = "" if snap.others else "none"
        self.other_row.children = (self.other_choice, self.other_button)

    def _fill_buttons(self, snap: Snapshot) -> None:
        _ = words(snap.lang)
        for name, pair in self._twins.items():
            for b in pair:
                if name == "other":
                    b.description, b.tooltip = _("Play it"), _("Play the play chosen in the list")
                    continue
                shown = snap.button(name)
                b.description, b.tooltip = shown.label, shown.tooltip
                b.layout.display = "" if shown.shown else "none"
                b.disabled = not shown.enabled
            if name in ("new", "confirm"):
                emphasize(pair[self.offers.side], snap.button(name).main)
            value: object = "other" if name == "other" else Intent("play", "pass", snap.seq) if name == "pass" else \
                Intent(name, "", snap.seq)
            self.offers.offer(pair[self.offers.side], value)
        self.actions.children = (*self.lead, self.confirm_button, self.play_buttons, self.other_row, self.pass_button,
                                 self.undo_button, self.hint_button, self.rule_button, self.new_button, *self.tail)
