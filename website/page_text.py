"""The words of the play pages around their widgets, in the reader's language: each page's heading
and one sentence, the language menu and (on Voilà) the bar back to the book, the notice of settings
the address could not use, the static page's header and loading notes, and the README's section on
the pages' addresses."""

from __future__ import annotations

import html
import os
from urllib.parse import parse_qsl, quote

import comet
from comet_render.i18n import N_, words
from widgets.common import BOTS, FONT, LANGUAGE_CODES, LANGUAGES, MAX_SEED
from website.landing import FAMILIES
from widgets.common import notice_html as notice_html  # (its home: a trainer's notice of unused settings too)


def games_markdown(family: str, lang: str = "en") -> str:
    """The one sentence under a page's title, in ``lang`` (the table shows it above itself)."""
    _ = words(lang)
    names = [_(comet.VARIANTS[vid].name) for vid in FAMILIES[family]]
    games = names[0] if len(names) == 1 else _("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])
    return _("{games}: play against the bots, with friends at one device, or with a class; touch a raised card "
             "of your hand to play it; Settings changes the game and who plays.", games=games)


def language_names() -> str:
    """The page's languages in their own names: ``English, Français, Русский, Español``."""
    return ", ".join(name for name, _code in LANGUAGES)


def page_title(family: str, lang: str = "en") -> str:
    """``Play the modern comet`` in ``lang``."""
    return words(lang)(PAGE_TITLES[family])


PAGE_TITLES = {"hoc": N_("Play Hoc"), "manille": N_("Play manille, the old comet (1718)"),
               "new-comet": N_("Play the new comet (1752) and the Russian encyclopedia's games"),
               "modern": N_("Play the modern comet"), "commit": N_("Play Commit"), "replay": N_("Replay a deal"),
               "puzzles": N_("Puzzles"), "drills": N_("Rules drills"), "learn": N_("Learn to play")}
"""Each page's heading (the notebook's ``title`` metadata is the English one and " — Comet")."""


def addresses_markdown() -> str:
    """The README's section "Play pages' addresses": what each page reads from its address
    (``tests/test_pages.py`` checks the README holds this text)."""
    rows = "\n".join(f"| `{family}` | " + ", ".join(f"`{vid}`" for vid in FAMILIES[family]) + " |"
                     for family in FAMILIES)
    example_family = "modern"
    example = comet.VARIANTS[FAMILIES[example_family][-1]]
    players = min(example.players.start + 1, example.players.stop - 1)
    bots = ", ".join(f"`{name}`" for _l, name in BOTS)
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
            f"- `lang`: the language of the page, every word of it: {langs};\n"
            "- `seats`: who plays each seat, in order, separated by commas: `person` or a bot (e.g. "
            "`person,person,greedy`: two people pass the device between their turns, and a bot); by default "
            "you at the first seat and `bot` at the others;\n"
            "- `names`: the players' names, in seat order, separated by commas (empty for the default);\n"
            "- `mode`: `class` for the class table (the table large, one seat played by the class, the hint "
            "and the rule of the moment on demand);\n"
            "- `record` and `move`: a position to play on from, as *Copy link to this position* writes it: "
            "the record of the match (or deal) in the notation, and how many plays of its last deal to keep "
            "(all by default). Its game must be one of the page's.\n\n"
            "The other pages: `replay` reads `record`, `move` (the step to show) and `lang`, as *Copy link to "
            "this step* writes them; `puzzles` reads `family`, `level`, `theme`, `id` (one puzzle's own link) and "
            "`lang`; `drills` reads `variant`, `kind` and `lang`; `learn` (the lessons) reads `lesson` (one lesson's "
            "own link, e.g. `learn.html?lesson=modern-stops`), `step` (its step, from 1, as the page writes it) and "
            "`lang`.\n\n"
            "A value the page cannot use is named in a notice above the table, and its default is used.")


def heading_html(title: str, lead: str = "", lang: str = "en", query: str = "") -> str:
    """A page's heading and lead in the page's language, with the language menu (this page's
    address in each language) and, on Voilà, the bar back to the book and the games (the static
    site's pages have it around the widget)."""
    from widgets.browser import in_browser
    from widgets.languages import edition_prefix, language_menu

    _ = words(lang)
    kept = "&".join(f"{quote(k)}={quote(v)}" for k, v in parse_qsl((query or "").lstrip("?"), keep_blank_values=True)
                    if k != "lang")
    bar = ""
    if "VOILA_BASE_URL" in os.environ and not in_browser():
        base = os.environ.get("VOILA_BASE_URL", "/").rstrip("/") + "/"
        home = f"{base}?lang={lang}" if lang != "en" else base
        book = os.environ.get("COMET_BOOK_URL", "")
        learn = "learn.ipynb" + (f"?lang={lang}" if lang != "en" else "")
        book = f"{book.rstrip('/')}/{edition_prefix(lang)}" if book else ""  # (the book's edition in lang)
        links = ([f'<a href="{html.escape(book, quote=True)}">{html.escape(_("The book"))}</a>'] if book else []) + [
            f'<a href="{html.escape(home, quote=True)}">{html.escape(_("All games"))}</a>',
            f'<a href="{html.escape(learn, quote=True)}">{html.escape(_("Learn to play"))}</a>']
        bar = (f'<nav class="comet-site-bar" aria-label="{html.escape(_("Site"))}" style="{FONT}background:#1f3f73;'
               f'padding:6px 14px;margin:-4px 0 6px">' + " · ".join(
                   link.replace("<a ", '<a style="color:#fff;font-weight:600" ') for link in links) + "</nav>")
    menu = language_menu(lang, "?" + kept if kept else "")
    lead_html = f'<p class="comet-page-lead">{html.escape(lead)}</p>' if lead else ""
    return (f'{bar}<div class="comet-page-head" style="{FONT}">{menu}'
            f'<h1 class="comet-page-title" style="font-size:1.5rem;margin:.3rem 0">{html.escape(title)}</h1>'
            f"{lead_html}</div>")


PAGE_WORDS = {
    "book": N_("The book"),
    "games": N_("All games"),
    "learn": N_("Learn to play"),
    "site": N_("Site"),
    "loading": N_("Loading the engine: these controls work in a few seconds."),
    "failed": N_("The engine could not be loaded in this browser (it may be too old, or a file was blocked): the saved "
                 "picture stays, and its steps still work."),
    "no_wasm": N_("This browser cannot run the engine (it lacks WebAssembly or web workers): the saved picture stays, "
                  "and its steps still work."),
    "no_manager": N_("The page's scripts could not be loaded: the saved picture stays."),
    "cell_failed": N_("This demo could not start in the browser: the saved picture stays."),
    "download": N_("Engine download"),
    "downloaded": N_("{percent}% downloaded"),
    "dealing": N_("Dealing the cards…"),
}
"""The words of a static page around its widget (header, loading notes): ``lang.js`` shows them
in the address's language."""


def page_words() -> dict[str, dict[str, str]]:
    """:data:`PAGE_WORDS` in every language, for the page's ``comet-words`` JSON."""
    return {lang: {key: words(lang)(text) for key, text in PAGE_WORDS.items()} for lang in LANGUAGE_CODES}
