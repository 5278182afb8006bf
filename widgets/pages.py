"""The playable pages of ``book/play/``: one family of the game per page, set up from the URL.

Each page is a notebook whose only code cell is::

    from widgets.pages import play_page
    play_page("modern")          # a PlayTable for the modern family

and the address picks the game: ``modern.ipynb?variant=comet-6-8-players&players=7&bot=greedy&seed=7``
(``lang=fr`` too). Every value is checked against the family: a variant of another family, a
player count the variant does not allow, an unknown bot, a seed that is not a whole number from
0 to :data:`widgets.common.MAX_SEED`, an unknown parameter... each gets a sentence in a notice
at the top of the table, and the page falls back to the default for that value. Nothing in the
address can raise.

Where the query string comes from:

* under Voilà with pre-heated kernels the notebook runs *before* anyone asks for the page, so
  :func:`query_string` waits for the request with Voilà's own ``voila.utils.get_query_string``
  (a pre-heated kernel is paused there until a visitor arrives; the imports are already done);
* under Voilà without pre-heating, and anywhere else, it is ``$QUERY_STRING`` (empty outside
  Voilà).
"""

from __future__ import annotations

import contextlib
import html
import io
import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

import comet
from widgets.common import BOT_NAMES, BOTS, FONT, LANGUAGE_CODES, LANGUAGES, MAX_SEED, UserError
from widgets.landing import players_words as players_text
from widgets.landing import FAMILIES, TITLES, family_page
from widgets.links import Position, link_html, page_address, read_position
from widgets.play import PlayTable

PARAMETERS = ("variant", "players", "bot", "seed", "lang", "record", "move")
"""The query parameters a page reads (``record`` and ``move``: a position, :mod:`widgets.links`)."""
MAX_QUERY = 60_000
"""A longer query string is ignored as a whole (a link's record, quoted, is the long part:
:data:`widgets.links.MAX_LINK_RECORD` characters at most)."""
_WHOLE = re.compile(r"[0-9]{1,10}")


def games_markdown(family: str) -> str:
    """The one sentence under a page's title (each notebook of ``book/play/`` holds it;
    ``tests/test_pages.py`` checks it is this text). The settings of the address are documented
    in the README (:func:`addresses_markdown`), not in the page."""
    names = [comet.VARIANTS[vid].name for vid in FAMILIES[family]]
    games = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"You against the bots ({games}): touch a raised card of your hand to play it; *Settings* changes the game."


def addresses_markdown() -> str:
    """The README's section "Play pages' addresses": what each page reads from its address
    (``tests/test_pages.py`` checks the README holds this text)."""
    rows = "\n".join(f"| `{family}` | " + ", ".join(f"`{vid}`" for vid in FAMILIES[family]) + " |"
                     for family in FAMILIES)
    example_family = "modern"
    example = comet.VARIANTS[FAMILIES[example_family][-1]]
    players = min(example.players.start + 1, example.players.stop - 1)
    bots = ", ".join(f"`{name}`" for _, name in BOTS)
    langs = ", ".join(f"`{code}` ({name})" for name, code in LANGUAGES)
    return (f"Each play page (`play/<page>.html` on the static site, `voila/render/<page>.ipynb` on Voilà) "
            f"reads its settings from the address, e.g.\n"
            f"`{example_family}.html?variant={example.id}&players={players}&bot=greedy&seed=7&lang=fr`:\n\n"
            f"- `variant`: a game of the page (the first by default):\n\n"
            f"  | page | variants |\n  | --- | --- |\n" + "\n".join("  " + r for r in rows.splitlines()) + "\n\n"
            f"- `players`: a number of players the variant allows (2 where it can);\n"
            f"- `bot`: how the other seats play: {bots} (greedy by default);\n"
            f"- `seed`: a whole number from 0 to {MAX_SEED:,} (the same seed deals the same cards; 1 by "
            f"default);\n"
            f"- `lang`: the language of the calls: {langs};\n"
            "- `record` and `move`: a position to play on from, as *Copy link to this position* writes it: "
            "the record of the match (or deal) in the notation, and how many plays of its last deal to keep "
            "(all by default). Its game must be one of the page's.\n\n"
            "The other pages: `replay` reads `record`, `move` (the step to show) and `lang`, as *Copy link to "
            "this step* writes them; `puzzles` reads `family`, `level`, `theme` and `id` (one puzzle's own link); "
            "`drills` reads `variant` and `kind`.\n\n"
            "A value the page cannot use is named in a notice above the table, and its default is used.")


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
    problems: list[str] = field(default_factory=list)


def default_players(variant: comet.Variant) -> int:
    return 2 if 2 in variant.players else variant.players.start


def _shown(value: str, limit: int = 40) -> str:
    """A value from the address, quoted and shortened for a message."""
    value = value if len(value) <= limit else value[:limit] + "…"
    return repr(value)


