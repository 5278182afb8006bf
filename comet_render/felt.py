"""The card table as players know it from card sites: a felt, the players around it, the tail.

``felt_html(rnd, view)`` draws one state of a deal as HTML with inline SVG (no external asset,
no script): the other players around the table (name, a fan of card backs with their count, the
dealer's button, whose turn it is, their in-play chips), the comet's tail in the middle with the
run in progress, the newest plays flying from their player to the tail and the newest payments
as chips passing between players (CSS animations of :mod:`comet_render.table_style`, none when
the reader prefers reduced motion), and at the end the settlement as an overlay.

The seat at the bottom (``view.anchor``) is the one whose hand the page shows below the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Sequence

from comet.cards import sort_key
from comet.ledger import POOL, Payment
from comet.plays import Kind
from comet.runs import runs_of
from comet_render import svg
from comet_render.card_names import card_name, cards_names
from comet_render.i18n import cards_symbols, number, words
from comet_render.sources import split_sources, without_sources
from comet_render.words import Names, amount, in_play_net, need_text, settlement, stop_label, unit_name

if TYPE_CHECKING:
    from comet.round import Round
    from comet_render.i18n import Words

BACK = "#1f3f73"
OPEN_LINES = 6
"""The settlement's payments are listed open when there are at most this many (else one tap away)."""


def signed(value: int, lang: str = "en") -> str:
    """``+12``, ``\u221212``, ``0``: a net as the table writes it."""
    return number(value, lang, signed=value != 0)


@dataclass
class FeltView:
    """How to draw the table: who is who, what is new since the last picture, what to reveal."""

    names: Names
    anchor: int = 0
    """The seat at the bottom of the table (the hand shown below it)."""
    lang: str = "en"
    reveal: bool = False
    """Every hand face up (teaching)."""
    four_colour: bool = False
    new_plays: int = 0
    """How many of the last plays are new since the last picture (they fly to the tail)."""
    new_payments: Sequence[Payment] = ()
    """The payments made since the last picture (chips that pass)."""
    waiting: str = ""
    """The name of the person the device is to be passed to ("" if nobody)."""
    bots: Sequence[bool] = field(default_factory=tuple)
    """For each seat, whether a bot plays it."""
    caption: str = ""
    """The latest thing that happened, under the tail."""
    sides: Sequence[Sequence[int]] = ()
    """The partnerships, where the game is played in teams (``((0, 2), (1, 3))``); empty otherwise."""
    about: Sequence[str] = field(default_factory=tuple)
    """For each seat, what plays it, in a sentence ("" for a person): a bot's kind, what it does, its
    measured strength; shown at its seat on demand."""
    kinds: Sequence[str] = field(default_factory=tuple)
    """For each seat, the short name of what plays it ("Greedy bot"; "" for a person)."""
    notice: str = ""
    """A word on the felt itself, e.g. that a new deal has just been dealt ("" for none)."""

    def side(self, seat: int) -> int | None:
        """The index of ``seat``'s partnership in :attr:`sides`, or None."""
        return next((i for i, side in enumerate(self.sides) if seat in side), None)


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


