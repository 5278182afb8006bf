"""What a claim's test is: its :class:`Design` (the box a claim's page prints above its data) and the
runs of deals it plays (:class:`Sample`).  The fifteen designs are in :mod:`bookkit.designs`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bookkit.markdown import cite, number_word
from bookkit.stats import ALPHA, bonferroni_level, level_text
from comet_render.i18n import N_, book_words, number

__all__ = ["Design", "Sample", "samples"]


@dataclass(frozen=True)
class Sample:
    """One run of deals a claim's page plays: how many deals, and the seed of each arm."""

    name: str
    deals: int
    seeds: tuple[tuple[str, str], ...]
    """(arm, seed): the arm is a player count, a game or a policy, as the page names it ("" if one)."""
    tested: bool = True
    """False for deals that are only described (they decide nothing)."""
    unit: str = "deals"
    """What :attr:`deals` counts: deals, or for C13 whole matches to 121 (several deals each)."""

    def seed(self, arm: Any = "") -> str:
        """The seed of ``arm`` (``KeyError`` naming the arms otherwise)."""
        for key, seed in self.seeds:
            if key == str(arm):
                return seed
        raise KeyError(f"{self.name}: no arm {arm!r}; arms: {', '.join(k for k, _ in self.seeds)}")

    def text(self, lang: str = "en") -> str:
        """The run as the box says it: its name, its deals (per arm) and their seeds; in ``lang``."""
        _ = book_words(lang)
        seeds = ", ".join(f"`{s}`" for _a, s in self.seeds)
        deals = f"{self.deals:,}" if lang == "en" else number(self.deals, lang)
        if self.unit == "matches":
            count = _.ngettext("{n} match", "{n} matches", self.deals).replace(str(self.deals), deals, 1)
        else:
            count = _.ngettext("{n} deal", "{n} deals", self.deals).replace(str(self.deals), deals, 1)
        template = RUN_ARMS if len(self.seeds) > 1 else RUN_ONE
        text = _(template, name=_(self.name), count=count, seeds=seeds)
        return text if self.tested else _(RUN_DESCRIBED, text=text)


RUN_ONE = N_("{name}: {count} (seed {seeds})")
RUN_ARMS = N_("{name}: {count} per arm (seeds {seeds})")
RUN_DESCRIBED = N_("{text}, described, not tested")
"""How a design's box states a run of deals (:meth:`Sample.text`)."""


def samples(name: str, deals: int, seeds: dict[Any, str], tested: bool = True, unit: str = "deals") -> Sample:
    return Sample(name, deals, tuple((str(k), v) for k, v in seeds.items()), tested, unit)


