"""Rules drills: short questions made by the engine from random positions of any variant.

Four kinds (:data:`KINDS`), each question rebuilt exactly from ``(kind, variant, seed)``:

* ``play``: which of your cards may you play now? (the legal plays of :meth:`Round.legal_plays`);
* ``next``: seat s plays X: who plays next? (the engine plays it on a copy);
* ``settle``: what does this finished deal come to for seat 0? (:meth:`Round.outcome`);
* ``opera``: is this an opera? (:func:`comet.settlement.is_opera`, the variant's reading).

Each drill carries the rule that decides it in words and its sources: the variant's own
(``Variant.sources``: S0, S1, S2...) and the ambiguities (``AMB-n``, :mod:`comet.ambiguities`)
whose reading the engine takes.  Positions come from seeded deals played by the greedy player,
so a missed question can be asked again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from comet.agents import GreedyAgent, decide
from comet.ambiguities import AMBIGUITIES
from comet.cards import Card, sort_key
from comet.errors import InvalidDealError, InvalidOptionError
from comet.plays import CARDS, PASS, Play
from comet.round import Round
from comet.variants import VARIANTS, find_variant
from comet_learn.puzzles import play_words
from comet_render.narrate import narrate

__all__ = ["KINDS", "Drill", "make", "check"]

KINDS: dict[str, str] = {
    "play": "Which of your cards may you play?",
    "next": "Who plays next?",
    "settle": "What does this deal settle to?",
    "opera": "Is this an opera?",
}
NOBODY = "Nobody: the deal is over"
PASS_OPTION = "None: I must pass"

_OPERA_RULE = {
    "first_turn": "An opera is going out in the eldest hand's first, unbroken turn: kings and the comet "
                  "keep the turn, any pass breaks it",
    "first_hand": "An opera is the first hand going out before anyone else has played a card, even if "
                  "the others passed in between",
    "one_turn": "An opera is emptying one's hand in one turn: nobody else lays a card from the winner's "
                "first card to the last",
    "one_turn_literal": "An opera is emptying one's hand in one turn: from the winner's first card to the "
                        "last, nobody else plays or passes",
    "none": "This game has no opera",
}


@dataclass(frozen=True)
class Drill:
    id: str
    """``kind:variant:seed``: the same id asks the same question."""
    kind: str
    variant: str
    question: str
    record: str
    """The position (or the finished deal) in the project's notation."""
    seat: int | None
    """The seat whose view is shown (None: every hand, a finished deal)."""
    options: tuple[str, ...]
    answers: frozenset[str]
    rule: str
    """The rule that decides it, in words."""
    sources: str
    lines: tuple[str, ...] = ()
    """What the answer is made of, line by line (the settlement drill's payments), shown once answered."""
    play: str = ""
    """The play the question is about ("who plays next" after it), in the notation."""

    def position(self) -> Round:
        from comet.notation import replay

        rnd = replay(self.record)
        assert isinstance(rnd, Round)
        return rnd


def _sources(variant_id: str, option: str = "") -> str:
    v = VARIANTS[variant_id]
    keys = [s.key for s in v.sources]
    ambs = [a.id for a in AMBIGUITIES if option and a.option == option and variant_id in a.variants]
    return ", ".join(keys + ambs)


def _players(variant_id: str, rng: random.Random) -> int:
    r = VARIANTS[variant_id].players
    choices = [n for n in (2, 3, 4) if n in r] or [r.start]
    return rng.choice(choices)


def _played(variant_id: str, players: int, seed: int, stop: int | None) -> Round:
    """A seeded deal played by the greedy player, for ``stop`` plays (to the end if None)."""
    rnd = Round.deal(variant_id, players=players, seed=seed)
    greedy = GreedyAgent()
    while rnd.to_play is not None and (stop is None or len(rnd.history) < stop):
        rnd.play(decide(greedy, rnd))
    return rnd


def _wild_rule(rnd: Round) -> str:
    """What a wild card may do in this game, in words, with its source."""
    r = rnd.rules
    if not rnd.wilds:
        return ""
    names = " or ".join(c.symbol for c in sorted(rnd.wilds, key=sort_key))
    if r.wild_mode == "bridge":
        return (f"the {names} may stand only for a card nobody holds, bridging the gap so that the run goes on "
                "(S0, S1; AMB-24)")
    if r.wild_mode == "branch":
        return (f"the {names} (the comet) may stand for the card needed; then its player goes on from it or "
                "from the 10♦ (S0, S1; AMB-26)")
    if r.wild_mode == "stop":
        return f"the {names} may stand for the card needed, and then stops the run (S0, S1, S2; AMB-38, AMB-39)"
    return f"the {names} may stand for the card needed, and the run goes on from it (S0, S1, Enc; AMB-8)"