def read_settings(query: str | None, parameters: tuple[str, ...], problems: list[str]) -> dict[str, str]:
    """The settings of an address's query string that a page reads (``parameters``), the first
    value of each; what cannot be used (too long, too many, unknown, given twice) becomes a
    sentence in ``problems``. Never raises."""
    query = (query or "").lstrip("?")
    if len(query) > MAX_QUERY:
        problems.append(f"the address's settings are too long ({len(query)} characters) and were ignored.")
        query = ""
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=20)
    except ValueError:
        problems.append("the address has too many settings; they were ignored.")
        pairs = []
    given: dict[str, str] = {}
    for key, value in pairs:
        if key not in parameters:
            problems.append(f"{_shown(key)} is not a setting of this page (it reads {', '.join(parameters)}); "
                            "it was ignored.")
        elif key in given:
            if value != given[key]:
                problems.append(f"{key} is given twice; the first value, {_shown(given[key])}, is used.")
        else:
            given[key] = value
    return given


def parse_query(family: str, query: str | None) -> Settings:
    """Validate the query string ``query`` (``variant=...&players=3``) for the page ``family``.

    Never raises: every unusable value becomes a sentence in ``Settings.problems`` and the
    default is used in its place.
    """
    if family not in FAMILIES:
        raise ValueError(f"no play page for {family!r}; pages: {', '.join(FAMILIES)}")
    variants = FAMILIES[family]
    first = comet.VARIANTS[variants[0]]
    out = Settings(variant=first.id, players=default_players(first))
    problems = out.problems
    given = read_settings(query, PARAMETERS, problems)

    if "variant" in given:
        vid = given["variant"]
        if vid in variants:
            out.variant = vid
        elif vid in comet.VARIANTS:
            other = family_page(comet.VARIANTS[vid].family)
            problems.append(f"{_shown(vid)} is not played on this page but on the {TITLES.get(other, other)} page"
                            f"; this page has {', '.join(variants)}. Playing {out.variant}.")
        else:
            problems.append(f"{_shown(vid)} is not a variant of this page; choose one of {', '.join(variants)}. "
                            f"Playing {out.variant}.")
    variant = comet.VARIANTS[out.variant]
    out.players = default_players(variant)
    if "players" in given:
        text = given["players"]
        if _WHOLE.fullmatch(text) and int(text) in variant.players:
            out.players = int(text)
        else:
            problems.append(f"{variant.name} is played by {players_text(variant)}, not {_shown(text)}; "
                            f"playing with {out.players}.")
    if "bot" in given:
        if given["bot"] in BOT_NAMES:
            out.bot = given["bot"]
        else:
            names = ", ".join(name for _, name in BOTS)
            problems.append(f"{_shown(given['bot'])} is not a bot; choose one of {names}. The bots play greedy.")
    if "seed" in given:
        text = given["seed"]
        if _WHOLE.fullmatch(text) and int(text) <= MAX_SEED:
            out.seed = int(text)
        else:
            problems.append(f"the seed is a whole number from 0 to {MAX_SEED}, not {_shown(text)}; using seed 1.")
    if "lang" in given:
        if given["lang"] in LANGUAGE_CODES:
            out.lang = given["lang"]
        else:
            problems.append(f"{_shown(given['lang'])} is not a language of the calls; choose one of "
                            f"{', '.join(sorted(LANGUAGE_CODES))}. Calls in English.")
    if "record" in given:
        _read_link(family, given["record"], given.get("move"), out)
    elif "move" in given:
        problems.append("a move was given without the record of its deal; it was ignored.")
    return out


def _read_link(family: str, record: str, move: str | None, out: Settings) -> None:
    """Replay a link's record for the page ``family``: its game must be one of the page's."""
    try:
        position = read_position(record, move)
    except UserError as error:
        out.problems.append(f"{error} The page opens a new match instead.")
        return
    variant = position.round.variant
    if variant.id not in FAMILIES[family]:
        other = family_page(variant.family)
        out.problems.append(f"the link's deal is a game of {variant.name}, played on the {TITLES.get(other, other)} "
                            "page, not on this one. The page opens a new match instead.")
        return
    out.position = position
    out.variant, out.players = variant.id, position.round.players


