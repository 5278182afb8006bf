"""``TableController``: a match at one table, any seat a person or a bot.

The flow the play table's view shows (:class:`widgets.play.PlayTable`), with no widget in it:

* **seats**: each a person or a bot (:data:`~widgets.controllers.checks.BOT_KINDS`), each with a
  name; one person alone is "you";
* **turns**: a person's play is checked and made; the bots then play one at a time
  (:meth:`bot_step`, which the view paces) until a person's turn or the end of the deal;
* **hand-over** (several people at one device): the hand shown belongs to the person who last
  confirmed (:attr:`viewer`). When a play is made, that hand is hidden at once; when the next
  person's turn comes, the table waits (:attr:`waiting`) until they confirm (:meth:`confirm`):
  a hand is never shown to the next person before they do;
* **undo**: the viewer takes back their last decision and the bots' replies, never another
  person's play;
* **hints** and the rule of the moment; **matches** (next deal, new match); a position opened
  from a link.

Every method that acts returns the message the page shows, in the table's language; a request
that cannot be met raises :class:`~widgets.controllers.checks.UserError` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import comet
from comet.agents import Agent
from comet.plays import PASS
from comet_learn.refusals import refusal
from comet_render.i18n import N_, card_symbol, number, words
from comet_render.words import Names, need_text, play_label
from widgets.controllers.advice import Advice
from widgets.controllers.advice import Hinted as Hinted
from widgets.controllers.bots import bot_play
from widgets.controllers.checks import BOT_TIME, PERSON, SEAT_KINDS, UserError, clean_name
from widgets.controllers.record import RecordCount
from widgets.controllers.said import Sayings
from widgets.controllers.seats import Partnerships
from widgets.controllers.seats import default_seats as default_seats

MAX_BOT_MOVES = 5000
BOT_SEQUENCE = 1.2
"""At most this many seconds of pauses between the bots' plays after one action."""
BOT_NAMES_BY_SEAT = (N_("Anna"), N_("Boris"), N_("Clara"), N_("Diego"), N_("Elena"), N_("Felix"), N_("Greta"),
                     N_("Hugo"))
"""The bots' names, one per seat (a bot is called by its seat's name, whatever its kind)."""


