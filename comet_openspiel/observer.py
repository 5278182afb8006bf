"""Observation and information-state tensors and strings for :mod:`comet_openspiel.game`.

Everything here is read from ``round.view(player)`` (what that player may see, S0-S2 as
the engine plays them), so two states the player cannot tell apart give equal strings
and equal tensors, and states it can tell apart give different ones: the string and the
tensor are two encodings of the same facts.  Needs numpy (OpenSpiel's own dependency).

Tensor layout (float32, fixed size for a variant and player count; ``N`` players,
``C = 53`` card slots, a card's slot being :attr:`comet.cards.Card.index`: spades A-K 0-12,
hearts 13-25, diamonds 26-38, clubs 39-51, the joker 52).  Pieces, in order (the
observer's ``dict`` holds a named view of each):

================  =============  ==============================================================
piece             shape          meaning
================  =============  ==============================================================
observer          N              one-hot: whose view this is
hand              C              private: own hand, count of each card (two-pack games: 0-2)
dealt             C              private, perfect recall only: the hand as it was dealt (before a
                                 redeal or an exchange)
own_discards      C              private: cards this player discarded in an exchange (S2)
seen_aside        C              private: talon cards it saw and left (S2, AMB-15)
phase             4              one-hot: redeal (1752 first hand's choice), exchange, play, over
to_play           N              one-hot: whose turn (all zero when the deal is over)
hand_sizes        N              each player's card count
played            N x C          cards each player has played face up
run               C              the run in progress: cards played since the last stop
last              N              one-hot: who played the last card (the player entitled to lead after a stop)
last_play         C + 17         that play's cards, and what a wild card in it stood for (rank 13, suit 4)
targets           15 x 5         the rank needed: ``[rank, suit]`` flags, rank 0-14, suit
                                 0 for "any suit" then S, H, D, C (several flags after a branch)
free_lead         1              1 on a new lead (any card may be led)
wilds             C              the wild cards (comet, manille, 9♦) of this pack
comet             N + 2          one-hot of the player who may claim the manille (1718), the
                                 comet's current value, 1 in the turn model H (Pope Joan)
ledger            N              in-play net payments so far, per player
counters          5              passes in a row, cards out of play (dead hand, talon, set
                                 aside, discards), exchanges done, cards discarded in the
                                 current exchange, 1 after a 1752 redeal
leader            N              one-hot: the eldest hand, who led first
history           T x (N+78)     perfect recall only: move ``t`` as the mover one-hot (N),
                                 the kind (cards, pass, claim, keep, redeal, discard, another
                                 player's discard, draw: 8), the cards played or discarded (C),
                                 what a wild card stands for (rank 13, suit 4); ``T`` is the
                                 game's ``max_game_length``
================  =============  ==============================================================

While the cards are dealt (chance nodes) only the ``observer`` piece is set. The information
state does not say in which order a player's cards were dealt to it (no decision depends on it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np  # type: ignore[import-not-found, unused-ignore]
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from comet.cards import SUIT_CHARS, Card, sort_key
from comet.errors import GameStateError, InvalidOptionError
from comet.plays import CARDS, CLAIM, DISCARD, DRAW, KEEP, PASS, REDEAL, Play
from comet.state import Phase

if TYPE_CHECKING:
    from comet_openspiel.game import CometState
    from comet.view import RoundView

__all__ = ["CometObserver", "CARD_SLOTS", "layout"]

CARD_SLOTS = 53
PHASES = tuple(Phase)
"""The phases, in the order of the ``phase`` piece (:class:`comet.state.Phase`)."""
TARGET_RANKS = 15
TARGET_SUITS = ("",) + tuple(SUIT_CHARS)
KINDS = (CARDS, PASS, CLAIM, KEEP, REDEAL, DISCARD, "hidden discard", DRAW)
STEP = len(KINDS) + CARD_SLOTS + 13 + 4
"""The size of one move of the history, besides the mover's one-hot."""


