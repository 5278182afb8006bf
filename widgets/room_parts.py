"""The room page's pieces drawn as HTML from what the server said: the table's code, link and QR code,
who sits where, the teacher's class at a glance. Plain functions of data, in the page's language."""

from __future__ import annotations

from html import escape
from typing import Any

from comet_render.i18n import words
from widgets.common import FONT

ROOM_CSS = """<style>
.comet-room{font-family:system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;color:#1b1b1b}
.comet-room-code{font:700 28px/1.2 ui-monospace,'DejaVu Sans Mono',monospace;letter-spacing:.08em}
.comet-room-share{display:flex;flex-wrap:wrap;gap:10px 24px;align-items:center;background:#fffdf7;
 border:1px solid #d8ceb2;border-radius:10px;padding:8px 12px;margin:6px 0}
.comet-qr{background:#fff;padding:4px;border-radius:6px;border:1px solid #ddd5bd;display:block}
.comet-room-seats{list-style:none;margin:4px 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.comet-room-seats li{border:1px solid #d8ceb2;border-radius:8px;padding:2px 10px;background:#fff}
.comet-room-seats .comet-free{border-style:dashed;color:#4a4330}
.comet-room-seats .comet-away{background:#fdf2dc}
.comet-room-status{font-weight:600;margin:4px 0}
.comet-class-tables{border-collapse:collapse;width:100%;font-size:14px}
.comet-class-tables th,.comet-class-tables td{text-align:left;padding:3px 8px;border-bottom:1px solid #e6dfca;
 vertical-align:top}
.comet-class-tally{background:#eef4ea;border-left:4px solid #1f8a4c;padding:6px 10px;margin:6px 0}
.comet-coach{background:#fff8d8;border-left:4px solid #b07d00;padding:4px 8px;margin:2px 0;font-weight:600}
.comet-room-form{gap:6px 12px;align-items:flex-end}
.comet-room-playing{padding:2px 10px}
.comet-room-playing>div{display:flex;flex-wrap:wrap;gap:0 14px;align-items:baseline}
.comet-room-playing .comet-room-code{font-size:18px}.comet-room-playing .comet-qr{width:64px;height:64px}
.comet-room .jupyter-button.mod-success{background-color:#2e7d32!important;color:#fff!important}
@media (max-width:700px){.comet-room-code{font-size:22px}.comet-qr{width:96px;height:96px}
 .comet-room-share{padding:4px 8px;gap:4px 12px}}
</style>"""


def seats_html(lobby: dict[str, Any], lang: str, mine: int | None) -> str:
    """Who sits at the table: each seat's name, free or taken, here or away, a bot standing in."""
    _ = words(lang)
    items = []
    for i, seat in enumerate(lobby.get("seats", [])):
        name = str(seat.get("name", ""))
        if not seat.get("person"):
            state, cls = _("bot"), ""
        elif not seat.get("taken"):
            state, cls = _("free seat"), "comet-free"
        elif seat.get("stand_in"):
            state, cls = _("away: a bot plays meanwhile"), "comet-away"
        elif not seat.get("here"):
            state, cls = _("away"), "comet-away"
        else:
            state, cls = _("here"), ""
        you = f" ({_('you')})" if i == mine else ""
        items.append(f'<li class="{cls}"><strong>{escape(name)}</strong>{escape(you)} · {escape(state)}</li>')
    return (f'<ul class="comet-room-seats" aria-label="{escape(_("Who sits at the table"))}">{"".join(items)}</ul>')


