"""The play table's words and panels: every label in the reader's language, the log, the
payments, the scores, and the hand's grid. Used by :class:`widgets.play.PlayTable` only."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets as W

import comet
from comet_render.i18n import Words, words
from comet_render.narrate import sentence_html
from comet_render.sources import split_sources
from comet_render.words import Names, game_title, need_text, unit_name
from widgets.common import emphasize
from widgets.controllers.checks import BOT_KINDS, BOT_TITLES, PERSON, chosen, strength_text

if TYPE_CHECKING:
    from widgets.play import PlayTable

CARD_WIDTH = 58
"""A card of the hand, in pixels (the CSS draws it; the grid leaves it whole at the row's end)."""
PER_ROW = 13


def hand_grid(count: int) -> str:
    """The hand's grid columns: cards overlap on a narrow screen, the last of a row shown whole."""
    cols = max(1, min(count, PER_ROW if count <= PER_ROW else -(-count // 2)))
    if cols == 1:
        return f"{CARD_WIDTH}px"
    return f"repeat({cols - 1}, minmax(0, {CARD_WIDTH + 6}px)) {CARD_WIDTH}px"


def relabel(dropdown: W.Dropdown, options: Sequence[tuple[str, Any]]) -> None:
    """New labels for a list's options (the same values), the chosen one kept, its observers not
    called (ipywidgets moves the index when the options change: it is set back by position)."""
    value = dropdown.value
    handlers = dropdown._trait_notifiers.get("value", {}).get("change", [])[:]
    dropdown.unobserve_all("value")
    try:
        dropdown.options = options
        values = [v for _l, v in options]
        if value in values:
            dropdown.index = values.index(value)
    finally:
        for handler in handlers:
            dropdown.observe(handler, names="value")


def html_panel() -> W.HTML:
    panel = W.HTML(layout=W.Layout(width="auto", display="none"))
    panel.add_class("comet-panel")
    return panel


def log_html(_: Words, lines: list[str], lang: str) -> str:
    """Every sentence of the deal, newest first, in a scrolling panel."""
    items = "".join(_log_item(_, line, lang) for line in reversed(lines))
    title = _.ngettext("The deal so far ({n} sentence, newest first)", "The deal so far ({n} sentences, newest first)",
                       len(lines))
    return (f'<h3>{escape(title)}</h3><div class="comet-log" role="log" tabindex="0" '
            f'aria-label="{escape(_("The deal so far"))}"><ol reversed>{items}</ol></div>')


def _log_item(_: Words, line: str, lang: str) -> str:
    """One sentence of the log, the sources it cites in its tooltip rather than in its text."""
    plain, found = split_sources(line)
    tip = f' title="{escape(_("Sources: {sources}.", sources=_("; ").join(found)), quote=True)}"' if found else ""
    return f"<li{tip}>{sentence_html(plain, lang)}</li>"


def payments_html(_: Words, lines: list[str], final: Sequence[str] = ()) -> str:
    """The payments made in play, then (the deal over) those of the settlement."""
    if not lines and not final:
        return f'<h3>{escape(_("Payments in play"))}</h3><p>{escape(_("No payment yet."))}</p>'
    parts = []
    for title, items in ((_("Payments in play"), lines), (_("Payments at the end"), final)):
        if items:
            parts.append(f'<h3>{escape(title)}</h3><div class="comet-paylist" tabindex="0" aria-label="{escape(title)}">'
                         f'<ol>{"".join(_log_item(_, line, "en") for line in items)}</ol></div>')
    return "".join(parts)


def rules_html(rnd: "comet.Round", lang: str, yours: bool) -> str:
    """The rules panel: the rule of the moment on top, then the game's rules in a page or less."""
    from comet_learn.reading_marks import panel_html
    from widgets.links import book_address

    _ = words(lang)
    return (f'<h3>{escape(_("Rules of {game}", game=_(rnd.variant.name)))}</h3>'
            + panel_html(rnd, lang, yours, book_address("reference/ambiguities")))


def scores_html(_: Words, match: "comet.Match", names: Names) -> str:
    standings = match.standings()
    unit = unit_name(_, match.variant.rules.unit)
    if match.deals is not None:
        length = _("deal {n} of {total}", n=match.deal_number, total=match.deals)
    else:
        length = _("deal {n}, first to {target}", n=match.deal_number, target=match.target)
    cells = "".join(f'<tr><th scope="row">{escape(names(s))}</th><td>{v:+d}</td></tr>' for s, v in enumerate(standings))
    over = ""
    if match.is_over:
        best = max(standings)
        leaders = [names(s) for s, v in enumerate(standings) if v == best]
        over = f'<p><strong>{escape(_("Match over: {names} ahead.", names=", ".join(leaders)))}</strong></p>'
    return (f'<h3>{escape(_("Running scores ({length}, in {unit})", length=length, unit=unit))}</h3>'
            f'<table class="comet-scores">{cells}</table>{over}')


class Labels:
    """Every label, tooltip and option text of a table, in its language (set again when it changes)."""

    def __init__(self, table: "PlayTable") -> None:
        self.t = table

    def apply(self) -> None:
        t = self.t
        _ = words(t.lang)
        for w, label, tip in ((t.variant_choice, _("Game"), _("Which game of the family to play")),
                              (t.players_choice, _("Players"), _("Number of players")),
                              (t.bot_choice, _("Bots"), _("How the other seats play")),
                              (t.seed_choice, _("Seed"), _("The same seed deals the same cards")),
                              (t.lang_choice, _("Language"), _("The language of the table")),
                              (t.other_choice, _("Comet or group play"), _("Group plays and what the comet stands for"))):
            w.description, w.tooltip = label, tip
        t.four_colour_box.description = _("Four-colour suits")
        t.reveal_box.description = _("Show every hand")
        t.auto_pass_box.description = _("Pass for me when I cannot play")
        t.auto_pass_box.tooltip = _("When a pass is your only legal play, the table makes it and says why")
        kinds = [(_("Person"), PERSON)] + [(_(BOT_TITLES[k]), k) for k in BOT_KINDS]
        for s, (kind, name) in enumerate(zip(t.seat_kinds, t.seat_names)):
            relabel(kind, kinds)
            kind.description = _("Seat {n}", n=s + 1)
            name.placeholder = _("Name")
            name.tooltip = _("A name for this seat")
        relabel(t.bot_choice, [(_(label), k) for k, (label, _l) in BOT_KINDS.items()])
        self.seats()
        relabel(t.variant_choice, [(game_title(comet.VARIANTS[vid], t.lang), vid) for _l, vid in self._variant_labels()])
        for key, label, tip in (("rules", _("Rules"), _("The rules of this game, and what you may play now")),
                                ("log", _("Log"), _("Everything said in this deal")),
                                ("payments", _("Payments"), _("Every payment made in play")),
                                ("scores", _("Scores"), _("The match's running scores")),
                                ("settings", _("Settings"), _("Game, players, bots, seed, language"))):
            t.toggles[key].description, t.toggles[key].tooltip = label, tip
        for name, label, tip in (("undo", _("Undo"), _("Take back your last decision (and the bots' replies)")),
                                 ("hint", _("Hint"), _("Ask the search bot for the best plays")),
                                 ("pass", _("Pass"), _("Pass: say 'without' the next card")),
                                 ("other", _("Play it"), _("Play the play chosen in the list")),
                                 ("rule", _("The rule"), _("Show the rule of the moment"))):
            for b in t.twins(name):
                b.description, b.tooltip = label, tip
        t.seats_title.value = f"<strong>{escape(_('Who sits at the table'))}</strong>"

    def seats(self) -> None:
        """Each seat's tooltip says what plays it (a bot's kind, what it does, its measured strength);
        the bots' list says what its bots do, or that the seats' bots differ."""
        t = self.t
        _ = words(t.lang)
        for kind in t.seat_kinds:
            value = chosen(kind.value, BOT_KINDS, None)  # (a forged value may be anything)
            kind.tooltip = (" ".join(x for x in (_(BOT_KINDS[value][1]), strength_text(value, t.lang)) if x)
                            if value is not None else _("A person at this device"))
        bot = chosen(t.bot_choice.value, BOT_KINDS, None)
        t.bot_choice.tooltip = (_(BOT_KINDS[bot][1]) if bot is not None else
                                _("The seats' bots are of different kinds: see each seat below."))

    def _variant_labels(self) -> list[tuple[str, str]]:
        import comet

        allowed = {vid for _l, vid in self.t.variant_choice.options}
        return [(v.name, vid) for vid, v in comet.VARIANTS.items() if vid in allowed]

    def dynamic(self, waiting: bool) -> None:
        """The labels that change with the state: *Next deal* / *New match*, *Show my hand*."""
        t = self.t
        _ = words(t.lang)
        match = t.match
        if match.round.is_over and not match.is_over:
            label, tip, main = _("Next deal"), _("Score this deal and deal the next one of the match"), True
        else:
            label, tip, main = _("New match"), _("Start a new match with the chosen settings"), match.is_over
        for b in t.twins("new"):
            b.description, b.tooltip = label, tip
        emphasize(t.new_deal_button, main)
        if waiting and t.flow.waiting is not None:
            name = t.flow.names()(t.flow.waiting)
            for b in t.twins("confirm"):
                b.description = _("I am {name}: show my hand", name=name)
                b.tooltip = _("Only {name} should see the screen now", name=name)

    def title(self) -> str:
        t = self.t
        _ = words(t.lang)
        match = t.match
        v = match.variant
        deal = (_("deal {n} of {total}", n=match.deal_number, total=match.deals) if match.deals is not None
                else _("deal {n}, first to {target}", n=match.deal_number, target=match.target))
        teams = t.flow.team_line()
        return (f'<div class="comet-title"><strong>{escape(_(v.name))}</strong> '
                f'<span>{escape(deal)}</span>'
                + (f'<span class="comet-teams">{escape(teams)}</span>' if teams else "") + "</div>")

    def prompt(self) -> str:
        t = self.t
        flow = t.flow
        rnd = t.round
        _ = words(t.lang)
        names = flow.names()
        if flow.waiting is not None:
            head = _("Pass the device to {name}.", name=names(flow.waiting))
        elif rnd.is_over:
            head = _("The deal is over: the settlement is on the table.")
        elif flow.viewer is None:
            head = _("{name} is playing…", name=names(rnd.to_play or 0))
        else:
            count = _.ngettext("{n} card", "{n} cards", len(rnd.hands[flow.viewer]))
            whose = _("Your hand ({count})", count=count) if names.is_you(flow.viewer) else \
                _("{name}'s hand ({count})", name=names(flow.viewer), count=count)
            head = _("{hand}: your turn, {need}", hand=whose, need=need_text(_, rnd)) if flow.my_turn else whose
        return f'<div class="comet-prompt">{escape(head)}</div>'