def layout(players: int, steps: int, private: bool, public: bool,
           perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    """The pieces of the tensor, in order, with their shapes (see the module's table)."""
    n, c = players, CARD_SLOTS
    pieces: list[tuple[str, tuple[int, ...]]] = [("observer", (n,))]
    if private:
        pieces += [("hand", (c,))] + ([("dealt", (c,))] if perfect_recall else [])
        pieces += [("own_discards", (c,)), ("seen_aside", (c,))]
    if public:
        pieces += [("phase", (len(PHASES),)), ("to_play", (n,)), ("hand_sizes", (n,)), ("played", (n, c)),
                   ("run", (c,)), ("last", (n,)), ("last_play", (c + 17,)), ("targets", (TARGET_RANKS, len(TARGET_SUITS))),
                   ("free_lead", (1,)), ("wilds", (c,)), ("comet", (n + 2,)), ("ledger", (n,)),
                   ("counters", (5,)), ("leader", (n,))]
        if perfect_recall:
            pieces.append(("history", (steps, n + STEP)))
    return pieces


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in sorted(cards, key=sort_key)) or "-"


class CometObserver:
    """OpenSpiel's ``PyObserver`` for ``python_comet``: ``set_from`` fills ``tensor`` (and the
    named views in ``dict``), ``string_from`` gives the same facts as text."""

    def __init__(self, players: int, steps: int, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise InvalidOptionError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidOptionError("python_comet observes one player's private cards (SINGLE_PLAYER) or none (NONE), "
                             "not ALL_PLAYERS")
        self.players = players
        self.steps = steps
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        pieces = layout(players, steps, self.private, self.public, self.perfect_recall)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        pos = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[pos:pos + size].reshape(shape)
            pos += size

    # ------------------------------------------------------------------ tensor
    def set_from(self, state: "CometState", player: int) -> None:
        """Fill the tensor with what ``player`` may see of ``state``."""
        self.tensor.fill(0)
        d = self.dict
        d["observer"][player] = 1
        rnd = state.round
        if rnd is None:
            return
        view = rnd.view(player)
        if self.private:
            for c in view.hand:
                d["hand"][c.index] += 1
            if self.perfect_recall:
                for c in view.dealt:
                    d["dealt"][c.index] += 1
            for c in view.own_discards:
                d["own_discards"][c.index] += 1
            for c in view.seen_aside:
                d["seen_aside"][c.index] += 1
        if not self.public:
            return
        pub = view.public
        turn = pub.turn
        d["phase"][PHASES.index(view.phase)] = 1
        if view.to_play is not None:
            d["to_play"][view.to_play] = 1
        d["hand_sizes"][:] = view.hand_sizes
        for s, play in view.table:
            for c in play.cards:
                d["played"][s, c.index] += 1
        for _, play in view.sequence:
            for c in play.cards:
                d["run"][c.index] += 1
        if turn.last >= 0:
            d["last"][turn.last] = 1
        if view.table:
            _encode_play(view.table[-1][1], d["last_play"], 0)
        if view.targets is None:
            d["free_lead"][0] = 1 if view.phase is Phase.PLAY else 0
        else:
            for rank, suit in view.targets:
                d["targets"][rank, TARGET_SUITS.index(suit)] = 1
        for c in view.wilds:
            d["wilds"][c.index] = 1
        comet = d["comet"]
        if turn.claim_seat >= 0:
            comet[turn.claim_seat] = 1
        comet[self.players] = pub.comet_value
        comet[self.players + 1] = 1 if turn.h_mode else 0
        d["ledger"][:] = _net(view)
        setup = pub.setup
        d["counters"][:] = (turn.passes, view.dead_size, setup.exchange_index, setup.exchange_count,
                            1 if setup.redealt else 0)
        d["leader"][setup.leader] = 1
        if self.perfect_recall:
            self._history(view, d["history"])

    def _history(self, view: "RoundView", out: Any) -> None:
        n = self.players
        moves = view.history
        if len(moves) > self.steps:
            raise GameStateError(f"the information-state tensor holds {self.steps} moves (max_game_length); "
                             f"this deal has {len(moves)}")
        width = n + STEP
        flat: list[int] = []
        for t, (seat, text) in enumerate(moves):
            base = t * width
            flat.append(base + seat)
            flat.extend(base + n + k for k in _move_slots(text))
        np.add.at(out.reshape(-1), flat, 1)

    # ------------------------------------------------------------------ string
    def string_from(self, state: "CometState", player: int) -> str:
        """The same facts as the tensor, as text."""
        rnd = state.round
        if rnd is None:
            return f"p{player} while the cards are dealt"
        view = rnd.view(player)
        parts = [f"p{player}"]
        if self.private:
            parts.append("hand " + _cards(view.hand))
            if self.perfect_recall:
                parts.append("dealt " + _cards(view.dealt))
            if view.own_discards:
                parts.append("discarded " + _cards(view.own_discards))
            if view.seen_aside:
                parts.append("saw " + _cards(view.seen_aside))
        if not self.public:
            return " | ".join(parts)
        pub = view.public
        turn = pub.turn
        parts.append(f"phase {view.phase}")
        parts.append("sizes " + ",".join(str(n) for n in view.hand_sizes))
        parts.append(f"to play {view.to_play}")
        if self.perfect_recall:
            parts.append("history " + (" ".join(f"{s}:{t}" for s, t in view.history) or "-"))
        last = view.table[-1] if view.table else None
        parts.append(f"last {last[0]}:{last[1].text}" if last else "last -")
        targets = view.targets
        parts.append("follow " + ("any" if targets is None else ",".join(f"{r}{s}" for r, s in targets)))
        parts.append("run " + _cards(c for _, p in view.sequence for c in p.cards))
        played: list[list[Card]] = [[] for _ in range(view.players)]
        for s, play in view.table:
            played[s].extend(play.cards)
        parts.append("played " + ";".join(_cards(cards) for cards in played))
        parts.append("paid " + ",".join(str(x) for x in _net(view)))
        parts.append(f"comet {pub.comet_value} claim {turn.claim_seat} h {int(turn.h_mode)}")
        setup = pub.setup
        parts.append(f"passes {turn.passes} out {view.dead_size} exchange {setup.exchange_index},"
                     f"{setup.exchange_count} redealt {int(setup.redealt)} leader {setup.leader} lead {turn.last}")
        return " | ".join(parts)


_SLOTS: dict[str, tuple[int, ...]] = {}


def _move_slots(text: str) -> tuple[int, ...]:
    """The slots of one move in a history row, after the mover's one-hot (cached by text)."""
    slots = _SLOTS.get(text)
    if slots is None:
        if text == "discard ?":
            slots = (KINDS.index("hidden discard"),)
        else:
            play = Play.parse(text)
            row = np.zeros(STEP, np.float32)
            row[KINDS.index(play.kind)] = 1
            _encode_play(play, row, len(KINDS))
            slots = tuple(i for i in range(STEP) for _ in range(int(row[i])))
        slots = _SLOTS[text] = slots
    return slots


def _encode_play(play: "Play", out: Any, base: int) -> None:
    """A play's cards (counts per slot) then, for a wild card, the rank and suit it stands for."""
    for c in play.cards:
        out[base + c.index] += 1
    if play.wild is not None:
        base += CARD_SLOTS
        out[base + play.rank - 1] = 1
        if play.suit:
            out[base + 13 + SUIT_CHARS.index(play.suit)] = 1


def _net(view: "RoundView") -> list[int]:
    paid = [0] * view.players
    for pay in view.ledger:
        if 0 <= pay.payer < view.players:
            paid[pay.payer] -= pay.amount
        if 0 <= pay.payee < view.players:
            paid[pay.payee] += pay.amount
    return paid
