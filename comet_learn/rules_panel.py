"""The rules beside every table: the game on the table in a page or less, in the reader's language.

:func:`rules_sections` writes the rules of a variant from its data alone (:class:`comet.Rules`, the
deal table, the pack, the wild cards), in the order a player needs them: the deal, the play, the
stops, the comet, what is paid in play, the end of the deal; :func:`moment` says the rule of the
moment for the seat to move (what may be played now, and why). Nothing here is retyped from the
sources: like :mod:`comet_learn.describe` (the book's rules tables, in English) it reads the rules
the engine plays, and each reading the engine makes is named with its AMB-n.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.cards import Card, sort_key
from comet.variant import Variant
from comet_learn.moment import moment as moment  # (the rule of the moment's one home: the panel puts it on top)
from comet_render.i18n import Words, card_symbol, rank_label, words
from comet_render.words import amount

if TYPE_CHECKING:
    from comet.round import Round


def _cards(cards: list[Card], lang: str) -> str:
    return " ".join(card_symbol(c, lang) for c in sorted(set(cards), key=sort_key))


def _list(_: Words, items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return _("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _either(_: Words, items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return _("{some} or {last}", some=", ".join(items[:-1]), last=items[-1])


def deal_section(v: Variant, _: Words) -> str:
    r = v.rules
    sizes = ", ".join(_("{cards} with {n}", cards=v.deal_size(n), n=n) for n in v.players)
    if r.packs[0] in ("red", "black"):
        pack = _("Two packs of {size} cards, no aces: a red one (hearts and diamonds of two packs) and a black one "
                 "(spades and clubs), each with one nine from the other: its comet. One pack a deal, in turn.",
                 size=len(r.pack(r.packs[0], players=min(v.players))))
    elif r.packs[0] == "joker":
        pack = _("One pack without the aces and one nine, with a joker as the comet.")
    elif r.packs[0] == "minus":
        pack = _("One pack of 52 cards without {cards}.", cards=_cards([Card.parse(c) for c in r.removed], _.lang))
    else:
        pack = _("One pack of 52 cards.")
    rest = [v.dead_size(n) for n in v.players]
    left = (_("The cards left over are not played.") if any(rest) else _("Every card is dealt."))
    if r.spare_hand:
        left = _("A spare hand is dealt too, and nobody plays it: a card whose next card lies there is a stop.")
    if r.exchange:
        left = _("The cards left over are the talon: before play each player may discard and draw from it.")
    return _("{pack} Cards each: {sizes} players. {left}", pack=pack, sizes=sizes, left=left)


def play_section(v: Variant, _: Words) -> str:
    r = v.rules
    follow = (_("one rank higher") if r.follow == "next" else _("the same rank or one higher"))
    suits = _("in the same suit") if r.in_suit else _("in any suit")
    first = _("The eldest (next to the dealer) leads any card; each next card is {follow}, {suits}.",
              follow=follow, suits=suits)
    if r.turn_model == "H":
        turn = _("Whoever holds the next card plays it.")
    elif r.turn_model == "A":
        turn = _("The players take turns: each turn adds one or more cards of one rank; a player who cannot "
                 "passes, and the other leads anew.")
    else:
        turn = _("You go on while you can; when you cannot, you pass and the next player may take the run on. "
                 "A player who can go on must.")
    more = ""
    if r.switch_to_h_on_wild:
        more = _("Once the comet is played, whoever holds the next card plays it.")
    groups = {"four": _("four of a kind"), "nines": _("three nines"), "kings": _("two or three kings")}
    group = ""
    if r.groups:
        group = _("Groups go down together as one play: {groups}.",
                  groups=_list(_, [groups[g] for g in ("four", "nines", "kings") if g in r.groups]))
    return " ".join(t for t in (first, turn, more, group) if t)


def stops_section(v: Variant, rnd: "Round | None", _: Words) -> str:
    r = v.rules
    parts = [_("a king") if r.king_stops else ""]
    if r.hoc_cards and r.hoc_mode == "stop_anytime":
        parts.append(_("a hoc ({cards}), played at any time", cards=_cards([Card.parse(c) for c in r.hoc_cards],
                                                                          _.lang)))
    if r.wild_mode == "stop" and (r.wild or r.packs[0] in ("red", "black", "joker")):
        parts.append(_("the comet"))
    fixed = [Card.parse(c) for c in r.stop_cards]
    if fixed:
        parts.append(_("the {cards} (its next card is out of the pack)", cards=_cards(fixed, _.lang)))
    elif r.in_suit and r.removed:
        parts.append(_("a card whose next card is out of the pack"))
    return _("A run stops at {stops}, or when nobody can go on; then the player who stopped it, or the last to "
             "play, leads anew.", stops=_either(_, parts))


def comet_section(v: Variant, _: Words) -> str:
    r = v.rules
    wild: set[Card] = set()
    for name in r.packs:
        wild |= r.wild_cards(name)
    if not wild:
        return ""
    cards = _cards(list(wild), _.lang)
    mode = {
        "stop": _("{cards}: the comet, wild. It stands for any card on a lead, for the card the run needs after "
                  "that (AMB-38), and it stops the run."),
        "continue": _("{cards}: the manille, wild. It stands for the card the run needs, and the run goes on "
                      "from it."),
        "bridge": _("{cards}: it may stand for a card nobody can play, so that the run goes on (AMB-24)."),
        "branch": _("{cards}: the comet, wild. It replaces any card; then the run goes on from it or from a "
                    "ten (AMB-26)."),
    }[r.wild_mode]
    return mode.format(cards=cards)


def paid_section(v: Variant, _: Words) -> str:
    r = v.rules
    unit = r.unit
    paid = []
    if r.ante:
        paid.append(_("each player antes {amount} to the pool", amount=amount(_, r.ante, unit)))
    if r.wild_pay:
        text = _("the comet earns {amount} from each opponent", amount=amount(_, r.wild_pay, unit))
        if r.wild_claim == "claim":
            text = _("the manille earns {amount} from each opponent, if claimed before the next card is played",
                     amount=amount(_, r.wild_pay, unit))
        if r.wild_pay_step:
            text += " " + _("(+{n} for each deal before in a row whose comet lay in the dead hand)", n=r.wild_pay_step)
        paid.append(text)
    if r.king_stop_pay:
        paid.append(_("a king's stop earns {amount} from each", amount=amount(_, r.king_stop_pay, unit)))
    if r.incidental_stop_pay:
        paid.append(_("when nobody can go on, the last player earns {amount} from each",
                      amount=amount(_, r.incidental_stop_pay, unit)))
    if r.card_pay:
        ranks = _list(_, [rank_label(k, _.lang) for k in r.card_pay_ranks])
        paid.append(_("playing {ranks} earns {amount} from each", ranks=ranks, amount=amount(_, r.card_pay, unit)))
    if r.hoc_pay:
        paid.append(_("\"hoc!\" earns {amount} from each", amount=amount(_, r.hoc_pay, unit)))
    if r.carte_blanche:
        paid.append(_("a carte blanche (no court card) earns {amount} from each",
                      amount=amount(_, r.carte_blanche, unit)))
    if not paid:
        return _("Nothing is paid during the play.")
    return _("During the play: {items}.", items=_list(_, paid))


def end_section(v: Variant, _: Words) -> str:
    r = v.rules
    unit = r.unit
    by_card = r.count != "pips" or r.scheme == "commit1857"  # (1857: a chip a card, whatever the count)
    per = _("a {unit} for each pip left (courts 10)", unit=amount(_, 1, unit).split(" ", 1)[1]) if not by_card \
        else _("a {unit} for each card left", unit=amount(_, 1, unit).split(" ", 1)[1])
    first = _("The first to play their last card wins the deal.")
    if r.scheme == "commit1991":
        pay = _("The winner takes the pool, {kings} for each king left and {comet} from whoever still holds the "
                "comet.", kings=amount(_, r.king_held_pay, unit), comet=amount(_, r.comet_held_pay, unit))
    elif r.scheme == "commit1857":
        wild = _cards([Card.parse(c) for c in r.wild], _.lang)
        pay = _("Each other player pays the winner {per}; the holder of the {card} is excused.", per=per, card=wild)
    else:
        pay = _("Each other player pays the winner {per}.", per=per)
    more = []
    if r.comet_holder_multiplier > 1:
        more.append(_("a loser still holding the comet pays ×{n}", n=r.comet_holder_multiplier))
    if r.comet_last_multiplier > 1:
        more.append(_("going out with the comet ×{n}, as a nine ×{m}", n=r.comet_last_multiplier,
                      m=r.comet_nine_multiplier))
    kept = ""
    if r.scheme == "manille" and r.wild and r.manille_penalty_amount:
        kept = _capital(_("a manille kept in hand costs {amount} to each opponent",
                          amount=amount(_, r.manille_penalty_amount, unit))) + "."
    if r.opera != "none":
        more.append(_("an opera (the first hand out at once) ×{n}", n=r.opera_multiplier))
    text = " ".join([first, pay])
    if more:
        text += " " + _("Multipliers: {items}.", items=_list(_, more))
    if kept:
        text += " " + kept
    if r.partnerships and 4 in v.players:
        text += " " + _("With four players, partners sit opposite: when one goes out, the side wins.")
    if r.redeal_right:
        text += " " + _("Before play, the first hand may keep the hand or demand a new deal.")
    if r.target:
        text += " " + _("A match is played to {n}.", n=r.target)
    return text


def rules_sections(v: Variant, lang: str = "en", rnd: "Round | None" = None) -> list[tuple[str, str]]:
    """The rules of ``v`` as (heading, text) pairs in ``lang``, a page or less."""
    _ = words(lang)
    sections = [(_("The deal"), deal_section(v, _)), (_("The play"), play_section(v, _)),
                (_("Stops"), stops_section(v, rnd, _)), (_("The comet"), comet_section(v, _)),
                (_("Paid in play"), paid_section(v, _)), (_("The end of the deal"), end_section(v, _))]
    return [(head, text) for head, text in sections if text]
