"""The rules beside every table: the game on the table in a page or less, in the reader's language.

:func:`rules_lines` writes the rules of a variant from its data alone (:class:`comet.Rules`, the
deal table, the pack, the wild cards), in the order a player needs them: the deal, the play, the
stops, the comet, what is paid in play, the end of the deal, each sentence a :class:`Line` with a key
of its own; :func:`rules_sections` joins them into a paragraph a section; :func:`moment` (from
:mod:`comet_learn.moment`, its one home) says the rule of the moment for the seat to move. Nothing here is retyped
from the sources: like :mod:`comet_learn.describe` (the book's rules tables, in English) it reads
the rules the engine plays. A sentence that a reading switched by an option decides says what the
option's value gives (so :func:`comet_learn.readings.panel_readings` finds the reading by asking the
engine again); a reading no option switches is declared on its :class:`Line`, where the variant's own
docstring names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from comet.cards import Card, sort_key
from comet.settlement import HOLDING_FACTOR, NEW_ROWS
from comet.variant import Variant
from comet_learn.moment import moment as moment  # (the rule of the moment's one home: the panel puts it on top)
from comet_render.i18n import Words, card_symbol, rank_label, words
from comet_render.words import amount

if TYPE_CHECKING:
    from comet.round import Round


@dataclass(frozen=True)
class Line:
    """One sentence of the rules panel: ``key`` (the same whatever the reading), ``text``, and the
    ``readings`` no option switches that it rests on (AMB-n, as the variant's docstring names them)."""

    key: str
    text: str
    readings: tuple[str, ...] = ()


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


def _read(v: Variant, *ambs: str) -> tuple[str, ...]:
    """The ambiguities among ``ambs`` whose reading ``v`` makes (its docstring names them)."""
    return tuple(a for a in ambs if a in v.doc)


def deal_lines(v: Variant, _: Words) -> list[Line]:
    r = v.rules
    out = []
    if r.hoc_cards:
        out.append(Line("reconstruction", _(
            "This card play is a reconstruction: the sources on Hoc describe its stages, its hocs and its purse, "
            "not the whole of its last stage.")))
    if r.packs[0] in ("red", "black"):
        out.append(Line("pack", _(
            "Two packs of {size} cards, no aces: a red one (hearts and diamonds of two packs) and a black one "
            "(spades and clubs), each with one nine from the other: its comet. One pack a deal, in turn.",
            size=len(r.pack(r.packs[0], players=min(v.players)))), _read(v, "AMB-44")))
    elif r.packs[0] == "joker":
        out.append(Line("pack", _("One pack without the aces and one nine, with a joker as the comet."),
                        _read(v, "AMB-16")))
    elif r.packs[0] == "minus":
        out.append(Line("pack", _("One pack of 52 cards without {cards}.",
                                  cards=_cards([Card.parse(c) for c in r.removed], _.lang))))
    else:
        out.append(Line("pack", _("One pack of 52 cards.")))
    sizes = ", ".join(_("{cards} with {n}", cards=v.deal_size(n), n=n) for n in v.players)
    out.append(Line("sizes", _("Cards each: {sizes} players.", sizes=sizes), _read(v, "AMB-10")))
    rest = [v.dead_size(n) for n in v.players]
    left = (_("The cards left over are not played.") if any(rest) else _("Every card is dealt."))
    if r.spare_hand:
        left = _("A spare hand is dealt too, and nobody plays it: a card whose next card lies there is a stop.")
    if r.exchange:
        left = _("The cards left over are the talon: before play each player may discard and draw from it.")
    out.append(Line("left", left))
    return out


def _must(v: Variant, _: Words) -> Line:
    r = v.rules
    if not r.must_follow:
        return Line("must", _("A player may pass even when able to go on."))
    if not r.must_extend:
        return Line("must", _("A player who holds the card the run needs must take the run on, but may stop "
                              "after any card."))
    return Line("must", _("A player who can go on must."))


def play_lines(v: Variant, _: Words) -> list[Line]:
    r = v.rules
    follow = (_("one rank higher") if r.follow == "next" else _("the same rank or one higher"))
    suits = _("in the same suit") if r.in_suit else _("in any suit")
    out = [Line("first", _("The eldest (next to the dealer) leads any card; each next card is {follow}, {suits}.",
                           follow=follow, suits=suits))]
    if r.turn_model == "H":
        out.append(Line("turn", _("Whoever holds the next card plays it.")))
    elif r.turn_model == "A":
        adds = (_("each turn adds one or more cards of one rank") if r.turn_adds == "one_rank"
                else _("each turn adds one or more cards, climbing rank by rank"))
        out.append(Line("turn", _("The players take turns: {adds}; a player who cannot passes, and the other "
                                  "leads anew.", adds=adds)))
        out.append(_must(v, _))
    else:
        out.append(Line("turn", _("You go on while you can; when you cannot, you pass and the next player may take "
                                  "the run on.")))
        out.append(_must(v, _))
    if r.switch_to_h_on_wild:
        out.append(Line("after-comet", _("Once the comet is played, whoever holds the next card plays it, for the "
                                         "rest of the deal.") if r.h_scope == "deal" else
                        _("Once the comet is played, whoever holds the next card plays it, until the run stops.")))
    groups = {"four": _("four of a kind"), "nines": _("three nines"), "kings": _("two or three kings")}
    if r.groups:
        out.append(Line("groups", _("Groups go down together as one play: {groups}.",
                                    groups=_list(_, [groups[g] for g in ("four", "nines", "kings") if g in r.groups]))))
    return out


def stops_lines(v: Variant, _: Words) -> list[Line]:
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
    return [Line("stops", _("A run stops at {stops}, or when nobody can go on; then the player who stopped it, or "
                            "the last to play, leads anew.", stops=_either(_, parts)))]


def comet_lines(v: Variant, _: Words) -> list[Line]:
    r = v.rules
    wild: set[Card] = set()
    for name in r.packs:
        wild |= r.wild_cards(name)
    if not wild:
        return []
    cards = _cards(list(wild), _.lang)
    if r.wild_mode == "stop":
        text = _("{cards}: the comet, wild. It stands for any card on a lead, for the card the run needs after "
                 "that, and it stops the run.", cards=cards)
    elif r.wild_mode == "continue":
        text = _("{cards}: the manille, wild. It stands for the card the run needs, and the run goes on from it.",
                 cards=cards)
    elif r.wild_mode == "bridge":
        text = _("{cards}: it may stand for a card nobody can play, so that the run goes on.", cards=cards)
    else:
        ten = _("from the 10♦") if r.strict_10D else _("from a ten")
        text = _("{cards}: the comet, wild. It replaces any card; then the run goes on from it or {ten}.",
                 cards=cards, ten=ten)
    return [Line("comet", text, _read(v, "AMB-38") if r.wild_mode in ("stop", "continue") else ())]


def paid_lines(v: Variant, _: Words) -> list[Line]:
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
            text += " " + (_("(+{n} for each deal before in a row whose comet lay in the dead hand)", n=r.wild_pay_step)
                           if r.escalation_reset == "dealt" else
                           _("(+{n} for each deal before in a row whose comet was not played)", n=r.wild_pay_step))
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
    declared = _read(v, "AMB-46") if r.ante else ()
    declared += _read(v, "AMB-41", "AMB-48") if r.scheme == "new" else ()
    if not paid:
        return [Line("paid", _("Nothing is paid during the play."), declared)]
    return [Line("paid", _("During the play: {items}.", items=_list(_, paid)), declared)]


def _opera(v: Variant, _: Words) -> str:
    what = {"first_turn": _("the eldest out in the first, unbroken turn"),
            "first_hand": _("the first hand out before anyone else has played a card"),
            "one_turn": _("a hand played out with no other player laying a card in between"),
            "one_turn_literal": _("a hand played out without the turn ever leaving its player")}[v.rules.opera]
    return _("an opera ({what}) ×{n}", what=what, n=v.rules.opera_multiplier)


def end_lines(v: Variant, _: Words) -> list[Line]:
    r = v.rules
    unit = r.unit
    by_card = r.count != "pips" or r.scheme == "commit1857"  # (1857: a chip a card, whatever the count)
    per = _("a {unit} for each pip left (courts 10)", unit=amount(_, 1, unit).split(" ", 1)[1]) if not by_card \
        else _("a {unit} for each card left", unit=amount(_, 1, unit).split(" ", 1)[1])
    out = [Line("winner", _("The first to play their last card wins the deal."))]
    if r.scheme == "commit1991":
        out.append(Line("pay", _("The winner takes the pool, {kings} for each king left and {comet} from whoever "
                                 "still holds the comet.", kings=amount(_, r.king_held_pay, unit),
                                 comet=amount(_, r.comet_held_pay, unit)), _read(v, "AMB-49")))
    elif r.scheme == "commit1857":
        wild = _cards([Card.parse(c) for c in r.wild], _.lang)
        out.append(Line("pay", _("Each other player pays the winner {per}; the holder of the {card} is excused.",
                                 per=per, card=wild)))
    else:
        out.append(Line("pay", _("Each other player pays the winner {per}.", per=per), _read(v, "AMB-47")))
    more = []
    if r.scheme == "new":  # the Académie's table (AMB-12): the comet's multipliers are not the Rules' fields
        more.append(_("a loser still holding the comet pays ×{n}", n=HOLDING_FACTOR))
        more.append(_("going out with the comet ×{n}, as a nine ×{m}", n=NEW_ROWS[(False, True, False)][1],
                      m=NEW_ROWS[(False, True, True)][1]))
    if r.comet_holder_multiplier > 1:
        more.append(_("a loser still holding the comet pays ×{n}", n=r.comet_holder_multiplier))
    if r.comet_last_multiplier > 1:
        more.append(_("going out with the comet ×{n}, as a nine ×{m}", n=r.comet_last_multiplier,
                      m=r.comet_nine_multiplier))
    if r.opera != "none":
        more.append(_opera(v, _))
    if more:
        how = (_("several multiply together") if r.multipliers == "multiply"
               else _("when several apply, only the largest counts"))
        out.append(Line("multipliers", _("Multipliers: {items}; {how}.", items=_list(_, more), how=how)))
    if r.scheme == "manille" and r.wild and r.manille_penalty_amount:
        cost = amount(_, r.manille_penalty_amount, unit)
        kept = (_("a manille kept in hand costs {amount} to each opponent", amount=cost)
                if r.manille_penalty == "each_opponent" else _("a manille kept in hand costs {amount} to the winner",
                                                                amount=cost))
        out.append(Line("kept", _capital(kept) + "."))
    if r.partnerships and 4 in v.players:
        out.append(Line("partners", _("With four players, partners sit opposite: when one goes out, the side wins."),
                        _read(v, "AMB-42")))
    if r.redeal_right:
        out.append(Line("redeal", _("Before play, the first hand may keep the hand or demand a new deal."),
                        _read(v, "AMB-40")))
    if r.target:
        out.append(Line("target", _("A match is played to an agreed total, here {n}.", n=r.target)))
    return out


def rules_lines(v: Variant, lang: str = "en") -> list[tuple[str, list[Line]]]:
    """The rules of ``v`` in ``lang``: (heading, sentences) for each section, a page or less."""
    _ = words(lang)
    sections = [(_("The deal"), deal_lines(v, _)), (_("The play"), play_lines(v, _)),
                (_("Stops"), stops_lines(v, _)), (_("The comet"), comet_lines(v, _)),
                (_("Paid in play"), paid_lines(v, _)), (_("The end of the deal"), end_lines(v, _))]
    return [(head, lines) for head, lines in sections if lines]


def rules_sections(v: Variant, lang: str = "en", rnd: "Round | None" = None) -> list[tuple[str, str]]:
    """The rules of ``v`` as (heading, text) pairs in ``lang``, a page or less."""
    return [(head, " ".join(line.text for line in lines)) for head, lines in rules_lines(v, lang)]

