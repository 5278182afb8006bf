"""What one seat sees of a table, as one frozen value: the snapshot a table's view renders.

:func:`snapshot` reads a :class:`~widgets.controllers.table.TableController` through a :class:`Lens`
(whose hand is shown, who is "you", what to reveal, which buttons this source offers) and returns a
:class:`Snapshot`: each card of the hand with the play it makes or the reason it cannot be played,
the other plays (groups, the comet), the felt's inputs (:mod:`comet_render.felt_data`: the seats,
the run, the dead hand's size, the settlement), the buttons, the prompt, the log, the payments, the
scores, the rule of the moment and the message. It holds text, numbers and card notation only
(:func:`to_json`, :func:`from_json`), never another seat's cards (unless the lens reveals them: the
teacher's view; the rules turn the hands face up at the end of a deal), never the dead hand, never
the deal's seed: a snapshot can travel to a seat's device (boardgame.io's ``playerView``; its leak,
boardgame.io #1159, was an unfiltered first state: here there is no other state to send).

A view sends back :class:`~widgets.controllers.intents.Intent` values; a source (a local game, a
lesson, a room) applies them and makes the next snapshot. No ipywidgets here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import comet
from comet.cards import SUIT_SYMBOLS
from comet_learn.rules_panel import moment, rules_sections
from comet_render.felt_data import FeltInputs, FeltView, felt_inputs
from comet_render.frozen import from_json as _from_json
from comet_render.frozen import to_json as _to_json
from comet_render.i18n import card_symbol, rank_label, words
from comet_render.narrate import Narrator, narrate
from comet_render.words import Names, need_text, payment_sentence, play_label, unit_name
from widgets.controllers.checks import BOT_TITLES, PERSON

if TYPE_CHECKING:
    from widgets.controllers.table import TableController

VERSION = 1
BUTTON_LIMIT = 8
"""Group and comet plays are buttons when there are at most this many, else a list."""
BUTTONS = ("confirm", "pass", "undo", "hint", "rule", "new")
"""The table's buttons, in the order the view shows them."""


@dataclass(frozen=True)
class Lens:
    """How a source looks at its table: the seat whose hand is shown (None: none), the seat called
    "you" (None: none), the person the device must be passed to (pass-and-play), every hand face up
    (``reveal``: teaching, the teacher's view), the four-colour pack, and which of the optional buttons
    this source offers (``undo``, ``hint``, ``rule``, ``new``: a new match; ``next``: the next deal)."""

    seat: int | None
    you: int | None = None
    waiting: int | None = None
    reveal: bool = False
    four_colour: bool = False
    offers: frozenset[str] = frozenset({"undo", "hint", "new", "next"})


@dataclass(frozen=True)
class HandCard:
    """A card of the hand shown: its notation and face (rank over suit, in the reader's letters), its
    suit's class (``W`` for a wild card), the play it makes alone ("" if none), else why it cannot be
    played now; the class table's vote letter; whether a hint lights it."""

    card: str
    face: str
    suit: str
    play: str
    why: str
    tooltip: str
    vote: str = ""
    hint: bool = False


@dataclass(frozen=True)
class Choice:
    """A play that is not one card of the hand (a group, the comet for a card, a claim...)."""

    play: str
    label: str
    tooltip: str
    hint: bool = False


@dataclass(frozen=True)
class Button:
    name: str
    label: str
    tooltip: str
    shown: bool
    enabled: bool = True
    main: bool = False


@dataclass(frozen=True)
class LogLine:
    """A sentence of the log, and where the call it quotes stands in it (spoken in the table's language)."""

    text: str
    call: tuple[int, int] | None = None


@dataclass(frozen=True)
class Score:
    name: str
    value: int