def _follow_rule(rnd: Round) -> str:
    r = rnd.rules
    how = "the next card up in the same suit" if r.in_suit else "the next rank up, any suit"
    if r.follow != "next":
        how += " (or more of the same rank)"
    text = f"In {rnd.variant.name} a run goes on with {how}"
    wild = _wild_rule(rnd)
    if wild:
        text += "; " + wild
    if rnd._hocs and r.hoc_mode == "stop_anytime":
        text += "; a hoc (" + " ".join(c.symbol for c in sorted(rnd._hocs, key=sort_key)) + \
            ") may be played at any time, and stops the run (FR-Hoc; AMB-5)"
    return text + f". Here the next card must be {rnd.describe_targets()}"


def _turn_rule(before: Round, play: Play, after: Round) -> str:
    """Why ``after.to_play`` plays next, in words: the case the question asked, with its source."""
    from comet import events as ev

    r = before.rules
    seat = before.to_play
    new = after.events[len(before.events):]
    if after.is_over:
        return f"Seat {seat} has played its last card: the first out wins and the deal is over (S0, S1)."
    stops = [e for e in new if isinstance(e, ev.Stopped)]
    if stops:
        reason = stops[-1].reason
        return (f"The run stops: {ev.Stop(reason).rule}; the player entitled, seat {after.to_play}, "
                "leads anew.")
    parts = []
    if play.kind == CARDS and play.wild is not None:
        parts.append(_wild_rule(before)[0].upper() + _wild_rule(before)[1:] + ".")
    if any(isinstance(e, ev.Switched) for e in new):
        parts.append("Once the comet is played, whoever holds the next card plays it (Arnold 2011, S0; AMB-28).")
    if play.kind == PASS:
        parts.append(f"Seat {seat} cannot go on and passes (\u201cwithout\u201d): the turn goes to the next player, "
                     f"seat {after.to_play}; when it comes back to the last player to play, nobody could go on and "
                     "that player leads anew (S0, S1, Enc; S2).")
    elif after.h_mode:
        why = ("since the comet was played, whoever holds the next card plays it (Arnold 2011, S0; AMB-28)"
               if r.switch_to_h_on_wild else "whoever holds the next card plays it (as in Pope Joan; AMB-23)")
        parts.append(f"{why[0].upper()}{why[1:]}: seat {after.to_play} holds {after.describe_targets()}"
                     + (", and the player who just played has the first right" if after.to_play == seat else "") + ".")
    elif r.turn_model == "A":
        parts.append("The players alternate: one turn adds cards of one rank, the top card's or the next (S2, PW; "
                     f"AMB-29), so seat {after.to_play} plays next.")
    elif after.to_play == seat:
        parts.append(f"Seat {seat} holds {after.describe_targets()} and runs on: a player goes on while able "
                     "(S0, S1; AMB-36), and passes only when stuck.")
    else:
        parts.append(f"Seat {after.to_play} is next in the direction of play.")
    return " ".join(parts)


def make(kind: str, variant: str, seed: int) -> Drill:
    """The drill ``kind`` (a key of :data:`KINDS`) for ``variant`` (an id) from ``seed``."""
    if kind not in KINDS:
        raise InvalidOptionError(f"the kinds of drill are {', '.join(KINDS)}, not {kind!r}")
    vid = find_variant(variant).id
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidOptionError(f"the seed is a whole number from 0, not {seed!r}")
    rng = random.Random(f"drill {kind} {vid} {seed}")
    for attempt in range(200):
        players = _players(vid, rng)
        deal_seed = rng.randrange(10**9)
        full = _played(vid, players, deal_seed, None)
        total = len(full.history)
        drill = _KINDS[kind](vid, players, deal_seed, total, rng, f"{kind}:{vid}:{seed}")
        if drill is not None:
            return drill
    raise ValueError(f"no {kind} drill found for {vid} from seed {seed}")  # pragma: no cover


def _play_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str) -> Drill | None:
    stop = rng.randrange(max(total, 1))
    rnd = _played(vid, players, deal_seed, stop)
    if rnd.to_play is None or rnd.phase != "play" or rnd.targets is None:
        return None
    seat = rnd.to_play
    hand = sorted({str(c) for c in rnd.hands[seat]}, key=lambda t: sort_key(Card.parse(t)))
    legal = rnd.legal_plays()
    playable = {str(c) for p in legal if p.kind == CARDS for c in p.cards}
    answers = frozenset(playable) if playable else frozenset({PASS_OPTION})
    if len(hand) < 2:
        return None
    rule = _follow_rule(rnd)
    if not playable:
        rule += "; you hold none of it and must pass"
    # Commit 1857's 9♦ bridges only a gap nobody holds: whether it may be played depends on the other hands,
    # so they are shown (a question of the rules, not a guess at hidden cards).
    shown = None if rnd.rules.wild_mode == "bridge" and rnd.holds_wild(seat) else seat
    return Drill(id, "play", vid, f"You are seat {seat}. {KINDS['play']}", rnd.record(), shown,
                 tuple(hand) + (PASS_OPTION,), answers, rule + ".", _sources(vid, "in_suit"))


