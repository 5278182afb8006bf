"""The family's history as data: a timeline and a family tree of the stops games.

Both are built from the variants' own metadata (:data:`comet.variants.VARIANTS`: name,
``year``, ``family``), so they cannot drift from the engine: a variant whose ``year`` is four
digits is placed on the timeline at that year, any other (``"undated"``) is listed as undated.
The few events that are not games the engine plays (the 1748 pamphlet, the Russian printings,
the "curse of Scotland") and the games the sources name as relatives but the engine does not
play (Newmarket, Michigan, Pope Joan, red nines, Pink Nines) are listed here.

Every date carries the sources that give *that date* (:mod:`bookkit.dates`), not the sources
of a variant's rules: 1654 is W-Hoc's date for the first printed rules of Hoc, though S0 and
S1 tell the game's history; Yanovsky's 1804 is S2's, though PW describes the same game
undated.  An undated entry cites the sources that describe it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookkit.dates import Dated, fact, variant_date
from bookkit.markdown import cite
from comet.variants import VARIANTS
from comet_render.i18n import N_, book_words, words

CHAPTERS: dict[str, str] = {
    "hoc": "history/origins",
    "manille": "rules/manille",
    "new comet": "rules/new-comet",
    "modern": "rules/modern",
    "commit": "rules/commit",
}
"""The chapter (a document of ``book/``, without suffix) telling each family's story."""


@dataclass(frozen=True)
class Event:
    """One entry of the timeline."""

    year: int | None
    """Where it sits on the timeline; ``None`` for an undated entry (listed last)."""
    when: str
    """The date as the sources give it: ``"1748"``, ``"1791, 1809"``, ``"undated"``."""
    what: str
    sources: tuple[str, ...]
    """Source keys (:data:`bookkit.markdown.BIB_KEYS`): for a dated entry, the sources that give
    its date (:mod:`bookkit.dates`); for an undated one, those that describe it."""
    chapter: str
    """The chapter that tells it (a key of :data:`CHAPTERS`' values)."""
    variant: str = ""
    """The id of the variant this entry is, if the engine plays it."""
    note: str = ""
    """For a variant's entry, what its date is the date of (:attr:`what` is its name and this)."""

    def text(self, lang: str = "en") -> str:
        """:attr:`what` in ``lang`` (the catalogs' ``book`` domain; a variant's name, the interface's)."""
        _ = book_words(lang)
        if self.variant:
            return _("{game}: {what}", game=words(lang)(VARIANTS[self.variant].name), what=_(self.note))
        return _(self.what)


_VARIANT_NOTES: dict[str, str] = {
    "hoc-third-stage": N_("the card-play stage as the pages on Hoc describe it (their rules are undated)"),
    "old-comet-1718": N_("the earliest known rules, in the Académie Universelle des Jeux: manille, alias Commette or Comete"),
    "new-comet-1752": N_("\"le nouveau Jeu de la Cométe\" appears; the old game becomes l'Ancienne Cométe"),
    "yanovsky-1804": N_("Yanovsky's packs, deal and comets of 1804, played by the encyclopedia's own undated rules"),
    "yanovsky-exchange": N_("the Russian encyclopedia's own description, with an exchange from the talon"),
    "single-pack-joker": N_("the Russian encyclopedia's simplified form, one pack and a joker"),
    "modern-comet-1991": N_("Morehead, Frey and Mott-Smith's Hoyle: the rules of the modern game"),
    "two-handed-arnold-2011": N_("Arnold's book: comet for two, to 121 on a cribbage board"),
    "comet-6-8-players": N_("\"one set of rules\" for six to eight players, undated in the article"),
    "commit-1857": N_("the American Hoyle's Games prints Commit"),
    "commit-1991": N_("the 1991 Hoyle gives comet and commit apart; Commit: a pool, the comet restarts from a ten"),
    "commit-2011": N_("Arnold changes Commit: in suit, the holder of the next card plays it"),
}
"""What each variant's date is the date of (falls back on the variant's summary)."""

def _year(text: str) -> int | None:
    return int(text) if len(text) == 4 and text.isdigit() else None


