"""Links to a game and a position: the record of the deal (or match) and a move number in the URL.

A table's *Link to this position* and a step-through's *Link to this step* put
``record=<the record, without its comments>&move=<plays of the deal shown>`` in the address.
Opening it replays the record with the engine (:func:`comet.replay`, which checks every play)
and shows the same deal at the same move: on a play page to play on from there, on the replay
page (``book/play/replay.ipynb``) in a step-through. A record that is not one gives a sentence,
never a traceback: :func:`read_position` raises :class:`widgets.common.UserError` only.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from urllib.parse import quote

import comet
from comet_render.i18n import N_, words
from widgets.browser import in_browser
from widgets.common import FONT, UserError

MAX_LINK_RECORD = 20_000
"""Characters of a record a link may carry (a long match is about 5,000)."""
_COMMENT = re.compile(r"\s*;.*$")


def bare_record(record: str) -> str:
    """The record without its comments (the calls after ``;``) and blank trailing space: what a
    link carries."""
    return "\n".join(_COMMENT.sub("", line) for line in record.splitlines()).strip() + "\n"


def record_query(record: str) -> str:
    """``record=...``: the record without its comments, quoted for a URL."""
    return f"record={quote(bare_record(record), safe='')}"


def position_query(record: str, move: int) -> str:
    """``record=...&move=N``, quoted for a URL."""
    return f"{record_query(record)}&move={move}"


def page_address(name: str) -> str:
    """The address of the page ``book/play/<name>`` next to the page showing it: ``name.ipynb``
    under Voilà (whose kernels have ``$VOILA_BASE_URL``), else ``name.html``, the static site's
    page (in the reader's browser, and in the snapshot the book's build saves)."""
    return f"{name}.ipynb" if "VOILA_BASE_URL" in os.environ and not in_browser() else f"{name}.html"


def book_address(doc: str, lang: str = "en") -> str | None:
    """The address of the book's page ``book/<doc>.md`` (``doc``: ``rules/modern``) in the edition of
    ``lang`` from a play page: ``../book/rules/modern.html`` (``../fr/book/rules/modern.html`` in French)
    on the static site (and in its snapshot), under ``$COMET_BOOK_URL`` (the built site's root) on Voilà
    (None if unset)."""
    from widgets.languages import edition_prefix

    if "VOILA_BASE_URL" in os.environ and not in_browser():
        book = os.environ.get("COMET_BOOK_URL", "")
        return f"{book.rstrip('/')}/{edition_prefix(lang)}book/{doc}.html" if book else None
    return f"../{edition_prefix(lang)}book/{doc}.html"


def link_html(href: str, label: str, copy: bool = True, lang: str = "en", tip: str | None = None) -> str:
    """An ``<a>`` with a position's address (or what ``tip`` says it is). ``copy``: a click copies the
    address to the clipboard (the page's script does it: the static site's ``live.js`` and the Voilà
    template; where it cannot, the browser opens the link); else it is a plain link."""
    tip = tip or words(lang)("Copy the address of this position (the deal's record and the move) to share it")
    kind = (f'class="comet-copy-link" title="{html.escape(tip, quote=True)}" '
            f'data-copied="{html.escape(words(lang)("Link copied"), quote=True)}"' if copy else 'class="comet-open-link"')
    return (f'<div style="{FONT}font-size:0.9em;margin:2px 0">'
            f'<a {kind} href="{html.escape(href, quote=True)}">{html.escape(label)}</a></div>')


@dataclass(frozen=True)
class Position:
    """A deal (or a match) replayed from a link, and the move to show."""

    game: comet.Round | comet.Match
    move: int

    @property
    def round(self) -> comet.Round:
        """The deal the move belongs to (a match's last deal)."""
        return self.game.round if isinstance(self.game, comet.Match) else self.game


def read_position(record: str, move: str | None = None, lang: str = "en") -> Position:
    """Replay ``record`` and check ``move`` (a whole number of plays of its last deal, by default
    all of them). Raises :class:`UserError` with a sentence (in ``lang``) saying what is wrong."""
    _ = words(lang)
    if not record.strip():
        raise UserError(_("the link's record is empty."))
    if len(record) > MAX_LINK_RECORD:
        raise UserError(_("the link's record is too long ({n} characters; at most {max}).", n=f"{len(record):,}",
                          max=f"{MAX_LINK_RECORD:,}"))
    try:
        game = comet.replay(record)
    except comet.CometError as error:
        raise UserError(_("the link's record could not be replayed: {error}.", error=error)) from None
    rnd = game.round if isinstance(game, comet.Match) else game
    plays = len(rnd.history)
    if move is None or move == "":
        return Position(game, plays)
    if not re.fullmatch(r"[0-9]{1,6}", move) or int(move) > plays:
        raise UserError(_("the move must be a whole number from 0 to {n} (the plays of the deal), not {value}.",
                          n=plays, value=repr(move[:20])))
    return Position(game, int(move))


def family_page(family: str) -> str:
    """The page name of a family (``book/play/<name>.ipynb``): ``new comet`` -> ``new-comet``."""
    return family.replace(" ", "-")


FAMILIES: dict[str, tuple[str, ...]] = {}
"""Page name (``book/play/<name>.ipynb``) -> the ids of its variants, in the book's order."""
for _v in comet.VARIANTS.values():
    FAMILIES.setdefault(family_page(_v.family), ())
    FAMILIES[family_page(_v.family)] += (_v.id,)

TITLES = {"hoc": N_("Hoc"), "manille": N_("Manille"), "new-comet": N_("The new comet"),
          "modern": N_("The modern comet"), "commit": N_("Commit")}
"""Each family's page title, in English (``words(lang)(TITLES[family])`` in another language)."""
