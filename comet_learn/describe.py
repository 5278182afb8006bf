"""Rules tables generated from the variants themselves (one source of truth).

``facts(variant)`` gives the rows the book's reference tables and the ``VariantCompare``
widget show: pack, deal, play, stops, wild cards, payments, settlement, match.  Nothing
here is retyped from the sources: it is read from :class:`~comet.variant.Rules`.
"""

from __future__ import annotations

from collections import Counter

from comet.cards import RANK_NAMES, Card, cards_text, sort_key
from comet.ledger import plural
from comet.variant import Variant

ROWS = ("Players", "Pack", "Deal", "Left over", "Play", "Group plays", "Stops", "Wild card",
        "In play", "Settlement", "Opera", "Before play", "Match", "Sources")


def _pack_text(v: Variant) -> str:
    r = v.rules
    texts = []
    for name in r.packs:
        pack = r.pack(name, players=max(v.players))
        wild = cards_text(sorted(r.wild_cards(name), key=sort_key)) or "none"
        label = {"standard": "52-card pack", "red": "red pack", "black": "black pack",
                 "joker": "one pack with a joker", "minus": "one pack without " + " ".join(Card.parse(c).symbol for c in r.removed)}[name]
        texts.append(f"{label}, {len(pack)} cards (wild: {wild})")
    text = "; ".join(texts)
    if r.removed_by_players:
        extra = ", ".join(f"{n} players also without {' '.join(Card.parse(c).symbol for c in cards)}" for n, cards in
                          sorted(r.removed_by_players.items()))
        text += f"; {extra}"
    if len(r.packs) > 1:
        text += "; used on alternate deals (AMB-44)"
    return text


def deal_table(v: Variant) -> dict[int, tuple[int, int]]:
    """Cards each and cards left over, by player count."""
    return {n: (v.deal_size(n), v.dead_size(n)) for n in v.players}


def _stops(v: Variant) -> str:
    r = v.rules
    parts = ["kings" if r.king_stops else "kings, unless another king follows (same rank)"]
    if r.hoc_cards and r.hoc_mode == "stop_anytime":
        parts = ["the hocs (" + " ".join(Card.parse(c).symbol for c in r.hoc_cards) + "), at any time"]
    if r.wild_mode == "stop" and (r.wild or len(r.packs) > 1 or "joker" in r.packs):
        parts.append("the comet")
    missing: list[Card] = []
    if r.in_suit:
        pack = set(r.pack(players=max(v.players)))
        missing = sorted({c for c in pack if c.rank < 13 and Card(c.rank + 1, c.suit) not in pack and not c.is_joker},
                         key=sort_key)
        if missing:
            parts.append(" ".join(c.symbol for c in missing) + " (next card out of the pack)")
    fixed = [Card.parse(c) for c in r.stop_cards if Card.parse(c) not in missing]
    if fixed:
        parts.append(" ".join(c.symbol for c in fixed) + " (a stop by rule, suits followed or not)")
    parts.append("nobody able to go on (the last player leads)")
    return "; ".join(parts)


_WILD_MODES = {
    "stop": "stands for any rank (the needed one when following: AMB-38) and stops",
    "continue": "stands for the needed card and the run goes on; as a king it stops",
    "bridge": "replaces a card nobody can play, and the run goes on",
    "branch": "replaces any card; then the run goes on from the next rank or from a ten",
}


