"""What the card table shows of one state, as data: the felt's inputs.

:func:`felt_inputs` reads a deal and a :class:`FeltView` (who is who, what to reveal, what is new) and
keeps only what the seat at the bottom may see: every seat's name, card count and chips, the cards
on the tail, whose turn it is, the dead hand's size (never its cards), and at the end of the deal the
settlement with the hands left (which the rules turn face up). Another seat's cards are kept only when
the deal is over or when the view asks for every hand (``reveal``: teaching). The result is a frozen
record of text, numbers and card notation (:mod:`comet_render.frozen` writes it as JSON), which
:func:`comet_render.felt.draw_felt` draws; a table in a room receives it over the network.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from comet.cards import sort_key
from comet.ledger import Payment
from comet.plays import Kind
from comet.runs import runs_of
from comet_render.card_names import card_name, cards_names
from comet_render.i18n import cards_symbols, words
from comet_render.words import Names, in_play_net, need_text, settlement, stop_label

if TYPE_CHECKING:
    from comet.round import Round


@dataclass
class FeltView:
    """How to draw the table: who is who, what is new since the last picture, what to reveal."""

    names: Names
    anchor: int = 0
    """The seat at the bottom of the table (the hand shown below it)."""
    lang: str = "en"
    reveal: bool = False
    """Every hand face up (teaching)."""
    four_colour: bool = False
    new_plays: int = 0
    """How many of the last plays are new since the last picture (they fly to the tail)."""
    new_payments: Sequence[Payment] = ()
    """The payments made since the last picture (chips that pass)."""
    waiting: str = ""
    """The name of the person the device is to be passed to ("" if nobody)."""
    bots: Sequence[bool] = field(default_factory=tuple)
    """For each seat, whether a bot plays it."""
    caption: str = ""
    """The latest thing that happened, under the tail."""
    sides: Sequence[Sequence[int]] = ()
    """The partnerships, where the game is played in teams (``((0, 2), (1, 3))``); empty otherwise."""
    about: Sequence[str] = field(default_factory=tuple)
    """For each seat, what plays it, in a sentence ("" for a person): a bot's kind, what it does, its
    measured strength; shown at its seat on demand."""
    kinds: Sequence[str] = field(default_factory=tuple)
    """For each seat, the short name of what plays it ("Greedy bot"; "" for a person)."""
    notice: str = ""
    """A word on the felt itself, e.g. that a new deal has just been dealt ("" for none)."""

    def side(self, seat: int) -> int | None:
        """The index of ``seat``'s partnership in :attr:`sides`, or None."""
        return next((i for i, side in enumerate(self.sides) if seat in side), None)


@dataclass(frozen=True)
class FaceCard:
    """A card drawn face up: its notation (``9D``) and whether it is a wild card of this deal."""

    card: str
    wild: bool = False


@dataclass(frozen=True)
class SeatInputs:
    """One seat as the felt shows it."""

    seat: int
    count: int
    """Cards in hand."""
    turn: bool
    dealer: bool
    bot: bool
    about: str
    kind: str
    cards: tuple[FaceCard, ...] | None
    """The hand face up (the deal is over, or every hand is revealed), sorted; None: not shown."""
    net: int | None
    """The seat's net of the payments made in play (None before the first payment)."""


@dataclass(frozen=True)
class TailCard:
    """A card on the comet's tail: the run in progress (``old``: of the run before it, shown when the
    run is short), who played it, whether it flies in (a new play), the rank a wild card stands for."""

    card: str
    seat: int
    wild: bool = False
    wild_as: int | None = None
    fresh: bool = False
    old: bool = False


@dataclass(frozen=True)
class PaymentLine:
    """A payment of the settlement, worded (its sources still in the text: the drawing moves them)."""

    payer: int
    payee: int
    amount: int
    text: str


@dataclass(frozen=True)
class SettlementInputs:
    """The end of a deal: the headline, the notes, each seat's cards left and net, every payment."""

    headline: str
    notes: tuple[str, ...]
    unit: str
    net: tuple[int, ...]
    left: tuple[str, ...]
    """Each seat's cards left, in the reader's card letters ("" for none)."""
    left_names: tuple[str, ...]
    """The same cards named in words, for a screen reader (:func:`comet_render.card_names.cards_names`)."""
    final: tuple[PaymentLine, ...]
    in_play: tuple[PaymentLine, ...]


@dataclass(frozen=True)
class FeltInputs:
    """Everything the felt draws, for one seat (:attr:`anchor`, at the bottom)."""

    game: str
    """The game's name, in :attr:`lang`."""
    lang: str
    anchor: int
    names: tuple[str, ...]
    you: int | None
    unit: str
    four_colour: bool
    sides: tuple[tuple[int, ...], ...]
    seats: tuple[SeatInputs, ...]
    tail: tuple[TailCard, ...] | None
    """The cards on the tail (None: no card has been played yet)."""
    stop: str
    """Why the run stopped, in words ("" if it goes on)."""
    tail_label: str
    status: str
    """Whose turn it is and what the run needs ("" once the deal is over)."""
    caption: str
    unseen: int
    """Cards out of play and unseen (the dead hand, a talon)."""
    talon: bool
    chips: tuple[tuple[int, int], ...]
    """The payments new since the last picture, as (payer, payee), that pass as chips."""
    waiting: str
    notice: str
    """A word on the felt itself (:attr:`FeltView.notice`; "" for none)."""
    settlement: SettlementInputs | None

    @property
    def players(self) -> int:
        return len(self.seats)

    def names_of(self) -> Names:
        return Names(self.names, self.you, self.lang)

    def side(self, seat: int) -> int | None:
        """The index of ``seat``'s partnership in :attr:`sides`, or None."""
        return next((i for i, side in enumerate(self.sides) if seat in side), None)


