"""An OpenSpiel game for every Comet variant: ``python_comet`` (optional; needs ``open_spiel``).

Import this module to register the game (``comet`` never imports it itself)::

    import pyspiel
    import comet.openspiel  # registers python_comet
    game = pyspiel.load_game("python_comet", {"variant": "modern-comet-1991", "players": 3})

* **Parameters**: ``variant`` (an id of :data:`comet.VARIANTS`), ``players``, ``pack``
  (one of the variant's packs, "" for the first) and ``deals`` (how many deals the chance
  node chooses among).
* **Chance**: the first move is chance: it picks one of ``deals`` shuffles (deal ``k`` is
  ``Round.deal(variant, players, seed=k)``), each with probability ``1/deals``.  The 1752
  redeal reshuffles with the round's own seeded generator (deterministic given the deal).
* **Actions**: a stable space per variant: every play text the variant's packs allow
  (singles, groups, wild cards with each rank they may stand for, ``pass``, ``claim``,
  ``keep``, ``redeal``, ``discard X``, ``draw``), sorted; action ``i`` is
  ``action_texts(variant)[i]``.
* **Observations**: strings and tensors built from ``round.view(player)``
  (:mod:`comet.openspiel_observer` documents the tensor layout): the observation is the
  player's hand, its exchange cards, the phase, whose turn, every hand size, the cards
  each player played, the run in progress, the rank needed, the comet's state, the
  in-play ledger and a few counters; the information state (perfect recall) adds every
  move so far, other players' discards masked.  Both are equal for states the player
  cannot tell apart and differ for states it can.
* **Resampling**: ``state.resample_from_infostate(player, rng)`` deals the cards ``player``
  has not seen at random (:meth:`comet.view.RoundView.determinize`) and returns a state with
  the same information state for ``player``: what OpenSpiel's ``ISMCTSBot`` needs.  The
  deal is drawn from every arrangement of the unseen cards (not only the ``deals`` seeded
  shuffles of the chance node) consistent with public play: uniformly when no forced pass
  has shown a void, otherwise hand by hand (``determinize`` states the weights).
* **Returns**: the net payment of each seat at the end of the deal (zero-sum).

OpenSpiel's tools run on it (``tests/test_openspiel.py`` plays each; ``bench/agents.py``
measures IS-MCTS against :class:`comet.agents.SearchAgent`)::

    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import ismcts, mcts, tabular_qlearner

    env = rl_environment.Environment(game)        # information-state tensors by default
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(), uct_c=25.0, max_simulations=100,
                           allow_inconsistent_action_sets=True)

Payments are in chips (tens per deal), so a UCT constant near their spread beats the usual
2.  ``allow_inconsistent_action_sets`` is needed where the legal plays depend on hidden
cards (Commit 1857's bridge needs a gap nobody can fill), harmless elsewhere.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pyspiel  # type: ignore[import-not-found, unused-ignore]

from comet.cards import KING, NINE, SUIT_CHARS, sort_key
from comet.openspiel_observer import CometObserver
from comet.plays import CLAIM_PLAY, DRAW_PLAY, KEEP_PLAY, PASS_PLAY, REDEAL_PLAY, discard, make_cards_play
from comet.round import Round
from comet.variants import VARIANTS, find_variant

__all__ = ["GAME_NAME", "CometGame", "CometObserver", "CometState", "action_texts", "load"]

GAME_NAME = "python_comet"
DEFAULT_VARIANT = "modern-comet-1991"
DEFAULT_DEALS = 1000

_TABLES: dict[str, tuple[list[str], dict[str, int]]] = {}


def action_texts(variant: str) -> list[str]:
    """Every play text possible in ``variant`` (all its packs and player counts), sorted."""
    table = _TABLES.get(variant)
    if table is None:
        texts = sorted(_enumerate(variant))
        table = _TABLES[variant] = (texts, {t: i for i, t in enumerate(texts)})
    return table[0]


def _index(variant: str) -> dict[str, int]:
    action_texts(variant)
    return _TABLES[variant][1]


def _enumerate(variant: str) -> set[str]:
    v = find_variant(variant)
    r = v.rules
    texts = {p.text for p in (PASS_PLAY, CLAIM_PLAY, KEEP_PLAY, REDEAL_PLAY, DRAW_PLAY)}
    suits = ("",) + (tuple(SUIT_CHARS) if r.in_suit else ())
    for pack in r.packs:
        wilds = sorted(r.wild_cards(pack), key=sort_key)
        for players in v.players:
            cards = r.pack(pack, players=players)
            for c in set(cards):
                texts.add(discard(c).text)
                texts.add(make_cards_play((c,), None, c.rank).text)
            for w in wilds:
                for rank in range(1, KING + 1):
                    for suit in suits:
                        texts.add(make_cards_play((w,), w, rank, suit).text)
            for rank in range(1, KING + 1):
                same = sorted((c for c in cards if c.rank == rank and c not in wilds), key=sort_key)
                sizes = {4} | ({2, 3} if rank == KING else set()) | ({2, 3} if rank == NINE else set())
                if r.turn_model == "A" and r.turn_adds == "one_rank":
                    sizes |= {2, 3}  # Yanovsky: any number of one rank in a turn (AMB-29)
                for size in sizes:
                    for combo in set(combinations(same, size)):
                        texts.add(make_cards_play(combo, None, rank).text)
                        if rank == NINE:
                            for w in wilds:
                                texts.add(make_cards_play(combo + (w,), w, rank).text)
    return texts


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
    parameter_specification={"variant": DEFAULT_VARIANT, "players": 2, "pack": "", "deals": DEFAULT_DEALS},
)


class CometGame(pyspiel.Game):  # type: ignore[misc]
    """The fixed facts of one variant and player count."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = str(params.get("variant", DEFAULT_VARIANT))
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
        v = VARIANTS[variant]
        players = int(params.get("players", 2))
        v.check_players(players)
        pack = str(params.get("pack", "")) or v.rules.packs[0]
        if pack not in v.rules.packs:
            raise ValueError(f"{variant} uses the packs {', '.join(v.rules.packs)}, not {pack!r}")
        deals = int(params.get("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError("deals must be at least 1")
        money, moves = _max_bound(variant, players, pack)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_texts(variant)),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=float(-money),
            max_utility=float(money),
            utility_sum=0.0,
            max_game_length=moves,
        )
        super().__init__(_GAME_TYPE, info, {"variant": variant, "players": players, "pack": pack, "deals": deals})
        self.variant_id = variant
        self.players = players
        self.pack = pack
        self.deals = deals

    def new_initial_state(self) -> "CometState":
        return CometState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CometObserver:
        """An observer (default: the observation, no perfect recall); see :mod:`comet.openspiel_observer`."""
        return CometObserver(self.players, self.max_game_length(),
                             iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Box:
    """Holds the round; deep copies (OpenSpiel's clone) use the engine's cheap ``Round.copy``."""

    __slots__ = ("round",)

    def __init__(self, rnd: Round | None) -> None:
        self.round = rnd

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Box":
        return _Box(self.round.copy() if self.round is not None else None)


class CometState(pyspiel.State):  # type: ignore[misc]
    """One deal: a chance move picks the shuffle, then the players' plays."""

    def __init__(self, game: CometGame) -> None:
        super().__init__(game)
        self.variant_id = game.variant_id
        self.players = game.players
        self.pack = game.pack
        self.deals = game.deals
        self._box = _Box(None)

    @property
    def round(self) -> Round | None:
        """The engine's round (``None`` before the deal)."""
        return self._box.round

    def current_player(self) -> int:
        rnd = self._box.round
        if rnd is None:
            return int(pyspiel.PlayerId.CHANCE)
        if rnd.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert rnd.to_play is not None
        return rnd.to_play

    def _legal_actions(self, player: int) -> list[int]:
        rnd = self._box.round
        if rnd is None or rnd.to_play != player:
            return []
        index = _index(self.variant_id)
        return sorted(index[p.text] for p in rnd.legal_plays())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(k, p) for k in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        rnd = self._box.round
        if rnd is None:
            self._box.round = Round.deal(self.variant_id, players=self.players, seed=int(action), dealer=0,
                                         pack=self.pack)
            return
        rnd.play(action_texts(self.variant_id)[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal #{action}"
        return action_texts(self.variant_id)[action]

    def is_terminal(self) -> bool:
        rnd = self._box.round
        return rnd is not None and rnd.is_over

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
        public play included (the voids a forced pass shows, the turn model H; checked by
        replaying the card play); uniform when no void binds, else hand by hand.  The returned state shares this
        state's ``history()`` (OpenSpiel keeps it; the deal number in it is not the sampled
        deal), so ``serialize()`` gives back the original deal, not the sample.
        """
        if not isinstance(player_id, int) or not 0 <= player_id < self.players:
            raise ValueError(f"player_id must be a seat 0..{self.players - 1}, not {player_id!r}")
        state: CometState = self.clone()
        rnd = self._box.round
        if rnd is None:
            return state  # before the deal nothing is known to anyone
        state._box.round = rnd.view(player_id).determinize(random.Random(_seed_from(probability_sampler)))
        return state

    def __str__(self) -> str:
        rnd = self._box.round
        if rnd is None:
            return "(before the deal)"
        hands = " | ".join(rnd.hand_text(s) for s in range(rnd.players))
        moves = " ".join(f"{s}:{p.text}" for s, p in rnd.history)
        return f"{self.variant_id} hands [{hands}] history [{moves}]"


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