class TableController(Sayings, Partnerships, RecordCount, Advice):
    """A match of ``variant`` for ``players`` dealt from ``seed``; ``seats``: each seat's kind
    (:data:`~widgets.controllers.checks.SEAT_KINDS`), ``names``: typed names ("" for the default)."""

    def __init__(self, variant: str | comet.Variant, players: int, seed: int, seats: Sequence[str] | None = None,
                 names: Sequence[str] = (), lang: str = "en", mode: str = "table", auto_pass: bool = True) -> None:
        self.lang = lang
        self.mode = mode
        self.auto_pass = auto_pass
        """Pass for a person whose only legal play is a pass (:meth:`forced_pass_due`), with a note why."""
        self.passed_for: list[tuple[int, int, str]] = []
        """The passes made for people and not said yet: the index of the pass's event, the seat, and
        what the run needed (:meth:`take_notes`)."""
        """``table`` or ``class`` (the class table: one person, the class, voting on each play)."""
        self.viewer: int | None = None
        """The person whose hand is shown (None: no hand is shown)."""
        self.waiting: int | None = None
        """The person the device must be passed to, who has not confirmed yet."""
        self._last_viewer: int | None = None
        self._said = 0
        self.opened = False
        """The deal was opened from a position (a link, a lesson): not the player's record (:meth:`take_result`)."""
        self._counted: tuple[int, int] | None = None
        self.devices = False
        """Each person plays at a device of their own (a room): no hand-over, every action names its seat."""
        self.stand_ins: set[int] = set()
        """People's seats a bot plays meanwhile (a room's empty seats: the gentlest bot, a random legal play)."""
        self.start(variant, players, seed, seats, names)

    # ------------------------------------------------------------------ set-up
    def start(self, variant: str | comet.Variant, players: int, seed: int, seats: Sequence[str] | None = None,
              names: Sequence[str] = ()) -> str:
        """A new match (nothing is kept of the one before)."""
        v = comet.find_variant(variant) if isinstance(variant, str) else variant
        seats = list(seats) if seats is not None else default_seats(players)
        if len(seats) != players or any(k not in SEAT_KINDS for k in seats):
            raise UserError(words(self.lang)("each of the {n} seats is a person or a bot.", n=players))
        if self.mode == "class":
            seats = [PERSON] + [k if k != PERSON else "greedy" for k in seats[1:]]
        self.match = comet.Match(v, players=players, seed=seed)
        self.seed = seed
        self.seats = seats
        self.typed = [clean_name(n) for n in list(names)[:players]] + [""] * max(0, players - len(names))
        self._agents = self._make_agents()
        self._fallback = random.Random(seed)
        self._last_viewer = None
        self.opened = False
        self._settle_view()
        _ = words(self.lang)
        return _("A new match: {game}, {players}, deal number {seed}.", game=_(v.name),
                 players=_.ngettext("{n} player", "{n} players", players), seed=number(seed, self.lang))

    def _make_agents(self) -> list[Any]:
        seed = self.match.seed
        return [None if kind == PERSON else
                comet.agents.make_agent(kind, seed=f"{seed}/{s}", time_limit=BOT_TIME.get(kind))
                for s, kind in enumerate(self.seats)]

    def use_agents(self, agents: Sequence[Agent | None]) -> None:
        """The bots of the table's seats (None for a person): e.g. a lesson's scripted replies."""
        if len(agents) != len(self.seats):
            raise ValueError(f"{len(agents)} agents for {len(self.seats)} seats")
        self._agents = list(agents)

    def open_position(self, game: comet.Round | comet.Match, move: int) -> str:
        """Play on from a position of a link: its match (or one deal), ``move`` plays into its last deal."""
        if isinstance(game, comet.Match):
            match = game
        else:  # one deal: a match of that deal only
            match = comet.Match(game.variant, players=game.players, seed=game.seed, deals=1)
            match.round, match.dealer = game, game.dealer
        rnd = match.round
        while len(rnd.history) > move:
            rnd.undo()
        if len(self.seats) != match.players:
            self.seats = default_seats(match.players, next((k for k in self.seats if k != PERSON), "greedy"))
            self.typed = [""] * match.players
        self.match = match
        self.seed = match.seed if isinstance(match.seed, int) else 1
        self._agents = self._make_agents()
        self._fallback = random.Random(str(match.seed))
        self.opened = True
        self._settle_view()
        _ = words(self.lang)
        return _("Opened from a link: {game}, {players}, deal {deal}, after {n}.", game=_(match.variant.name),
                 players=_.ngettext("{n} player", "{n} players", match.players), deal=match.deal_number,
                 n=_.ngettext("{n} play", "{n} plays", move))

    # ------------------------------------------------------------------ who is who
    @property
    def round(self) -> comet.Round:
        return self.match.round

    @property
    def people(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == PERSON]

    @property
    def you(self) -> int | None:
        """The seat called "you": the one person at the table (None with several, or none)."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def names(self, lang: str | None = None) -> Names:
        """Every seat's name: typed, else "You" (one person), "Player N" (several), a bot's name."""
        _ = words(lang or self.lang)
        out = []
        for s, kind in enumerate(self.seats):
            if self.typed[s]:
                out.append(self.typed[s])
            elif kind != PERSON:
                out.append(_(BOT_NAMES_BY_SEAT[s % len(BOT_NAMES_BY_SEAT)]))
            elif s == self.you:
                out.append(_("You"))
            elif self.mode == "class":
                out.append(_("The class"))
            else:
                out.append(_("Player {n}", n=s + 1))
        return Names(tuple(out), self.you, lang or self.lang)

    # ------------------------------------------------------------------ the view's state
    def _settle_view(self) -> None:
        """Whose hand may be shown now, and whether the device must be passed first."""
        rnd = self.round
        people = self.people
        self.waiting = None
        if self.devices:
            self.viewer = None
            return
        if len(people) <= 1:
            self.viewer = people[0] if people else None
            return
        mover = rnd.to_play
        if rnd.is_over or mover is None or mover not in people:
            self.viewer = None  # between two people's turns no hand is shown
            return
        if mover == self._last_viewer:
            self.viewer = mover
        else:
            self.viewer = None
            self.waiting = mover

    def confirm(self, seat: int) -> str:
        """The person the device was passed to confirms: their hand is shown."""
        if self.waiting is None or seat != self.waiting:
            raise UserError(words(self.lang)("nobody is waiting for the device now."))
        self.viewer = self._last_viewer = seat
        self.waiting = None
        _ = words(self.lang)
        return _("{name}: your turn, {need}.", name=self.names()(seat), need=need_text(_, self.round))

    def turn_of(self, seat: int | None) -> bool:
        """``seat`` is to play (None: nobody's hand is shown)."""
        rnd = self.round
        return not rnd.is_over and seat is not None and rnd.to_play == seat

    @property
    def my_turn(self) -> bool:
        """The viewer (a person who confirmed) is to play."""
        return self.turn_of(self.viewer)

    def legal(self) -> list[comet.Play]:
        """The plays the viewer may make now ([] when it is not their turn)."""
        return self.round.legal_plays() if self.my_turn else []

    def illegal_reason(self, card: comet.Card, legal: Sequence[comet.Play], seat: int | None = None) -> str:
        """Why ``card`` of the viewer's (or ``seat``'s) hand cannot be played now, as a sentence."""
        rnd = self.round
        _ = words(self.lang)
        if rnd.is_over:
            return _("The deal is over: press Next deal or New match.")
        if not self.turn_of(self.viewer if seat is None else seat):
            return _("It is {name}'s turn, not yours.", name=self.names()(rnd.to_play if rnd.to_play is not None else 0))
        symbol = card_symbol(card, self.lang)
        if any(card in p.cards for p in legal):
            return _("{card} goes with other cards or stands for a chosen card: choose the play next to your hand.",
                     card=symbol)
        return refusal(rnd, comet.Play.parse(str(card)), self.lang)

    def play(self, play: Any, seat: int | None = None) -> str:
        """The viewer (or ``seat``: a person at a device of their own) makes ``play``, a legal ``Play``;
        returns what they did, in words."""
        rnd = self.round
        _ = words(self.lang)
        if rnd.is_over:
            raise UserError(_("The deal is over: press Next deal or New match."))
        if not self.turn_of(self.viewer if seat is None else seat):
            raise UserError(_("It is not your turn."))
        legal = rnd.legal_plays()
        if not isinstance(play, comet.Play) or play not in legal:
            raise UserError(_("{play} is not a legal play now; the legal plays are: {legal}.", play=str(play)[:40],
                              legal=", ".join(play_label(_, p) for p in legal)))
        self._said = len(rnd.events)
        rnd.play(play)
        self._settle_view()
        return self._did(play, self.names())

    def forced_pass_due(self) -> bool:
        """A person is to play and a pass is their only legal play, which the table makes for them
        (:attr:`auto_pass`)."""
        rnd = self.round
        if not self.auto_pass or rnd.is_over or rnd.to_play is None or self.seats[rnd.to_play] != PERSON:
            return False
        legal = rnd.legal_plays()
        return len(legal) == 1 and legal[0].kind is PASS

    def bot_to_move(self) -> bool:
        """A bot is to play, or the table passes for a person who cannot play (:meth:`forced_pass_due`)."""
        rnd = self.round
        if rnd.is_over or rnd.to_play is None:
            return False
        return self.seats[rnd.to_play] != PERSON or rnd.to_play in self.stand_ins or self.forced_pass_due()

    def bot_step(self) -> comet.Play:
        """One bot's play (the view paces them), or a forced pass made for a person. A bot that
        chooses an illegal play is a bug: it raises."""
        rnd = self.round
        seat = rnd.to_play
        assert seat is not None
        if self.forced_pass_due():
            _ = words(self.lang)
            need = need_text(_, rnd)
            at = len(rnd.events)
            play = rnd.play(rnd.legal_plays()[0])
            self.passed_for.append((at, seat, need))
            self._settle_view()
            return play
        assert self.seats[seat] != PERSON or seat in self.stand_ins
        play = bot_play(self._agents[seat], rnd, self._fallback)
        rnd.play(play)
        self._settle_view()
        return play

    def bot_pause(self, delay: float) -> float:
        """Seconds between two bot plays drawn one after another: ``delay``, less at a big table (at
        most :data:`BOT_SEQUENCE` seconds of pauses after one action)."""
        return min(delay, BOT_SEQUENCE / max(1, self.round.players - 1))

    def run_bots(self) -> int:
        """Let the bots play until a person's turn or the end of the deal; the number of plays."""
        for n in range(MAX_BOT_MOVES):
            if not self.bot_to_move():
                return n
            self.bot_step()
        raise RuntimeError("the bots did not finish the deal")

    # ------------------------------------------------------------------ undo, deals
    def undo_target(self, seat: int | None = None) -> int | None:
        """How many plays the deal keeps if the viewer takes back their last decision (with the
        bots' replies); None if they cannot (no decision yet, another person played since, or the
        deal is settled)."""
        seat = self.viewer if seat is None else seat
        if seat is None or self.round.is_over:
            return None
        history = self.round.history
        mine = [i for i, (s, _) in enumerate(history) if s == seat]
        if not mine:
            return None
        after = [s for s, _ in history[mine[-1] + 1:]]
        if any(self.seats[s] == PERSON and s != seat for s in after):
            return None
        return mine[-1]

    def undo(self, seat: int | None = None) -> str:
        target = self.undo_target(seat)
        _ = words(self.lang)
        if target is None:
            raise UserError(_("There is no decision of yours to take back."))
        rnd = self.round
        while len(rnd.history) > target:
            rnd.undo()
        self._settle_view()
        return _("Took back your last decision.")

    def next_deal(self) -> str:
        match = self.match
        _ = words(self.lang)
        if not match.round.is_over:
            raise UserError(_("The deal is not over yet."))
        if match.is_over:
            raise UserError(_("The match is over: start a new match."))
        match.next_deal()
        self._last_viewer = None
        self.opened = False
        self._settle_view()
        return _("Deal {n}: {name} deals.", n=match.deal_number, name=self.names()(match.round.dealer))
