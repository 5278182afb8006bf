"""No statistic is typed in the book's prose (issue 46, item 4).

Every figure the book states about a result comes from the computation (myst-nb glue), so that the
four editions say what the tests show.  This test reads the prose of every page of ``book/``
(outside code cells, glued outputs, roles and code) for the marks of a typed statistic: a percent
sign after a number, "n = 600", a p-value, a decimal, "CI", "α = 0.05", or a frequency in words
("one time in twenty", "three in four").  An occurrence passes only if :data:`ALLOWED` names it,
with the reason it is not a typed result.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
PAGES = sorted(p for p in BOOK.rglob("*.md") if "_build" not in p.parts)

STATISTIC = re.compile(
    r"\d\s?%|\bper ?cent\b|\bn\s?=\s?\d|\bp\s?[<=>]\s?0?\.?\d|\b\d*\.\d+\b|\bCI\b|\bα\s?=\s?\d"
    r"|\b(?:one|two|three|four|five|nine|nineteen|\d+)(?: time| times| deal| deals)? in "
    r"(?:twenty|ten|five|four|three|two|a hundred|\d+)\b",
    re.I,
)
"""What a typed statistic looks like in prose."""

ALLOWED: dict[tuple[str, str], str] = {
    ("analysis/index.md", "(*level* CI *low*–*high*, n = *deals*)"):
        "the notation of an interval, explained with placeholders: no figure",
    ("rules/new-comet.md", "four in two partnerships"):
        "a rule of the game (four players in two partnerships), not a frequency",
}
"""(page, the words around the occurrence) -> why it is allowed."""


def prose(text: str) -> str:
    """A page's prose: no front matter, code cells, code shown to the reader, glued outputs, directive
    options, roles (glue, citations, references), code spans or substitutions."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"^(`{3,})\{code-cell\}.*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"^(`{3,})(?:python|text|\{glue:[a-z]+\}).*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"^:[a-z-]+:.*$", "", text, flags=re.M)
    text = re.sub(r"\{[a-z:-]+\}`[^`]*`", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\{\{[^}]*\}\}", " ", text)


def typed_statistics(name: str, text: str) -> list[str]:
    """Each typed statistic of a page's prose that :data:`ALLOWED` does not name, with its context."""
    allowed = [words for (page, words) in ALLOWED if page == name]
    bad = []
    for line in prose(text).splitlines():
        for m in STATISTIC.finditer(line):
            if not any(words in line and m.group(0) in words for words in allowed):
                bad.append(f"{m.group(0)!r} in …{line[max(0, m.start() - 50):m.end() + 30].strip()}…")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(BOOK)))
def test_no_statistic_is_typed_in_prose(page: Path) -> None:
    name = str(page.relative_to(BOOK))
    bad = typed_statistics(name, page.read_text(encoding="utf-8"))
    assert not bad, f"{name}: statistics typed by hand (glue them from the computation):\n" + "\n".join(bad)


@pytest.mark.parametrize("planted", [
    "Each 95% interval misses the truth one time in twenty.",              # issue 46's examples
    "the greedy player wins 61.2% of the deals (n = 300)",
    "The shares cannot be told apart (p = 0.21).",
    "It wins three in four deals.",
    "With α = 0.05 and ten comparisons the level is 99.5 CI.",
])
def test_the_check_finds_a_typed_statistic(planted: str) -> None:
    assert typed_statistics("analysis/x.md", f"Some prose.\n\n{planted}\n")


def test_glue_code_and_allowed_words_pass() -> None:
    page = ("A share of {glue:text}`c1_share` (n = {glue:text}`n`).\n\n```{code-cell} ipython3\nx = 0.95\n```\n\n"
            "Run `mean_ci(x, level=0.95)`.\n\n```python\nnets = [12, -30, 4.5]\n```\n")
    assert typed_statistics("analysis/x.md", page) == []
    allowed = "Rates are written (*level* CI *low*–*high*, n = *deals*) in this book."
    assert typed_statistics("analysis/index.md", allowed) == []
    assert typed_statistics("analysis/other.md", allowed)


def test_every_allowance_is_still_needed() -> None:
    """An allowance whose words are gone from its page is stale: remove it."""
    for (page, words), reason in ALLOWED.items():
        assert reason and words in prose((BOOK / page).read_text(encoding="utf-8")), (page, words)
