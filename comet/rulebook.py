"""The sources of the rules, and how a variant is defined from them (:mod:`comet.variants` and
:mod:`comet.hocs` define the games).

Source keys are those of the digest (``../shared/rules/DIGEST.md`` section 0): S0 and S1
are the Russian and Spanish translations of the English Wikipedia article, S2 the Russian
encyclopedia entry (Yanovsky 1804), Enc an 18th-century French dictionary, W-Hoc,
AJO-Hoc and FR-Hoc the Hoc Mazarin pages, Foster the 1897 Hoyle.  Each ambiguity of the
sources is listed in :mod:`comet.ambiguities` (``AMB-n``); where an option switches its reading,
the option names it, and its default is the reading the engine takes.
"""

from __future__ import annotations

from typing import Any, Mapping

from comet.variant import Option, Rules, Source, Variant

SOURCES = {
    "S0": "Russian translation of en.wikipedia 'Comet (card game)' (seed 000)",
    "S1": "Spanish translation of the same article (seed 002)",
    "S2": "Russian encyclopedia entry 'КОМЕТА', quoting Yanovsky 1804 (seed 001)",
    "Enc": "18th-century French encyclopedic dictionary, art. COMETE (jeu)",
    "W-Hoc": "en.wikipedia 'Hoc Mazarin'",
    "AJO-Hoc": "Académie des jeux oubliés, Hoc Mazarin",
    "FR-Hoc": "fr.wikipedia 'Hoc (jeu)'",
    "W-Hocs": "en.wikipedia 'Jeux de hocs'",
    "Foster": "Foster's Complete Hoyle (1897), 'Commit'",
    "PJ": "Pope Joan, 19th-century texts",
    "PW": "compendium text 'Comet' (two-handed, two packs)",
    "NJ": "Nain Jaune rules",
    "W-Red9": "en.wikipedia 'Red nines'",
}


def sources_of(*keys: str) -> tuple[Source, ...]:
    return tuple(Source(k, SOURCES[k]) for k in keys)


def option(name: str, default: Any, choices: tuple[Any, ...], doc: str, amb: str = "") -> Option:
    """A reading the user may change (``amb``: the ambiguity it settles)."""
    return Option(name, default, choices, doc, amb)


BOOL = (True, False)

COMMON_OPTIONS = (
    option("must_follow", True, BOOL, "A player who can play the needed card must play it.", "AMB-35"),
    option("must_extend", True, BOOL, "Within a turn, keep extending while able (a wild card is never forced).",
         "AMB-36"),
    option("direction", "clockwise", ("clockwise", "anticlockwise"),
         "Direction of play; seats are numbered in this direction, so it changes only the narration."),
)


def options_of(*extra: Option, common: bool = True) -> dict[str, Option]:
    """A variant's options: the common ones (unless ``common`` is false), then ``extra``."""
    opts = {o.name: o for o in (COMMON_OPTIONS if common else ())}
    opts.update({o.name: o for o in extra})
    return opts


def define(id: str, name: str, year: str, family: str, summary: str, sources: tuple[str, ...],
             rules: Rules, options: Mapping[str, Option], doc: str) -> Variant:
    """A variant, once each option's default is checked to be what its rules say."""
    for opt_name, opt in options.items():
        if opt_name in Rules.__dataclass_fields__ and getattr(rules, opt_name) != opt.default:
            raise AssertionError(f"{id}: rules.{opt_name} differs from the option's default")
    return Variant(id=id, name=name, year=year, family=family, summary=summary, sources=sources_of(*sources),
                   rules=rules, options=options, doc=doc)
