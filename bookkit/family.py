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


_VARIANT_NOTES: dict[str, str] = {
    "hoc-third-stage": "the card-play stage as the pages on Hoc describe it (their rules are undated)",
    "old-comet-1718": "the earliest known rules, in the Académie Universelle des Jeux: manille, alias Commette or Comete",
    "new-comet-1752": "\"le nouveau Jeu de la Cométe\" appears; the old game becomes l'Ancienne Cométe",
    "yanovsky-1804": "Yanovsky's packs, deal and comets of 1804, played by the encyclopedia's own undated rules",
    "yanovsky-exchange": "the Russian encyclopedia's own description, with an exchange from the talon",
    "single-pack-joker": "the Russian encyclopedia's simplified form, one pack and a joker",
    "modern-comet-1991": "Morehead, Frey and Mott-Smith's Hoyle: the rules of the modern game",
    "two-handed-arnold-2011": "Arnold's book: comet for two, to 121 on a cribbage board",
    "comet-6-8-players": "\"one set of rules\" for six to eight players, undated in the article",
    "commit-1857": "the American Hoyle's Games prints Commit",
    "commit-1991": "the 1991 Hoyle gives comet and commit apart; Commit: a pool, the comet restarts from a ten",
    "commit-2011": "Arnold changes Commit: in suit, the holder of the next card plays it",
}
"""What each variant's date is the date of (falls back on the variant's summary)."""

def _year(text: str) -> int | None:
    return int(text) if len(text) == 4 and text.isdigit() else None


def _event(fact_id: str, what: str, chapter: str) -> Event:
    d: Dated = fact(fact_id)
    return Event(_year(d.when[:4]), d.when, what, d.sources, chapter)


OTHER_EVENTS: tuple[Event, ...] = (
    _event("hoc-1649", "Hoc is mentioned in print, as an invention of the devil", "history/origins"),
    _event("hoc-1654", "the first printed rules of Hoc, titled simply \"Hoc\" (not seen; the engine plays the "
           "card-play stage from undated pages)", "history/origins"),
    _event("renamed-1682", "Halley's comet; manille is renamed comet (S2: \"apparently\" after it)", "history/origins"),
    _event("apollo-1708", "the British Apollo prints \"the curse of Scotland\" for the 9♦, with no word of comet "
           "(one page reports it)", "history/origins"),
    _event("new-comet-1748", "Regles du nouveau jeu de la Comete, 24 pages, Paris (S2)", "rules/new-comet"),
    _event("gentmag-1786", "a letter to The Gentleman's Magazine: the Duke of York brought comet to Scotland",
           "history/origins"),
    _event("yanovsky-1804", "Yanovsky's dictionary describes the two packs, the deal and the comets (S2 quotes it)",
           "rules/new-comet"),
    _event("russia-1791-1809", "the rules are printed twice in Russia; the game \"never had wide popularity\"",
           "rules/new-comet"),
    _event("red-nines-1812", "first mentions of red nines, which may descend from comet", "rules/commit"),
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
                  date_sources(v.id), CHAPTERS[v.family], v.id)
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
    Game("hoc", "Hoc Mazarin", "", "", ("S0", "S1", "W-Hoc"), ("hoc",), dated=("hoc-1654",)),
    Game("comet", "Manille, the old comet", "hoc", "descends", ("S0", "S1"), ("manille",)),
    Game("new", "The new comet", "comet", "descends", ("S0", "S1", "S2"), ("new comet",),
         dated=("new-comet-1748", "yanovsky-1804")),
    Game("modern", "Modern comet", "new", "descends", ("S0", "S1"), ("modern",)),
    Game("commit", "Commit", "comet", "descends", ("S0", "S1"), ("commit",)),
    Game("red9", "Red nines", "comet", "may descend", ("S0", "S1", "W-Red9"), dated=("red-nines-1812",)),
    Game("pink9", "Pink Nines", "red9", "descends", ("W-Red9",), dated=("pink-nines",),
         note="S2 calls Pink Nines the modern form of comet itself («Современная форма игры — Розовые девятки»); "
              "it never names red nines"),
    Game("popejoan", "Pope Joan", "comet", "related", ("S2", "PJ")),
    Game("newmarket", "Newmarket", "comet", "related", ("S0", "S1", "S2", "W-NM"), dated=("newmarket-1885",)),
    Game("michigan", "Michigan", "newmarket", "descends", ("W-NM",), dated=("michigan-1920s",)),
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


def timeline_markdown() -> str:
    """The timeline as a Markdown table (date, event, sources, chapter): the text alternative
    of :func:`bookkit.svg_family.timeline_svg`."""

    lines = ["| date | what | sources | chapter |", "|---|---|---|---|"]
    for e in timeline():
        lines.append(f"| {e.when} | {e.what.replace('|', '/')} | {cite(e.sources)} | {_link(e.chapter)} |")
    return "\n".join(lines)


def dates_markdown(game: Game) -> str:
    """``"1752 {cite:p}`s0,s1`; 1804 {cite:p}`s2`; undated"``: a game's dates, each cited to the
    sources that give it."""
    items = game.date_items
    if not items:
        return "undated"
    return "; ".join(f"{when} {cite(srcs)}".strip() for when, srcs in items)


def family_markdown() -> str:
    """The family tree as a nested Markdown list: the text alternative of
    :func:`bookkit.svg_family.family_svg`.  Each game's dates are cited to the sources of the
    dates; its place in the tree to the sources of that relation."""

    out = []
    for depth, g in family_rows():
        how = {"descends": "grew out of the game above", "may descend": "may have grown out of the game above",
               "related": "a relative of the game above", "": "the root"}[g.relation]
        variants = ", ".join(f"`{v}`" for v in g.variants)
        played = f"; the engine plays {variants}" if variants else ""
        note = f"; {g.note} {cite('S2')}" if g.note else ""
        out.append(f"{'  ' * depth}- **{g.name}** ({dates_markdown(g)}): {how} {cite(g.sources)}{note}{played}; "
                   f"{_link(g.chapter)}")
    return "\n".join(out)


def event(words: str) -> Event:
    """The entry of the timeline whose text contains ``words`` (``event("British Apollo").year``)."""
    found = [e for e in timeline() if words in e.what]
    if len(found) != 1:
        raise KeyError(f"{len(found)} timeline entries contain {words!r}; give words found in exactly one")
    return found[0]