@dataclass(frozen=True)
class Snapshot:
    """What one seat sees of a table (see the module's docstring)."""

    seq: int
    """The state's number: an intent names the snapshot it answers, and a stale one is ignored."""
    lang: str
    mode: str
    variant: str
    seat: int | None
    game: str
    deal: str
    teams: str
    prompt: str
    felt: FeltInputs
    hand: tuple[HandCard, ...]
    choices: tuple[Choice, ...]
    others: tuple[Choice, ...]
    """Group and comet plays in a list (more than :data:`BUTTON_LIMIT`)."""
    chosen: str
    """The play chosen in that list (the hint's, else the first)."""
    buttons: tuple[Button, ...]
    log: tuple[LogLine, ...]
    payments: tuple[str, ...]
    """The payments made in play, in order."""
    scores_title: str
    scores: tuple[Score, ...]
    scores_over: str
    moment: str
    """The rule of the moment (the rules panel's first line)."""
    message: str = ""
    error: bool = False
    busy: bool = False
    """The bots are playing (their plays come one after another)."""
    drawn: tuple[int, int, int] = (0, 0, 0)
    """(deal number, plays, payments) of this picture: what is new in the next one is counted from it."""
    link: str = ""
    """*Copy link to this position*'s query ("" where the table gives none: a room)."""
    final_payments: tuple[str, ...] = ()
    """The deal over: the payments of its settlement (:func:`final_payments`), after those made in play."""
    version: int = VERSION

    def button(self, name: str) -> Button:
        return next(b for b in self.buttons if b.name == name)

    @property
    def plays(self) -> list[str]:
        """Every play offered now, in notation (the hand's, the choices', the list's, a pass)."""
        out = [c.play for c in self.hand if c.play] + [c.play for c in self.choices + self.others]
        if self.button("pass").shown:
            out.append("pass")
        return list(dict.fromkeys(out))


def to_json(snap: Snapshot) -> dict[str, Any]:
    out: dict[str, Any] = _to_json(snap)
    return out


def from_json(data: Any) -> Snapshot:
    """The snapshot ``data`` holds (as :func:`to_json` wrote it); :class:`comet_render.frozen.FrozenError`
    if it is not one."""
    return _from_json(Snapshot, data)


def rules_of(variant: str, lang: str) -> list[tuple[str, str]]:
    """The rules of the game ``variant`` (an id) as (heading, text) pairs in ``lang``: the rules panel
    beside a snapshot's table (the same for every state, so not in the snapshot)."""
    return rules_sections(comet.VARIANTS[variant], lang)


def corner_index(card: comet.Card, lang: str) -> str:
    """A card's face as a hand shows it: its rank over its suit, as a pack's corner prints them, so
    that both show on a card half hidden by the next (``"10\\n♥"``; the joker ``"JK"``)."""
    symbol = card_symbol(card, lang)
    if card.suit not in SUIT_SYMBOLS:
        return symbol
    return rank_label(card.rank, lang) + "\n" + SUIT_SYMBOLS[card.suit]


@dataclass
class Extras:
    """What a source adds to a snapshot beyond the table's state."""

    seq: int = 0
    since: tuple[int, int, int] | None = None
    """The previous picture's ``drawn``: the plays and payments after it fly in (None: nothing flies)."""
    message: str = ""
    error: bool = False
    busy: bool = False
    hinted: comet.Play | None = None
    featured: Sequence[comet.Play] = field(default_factory=tuple)
    """Group or comet plays shown as buttons even when the others are in a list (a lesson's)."""
    link: str = ""
    caption: bool = True
    narrators: dict[tuple[str, Names], Narrator] | None = None
    """The source's narrations kept between pictures (by language and names): only new events are worded."""


def _names(flow: "TableController", lens: Lens) -> tuple[Names, Names]:
    """The seats' names for ``lens`` (who is "you"), and the log's (with "your partner")."""
    names = flow.names()
    plain = Names(names.names, lens.you, flow.lang)
    partner = flow.partner(lens.you) if lens.you is not None else None
    if partner is None:
        return plain, plain
    said = list(plain.names)
    said[partner] = words(flow.lang)("{name} (your partner)", name=said[partner])
    return plain, Names(tuple(said), lens.you, flow.lang)


def _log(rnd: comet.Round, lang: str, names: Names, kept: dict[tuple[str, Names], Narrator] | None) -> list[str]:
    """The deal's sentences: from a narration the source keeps (``kept``), else narrated afresh."""
    if kept is None:
        return narrate(rnd, lang, names)
    narrator = kept.get((lang, names))
    if narrator is None or narrator.rnd is not rnd:
        if len(kept) > 64:
            kept.clear()
        narrator = kept[(lang, names)] = Narrator(rnd, lang, names)
    return narrator.lines()