def _seat_html(rnd: "Round", seat: int, where: tuple[float, float], view: FeltView, nets: list[int]) -> str:
    _ = words(view.lang)
    names = view.names
    hand = rnd.hands[seat]
    turn = rnd.to_play == seat and not rnd.is_over
    classes = ["comet-seat"]
    if turn:
        classes.append("comet-seat-turn")
    if seat == view.anchor:
        classes.append("comet-seat-anchor")
    side = view.side(seat)
    name = names(seat)
    count = _.ngettext("{n} card", "{n} cards", len(hand))
    tags = []
    if side is not None:
        classes.append(f"comet-team-{TEAM_LETTERS[side].lower()}")
        you = names.you
        mate = you is not None and you != seat and view.side(you) == side
        team = _("Team {letter}", letter=team_letter(_, side))
        word = (f'<span class="comet-team-word">{escape(_("partner"))}</span>'
                f'<span class="comet-team-letter" aria-hidden="true">{escape(team_letter(_, side))}</span>' if mate
                else escape(team_letter(_, side)))
        tags.append(f'<span class="comet-team-tag" title="{escape(team)}">{word}'
                    f'<span class="comet-sr"> ({escape(team)})</span></span>')
    if seat == rnd.dealer:
        tags.append(f'<span class="comet-dealer" title="{escape(_("Dealer"))}" role="img" '
                    f'aria-label="{escape(_("Dealer"))}">{escape(_.pgettext("dealer button", "D"))}</span>')
    if turn:
        tags.append(f'<span class="comet-turn-tag">{escape(_("your turn") if names.is_you(seat) else _("to play"))}'
                    "</span>")
    bot = view.bots[seat] if seat < len(view.bots) else False
    face_up = rnd.is_over or view.reveal
    if seat == view.anchor and not face_up or not hand:
        cards = f'<span class="comet-seat-count">{escape(count)}</span>'
    elif face_up and hand:
        cards = ('<span class="comet-seat-cards">' + "".join(
            str(svg.card(c, size=22, wild=c in rnd.wilds, four_colour=view.four_colour, lang=view.lang))
            for c in sorted(hand, key=sort_key)) + "</span>")
    else:
        cards = _fan(len(hand), _("{name}: {count}", name=name, count=count))
    net = nets[seat]
    chips = ""
    if rnd.ledger:
        sign = "+" if net > 0 else "\u2212" if net < 0 else "\u00b1"
        chips = (f'<span class="comet-chips{" comet-chips-up" if net > 0 else " comet-chips-down" if net < 0 else ""}" '
                 f'title="{escape(_("In play: {amount}", amount=amount(_, abs(net), rnd.rules.unit)))}">'
                 f'<span class="comet-chip-dot" aria-hidden="true"></span>{sign}{abs(net)}</span>')
    about = view.about[seat] if seat < len(view.about) else ""
    kind = view.kinds[seat] if seat < len(view.kinds) else ""
    info = ""
    if bot and about:
        info = (f'<details class="comet-bot-info"><summary title="{escape(_("What plays this seat"))}">'
                f'{escape(kind or _("bot"))}</summary><span class="comet-bot-about">{escape(about)}</span></details>')
    elif bot:
        info = f'<span class="comet-bot-mark">{escape(kind or _("bot"))}</span>'
    left, top = where
    if top > 55:
        classes.append("comet-seat-low")
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}" style="left:{left:.1f}%;top:{top:.1f}%">'
            f'{cards}<span class="comet-seat-name"><span class="comet-seat-who">{escape(name)}</span>{"".join(tags)}'
            f"</span>{info}{chips}</div>")


def _tail_html(rnd: "Round", view: FeltView, places: dict[int, tuple[float, float]]) -> str:
    _ = words(view.lang)
    done = runs_of(rnd.events)
    if not done:
        return f'<div class="comet-tail comet-tail-empty">{escape(_("No card has been played yet."))}</div>'
    run = done[-1]
    shown = list(run.plays)
    earlier = done[-2] if len(done) > 1 and len(shown) < 4 else None
    history = rnd.history
    new_from = len(history) - view.new_plays
    # Which plays of the run are new: the run's plays are the last of the history's card plays.
    card_plays = [i for i, (_s, p) in enumerate(history) if p.kind is Kind.CARDS]
    index_of = card_plays[-len(shown):] if shown else []
    cards = []
    if earlier is not None:
        for _seat, play in earlier.plays:
            for c in play.cards:
                cards.append(f'<span class="comet-tail-card comet-tail-old">{svg.card(c, size=30, lang=view.lang)}</span>')
        cards.append('<span class="comet-tail-gap" aria-hidden="true"></span>')
    for k, (seat, play) in enumerate(shown):
        fresh = k < len(index_of) and index_of[k] >= new_from
        x, y = places.get(seat, (50.0, 50.0))
        for c in play.cards:
            cls = "comet-tail-card comet-fly" if fresh else "comet-tail-card"
            wild_as = play.rank if c is play.wild else None
            cards.append(f'<span class="{cls}" style="--x:{x:.0f};--y:{y:.0f}">'
                         f"{svg.card(c, size=44, wild=c in rnd.wilds, wild_as=wild_as, four_colour=view.four_colour, lang=view.lang)}"
                         "</span>")
    stop = ""
    if run.stop:
        stop = (f'<span class="comet-stop">{escape(_("STOP"))}<small>'
                f"{escape(stop_label(_, run.stop))}</small></span>")
    said = ", ".join(card_name(c, view.lang, wild=c in rnd.wilds) for c in run.cards)
    label = _("The comet's tail: {cards}", cards=said)
    return (f'<div class="comet-tail" role="img" aria-label="{escape(label)}">{"".join(cards)}{stop}</div>')


