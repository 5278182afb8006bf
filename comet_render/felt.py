"""The card table as players know it from card sites: a felt, the players around it, the tail.

``draw_felt(inputs)`` draws one state of a deal as HTML with inline SVG (no external asset, no
script) from the felt's inputs (:mod:`comet_render.felt_data`: what one seat may see, as data):
the other players around the table (name, a fan of card backs with their count, the dealer's
button, whose turn it is, their in-play chips), the comet's tail in the middle with the run in
progress, the newest plays flying from their player to the tail and the newest payments as chips
passing between players (CSS animations of :mod:`comet_render.table_style`, none when the reader
prefers reduced motion), and at the end the settlement as an overlay. ``felt_html(rnd, view)``
draws a deal directly (its inputs, then the drawing).

The seat at the bottom (``anchor``) is the one whose hand the page shows below the table.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from comet.cards import Card
from comet.ledger import POOL
from comet_render import svg
from comet_render.felt_data import FeltInputs, PaymentLine, SeatInputs, felt_inputs
from comet_render.felt_data import FeltView as FeltView  # (where the pages find it)
from comet_render.i18n import number, words
from comet_render.sources import split_sources, without_sources
from comet_render.words import amount, unit_name

if TYPE_CHECKING:
    from comet.round import Round
    from comet_render.i18n import Words

BACK = "#1f3f73"
OPEN_LINES = 6
"""The settlement's payments are listed open when there are at most this many (else one tap away)."""


def signed(value: int, lang: str = "en") -> str:
    """``+12``, ``\u221212``, ``0``: a net as the table writes it."""
    return number(value, lang, signed=value != 0)


def seat_positions(players: int, anchor: int) -> dict[int, tuple[float, float]]:
    """Each seat's place on the felt in percent (left, top): ``anchor`` at the bottom, the others
    on the upper arc in playing order from the left."""
    out = {anchor: (50.0, 88.0)}
    others = players - 1
    spread = 0.15 * math.pi if others >= 5 else 0.0  # many players: down the sides too
    for k in range(1, players):
        angle = math.pi - spread + k * (math.pi + 2 * spread) / (others + 1)
        out[(anchor + k) % players] = (50 + 42 * math.cos(angle), 50 + 38 * math.sin(angle))
    return out


def _fan(count: int, label: str) -> str:
    """A small fan of card backs with the count on it."""
    shown = min(count, 7)
    cards = []
    for i in range(shown):
        turn = (i - (shown - 1) / 2) * 9
        cards.append(f'<rect x="21" y="6" width="18" height="26" rx="3" fill="{BACK}" stroke="#f1e7c8" '
                     f'stroke-width="1.2" transform="rotate({turn:.1f} 30 40)"/>')
    return (f'<span class="comet-fan" role="img" aria-label="{escape(label)}">'
            f'<svg viewBox="0 0 60 42" width="54" height="38" aria-hidden="true">{"".join(cards)}</svg>'
            f'<span class="comet-fan-count" aria-hidden="true">{count}</span></span>')


TEAM_LETTERS = ("A", "B")
"""The teams' classes (``comet-team-a``); their letters as the page's language writes them: :func:`team_letter`."""


def team_letter(_: "Words", side: int) -> str:
    """The first team's letter, or the second's, in ``_``'s alphabet (Russian: А, Б)."""
    return _.pgettext("the first team", "A") if side == 0 else _.pgettext("the second team", "B")