def _about(flow: "TableController", seat: int, names: Names) -> str:
    """What plays ``seat``, in a sentence: a bot's kind and strength; a bot standing in for an absent person."""
    if flow.seats[seat] != PERSON:
        return flow.describe_seat(seat)
    if seat in flow.stand_ins:
        return words(flow.lang)("{name} is away: the gentlest bot plays for them until they come back.",
                                name=names(seat))
    return ""


def _hand(flow: "TableController", lens: Lens, legal: list[comet.Play], hinted: comet.Play | None,
          mode: str) -> tuple[tuple[HandCard, ...], set[comet.Play]]:
    rnd, lang = flow.round, flow.lang
    _ = words(lang)
    alone: dict[comet.Card, list[comet.Play]] = {}
    for p in legal:
        if len(p.cards) == 1 and p.kind in ("cards", "discard"):
            alone.setdefault(p.cards[0], []).append(p)
    hand = list(rnd.hands[lens.seat]) if lens.seat is not None else []
    drawn: set[comet.Play] = set()
    out = []
    votes = 0
    for card in hand:
        plays = alone.get(card, [])
        play = plays[0] if len(plays) == 1 else None
        symbol = card_symbol(card, lang)
        vote = ""
        if play is not None and mode == "class" and votes < 26:
            vote = chr(97 + votes)
            votes += 1
        lit = play is not None and play == hinted
        if lit:
            hinted = None
        if play is not None:
            drawn.add(play)
        out.append(HandCard(
            card=str(card), face=corner_index(card, lang), suit="W" if card in rnd.wilds else card.suit,
            play=play.text if play is not None else "",
            why="" if play is not None else flow.illegal_reason(card, legal, lens.seat),
            tooltip=_("Play {card}", card=symbol) if play is not None else _("{card}: cannot be played now", card=symbol),
            vote=vote, hint=lit))
    return tuple(out), drawn


def _choice(_: Any, p: comet.Play, hinted: comet.Play | None) -> Choice:
    label = play_label(_, p)
    if p.kind == "cards" and len(p.cards) > 1 and p.wild is None:
        label = _("{cards} together", cards=label)  # a group play, said as one
    return Choice(p.text, label, _("Play {cards}", cards=label), p == hinted)


def _buttons(flow: "TableController", lens: Lens, legal: list[comet.Play], mine: bool) -> tuple[Button, ...]:
    _ = words(flow.lang)
    match = flow.match
    names = flow.names()
    waiting = lens.waiting
    offers = lens.offers
    if match.round.is_over and not match.is_over:
        new = Button("new", _("Next deal"), _("Score this deal and deal the next one of the match"), "next" in offers,
                     main=True)
    else:
        new = Button("new", _("New match"), _("Start a new match with the chosen settings"), "new" in offers,
                     main=match.is_over)
    confirm = Button("confirm", _("I am {name}: show my hand", name=names(waiting)) if waiting is not None else "",
                     _("Only {name} should see the screen now", name=names(waiting)) if waiting is not None else "",
                     waiting is not None, main=True)
    can_pass = any(p.kind == "pass" for p in legal)
    return (confirm,
            Button("pass", _("Pass"), _("Pass: say 'without' the next card"), can_pass, can_pass),
            Button("undo", _("Undo"), _("Take back your last decision (and the bots' replies)"), "undo" in offers,
                   flow.undo_target(lens.seat) is not None),
            Button("hint", _("Hint"), _("Ask the search bot for the best plays"), "hint" in offers, mine),
            Button("rule", _("The rule"), _("Show the rule of the moment"), "rule" in offers),
            new)


def _prompt(flow: "TableController", lens: Lens, names: Names, mine: bool) -> str:
    rnd = flow.round
    _ = words(flow.lang)
    if lens.waiting is not None:
        return _("Pass the device to {name}.", name=names(lens.waiting))
    if rnd.is_over:
        return _("The deal is over: the settlement is on the table.")
    if lens.seat is None:
        return _("{name} is playing…", name=names(rnd.to_play or 0))
    count = _.ngettext("{n} card", "{n} cards", len(rnd.hands[lens.seat]))
    whose = (_("Your hand ({count})", count=count) if names.is_you(lens.seat) else
             _("{name}'s hand ({count})", name=names(lens.seat), count=count))
    return _("{hand}: your turn, {need}", hand=whose, need=need_text(_, rnd)) if mine else whose


