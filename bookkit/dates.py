"""Every date the book prints, with the sources that give it.

The book cites, beside each date, a source that gives *that date*: not the sources of a
variant's rules, which may be undated compendia.  :data:`DATES` lists the dated facts the
book tells, each with the sources that give its date and, for the project's own texts (S0,
S1, S2, kept in ``shared/seeds``), the words that give it, so that a test can find them
there.  A date that no source gives is either the book's own inference (said so where it is
printed) or left out.

The timeline and the family tree (:mod:`bookkit.family`) take their citations from here, and
``tests/test_dates.py`` checks every sentence of the book that prints a year: it must tell a fact
of this table (it names one of the fact's :data:`TERMS`) and cite a source that gives that fact's
date, so that a year cited to a source that gives the same year for something else fails.

>>> sorted(fact("new-comet-1748").sources)
['S2']
>>> "W-Hoc" in sources_for_year(1654)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Evidence", "Dated", "DATES", "TERMS", "fact", "facts_of", "years_of", "sources_for_year", "VARIANT_DATES",
           "variant_date", "SEED_FILES"]

SEED_FILES: dict[str, str] = {"S0": "000_d3df458dd473fd6e.txt", "S1": "002_baaa625b1317aa65.txt",
                              "S2": "001_a485127927c8a4f7.txt"}
"""The project's three texts, as the digest names them (S1 is seed 002, S2 seed 001)."""


@dataclass(frozen=True)
class Evidence:
    """One source that gives a date."""

    source: str
    """A source key of :data:`bookkit.markdown.BIB_KEYS`: the digest's (``S0``, ``W-Hoc``...) or
    one the book adds (``DNB``, ``McAlister``, ``W-Halley``, each named as an addition)."""
    words: str = ""
    """The source's own words giving the date, as printed there (for S0, S1 and S2, which the
    project keeps); empty for a page we read but do not keep."""


@dataclass(frozen=True)
class Dated:
    """A dated fact the book tells."""

    id: str
    when: str
    """The date as the book prints it: ``"1748"``, ``"1791, 1809"``, ``"1679–1682"``."""
    what: str
    given_by: tuple[Evidence, ...]

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(e.source for e in self.given_by)


def _e(source: str, words: str = "") -> Evidence:
    return Evidence(source, words)


