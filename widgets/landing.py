"""The playable pages' landing page and "no such page" page, as HTML (no widgets, no script).

``landing_html()`` presents every family of the game with its games (name, period, players), a
small picture of a hand dealt by the engine, and a link to its playable page; the play server
(``tools/play_server.py``) serves it at its root, and the static site can reuse it
(``landing_body(static_links(), "in your browser")`` for ``play/index.html``, with :data:`STYLE`).
``not_found_html()`` is what a wrong address gets: a sentence and the same links back.

Every name, period and player count comes from :data:`comet.VARIANTS`; the pictures from
:mod:`comet_render.svg`. Nothing is loaded from another host: the styles are inline and the pictures are
inline SVG.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Mapping

import comet
import comet_render.svg


def family_page(family: str) -> str:
    """The page name of a family (``book/play/<name>.ipynb``): ``new comet`` -> ``new-comet``."""
    return family.replace(" ", "-")


FAMILIES: dict[str, tuple[str, ...]] = {}
"""Page name (``book/play/<name>.ipynb``) -> the ids of its variants, in the book's order."""
for _v in comet.VARIANTS.values():
    FAMILIES.setdefault(family_page(_v.family), ())
    FAMILIES[family_page(_v.family)] += (_v.id,)

TITLES = {"hoc": "Hoc", "manille": "Manille", "new-comet": "The new comet", "modern": "The modern comet",
          "commit": "Commit"}

PICTURE_SEED = 1
"""The seed of the deal whose first hand pictures each family."""
_FONT = "font-family:system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif"
STYLE = f"""
body {{ {_FONT}; margin: 0; background: #f7f4ea; color: #1b1b1b; }}
main {{ max-width: 1100px; margin: 0 auto; padding: 16px 20px 40px; }}
h1 {{ font-size: 1.8rem; margin: 0.4em 0 0.2em; }}
.lead {{ font-size: 1.05rem; max-width: 60em; }}
.games {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px;
          list-style: none; padding: 0; }}
.family {{ background: #fffdf7; border: 1px solid #ddd5bd; border-radius: 8px; padding: 12px 16px; }}
.family h2 {{ font-size: 1.25rem; margin: 0 0 6px; }}
.family a.play {{ display: inline-block; margin-top: 8px; padding: 6px 14px; background: #1f3f73; color: #fff;
                  border-radius: 4px; text-decoration: none; font-weight: 600; }}
.family a.play:focus, .family a.play:hover {{ background: #142a4f; }}
.family ul {{ margin: 6px 0 0 18px; padding: 0; }}
.family li {{ margin: 2px 0; }}
.family .picture {{ margin: 4px 0; }}
a {{ color: #1f3f73; }}
.notice {{ background: #fff4d6; border-left: 4px solid #b07d00; padding: 6px 12px; }}
.practice li {{ margin: 4px 0; }}
"""


def players_words(variant: comet.Variant) -> str:
    """``2 players`` or ``2 to 5 players`` (:attr:`comet.Variant.players_words`)."""
    return variant.players_words


def picture(family: str, size: float = 38) -> str:
    """An inline SVG of a hand dealt by the engine in the family's first game (seed
    :data:`PICTURE_SEED`, two players where the game allows it)."""
    v = comet.VARIANTS[FAMILIES[family][0]]
    players = 2 if 2 in v.players else v.players.start
    hand = comet.Round.deal(v, players=players, seed=PICTURE_SEED).hands[0][:7]
    name = "t" + v.name[1:] if v.name.startswith("The ") else v.name
    label = f"A hand of {name}, dealt by the engine"
    return str(comet_render.svg.hand(hand, size=size, label=label))


PRACTICE: dict[str, tuple[str, str]] = {
    "puzzles": ("Puzzles", "Positions of real deals where one play is clearly best: find it, by game and level."),
    "drills": ("Rules drills", "Short questions on the rules of every game, checked by the engine."),
    "replay": ("Replay a deal", "Step through a deal from its record: paste one, or open a link to a position."),
}
"""The other pages of ``book/play/`` (not a family): page name -> (title, one line)."""


def voila_links(play_url: str = "") -> dict[str, str]:
    """Every page of ``book/play/`` -> its Voilà address under ``play_url`` (the server's base
    URL, ``""`` for links relative to its root)."""
    base = play_url.rstrip("/") + "/" if play_url else ""
    return {name: f"{base}voila/render/{name}.ipynb" for name in [*FAMILIES, *PRACTICE]}


def static_links() -> dict[str, str]:
    """Every page of ``book/play/`` -> its address on the static site, relative to ``play/``."""
    return {name: f"{name}.html" for name in [*FAMILIES, *PRACTICE]}


