"""The engine's results in the reader's words: names, payments, the settlement, stops, targets.

The one place where a payment's reason and the settlement's lines are worded. The engine gives
them as English text today (``Payment.reason``, ``Outcome.notes``); :func:`reason_text` and
:func:`note_text` read that text into a message of the catalogs and its values. When the engine
gives typed items (a code and its cards or multipliers), only those two functions change: every
page reads payments and settlements through :func:`payment_sentence` and :func:`settlement`.

Players are named by :class:`Names`: the seat the page addresses as "you", and a name for every
other seat (never "seat N").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from comet.cards import Card
from comet.ledger import POOL, Payment, net
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


# ------------------------------------------------------------------ reasons (the bridge to typed items)
_CARD = r"(JK|(?:10|[2-9AJQK])[♠♥♦♣])"
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p + "$"), m) for p, m in (
    (r"ante to the pool", N_("ante to the pool")),
    (r"went out with the manille \(claim stands\)", N_("went out with the manille (the claim stands)")),
    (r"played the manille", N_("played the manille")),
    (r"played the comet \(joker\)", N_("played the comet (the joker)")),
    (r"played the comet", N_("played the comet")),
    (r"played " + _CARD, N_("played {card}")),
    (r"hoc! \(" + _CARD + r"\)", N_("hoc! ({card})")),
    (r"stopped with a king", N_("stopped with a king")),
    (r"nobody could go on \(incidental stop\)", N_("nobody could go on (an incidental stop)")),
    (r"claimed the manille", N_("claimed the manille")),
    (r"carte blanche with the comet", N_("carte blanche with the comet")),
    (r"carte blanche", N_("carte blanche")),
    (r"(\d+) cards? left", "cards left"),
    (r"(\d+) pips in (.*)", "pips in"),
    (r"no cards", N_("no cards left")),
    (r"kept the manille: (\d+) \w+ to each opponent", "manille each"),
    (r"kept the manille: a fiche to the winner", N_("kept the manille: a fiche to the winner")),
    (r"kept (\d+) king\(s\) \(Enc\)", "kings kept"),
    (r"(\d+) kings? left", "kings left"),
    (r"still holds the comet", N_("still holds the comet")),
    (r"blocked with (\d+) against (\d+)", N_("blocked with {a} against {b}")),
    (r"takes the pool", N_("takes the pool")),
    (r"ante returned \(no winner\)", N_("ante returned (no winner)")),
    (r"game (\d+)", N_("game {n}")),
    (r"comet bonus (\d+)", N_("comet bonus {n}")),
    (r"×2 for holding the comet", N_("×2 for holding the comet")),
    (r"returned, the hand being drawn \((.*)\)", N_("returned, the hand being drawn ({reason})")),
))


def _cards_in(text: str, lang: str) -> str:
    return " ".join(card_symbol(Card.parse(_engine_card(t)), lang) for t in text.split())


def _engine_card(symbol: str) -> str:
    """``10♥`` -> ``TH`` (the notation)."""
    if symbol == "JK":
        return "JK"
    rank, suit = symbol[:-1], symbol[-1]
    return ("T" if rank == "10" else rank) + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[suit]


def _one_reason(_: Words, text: str) -> str:
    times = ""
    m = re.fullmatch(r"(.*?)((?: ×\d+)+)", text)
    if m and not text.startswith("×"):
        text, times = m.group(1), m.group(2)
    for pattern, message in _REASONS:
        found = pattern.match(text)
        if not found:
            continue
        g = found.groups()
        if message == "cards left":
            said = _.ngettext("{n} card left", "{n} cards left", int(g[0]))
        elif message == "pips in":
            said = _.ngettext("{n} pip in {cards}", "{n} pips in {cards}", int(g[0]), cards=_cards_in(g[1], _.lang))
        elif message == "manille each":
            said = _.ngettext("kept the manille: {n} to each opponent", "kept the manille: {n} to each opponent",
                              int(g[0]))
        elif message in ("kings kept", "kings left"):
            said = _.ngettext("{n} king left", "{n} kings left", int(g[0])) if message == "kings left" else \
                _.ngettext("kept {n} king (Enc)", "kept {n} kings (Enc)", int(g[0]))
        elif message == N_("returned, the hand being drawn ({reason})"):
            said = _(message, reason=reason_text(_, g[0]))
        elif message == N_("blocked with {a} against {b}"):
            said = _(message, a=g[0], b=g[1])
        elif "{card}" in message:
            said = _(message, card=_cards_in(g[0], _.lang))
        elif "{n}" in message:
            said = _(message, n=g[0])
        else:
            said = _(message)
        return said + times
    return text + times  # (a reason the bridge does not know yet: the engine's words)


def known_reason(reason: str) -> bool:
    """Whether every part of an engine's reason is one this module words (a test walks every
    reason the engine gives: a new one fails it until it is worded here)."""
    for part in reason.split("; "):
        text = re.sub(r"(?: ×\d+)+$", "", part) if not part.startswith("×") else part
        if not any(pattern.match(text) for pattern, _m in _REASONS):
            return False
    return True


def reason_text(_: Words, reason: str) -> str:
    """A payment's reason in ``_``'s language (the engine's parts, separated by ``; ``)."""
    return "; ".join(_one_reason(_, part) for part in reason.split("; "))


def note_text(_: Words, names: Names, note: str) -> str:
    """A line of the settlement's notes (``Outcome.notes``) in ``_``'s language."""
    if note == "Opera by the first hand, but the dealer could have made one too: the hand is drawn.":
        return _("Opera by the first hand, but the dealer could have made one too: the hand is drawn.")
    if note == "A tie: nobody scores.":
        return _("A tie: nobody scores.")
    if note.startswith("The drawn hand returns what was paid in play"):
        return _("The drawn hand returns what was paid in play (AMB-32, option opera_draw_refund).")
    m = re.fullmatch(r"Seat (\d+) holds the 9♦ and is excused from paying\.", note)
    if m:
        return say(_, names, int(m.group(1)), N_("You hold the 9♦ and are excused from paying."),
                   N_("{name} holds the 9♦ and is excused from paying."))
    m = re.fullmatch(r"Everybody is blocked: (.*)\.", note)
    if m:
        counts = [part.rsplit(" ", 1) for part in m.group(1).split(", ")]
        listed = ", ".join(f"{names(int(s.removeprefix('seat ')))} {c}" for s, c in counts)
        return _("Everybody is blocked: {counts}.", counts=listed)
    m = re.fullmatch(r"(.*): game ×(\d+), points ×(\d+), bonus ×(\d+)\.", note)
    if m:
        return _("{why}: game ×{g}, points ×{p}, bonus ×{b}.", why=_why(_, m.group(1)), g=m.group(2),
                 p=m.group(3), b=m.group(4))
    parts = [p.strip() for p in note.rstrip(".").split(";")]
    said = [_why(_, p) for p in parts]
    text = "; ".join(said)
    return text[:1].upper() + text[1:] + "."


def _why(_: Words, text: str) -> str:
    out = []
    for part in text.split(", "):
        low = part[:1].lower() + part[1:]
        m = re.fullmatch(r"(went out with the comet(?: as a natural nine| as a nine)?|opera)((?: ×\d+)?)", low)
        if not m:
            out.append(part)
            continue
        key = {"opera": N_("opera"), "went out with the comet": N_("went out with the comet"),
               "went out with the comet as a nine": N_("went out with the comet as a nine"),
               "went out with the comet as a natural nine": N_("went out with the comet as a natural nine")}[m.group(1)]
        out.append(_(key) + m.group(2))
    text = ", ".join(out)
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ payments
def payment_sentence(_: Words, names: Names, p: Payment, unit: str) -> str:
    """``Anna pays you 1 chip: played the comet.`` (the pool and "you" in their own sentences)."""
    values = {"amount": amount(_, p.amount, unit), "reason": reason_text(_, p.reason)}
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
    if outcome.end == "draw":
        head = _("The hand is drawn.")
    elif outcome.winner is None:
        head = _("Deal over: no winner (a tie).")
    elif outcome.end == "out" and outcome.opera:
        head = say(_, names, outcome.winner, N_("You went out: an opera!"), N_("{name} went out: an opera."))
    elif outcome.end == "out":
        head = say(_, names, outcome.winner, N_("You went out and win the deal."), N_("{name} went out and wins the deal."))
    else:
        head = say(_, names, outcome.winner, N_("You win the deal."), N_("{name} wins the deal."))
    out = Settlement(head, unit=outcome.unit, net=list(outcome.payments))
    out.notes = [note_text(_, names, n) for n in outcome.notes]
    out.left = [say(_, names, s, N_("You are left with {cards}."), N_("{name} is left with {cards}."),
                    cards=cards_symbols(hand, lang)) for s, hand in enumerate(outcome.hands) if hand]
    out.in_play = [(p, payment_sentence(_, names, p, outcome.unit)) for p in outcome.ledger]
    out.final = [(p, payment_sentence(_, names, p, outcome.unit)) for p in outcome.settlement]
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
STOP_WORDS = {
    "king": N_("a king is a stop (S0, S1, Enc)"),
    "comet": N_("the comet is a stop (S2; S0, S1 for 1991)"),
    "hoc": N_("a hoc cuts all others (FR-Hoc; AMB-5)"),
    "card": N_("its successor is out of the pack, so it is a stop (PJ; W-Hocs)"),
    "fixed": N_("this card is a stop by rule (S0, S1)"),
    "incidental": N_("nobody could go on, so the last player leads (S0, S1, Enc)"),
}
"""Why a run stopped (``Stopped.reason``), with the sources: the one table of stop reasons."""
STOP_SHORT = {
    "king": N_("a king"), "comet": N_("the comet"), "hoc": N_("a hoc"),
    "card": N_("the next card is out of the pack"), "fixed": N_("a stop by rule"),
    "incidental": N_("nobody could go on"),
}
"""The same, in a few words (the table's tail)."""


def stop_reason(_: Words, reason: str, alternate: bool = False) -> str:
    if reason == "incidental" and alternate:
        return _("the other cannot build, so the last player starts a new sequence (S2)")
    return _(STOP_WORDS[reason]) if reason in STOP_WORDS else reason


def a_rank(_: Words, rank: int) -> str:
    """``a 10``, ``an 8``, ``un V``: a rank named with its article where the language has one."""
    label = rank_label(rank, _.lang)
    if _.lang == "en" and label in ("8", "A"):
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
    if rnd.phase == "redeal":
        return _("keep the hand or demand a new deal")
    if rnd.phase == "exchange":
        return _("discard, then draw from the talon")
    return targets_text(_, rnd.targets)


def play_label(_: Words, play: object) -> str:
    """A play for a button: ``8♥``, ``7♥ 7♦``, ``9♣★ = 10``, *Pass*, *Keep the hand*..."""
    from comet.plays import Play

    assert isinstance(play, Play)
    if play.kind == "cards":
        parts = []
        for c in play.cards:
            if c is play.wild:
                stands = rank_label(play.rank, _.lang) + (Card(play.rank, play.suit).symbol[-1] if play.suit else "")
                parts.append(_("{card}★ as {rank}", card=card_symbol(c, _.lang), rank=stands))
            else:
                parts.append(card_symbol(c, _.lang))
        return " ".join(parts)
    if play.kind == "discard":
        return _("Discard {card}", card=card_symbol(play.cards[0], _.lang))
    labels = {"pass": N_("Pass"), "claim": N_("Claim the manille"), "keep": N_("Keep the hand"),
              "redeal": N_("Demand a redeal"), "draw": N_("Draw from the talon")}
    return _(labels[play.kind]) if play.kind in labels else play.text
