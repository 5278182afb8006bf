"""The table of a :class:`~comet.round.Round` as HTML with SVG cards.

``round_html(round)`` draws what a player at the table sees: the comet's tail (the cards
of the previous and the current run laid out as a rising trail, each stop marked), whose
turn it is and what may follow, every hand (hidden ones face down), the dead hand's size,
the in-play ledger and the latest announcements ("7, 8, 9 without 10") in the chosen
language of the calls.  ``Round._repr_html_`` calls it, so a round shows itself in a
notebook; the widgets put the same string in an ``HTML`` widget, so a notebook, a Voilà
page and a static snapshot look alike.

Only inline styles are used (no ``<style>`` sheet, no script): the fragment can be pasted
anywhere.  Colour never carries meaning alone: the player to move is marked with a word
and an arrow, stops with the word STOP, wild cards with a star and the word "comet".
Standard library only; no widget imports.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable

from comet_render import svg
from comet.cards import Card, sort_key
from comet.ledger import POOL, net
from comet.calls import LANGUAGES
from comet_render.i18n import N_, Words, card_symbol, number, rank_label, words
from comet_render.narrate import default_names, sentence_html
from comet_render.words import Names, need_text, payment_sentence, say, settlement, stop_label, unit_name
from comet.runs import Run, runs_of

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["round_html", "hand_html", "runs"]

_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif"
_BOX = (f"font-family:{_FONT};font-size:14px;line-height:1.35;color:#1b1b1b;"
        "background:#f4f1e8;border:1px solid #cfc6ad;border-radius:8px;padding:10px 12px;"
        "max-width:100%;box-sizing:border-box;overflow-x:auto")
_PANEL = "background:#fffdf7;border:1px solid #ddd5bd;border-radius:6px;padding:6px 8px;margin:6px 0"
_TITLE = "font-weight:600;font-size:13px;color:#4a4330;margin:0 0 4px 0;letter-spacing:.02em"


def runs(rnd: "Round", lang: str = "en") -> list[Run]:
    """The runs of the deal so far (:func:`comet.runs.runs_of`), oldest first, each with notes on
    the wild cards it holds; the last one may still be open."""
    _ = words(lang)
    done = runs_of(rnd.events)
    for run in done:
        for _s, play in run.plays:
            if play.wild is not None:
                stands = rank_label(play.rank, lang) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
                run.notes.append(_("{card} (comet) stands for {rank}", card=card_symbol(play.wild, lang), rank=stands))
    return done


def hand_html(
    cards: Iterable[Card],
    *,
    wild_cards: Iterable[Card] = (),
    label: str | None = None,
    face_down: bool = False,
    highlight: Iterable[Card] = (),
    four_colour: bool = False,
    size: float = 44,
    lang: str = "en",
) -> str:
    """One hand as an HTML block (an SVG row of cards with its text fallback)."""
    picture = svg.hand(list(cards), size=size, wild_cards=list(wild_cards), face_down=face_down,
                       highlight=list(highlight), four_colour=four_colour, label=label, lang=lang)
    return f'<div class="comet-hand" style="line-height:0;margin:2px 0">{picture}</div>'


def _trail_html(rnd: "Round", size: float, _: Words) -> str:
    lang = _.lang
    done = runs(rnd, lang)
    open_run = bool(done) and not done[-1].stop and not rnd.is_over
    shown = done[-2:]
    cards: list[Card] = []
    stops: list[int] = []
    notes: list[str] = []
    for run in shown:
        cards.extend(run.cards)
        notes.extend(run.notes)
        if run.stop:
            stops.append(len(cards) - 1)
    if not cards:
        body = f'<div style="color:#555">{escape(_("No card has been played yet."))}</div>'
    else:
        label = _("The comet's tail: the previous and the current run") if len(shown) > 1 else _("The comet's tail")
        body = (f'<div style="font-size:12px;color:#333">{escape(label)}</div><div style="line-height:0">'
                f"{svg.trail(cards, size=size, wild_cards=sorted(rnd.wilds, key=sort_key), stops=stops, lang=lang)}</div>")
        said = []
        for run in shown:
            text = " ".join(card_symbol(c, lang) for c in run.cards)
            if run.stop:
                text += " | " + _("STOP ({why})", why=stop_label(_, run.stop))
            elif run is shown[-1] and open_run:
                text += " … " + _("(running)")
            said.append(text)
        body += f'<div style="font-size:12px;color:#333">{escape(_("; ").join([*said, *notes]))}</div>'
    total = sum(len(r.cards) for r in done)
    earlier = total - len(cards)
    more = (f'<div style="font-size:12px;color:#555">'
            f'{escape(_.ngettext("{n} earlier card played in previous runs.", "{n} earlier cards played in previous runs.", earlier))}'
            "</div>") if earlier else ""
    return f'<div style="{_PANEL}"><div style="{_TITLE}">{escape(_("Table"))}</div>{body}{more}</div>'


def _status_html(rnd: "Round", names: Names, _: Words) -> str:
    if rnd.is_over:
        outcome = rnd.outcome()
        text = settlement(outcome, names, _.lang).headline if outcome is not None else ""
        return f'<div role="status" style="font-weight:600;margin:4px 0">&#9632; {escape(text)}</div>'
    seat = rnd.to_play
    assert seat is not None
    need = need_text(_, rnd)
    text = _("Your turn: {need}", need=need) if names.is_you(seat) else _("{name} to play: {need}", name=names(seat),
                                                                          need=need)
    return f'<div role="status" style="font-weight:600;margin:4px 0">&#9654; {escape(text)}</div>'


def _hands_html(rnd: "Round", you: int | None, reveal: bool, four_colour: bool, size: float,
                own_hand: bool, names: Names, _: Words) -> str:
    wilds = sorted(rnd.wilds, key=sort_key)
    lit: set[Card] = set()
    on_turn = rnd.to_play
    show_lit = on_turn is not None and (you is None or reveal or on_turn == you)
    if show_lit:
        for play in rnd.legal_plays():
            lit.update(play.cards)
    rows = []
    for seat, hand in enumerate(rnd.hands):
        if seat == you and not own_hand:
            continue
        hidden = not (you is None or reveal or seat == you or rnd.is_over)
        tags = []
        if seat == rnd.dealer:
            tags.append(_("dealer"))
        if seat == on_turn:
            tags.append(_("to play") + " \u25b6")
        label = _("{name}: {count}", name=names(seat), count=_.ngettext("{n} card", "{n} cards", len(hand)))
        if tags:
            label += " (" + ", ".join(tags) + ")"
        marker = "border-left:4px solid #1f8a4c;padding-left:6px" if seat == on_turn else \
            "border-left:4px solid transparent;padding-left:6px"
        compact = hidden and not own_hand
        if compact:
            marker += ";display:inline-block;vertical-align:top;margin-right:10px"
        picture = hand_html(hand, wild_cards=wilds, label=label, face_down=hidden,
                            highlight=sorted(lit, key=sort_key) if seat == on_turn else (), four_colour=four_colour,
                            size=size * 0.55 if compact else size, lang=_.lang)
        rows.append(f'<div style="{marker}">{picture}</div>')
    dead = len(rnd.dead) + len(rnd.talon)
    extra = ""
    if dead:
        text = (_.ngettext("{n} card in the talon (unseen).", "{n} cards in the talon (unseen).", dead) if rnd.talon
                else _.ngettext("{n} card in the dead hand (unseen).", "{n} cards in the dead hand (unseen).", dead))
        extra = f'<div style="font-size:12px;color:#333">{escape(text)}</div>'
    title = _("Hands") if own_hand or you is None else _("The other hands")
    return f'<div style="{_PANEL}"><div style="{_TITLE}">{escape(title)}</div>{"".join(rows)}{extra}</div>'


def _ledger_html(rnd: "Round", names: Names, _: Words, limit: int = 8) -> str:
    unit = rnd.rules.unit
    ledger = list(rnd.ledger)
    if not ledger:
        body = f'<div style="color:#555">{escape(_("No payment yet."))}</div>'
    else:
        lines = [payment_sentence(_, names, p, unit) for p in ledger[-limit:]]
        earlier = len(ledger) - len(lines)
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        more = (f'<div style="font-size:12px;color:#555">'
                f'{escape(_.ngettext("({n} earlier payment)", "({n} earlier payments)", earlier))}</div>'
                if earlier else "")
        totals = net(ledger, rnd.players)
        pool = sum(p.amount for p in ledger if p.payee == POOL) - sum(p.amount for p in ledger if p.payer == POOL)
        cells = "".join(f'<td style="padding:1px 8px;text-align:right">'
                        f'{escape(_("{name}: {count}", name=names(s), count=number(v, _.lang, signed=True)))}</td>'
                        for s, v in enumerate(totals))
        if pool:
            cells += (f'<td style="padding:1px 8px;text-align:right">'
                      f'{escape(_("{name}: {count}", name=_("the pool"), count=number(pool, _.lang)))}</td>')
        body = (f'{more}<ul style="margin:2px 0 4px 18px;padding:0">{items}</ul>'
                f'<table style="border-collapse:collapse;font-size:13px"><caption style="text-align:left;'
                f'font-size:12px;color:#333">{escape(_("Net in play ({unit})", unit=unit_name(_, unit)))}</caption>'
                f"<tr>{cells}</tr></table>")
    return f'<div style="{_PANEL}"><div style="{_TITLE}">{escape(_("In-play payments"))}</div>{body}</div>'


def _calls_html(rnd: "Round", names: Names, _: Words, limit: int = 6) -> str:
    from comet_render.narrate import step_sentences

    lang = _.lang
    sentences = [s for step in step_sentences(rnd, lang, names) for s in step]
    shown = sentences[-limit:]
    items = "".join(f"<li>{sentence_html(s, lang)}</li>" for s in shown)
    title = _("Announcements (calls in {language})", language=LANGUAGES.get(lang, lang))
    return (f'<div style="{_PANEL}"><div style="{_TITLE}">{escape(title)}</div>'
            f'<ol start="{len(sentences) - len(shown) + 1}" style="margin:2px 0 0 22px;padding:0">{items}</ol></div>')


def _outcome_html(rnd: "Round", names: Names, _: Words) -> str:
    outcome = rnd.outcome()
    if outcome is None:
        return ""
    s = settlement(outcome, names, _.lang)
    lines = [s.headline, *s.notes, *s.left]
    if s.in_play:
        lines += [_("In play:")] + ["  " + text for _p, text in s.in_play]
    if s.final:
        lines += [_("Settlement:")] + ["  " + text for _p, text in s.final]
    lines.append(_("Net: {values}", values=", ".join(f"{names(seat)} {v:+d}" for seat, v in enumerate(s.net))))
    items = "".join(
        f'<div style="white-space:pre-wrap;{"font-weight:600" if not line.startswith(" ") else ""}">'
        f"{escape(line)}</div>" for line in lines)
    return f'<div style="{_PANEL}"><div style="{_TITLE}">{escape(_("Settlement"))}</div>{items}</div>'


def round_html(
    rnd: "Round",
    *,
    seat: int | None = None,
    lang: str = "en",
    four_colour: bool = False,
    reveal: bool = False,
    size: float = 44,
    own_hand: bool = True,
    calls: bool = True,
    settlement: bool = True,
    names: Names | None = None,
) -> str:
    """The table of ``rnd`` as an HTML fragment with inline SVG cards, every word in ``lang``.

    :param seat: the player looking at the table: other hands are drawn face down (unless
        ``reveal``); ``None`` shows every hand (teaching).  Hands are shown at the end.
    :param lang: the language of the words and the calls (``en``, ``fr``, ``ru``, ``es``).
    :param four_colour: diamonds blue and clubs green.
    :param reveal: show every hand even when ``seat`` is given.
    :param own_hand, calls, settlement: draw the hand of ``seat``, the last calls and the
        settlement (a front-end that draws them itself turns them off).
    :param names: the players' names (:class:`comet_render.words.Names`; "Seat N" by default).
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rnd.players):
        raise ValueError(f"seat must be None or a seat 0..{rnd.players - 1}, not {seat!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    _ = words(lang)
    names = names or default_names(rnd.players, lang)
    v = rnd.variant
    info = say(_, names, rnd.dealer, N_("{players} players; {pack} pack; you deal; {plays} so far."),
               N_("{players} players; {pack} pack; {name} deals; {plays} so far."), players=rnd.players,
               pack=_(PACKS.get(rnd.pack_name, rnd.pack_name)),
               plays=_.ngettext("{n} play", "{n} plays", len(rnd.history)))
    head = (f'<div style="font-size:15px;font-weight:700">{escape(_(v.name))}</div>'
            f'<div style="font-size:12px;color:#333">{escape(info)}</div>')
    parts = [
        head,
        _status_html(rnd, names, _),
        _trail_html(rnd, size * 0.9, _),
        _hands_html(rnd, seat, reveal, four_colour, size, own_hand, names, _),
        _ledger_html(rnd, names, _),
        _calls_html(rnd, names, _) if calls else "",
        _outcome_html(rnd, names, _) if settlement else "",
    ]
    label = _("Comet table: {game}", game=_(v.name))
    return (f'<section class="comet-table" aria-label="{escape(label)}" lang="{lang}" '
            f'style="{_BOX}">{"".join(parts)}</section>')


PACKS = {"red": N_("red"), "blue": N_("blue"), "minus": N_("minus"), "full": N_("full"), "joker": N_("joker"),
         "piquet": N_("piquet"), "standard": N_("standard")}
"""The packs' names (``Round.pack_name``)."""