def share_html(shown: str, link: str, qr: str, lang: str, waiting: bool) -> str:
    """The table's code, its link (copied on a click) and its QR code, to share with the others."""
    _ = words(lang)
    lead = (_("Give the others this code, this link or the QR code: the table starts when every seat is taken.")
            if waiting else _("Others can watch with this code or link."))
    copy, copied, picture_label = _("Copy the table's link"), _("Link copied"), _("QR code of the table's link")
    link_part = (f'<div><a class="comet-copy-link" href="{escape(link, quote=True)}" data-copied="'
                 f'{escape(copied, quote=True)}" title="{escape(copy, quote=True)}">{escape(copy)}</a></div>'
                 if link else "")
    picture = (f'<figure style="margin:0" role="img" aria-label="{escape(picture_label, quote=True)}">{qr}</figure>'
               if qr.startswith("<svg") else "")
    playing = "" if waiting else " comet-room-playing"  # (a table at play: the share on one line, the hand higher)
    return (f'<div class="comet-room-share{playing}" style="{FONT}"><div><div>{escape(_("Table"))}</div>'
            f'<div class="comet-room-code">{escape(shown)}</div>{link_part}<p style="margin:4px 0 0">{escape(lead)}</p>'
            f"</div>{picture}</div>")


def class_html(view: dict[str, Any], lang: str) -> str:
    """The class at a glance: each table's code, who sits there, the deal, whose turn, the deals finished
    and the first hands' wins; then the tournament's tally in a sentence."""
    _ = words(lang)
    rows = []
    for table in view.get("tables", []):
        seats = ", ".join(escape(str(s.get("name", ""))) + ("" if s.get("here") or not s.get("person") else
                                                            f" ({escape(_('away'))})") for s in table.get("seats", []))
        state = (_("deal {n}", n=table.get("deal", 0)) + (f" · {_('{name} to play', name=table['turn'])}"
                                                             if table.get("turn") else "")
                 if table.get("started") else _("waiting for its players"))
        rows.append(f'<tr><th scope="row">{escape(str(table.get("shown", "")))}</th><td>{seats}</td>'
                    f'<td>{escape(state)}</td><td>{int(table.get("deals", 0))}</td>'
                    f'<td>{int(table.get("first_wins", 0))}</td></tr>')
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in (
        _("Table"), _("Players"), _("Now"), _("Deals finished"), _("Won by the first hand")))
    caption = _("The class's tables")
    return (f'<table class="comet-class-tables"><caption style="text-align:left;font-weight:700">'
            f'{escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'</table><p class="comet-class-tally">{escape(str(view.get("tally", "")))}</p>')


def friends_html(lang: str, variant: str, players: int, server: str | None, room_page: str = "room.html") -> str:
    """A play page's *Play with friends*: a link to the room page (this game, these players), or, where the
    site has no room server (``server == ""``), why not and the table at this device (pass-and-play)."""
    from urllib.parse import quote

    _ = words(lang)
    tail = "" if lang == "en" else f"&lang={lang}"
    if server == "":
        seats = ",".join(["person"] * players)
        href = f"?variant={quote(variant)}&players={players}&seats={seats}{tail}"
        return (f'<p class="comet-friends" style="{FONT}margin:2px 0">{escape(_("Play with friends at their own devices: tables at several devices need a room server, and this site has none."))} '
                f'<a href="{escape(href, quote=True)}">{escape(_("Play with friends at this device instead (pass-and-play)"))}</a></p>')
    href = f"{room_page}?variant={quote(variant)}&players={players}{tail}"
    return (f'<p class="comet-friends" style="{FONT}margin:2px 0"><a href="{escape(href, quote=True)}">'
            f'{escape(_("Play with friends at their own devices, or open tables for a class"))}</a></p>')


def together_html(links: dict[str, str] | Any, lang: str) -> str:
    """The landing page's *Play together*: the room page, for friends or a class at their own devices."""
    if "room" not in links:
        return ""
    _ = words(lang)
    href = links["room"] + ("" if lang == "en" else ("&" if "?" in links["room"] else "?") + f"lang={lang}")
    return (f'<h2>{escape(_("Play together"))}</h2><p class="lead"><a class="practice-link" href="'
            f'{escape(href, quote=True)}">{escape(_("Play with friends"))}</a>: '
            f'{escape(_("friends, or a class with its teacher, at their own devices around one table; the server deals, referees and shows each device its own hand only."))}</p>')
