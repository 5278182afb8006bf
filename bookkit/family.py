"""The family's history as data: a timeline and a family tree of the stops games.

Both are built from the variants' own metadata (:data:`comet.variants.VARIANTS`: name,
``year``, ``family`` and sources), so they cannot drift from the engine: a variant whose
``year`` is four digits is placed on the timeline at that year, any other (``"undated"``,
``"modern"``) is listed as undated.  The few events that are not games the engine plays
(the 1748 pamphlet, the Russian printings, the "curse of Scotland") and the games the
sources name as relatives but the engine does not play (Newmarket, Michigan, Pope Joan,
red nines, Pink Nines) are listed here, each with its source keys (those of the digest:
S0, S1, S2, W-Hoc, CoS...).

Sources: S0, S1 (the history section and the infobox, whose "similar games" are Hoc,
Newmarket and Michigan), S2 (1748, 1791, 1809, "never had wide popularity", a relative of
Pope Joan, Pink Nines its modern form), W-Hoc (1649, 1654), W-Red9, W-NM, CoS.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """The date as the sources give it: ``"1748"``, ``"1791 and 1809"``, ``"undated"``."""
    what: str
    sources: tuple[str, ...]
    """Digest source keys."""
    chapter: str
    """The chapter that tells it (a key of :data:`CHAPTERS`' values)."""
    variant: str = ""
    """The id of the variant this entry is, if the engine plays it."""


_VARIANT_NOTES: dict[str, str] = {
    "hoc-third-stage": "the first printed rules of Hoc, titled simply \"Hoc\"",
    "old-comet-1718": "the Académie universelle des jeux prints the game as manille, alias comet",
    "new-comet-1752": "the new Académie prints the new comet; the old game becomes the old comet",
    "yanovsky-1804": "Yanovsky's dictionary describes the two packs, the deal and the comets",
    "yanovsky-exchange": "the Russian encyclopedia's own description, with an exchange from the talon",
    "single-pack-joker": "the Russian encyclopedia's simplified form, one pack and a joker",
    "modern-comet-1991": "The New Complete Hoyle Revised prints comet and commit apart",
    "two-handed-arnold-2011": "Arnold's Chambers Card Games: comet for two, to 121 on a cribbage board",
    "comet-6-8-players": "\"one set of rules\" for six to eight players, undated in the article",
    "commit-1857": "the American Hoyle's Games prints Commit",
    "commit-1991": "the 1991 Hoyle's Commit: a pool, the comet restarts from a ten",
    "commit-2011": "Arnold changes Commit: in suit, the holder of the next card plays it",
}
"""What each variant's date is the date of (falls back on the variant's summary)."""

OTHER_EVENTS: tuple[Event, ...] = (
    Event(1649, "1649", "Hoc is mentioned in print, as an invention of the devil", ("W-Hoc",), "history/origins"),
    Event(1682, "1682", "Halley's comet; manille is renamed comet (S2: \"apparently\" after it)",
          ("S0", "S1", "S2"), "history/origins"),
    Event(1708, "1708", "the British Apollo prints \"the curse of Scotland\" for the 9♦, with no word of comet",
          ("CoS",), "history/origins"),
    Event(1748, "1748", "Règles du nouveau jeu de la Comète, 24 pages, Paris", ("S2",), "rules/new-comet"),
    Event(1786, "1786", "a letter to The Gentleman's Magazine: the Duke of York brought comet to Scotland",
          ("S0", "S1"), "history/origins"),
    Event(1791, "1791, 1809", "the rules are printed twice in Russia; the game \"never had wide popularity\"",
          ("S2",), "rules/new-comet"),
    Event(1812, "1812", "first mentions of red nines, which may descend from comet", ("S0", "S1"), "rules/commit"),
)
"""Dated events that are not games the engine plays."""


def _year(text: str) -> int | None:
    return int(text) if len(text) == 4 and text.isdigit() else None


def variant_events() -> list[Event]:
    """One entry per variant, at its year (``None`` if the variant is undated)."""
    return [Event(_year(v.year), v.year, f"{v.name}: {_VARIANT_NOTES.get(v.id, v.summary)}",
                  tuple(s.key for s in v.sources), CHAPTERS[v.family], v.id)
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
    parent: str
    """The key of the game it comes from or is related to ("" for the root)."""
    relation: str
    """``"descends"``: it grew out of its parent; ``"may descend"``: the sources say it may have;
    ``"related"``: the sources only call them relatives."""
    sources: tuple[str, ...]
    families: tuple[str, ...] = ()
    """Variant families (``Variant.family``) the engine plays of this game."""
    when: str = ""
    """For games the engine does not play: the date the sources give."""

    @property
    def variants(self) -> list[str]:
        """Ids of the variants of this game, in the book's order."""
        return [v.id for v in VARIANTS.values() if v.family in self.families]

    @property
    def dates(self) -> str:
        """``"1718"``, ``"1752, 1804, undated"``: the variants' years, or :attr:`when`."""
        years: list[str] = []
        for vid in self.variants:
            y = VARIANTS[vid].year
            y = y if _year(y) is not None else "undated"
            if y not in years:
                years.append(y)
        years.sort(key=lambda y: (y == "undated", y))
        return ", ".join(years) or self.when

    @property
    def chapter(self) -> str:
        """The chapter about it: its family's, else the chapter on the neighbours."""
        return CHAPTERS[self.families[0]] if self.families else "rules/commit"


FAMILY: tuple[Game, ...] = (
    Game("hoc", "Hoc de Mazarin", "", "", ("S0", "S1", "W-Hoc"), ("hoc",)),
    Game("comet", "Manille, renamed comet", "hoc", "descends", ("S0", "S1"), ("manille",)),
    Game("new", "The new comet", "comet", "descends", ("S0", "S1", "S2"), ("new comet",)),
    Game("modern", "The modern game", "new", "descends", ("S0", "S1"), ("modern",)),
    Game("commit", "Commit", "comet", "descends", ("S0", "S1"), ("commit",)),
    Game("red9", "Red nines", "comet", "may descend", ("S0", "S1", "W-Red9"), when="1812"),
    Game("pink9", "Pink Nines", "red9", "descends", ("W-Red9", "S2"), when="c. 1930"),
    Game("popejoan", "Pope Joan", "comet", "related", ("S2", "PJ")),
    Game("newmarket", "Newmarket", "comet", "related", ("S0", "S1", "S2", "W-NM"), when="1885"),
    Game("michigan", "Michigan", "newmarket", "descends", ("W-NM",), when="1920s"),
)
"""The stops games the sources name, each under the game it comes from or is related to.

Hoc's last stage became manille (S0, S1), renamed comet; the new comet of 1748/1752 (S0,
S1, S2) is still printed in English books (S0, S1); Commit is an American variant of comet
(S0, S1); red nines "may descend" from comet (S0, S1) and Pink Nines from red nines
(W-Red9; S2 calls it comet's modern form); S2 calls comet a relative of Pope Joan and a
kind of Newmarket, and the infobox of S0/S1 lists Newmarket and Michigan among similar
games; Michigan replaced Stops in the United States and is treated with Newmarket (W-NM).
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


def family_markdown() -> str:
    """The family tree as a nested Markdown list: the text alternative of
    :func:`bookkit.svg_family.family_svg`."""

    out = []
    for depth, g in family_rows():
        how = {"descends": "grew out of the game above", "may descend": "may have grown out of the game above",
               "related": "a relative of the game above", "": "the root"}[g.relation]
        variants = ", ".join(f"`{v}`" for v in g.variants)
        played = f"; the engine plays {variants}" if variants else ""
        out.append(f"{'  ' * depth}- **{g.name}** ({g.dates or 'undated'}): {how}{played}; "
                   f"{cite(g.sources)}; {_link(g.chapter)}")
    return "\n".join(out)


def event(words: str) -> Event:
    """The entry of the timeline whose text contains ``words`` (``event("British Apollo").year``)."""
    found = [e for e in timeline() if words in e.what]
    if len(found) != 1:
        raise KeyError(f"{len(found)} timeline entries contain {words!r}; give words found in exactly one")
    return found[0]
