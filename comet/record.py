"""The notation written: a deal's or a match's record (:mod:`comet.notation` reads it back).

Each run's call is written as a comment after its last play (``1: pass  ; J, Q without K``,
:mod:`comet.calls`); replaying ignores comments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.calls import step_calls
from comet.cards import cards_text
from comet.variant import Variant

if TYPE_CHECKING:
    from comet.match import Match
    from comet.round import Round


def options_text(variant: Variant) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in sorted(variant.chosen.items()))


def round_headers(rnd: "Round") -> list[tuple[str, str]]:
    h = [("Variant", rnd.variant.id)]
    if rnd.variant.chosen:
        h.append(("Options", options_text(rnd.variant)))
    h.append(("Players", str(rnd.players)))
    if rnd.dealt:
        h += [("Seed", repr(rnd.seed)), ("Dealer", str(rnd.dealer))]
    else:
        for seat, hand in enumerate(rnd.initial_hands):
            h.append((f"Hand{seat}", cards_text(hand)))
        h.append(("Dead", cards_text(rnd.initial_dead)))
        if rnd.initial_talon:
            h.append(("Talon", cards_text(rnd.initial_talon)))
        h += [("Leader", str(rnd.leader)), ("Dealer", str(rnd.dealer))]
        if rnd.seed is not None:
            h.append(("Seed", repr(rnd.seed)))
    h.append(("Pack", rnd.pack_name))
    if rnd.dead_comets:
        h.append(("DeadComets", str(rnd.dead_comets)))
    return h


def moves_text(rnd: "Round", comments: bool = True) -> list[str]:
    lines = []
    calls = step_calls(rnd.events, rnd.step_starts()) if comments else []
    for i, (seat, play) in enumerate(rnd.history):
        line = f"{seat}: {play}"
        if comments and calls[i + 1]:
            line += "  ; " + calls[i + 1][0]
        lines.append(line)
    return lines


def round_record(rnd: "Round", comments: bool = True) -> str:
    head = "\n".join(f'[{k} "{v}"]' for k, v in round_headers(rnd))
    return head + "\n\n" + "\n".join(moves_text(rnd, comments)) + "\n"


def match_record(match: "Match", comments: bool = True) -> str:
    """A whole match: its headers, then each deal's plays under ``[Deal "n"]``."""
    head = [("Variant", match.variant.id)]
    if match.variant.chosen:
        head.append(("Options", options_text(match.variant)))
    head += [("Players", str(match.players)), ("Seed", repr(match.seed)), ("Match", "yes")]
    extra = []
    if match.deals != (None if match.target else match.players):
        extra.append(f"deals={match.deals!r}")
    if match.target != match.variant.rules.target:
        extra.append(f"target={match.target!r}")
    if extra:
        head.append(("MatchOptions", ", ".join(extra)))
    lines = [f'[{k} "{v}"]' for k, v in head]
    rounds = [r for r, _ in match.finished] + [match.round]
    for i, rnd in enumerate(rounds, 1):
        lines += ["", f'[Deal "{i}"]']
        lines += moves_text(rnd, comments)
    return "\n".join(lines) + "\n"