def _seat_html(f: FeltInputs, seat: SeatInputs, where: tuple[float, float]) -> str:
    _ = words(f.lang)
    names = f.names_of()
    n = seat.seat
    classes = ["comet-seat"]
    if seat.turn:
        classes.append("comet-seat-turn")
    if n == f.anchor:
        classes.append("comet-seat-anchor")
    side = f.side(n)
    name = names(n)
    count = _.ngettext("{n} card", "{n} cards", seat.count)
    tags = []
    if side is not None:
        classes.append(f"comet-team-{TEAM_LETTERS[side].lower()}")
        you = names.you
        mate = you is not None and you != n and f.side(you) == side
        team = _("Team {letter}", letter=team_letter(_, side))
        word = (f'<span class="comet-team-word">{escape(_("partner"))}</span>'
                f'<span class="comet-team-letter" aria-hidden="true">{escape(team_letter(_, side))}</span>' if mate
                else escape(team_letter(_, side)))
        tags.append(f'<span class="comet-team-tag" title="{escape(team)}">{word}'
                    f'<span class="comet-sr"> ({escape(team)})</span></span>')
    if seat.dealer:
        tags.append(f'<span class="comet-dealer" title="{escape(_("Dealer"))}" role="img" '
                    f'aria-label="{escape(_("Dealer"))}">{escape(_.pgettext("dealer button", "D"))}</span>')
    if seat.turn:
        tags.append(f'<span class="comet-turn-tag">{escape(_("your turn") if names.is_you(n) else _("to play"))}'
                    "</span>")
    if n == f.anchor and seat.cards is None or not seat.count:
        cards = f'<span class="comet-seat-count">{escape(count)}</span>'
    elif seat.cards is not None:
        cards = ('<span class="comet-seat-cards">' + "".join(
            str(svg.card(Card.parse(c.card), size=22, wild=c.wild, four_colour=f.four_colour, lang=f.lang))
            for c in seat.cards) + "</span>")
    else:
        cards = _fan(seat.count, _("{name}: {count}", name=name, count=count))
    chips = ""
    if seat.net is not None:
        net = seat.net
        sign = "+" if net > 0 else "\u2212" if net < 0 else "\u00b1"
        chips = (f'<span class="comet-chips{" comet-chips-up" if net > 0 else " comet-chips-down" if net < 0 else ""}" '
                 f'title="{escape(_("In play: {amount}", amount=amount(_, abs(net), f.unit)))}">'
                 f'<span class="comet-chip-dot" aria-hidden="true"></span>{sign}{abs(net)}</span>')
    info = ""
    if seat.bot and seat.about:
        info = (f'<details class="comet-bot-info"><summary title="{escape(_("What plays this seat"))}">'
                f'{escape(seat.kind or _("bot"))}</summary><span class="comet-bot-about">{escape(seat.about)}</span>'
                "</details>")
    elif seat.bot:
        info = f'<span class="comet-bot-mark">{escape(seat.kind or _("bot"))}</span>'
    left, top = where
    if top > 55:
        classes.append("comet-seat-low")
    return (f'<div class="{" ".join(classes)}" data-seat="{n}" style="left:{left:.1f}%;top:{top:.1f}%">'
            f'{cards}<span class="comet-seat-name"><span class="comet-seat-who">{escape(name)}</span>{"".join(tags)}'
            f"</span>{info}{chips}</div>")


def _tail_html(f: FeltInputs, places: dict[int, tuple[float, float]]) -> str:
    _ = words(f.lang)
    if f.tail is None:
        return f'<div class="comet-tail comet-tail-empty">{escape(_("No card has been played yet."))}</div>'
    cards = []
    olds = [c for c in f.tail if c.old]
    for c in olds:
        cards.append(f'<span class="comet-tail-card comet-tail-old">{svg.card(Card.parse(c.card), size=30, lang=f.lang)}'
                     "</span>")
    if olds:
        cards.append('<span class="comet-tail-gap" aria-hidden="true"></span>')
    for c in f.tail:
        if c.old:
            continue
        x, y = places.get(c.seat, (50.0, 50.0))
        cls = "comet-tail-card comet-fly" if c.fresh else "comet-tail-card"
        drawn = svg.card(Card.parse(c.card), size=44, wild=c.wild, wild_as=c.wild_as, four_colour=f.four_colour,
                         lang=f.lang)
        cards.append(f'<span class="{cls}" style="--x:{x:.0f};--y:{y:.0f}">{drawn}</span>')
    stop = ""
    if f.stop:
        stop = f'<span class="comet-stop">{escape(_("STOP"))}<small>{escape(f.stop)}</small></span>'
    return f'<div class="comet-tail" role="img" aria-label="{escape(f.tail_label)}">{"".join(cards)}{stop}</div>'


