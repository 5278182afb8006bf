"""The playable pages of ``book/play/``: one family of the game per page, set up from the URL.

Each page is a notebook whose only code cell is::

    from website.pages import play_page
    play_page("modern")          # a PlayTable for the modern family

and the address picks the game: ``modern.ipynb?variant=comet-6-8-players&players=7&bot=greedy&seed=7``
(``lang=fr`` too). Every value is checked against the family: a variant of another family, a
player count the variant does not allow, an unknown bot, a seed that is not a whole number from
0 to :data:`widgets.common.MAX_SEED`, an unknown parameter... each gets a sentence in a notice
at the top of the table, and the page falls back to the default for that value. Nothing in the
address can raise.

Where the query string comes from:

* under Voilà with pre-heated kernels the notebook runs *before* anyone asks for the page, so
  :func:`query_string` waits for the request (:func:`website.voila_request.wait_for_request`,
  Voilà's protocol without importing Voilà's server; a pre-heated kernel is paused there until a
  visitor arrives, the imports already done);
* under Voilà without pre-heating, and anywhere else, it is ``$QUERY_STRING`` (empty outside
  Voilà).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

import comet
from comet_render.i18n import number, words
from widgets.common import (
    BOT_KINDS, BOT_NAMES, LANGUAGE_CODES, MAX_SEED, UserError, no_null_titles, replace_classes,
)
from widgets.controllers.checks import SEAT_KINDS, clean_name, players_words
from website.landing import FAMILIES, family_page
from website.page_text import PAGE_TITLES as PAGE_TITLES  # (the pages' words: website.page_text)
from website.voila_request import wait_for_request
from website.page_text import addresses_markdown as addresses_markdown
from website.page_text import games_markdown as games_markdown
from website.page_text import language_names as language_names
from website.page_text import heading_html as heading_html
from website.page_text import notice_html as notice_html
from website.page_text import page_title as page_title
from website.page_text import page_words as page_words
from widgets.links import Position, link_html, page_address, read_position
from widgets.play import PlayTable
from widgets.table_view import TableView
from widgets.room_link import room_server_known
from widgets.room_parts import friends_html

PARAMETERS = ("variant", "players", "bot", "seed", "lang", "record", "move", "seats", "names", "mode")
"""The query parameters a page reads (``record`` and ``move``: a position, :mod:`widgets.links`;
``seats``, ``names``, ``mode``: who plays, :class:`widgets.play.PlayTable`)."""
MAX_QUERY = 60_000
"""A longer query string is ignored as a whole (a link's record, quoted, is the long part:
:data:`widgets.links.MAX_LINK_RECORD` characters at most)."""
_WHOLE = re.compile(r"[0-9]{1,10}")


@dataclass
class Settings:
    """What a page starts with, and why any value of the address was not used."""

    variant: str
    players: int
    bot: str = "greedy"
    seed: int = 1
    lang: str = "en"
    position: Position | None = None
    """The deal (or match) and move of a link, replayed (``record=...&move=N``)."""
    seats: list[str] | None = None
    names: list[str] = field(default_factory=list)
    mode: str = "table"
    problems: list[str] = field(default_factory=list)


def default_players(variant: comet.Variant) -> int:
    return 2 if 2 in variant.players else variant.players.start


def _shown(value: str, limit: int = 40) -> str:
    """A value from the address, quoted and shortened for a message."""
    value = value if len(value) <= limit else value[:limit] + "…"
    return repr(value)


def query_lang(query: str | None) -> str:
    """The language the address asks for (its first ``lang``), or English."""
    try:
        pairs = parse_qsl((query or "").lstrip("?")[:MAX_QUERY], max_num_fields=20)
    except ValueError:
        return "en"
    asked = next((v for k, v in pairs if k == "lang"), "en")
    return asked if asked in LANGUAGE_CODES else "en"


def read_settings(query: str | None, parameters: tuple[str, ...], problems: list[str], lang: str = "en") -> dict[str, str]:
    """The settings of an address's query string that a page reads (``parameters``), the first
    value of each; what cannot be used (too long, too many, unknown, given twice) becomes a
    sentence in ``problems``, in ``lang``. Never raises."""
    _ = words(lang)
    query = (query or "").lstrip("?")
    if len(query) > MAX_QUERY:
        problems.append(_("the address's settings are too long ({n} characters) and were ignored.", n=len(query)))
        query = ""
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=20)
    except ValueError:
        problems.append(_("the address has too many settings; they were ignored."))
        pairs = []
    given: dict[str, str] = {}
    for key, value in pairs:
        if key not in parameters:
            problems.append(_("{key} is not a setting of this page; it was ignored.", key=_shown(key)))
        elif key in given:
            if value != given[key]:
                problems.append(_("{key} is given twice; the first value, {value}, is used.", key=key,
                                  value=_shown(given[key])))
        else:
            given[key] = value
    return given


def parse_query(family: str, query: str | None) -> Settings:
    """Validate the query string ``query`` (``variant=...&players=3``) for the page ``family``.

    Never raises: every unusable value becomes a sentence in ``Settings.problems`` (in the
    address's language) and the default is used in its place.
    """
    if family not in FAMILIES:
        raise ValueError(f"no play page for {family!r}; pages: {', '.join(FAMILIES)}")
    lang = query_lang(query)
    _ = words(lang)
    variants = FAMILIES[family]
    first = comet.VARIANTS[variants[0]]
    out = Settings(variant=first.id, players=default_players(first), lang=lang)
    problems = out.problems
    given = read_settings(query, PARAMETERS, problems, lang)

    if "variant" in given:
        vid = given["variant"]
        if vid in variants:
            out.variant = vid
        elif vid in comet.VARIANTS:
            problems.append(_("{value} is not played on this page but on “{page}”. Playing {game}; the page's other "
                              "games are in Settings.", value=_shown(vid), game=_(first.name),
                              page=page_title(family_page(comet.VARIANTS[vid].family), lang)))
        else:
            problems.append(_("{value} is not a game of this page. Playing {game}; the page's other games are in "
                              "Settings.", value=_shown(vid), game=_(first.name)))
    variant = comet.VARIANTS[out.variant]
    out.players = default_players(variant)
    if "players" in given:
        text = given["players"]
        if _WHOLE.fullmatch(text) and int(text) in variant.players:
            out.players = int(text)
        else:
            problems.append(_("{game} is played by {players}, not {value}; playing with {n}.", game=_(variant.name),
                              players=players_words(variant, lang), value=_shown(text), n=out.players))
    if "bot" in given:
        if given["bot"] in BOT_NAMES:
            out.bot = given["bot"]
        else:
            problems.append(_("{value} is not a kind of bot. The bots are {kind} bots; the other kinds are in Settings.",
                              value=_shown(given["bot"]), kind=_(BOT_KINDS["greedy"][0])))
    if "seed" in given:
        text = given["seed"]
        if _WHOLE.fullmatch(text) and int(text) <= MAX_SEED:
            out.seed = int(text)
        else:
            problems.append(_("the deal number is a whole number from 0 to {max}, not {value}; dealing number 1.",
                              max=number(MAX_SEED, lang), value=_shown(text)))
    if "lang" in given and given["lang"] not in LANGUAGE_CODES:
        problems.append(_("{value} is not a language of this page; the page is in English. Its languages: {known}.",
                          value=_shown(given["lang"]), known=language_names()))
    if "mode" in given:
        if given["mode"] in ("table", "class"):
            out.mode = given["mode"]
        else:
            problems.append(_("{value} is not a mode of the table; the table opens as usual.", value=_shown(given["mode"])))
    if "record" in given:
        _read_link(family, given["record"], given.get("move"), out)
    elif "move" in given:
        problems.append(_("a move was given without the record of its deal; it was ignored."))
    if "seats" in given:
        kinds = [k.strip() for k in given["seats"].split(",")]
        if len(kinds) == out.players and all(k in SEAT_KINDS for k in kinds):
            out.seats = kinds
        else:
            problems.append(_("the seats could not be read from {value} ({n}, separated by commas, each a person or "
                              "a kind of bot); you play against the bots.",
                              n=_.ngettext("{n} seat", "{n} seats", out.players), value=_shown(given["seats"])))
    if "names" in given:
        out.names = [clean_name(n) for n in given["names"].split(",")][:out.players]
    return out


def _read_link(family: str, record: str, move: str | None, out: Settings) -> None:
    """Replay a link's record for the page ``family``: its game must be one of the page's."""
    _ = words(out.lang)
    try:
        position = read_position(record, move, out.lang)
    except UserError as error:
        out.problems.append(_("{problem} The page opens a new match instead.", problem=error))
        return
    variant = position.round.variant
    if variant.id not in FAMILIES[family]:
        other = family_page(variant.family)
        out.problems.append(_("the link's deal is a game of {game}, played on “{page}”, not on this page. "
                              "The page opens a new match instead.", game=_(variant.name),
                              page=page_title(other, out.lang)))
        return
    out.position = position
    out.variant, out.players = variant.id, position.round.players


def query_string() -> str:
    """The query string of the request that opened this page ("" outside Voilà).

    A pre-heated Voilà kernel waits here for its visitor (:mod:`website.voila_request`); if that
    fails for any reason the page still opens, with the defaults.
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        # The request is fetched in a thread whose errors would be printed on stderr (which a
        # page could show): keep them out of the page.
        with contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                wait_for_request()
            except Exception:  # noqa: BLE001 - a page opens with the defaults rather than not at all
                pass
    return os.environ.get("QUERY_STRING", "")


class _Sequence:
    """Marks the table with a CSS class ``comet-seq-N`` that changes after every message.

    Every action of a ``PlayTable`` ends with a message, so a script driving the page in a
    browser knows its click was handled (and every update sent) when the class changes.
    """

    def __init__(self, table: TableView) -> None:
        self.table = table
        table.marks_seq = False  # (this sequence counts messages too: a refused click is marked as well)
        self.n = 0
        self.info, self.error = table.messages.info, table.messages.error
        table.messages.info = self._wrap(self.info)  # type: ignore[method-assign]
        table.messages.error = self._wrap(self.error)  # type: ignore[method-assign]
        self.bump()

    def _wrap(self, method: Any) -> Any:
        def wrapper(text: str, after: str = "") -> None:
            method(text, after)
            self.bump()
        return wrapper

    def bump(self) -> None:
        self.n += 1
        replace_classes(self.table, "comet-seq-", f"comet-seq-{self.n}")


BOT_DELAY = 0.3
"""Seconds between two bot plays on a page (``$COMET_BOT_DELAY`` overrides it on a server, the
browser's ``comet:bot-delay`` on the static site; e.g. 0 for benchmarks and tests)."""

BOT_DELAY_KEY = "comet:bot-delay"
"""The key of the browser's local storage that sets the bots' pace on the static site."""


def page_bot_delay(default: float = BOT_DELAY) -> float:
    """``default`` (:data:`BOT_DELAY`), or the first number of seconds from 0 to 2 in ``$COMET_BOT_DELAY``
    (a server's setting) or in the browser's :data:`BOT_DELAY_KEY` (the static site's)."""
    from widgets.browser import stored

    for text in (os.environ.get("COMET_BOT_DELAY", ""), stored(BOT_DELAY_KEY) or ""):
        try:
            value = float(text)
        except ValueError:
            continue
        if 0 <= value <= 2:
            return value
    return default


def play_page(family: str, query: str | None = None, bot_delay: float | None = None) -> PlayTable:
    """The ``PlayTable`` of the page ``family`` (a key of :data:`FAMILIES`), set up from the
    address (``query``, by default :func:`query_string`), its variant list limited to the
    family, with the page's heading in the address's language. Unusable settings are listed in a
    notice above the table. The bots' plays are drawn one after another, ``bot_delay`` seconds
    apart (default :func:`page_bot_delay`; all at once where no event loop runs)."""
    import ipywidgets as W

    query = query_string() if query is None else query
    settings = parse_query(family, query)
    lang = settings.lang
    seats = settings.seats
    if settings.position is not None and seats is not None and len(seats) != settings.players:
        seats = None
    table = PlayTable(variant=settings.variant, players=settings.players, bot=settings.bot,
                      seed=settings.seed, lang=lang, seats=seats, names=settings.names, mode=settings.mode,
                      bot_delay=page_bot_delay() if bot_delay is None else bot_delay)
    if settings.position is not None:
        table.open_position(settings.position)
    table.limit_games(FAMILIES[family])
    table.mark_page((f"comet-play-{family}", f"comet-lang-{lang}"), ("pass", "confirm", "hint", "rule", "new"))
    heading = W.HTML(value=heading_html(page_title(family, lang), games_markdown(family, lang), lang, query or ""),
                     layout=W.Layout(width="auto"))
    heading.add_class("comet-page-heading")
    friends = W.HTML(value=friends_html(lang, settings.variant, settings.players, room_server_known(),
                                        page_address("room")), layout=W.Layout(width="auto"))
    friends.add_class("comet-play-friends")
    table.children = [heading, friends, *([_notice(settings.problems, lang)] if settings.problems else []),
                      *table.children]
    table.query_problems = settings.problems
    _Sequence(table)
    no_null_titles(table)
    return table


REPLAY_PARAMETERS = ("record", "move", "lang")
"""The query parameters of the replay page."""


def replay_page(query: str | None = None) -> Any:
    """The replay page (``book/play/replay.ipynb``): a :class:`widgets.step.StepThrough` of the
    deal in the address (``record=...&move=N``, as *Copy link to this step* writes it), at that step, with
    a link to play on from the step shown on its family's page. Without a record, the box to
    paste one is open. Unusable settings are listed in a notice; nothing in the address raises."""
    import ipywidgets as W

    from widgets.step import StepThrough

    problems: list[str] = []
    query = query_string() if query is None else query
    lang = query_lang(query)
    _ = words(lang)
    given = read_settings(query, REPLAY_PARAMETERS, problems, lang)
    if "lang" in given and given["lang"] not in LANGUAGE_CODES:
        problems.append(_("{value} is not a language of this page; the page is in English. Its languages: {known}.",
                          value=_shown(given["lang"]), known=language_names()))
    position = None
    if "record" in given:
        try:
            position = read_position(given["record"], given.get("move"), lang)
        except UserError as error:
            problems.append(_("{problem} A deal played by the bots is shown instead.", problem=error))
    elif "move" in given:
        problems.append(_("a move was given without the record of its deal; it was ignored."))
    if position is not None:
        demo = StepThrough(record=position.game.record(comments=False), step=position.move, lang=lang, link_base="")
    else:
        demo = StepThrough(lang=lang, link_base="")
        demo.record_panel.selected_index = None if problems else 0
    play_on = W.HTML(layout=W.Layout(width="auto"))
    play_on.add_class("comet-replay-play-on")

    def show_play_on(change: Any = None) -> None:
        family = family_page(demo.full.variant.family)
        href = f"{page_address(family)}?{demo.step_query()}" + ("" if demo.lang == "en" else f"&lang={demo.lang}")
        play_on.value = link_html(href, words(demo.lang)("Play on from this step: {page}",
                                                         page=page_title(family, demo.lang)),
                                  copy=False, lang=demo.lang)

    demo.slider.observe(show_play_on, names="value")
    demo.deal_choice.observe(show_play_on, names="value")
    demo.lang_choice.observe(show_play_on, names="value")
    show_play_on()
    heading = W.HTML(value=heading_html(page_title("replay", lang), _(
        "Step through a deal from its record: open a link to a position (Copy link to this step or to this "
        "position), or paste a record below. Play on from this step opens the same position on its game's page."),
        lang, query or ""),
        layout=W.Layout(width="auto"))
    heading.add_class("comet-page-heading")
    demo.add_class(f"comet-lang-{lang}")
    demo.children = [heading, *([_notice(problems, lang)] if problems else []), play_on, *demo.children]
    no_null_titles(demo)
    return demo


def _notice(problems: list[str], lang: str = "en") -> Any:
    from ipywidgets import HTML, Layout

    notice = HTML(value=notice_html(problems, lang), layout=Layout(width="auto"))
    notice.add_class("comet-query-notice")
    return notice


# The pages' helpers, public for the other pages' modules (the lessons', widgets.lessons.table):
SequenceMark, notice, shown_value = _Sequence, _notice, _shown
