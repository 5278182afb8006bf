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
from comet.cards import Card, rank_label, sort_key
from comet.ledger import POOL, net, plural
from comet.calls import LANGUAGES
from comet_render.narrate import sentence_html
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


def runs(rnd: "Round") -> list[Run]:
    """The runs of the deal so far (:func:`comet.runs.runs_of`), oldest first, each with notes on
    the wild cards it holds; the last one may still be open."""
    done = runs_of(rnd.events)
    for run in done:
        for _, play in run.plays:
            if play.wild is not None:
                stands = rank_label(play.rank) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
                run.notes.append(f"{play.wild.symbol} (comet) stands for {stands}")
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
) -> str:
    """One hand as an HTML block (an SVG row of cards with its text fallback)."""
    picture = svg.hand(list(cards), size=size, wild_cards=list(wild_cards), face_down=face_down,
                       highlight=list(highlight), four_colour=four_colour, label=label)
    return f'<div class="comet-hand" style="line-height:0;margin:2px 0">{picture}</div>'


def _seat_name(seat: int, you: int | None) -> str:
    return f"Seat {seat} (you)" if you is not None and seat == you else f"Seat {seat}"


def _trail_html(rnd: "Round", size: float) -> str:
    done = runs(rnd)
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
        body = '<div style="color:#555">No card has been played yet.</div>'
    else:
        label = "The comet's tail: the previous and the current run" if len(shown) > 1 else "The comet's tail"
        body = (f'<div style="font-size:12px;color:#333">{escape(label)}</div><div style="line-height:0">'
                f"{svg.trail(cards, size=size, wild_cards=sorted(rnd.wilds, key=sort_key), stops=stops)}</div>")
        words = []
        for run in shown:
            text = " ".join(c.symbol for c in run.cards)
            if run.stop:
                text += f" | STOP ({run.stop.label})"
            elif run is shown[-1] and open_run:
                text += " … (running)"
            words.append(text)
        body += (f'<div style="font-size:12px;color:#333">{escape("; ".join(words))}'
                 + (f"; {escape('; '.join(notes))}" if notes else "") + "</div>")
    total = sum(len(r.cards) for r in done)
    earlier = total - len(cards)
    more = (f'<div style="font-size:12px;color:#555">{earlier} earlier card{"s" if earlier != 1 else ""} '
            "played in previous runs.</div>") if earlier else ""
    return f'<div style="{_PANEL}"><div style="{_TITLE}">Table</div>{body}{more}</div>'


def _status_html(rnd: "Round", you: int | None) -> str:
    if rnd.is_over:
        outcome = rnd.outcome()
        if outcome is not None and outcome.winner is not None:
            mine = you is not None and outcome.winner == you
            who = "you" if mine else _seat_name(outcome.winner, you)
            wins = "win" if mine else "wins"
            text = f"Deal over: {who} went out." if outcome.end == "out" else f"Deal over: {who} {wins}."
        else:
            text = "Deal over: no winner (a draw)."
        return f'<div role="status" style="font-weight:600;margin:4px 0">&#9632; {escape(text)}</div>'
    seat = rnd.to_play
    assert seat is not None
    phase = rnd.phase
    if phase == "redeal":
        need = "keep the hand or demand a new deal"
    elif phase == "exchange":
        need = "discard, then draw from the talon"
    else:
        need = rnd.describe_targets()
    who = "Your turn" if you is not None and seat == you else f"{_seat_name(seat, you)} to play"
    return (f'<div role="status" style="font-weight:600;margin:4px 0">&#9654; {escape(who)}: '
            f'{escape(need)}</div>')


def _hands_html(rnd: "Round", you: int | None, reveal: bool, four_colour: bool, size: float,
                own_hand: bool = True) -> str:
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
            tags.append("dealer")
        if seat == on_turn:
            tags.append("to play \u25b6")
        count = len(hand)
        label = f"{_seat_name(seat, you)}: {count} card{'s' if count != 1 else ''}"
        if tags:
            label += " (" + ", ".join(tags) + ")"
        marker = "border-left:4px solid #1f8a4c;padding-left:6px" if seat == on_turn else \
            "border-left:4px solid transparent;padding-left:6px"
        compact = hidden and not own_hand  # (a front-end with your hand apart: the backs small, side by side)
        if compact:
            marker += ";display:inline-block;vertical-align:top;margin-right:10px"
        picture = hand_html(hand, wild_cards=wilds, label=label, face_down=hidden,
                            highlight=sorted(lit, key=sort_key) if seat == on_turn else (), four_colour=four_colour,
                            size=size * 0.55 if compact else size)
        rows.append(f'<div style="{marker}">{picture}</div>')
    dead = len(rnd.dead) + len(rnd.talon)
    extra = ""
    if dead:
        what = "talon" if rnd.talon else "dead hand"
        extra = f'<div style="font-size:12px;color:#333">{dead} card{"s" if dead != 1 else ""} in the {what} (unseen).</div>'
    title = "Hands" if own_hand or you is None else "The other hands"
    return f'<div style="{_PANEL}"><div style="{_TITLE}">{title}</div>{"".join(rows)}{extra}</div>'