def _status_html(f: FeltInputs) -> str:
    if not f.status:
        return ""
    return f'<div class="comet-status" role="status">\u25b6 {escape(f.status)}</div>'


def _flying_chips(f: FeltInputs, places: dict[int, tuple[float, float]]) -> str:
    out = []
    for i, (payer, payee) in enumerate(f.chips):
        x0, y0 = places.get(payer, (50.0, 50.0)) if payer != POOL else (50.0, 50.0)
        x1, y1 = places.get(payee, (50.0, 50.0)) if payee != POOL else (50.0, 50.0)
        out.append(f'<span class="comet-chip-fly" aria-hidden="true" style="--x0:{x0:.0f}%;--y0:{y0:.0f}%;'
                   f'--x1:{x1:.0f}%;--y1:{y1:.0f}%;animation-delay:{i * 0.08:.2f}s"></span>')
    return "".join(out)


def _why(_: "Words", text: str) -> str:
    """A ``title`` attribute with the sources ``text`` cites ("" if none): its "why", out of the text."""
    found = split_sources(text)[1]
    return f' title="{escape(_("Sources: {sources}.", sources=_("; ").join(found)))}"' if found else ""


def _net_rows(f: FeltInputs, _: "Words") -> str:
    """The net table's rows: each player, the cards left, the net; grouped by team where there are teams."""
    names = f.names_of()
    assert f.settlement is not None
    net, left, said = f.settlement.net, f.settlement.left, f.settlement.left_names

    def row(seat: int) -> str:
        v = net[seat]
        shown = (f'<span aria-hidden="true">{escape(left[seat])}</span><span class="comet-sr">{escape(said[seat])}</span>'
                 if left[seat] else "")
        return (f'<tr><th scope="row">{escape(names(seat))}</th><td class="comet-net-left">{shown}</td>'
                f'<td class="comet-net-value {"comet-up" if v > 0 else "comet-down" if v < 0 else ""}">'
                f"{escape(signed(v, f.lang))}</td></tr>")

    if not f.sides:
        return "<tbody>" + "".join(row(seat) for seat in range(len(net))) + "</tbody>"
    out = []
    for i, side in enumerate(f.sides):
        total = sum(net[s] for s in side)
        if names.you in side:
            who = _("Team {letter}: you and {partner}", letter=team_letter(_, i),
                    partner=names(side[1] if side[0] == names.you else side[0]))
        else:
            who = _("Team {letter}: {a} and {b}", letter=team_letter(_, i), a=names(side[0]), b=names(side[1]))
        out.append(f'<tbody class="comet-net-team comet-team-{TEAM_LETTERS[i].lower()}"><tr class="comet-net-side">'
                   f'<th scope="rowgroup" colspan="2">{escape(who)}</th>'
                   f'<td class="comet-net-value {"comet-up" if total > 0 else "comet-down" if total < 0 else ""}">'
                   f'{escape(signed(total, f.lang))}</td></tr>{"".join(row(s) for s in side)}</tbody>')
    return "".join(out)