def _event(fact_id: str, what: str, chapter: str) -> Event:
    d: Dated = fact(fact_id)
    return Event(_year(d.when[:4]), d.when, what, d.sources, chapter)


OTHER_EVENTS: tuple[Event, ...] = (
    _event("hoc-1649", N_("Hoc is mentioned in print, as an invention of the devil"), "history/origins"),
    _event("hoc-1654", N_("the first printed rules of Hoc, titled simply \"Hoc\" (not seen; the engine plays the "
           "card-play stage from undated pages)"), "history/origins"),
    _event("renamed-1682", N_("Halley's comet; manille is renamed comet (S2: \"apparently\" after it)"), "history/origins"),
    _event("apollo-1708", N_("the British Apollo prints \"the curse of Scotland\" for the 9♦, with no word of comet "
           "(one page reports it)"), "history/origins"),
    _event("new-comet-1748", N_("Regles du nouveau jeu de la Comete, 24 pages, Paris (S2)"), "rules/new-comet"),
    _event("gentmag-1786", N_("a letter to The Gentleman's Magazine: the Duke of York brought comet to Scotland"),
           "history/origins"),
    _event("yanovsky-1804", N_("Yanovsky's dictionary describes the two packs, the deal and the comets (S2 quotes it)"),
           "rules/new-comet"),
    _event("russia-1791-1809", N_("the rules are printed twice in Russia; the game \"never had wide popularity\""),
           "rules/new-comet"),
    _event("red-nines-1812", N_("first mentions of red nines, which may descend from comet"), "rules/commit"),
)
"""Dated events that are not games the engine plays."""


def date_sources(variant_id: str) -> tuple[str, ...]:
    """The sources to cite beside a variant's date: those that give the date
    (:func:`bookkit.dates.variant_date`), or, for an undated variant, those that describe it.
    A dated variant whose year is not its fact's date is an error."""
    v = VARIANTS[variant_id]
    d = variant_date(variant_id)
    if d is None:
        if _year(v.year) is not None:
            raise ValueError(f"{variant_id} is dated {v.year} but bookkit.dates gives no source for that date")
        return tuple(s.key for s in v.sources)
    if d.when != v.year:
        raise ValueError(f"{variant_id} is dated {v.year}, its dated fact {d.id!r} {d.when}")
    return d.sources


def variant_events() -> list[Event]:
    """One entry per variant, at its year (``None`` if the variant is undated), citing the
    sources of its date."""
    return [Event(_year(v.year), v.year, f"{v.name}: {_VARIANT_NOTES.get(v.id, v.summary)}",
                  date_sources(v.id), CHAPTERS[v.family], v.id, _VARIANT_NOTES.get(v.id, v.summary))
            for v in VARIANTS.values()]


def timeline() -> list[Event]:
    """Every entry, dated ones by year (games before other events of the same year), undated last."""
    events = variant_events() + list(OTHER_EVENTS)
    return sorted(events, key=lambda e: (e.year is None, e.year or 0, e.variant == ""))


@dataclass(frozen=True)
class Game:
    """A game of the family tree."""

    key: str
    name: str
    """For a game the engine plays, the start of its first variant's name (one name per game)."""
    parent: str
    """The key of the game it comes from or is related to ("" for the root)."""
    relation: str
    """``"descends"``: it grew out of its parent; ``"may descend"``: the sources say it may have;
    ``"related"``: the sources only call them relatives."""
    sources: tuple[str, ...]
    """The sources of the game's place in the tree (its relation to its parent)."""
    families: tuple[str, ...] = ()
    """Variant families (``Variant.family``) the engine plays of this game."""
    dated: tuple[str, ...] = ()
    """Dated facts (:mod:`bookkit.dates`) of the game beyond its variants' dates: a game the engine does
    not play, or a printing older than the rules the engine plays (the 1748 pamphlet of the new comet)."""
    note: str = ""
    """What another source says of the game's place (cited to that source), beside the tree's relation."""

    @property
    def variants(self) -> list[str]:
        """Ids of the variants of this game, in the book's order."""
        return [v.id for v in VARIANTS.values() if v.family in self.families]

    @property
    def date_items(self) -> list[tuple[str, tuple[str, ...]]]:
        """``[("1752", ("S0", "S1")), ("1804", ("S2",)), ("undated", ())]``: each date with the
        sources that give it, in order, undated last; a game with no date gives ``[]``."""
        items: dict[str, tuple[str, ...]] = {}
        for vid in self.variants:
            d = variant_date(vid)
            when = VARIANTS[vid].year if d is not None else "undated"
            items.setdefault(when, d.sources if d is not None else ())
        for fid in self.dated:
            d = fact(fid)
            items.setdefault(d.when, d.sources)
        return sorted(items.items(), key=lambda kv: (kv[0] == "undated", kv[0]))

    @property
    def dates(self) -> str:
        """``"1718"``, ``"1752, 1804, undated"``: the dates of :attr:`date_items`."""
        return ", ".join(when for when, _ in self.date_items)

    @property
    def chapter(self) -> str:
        """The chapter about it: its family's, else the chapter on the neighbours."""
        return CHAPTERS[self.families[0]] if self.families else "rules/commit"


