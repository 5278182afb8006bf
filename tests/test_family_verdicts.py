"""Each claim's page says what the family-wise test says (issue 46, item 3).

A claim's own verdict (its Bonferroni intervals) may say more than Holm's correction across the
chapter's family of comparisons supports, as C14's "though there are fewer stops in all" did.  So:

* every claim's verdict on its page is followed by ``{claim-family}`Cn```, which the build replaces with
  :func:`bookkit.claimset.family_sentence`: the family's verdict beside the claim's own, and, where they
  differ, how many comparisons each decides;
* in the built pages, each claim's sentence is read back and checked against the family computed
  from the records the pages wrote (:func:`check_family_sentences`), and the claim's own verdict
  words are on its page; a page whose sentence is missing or says another verdict fails.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Mapping

import pytest

from bookkit import claims
from bookkit.claimset import CLAIM_PAGES, FamilyRow, Record, family, family_sentence, load
from bookkit.stats import Estimate
from bookkit.verdict_words import verdict_text

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "book" / "analysis"
BUILT = ROOT / "_build" / "html" / "book" / "analysis"
SPAN = re.compile(r'<span class="claim-family">(.*?)</span>', re.S)


def t_estimate(value: float, se: float, level: float, n: int = 400) -> Estimate:
    """An estimate with a t interval (so that it has a p-value) at ``level``."""
    return Estimate(value, value, value, n, level, "t", (value, se, n - 1.0)).at(level)


def records_where_holm_differs() -> dict[str, Record]:
    """C14's second comparison decided by its own Bonferroni level but not across a family of
    nineteen comparisons; C3 and C11 add comparisons that decide nothing."""
    l14, l3, l11 = (claims.design(c).level for c in ("C14", "C3", "C11"))
    c14 = {"card": t_estimate(0.8, 0.05, l14), "all": t_estimate(-0.3, 0.12, l14)}
    c3 = {f"2-{n}": t_estimate(0.0, 0.01, l3) for n in (3, 4, 5)}
    c11 = {f"g{i} | {ref}": t_estimate(0.6, 0.05, l11) for i in range(7) for ref in ("vs 3/4", "vs 1/2")}
    return {"C14": Record("C14", c14), "C3": Record("C3", c3), "C11": Record("C11", c11)}


def plain(text: str) -> str:
    """HTML text as words: entities and typographic quotes undone, spaces squashed."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    text = text.translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'}))
    return re.sub(r"\s+", " ", text).strip()


def check_family_sentences(pages: Mapping[str, str], rows: list[FamilyRow]) -> list[str]:
    """What is wrong with the built pages (name -> HTML) against the family's verdicts: a claim whose
    page lacks its family sentence, says another one, or lacks the claim's own verdict words."""
    bad = []
    for row in rows:
        page = pages.get(CLAIM_PAGES[row.claim][0], "")
        said = [plain(s) for s in SPAN.findall(page)]
        mine = [s for s in said if s.startswith(f"{row.claim} ") or f" {row.claim}'s verdict" in s]
        if mine != [family_sentence(row)]:
            bad.append(f"{row.claim}: the page says {mine or 'nothing'} across the family; the family says "
                       f"{family_sentence(row)!r}")
        text = plain(page)
        own = row.within.headline.split("; the experiment: ")[0]
        if own not in text:
            bad.append(f"{row.claim}: the page does not print the claim's own verdict {own!r}")
    return bad


# ------------------------------------------------------------------ the sentence
def test_the_sentence_says_when_the_family_differs() -> None:
    rows = {r.claim: r for r in family(records_where_holm_differs())[0]}
    c14 = rows["C14"]
    assert c14.within.headline == ("supported: taking the 8♦ out makes stops, though there are fewer stops in all")
    assert c14.across.headline.startswith("supported: taking the 8♦ out makes stops, though whether")
    assert (c14.decided_within, c14.decided_across) == (2, 1)
    sentence = family_sentence(c14)
    assert "C14's verdict differs" in sentence and c14.across.headline in sentence and c14.within.headline in sentence
    assert "decides 1 of the claim's 2 comparisons where the claim's own decides 2" in sentence
    same = family_sentence(rows["C3"])
    assert "verdict is the same" in same and rows["C3"].across.headline in same
    exact = FamilyRow("C4", 0, rows["C3"].within, rows["C3"].within, None)
    assert family_sentence(exact).startswith("C4 makes no test")
    # Each edition says it in its language (issue 47), with the claim's counts and verdicts in it.
    french = family_sentence(c14, "fr")
    assert french.startswith("Sur la famille de toutes les comparaisons du chapitre") and "tranche 1 des 2 comparaisons" in french
    assert verdict_text(c14.within.headline, "fr") in french and verdict_text(c14.across.headline, "fr") in french
    assert c14.within.headline not in french  # the verdicts too, read back in the edition's words
    assert family_sentence(rows["C3"], "ru").startswith("По всему семейству сравнений главы")
    assert family_sentence(exact, "es").startswith("C4 no hace ninguna prueba")