def _status_html(rnd: "Round", view: FeltView) -> str:
    _ = words(view.lang)
    names = view.names
    if rnd.is_over:
        return ""
    seat = rnd.to_play if rnd.to_play is not None else 0
    need = need_text(_, rnd)
    if names.is_you(seat):
        text = _("Your turn: {need}", need=need)
    else:
        text = _("{name} to play: {need}", name=names(seat), need=need)
    return f'<div class="comet-status" role="status">\u25b6 {escape(text)}</div>'


def _flying_chips(view: FeltView, places: dict[int, tuple[float, float]]) -> str:
    out = []
    for i, p in enumerate(list(view.new_payments)[-12:]):
        x0, y0 = places.get(p.payer, (50.0, 50.0)) if p.payer != POOL else (50.0, 50.0)
        x1, y1 = places.get(p.payee, (50.0, 50.0)) if p.payee != POOL else (50.0, 50.0)
        out.append(f'<span class="comet-chip-fly" aria-hidden="true" style="--x0:{x0:.0f}%;--y0:{y0:.0f}%;'
                   f'--x1:{x1:.0f}%;--y1:{y1:.0f}%;animation-delay:{i * 0.08:.2f}s"></span>')
    return "".join(out)


def _why(_: "Words", text: str) -> str:
    """A ``title`` attribute with the sources ``text`` cites ("" if none): its "why", out of the text."""
    found = split_sources(text)[1]
    return f' title="{escape(_("Sources: {sources}.", sources=_("; ").join(found)))}"' if found else ""


def _team_notes(rnd: "Round", view: FeltView, _: "Words") -> list[str]:
    """Why a partner of the winner, left with cards, pays nothing (the partnership's rule, AMB-42)."""
    winner = rnd.winner
    side = view.side(winner) if winner is not None else None
    if winner is None or side is None:
        return []
    names = view.names
    out = []
    for seat in view.sides[side]:
        if seat == winner or not rnd.hands[seat]:
            continue
        if names.is_you(seat):
            out.append(_("You pay nothing for the cards you are left with: your partner, {winner}, went out, and your "
                         "side wins the deal.", winner=names(winner)))
        elif names.is_you(winner):
            out.append(_("{name}, your partner, pays nothing for the cards left: you went out, and your side wins the "
                         "deal.", name=names(seat)))
        else:
            out.append(_("{name} pays nothing for the cards left: {winner}, in the same team, went out, and the team "
                         "wins the deal.", name=names(seat), winner=names(winner)))
    return out


def _net_rows(rnd: "Round", view: FeltView, net: list[int], _: "Words") -> str:
    """The net table's rows: each player, the cards left, the net; grouped by team where there are teams."""
    names = view.names

    def row(seat: int) -> str:
        v = net[seat]
        held = sorted(rnd.hands[seat], key=sort_key)
        left = (f'<span aria-hidden="true">{escape(cards_symbols(held, view.lang))}</span><span class="comet-sr">'
                f'{escape(cards_names(held, view.lang, rnd.wilds))}</span>' if held else "")
        return (f'<tr><th scope="row">{escape(names(seat))}</th><td class="comet-net-left">{left}</td>'
                f'<td class="comet-net-value {"comet-up" if v > 0 else "comet-down" if v < 0 else ""}">'
                f"{escape(signed(v, view.lang))}</td></tr>")

    if not view.sides:
        return "<tbody>" + "".join(row(seat) for seat in range(len(net))) + "</tbody>"
    out = []
    for i, side in enumerate(view.sides):
        total = sum(net[s] for s in side)
        if names.you in side:
            who = _("Team {letter}: you and {partner}", letter=team_letter(_, i),
                    partner=names(side[1] if side[0] == names.you else side[0]))
        else:
            who = _("Team {letter}: {a} and {b}", letter=team_letter(_, i), a=names(side[0]), b=names(side[1]))
        out.append(f'<tbody class="comet-net-team comet-team-{TEAM_LETTERS[i].lower()}"><tr class="comet-net-side">'
                   f'<th scope="rowgroup" colspan="2">{escape(who)}</th>'
                   f'<td class="comet-net-value {"comet-up" if total > 0 else "comet-down" if total < 0 else ""}">'
                   f'{escape(signed(total, view.lang))}</td></tr>{"".join(row(s) for s in side)}</tbody>')
    return "".join(out)


