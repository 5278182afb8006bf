"""bookkit: the helpers behind the book's tables, exercises and analysis."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import comet
import bookkit as book
from comet.agents import decide
from comet.ambiguities import AMBIGUITIES
from comet_learn.glossary import GLOSSARY
import comet_learn.describe

BIB = Path(__file__).resolve().parents[1] / "book" / "references.bib"


def bib_keys() -> set[str]:
    return set(re.findall(r"@\w+\{([^,]+),", BIB.read_text(encoding="utf-8")))


def test_every_digest_key_has_a_bib_entry() -> None:
    assert set(book.BIB_KEYS.values()) <= bib_keys()


def test_every_source_of_variants_and_ambiguities_can_be_cited() -> None:
    for v in comet.VARIANTS.values():
        book.cite(s.key for s in v.sources)
    for a in AMBIGUITIES:
        assert book.cite(a.sources).startswith("{cite:p}`")


def test_cite() -> None:
    assert book.cite("S0, S1; Enc") == "{cite:p}`s0,s1,enc`"
    assert book.cite("S0, S0") == "{cite:p}`s0`"
    assert book.cite("") == ""
    with pytest.raises(KeyError):
        book.cite("Nobody")


def test_plays_text_and_compact_wild() -> None:
    rnd = comet.Round.from_hands("old-comet-1718", ["6S 7H 8D 9C 2C", "TS JS 3C", "QH KD 4H 5D"], leader=0)
    assert book.plays_text(rnd) == "2C, 6S, 7H, 8D, 9C"
    lead = comet.Round.from_hands("commit-1857", ["5H 6H 9D 2C", "7H 8H AS", "KC 3C 4C"], leader=0)
    text = book.plays_text(lead)
    assert text.startswith("2C, 5H, 6H, 9D=… (the 9D as any of ")
    assert len(text) < 80


def test_outcome_markdown_is_a_list_with_the_net() -> None:
    rnd = comet.Round.from_hands("old-comet-1718", ["QC", "9D 2H 3H", "KS KH TS"], leader=0)
    rnd.play("QC")
    text = book.outcome_markdown(rnd.outcome())
    assert text.splitlines()[0] == "- Seat 0 went out."
    assert "  - seat 1 pays 14 jetons to seat 0: 14 pips in 2♥ 3♥ 9♦" in text
    assert text.splitlines()[-1].startswith("- Net: seat 0 +54")
    assert book.outcome_markdown(None) == "The deal is not over."


@pytest.mark.parametrize("vid", list(comet.VARIANTS))
def test_rules_markdown_has_every_row(vid: str) -> None:
    text = book.rules_markdown(vid)
    lines = text.splitlines()
    assert len(lines) == 2 + len(comet_learn.describe.ROWS)
    assert all(line.count("|") - line.count("\\|") == 3 for line in lines)
    assert "{cite:p}`" in lines[-1]


def test_deal_markdown() -> None:
    text = book.deal_markdown("modern-comet-1991")
    assert "| 2 | 18 | 12 |" in text and "| 5 | 9 | 3 |" in text


def test_ambiguities_and_glossary_markdown() -> None:
    text = book.ambiguities_markdown()
    for a in AMBIGUITIES:
        assert f"### {a.id}\n" in text
        assert f"(ambiguity-{a.id.split('-')[1]})=" in text
        shown = a.id.replace("-", "\u2011")
        assert f"| {{ref}}`{shown} <ambiguity-{a.id.split('-')[1]}>` |" in text  # the index links it
    table = book.glossary_markdown().splitlines()
    assert len(table) == 2 + len(GLOSSARY)
    assert "комета" in table[3]


def test_proportion_and_mean_intervals() -> None:
    e = book.proportion_ci(50, 100)
    assert e.value == 0.5 and 0.40 < e.low < 0.41 and 0.59 < e.high < 0.60 and e.n == 100
    assert "n = 100" in e.pct()
    m = book.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m.value == 2.5 and m.low < 2.5 < m.high
    assert book.mean_ci([]).n == 0 and book.proportion_ci(0, 0).n == 0


def test_seat_table_counts_from_the_first_hand() -> None:
    records = comet.simulate("old-comet-1718", players=3, agents="random", games=30, seed=1, workers=1, dealer=None)
    rows = book.seat_table(records)
    assert [pos for pos, _, _ in rows] == [0, 1, 2]
    assert sum(w.value for _, w, _ in rows) == pytest.approx(1.0)
    assert abs(sum(p.value for _, _, p in rows)) < 1e-9
    assert book.leader_advantage(records).value == rows[0][1].value
    assert all(k > 0 for k in book.run_lengths(records))
    assert set(book.stop_counts(records)) <= {"king", "incidental", "comet", "card", "hoc"}


@pytest.mark.parametrize("policy", book.LeadPolicyAgent.POLICIES)
def test_lead_policies_play_legally(policy: str) -> None:
    records = comet.simulate("old-comet-1718", players=2, agents=[book.LeadPolicyAgent(policy), "greedy"],
                             games=6, seed=policy, workers=1)
    assert all(r.winner is not None for r in records)


def test_lead_policy_choices() -> None:
    rnd = comet.Round.from_hands("old-comet-1718", ["AC 5H 6D 7S KC 9D", "2C 3C"], leader=0)
    assert decide(book.LeadPolicyAgent("longest-run"), rnd).text == "5H"
    assert decide(book.LeadPolicyAgent("aces-first"), rnd).text == "AC"
    assert decide(book.LeadPolicyAgent("highest"), rnd).text == "7S"
    assert decide(book.LeadPolicyAgent("lowest"), rnd).text == "AC"
    with pytest.raises(ValueError):
        book.LeadPolicyAgent("bold")


def test_play_deals_and_manille_share() -> None:
    rounds = book.play_deals("old-comet-1718", 3, comet.agents.GreedyAgent(), 5, seed="t")
    assert all(r.is_over for r in rounds)
    moved, total = book.manille_share(rounds)
    assert 0 <= moved <= total + 9 * 5 * 2
    rows = book.first_hand_by_quality(rounds, groups=2)
    assert len(rows) == 2


def test_comet_dead_probability_is_exact() -> None:
    assert book.comet_dead_probability("modern-comet-1991", 2) == Fraction(1, 4)
    assert book.comet_dead_probability("modern-comet-1991", 5) == Fraction(3, 48)


def test_escalation_values() -> None:
    values = book.escalation_values("modern-comet-1991", 2, 200, seed=0)
    assert values[0] == 2 and all(v % 2 == 0 and v >= 2 for v in values)
    assert any(v > 2 for v in values)


def test_opera_and_group_chances() -> None:
    eldest, both = book.opera_chances("modern-comet-1991", 5, 5, seed=0)
    assert 0 <= both <= eldest <= 5
    g = book.group_chances("new-comet-1752", 2, 20, seed=0)
    assert set(g) == {"four of a kind", "three nines", "two or three kings", "any group"}
    assert g["any group"] >= max(g["four of a kind"], g["three nines"], g["two or three kings"])


def test_match_pegging_reaches_the_target_and_board() -> None:
    history = book.match_pegging(seed=1)
    assert history[0] == [0, 0] and max(history[-1]) >= 121
    assert all(b >= a for prev, cur in zip(history, history[1:]) for a, b in zip(prev, cur))
    svg = book.cribbage_svg(history)
    assert svg.startswith("<svg") and "<title>Cribbage board to 121</title>" in svg
    assert svg.count("<circle") == 2 * 122 + 4
    assert book.match_lengths(2, seed=0)[0] >= 1
    with pytest.raises(ValueError):
        book.cribbage_svg([])


def test_trail_of() -> None:
    rnd = comet.Round.from_hands("old-comet-1718", ["6S 7H 8D 9C 2C", "TS JS 3C", "QH KD 4H 5D"], leader=0)
    for p in ["6S", "7H", "8D", "9C", "pass", "TS", "JS", "pass", "QH", "KD", "4H", "5D"]:
        rnd.play(p)
    cards, stops = book.trail_of(rnd)
    assert [str(c) for c in cards][:8] == ["6S", "7H", "8D", "9C", "TS", "JS", "QH", "KD"]
    assert stops == [7]


def test_manille_net_is_zero_sum_and_counts_the_claims() -> None:
    """What each seat gains through the manille's payments sums to zero over the table, and a
    deal whose manille was claimed moves jetons."""
    rounds = book.play_deals("old-comet-1718", 3, comet.agents.GreedyAgent(), 20, seed="net")
    per_seat = [book.manille_net(rounds, s) for s in range(3)]
    assert all(len(p) == 20 for p in per_seat)
    assert all(sum(p[i] for p in per_seat) == 0 for i in range(20))
    claimed = [i for i, r in enumerate(rounds) if any(e.kind == "claim" for e in r.events)]
    assert claimed and all(any(p[i] for p in per_seat) for i in claimed)


def test_and_list_and_number_word() -> None:
    assert book.and_list([]) == "none" and book.and_list(["a"]) == "a"
    assert book.and_list(["a", "b", "c"]) == "a, b and c"
    assert book.number_word(2) == "two" and book.number_word(12) == "12"


# ---------------------------------------------------------------- issue 25: one name and one date per game
import doctest  # noqa: E402

import bookkit.dates  # noqa: E402
import bookkit.markdown  # noqa: E402
import bookkit.names  # noqa: E402
import bookkit.stats  # noqa: E402

BOOK = Path(__file__).resolve().parents[1] / "book"
PAGES = [p for p in BOOK.rglob("*.md") if "play" not in p.parts]


@pytest.mark.parametrize("module", [bookkit.dates, bookkit.names, bookkit.stats, bookkit.markdown],
                         ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_every_name_substitution_is_a_variant() -> None:
    subs = bookkit.names.substitutions()["v"]
    used = {(p.name, m.group(1), m.group(2)) for p in PAGES
            for m in re.finditer(r"\{\{\s*v\.([a-z0-9_]+)\.([a-z_]+)\s*\}\}", p.read_text(encoding="utf-8"))}
    assert used, "the pages name no game from the data"
    for page, key, field in used:
        assert key in subs and field in subs[key], f"{page}: {{{{ v.{key}.{field} }}}} is not a variant's"


def test_no_game_is_retyped_with_another_date() -> None:
    """A variant's name followed by a year in the book's sources is followed by its own year."""
    bad = []
    for p in PAGES:
        text = p.read_text(encoding="utf-8")
        for v in comet.VARIANTS.values():
            for m in re.finditer(re.escape(v.name) + r" \((\w+)\)", text):
                if m.group(1) != v.year:
                    bad.append(f"{p.name}: {m.group(0)} (the data: {v.year})")
    assert not bad, bad


def test_outcome_words_tell_the_settlement() -> None:
    rnd = comet.Round.from_hands("modern-comet-1991", ["5H 6D 9C", "KH 2H", "3D"], leader=0, pack="red")
    for p in ["5H", "6D", "9C=7"]:
        rnd.play(p)
    words = book.outcome_words(rnd.outcome())
    out = rnd.outcome()
    assert words.startswith("Seat 0 went out") and "played the comet" in words
    assert f"seat 0 wins {out.payments[0]} chips" in words