DATES: tuple[Dated, ...] = (
    # ---- Hoc (W-Hoc: the Wikipedia article "Hoc Mazarin", read but not kept)
    Dated("mazarin-minister", "1642–1661", "Mazarin is chief minister of France", (_e("W-Hoc"),)),
    Dated("hoc-1649", "1649", "Hoc is mentioned in print, as an invention of the devil", (_e("W-Hoc"),)),
    Dated("hoc-1654", "1654", "the first printed rules of Hoc, titled simply \"Hoc\"", (_e("W-Hoc"),)),
    Dated("hoc-1730", "1730", "Hoc Mazarin printed as one of two kinds of Hoc", (_e("W-Hoc"),)),
    # ---- the renaming, the curse of Scotland
    Dated("renamed-1682", "1682", "manille renamed comet after Halley's comet (S2: \"apparently\" after it)", (
        _e("S0", "получила новое название после появления кометы Галлея в 1682 году"),
        _e("S1", "adquirió un nuevo nombre con la aparición del cometa Halley en 1682"),
        _e("S2", "Впервые, видимо, в эту игру начали играть, по крайней мере по названию, после появления кометы "
                 "Галлея в 1682 г."))),
    Dated("comet-1758", "1758–59", "the comet's return, to which some web pages tie the name",
          (_e("Web-modern"), _e("PW"))),
    Dated("james-1685", "1685", "James II, formerly Duke of York, comes to the throne", (
        _e("S0", "взошедшему на трон в 1685 году"), _e("S1", "que ascendió al trono en 1685"))),
    Dated("james-in-scotland", "1679–1682", "James, Duke of York, lives in Scotland (an addition of the book)",
          (_e("McAlister"),)),
    Dated("james-leaves", "1682", "James sails from Leith on 4 March 1682 (an addition of the book)",
          (_e("DNB"),)),
    Dated("halley-1682", "1682", "Halley observes the comet in September 1682 (an addition of the book)",
          (_e("W-Halley"),)),
    Dated("mary-of-modena", "1679", "Mary of Modena, the duke's wife, keeps court with him at Holyrood "
          "(an addition of the book)", (_e("Strickland"),)),
    Dated("apollo-1708", "1708", "the British Apollo prints \"the curse of Scotland\" (one page reports it)",
          (_e("CoS"),)),
    Dated("gentmag-1786", "1786", "a letter to The Gentleman's Magazine ties the curse of Scotland to comet", (
        _e("S0", "корреспондент The Gentleman's Magazine в 1786 году"),
        _e("S1", "un corresponsal de The Gentleman's Magazine en 1786"), _e("CoS"))),
    Dated("brewer-1898", "1898", "Brewer's Dictionary of Phrase and Fable", (_e("Brewer"),)),
    # ---- manille and the new comet
    Dated("academie-1718", "1718", "the earliest known rules, in the Académie universelle des jeux", (
        _e("S0", "описаны в издании Académie Universelle des Jeux 1718 года"),
        _e("S1", "descritas en la edición de 1718 de la Académie Universelle des Jeux"))),
    Dated("new-comet-1748", "1748", "Règles du nouveau jeu de la Comète, Paris, 24 pages",
          (_e("S2", "увидела свет в 1748 г."),)),
    Dated("new-comet-1752", "1752", "the new comet appears; the old game becomes the old comet", (
        _e("S0", "В 1752 году появился новый вариант"), _e("S1", "En 1752 apareció una nueva variante"))),
    Dated("russia-1791-1809", "1791, 1809", "the rules are printed twice in Russia",
          (_e("S2", "правила игры публиковались дважды — в 1791 и 1809 гг."),)),
    Dated("yanovsky-1804", "1804", "Yanovsky's dictionary describes comet", (_e("S2", "Впервые: Яновский, 1804"),)),
    Dated("red-nines-1812", "1812", "first mentions of red nines", (
        _e("S0", "Начиная с 1812 года, появляются упоминания"), _e("S1", "Desde 1812 en adelante hay referencias"))),
    Dated("red-nines-later", "1841, 1858, 1908", "red nines mentioned again", (_e("W-Red9"),)),
    Dated("pink-nines", "c. 1930", "Pink Nines, a modern descendant of red nines", (_e("W-Red9"),)),
    # ---- Commit and the neighbours
    Dated("commit-1857", "1857", "the American Hoyle prints Commit", (
        _e("S0", "Самый ранний отчет встречается в американском Хойле 1857 года"),
        _e("S1", "El relato más antiguo aparece en un Hoyle estadounidense de 1857"))),
    Dated("newmarket-1885", "1885", "the American Hoyle plays Newmarket with the 8♦ removed", (_e("W-NM"),)),
    Dated("foster-1897", "1897", "Foster's Complete Hoyle: Commit", (_e("Foster"),)),
    Dated("michigan-1920s", "1920s", "Michigan replaces Stops and Boodle in the United States", (_e("W-NM"),)),
    # ---- the modern books
    Dated("hoyle-1991", "1991", "Morehead, Frey and Mott-Smith's Hoyle: the modern rules", (
        _e("S0", "Следующие правила основаны на Морхеде , Фрее и Мотт-Смите (1991)"),
        _e("S1", "Las siguientes reglas se basan en Morehead , Frey y Mott-Smith (1991)"))),
    Dated("commit-1991", "1991", "the 1991 Hoyle gives comet and commit apart", (
        _e("S0", "Хойл 1991 года дает отдельные правила"), _e("S1", "El Hoyle de 1991 ofrece reglas separadas"))),
    Dated("arnold-2011", "2011", "Arnold's two-handed comet", (
        _e("S0", "Арнольд (2011) описывает версию"), _e("S1", "Arnold (2011) describe una versión"))),
    Dated("commit-2011", "2011", "Arnold's changes to the 1991 Commit", (
        _e("S0", "В Арнольде (2011) применяются следующие изменения в Хойле (1991)"),
        _e("S1", "En Arnold (2011), se aplican los siguientes cambios a Hoyle (1991)"))),
    Dated("parlett-2008", "2008", "Parlett's Penguin Book of Card Games", (_e("W-Red9"), _e("S0", "Парлетт, Дэвид (2008)"))),
)
"""The dated facts of the book, each with the sources that give its date."""