def facts(v: Variant) -> dict[str, str]:
    """The rules of a variant as short rows of text (see :data:`ROWS`)."""
    r = v.rules
    unit = r.unit
    units = plural(unit)
    deal = ", ".join(f"{n}: {each}" for n, (each, _) in deal_table(v).items())
    left = ", ".join(f"{n}: {rest}" for n, (_, rest) in deal_table(v).items())
    turn = {"R": "the player on turn runs on, then the turn passes",
            "H": "whoever holds the next card plays it",
            "A": ("the players alternate: a lead of one card, then each turn adds "
                  + ("any number of cards of one rank" if r.turn_adds == "one_rank"
                     else "cards through several ranks"))}[r.turn_model]
    follow = "each card one rank higher" if r.follow == "next" else "each card the same rank or one higher"
    play = f"{follow}, {'in suit' if r.in_suit else 'suits ignored'}; {turn}"
    if r.switch_to_h_on_wild:
        play += "; after the comet, whoever holds the next card plays it"
    groups = {"four": "four of a kind", "nines": "three nines with or without the comet",
              "kings": "two or three kings"}
    group_text = ", ".join(groups[g] for g in ("four", "nines", "kings") if g in r.groups) or "none"
    wild_cards: set[Card] = set()
    for name in r.packs:
        wild_cards |= r.wild_cards(name)
    wild = ("none" if not wild_cards else
            f"{' '.join(c.symbol for c in sorted(wild_cards, key=sort_key))}: {_WILD_MODES[r.wild_mode]}")
    in_play = []
    if r.ante:
        in_play.append(f"ante {r.ante} {unit} each to the pool")
    if r.wild_pay:
        text = f"the comet: {r.wild_pay} {units} from each opponent"
        if r.wild_claim == "claim":
            text += ", if claimed before the next card is played (passes do not void the claim: AMB-34)"
        if r.wild_pay_step:
            text += f", +{r.wild_pay_step} per preceding deal with the comet in the dead hand"
        in_play.append(text)
    if r.king_stop_pay:
        in_play.append(f"stopping with a king: {r.king_stop_pay} {unit} from each")
    if r.incidental_stop_pay:
        in_play.append(f"an incidental stop: {r.incidental_stop_pay} {unit} from each to the last player")
    if r.card_pay:
        ranks = " or ".join(("an " if k == 1 else "a ") + RANK_NAMES[k] for k in r.card_pay_ranks)
        in_play.append(f"playing {ranks}: {r.card_pay} {unit} from each")
    if r.hoc_pay:
        in_play.append(f"'hoc!': {r.hoc_pay} {unit} from each")
    if r.carte_blanche:
        in_play.append(f"carte blanche: {r.carte_blanche} {units} from each ({2 * r.carte_blanche} with the comet)")
    count = "per pip left (courts 10)" if r.count == "pips" else "per card left"
    settlement = {
        "manille": f"1 {unit} {count} to the winner" + (
            f"; a kept manille costs {r.manille_penalty_amount} to "
            f"{'each opponent' if r.manille_penalty == 'each_opponent' else 'the winner'}"
            if r.wild and r.manille_penalty_amount else "; a kept hoc counts its pips" if r.wild else ""),
        "new": f"game {r.game_stake} + 1 point {count} + comet bonus {r.comet_bonus} when out with the comet, "
               "times the multipliers; a loser holding the comet pays double",
        "modern": f"1 {unit} {count}; ×{r.comet_holder_multiplier} for a loser holding the comet; out with "
                  f"the comet ×{r.comet_last_multiplier}, as a nine ×{r.comet_nine_multiplier}",
        "commit1857": f"1 {unit} per card left; the comet's holder is excused",
        "commit1991": f"the pool, {r.king_held_pay} per king left, {r.comet_held_pay} from the comet's holder",
    }[r.scheme]
    if r.partnerships and 4 in v.players:
        settlement += "; four play as two partnerships"
    opera = {"none": "no", "first_hand": f"first hand out before anyone else plays a card: ×{r.opera_multiplier}",
             "first_turn": f"first hand out in its first, unbroken turn: ×{r.opera_multiplier}",
             "one_turn": f"a hand emptied in one turn (no other player's card between): ×{r.opera_multiplier}",
             "one_turn_literal": f"a hand emptied in one turn (nobody else plays or passes between): "
                                 f"×{r.opera_multiplier}",
             }[r.opera]
    if r.opera_draw:
        opera += "; drawn with two players if the dealer could do it too"
        opera += (" (what was paid in play is returned)" if r.opera_draw_refund
                  else " (the comet's chips paid in play are kept)")
    before = []
    if r.redeal_right:
        before.append("the first hand may demand a redeal")
    if r.exchange:
        before.append("exchange with the talon: " + "; ".join(
            f"{n}p {'/'.join(map(str, a)) or 'none'}" for n, a in sorted(r.exchange.items())))
    match = []
    if r.purse:
        match.append(f"purse of {r.purse} {units}" + (f" ({r.big_unit} = {r.big_unit_value})" if r.big_unit else ""))
    if r.target:
        match.append(f"play to {r.target}")
    match.append("first dealer by lot" if r.first_dealer else "")
    return {
        "Players": f"{min(v.players)}–{max(v.players)}" if len(v.players) > 1 else str(min(v.players)),
        "Pack": _pack_text(v),
        "Deal": deal,
        "Left over": left,
        "Play": play,
        "Group plays": group_text,
        "Stops": _stops(v),
        "Wild card": wild,
        "In play": "; ".join(in_play) or "none",
        "Settlement": settlement,
        "Opera": opera,
        "Before play": "; ".join(before) or "nothing",
        "Match": "; ".join(m for m in match if m),
        "Sources": ", ".join(s.key for s in v.sources),
    }


def pack_counts(v: Variant, pack: str | None = None) -> dict[str, int]:
    """How many cards of each rank a pack holds (for teaching about group plays)."""
    counts = Counter(c.rank for c in v.rules.pack(pack, players=max(v.players)))
    return {RANK_NAMES.get(rank, "joker"): k for rank, k in sorted(counts.items())}


def markdown_table(variants: list[Variant]) -> str:
    """A Markdown table comparing variants row by row."""
    head = "| | " + " | ".join(v.name for v in variants) + " |"
    sep = "|---|" + "---|" * len(variants)
    table = [facts(v) for v in variants]
    rows = [f"| {row} | " + " | ".join(t[row] for t in table) + " |" for row in ROWS]
    return "\n".join([head, sep, *rows])
