"""What a claim's test is: its :class:`Design` (the box a claim's page prints above its data) and the
runs of deals it plays (:class:`Sample`).  The fifteen designs are in :mod:`bookkit.designs`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bookkit.markdown import cite, number_word
from bookkit.stats import ALPHA, bonferroni_level, level_text

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

    def text(self) -> str:
        seeds = ", ".join(f"`{s}`" for _, s in self.seeds)
        each = " per arm" if len(self.seeds) > 1 else ""
        return f"{self.name}: {self.deals:,} {self.unit}{each} (seed{'s' if len(self.seeds) > 1 else ''} {seeds})" + (
            "" if self.tested else ", described, not tested")


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

    def markdown(self) -> str:
        """The box the page shows above the claim's data (MyST, citations resolved by the build)."""
        from bookkit.history import history_markdown

        quoted = "; ".join(f"«{w}» {cite(k)}" for k, w in self.words) if self.words else ""
        lines = [f"```{{admonition}} The test of {self.id}, and when it was fixed", ":class: note claim-design", ""]
        if quoted:
            lines.append(f"**The claim.** {quoted}: \"{self.translation}\" (our translation).")
        else:
            lines.append(f"**The claim, in our words** (no words of the source to quote: the project keeps no text "
                         f"of it). {self.translation}")
        if self.note:
            lines += ["", self.note]
        lines += ["", f"**Measure.** {self.measure}", "", f"**Comparison and threshold.** {self.comparison}", "",
                  f"**Correction.** {self._correction()}", "", f"**Verdict.** {self.decides}", "",
                  "**Deals and seeds.** " + _capital("; ".join(s.text() for s in self.samples)) + ".", "",
                  history_markdown(self.id), "```"]
        return "\n".join(lines)

    def _correction(self) -> str:
        family = (" Across the family of all fifteen claims, Holm's correction is applied as well; the summary "
                  "table of {ref}`analysis` gives both verdicts.")
        if self.id == "C4":
            return "none: the values are exact, so there is no interval and no test."
        if self.comparisons == 1:
            return (f"one comparison, so a {level_text(self.level)} interval (no correction within the claim); "
                    "an interval that contains the threshold means the data cannot decide." + family)
        return (f"Bonferroni, for the {number_word(self.comparisons)} comparisons made on this claim: each interval "
                f"is at {level_text(self.level)} (that is 1 − {ALPHA:g}/{self.comparisons}), so that all of them "
                f"hold together with a chance of at least {level_text(1 - ALPHA)}. An interval that contains the "
                "threshold means the data cannot decide." + family)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