def settlement_html(f: FeltInputs) -> str:
    """The settlement as an overlay on the felt: who won, why a partner pays nothing, each player's
    cards left and net (by team where there are teams), then every payment on demand. Rows carry
    ``data-payer``, ``data-payee``, ``data-amount``; the net table ``data-net``."""
    s = f.settlement
    if s is None:
        return ""
    _ = words(f.lang)

    def rows(items: tuple[PaymentLine, ...]) -> str:
        return "".join(f'<li data-payer="{p.payer}" data-payee="{p.payee}" data-amount="{p.amount}"'
                       f'{_why(_, p.text)}>{escape(without_sources(p.text))}</li>' for p in items)

    parts = [f"<p{_why(_, line)}>{escape(without_sources(line))}</p>" for line in s.notes]
    net = ",".join(str(v) for v in s.net)
    parts.append(f'<table class="comet-net" data-net="{net}"><caption>'
                 f'{escape(_("Net for the deal ({unit})", unit=unit_name(_, s.unit)))}</caption>'
                 f'<thead><tr><th scope="col">{escape(_("Player"))}</th><th scope="col">{escape(_("Cards left"))}</th>'
                 f'<th scope="col">{escape(_("Net"))}</th></tr></thead>{_net_rows(f, _)}</table>')
    if s.final:  # (line by line, the multipliers written out: open while they fit)
        parts.append(f'<details class="comet-settle-more"{" open" if len(s.final) <= OPEN_LINES else ""}><summary>'
                     f'{escape(_.ngettext("{n} payment at the end", "{n} payments at the end", len(s.final)))}'
                     f'</summary><ul class="comet-settle-final">{rows(s.final)}</ul></details>')
    if s.in_play:
        parts.append(f'<details class="comet-settle-inplay comet-settle-more"{" open" if len(s.in_play) <= OPEN_LINES else ""}>'
                     f'<summary>{escape(_.ngettext("{n} payment in play", "{n} payments in play", len(s.in_play)))}'
                     f'</summary><ul>{rows(s.in_play)}</ul></details>')
    return (f'<details class="comet-settle" open><summary>{escape(_("Settlement: {headline}", headline=s.headline))}'
            f'</summary><div class="comet-settle-body" tabindex="0" role="region" '
            f'aria-label="{escape(_("Settlement"))}">{"".join(parts)}</div></details>')


def draw_felt(f: FeltInputs) -> str:
    """The felt of one seat's picture (see the module's docstring)."""
    _ = words(f.lang)
    places = seat_positions(f.players, f.anchor)
    seats = "".join(_seat_html(f, seat, places[seat.seat]) for seat in f.seats)
    pile = ""
    if f.unseen:
        what = (_.ngettext("talon: {n} card", "talon: {n} cards", f.unseen) if f.talon
                else _.ngettext("dead hand: {n} card", "dead hand: {n} cards", f.unseen))
        pile = (f'<div class="comet-pile" title="{escape(_.ngettext("{n} card unseen", "{n} cards unseen", f.unseen))}">'
                f'{escape(what)}</div>')
    caption = (f'<div class="comet-caption"{_why(_, f.caption)}>{escape(without_sources(f.caption))}</div>'
               if f.caption else "")
    overlay = settlement_html(f)
    if f.waiting and not overlay:
        overlay = (f'<div class="comet-handover" role="alert"><div class="comet-handover-card">'
                   f'{escape(_("Pass the device to {name}", name=f.waiting))}<small>'
                   f'{escape(_("{name}: press the button below when only you can see the screen.", name=f.waiting))}'
                   "</small></div></div>")
    notice = f'<div class="comet-felt-notice" role="status">{escape(f.notice)}</div>' if f.notice and not overlay else ""
    return (f'<section class="comet-felt comet-felt-{f.players}{" comet-felt-teams" if f.sides else ""}" '
            f'lang="{f.lang}" aria-label="{escape(_("The table: {game}", game=f.game))}">'
            f'{notice}{seats}<div class="comet-centre">{_status_html(f)}{_tail_html(f, places)}'
            f"{caption}{pile}</div>{_flying_chips(f, places)}{overlay}</section>")


def felt_html(rnd: "Round", view: FeltView) -> str:
    """One state of ``rnd`` drawn as a card table for ``view.anchor`` (its inputs, then the drawing)."""
    return draw_felt(felt_inputs(rnd, view))
