"""The book's side of the project: what the book's pages compute and show, built on ``comet``.

``comet`` is the engine and imports nothing from here.  The pages import this package as
``import bookkit as book`` (every helper is re-exported at the top):

* :mod:`bookkit.markdown`: citations, exercise answers, the reference tables (MyST), each in a language;
* :mod:`bookkit.editions`: a value glued once per language, for the book's editions (``glue_each``);
* :mod:`bookkit.stats`: estimates with their intervals, computed by statsmodels and scipy.stats,
  and :func:`~bookkit.stats.verdict`, the wording of a comparison read from its interval;
* :mod:`bookkit.designs`, :mod:`bookkit.claims`, :mod:`bookkit.history` and :mod:`bookkit.claimset`:
  the fifteen claims' designs, their verdicts, the record of when each design was fixed and
  changed, and the family-wise correction across the claims;
* :mod:`bookkit.studies`: the analysis chapter's players and counts;
* :mod:`bookkit.pictures`: a deal's trail, the cribbage board, a colour pack;
* :mod:`bookkit.family` and :mod:`bookkit.svg_family`: the family's timeline and tree, from
  the variants' metadata.
"""

from __future__ import annotations

from bookkit.markdown import (
    BIB_KEYS,
    ambiguities_markdown,
    and_list,
    cite,
    deal_markdown,
    glossary_markdown,
    ledger_markdown,
    number_word,
    outcome_markdown,
    outcome_words,
    position_link,
    plays_text,
    readings_markdown,
    rules_markdown,
)
from bookkit.editions import glue_each
from bookkit.pictures import cribbage_svg, decimal_ticks, figure_markdown, pack_html, trail_of
from bookkit.stats import (
    VERDICT_WORDS,
    Estimate,
    Verdict,
    clustered_difference,
    clustered_mean,
    compare,
    mean_ci,
    mean_difference,
    paired_ci,
    proportion_ci,
    proportion_difference,
    verdict,
    verdict_of,
)
from bookkit.tallies import leader_advantage, run_lengths, seat_table, stop_counts
from bookkit.studies import (
    LeadPolicyAgent,
    comet_dead_probability,
    escalation_values,
    GROUPS,
    first_hand_by_quality,
    first_hand_net_by_quality,
    group_hands,
    group_chances,
    manille_net,
    manille_share,
    match_lengths,
    match_pegging,
    opera_chances,
    play_deals,
)

__all__ = [
    "BIB_KEYS", "cite", "plays_text", "outcome_markdown", "outcome_words", "position_link", "rules_markdown", "deal_markdown",
    "ambiguities_markdown", "readings_markdown", "glossary_markdown", "ledger_markdown", "and_list", "number_word", "Estimate", "proportion_ci", "mean_ci",
    "mean_difference", "proportion_difference", "paired_ci", "clustered_mean", "clustered_difference", "Verdict", "verdict", "verdict_of", "compare", "VERDICT_WORDS",
    "seat_table", "leader_advantage", "run_lengths", "stop_counts", "LeadPolicyAgent",
    "play_deals", "manille_share", "manille_net", "comet_dead_probability", "escalation_values",
    "opera_chances", "group_chances", "match_pegging", "match_lengths", "trail_of", "cribbage_svg", "pack_html", "figure_markdown",
    "decimal_ticks",
    "first_hand_by_quality", "first_hand_net_by_quality", "group_hands", "GROUPS", "glue_each",
]