def settlement_html(rnd: "Round", view: FeltView) -> str:
    """The settlement as an overlay on the felt: who won, why a partner pays nothing, each player's
    cards left and net (by team where there are teams), then every payment on demand. Rows carry
    ``data-payer``, ``data-payee``, ``data-amount``; the net table ``data-net``."""
    outcome = rnd.outcome()
    if outcome is None:
        return ""
    _ = words(view.lang)
    s = settlement(outcome, view.names, view.lang)

    def rows(items: list[tuple[Payment, str]]) -> str:
        return "".join(f'<li data-payer="{p.payer}" data-payee="{p.payee}" data-amount="{p.amount}"'
                       f'{_why(_, text)}>{escape(without_sources(text))}</li>' for p, text in items)

    parts = [f"<p{_why(_, line)}>{escape(without_sources(line))}</p>" for line in _team_notes(rnd, view, _) + s.notes]
    net = ",".join(str(v) for v in s.net)
    parts.append(f'<table class="comet-net" data-net="{net}"><caption>'
                 f'{escape(_("Net for the deal ({unit})", unit=unit_name(_, s.unit)))}</caption>'
                 f'<thead><tr><th scope="col">{escape(_("Player"))}</th><th scope="col">{escape(_("Cards left"))}</th>'
                 f'<th scope="col">{escape(_("Net"))}</th></tr></thead>{_net_rows(rnd, view, s.net, _)}</table>')
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


def felt_html(rnd: "Round", view: FeltView) -> str:
    """One state of ``rnd`` drawn as a card table (see the module's docstring)."""
    _ = words(view.lang)
    places = seat_positions(rnd.players, view.anchor)
    nets = in_play_net(rnd)
    seats = "".join(_seat_html(rnd, s, places[s], view, nets) for s in range(rnd.players))
    dead = len(rnd.dead) + len(rnd.talon)
    pile = ""
    if dead:
        what = (_.ngettext("talon: {n} card", "talon: {n} cards", dead) if rnd.talon
                else _.ngettext("dead hand: {n} card", "dead hand: {n} cards", dead))
        pile = (f'<div class="comet-pile" title="{escape(_.ngettext("{n} card unseen", "{n} cards unseen", dead))}">'
                f'{escape(what)}</div>')
    caption = (f'<div class="comet-caption"{_why(_, view.caption)}>{escape(without_sources(view.caption))}</div>'
               if view.caption else "")
    overlay = settlement_html(rnd, view)
    if view.waiting and not overlay:
        overlay = (f'<div class="comet-handover" role="alert"><div class="comet-handover-card">'
                   f'{escape(_("Pass the device to {name}", name=view.waiting))}<small>'
                   f'{escape(_("{name}: press the button below when only you can see the screen.", name=view.waiting))}'
                   "</small></div></div>")
    notice = (f'<div class="comet-felt-notice" role="status">{escape(view.notice)}</div>'
              if view.notice and not overlay else "")
    return (f'<section class="comet-felt comet-felt-{rnd.players}{" comet-felt-teams" if view.sides else ""}" '
            f'lang="{view.lang}" aria-label="{escape(_("The table: {game}", game=_(rnd.variant.name)))}">'
            f'{notice}{seats}<div class="comet-centre">{_status_html(rnd, view)}{_tail_html(rnd, view, places)}'
            f"{caption}{pile}</div>{_flying_chips(view, places)}{overlay}</section>")
