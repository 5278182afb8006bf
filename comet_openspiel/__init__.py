"""Every Comet variant as an OpenSpiel game, ``python_comet`` (the ``openspiel`` extra).

A package of its own, above :mod:`comet`, because it needs OpenSpiel and numpy while the engine
needs only the standard library. Importing it registers the game::

    import pyspiel
    import comet_openspiel  # registers python_comet
    game = pyspiel.load_game("python_comet", {"variant": "modern-comet-1991", "players": 3})

:mod:`comet_openspiel.game` documents the game (chance, actions, observations, resampling).
"""

from __future__ import annotations

from comet_openspiel.game import GAME_NAME, CometGame, CometObserver, CometState, action_texts, actions_of, load

__all__ = ["GAME_NAME", "CometGame", "CometObserver", "CometState", "action_texts", "load", "actions_of"]
