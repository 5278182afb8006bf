"""An OpenSpiel game for every Comet variant: ``python_comet`` (optional; needs ``open_spiel``).

Import this module to register the game (``comet`` never imports it itself)::

    import pyspiel
    import comet_openspiel  # registers python_comet
    game = pyspiel.load_game("python_comet", {"variant": "modern-comet-1991", "players": 3})

* **Parameters**: ``variant`` (an id of :data:`comet.VARIANTS`, its default readings), ``players``
  and ``pack`` (one of the variant's packs, "" for the first).
* **Chance deals the cards**, one chance node a card, as OpenSpiel's own card games do: round the
  table from the eldest (seat 1; seat 0 deals), one card at a time, each hand to the size the
  variant deals, then the talon in its order (games with an exchange, S2); a chance outcome is
  a card (:attr:`comet.cards.Card.index`), with the probability of drawing it from the cards not
  yet dealt (two-pack games hold two of most cards). The cards no hand or talon receives are the
  dead hand: which cards they are follows from the others, so they need no chance node, and
  every deal of the engine is reachable. The 1752 redeal (S0, S1) is dealt the same way after
  the first hand's ``redeal``. So ``history()`` is the deal and every play, and replays the state.
* **Actions**: a stable space per variant: every play text the variant's packs allow
  (singles, groups, wild cards with each rank they may stand for, ``pass``, ``claim``,
  ``keep``, ``redeal``, ``discard X``, ``draw``), sorted; action ``i`` is
  ``action_texts(variant)[i]``.
* **Observations**: strings and tensors built from ``round.view(player)``
  (:mod:`comet_openspiel.observer` documents the tensor layout): the observation is the
  player's hand, its exchange cards, the phase, whose turn, every hand size, the cards
  each player played, the run in progress, the rank needed, the comet's state, the
  in-play ledger and a few counters; the information state (perfect recall) adds the hand as
  dealt and every move so far, other players' discards masked.  Both are equal for states the
  player cannot tell apart and differ for states it can.
* **Resampling**: ``state.resample_from_infostate(player, rng)`` deals the cards ``player``
  has not seen at random (:meth:`comet.view.RoundView.determinize`, consistent with public play),
  then replays that deal and the same plays from a new state, so the sample's ``history()``
  replays to it; a sample that would not show ``player`` what it saw is drawn again. After
  :data:`RESAMPLE_TRIES` draws, or at a chance node, the state itself is returned (it is in the
  information set too, but it is the true state): counted in :data:`RESAMPLING`, and measured by
  ``bench/resampling.py`` (see :class:`Resampling` for how often it happens).
* **Returns**: the net payment of each seat at the end of the deal (zero-sum).

OpenSpiel's checks run on it (``tests/test_openspiel.py``: ``random_sim_test`` with
serialization, and its resampling check, for 2 to 5 players); ``bench/agents.py`` measures
IS-MCTS against :class:`comet.agents.SearchAgent`::

    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import ismcts, mcts

    env = rl_environment.Environment(game)        # information-state tensors by default
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(), uct_c=25.0, max_simulations=100,
                           allow_inconsistent_action_sets=True)

Payments are in chips (tens per deal), so a UCT constant near their spread beats the usual
2.  ``allow_inconsistent_action_sets`` is needed where the legal plays depend on hidden
cards (Commit 1857's bridge needs a gap nobody can fill), harmless elsewhere.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import pyspiel  # type: ignore[import-not-found, unused-ignore]

from comet.cards import ALL_CARDS, JOKER, Card, sort_key
from comet.deal import deal_cards
from comet.errors import CometError, InvalidDealError, InvalidOptionError, UnknownVariantError, shown
from comet_openspiel.observer import CARD_SLOTS, CometObserver
from comet_openspiel.actions import action_index, action_texts
from comet.plays import CARDS, DISCARD, REDEAL, REDEAL_PLAY
from comet.round import Round
from comet.state import Phase
from comet.variants import VARIANTS, find_variant

__all__ = ["GAME_NAME", "CometGame", "CometObserver", "CometState", "action_texts", "load", "actions_of"]

GAME_NAME = "python_comet"
DEFAULT_VARIANT = "modern-comet-1991"
CARDS_BY_INDEX: tuple[Card, ...] = tuple(sorted(ALL_CARDS + (JOKER,), key=lambda c: c.index))
"""Each card by its index: a chance outcome's card."""