def _seat(rnd: "Round", seat: int, view: FeltView, nets: list[int]) -> SeatInputs:
    hand = rnd.hands[seat]
    face_up = rnd.is_over or view.reveal
    cards = (tuple(FaceCard(str(c), c in rnd.wilds) for c in sorted(hand, key=sort_key))
             if face_up and hand else None)
    return SeatInputs(
        seat=seat, count=len(hand), turn=rnd.to_play == seat and not rnd.is_over, dealer=seat == rnd.dealer,
        bot=bool(view.bots[seat]) if seat < len(view.bots) else False,
        about=view.about[seat] if seat < len(view.about) else "",
        kind=view.kinds[seat] if seat < len(view.kinds) else "",
        cards=cards, net=nets[seat] if rnd.ledger else None)


def _tail(rnd: "Round", view: FeltView) -> tuple[tuple[TailCard, ...] | None, str, str]:
    _ = words(view.lang)
    done = runs_of(rnd.events)
    if not done:
        return None, "", ""
    run = done[-1]
    shown = list(run.plays)
    earlier = done[-2] if len(done) > 1 and len(shown) < 4 else None
    history = rnd.history
    new_from = len(history) - view.new_plays
    # Which plays of the run are new: the run's plays are the last of the history's card plays.
    card_plays = [i for i, (_s, p) in enumerate(history) if p.kind is Kind.CARDS]
    index_of = card_plays[-len(shown):] if shown else []
    cards: list[TailCard] = []
    if earlier is not None:
        cards += [TailCard(str(c), seat, old=True) for seat, play in earlier.plays for c in play.cards]
    for k, (seat, play) in enumerate(shown):
        fresh = k < len(index_of) and index_of[k] >= new_from
        cards += [TailCard(str(c), seat, wild=c in rnd.wilds, wild_as=play.rank if c is play.wild else None,
                           fresh=fresh) for c in play.cards]
    stop = stop_label(_, run.stop) if run.stop else ""
    said = ", ".join(card_name(c, view.lang, wild=c in rnd.wilds) for c in run.cards)
    label = _("The comet's tail: {cards}", cards=said)
    return tuple(cards), stop, label


def _status(rnd: "Round", view: FeltView) -> str:
    _ = words(view.lang)
    if rnd.is_over:
        return ""
    seat = rnd.to_play if rnd.to_play is not None else 0
    need = need_text(_, rnd)
    if view.names.is_you(seat):
        return _("Your turn: {need}", need=need)
    return _("{name} to play: {need}", name=view.names(seat), need=need)


def _team_notes(rnd: "Round", view: FeltView) -> list[str]:
    """Why a partner of the winner, left with cards, pays nothing (the partnership's rule, AMB-42)."""
    _ = words(view.lang)
    winner = rnd.winner
    side = view.side(winner) if winner is not None else None
    if winner is None or side is None:
        return []
    names = view.names
    out = []
    for seat in view.sides[side]:
        if seat == winner or not rnd.hands[seat]:
            continue
        if names.is_you(seat):
            out.append(_("You pay nothing for the cards you are left with: your partner, {winner}, went out, and your "
                         "side wins the deal.", winner=names(winner)))
        elif names.is_you(winner):
            out.append(_("{name}, your partner, pays nothing for the cards left: you went out, and your side wins the "
                         "deal.", name=names(seat)))
        else:
            out.append(_("{name} pays nothing for the cards left: {winner}, in the same team, went out, and the team "
                         "wins the deal.", name=names(seat), winner=names(winner)))
    return out


def _settlement(rnd: "Round", view: FeltView) -> SettlementInputs | None:
    outcome = rnd.outcome()
    if outcome is None:
        return None
    s = settlement(outcome, view.names, view.lang)
    hands = [sorted(rnd.hands[seat], key=sort_key) for seat in range(len(s.net))]

    def lines(items: list[tuple[Payment, str]]) -> tuple[PaymentLine, ...]:
        return tuple(PaymentLine(p.payer, p.payee, p.amount, text) for p, text in items)

    return SettlementInputs(
        headline=s.headline, notes=tuple(_team_notes(rnd, view) + s.notes), unit=s.unit, net=tuple(s.net),
        left=tuple(cards_symbols(held, view.lang) for held in hands),
        left_names=tuple(cards_names(held, view.lang, rnd.wilds) if held else "" for held in hands),
        final=lines(s.final), in_play=lines(s.in_play))


def felt_inputs(rnd: "Round", view: FeltView) -> FeltInputs:
    """What the felt shows of ``rnd`` to the seat ``view.anchor`` (see the module's docstring)."""
    _ = words(view.lang)
    nets = in_play_net(rnd)
    tail, stop, label = _tail(rnd, view)
    return FeltInputs(
        game=_(rnd.variant.name), lang=view.lang, anchor=view.anchor, names=tuple(view.names.names),
        you=view.names.you, unit=rnd.rules.unit, four_colour=view.four_colour,
        sides=tuple(tuple(side) for side in view.sides),
        seats=tuple(_seat(rnd, s, view, nets) for s in range(rnd.players)), tail=tail, stop=stop, tail_label=label,
        status=_status(rnd, view), caption=view.caption, unseen=len(rnd.dead) + len(rnd.talon), talon=bool(rnd.talon),
        chips=tuple((p.payer, p.payee) for p in list(view.new_payments)[-12:]), waiting=view.waiting,
        notice=view.notice, settlement=_settlement(rnd, view))