def _ledger_html(rnd: "Round", you: int | None, limit: int = 8) -> str:
    unit = rnd.rules.unit
    ledger = list(rnd.ledger)
    if not ledger:
        body = '<div style="color:#555">No payment yet.</div>'
    else:
        lines = [p.describe(unit) for p in ledger[-limit:]]
        earlier = len(ledger) - len(lines)
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        more = f'<div style="font-size:12px;color:#555">({earlier} earlier payments)</div>' if earlier else ""
        totals = net(ledger, rnd.players)
        pool = sum(p.amount for p in ledger if p.payee == POOL) - sum(p.amount for p in ledger if p.payer == POOL)
        cells = "".join(
            f'<td style="padding:1px 8px;text-align:right">{escape(_seat_name(s, you))}: {v:+d}</td>'
            for s, v in enumerate(totals))
        if pool:
            cells += f'<td style="padding:1px 8px;text-align:right">pool: {pool}</td>'
        body = (f'{more}<ul style="margin:2px 0 4px 18px;padding:0">{items}</ul>'
                f'<table style="border-collapse:collapse;font-size:13px"><caption style="text-align:left;'
                f'font-size:12px;color:#333">Net in play ({escape(plural(unit))})</caption><tr>{cells}</tr></table>')
    return f'<div style="{_PANEL}"><div style="{_TITLE}">In-play payments</div>{body}</div>'


def _calls_html(rnd: "Round", lang: str, limit: int = 6) -> str:
    from comet_render.narrate import step_sentences

    steps = step_sentences(rnd, lang)
    sentences = [s for step in steps for s in step]
    shown = sentences[-limit:]
    name = LANGUAGES.get(lang, lang)
    items = "".join(f"<li>{sentence_html(s, lang)}</li>" for s in shown)
    return (f'<div style="{_PANEL}"><div style="{_TITLE}">Announcements (calls in {escape(name)})</div>'
            f'<ol start="{len(sentences) - len(shown) + 1}" style="margin:2px 0 0 22px;padding:0">{items}</ol></div>')


def _outcome_html(rnd: "Round") -> str:
    outcome = rnd.outcome()
    if outcome is None:
        return ""
    items = "".join(
        f'<div style="white-space:pre-wrap;{"font-weight:600" if not line.startswith(" ") else ""}">'
        f"{escape(line)}</div>" for line in outcome.lines)
    return f'<div style="{_PANEL}"><div style="{_TITLE}">Settlement</div>{items}</div>'


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
) -> str:
    """The table of ``rnd`` as an HTML fragment with inline SVG cards.

    :param seat: the player looking at the table: other hands are drawn face down (unless
        ``reveal``); ``None`` shows every hand (teaching).  Hands are shown at the end.
    :param lang: the language of the calls (``en``, ``fr``, ``ru``, ``es``).
    :param four_colour: diamonds blue and clubs green.
    :param reveal: show every hand even when ``seat`` is given.
    :param own_hand, calls, settlement: draw the hand of ``seat``, the last calls and the
        settlement (a front-end that draws them itself, e.g. the hand as buttons, turns them off).
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rnd.players):
        raise ValueError(f"seat must be None or a seat 0..{rnd.players - 1}, not {seat!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    v = rnd.variant
    head = (f'<div style="font-size:15px;font-weight:700">{escape(v.title)}</div>'
            f'<div style="font-size:12px;color:#333">{rnd.players} players; {escape(rnd.pack_name)} pack; '
            f'seat {rnd.dealer} deals; {len(rnd.history)} play{"s" if len(rnd.history) != 1 else ""} so far.</div>')
    parts = [
        head,
        _status_html(rnd, seat),
        _trail_html(rnd, size * 0.9),
        _hands_html(rnd, seat, reveal, four_colour, size, own_hand),
        _ledger_html(rnd, seat),
        _calls_html(rnd, lang) if calls else "",
        _outcome_html(rnd) if settlement else "",
    ]
    return (f'<section class="comet-table" aria-label="Comet table: {escape(v.name)}" lang="en" '
            f'style="{_BOX}">{"".join(parts)}</section>')