def _max_bound(variant: str, players: int, pack: str) -> tuple[int, int]:
    """(a bound on any seat's net payment, a bound on the number of moves)."""
    r = find_variant(variant).rules
    cards = r.pack(pack, players=players)
    pips = sum(c.pips for c in cards)
    mult = (max(r.comet_holder_multiplier, 1) * max(r.comet_last_multiplier, r.comet_nine_multiplier, 1)
            * max(r.opera_multiplier, 1))
    in_play = len(cards) * (r.wild_pay + r.wild_pay_step * 10 + r.card_pay + r.hoc_pay + r.king_stop_pay
                            + r.incidental_stop_pay + 1)
    money = (players - 1) * (pips * mult + r.manille_penalty_amount + r.game_stake + r.comet_bonus
                             + r.carte_blanche * 2 + in_play + r.ante + 2 * r.king_held_pay * 8
                             + r.comet_held_pay * 8 + r.king_penalty_each * 8 + 100)
    moves = len(cards) * (players + 3) + 2 * players + 10
    return money, moves


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Comet (any variant of the family)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={"variant": DEFAULT_VARIANT, "players": 2, "pack": ""},
)


@dataclass
class Resampling:
    """How often :meth:`CometState.resample_from_infostate` was asked for a sample (``asked``), and how
    often it returned the state itself instead (``fallbacks``): at a chance node (cards being dealt),
    or when no sample in :data:`RESAMPLE_TRIES` showed the player what it saw. That state is in the
    player's information set too, but it is the true one: a search that meets it sees every card.
    ``bench/resampling.py`` measures it (``bench/README.md``, "Resampling"): 26 fallbacks in 39,774
    samples (0.07 %) at the decision nodes of 10 random deals of every variant, all in the games where
    whoever holds the next card plays it (Commit 1857, 18 of 1,236 with four players; Arnold's Commit
    after the comet, 8 of 3,300). There an incidental stop shows that no hand holds the next card, which
    the sampler's voids (:func:`comet.sample.voids_of`) do not keep, so most deals drawn are refused."""

    asked: int = 0
    fallbacks: int = 0


RESAMPLING = Resampling()
"""The process's count of samples and fallbacks (read it after a search; reset it with ``Resampling()``)."""
RESAMPLE_TRIES = 64
"""How many deals :meth:`CometState.resample_from_infostate` draws before falling back to the state itself."""


