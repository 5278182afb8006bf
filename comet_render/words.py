"""The engine's results in the reader's words: names, payments, the settlement, stops, targets.

The one place where a payment's reason and the settlement's lines are worded. The engine gives
them as typed items (``Payment.why`` with its cards, terms and factors; ``Outcome.remarks``, each a
:class:`~comet.outcome.Note`); the words of a reason are the engine's one table of them, keyed by the
reason (:data:`comet.ledger.WHY_WORDS`, :data:`comet.ledger.TERM_WORDS`), which the catalogs translate:
:func:`reason_text` and :func:`note_text` word them in the catalogs' languages. Every page reads payments and settlements through :func:`payment_sentence` and
:func:`settlement`.

Players are named by :class:`Names`: the seat the page addresses as "you", and a name for every
other seat (never "seat N").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from comet.cards import Card
from comet.events import Stop
from comet.ledger import HOLDING, NO_CARDS, POOL, TERM_WORDS, WHY_WORDS, Count, Payment, Why, net
from comet.ledger import Words as LedgerWords
from comet.outcome import Bonus, End, Note, Say
from comet.plays import Kind, Play
from comet.state import Phase
from comet_render.i18n import N_, Words, card_symbol, cards_symbols, rank_label, words

if TYPE_CHECKING:
    from comet.outcome import Outcome
    from comet.round import Round


@dataclass(frozen=True)
class Names:
    """The players' names at one table: ``names[seat]``, and the seat called "you" (or None)."""

    names: tuple[str, ...]
    you: int | None = None
    lang: str = "en"

    @classmethod
    def seats(cls, players: int, you: int | None = None, lang: str = "en") -> "Names":
        """Default names: "you" for ``you``, "Player N" (counted from 1) for the others."""
        _ = words(lang)
        return cls(tuple(_("You") if s == you else _("Player {n}", n=s + 1) for s in range(players)), you, lang)

    def __call__(self, seat: int) -> str:
        if seat == POOL:
            return words(self.lang)("the pool")
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def is_you(self, seat: int) -> bool:
        return self.you is not None and seat == self.you


def say(_: Words, names: Names, seat: int, you_form: str, named_form: str, **values: object) -> str:
    """``you_form`` when ``seat`` is "you", else ``named_form`` with ``{name}``: the one switch of
    every sentence about a player (their verbs agree with "you" in every language)."""
    if names.is_you(seat):
        return _(you_form, **values)
    return _(named_form, name=names(seat), **values)


def amount(_: Words, n: int, unit: str) -> str:
    """``3 chips``, ``3 фишки``: the variants' units (``Rules.unit``): jeton (the glossary's forms:
    jeton, жетон, jeton), chip, point."""
    if unit == "jeton":
        return _.ngettext("{n} jeton", "{n} jetons", n)
    if unit == "point":
        return _.ngettext("{n} point", "{n} points", n)
    return _.ngettext("{n} chip", "{n} chips", n)


def unit_name(_: Words, unit: str) -> str:
    """The unit in the plural, for headings (``chips``)."""
    return amount(_, 5, unit).split(" ", 1)[1]


# ------------------------------------------------------------------ reasons
def worded(_: Words, message: LedgerWords, n: int, **values: object) -> str:
    """A message of the engine's tables (:data:`comet.ledger.WHY_WORDS`, :data:`comet.ledger.TERM_WORDS`)
    through the catalogs: its form for the count ``n`` in ``_``'s language, filled in."""
    if isinstance(message, str):
        return _(message, n=n, **values)
    return _.ngettext(message[0], message[1], n, **values)


