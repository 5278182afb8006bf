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
from comet_learn.readings import moment_readings
from comet_learn.rules_panel import moment
from comet_render.felt_data import FeltInputs, FeltView, felt_inputs
from comet_render.frozen import from_json as _from_json
from comet_render.frozen import to_json as _to_json
from comet_render.i18n import words
from comet_render.narrate import Narrator, narrate
from comet_render.words import Names, need_text, payment_sentence, unit_name
from widgets.controllers.checks import BOT_TITLES, PERSON
from widgets.controllers.seat_hand import Choice as Choice
from widgets.controllers.seat_hand import HandCard as HandCard
from widgets.controllers.seat_hand import choice, hand_cards

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
    moment_readings: tuple[str, ...] = ()
    """The readings of the sources the rule of the moment rests on (AMB ids)."""
    message_readings: tuple[str, ...] = ()
    """The readings the message rests on (a lesson's sentence, a refusal, the coach's reason)."""
    link_label: str = ""
    """The link's words and tooltip ("": *Copy link to this position*)."""
    link_tip: str = ""
    judged: bool = False
    """A card that cannot be played is sent as a play all the same, for the source to judge and say why
    (a lesson counts the miss); else the view says why at once."""
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
    fresh: bool = False
    """A deal just dealt in front of the player (a lesson's next deal): its plays so far fly in, and the
    felt says it is a new deal."""
    closed: str = ""
    """Nothing is offered now, and this says why when a card is clicked ("": the rules decide)."""
    message_readings: tuple[str, ...] = ()
    link_label: str = ""
    link_tip: str = ""
    judged: bool = False
    title_only: bool = False
    """The title names the game only (a lesson: no deal count, no teams)."""


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
    legal = rnd.legal_plays() if mine and not extras.closed else []
    hinted = extras.hinted if mine else None
    hand, in_hand = hand_cards(flow, lens, legal, hinted, flow.mode, extras.closed)
    others = [p for p in legal if p.kind != "pass" and p not in in_hand]
    special = [p for p in others if p.kind == "cards"]
    listed = special if len(special) > BUTTON_LIMIT else []
    buttons = [p for p in others if p.kind != "cards"] + (special if not listed else
                                                          [p for p in special if p in extras.featured])
    drawn = (match.deal_number, len(rnd.history), len(rnd.ledger))
    since = extras.since
    same = since is not None and since[0] == drawn[0] and since[1] <= drawn[1]
    new_plays = drawn[1] - since[1] if same and since is not None else 0
    if extras.fresh:
        new_plays = drawn[1]
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
               for s, k in enumerate(flow.seats)], notice=_("A new deal") if extras.fresh else ""))
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
        deal="" if extras.title_only else length, teams="" if extras.title_only else flow.team_line(you=lens.you), prompt=_prompt(flow, lens, names, mine), felt=felt, hand=hand,
        choices=tuple(choice(rnd, p, hinted, lang) for p in buttons), others=tuple(choice(rnd, p, None, lang) for p in listed),
        chosen=(hinted.text if hinted is not None and hinted in listed else listed[0].text) if listed else "",
        buttons=_buttons(flow, lens, legal, mine), log=tuple(LogLine(str(s), getattr(s, "call", None)) for s in lines),
        payments=tuple(payment_sentence(_, names, p, rnd.rules.unit) for p in rnd.ledger),
        scores_title=_("Running scores ({length}, in {unit})", length=length, unit=unit_name(_, match.variant.rules.unit)),
        scores=tuple(Score(names(s), v) for s, v in enumerate(standings)), scores_over=over,
        moment=moment(rnd, lang, mine), message=extras.message, error=extras.error, busy=extras.busy, drawn=drawn,
        link=extras.link, final_payments=final_payments(_, names, rnd), moment_readings=moment_readings(rnd, lang, mine),
        message_readings=tuple(extras.message_readings), link_label=extras.link_label, link_tip=extras.link_tip,
        judged=extras.judged)