def test_the_check_catches_a_page_that_says_more_than_the_family() -> None:
    rows, _ = family(records_where_holm_differs())
    c14 = next(r for r in rows if r.claim == "C14")
    good = (f"<p><strong>Verdict: {html.escape(c14.within.headline)}.</strong> "
            f'<span class="claim-family">{html.escape(family_sentence(c14))}</span></p>')
    assert check_family_sentences({"shape": good}, [c14]) == []
    # The page of issue 46: its own verdict, with nothing said across the family.
    silent = f"<p><strong>Verdict: {html.escape(c14.within.headline)}.</strong></p>"
    assert check_family_sentences({"shape": silent}, [c14])
    # A family sentence that repeats the claim's own verdict as if the family agreed.
    agreeing = good.replace(html.escape(family_sentence(c14)), html.escape(
        f"Across the family of all the chapter's comparisons (Holm's correction), C14's verdict is the same: "
        f"{c14.within.headline}."))
    assert check_family_sentences({"shape": agreeing}, [c14])


def test_the_sentence_says_when_a_comparison_the_verdict_does_not_read_differs() -> None:
    """C15's verdict reads manille's share and the experiment; its seven other comparisons (each game against
    manille) are read one by one on its page. One of them decided at the claim's level but not across the
    family leaves the verdict the same, and the sentence says that not every comparison stands."""
    l15 = claims.design("C15").level
    c15 = {"manille": t_estimate(0.31, 0.01, l15), "cause": t_estimate(0.04, 0.005, l15),
           **{f"game {i}": t_estimate(-0.2, 0.01, l15) for i in range(6)}, "game 6": t_estimate(-0.029, 0.01, l15)}
    records = {**records_where_holm_differs(), "C15": Record("C15", c15)}
    row = next(r for r in family(records)[0] if r.claim == "C15")
    assert row.within.headline == row.across.headline
    assert (row.decided_within, row.decided_across) == (9, 8)
    sentence = family_sentence(row)
    assert "verdict is the same" in sentence and "decides 8 of the claim's 9 comparisons where the claim's own " \
        "decides 9" in sentence and "not every comparison" in sentence
    # With every comparison decided alike, the sentence is the plain one.
    plain_row = next(r for r in family({**records, "C15": Record("C15", {**c15, "game 6": c15["game 0"]})})[0]
                     if r.claim == "C15")
    assert family_sentence(plain_row).endswith(f"the same: {plain_row.across.headline}.")


# ------------------------------------------------------------------ the pages' sources
@pytest.mark.parametrize("d", claims.DESIGNS, ids=lambda d: d.id)
def test_every_verdict_is_followed_by_the_family_verdict(d: claims.Design) -> None:
    page, _ = CLAIM_PAGES[d.id]
    text = (PAGES / f"{page}.md").read_text(encoding="utf-8")
    key = d.id.lower()
    found = re.search(r"\*\*Verdict(?: on C\d+)?: \{glue:text\}`" + key + r"_verdict`\.\*\* \{claim-family\}`(C\d+)`", text)
    assert found and found.group(1) == d.id, f"{d.id}: its verdict on {page}.md is not followed by {{claim-family}}"


# ------------------------------------------------------------------ the built pages
@pytest.mark.built
def test_built_pages_say_what_the_family_says() -> None:
    if not (BUILT / "index.html").is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{BUILT} is missing (CI=true): `make book` runs before the tests")
        pytest.skip("the book is not built (make book)")
    rows, _ = family(load(ROOT / "_build" / ".claims"))
    pages = {name: (BUILT / f"{name}.html").read_text(encoding="utf-8") for name, _ in CLAIM_PAGES.values()}
    assert len(rows) == len(claims.DESIGNS)
    assert check_family_sentences(pages, rows) == []