def _terms_text(_: Words, p: Payment) -> str:
    """``13 pips in 3♥ K♦ ×2; comet bonus 100 ×4``, then the multipliers of the whole."""
    cards = cards_symbols(p.cards, _.lang)
    parts = [(worded(_, TERM_WORDS[t.what], t.value, cards=cards) if p.cards or t.what is not Count.PIPS
              else _(NO_CARDS)) + (f" ×{t.times}" if t.times != 1 else "") for t in p.terms]
    text = _("; ").join(parts)  # (French « ; »)
    for factor in p.factors:
        said = _(HOLDING, n=factor.times) if factor.why == "holding" else f"×{factor.times}"
        text += (_("; ") if len(parts) > 1 else " ") + said
    return text


def reason_text(_: Words, p: Payment) -> str:
    """A payment's reason in ``_``'s language: the engine's words for it (:data:`comet.ledger.WHY_WORDS`,
    keyed by ``Payment.why``) through the catalogs, filled in from its cards, terms and factors."""
    return worded(_, WHY_WORDS[p.why], p.terms[0].value if p.terms else len(p.cards),
                  cards=cards_symbols(p.cards, _.lang), amount=amount(_, p.amount, p.unit),
                  best=p.terms[1].value if len(p.terms) > 1 else 0,
                  refunded=reason_text(_, p.refunded) if p.refunded is not None else "",
                  terms=_terms_text(_, p) if p.why is Why.HAND else "")


def _bonus(_: Words, bonus: Bonus, natural: bool = False) -> str:
    if bonus is Bonus.OPERA:
        return _("opera")
    if bonus is Bonus.COMET_AS_NINE:
        return _("went out with the comet as a natural nine") if natural else _("went out with the comet as a nine")
    return _("went out with the comet")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def note_text(_: Words, names: Names, note: Note) -> str:
    """A remark of the settlement (``Outcome.remarks``) in ``_``'s language."""
    match note.what:
        case Say.OPERA_DRAW:
            return _("Opera by the first hand, but the dealer could have made one too: the hand is drawn.")
        case Say.TIE:
            return _("A tie: nobody scores.")
        case Say.REFUNDS:
            return _("The drawn hand returns what was paid in play (AMB-32, option opera_draw_refund).")
        case Say.EXCUSED:
            return say(_, names, note.seat, N_("You hold the {cards} and are excused from paying."),
                       N_("{name} holds the {cards} and is excused from paying."),
                       cards=cards_symbols(note.cards, _.lang))
        case Say.BLOCKED:
            listed = ", ".join(f"{names(s)} {c}" for s, c in enumerate(note.counts))
            return _("Everybody is blocked: {counts}.", counts=listed)
        case Say.MULTIPLIERS:
            g, p, b = note.counts
            why = _capital(", ".join(_bonus(_, w) for w in note.why))
            return _("{why}: game ×{g}, points ×{p}, bonus ×{b}.", why=why, g=g, p=p, b=b)
    parts = (f"{_bonus(_, w, natural=True)} ×{k}" for w, k in zip(note.why, note.times))
    return _capital(_("; ").join(parts)) + "."


# ------------------------------------------------------------------ payments
def calculation(_: Words, p: Payment, remarks: Sequence[Note] = ()) -> str:
    """How a settlement's payment is reckoned, the multipliers written out, from the payment's terms
    and factors (a deal's multiplier split into its reasons, the outcome's ``remarks``): ``34 pips in
    2♥ 4♦ 8♥ J♦ Q♦ × 2 (went out with the comet) × 2 (opera) = 136 chips``. A payment with nothing
    to multiply or add (or whose parts do not make its amount) keeps its reason (:func:`reason_text`)."""
    base = sum(t.value * t.times for t in p.terms)
    total = base
    for factor in p.factors:
        total *= factor.times
    if not p.terms or total != p.amount or (len(p.terms) == 1 and p.terms[0].times == 1 and not p.factors):
        return reason_text(_, p)
    cards = cards_symbols(p.cards, _.lang)
    parts = [(worded(_, TERM_WORDS[t.what], t.value, cards=cards) if p.cards or t.what is not Count.PIPS
              else _(NO_CARDS)) + (f" \u00d7 {t.times}" if t.times != 1 else "") for t in p.terms]
    text = " + ".join(parts) if len(parts) == 1 or not p.factors else "(" + " + ".join(parts) + ")"
    deal = next((n for n in remarks if n.what is Say.DEAL_FACTORS), None)
    for factor in p.factors:
        if factor.why == "holding":
            text += " " + _("\u00d7 {n} ({why})", n=factor.times, why=_("holding the comet"))
        elif deal is not None and _product(deal.times) == factor.times:
            text += "".join(" " + _("\u00d7 {n} ({why})", n=k, why=_bonus(_, w)) for w, k in zip(deal.why, deal.times))
        else:
            text += f" \u00d7 {factor.times}"
    return _("{sum} = {amount}", sum=text, amount=amount(_, p.amount, p.unit))