class CometGame(pyspiel.Game):  # type: ignore[misc]
    """The fixed facts of one variant and player count: the actions, the order of the deal."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        known = _GAME_TYPE.parameter_specification
        if (params is not None and not isinstance(params, Mapping)) or set(params or {}) - set(known):
            raise InvalidOptionError(f"{GAME_NAME} takes the parameters {', '.join(known)} only, not {shown(params)}")
        params = dict(params or {})
        variant = params.get("variant", DEFAULT_VARIANT)
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise UnknownVariantError(f"unknown variant {shown(variant)}; choose one of {', '.join(VARIANTS)}")
        v = VARIANTS[variant]
        players = params.get("players", 2)
        v.check_players(players)
        pack = params.get("pack", "")
        if not isinstance(pack, str) or (pack or v.rules.packs[0]) not in v.rules.packs:
            raise InvalidDealError(f"{variant} uses the packs {', '.join(v.rules.packs)} ('' for the first), "
                                   f"not {shown(pack)}")
        pack = pack or v.rules.packs[0]
        money, moves = _max_bound(variant, players, pack)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_texts(variant)),
            max_chance_outcomes=CARD_SLOTS,
            num_players=players,
            min_utility=float(-money),
            max_utility=float(money),
            utility_sum=0.0,
            max_game_length=moves,
        )
        super().__init__(_GAME_TYPE, info, {"variant": variant, "players": players, "pack": pack})
        self.variant_id = variant
        self.players = players
        self.pack = pack
        self.cards = v.rules.pack(pack, players=players)
        # Where each dealt card goes (a seat, or -1: the talon), as the engine deals: one card at a
        # time round the table from the eldest until each hand has its size, then the talon.
        hands, _, talon = deal_cards(v, players, list(self.cards), 1 % players)
        sizes = [len(h) for h in hands]
        self.deal_order = _round_the_table(sizes, 1 % players) + [-1] * len(talon)

    def new_initial_state(self) -> "CometState":
        return CometState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CometObserver:
        """An observer (default: the observation, no perfect recall); see :mod:`comet_openspiel.observer`."""
        return CometObserver(self.players, self.max_game_length(),
                             iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def _round_the_table(sizes: Sequence[int], first: int) -> list[int]:
    """The seat of each card dealt one at a time round the table from ``first``, hands of ``sizes``."""
    n, order, have = len(sizes), list[int](), [0] * len(sizes)
    while len(order) < sum(sizes):
        for k in range(n):
            seat = (first + k) % n
            if have[seat] < sizes[seat]:
                order.append(seat)
                have[seat] += 1
    return order


class _Box:
    """Holds the round; deep copies (OpenSpiel's clone) use the engine's cheap ``Round.copy``."""

    __slots__ = ("round",)

    def __init__(self, rnd: Round | None) -> None:
        self.round = rnd

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Box":
        return _Box(self.round.copy() if self.round is not None else None)


class CometState(pyspiel.State):  # type: ignore[misc]
    """One deal: chance deals the cards one by one, then the players play."""

    def __init__(self, game: CometGame) -> None:
        super().__init__(game)
        self.variant_id = game.variant_id
        self.players = game.players
        self.pack = game.pack
        self._box = _Box(None)
        self._dealing: list[Card] | None = []
        """The cards chance has dealt so far in a deal (or a redeal) under way, else ``None``."""

    @property
    def round(self) -> Round | None:
        """The engine's round (``None`` while the first deal is dealt)."""
        return self._box.round

    def _order(self) -> list[int]:
        """Where the cards of the deal under way go (the redeal keeps each hand's size, S0, S1)."""
        rnd = self._box.round
        if rnd is None:
            game: CometGame = self.get_game()
            return game.deal_order
        return _round_the_table([len(h) for h in rnd.hands], rnd.leader) + [-1] * len(rnd.talon)

    def current_player(self) -> int:
        rnd = self._box.round
        if self._dealing is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert rnd is not None
        if rnd.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert rnd.to_play is not None
        return rnd.to_play

    def _legal_actions(self, player: int) -> list[int]:
        rnd = self._box.round
        if self._dealing is not None or rnd is None or rnd.to_play != player:
            return []
        index = action_index(self.variant_id)
        return sorted(index[p.text] for p in rnd.legal_plays())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._dealing is not None
        left = Counter(self.get_game().cards)
        left.subtract(self._dealing)
        total = sum(left.values())
        return sorted((c.index, k / total) for c, k in left.items() if k > 0)

    def _apply_action(self, action: int) -> None:
        if self._dealing is None:
            rnd = self._box.round
            assert rnd is not None
            text = action_texts(self.variant_id)[action]
            if text == REDEAL:  # the new deal comes from chance, card by card
                self._dealing = []
                return
            rnd.play(text)
            return
        self._dealing.append(CARDS_BY_INDEX[action])
        order = self._order()
        if len(self._dealing) == len(order):
            self._deal(self._dealing, order)
            self._dealing = None

    def _deal(self, cards: list[Card], order: list[int]) -> None:
        rest = list((Counter(self.get_game().cards) - Counter(cards)).elements())
        rnd = self._box.round
        if rnd is None:
            hands: list[list[Card]] = [[] for _ in range(self.players)]
            for seat, card in zip(order, cards):
                if seat >= 0:
                    hands[seat].append(card)
            self._box.round = Round.from_hands(self.variant_id, hands, leader=1 % self.players, dead=rest,
                                               talon=[c for s, c in zip(order, cards) if s < 0], pack=self.pack,
                                               dealer=0)
            return
        rnd.redeal_from(list(cards) + rest)  # the engine deals the redeal's cards in the order chance dealt them

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS_BY_INDEX[action]}"
        return action_texts(self.variant_id)[action]

    def is_terminal(self) -> bool:
        rnd = self._box.round
        return self._dealing is None and rnd is not None and rnd.is_over

    def returns(self) -> list[float]:
        rnd = self._box.round
        out = rnd.outcome() if rnd is not None else None
        if out is None:
            return [0.0] * self.players
        return [float(x) for x in out.payments]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "CometState":
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt at random.

        ``probability_sampler`` is OpenSpiel's (a callable returning a float in [0, 1), as
        ``pyspiel.UniformProbabilitySampler``), a ``random.Random``, or numpy's
        ``RandomState``/``Generator``: it seeds the deal.  The unseen cards are dealt by
        :meth:`comet.view.RoundView.determinize`, consistent with what ``player_id`` saw,
        public play included; the sample's deal and the same plays are then applied to a new
        state, so that its ``history()`` replays to it (and ``serialize()`` gives it back).
        """
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < self.players:
            raise InvalidOptionError(f"player_id must be a seat 0..{self.players - 1}, not {shown(player_id)}")
        rng = random.Random(_seed_from(probability_sampler))
        rnd = self._box.round
        RESAMPLING.asked += 1
        if rnd is not None and self._dealing is None:
            view = rnd.view(player_id)
            seen = self.information_state_string(player_id)
            for _ in range(RESAMPLE_TRIES):
                state = self.get_game().new_initial_state()
                try:
                    for action in actions_of(view.determinize(rng), self.get_game()):
                        state.apply_action(action)
                except CometError:  # a sample on which the plays made are not all legal: another
                    continue
                if state.information_state_string(player_id) == seen:
                    return state  # type: ignore[no-any-return]
        RESAMPLING.fallbacks += 1  # while cards are dealt, or no sample in RESAMPLE_TRIES: this very state
        return self.clone()  # type: ignore[no-any-return]

    def __str__(self) -> str:
        rnd = self._box.round
        dealing = ""
        if self._dealing is not None:
            dealing = f" dealing [{' '.join(str(c) for c in self._dealing)}]"
        if rnd is None:
            return f"{self.variant_id}{dealing}"
        hands = " | ".join(rnd.hand_text(s) for s in range(rnd.players))
        moves = " ".join(f"{s}:{p.text}" for s, p in rnd.history)
        return f"{self.variant_id} hands [{hands}] history [{moves}]{dealing}"


def actions_of(rnd: Round, game: CometGame) -> list[int]:
    """The OpenSpiel actions that deal ``rnd`` and make its plays: its first deal
    (``initial_hands``, each hand's cards in order, and the talon), its plays, and after a
    redeal the hands it dealt (as they were when the card play began)."""
    order = game.deal_order
    hands = [list(h) for h in rnd.initial_hands]
    talon = list(rnd.initial_talon)
    actions = [(hands[s].pop(0) if s >= 0 else talon.pop(0)).index for s in order]
    index = action_index(game.variant_id)
    for seat, play in rnd.history:
        actions.append(index[play.text])
        if play is REDEAL_PLAY:
            held = [list(h) for h in rnd.hands]
            for s, p in rnd.history:
                if p.kind is CARDS or p.kind is DISCARD:
                    held[s].extend(p.cards)
            for h in held:
                h.sort(key=sort_key)
            actions += [held[s].pop(0).index for s in _round_the_table([len(h) for h in held], rnd.leader)]
    return actions


def _seed_from(rng: Any) -> float:
    """A seed from an OpenSpiel sampler, ``random.Random`` or numpy generator."""
    for method in ("random", "uniform"):
        draw = getattr(rng, method, None)
        if callable(draw):
            return float(draw())
    if callable(rng):
        return float(rng())
    raise TypeError(f"rng must be a probability sampler (a callable returning a float in [0, 1)), "
                    f"a random.Random or a numpy generator; not {rng!r}")


def load(variant: str = DEFAULT_VARIANT, players: int = 2, **params: Any) -> Any:
    """``pyspiel.load_game("python_comet", {...})`` with keyword arguments."""
    return pyspiel.load_game(GAME_NAME, {"variant": variant, "players": players, **params})


pyspiel.register_game(_GAME_TYPE, CometGame)
