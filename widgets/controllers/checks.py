"""What a visitor may choose, checked: variants, player counts, seeds, bots, languages, seats.

Every check raises :class:`UserError` with a sentence in the reader's language that says what was
wrong and what is allowed. Plain Python (no ipywidgets): the controllers and the widgets share it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

import comet
from comet.calls import LANGUAGES
from comet_render.i18n import N_, number, percent, words

DEFAULT_VARIANT = "modern-comet-1991"
MAX_SEED = 10**9
LANGUAGE_CODES = frozenset(LANGUAGES)
BOT_KINDS: dict[str, tuple[str, str]] = {
    "greedy": (N_("Greedy"), N_("Follows the period advice move by move (runs first, aces early, a king kept "
                                "to win the lead back, the comet saved for when stuck); never looks ahead.")),
    "search-fast": (N_("Quick thinker"), N_("Looks ahead: plays each choice out in about 40 guessed deals of the "
                                            "cards it cannot see, at most 0.05 s a move.")),
    "search": (N_("Deep thinker"), N_("Looks further ahead: up to 400 guessed deals of the hidden cards a move, "
                                      "at most 0.3 s, so it usually beats the quick thinker.")),
    "random": (N_("Random"), N_("Plays any legal play at random: a gentle first opponent.")),
}
"""The bots a seat can be: name for :func:`comet.agents.make_agent` -> (kind, what it really does:
:mod:`comet.agents` — GreedyAgent, SearchAgent at the levels ``fast`` and ``normal`` capped by
:data:`BOT_TIME`, RandomAgent)."""
BOT_NAMES = frozenset(BOT_KINDS)
BOT_TITLES = {"greedy": N_("Greedy bot"), "search-fast": N_("Quick thinker bot"), "search": N_("Deep thinker bot"),
              "random": N_("Random bot")}
"""Each bot kind named as a seat's player ("Greedy bot": a name of its own in each language, *robot
glouton*, *bot codicioso*, not the kind glued to the word)."""
STRENGTH = "data/bot_strength.json"
"""Package data of :mod:`comet_learn`: each bot kind's measured match (``python -m bench.strength``: its win rate against another bot)."""


@lru_cache(maxsize=1)
def bot_strength() -> dict[str, dict[str, Any]]:
    """:data:`STRENGTH` by bot kind (empty if the file is missing or unreadable: the table then says
    nothing of strength rather than something made up)."""
    try:
        data = json.loads(resources.files("comet_learn").joinpath(STRENGTH).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {m["bot"]: m for m in data.get("matches", []) if isinstance(m, dict) and m.get("bot") in BOT_KINDS}


def strength_text(kind: str, lang: str = "en") -> str:
    """``Measured: wins 66% of 2,000 two-player deals of Modern comet against the Greedy bot.`` ("" if
    the bot's strength was not measured)."""
    m = bot_strength().get(kind)
    if m is None or m.get("against") not in BOT_KINDS or m.get("variant") not in comet.VARIANTS:
        return ""
    _ = words(lang)
    return _("Measured: wins {share} of {deals} two-player deals of {game} against the {other} bot.",
             share=percent(float(m["win"]), lang), deals=number(int(m["deals"]), lang),
             game=_(comet.VARIANTS[m["variant"]].name), other=_(BOT_KINDS[m["against"]][0]))
BOT_TIME = {"search-fast": 0.05, "search": 0.3}
"""Seconds a search bot may think for a move at a table (its level's playouts, or fewer)."""
PERSON = "person"
SEAT_KINDS = (PERSON, *BOT_KINDS)


class UserError(ValueError):
    """A problem with what the user entered: shown as is. (A ``ValueError`` for the callers
    that catch one; the widgets' :func:`~widgets.common.safe` expects it and the engine's errors.)
    ``after``: HTML the message line writes after the sentence (an "our reading" mark)."""

    def __init__(self, message: str = "", after: str = "") -> None:
        super().__init__(message)
        self.after = after


def chosen(value: Any, allowed: Iterable[Any], default: Any) -> Any:
    """``value`` if it is one of ``allowed``, else ``default`` (a forged widget message may hold
    any JSON value, a list included)."""
    try:
        return value if value in allowed else default
    except TypeError:  # unhashable: not a choice
        return default


def check_variant(value: Any, lang: str = "en") -> comet.Variant:
    if not isinstance(value, str) or value not in comet.VARIANTS:
        raise UserError(words(lang)("{value} is not a game of this book; choose one of: {known}.",
                                    value=repr(value)[:40], known=", ".join(comet.VARIANTS)))
    return comet.VARIANTS[value]


def players_words(variant: comet.Variant, lang: str = "en") -> str:
    """``2 players``, ``2 to 5 players`` in ``lang``."""
    _ = words(lang)
    low, high = variant.players.start, variant.players.stop - 1
    if low == high:
        return _.ngettext("{n} player", "{n} players", low)
    return _.ngettext("{low} to {n} player", "{low} to {n} players", high, low=low)


def check_players(variant: comet.Variant, value: Any, lang: str = "en") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in variant.players:
        _ = words(lang)
        raise UserError(_("{game} is played by {players}, not {value}.", game=_(variant.name),
                          players=players_words(variant, lang), value=repr(value)[:40]))
    return value


def check_seed(value: Any, lang: str = "en") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise UserError(words(lang)("the seed is a whole number from 0 to {max}, not {value}.", max=MAX_SEED,
                                    value=repr(value)[:40]))
    return value


def check_choice(value: Any, allowed: Iterable[Any], what: str, lang: str = "en") -> Any:
    """``value`` if allowed; ``what`` is an already translated noun (``a bot``)."""
    allowed = list(allowed)
    if chosen(value, allowed, None) is None:
        raise UserError(words(lang)("{value} is not {what}; choose one of: {allowed}.", value=repr(value)[:40],
                                    what=what, allowed=", ".join(map(str, allowed))))
    return value


def check_int(value: Any, lo: int, hi: int, what: str, lang: str = "en") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UserError(words(lang)("{what} must be a whole number from {lo} to {hi}, not {value}.", what=what,
                                    lo=lo, hi=hi, value=repr(value)[:40]))
    return value


MAX_NAME = 24


def clean_name(value: Any) -> str:
    """A typed name, trimmed to :data:`MAX_NAME` characters of one line ("" if it is not text)."""
    if not isinstance(value, str):
        return ""
    return " ".join(value.split())[:MAX_NAME]


EXPECTED_ERRORS: tuple[type[Exception], ...] = (comet.CometError, UserError)
"""What a visitor's input can cause: the engine's errors (:class:`comet.CometError`) and the
widgets' checks (:class:`UserError`). Any other exception, a bare ``ValueError``, a
``TypeError`` or a ``TraitError`` raised by a callback's own assignment included, is a bug."""


def message_text(error: BaseException, lang: str = "en") -> str:
    """A readable sentence for an exception (no traceback), its own words in ``lang``."""
    if isinstance(error, UserError):
        return str(error)
    if isinstance(error, comet.CometError):
        text = str(error) or type(error).__name__
        return _trim(text[0].upper() + text[1:]) + " " + words(lang)("Nothing was changed.")
    return bug_text(error, lang)


def bug_text(error: BaseException, lang: str = "en") -> str:
    """What a page says of an unexpected error, in ``lang``: a bug, not the visitor's doing."""
    return words(lang)("Something went wrong in this page ({kind}: {detail}). This is a bug, not your move; "
                       "reloading the page starts again.", kind=type(error).__name__, detail=_trim(str(error)))


def _trim(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + " …"
