"""Comet: rules, scoring and play for the Comet family of card games.

Hoc Mazarin's shedding stage, Manille (the old comet of 1718), the new comet of 1752,
Yanovsky's Russian rules of 1804, the modern game of 1991, Arnold's two-handed game and
Commit.  Standard library only.

>>> import comet
>>> rnd = comet.Round.deal("modern-comet-1991", players=2, seed=1)
>>> play = rnd.legal_plays()[0]
>>> _ = rnd.play(play)
"""

from __future__ import annotations

from comet.cards import JOKER, Card, parse_cards
from comet.errors import (
    CometError,
    GameStateError,
    IllegalPlayError,
    InvalidCardError,
    InvalidDealError,
    InvalidOptionError,
    InvalidPlayError,
    UnknownVariantError,
)
from comet.ledger import Payment
from comet.match import Match
from comet.notation import replay
from comet.outcome import Outcome
from comet.plays import Play
from comet.round import Round
from comet.variant import Option, Rules, Variant
from comet.variants import VARIANTS, find_variant
from comet.view import RoundView
from comet.agents import Hint, hint
from comet.simulate import GameRecord, simulate

__version__ = "0.1.0"

__all__ = ["Card", "JOKER", "parse_cards", "Play", "Round", "RoundView", "Match", "Outcome", "Payment", "Variant",
           "Rules", "Option", "VARIANTS", "find_variant", "replay", "CometError", "InvalidPlayError",
           "IllegalPlayError", "GameStateError", "InvalidCardError", "InvalidDealError", "InvalidOptionError",
           "UnknownVariantError", "hint", "Hint", "simulate", "GameRecord"]