def query_string() -> str:
    """The query string of the request that opened this page ("" outside Voilà).

    A pre-heated Voilà kernel waits here for its visitor (``voila.utils.get_query_string``);
    if that fails for any reason the page still opens, with the defaults.
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        try:
            from voila.utils import get_query_string
        except ImportError:
            return os.environ.get("QUERY_STRING", "")
        # Voilà fetches the request in a thread whose errors would be printed on stderr (which
        # a page could show): keep them out of the page.
        with contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                return get_query_string() or ""
            except Exception:  # noqa: BLE001 - a page opens with the defaults rather than not at all
                return os.environ.get("QUERY_STRING", "")
    return os.environ.get("QUERY_STRING", "")


def notice_html(problems: list[str]) -> str:
    """The notice shown above the table when some settings of the address were not used."""
    if not problems:
        return ""
    items = "".join(f"<li>{html.escape(p[0].upper() + p[1:])}</li>" for p in problems)
    return (f'<div role="alert" class="comet-query-notice" style="{FONT}color:#5a3d00;background:#fff4d6;'
            'border-left:4px solid #b07d00;padding:4px 10px;margin-bottom:6px">'
            "<strong>Some settings in the address were not used:</strong>"
            f'<ul style="margin:2px 0 2px 18px;padding:0">{items}</ul></div>')


class _Sequence:
    """Marks the table with a CSS class ``comet-seq-N`` that changes after every message.

    Every action of a ``PlayTable`` ends with a message, so a script driving the page in a
    browser knows its click was handled (and every update sent) when the class changes.
    """

    def __init__(self, table: PlayTable) -> None:
        self.table = table
        self.n = 0
        self.info, self.error = table.messages.info, table.messages.error
        table.messages.info = self._wrap(self.info)  # type: ignore[method-assign]
        table.messages.error = self._wrap(self.error)  # type: ignore[method-assign]
        self.bump()

    def _wrap(self, method: Any) -> Any:
        def wrapper(text: str) -> None:
            method(text)
            self.bump()
        return wrapper

    def bump(self) -> None:
        self.n += 1
        classes = [c for c in self.table._dom_classes if not c.startswith("comet-seq-")]
        self.table._dom_classes = tuple(classes + [f"comet-seq-{self.n}"])


BOT_DELAY = 0.3
"""Seconds between two bot plays on a page (``$COMET_BOT_DELAY`` overrides it, e.g. 0 for benchmarks)."""


def page_bot_delay() -> float:
    """:data:`BOT_DELAY`, or ``$COMET_BOT_DELAY`` if it is a number of seconds from 0 to 2."""
    text = os.environ.get("COMET_BOT_DELAY", "")
    try:
        value = float(text)
    except ValueError:
        return BOT_DELAY
    return value if 0 <= value <= 2 else BOT_DELAY


def play_page(family: str, query: str | None = None, bot_delay: float | None = None) -> PlayTable:
    """The ``PlayTable`` of the page ``family`` (a key of :data:`FAMILIES`), set up from the
    address (``query``, by default :func:`query_string`), its variant list limited to the
    family. Unusable settings are listed in a notice above the table. The bots' plays after
    yours are drawn one after another, ``bot_delay`` seconds apart (default :func:`page_bot_delay`;
    all at once where no event loop runs, as in a plain script)."""
    settings = parse_query(family, query_string() if query is None else query)
    table = PlayTable(variant=settings.variant, players=settings.players, bot=settings.bot,
                      seed=settings.seed, lang=settings.lang,
                      bot_delay=page_bot_delay() if bot_delay is None else bot_delay)
    if settings.position is not None:
        table.open_position(settings.position)
    choice = table.variant_choice
    choice.unobserve(table._on_variant, names="value")
    try:
        choice.options = [(label, vid) for label, vid in choice.options if vid in FAMILIES[family]]
        choice.value = settings.variant
    finally:
        choice.observe(table._on_variant, names="value")
    table.add_class("comet-play")
    table.add_class(f"comet-play-{family}")
    table.table.add_class("comet-play-table")
    table.play_buttons.add_class("comet-play-buttons")
    for b in table.twins("pass"):
        b.add_class("comet-play-pass")
    table.other_row.add_class("comet-play-other")
    table.messages.widget.add_class("comet-play-message")
    for b in table.twins("new"):
        b.add_class("comet-play-new")
    if settings.problems:
        table.children = [_notice(settings.problems), *table.children]
    table.query_problems = settings.problems
    _Sequence(table)
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
    given = read_settings(query_string() if query is None else query, REPLAY_PARAMETERS, problems)
    lang = given.get("lang", "en")
    if lang not in LANGUAGE_CODES:
        problems.append(f"{_shown(lang)} is not a language of the calls; calls in English.")
        lang = "en"
    position = None
    if "record" in given:
        try:
            position = read_position(given["record"], given.get("move"))
        except UserError as error:
            problems.append(f"{error} A deal played by the bots is shown instead.")
    elif "move" in given:
        problems.append("a move was given without the record of its deal; it was ignored.")
    if position is not None:
        demo = StepThrough(record=position.game.record(comments=False), step=position.move, lang=lang, link_base="")
    else:
        demo = StepThrough(lang=lang, link_base="")
        demo.record_panel.selected_index = None if problems else 0
    play_on = W.HTML(layout=W.Layout(width="auto"))
    play_on.add_class("comet-replay-play-on")

    def show_play_on(change: Any = None) -> None:
        family = family_page(demo.full.variant.family)
        href = f"{page_address(family)}?{demo.step_query()}"
        title = TITLES.get(family, family)
        title = title[0].lower() + title[1:] if title.startswith("The ") else title
        play_on.value = link_html(href, f"Play on from this step, on the {title} page", copy=False)

    demo.slider.observe(show_play_on, names="value")
    demo.deal_choice.observe(show_play_on, names="value")
    show_play_on()
    demo.children = [*([_notice(problems)] if problems else []), play_on, *demo.children]
    return demo


def _notice(problems: list[str]) -> Any:
    from ipywidgets import HTML, Layout

    notice = HTML(value=notice_html(problems), layout=Layout(width="auto"))
    notice.add_class("comet-query-notice")
    return notice
