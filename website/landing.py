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
import json
import urllib.parse
from collections.abc import Callable, Mapping

import comet
import comet_render.svg
from comet.calls import LANGUAGES
from comet_render.i18n import N_, words
from comet_render.words import YEARS
from widgets.room_parts import together_html
from widgets.languages import language_menu as language_menu  # (its home; importable from here too)
from widgets.languages import with_lang as _with_lang


from widgets.links import FAMILIES as FAMILIES  # (their home: the tables link to the families' pages too)
from widgets.links import TITLES as TITLES
from widgets.links import family_page as family_page

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
.comet-langs {{ display: flex; gap: 10px; justify-content: flex-end; margin: 0; padding: 0; list-style: none; }}
.comet-langs a[aria-current] {{ font-weight: 700; text-decoration: none; color: #1b1b1b; }} .comet-langs-nav {{ font-size: 14px; }}
.new-here {{ background: #fffdf7; border: 2px solid #1f3f73; border-radius: 8px; padding: 10px 14px; font-size: 1.05rem; }}
.comet-record table {{ border-collapse: collapse; margin: 6px 24px 10px 0; display: inline-table; vertical-align: top; }}
.comet-record caption {{ text-align: left; font-weight: 600; }} .comet-record th, .comet-record td {{ padding: 2px 12px 2px 0; text-align: right; }}
.comet-record td {{ white-space: nowrap; }}
.comet-record th[scope=row], .comet-record thead th:first-child {{ text-align: left; font-weight: 400; }} .comet-record-clear {{ font: inherit; padding: 4px 12px; }}
.new-here a.learn {{ display: inline-block; margin: 0 6px; padding: 6px 14px; background: #1f3f73; color: #fff;
                     border-radius: 4px; text-decoration: none; font-weight: 600; }}
"""


def players_words(variant: comet.Variant, lang: str = "en") -> str:
    """``2 players`` or ``2 to 5 players`` in ``lang``."""
    from widgets.controllers.checks import players_words as said

    return said(variant, lang)


def picture(family: str, size: float = 38, lang: str = "en") -> str:
    """An inline SVG of a hand dealt by the engine in the family's first game (seed
    :data:`PICTURE_SEED`, two players where the game allows it)."""
    v = comet.VARIANTS[FAMILIES[family][0]]
    players = 2 if 2 in v.players else v.players.start
    hand = comet.Round.deal(v, players=players, seed=PICTURE_SEED).hands[0][:7]
    label = words(lang)("{game}: a hand dealt by the engine", game=words(lang)(v.name))
    return str(comet_render.svg.hand(hand, size=size, label=label, lang=lang))


PRACTICE: dict[str, tuple[str, str]] = {
    "learn": (N_("Learn to play"), N_("Short lessons on the real table, from your first card to a whole deal, then "
                                      "what changes in each game of the family.")),
    "puzzles": (N_("Puzzles"), N_("Positions of real deals where one play is clearly best: find it, by game and level.")),
    "drills": (N_("Rules drills"), N_("Short questions on the rules of every game, checked by the engine.")),
    "replay": (N_("Replay a deal"), N_("Step through a deal from its record: paste one, or open a link to a position.")),
}
"""The other pages of ``book/play/`` (not a family): page name -> (title, one line)."""
TOGETHER = ("room",)
"""The room page (:mod:`website.room_page`): friends or a class at their own devices, listed on its own."""


def voila_links(play_url: str = "") -> dict[str, str]:
    """Every page of ``book/play/`` -> its Voilà address under ``play_url`` (the server's base
    URL, ``""`` for links relative to its root)."""
    base = play_url.rstrip("/") + "/" if play_url else ""
    return {name: f"{base}voila/render/{name}.ipynb" for name in [*FAMILIES, *PRACTICE, *TOGETHER]}


def static_links() -> dict[str, str]:
    """Every page of ``book/play/`` -> its address on the static site, relative to ``play/``."""
    return {name: f"{name}.html" for name in [*FAMILIES, *PRACTICE, *TOGETHER]}


PLAY_FAMILY = {"hoc": N_("Play Hoc"), "manille": N_("Play Manille"), "new-comet": N_("Play the new comet"),
               "modern": N_("Play the modern comet"), "commit": N_("Play Commit")}


def games_html(links: Mapping[str, str] | None = None, lang: str = "en", pictures: bool = True) -> str:
    """The families and their games (name, period, players, a hand dealt by the engine), each
    game linked to its page with ``?variant=`` (and ``lang``), then the practice pages.

    ``links`` maps a page name to its address (:func:`voila_links` by default, or
    :func:`static_links`); pages missing from it are left out. The one fragment of both the
    static site's ``play/index.html`` and the play server's root; ``pictures=False``: no hands (error pages).
    """
    _ = words(lang)
    links = voila_links() if links is None else links
    items = []
    for family, ids in FAMILIES.items():
        if family not in links:
            continue
        page = links[family]
        games = "".join(
            f'<li><a href="{html.escape(_with_lang(f"{page}?variant={vid}", lang), quote=True)}">'
            f"{html.escape(_(comet.VARIANTS[vid].name))}</a> "
            f"({html.escape(_(YEARS.get(str(comet.VARIANTS[vid].year), str(comet.VARIANTS[vid].year))))}), "
            f"{html.escape(players_words(comet.VARIANTS[vid], lang))}</li>"
            for vid in ids)
        title = _(TITLES.get(family, family))
        items.append(f'<li class="family" id="{family}"><h2>{html.escape(title)}</h2>'
                     + (f'<div class="picture">{picture(family, lang=lang)}</div>' if pictures else "") +
                     f"<ul>{games}</ul>"
                     f'<a class="play" href="{html.escape(_with_lang(page, lang), quote=True)}">'
                     f"{html.escape(_(PLAY_FAMILY[family]))}</a></li>")
    parts = [f'<ul class="games">{"".join(items)}</ul>', together_html(links, lang)]
    practice = [(name, title, line) for name, (title, line) in PRACTICE.items() if name in links]
    if practice:
        parts.append(f'<h2>{html.escape(_("Practice"))}</h2><p class="lead">'
                     f'{html.escape(_("Your progress is kept in this browser only."))}</p><ul class="practice">')
        parts += ["<li>" + html.escape(_("{title}: {line}", title="\x00", line=_(line))).replace(  # (French "titre : …")
            "\x00", f'<a class="practice-link" href="{html.escape(_with_lang(links[name], lang), quote=True)}">'
            f"{html.escape(_(title))}</a>") + "</li>" for name, title, line in practice]
        parts.append("</ul>")
    return "".join(parts)


def landing_body(links: Mapping[str, str], where: str, book_url: str | None = None, lang: str = "en") -> str:
    """The landing page's heading, lead and :func:`games_html` in ``lang``; ``where`` is
    ``browser`` (the static site) or ``server`` (Voilà)."""
    _ = words(lang)
    book = (" " + _("The rules and the history of every game are in {book}.", book="\x00")) if book_url else ""
    if book_url:
        book = html.escape(book).replace("\x00", f'<a href="{html.escape(book_url, quote=True)}">{html.escape(_("the book"))}</a>')
    place = _("in your browser") if where in ("browser", "in your browser") else _("on this server")
    lead = _("Card games of the comet family, from Hoc Mazarin of the seventeenth century to the rules printed today, "
             "played against the engine's bots {where}: "
             "no account, nothing to install. Choose a family; each page lets you pick its game, the number of players, "
             "the bots or friends at the same device, and a seed (the same seed deals the same cards).", where=place)
    record = record_html(lang) if where in ("browser", "in your browser") else ""
    return (f"{language_menu(lang)}<h1>{html.escape(_('Play the comet family'))}</h1>"
            f"{new_here_html(links, lang)}"
            f'<p class="lead">{html.escape(lead)}{book}</p>{games_html(links, lang)}{record}')


PLURAL_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}
"""A number of each plural category (``Intl.PluralRules``) whose catalog form the record's script uses
(Russian: 1 фишка, 2 фишки, 5 фишек; "other", fractions only in Russian, takes the form of 2 there)."""


def record_html(lang: str = "en") -> str:
    """The player's record on the static landing page (deals played, won and net, by game and by the
    bots played against), filled by :data:`RECORD_SCRIPT` from the browser's storage (the play pages
    keep it there: :mod:`widgets.controllers.record`), with a button that clears it. Its words are
    written here in ``lang``; the script only counts and formats numbers (``Intl``)."""
    from comet_render.words import amount
    from widgets.controllers.checks import BOT_KINDS, BOT_TITLES
    from widgets.controllers.record import MIXED, STORAGE_KEY

    _ = words(lang)
    samples = dict(PLURAL_SAMPLES, other=2 if lang == "ru" else 5)
    data = {
        "key": STORAGE_KEY, "lang": lang,
        "games": {vid: _(v.name) for vid, v in comet.VARIANTS.items()},
        "units": {vid: {cat: amount(_, n, v.rules.unit).replace(str(n), "{n}", 1) for cat, n in samples.items()}
                  for vid, v in comet.VARIANTS.items()},
        "bots": {**{k: _(BOT_TITLES[k]) for k in BOT_KINDS},
                 MIXED: _("Bots of several kinds")},
        "confirm": _("Clear your record of deals in this browser? This cannot be undone."),
    }
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    lead = _("The deals you played to their end against the bots at this site's tables, kept in this browser only "
             "(nothing leaves it).")
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in (_("Game"), _("Deals"), _("Won"), _("Net")))
    head2 = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in (_("Against"), _("Deals"), _("Won"), _("Share won")))
    return (f'<section class="comet-record" aria-labelledby="comet-record-{lang}">'
            f'<h2 id="comet-record-{lang}">{html.escape(_("Your record"))}</h2>'
            f'<p class="lead">{html.escape(lead)}</p>'
            f'<p class="comet-record-empty">{html.escape(_("No deal played to its end yet."))}</p>'
            f'<div class="comet-record-tables" hidden><table class="comet-record-games"><caption>'
            f'{html.escape(_("By game"))}</caption><thead><tr>{head}</tr></thead><tbody></tbody></table>'
            f'<table class="comet-record-bots"><caption>{html.escape(_("By the bots you played"))}</caption>'
            f'<thead><tr>{head2}</tr></thead><tbody></tbody></table>'
            f'<p><button type="button" class="comet-record-clear">{html.escape(_("Clear my record"))}</button></p></div>'
            f'<script type="application/json" class="comet-record-words">{text}</script></section>')


RECORD_SCRIPT = """<script>
/* The player's record (widgets/controllers/record.py's stored form), read from this browser's storage:
   the sessions begun since the last clear, summed by game and by the bots played against. "Clear my
   record" stores a cleared copy, which the play pages open in other tabs merge (the storage event). */
(function () {
  "use strict";
  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "{}") || {}; } catch (e) { return {}; }
  }
  function draw(section) {
    var words = JSON.parse(section.querySelector(".comet-record-words").textContent);
    var data = read(words.key), cleared = +data.cleared || 0, games = {}, bots = {}, any = false;
    var sessions = data.sessions && typeof data.sessions === "object" ? data.sessions : {};
    Object.keys(sessions).forEach(function (id) {
      var s = sessions[id];
      if (!s || !(+s.t >= cleared) || !s.rows) { return; }
      Object.keys(s.rows).forEach(function (key) {
        var row = s.rows[key], parts = key.split("|");
        if (parts.length !== 2 || !Array.isArray(row) || row.length !== 3) { return; }
        [[games, parts[0]], [bots, parts[1]]].forEach(function (pair) {
          var t = pair[0][pair[1]] = pair[0][pair[1]] || [0, 0, 0];
          for (var i = 0; i < 3; i++) { t[i] += +row[i] || 0; }
        });
        any = any || row[0] > 0;
      });
    });
    var number = new Intl.NumberFormat(words.lang), share = new Intl.NumberFormat(words.lang, {style: "percent"});
    var signed = new Intl.NumberFormat(words.lang, {signDisplay: "exceptZero"}), plural = new Intl.PluralRules(words.lang);
    function cell(text, header) {
      var td = document.createElement(header ? "th" : "td");
      if (header) { td.scope = "row"; }
      td.textContent = text;
      return td;
    }
    function fill(table, totals, name, last) {
      var body = table.querySelector("tbody");
      body.textContent = "";
      Object.keys(totals).sort().forEach(function (key) {
        var t = totals[key], tr = document.createElement("tr");
        tr.setAttribute("data-key", key);
        tr.appendChild(cell(name(key), true));
        tr.appendChild(cell(number.format(t[0])));
        tr.appendChild(cell(number.format(t[1])));
        tr.appendChild(cell(last(key, t)));
        body.appendChild(tr);
      });
    }
    fill(section.querySelector(".comet-record-games"), games, function (k) { return words.games[k] || k; },
      function (k, t) {
        var forms = words.units[k] || {}, form = forms[plural.select(Math.abs(t[2]))] || forms.other || "{n}";
        return form.replace("{n}", signed.format(t[2]).replace("-", "\u2212"));
      });
    fill(section.querySelector(".comet-record-bots"), bots, function (k) { return words.bots[k] || k; },
      function (k, t) { return t[0] ? share.format(t[1] / t[0]) : ""; });
    section.querySelector(".comet-record-tables").hidden = !any;
    section.querySelector(".comet-record-empty").hidden = any;
  }
  function drawAll() { document.querySelectorAll(".comet-record").forEach(draw); }
  document.querySelectorAll(".comet-record-clear").forEach(function (button) {
    button.addEventListener("click", function () {
      var section = button.closest(".comet-record");
      var words = JSON.parse(section.querySelector(".comet-record-words").textContent);
      if (!window.confirm(words.confirm)) { return; }
      try {
        window.localStorage.setItem(words.key, JSON.stringify({v: 1, cleared: Date.now() / 1000, sessions: {}}));
      } catch (e) { /* storage off: nothing was kept */ }
      drawAll();
    });
  });
  window.addEventListener("storage", function (e) { if (e.key === null || e.key.indexOf("comet:") === 0) { drawAll(); } });
  drawAll();
})();
</script>"""
"""The record's script (the static landing page's only one besides the language choice)."""


def new_here_html(links: Mapping[str, str], lang: str = "en") -> str:
    """"New here? Learn to play": the first thing a newcomer sees on the landing page ("" if the
    lessons' page is not among ``links``)."""
    if "learn" not in links:
        return ""
    _ = words(lang)
    href = html.escape(_with_lang(links["learn"], lang), quote=True)
    return (f'<p class="new-here"><strong>{html.escape(_("New here?"))}</strong> '
            f'<a class="learn" href="{href}">{html.escape(_("Learn to play"))}</a> '
            f'{html.escape(_("Short lessons on the real table: you make every play, the rules explain each one."))}</p>')


def all_languages(render: "Callable[[str], str]") -> str:
    """The same body in every language, each in its own block (``lang`` set); the English one
    shown, the others hidden until the page's script shows the one of the address's ``lang``."""
    blocks = "".join(f'<div class="comet-lang-version" lang="{code}" data-lang="{code}"{"" if code == "en" else " hidden"}>'
                     f"{render(code)}</div>" for code in LANGUAGES)
    return blocks + LANG_SCRIPT


LANG_SCRIPT = """<script>
(function () {
  var lang = new URLSearchParams(location.search).get("lang") || "en";
  var block = document.querySelector('.comet-lang-version[data-lang="' + lang + '"]');
  if (!block) { return; }
  document.querySelectorAll(".comet-lang-version").forEach(function (b) { b.hidden = b !== block; });
  document.documentElement.lang = lang;
  var title = block.querySelector("h1");
  if (title && lang !== "en") { document.title = title.textContent + " \u2014 Comet"; }
})();
</script>"""


_ICON = ("data:image/svg+xml," + urllib.parse.quote(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="2" y="1" width="12" height="14" rx="2" '
    'fill="#fffdf7" stroke="#1f3f73"/><path d="M8 4l1.2 2.6 2.8.3-2.1 1.9.6 2.8L8 10.2 5.5 11.6l.6-2.8L4 6.9l2.8-.3z" '
    'fill="#c8102e"/></svg>'))
"""The pages' icon, inline (a browser asks for /favicon.ico otherwise, which the server does not have)."""


def document(title: str, body: str, lang: str = "en") -> str:
    """A page of the play server: ``title``, our styles and icon, ``body`` in ``<main>``."""
    return ("<!doctype html>\n"
            f'<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="icon" href="{html.escape(_ICON, quote=True)}">'
            f"<style>{STYLE}</style></head><body><main>{body}</main></body></html>\n")


def landing_html(play_url: str = "", book_url: str | None = None) -> str:
    """The play server's landing page: every family, its games and a link to play, in each
    language (the address's ``lang`` picks the one shown)."""
    return document(words("en")("Play the comet family"), all_languages(
        lambda lang: landing_body(voila_links(play_url), "server", book_url, lang)))


def not_found_html(path: str, play_url: str = "") -> str:
    """The page a wrong address gets: what was asked for, and the games."""
    home = html.escape(play_url.rstrip("/") + "/" if play_url else "/", quote=True)
    shown = path if len(path) <= 120 else path[:120] + "…"

    def body(lang: str) -> str:
        _ = words(lang)
        text = html.escape(_("There is no page at {path}.", path="\x00")).replace(
            "\x00", f"<code>{html.escape(shown)}</code>")
        return (f"<h1>{html.escape(_('No such page'))}</h1>"
                f'<p class="notice">{text} <a href="{home}">{html.escape(_("Back to the games"))}</a>, '
                f"{html.escape(_('or choose one here:'))}</p>{games_html(voila_links(play_url), lang, pictures=False)}")

    return document("No such page: play the comet family", all_languages(body))


def error_html(status: int, reason: str, play_url: str = "") -> str:
    """Any other error page of the play server: the status, and the games."""
    home = html.escape(play_url.rstrip("/") + "/" if play_url else "/", quote=True)

    def body(lang: str) -> str:
        _ = words(lang)
        return (f"<h1>{status}: {html.escape(reason)}</h1>"
                f'<p class="notice">{html.escape(_("That did not work."))} <a href="{home}">'
                f'{html.escape(_("Back to the games"))}</a>, {html.escape(_("or choose one here:"))}</p>'
                f"{games_html(voila_links(play_url), lang, pictures=False)}")

    return document(f"{status} {reason}: play the comet family", all_languages(body))

