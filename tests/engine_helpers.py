"""Helpers for the engine's tests: a deal played some moves at random."""

from __future__ import annotations

import random

import comet


def played(variant: str, players: int, seed: int, moves: int) -> comet.Round:
    """The deal of ``seed``, then up to ``moves`` random legal plays (fewer if it ends)."""
    rnd = comet.Round.deal(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        rnd.play(rng.choice(rnd.legal_plays()))
    return rnd