FAMILY: tuple[Game, ...] = (
    Game("hoc", N_("Hoc Mazarin"), "", "", ("S0", "S1", "W-Hoc"), ("hoc",), dated=("hoc-1654",)),
    Game("comet", N_("Manille, the old comet"), "hoc", "descends", ("S0", "S1"), ("manille",)),
    Game("new", N_("The new comet"), "comet", "descends", ("S0", "S1", "S2"), ("new comet",),
         dated=("new-comet-1748", "yanovsky-1804")),
    Game("modern", N_("Modern comet"), "new", "descends", ("S0", "S1"), ("modern",)),
    Game("commit", N_("Commit"), "comet", "descends", ("S0", "S1"), ("commit",)),
    Game("red9", N_("Red nines"), "comet", "may descend", ("S0", "S1", "W-Red9"), dated=("red-nines-1812",)),
    Game("pink9", N_("Pink Nines"), "red9", "descends", ("W-Red9",), dated=("pink-nines",),
         note=N_("S2 calls Pink Nines the modern form of comet itself («Современная форма игры — Розовые "
                 "девятки»); it never names red nines")),
    Game("popejoan", N_("Pope Joan"), "comet", "related", ("S2", "PJ")),
    Game("newmarket", N_("Newmarket"), "comet", "related", ("S0", "S1", "S2", "W-NM"), dated=("newmarket-1885",)),
    Game("michigan", N_("Michigan"), "newmarket", "descends", ("W-NM",), dated=("michigan-1920s",)),
)
"""The stops games the sources name, each under the game it comes from or is related to.

Hoc's last stage became manille (S0, S1), renamed comet; the new comet (S0, S1, S2) is still
printed in English books (S0, S1); Commit is an American variant of comet (S0, S1); red nines
"may descend" from comet (S0, S1) and Pink Nines from red nines (W-Red9; S2 calls it comet's
modern form, but never names red nines, so the tree cites W-Red9 alone for that line); S2 calls comet a relative of Pope Joan and a kind of Newmarket, and the infobox
of S0/S1 lists Newmarket and Michigan among similar games; Michigan replaced Stops in the
United States and is treated with Newmarket (W-NM).
"""


def family_rows() -> list[tuple[int, Game]]:
    """The tree in reading order, each game with its depth (the root is 0)."""
    children: dict[str, list[Game]] = {}
    for g in FAMILY:
        children.setdefault(g.parent, []).append(g)
    rows: list[tuple[int, Game]] = []

    def walk(key: str, depth: int) -> None:
        for g in children.get(key, []):
            rows.append((depth, g))
            walk(g.key, depth + 1)

    walk("", 0)
    return rows


def _link(chapter: str) -> str:
    return f"{{doc}}`/book/{chapter}`"


DATE_WORDS = {"undated": N_("undated")}
"""The dates that are words (the others are years, ``"c. 1930"`` or a decade, :func:`when_text`)."""
ABOUT, DECADE = N_("c. {year}"), N_("the {decade}s")
HOW = {"descends": N_("grew out of the game above"), "may descend": N_("may have grown out of the game above"),
       "related": N_("a relative of the game above"), "": N_("the root")}