VARIANT_DATES: dict[str, str] = {
    "old-comet-1718": "academie-1718",
    "new-comet-1752": "new-comet-1752",
    "modern-comet-1991": "hoyle-1991",
    "two-handed-arnold-2011": "arnold-2011",
    "commit-1857": "commit-1857",
    "commit-1991": "commit-1991",
    "commit-2011": "commit-2011",
}
"""The fact whose date a variant's ``year`` is (the undated variants have none).  A variant is dated
only by the date of the rules the engine plays: Hoc's card-play stage comes from undated pages (1654
is the date of Hoc's first printed rules, which we have not seen), and the game played with
Yanovsky's packs of 1804 follows the encyclopedia's own undated rules, so both are undated."""


TERMS: dict[str, tuple[str, ...]] = {
    "mazarin-minister": ("mazarin",),
    "hoc-1649": ("devil", "mentioned"),
    "hoc-1654": ("rules", "printed", "hoc"),
    "hoc-1730": ("hoc de lyon", "two kinds"),
    "renamed-1682": ("renam", "halley", "comet of", "the comet", "new name", "name"),
    "comet-1758": ("return",),
    "james-1685": ("throne", "james ii", "accession"),
    "james-in-scotland": ("edinburgh", "lived", "with him", "years there"),
    "james-leaves": ("leith", "sailed", "left"),
    "halley-1682": ("halley", "observ"),
    "apollo-1708": ("british apollo", "apollo"),
    "gentmag-1786": ("gentleman", "letter", "correspondent", "story", "other writers"),
    "brewer-1898": ("brewer",),
    "academie-1718": ("académie", "earliest", "1718 text", "manille", "old game", "old comet", "first hand by lot",
                      "rules"),
    "new-comet-1748": ("printed", "printing", "pamphlet", "regles", "paris", "rules"),
    "new-comet-1752": ("new comet", "new game", "new version", "nouveau", "appeared", "académie", "ancienne",
                       "rules of", "game's date"),
    "russia-1791-1809": ("russia", "printed twice"),
    "yanovsky-1804": ("yanovsky",),
    "red-nines-1812": ("red nines",),
    "red-nines-later": ("mentioned again", "red nines"),
    "pink-nines": ("pink nines",),
    "commit-1857": ("hoyle", "commit", "american"),
    "newmarket-1885": ("newmarket",),
    "foster-1897": ("foster",),
    "michigan-1920s": ("michigan",),
    "hoyle-1991": ("hoyle", "modern", "morehead"),
    "commit-1991": ("hoyle", "commit"),
    "arnold-2011": ("arnold",),
    "commit-2011": ("arnold",),
    "parlett-2008": ("parlett",),
    "mary-of-modena": ("mary of modena", "duke's wife"),
}
"""What a sentence that tells each fact names (any of these words, in lower case): a dated sentence
of the book must name a fact of its year and cite a source that gives that fact's date
(``tests/test_dates.py``)."""


def facts_of(sentence: str, year: int) -> list[Dated]:
    """The dated facts of ``year`` that ``sentence`` tells (it names one of their :data:`TERMS`)."""
    low = sentence.lower()
    return [d for d in DATES if year in years_of(d.when) and any(w in low for w in TERMS.get(d.id, ()))]


def fact(id: str) -> Dated:
    """The dated fact ``id`` (``KeyError`` naming the known ones otherwise)."""
    for d in DATES:
        if d.id == id:
            return d
    raise KeyError(f"no dated fact {id!r}; known: {', '.join(d.id for d in DATES)}")


def variant_date(variant_id: str) -> Dated | None:
    """The dated fact of a variant's year, or ``None`` for an undated variant."""
    return fact(VARIANT_DATES[variant_id]) if variant_id in VARIANT_DATES else None


def years_of(when: str) -> list[int]:
    """The years a printed date names: ``"1791, 1809"`` -> ``[1791, 1809]``, ``"1758–59"`` ->
    ``[1758, 1759]``, ``"1920s"`` -> ``[1920]``."""
    years: list[int] = []
    for m in re.finditer(r"\b(1[5-9]\d\d|20[0-2]\d)(?:[–-](\d\d)\b)?", when):
        years.append(int(m.group(1)))
        if m.group(2):
            years.append(int(m.group(1)[:2] + m.group(2)))
    return years


def sources_for_year(year: int) -> set[str]:
    """Every source that gives some fact of the book dated ``year``."""
    return {s for d in DATES if year in years_of(d.when) for s in d.sources}