@dataclass(frozen=True)
class Design:
    """What a claim's test is: the page prints :meth:`markdown` in a box above the claim's data."""

    id: str
    words: tuple[tuple[str, str], ...]
    """(source key, the source's own words), in the source's language."""
    translation: str
    """Our English rendering of those words."""
    measure: str
    comparison: str
    """The comparison and its threshold, in words."""
    comparisons: int
    """How many comparisons the claim makes (each interval is at the Bonferroni level for them)."""
    decides: str
    """What would support the claim, what would contradict it, and when the data cannot decide."""
    note: str = ""
    """A caveat: whose claim it is, what the simulation cannot show."""
    samples: tuple[Sample, ...] = ()
    """The deals the page plays, with their seeds."""

    @property
    def level(self) -> float:
        return bonferroni_level(self.comparisons)

    def sample(self, name: str) -> Sample:
        """The run of deals whose name starts with ``name``."""
        found = [s for s in self.samples if s.name.startswith(name)]
        if len(found) != 1:
            raise KeyError(f"{self.id}: {len(found)} samples named {name!r}; samples: "
                           f"{'; '.join(s.name for s in self.samples)}")
        return found[0]

    def parts(self) -> list[str]:
        """The design's words, deals and seeds as text: with the code of its verdict, what its fingerprint
        covers (:func:`bookkit.judging.fingerprint`)."""
        words = [self.id, *(f"{k}: {w}" for k, w in self.words), self.translation, self.measure, self.comparison,
                 str(self.comparisons), self.decides, self.note]
        return words + [f"{s.name} | {s.deals} | {s.seeds} | {s.tested}" + ("" if s.unit == "deals" else f" | {s.unit}")
                        for s in self.samples]

    def markdown(self, lang: str = "en") -> str:
        """The box the page shows above the claim's data (MyST, citations resolved by the build); in
        ``lang``, its labels and the sentences made here, and the design's own words as
        :func:`bookkit.design_words.design_text` translates them (the English words are what the fingerprint
        covers, so they stay as they are: the translation is made here, when the page is written)."""
        from bookkit.design_words import design_text
        from bookkit.history import history_markdown
        from bookkit.verdict_words import semicolons

        _ = book_words(lang)
        quoted = "; ".join(f"«{w}» {cite(k)}" for k, w in self.words) if self.words else ""
        lines = [f"```{{admonition}} {_(BOX_TITLE, claim=self.id)}", ":class: note claim-design", ""]
        if quoted:
            lines.append(_(BOX_CLAIM, quoted=quoted, translation=design_text(self.translation, lang)))
        else:
            lines.append(_(BOX_OWN_WORDS, translation=design_text(self.translation, lang)))
        if self.note:
            lines += ["", design_text(self.note, lang)]
        samples = semicolons([s.text(lang) for s in self.samples], lang)
        lines += ["", _(BOX_MEASURE, text=design_text(self.measure, lang)), "",
                  _(BOX_COMPARISON, text=design_text(self.comparison, lang)), "",
                  _(BOX_CORRECTION, text=self._correction(lang)), "",
                  _(BOX_VERDICT, text=design_text(self.decides, lang)), "",
                  _(BOX_DEALS, text=_capital(samples) + "."), "", history_markdown(self.id, lang), "```"]
        return "\n".join(lines)

    def _correction(self, lang: str = "en") -> str:
        _ = book_words(lang)
        family = " " + _(FAMILY_TOO, table="{ref}`analysis`")
        if self.id == "C4":
            return _(CORRECTION_NONE)
        if self.comparisons == 1:
            return _(CORRECTION_ONE, level=level_text(self.level, lang)) + family
        alpha = f"{ALPHA:g}" if lang == "en" else number(ALPHA, lang, places=2)
        return _(CORRECTION_BONFERRONI, n=number_word(self.comparisons, lang), level=level_text(self.level, lang),
                 alpha=alpha, m=self.comparisons, overall=level_text(1 - ALPHA, lang)) + family


BOX_TITLE = N_("The test of {claim}, and when it was fixed")
BOX_CLAIM = N_("**The claim.** {quoted}: \"{translation}\" (our translation).")
BOX_OWN_WORDS = N_("**The claim, in our words** (no words of the source to quote: the project keeps no text of it). "
                   "{translation}")
BOX_MEASURE = N_("**Measure.** {text}")
BOX_COMPARISON = N_("**Comparison and threshold.** {text}")
BOX_CORRECTION = N_("**Correction.** {text}")
BOX_VERDICT = N_("**Verdict.** {text}")
BOX_DEALS = N_("**Deals and seeds.** {text}")
"""The labels of a design's box (:meth:`Design.markdown`), in the book's catalogs."""
FAMILY_TOO = N_("Across the family of all fifteen claims, Holm's correction is applied as well; the summary table of "
                "{table} gives both verdicts.")
CORRECTION_NONE = N_("none: the values are exact, so there is no interval and no test.")
CORRECTION_ONE = N_("one comparison, so a {level} interval (no correction within the claim); an interval that "
                    "contains the threshold means the data cannot decide.")
CORRECTION_BONFERRONI = N_("Bonferroni, for the {n} comparisons made on this claim: each interval is at {level} (that "
                           "is 1 − {alpha}/{m}), so that all of them hold together with a chance of at least "
                           "{overall}. An interval that contains the threshold means the data cannot decide.")
"""The correction a design's box states, from its number of comparisons."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