def _next_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str) -> Drill | None:
    stop = rng.randrange(max(total, 1))
    rnd = _played(vid, players, deal_seed, stop)
    seat = rnd.to_play
    if seat is None or rnd.phase != "play":
        return None
    legal = [p for p in rnd.legal_plays() if p.kind in (CARDS, PASS)]
    if not legal:
        return None
    play = rng.choice(legal)
    after = rnd.copy()
    said = len(narrate(after))
    after.play(play)
    nxt = after.to_play
    if nxt == seat and all(p.kind == PASS for p in after.legal_plays()):
        return None  # "the same player" only because it must now pass: not a question worth asking
    options = tuple(f"Seat {s}" for s in range(players)) + (NOBODY,)
    answer = NOBODY if nxt is None else f"Seat {nxt}"
    told = " ".join(narrate(after)[said:])
    rule = f"{_turn_rule(rnd, play, after)} The engine's account of that play: {told}"
    # Every hand is shown: who plays next may depend on who holds the next card (turn model H, a stop
    # when nobody can follow), which is a question of the rules, not a guess at hidden cards.
    what = f"Seat {seat} passes." if play.kind == PASS else f"Seat {seat} plays {play_words(play)}."
    return Drill(id, "next", vid, f"{what} {KINDS['next']}", rnd.record(), None,
                 options, frozenset({answer}), rule, _sources(vid), play=play.text)


def _settle_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str) -> Drill | None:
    rnd = _played(vid, players, deal_seed, None)
    out = rnd.outcome()
    if out is None:
        return None
    net = out.payments[0]
    step = max(1, abs(net) // 4, 2)
    wrong: set[int] = set()
    while len(wrong) < 3:
        cand = net + rng.choice([-1, 1]) * step * rng.randint(1, 4)
        if cand != net:
            wrong.add(cand)
    values = sorted(wrong | {net})
    options = tuple(f"{v:+d}" for v in values)
    rule = ("Seat 0's net is every payment of the deal: those made in play and the settlement when a player "
            "goes out, as the engine counts them line by line")
    return Drill(id, "settle", vid, f"The deal is over. What does seat 0 come out with, net, in "
                 f"{rnd.variant.unit}s? ({KINDS['settle']})", rnd.record(), None, options,
                 frozenset({f"{net:+d}"}), rule + ".", _sources(vid), tuple(out.lines))


def _opera_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str) -> Drill | None:
    from comet.settlement import is_opera

    rules = VARIANTS[vid].rules
    if rules.opera == "none":
        return None
    want = rng.random() < 0.5
    rnd = _played(vid, players, deal_seed, None)
    if want and not is_opera(rnd):
        # An opera: the eldest holds a short unbroken run up to a king (played by the greedy player).
        suit = rng.choice("HDSC")
        start = rng.randint(8, 11)
        run = [str(Card(r, suit)) for r in range(start, 14)]
        pack = [str(c) for c in rnd.pack if str(c) not in run and c not in rnd.wilds]
        rng.shuffle(pack)
        hands = [" ".join(run)] + [" ".join(pack[i * 6:(i + 1) * 6]) for i in range(players - 1)]
        try:
            rnd = Round.from_hands(vid, hands, leader=0)
        except InvalidDealError:
            return None
        greedy = GreedyAgent()
        while rnd.to_play is not None:
            rnd.play(decide(greedy, rnd))
    if rnd.outcome() is None or rnd.winner is None:
        return None
    answer = "Yes" if is_opera(rnd) else "No"
    rule = _OPERA_RULE.get(rules.opera, _OPERA_RULE["none"]) + f" ({VARIANTS[vid].name})."
    out = rnd.outcome()
    assert out is not None
    return Drill(id, "opera", vid, f"Seat {rnd.winner} went out. {KINDS['opera']}", rnd.record(), None,
                 ("Yes", "No"), frozenset({answer}), rule, _sources(vid, "opera"), tuple(out.lines))


_KINDS = {"play": _play_drill, "next": _next_drill, "settle": _settle_drill, "opera": _opera_drill}


def variants_for(kind: str) -> list[str]:
    """The variants a kind of drill is asked about (an opera only where the game has one)."""
    if kind == "opera":
        return [vid for vid, v in VARIANTS.items() if v.rules.opera != "none"]
    return list(VARIANTS)


def check(drill: Drill, answer: str) -> bool:
    """Whether ``answer`` (one of ``drill.options``) is right; anything else raises :class:`~comet.errors.InvalidOptionError`."""
    if answer not in drill.options:
        raise InvalidOptionError(f"{answer!r} is not an answer offered; the answers are {', '.join(drill.options)}")
    return answer in drill.answers