def final_payments(_: Any, names: Names, rnd: comet.Round) -> tuple[str, ...]:
    """The payments of ``rnd``'s settlement once it is over, each a sentence with its remarks (none before)."""
    outcome = rnd.outcome() if rnd.is_over else None
    if outcome is None:
        return ()
    return tuple(payment_sentence(_, names, p, rnd.rules.unit, outcome.remarks) for p in outcome.settlement)


def snapshot(flow: "TableController", lens: Lens, extras: Extras | None = None) -> Snapshot:
    """What ``lens`` shows of ``flow``'s table now (see the module's docstring)."""
    extras = extras or Extras()
    match, rnd, lang = flow.match, flow.round, flow.lang
    _ = words(lang)
    names, log_names = _names(flow, lens)
    mine = flow.turn_of(lens.seat)
    legal = rnd.legal_plays() if mine else []
    hinted = extras.hinted if mine else None
    hand, in_hand = _hand(flow, lens, legal, hinted, flow.mode)
    others = [p for p in legal if p.kind != "pass" and p not in in_hand]
    special = [p for p in others if p.kind == "cards"]
    listed = special if len(special) > BUTTON_LIMIT else []
    buttons = [p for p in others if p.kind != "cards"] + (special if not listed else
                                                          [p for p in special if p in extras.featured])
    drawn = (match.deal_number, len(rnd.history), len(rnd.ledger))
    since = extras.since
    same = since is not None and since[0] == drawn[0] and since[1] <= drawn[1]
    new_plays = drawn[1] - since[1] if same and since is not None else 0
    new_payments = list(rnd.ledger)[since[2]:] if same and since is not None and since[2] <= drawn[2] else []
    lines = _log(rnd, lang, log_names, extras.narrators)
    felt = felt_inputs(rnd, FeltView(
        names, lens.seat if lens.seat is not None else (lens.you if lens.you is not None else 0), lang,
        reveal=lens.reveal, four_colour=lens.four_colour, new_plays=min(new_plays, 6), new_payments=new_payments,
        waiting=names(lens.waiting) if lens.waiting is not None else "",
        bots=[k != PERSON or s in flow.stand_ins for s, k in enumerate(flow.seats)],
        caption=lines[-1] if lines and extras.caption else "", sides=flow.sides,
        about=[_about(flow, s, names) for s in range(len(flow.seats))],
        kinds=[_(BOT_TITLES[k]) if k in BOT_TITLES else _("Stand-in bot") if s in flow.stand_ins else ""
               for s, k in enumerate(flow.seats)]))
    if match.deals is not None:
        length = _("deal {n} of {total}", n=match.deal_number, total=match.deals)
    else:
        length = _("deal {n}, first to {target}", n=match.deal_number, target=match.target)
    standings = match.standings()
    over = ""
    if match.is_over:
        best = max(standings)
        over = _("Match over: {names} ahead.", names=", ".join(names(s) for s, v in enumerate(standings) if v == best))
    return Snapshot(
        seq=extras.seq, lang=lang, mode=flow.mode, variant=match.variant.id, seat=lens.seat, game=_(match.variant.name),
        deal=length, teams=flow.team_line(you=lens.you), prompt=_prompt(flow, lens, names, mine), felt=felt, hand=hand,
        choices=tuple(_choice(_, p, hinted) for p in buttons), others=tuple(_choice(_, p, None) for p in listed),
        chosen=(hinted.text if hinted is not None and hinted in listed else listed[0].text) if listed else "",
        buttons=_buttons(flow, lens, legal, mine), log=tuple(LogLine(str(s), getattr(s, "call", None)) for s in lines),
        payments=tuple(payment_sentence(_, names, p, rnd.rules.unit) for p in rnd.ledger),
        scores_title=_("Running scores ({length}, in {unit})", length=length, unit=unit_name(_, match.variant.rules.unit)),
        scores=tuple(Score(names(s), v) for s, v in enumerate(standings)), scores_over=over,
        moment=moment(rnd, lang, mine), message=extras.message, error=extras.error, busy=extras.busy, drawn=drawn,
        link=extras.link, final_payments=final_payments(_, names, rnd))