def _product(values: Sequence[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def payment_sentence(_: Words, names: Names, p: Payment, unit: str, remarks: Sequence[Note] | None = None) -> str:
    """``Anna pays you 1 chip: played the comet.`` (the pool and "you" in their own sentences); with a
    settlement's ``remarks``, the reason reckoned with its multipliers written out (:func:`calculation`)."""
    reason = calculation(_, p, remarks) if remarks is not None else reason_text(_, p)
    values = {"amount": amount(_, p.amount, unit), "reason": reason}
    if p.payer == POOL:
        return say(_, names, p.payee, N_("You take {amount} from the pool: {reason}."),
                   N_("{name} takes {amount} from the pool: {reason}."), **values)
    if p.payee == POOL:
        return say(_, names, p.payer, N_("You pay {amount} into the pool: {reason}."),
                   N_("{name} pays {amount} into the pool: {reason}."), **values)
    if names.is_you(p.payer):
        return _("You pay {amount} to {payee}: {reason}.", payee=names(p.payee), **values)
    if names.is_you(p.payee):
        return _("{payer} pays you {amount}: {reason}.", payer=names(p.payer), **values)
    return _("{payer} pays {amount} to {payee}: {reason}.", payer=names(p.payer), payee=names(p.payee), **values)


@dataclass
class Settlement:
    """A finished deal as the table shows it: a headline, notes, what each was left with, the
    payments (in play, at the end) and the net per seat."""

    headline: str
    notes: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    in_play: list[tuple[Payment, str]] = field(default_factory=list)
    final: list[tuple[Payment, str]] = field(default_factory=list)
    net: list[int] = field(default_factory=list)
    unit: str = "chip"


def settlement(outcome: "Outcome", names: Names, lang: str) -> Settlement:
    """The outcome of a deal worded for ``names`` in ``lang``."""
    _ = words(lang)
    if outcome.end is End.DRAW:
        head = _("The hand is drawn.")
    elif outcome.winner is None:
        head = _("Deal over: no winner (a tie).")
    elif outcome.end is End.OUT and outcome.opera:
        head = say(_, names, outcome.winner, N_("You went out: an opera!"), N_("{name} went out: an opera."))
    elif outcome.end is End.OUT:
        head = say(_, names, outcome.winner, N_("You went out and win the deal."), N_("{name} went out and wins the deal."))
    else:
        head = say(_, names, outcome.winner, N_("You win the deal."), N_("{name} wins the deal."))
    out = Settlement(head, unit=outcome.unit, net=list(outcome.payments))
    out.notes = [note_text(_, names, n) for n in outcome.remarks]
    out.left = [say(_, names, s, N_("You are left with {cards}."), N_("{name} is left with {cards}."),
                    cards=cards_symbols(hand, lang)) for s, hand in enumerate(outcome.hands) if hand]
    out.in_play = [(p, payment_sentence(_, names, p, outcome.unit)) for p in outcome.ledger]
    out.final = [(p, payment_sentence(_, names, p, outcome.unit, outcome.remarks)) for p in outcome.settlement]
    return out


def in_play_net(rnd: "Round") -> list[int]:
    """Each seat's net of the payments made so far in this deal."""
    return net(list(rnd.ledger), rnd.players)


YEARS = {"undated": N_("undated"), "modern": N_("modern")}
"""The periods of the games that have no year (``Variant.year``)."""


def game_title(variant: Any, lang: str = "en") -> str:
    """``Modern comet (1991)`` in ``lang`` (``Variant.title``, translated)."""
    _ = words(lang)
    year = str(variant.year)
    return f"{_(variant.name)} ({_(YEARS[year]) if year in YEARS else year})"


# ------------------------------------------------------------------ the turn
def stop_reason(_: Words, reason: Stop, alternate: bool = False) -> str:
    """Why a run stopped (``Stopped.reason``), with its sources, in ``_``'s language: the engine's one
    table of the stops' words (:data:`comet.events.STOP_WORDS`, which the catalogs translate); in
    Yanovsky's alternate turns (``alternate``) the incidental stop is the other's not building (S2)."""
    if reason is Stop.INCIDENTAL and alternate:
        return _("the other cannot build, so the last player starts a new sequence (S2)")
    return _(reason.rule)


def stop_label(_: Words, reason: Stop) -> str:
    """A stop in a few words (the table's tail): ``a king``, ``un roi``."""
    return _(reason.label)


def a_rank(_: Words, rank: int) -> str:
    """``a 10``, ``an 8``, ``une D``, ``una Q``: a rank named with its article where the language has
    one, of the card's gender (the jack, queen, king and ace each have a message of their own: French
    *la dame*, Spanish *la sota*, *la reina*)."""
    label = rank_label(rank, _.lang)
    if rank == 11:
        return _.pgettext("a jack", "a {rank}", rank=label)
    if rank == 12:
        return _.pgettext("a queen", "a {rank}", rank=label)
    if rank == 13:
        return _.pgettext("a king", "a {rank}", rank=label)
    if rank == 1:
        return _.pgettext("an ace", "an {rank}", rank=label)
    if _.lang == "en" and label == "8":
        return _("an {rank}", rank=label)
    return _("a {rank}", rank=label)


def targets_text(_: Words, targets: Sequence[tuple[int, str]] | None) -> str:
    """What may follow: ``a 10``, ``the 8♥ or a 10``, ``any card (a new lead)``."""
    if targets is None:
        return _("any card (a new lead)")
    said = [card_symbol(Card(rank, suit), _.lang) if suit else a_rank(_, rank) for rank, suit in targets]
    text = said[0]
    for more in said[1:]:
        text = _("{a} or {b}", a=text, b=more)
    return text


def need_text(_: Words, rnd: "Round") -> str:
    """What the player to move must do now: keep or redeal, discard then draw, or the targets."""
    if rnd.phase is Phase.REDEAL:
        return _("keep the hand or demand a new deal")
    if rnd.phase is Phase.EXCHANGE:
        return _("discard, then draw from the talon")
    return targets_text(_, rnd.targets)


def play_label(_: Words, play: object) -> str:
    """A play for a button: ``8♥``, ``7♥ 7♦``, ``9♣★ = 10``, *Pass*, *Keep the hand*..."""
    assert isinstance(play, Play)
    if play.kind is Kind.CARDS:
        parts = []
        for c in play.cards:
            if c is play.wild:
                stands = rank_label(play.rank, _.lang) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
                parts.append(_("{card}★ as {rank}", card=card_symbol(c, _.lang), rank=stands))
            else:
                parts.append(card_symbol(c, _.lang))
        return " ".join(parts)
    if play.kind is Kind.DISCARD:
        return _("Discard {card}", card=card_symbol(play.cards[0], _.lang))
    labels = {Kind.PASS: N_("Pass"), Kind.CLAIM: N_("Claim the manille"), Kind.KEEP: N_("Keep the hand"),
              Kind.REDEAL: N_("Demand a redeal"), Kind.DRAW: N_("Draw from the talon")}
    return _(labels[play.kind]) if play.kind in labels else play.text