"""A game's place in the tree (:attr:`Game.relation`), in a sentence of the tree's list."""


def when_text(when: str, lang: str = "en") -> str:
    """A date as the sources give it, in ``lang``: ``"undated"``, ``"c. 1930"``, ``"1920s"``,
    ``"1791, 1809"`` (years as they are)."""
    _ = book_words(lang)
    if when in DATE_WORDS:
        return _(DATE_WORDS[when])
    if when.startswith("c. ") and when[3:].isdigit():
        return _(ABOUT, year=when[3:])
    if when.endswith("s") and when[:-1].isdigit():
        return _(DECADE, decade=when[:-1]).removeprefix("the ")
    return when


def game_name(game: Game, lang: str = "en") -> str:
    """A game's name in ``lang`` (a game the engine plays: its variant's name, the interface's)."""
    return book_words(lang)(game.name)


def timeline_markdown(lang: str = "en") -> str:
    """The timeline as a Markdown table (date, event, sources, chapter): the text alternative
    of :func:`bookkit.svg_family.timeline_svg`; in ``lang``."""
    _ = book_words(lang)
    heads = (_("date"), _("what"), _("sources"), _("chapter"))
    lines = ["| " + " | ".join(heads) + " |", "|---|---|---|---|"]
    for e in timeline():
        lines.append(f"| {when_text(e.when, lang)} | {e.text(lang).replace('|', '/')} | {cite(e.sources)} | "
                     f"{_link(e.chapter)} |")
    return "\n".join(lines)


def dates_markdown(game: Game, lang: str = "en") -> str:
    """``"1752 {cite:p}`s0,s1`; 1804 {cite:p}`s2`; undated"``: a game's dates, each cited to the
    sources that give it."""
    _ = book_words(lang)
    items = game.date_items
    if not items:
        return when_text("undated", lang)
    return _("; ").join(f"{when_text(when, lang)} {cite(srcs)}".strip() for when, srcs in items)


def family_markdown(lang: str = "en") -> str:
    """The family tree as a nested Markdown list: the text alternative of
    :func:`bookkit.svg_family.family_svg`.  Each game's dates are cited to the sources of the
    dates; its place in the tree to the sources of that. In ``lang``."""
    _ = book_words(lang)
    out = []
    for depth, g in family_rows():
        variants = ", ".join(f"`{v}`" for v in g.variants)
        parts = [f"{_(HOW[g.relation])} {cite(g.sources)}"]
        if g.note:
            parts.append(f"{_(g.note)} {cite('S2')}")
        if variants:
            parts.append(_("the engine plays {variants}", variants=variants))
        parts.append(_link(g.chapter))
        said = _("{name} ({dates}): {what}", name=f"**{game_name(g, lang)}**", dates=dates_markdown(g, lang),
                 what=_("; ").join(parts))
        out.append(f"{'  ' * depth}- {said}")
    return "\n".join(out)


CURSE_ACCOUNTS = {"apollo-1708": N_("the British Apollo"), "gentmag-1786": N_("the letter to The Gentleman's Magazine"),
                  "brewer-1898": N_("Brewer's dictionary")}
"""The three accounts of "the curse of Scotland", by their dated facts (:mod:`bookkit.dates`)."""


def accounts_in_order(years: dict[str, int], lang: str = "en") -> str:
    """``"the British Apollo (1708), ..."``: the accounts (keys of :data:`CURSE_ACCOUNTS`) by year, in ``lang``."""
    _ = book_words(lang)
    return ", ".join(f"{_(CURSE_ACCOUNTS[key])} ({year})" for key, year in sorted(years.items(), key=lambda kv: kv[1]))


def event(words: str) -> Event:
    """The entry of the timeline whose text contains ``words`` (``event("British Apollo").year``)."""
    found = [e for e in timeline() if words in e.what]
    if len(found) != 1:
        raise KeyError(f"{len(found)} timeline entries contain {words!r}; give words found in exactly one")
    return found[0]