def _play_words(title: str) -> str:
    return "Play " + (title[0].lower() + title[1:] if title.startswith("The ") else title)


def games_html(links: Mapping[str, str] | None = None) -> str:
    """The families and their games (name, period, players, a hand dealt by the engine), each
    game linked to its page with ``?variant=``, then the practice pages (:data:`PRACTICE`).

    ``links`` maps a page name to its address (:func:`voila_links` by default, or
    :func:`static_links`); pages missing from it are left out. The one fragment of both the
    static site's ``play/index.html`` and the play server's root.
    """
    links = voila_links() if links is None else links
    items = []
    for family, ids in FAMILIES.items():
        if family not in links:
            continue
        page = links[family]
        games = "".join(
            f'<li><a href="{html.escape(f"{page}?variant={vid}", quote=True)}">'
            f"{html.escape(comet.VARIANTS[vid].name)}</a> ({html.escape(str(comet.VARIANTS[vid].year))}), "
            f"{players_words(comet.VARIANTS[vid])}</li>"
            for vid in ids)
        title = TITLES.get(family, family)
        items.append(f'<li class="family" id="{family}"><h2>{html.escape(title)}</h2>'
                     f'<div class="picture">{picture(family)}</div>'
                     f"<ul>{games}</ul>"
                     f'<a class="play" href="{html.escape(page, quote=True)}">{html.escape(_play_words(title))}</a></li>')
    parts = [f'<ul class="games">{"".join(items)}</ul>']
    practice = [(name, title, line) for name, (title, line) in PRACTICE.items() if name in links]
    if practice:
        parts.append('<h2>Practice</h2><p class="lead">Your progress is kept in this browser only.</p>'
                     '<ul class="practice">')
        parts += [f'<li><a class="practice-link" href="{html.escape(links[name], quote=True)}">{html.escape(title)}'
                  f"</a>: {html.escape(line)}</li>" for name, title, line in practice]
        parts.append("</ul>")
    return "".join(parts)


def landing_body(links: Mapping[str, str], where: str, book_url: str | None = None) -> str:
    """The landing page's heading, lead and :func:`games_html`; ``where`` says where the games run
    ("in your browser" on the static site, "on this server" under Voilà)."""
    book = (f' The rules and the history of every game are in <a href="{html.escape(book_url, quote=True)}">the '
            "book</a>.") if book_url else ""
    return ("<h1>Play the comet family</h1>"
            '<p class="lead">Eighteenth- and nineteenth-century card games of the comet family, played '
            f"against the engine's bots {where}: no account, nothing to install. Choose a family; each page lets "
            "you pick its game, the number of players, the bots and a seed (the same seed deals the same cards)."
            f"{book}</p>{games_html(links)}")


_ICON = ("data:image/svg+xml," + urllib.parse.quote(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="2" y="1" width="12" height="14" rx="2" '
    'fill="#fffdf7" stroke="#1f3f73"/><path d="M8 4l1.2 2.6 2.8.3-2.1 1.9.6 2.8L8 10.2 5.5 11.6l.6-2.8L4 6.9l2.8-.3z" '
    'fill="#c8102e"/></svg>'))
"""The pages' icon, inline (a browser asks for /favicon.ico otherwise, which the server does not have)."""


def _document(title: str, body: str) -> str:
    return ("<!doctype html>\n"
            f'<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="icon" href="{html.escape(_ICON, quote=True)}">'
            f"<style>{STYLE}</style></head><body><main>{body}</main></body></html>\n")


def landing_html(play_url: str = "", book_url: str | None = None) -> str:
    """The play server's landing page: every family, its games and a link to play."""
    return _document("Play the comet family", landing_body(voila_links(play_url), "on this server", book_url))


def not_found_html(path: str, play_url: str = "") -> str:
    """The page a wrong address gets: what was asked for, and the games."""
    home = html.escape(play_url.rstrip("/") + "/" if play_url else "/", quote=True)
    shown = path if len(path) <= 120 else path[:120] + "…"
    body = ("<h1>No such page</h1>"
            f'<p class="notice">There is no page at <code>{html.escape(shown)}</code>. '
            f'<a href="{home}">Back to the games</a>, or choose one here:</p>'
            f"{games_html(voila_links(play_url))}")
    return _document("No such page: play the comet family", body)


def error_html(status: int, reason: str, play_url: str = "") -> str:
    """Any other error page of the play server: the status, and the games."""
    home = html.escape(play_url.rstrip("/") + "/" if play_url else "/", quote=True)
    body = (f"<h1>{status}: {html.escape(reason)}</h1>"
            f'<p class="notice">That did not work. <a href="{home}">Back to the games</a>, or choose one here:</p>'
            f"{games_html(voila_links(play_url))}")
    return _document(f"{status} {reason}: play the comet family", body)
