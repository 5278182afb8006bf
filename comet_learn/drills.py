"""Rules drills: short questions made by the engine from random positions of any variant.

Four kinds (:data:`KINDS`), each question rebuilt exactly from ``(kind, variant, seed)``:

* ``play``: which of your cards may you play now? (the legal plays of :meth:`Round.legal_plays`);
* ``next``: a player plays X: who plays next? (the engine plays it on a copy);
* ``settle``: what does this finished deal come to for you (seat 0)? (:meth:`Round.outcome`);
* ``opera``: is this an opera? (:func:`comet.settlement.is_opera`, the variant's reading).

Each drill carries the rule that decides it in words and its sources: the variant's own (``Variant.sources``:
S0, S1, S2...) and the ambiguities (``AMB-n``, :mod:`comet.ambiguities`) whose reading the engine takes.
Positions come from seeded deals played by the greedy player, so a missed question can be asked again.

Every word of a drill is in the language it is made in (``make(..., lang="ru")``, the message
catalogs of :mod:`comet_render.i18n`), the players named as the table names them
(:class:`comet_render.words.Names`: "you" and "Player N", never "seat N"); its options stay
language-neutral values (a card's text, ``Seat 2``, :data:`NOBODY`...) that :meth:`Drill.label`
words for the page.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from comet.agents import GreedyAgent, decide
from comet.ambiguities import AMBIGUITIES
from comet.cards import Card, sort_key
from comet.errors import InvalidCardError, InvalidDealError, InvalidOptionError
from comet.plays import CARDS, PASS, Play
from comet.round import Round
from comet.state import Phase
from comet.variants import VARIANTS, find_variant
from comet_learn.puzzles import play_words
from comet_render.i18n import LANGS, N_, Words, card_symbol, words
from comet_render.narrate import narrate
from comet_render.words import Names, settlement, stop_reason, targets_text, unit_name

__all__ = ["KINDS", "Drill", "make", "check", "settlement_lines"]

KINDS: dict[str, str] = {
    "play": N_("Which of your cards may you play?"),
    "next": N_("Who plays next?"),
    "settle": N_("What does this deal settle to?"),
    "opera": N_("Is this an opera?"),
}
"""Each kind's question (in English; translated where shown)."""
NOBODY = N_("Nobody: the deal is over")
PASS_OPTION = N_("None: I must pass")
YES, NO = N_("Yes"), N_("No")
SEAT = "Seat "
"""The option naming a seat (``Seat 2``): the page shows that player's name."""

_OPERA_RULE = {
    "first_turn": N_("An opera is going out in the eldest hand's first, unbroken turn: kings and the comet "
                     "keep the turn, any pass breaks it"),
    "first_hand": N_("An opera is the first hand going out before anyone else has played a card, even if "
                     "the others passed in between"),
    "one_turn": N_("An opera is emptying one's hand in one turn: nobody else lays a card from the winner's "
                   "first card to the last"),
    "one_turn_literal": N_("An opera is emptying one's hand in one turn: from the winner's first card to the "
                           "last, nobody else plays or passes"),
    "none": N_("This game has no opera"),
}


@dataclass(frozen=True)
class Drill:
    id: str
    """``kind:variant:seed``: the same id asks the same question (in any language)."""
    kind: str
    variant: str
    question: str
    record: str
    """The position (or the finished deal) in the project's notation."""
    seat: int | None
    """The seat whose view is shown (None: every hand, a finished deal)."""
    options: tuple[str, ...]
    """The answers offered, as values (a card's text, ``Seat 2``, :data:`NOBODY`, ``+4``...): :meth:`label` words them."""
    answers: frozenset[str]
    rule: str
    """The rule that decides it, in words."""
    sources: str
    lines: tuple[str, ...] = ()
    """What the answer is made of, line by line (the settlement drill's payments), shown once answered."""
    play: str = ""
    """The play the question is about ("who plays next" after it), in the notation."""
    lang: str = "en"
    """The language of its words."""
    players: int = 2
    you: int | None = None
    """The seat the drill calls "you" (the player asked, the player whose net is asked), or None."""

    def position(self) -> Round:
        from comet.notation import replay

        rnd = replay(self.record)
        assert isinstance(rnd, Round)
        return rnd

    def names(self) -> Names:
        """The players' names, as the question and its table say them ("you", "Player 2")."""
        return Names.seats(self.players, self.you, self.lang)

    def label(self, option: str) -> str:
        """An option as its button says it: a card in the language's letters, a player's name, the words."""
        _ = words(self.lang)
        if option.startswith(SEAT) and option[len(SEAT):].isdigit():
            return self.names()(int(option[len(SEAT):]))
        if option in (NOBODY, PASS_OPTION, YES, NO):
            return _(option)
        if option[:1] in "+-" and option[1:].isdigit():  # a net (the settlement drill): a true minus sign
            return option.replace("-", "\u2212")
        try:
            return card_symbol(Card.parse(option), self.lang)
        except InvalidCardError:
            return option


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


def _either(_: Words, said: list[str]) -> str:
    """``9♣``, ``9♣ or JK``: alternatives in ``_``'s language."""
    text = said[0]
    for more in said[1:]:
        text = _("{a} or {b}", a=text, b=more)
    return text


def _wild_rule(rnd: Round, _: Words) -> str:
    """What a wild card may do in this game, in words, with its source."""
    r = rnd.rules
    if not rnd.wilds:
        return ""
    cards = _either(_, [card_symbol(c, _.lang) for c in sorted(rnd.wilds, key=sort_key)])
    if r.wild_mode == "bridge":
        return _("the {cards} may stand only for a card nobody holds, bridging the gap so that the run goes on "
                 "(S0, S1; AMB-24)", cards=cards)
    if r.wild_mode == "branch":
        return _("the {cards} (the comet) may stand for the card needed; then its player goes on from it or "
                 "from the 10♦ (S0, S1; AMB-26)", cards=cards)
    if r.wild_mode == "stop":
        return _("the {cards} may stand for the card needed, and then stops the run (S0, S1, S2; AMB-38, AMB-39)",
                 cards=cards)
    return _("the {cards} may stand for the card needed, and the run goes on from it (S0, S1, Enc; AMB-8)",
             cards=cards)


def _follow_rule(rnd: Round, _: Words) -> str:
    r = rnd.rules
    if r.in_suit:
        how = (_("the next card up in the same suit") if r.follow == "next"
               else _("the next card up in the same suit (or more of the same rank)"))
    else:
        how = (_("the next rank up, any suit") if r.follow == "next"
               else _("the next rank up, any suit (or more of the same rank)"))
    text = _("In {game} a run goes on with {how}", game=_(rnd.variant.name), how=how)
    wild = _wild_rule(rnd, _)
    if wild:
        text = _("{rule}; {more}", rule=text, more=wild)
    if rnd._hocs and r.hoc_mode == "stop_anytime":
        hocs = " ".join(card_symbol(c, _.lang) for c in sorted(rnd._hocs, key=sort_key))
        text = _("{rule}; {more}", rule=text,
                 more=_("a hoc ({cards}) may be played at any time, and stops the run (FR-Hoc; AMB-5)", cards=hocs))
    return _("{rule}. Here the next card must be {targets}", rule=text, targets=targets_text(_, rnd.targets))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _turn_rule(before: Round, play: Play, after: Round, _: Words, names: Names) -> str:
    """Why ``after.to_play`` plays next, in words: the case the question asked, with its source."""
    from comet import events as ev

    r = before.rules
    seat = before.to_play
    assert seat is not None
    new = after.events[len(before.events):]
    if after.is_over:
        return _("{name} has played their last card: the first out wins and the deal is over (S0, S1).",
                 name=names(seat))
    nxt = names(after.to_play) if after.to_play is not None else ""
    stops = [e for e in new if isinstance(e, ev.Stopped)]
    if stops:
        return _("The run stops: {rule}; the player entitled, {name}, leads anew.",
                 rule=stop_reason(_, stops[-1].reason), name=nxt)
    parts = []
    if play.kind == CARDS and play.wild is not None:
        parts.append(_capital(_wild_rule(before, _)) + ".")
    if any(isinstance(e, ev.Switched) for e in new):
        parts.append(_("Once the comet is played, whoever holds the next card plays it (Arnold 2011, S0; AMB-28)."))
    if play.kind == PASS:
        parts.append(_("{name} cannot go on and passes (\u201cwithout\u201d): the turn goes to the next player, "
                       "{next}; when it comes back to the last player to play, nobody could go on and that player "
                       "leads anew (S0, S1, Enc; S2).", name=names(seat), next=nxt))
    elif after.h_mode:
        why = (_("Since the comet was played, whoever holds the next card plays it (Arnold 2011, S0; AMB-28)")
               if r.switch_to_h_on_wild else _("Whoever holds the next card plays it (as in Pope Joan; AMB-23)"))
        targets = targets_text(_, after.targets)
        if after.to_play == seat:
            parts.append(_("{why}: {name} holds {targets}, and the player who just played has the first right.",
                           why=why, name=nxt, targets=targets))
        else:
            parts.append(_("{why}: {name} holds {targets}.", why=why, name=nxt, targets=targets))
    elif r.turn_model == "A":
        parts.append(_("The players alternate: one turn adds cards of one rank, the top card's or the next (S2, PW; "
                       "AMB-29), so {name} plays next.", name=nxt))
    elif after.to_play == seat:
        parts.append(_("{name} holds {targets} and runs on: a player goes on while able (S0, S1; AMB-36), and "
                       "passes only when stuck.", name=names(seat), targets=targets_text(_, after.targets)))
    else:
        parts.append(_("{name} is next in the direction of play.", name=nxt))
    return " ".join(parts)


def settlement_lines(rnd: Round, names: Names) -> tuple[str, ...]:
    """A finished deal's settlement line by line in ``names``' language (the payments indented), as the table
    words it (:func:`comet_render.words.settlement`)."""
    outcome = rnd.outcome()
    assert outcome is not None
    _ = words(names.lang)
    s = settlement(outcome, names, names.lang)
    lines = [s.headline, *s.notes, *s.left]
    if s.in_play:
        lines += [_("In play:")] + ["  " + text for _p, text in s.in_play]
    if s.final:
        lines += [_("Settlement:")] + ["  " + text for _p, text in s.final]
    values = ", ".join(f"{names(seat)} {v:+d}".replace("-", "\u2212") for seat, v in enumerate(s.net))
    lines.append(_("Net: {values} ({unit})", values=values, unit=unit_name(_, s.unit)))
    return tuple(lines)


def make(kind: str, variant: str, seed: int, lang: str = "en") -> Drill:
    """The drill ``kind`` (a key of :data:`KINDS`) for ``variant`` (an id) from ``seed``, worded in ``lang``."""
    if kind not in KINDS:
        raise InvalidOptionError(f"the kinds of drill are {', '.join(KINDS)}, not {kind!r}")
    vid = find_variant(variant).id
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidOptionError(f"the seed is a whole number from 0, not {seed!r}")
    if lang not in LANGS:
        raise InvalidOptionError(f"the languages are {', '.join(LANGS)}, not {lang!r}")
    rng = random.Random(f"drill {kind} {vid} {seed}")
    for attempt in range(200):
        players = _players(vid, rng)
        deal_seed = rng.randrange(10**9)
        full = _played(vid, players, deal_seed, None)
        total = len(full.history)
        drill = _KINDS[kind](vid, players, deal_seed, total, rng, f"{kind}:{vid}:{seed}", words(lang))
        if drill is not None:
            return drill
    raise ValueError(f"no {kind} drill found for {vid} from seed {seed}")  # pragma: no cover


def _play_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str,
                _: Words) -> Drill | None:
    stop = rng.randrange(max(total, 1))
    rnd = _played(vid, players, deal_seed, stop)
    if rnd.to_play is None or rnd.phase is not Phase.PLAY or rnd.targets is None:
        return None
    seat = rnd.to_play
    hand = sorted({str(c) for c in rnd.hands[seat]}, key=lambda t: sort_key(Card.parse(t)))
    legal = rnd.legal_plays()
    playable = {str(c) for p in legal if p.kind == CARDS for c in p.cards}
    answers = frozenset(playable) if playable else frozenset({PASS_OPTION})
    if len(hand) < 2:
        return None
    rule = _follow_rule(rnd, _)
    if not playable:
        rule = _("{rule}; you hold none of it and must pass", rule=rule)
    # Commit 1857's 9♦ bridges only a gap nobody holds: whether it may be played depends on the other hands,
    # so they are shown (a question of the rules, not a guess at hidden cards).
    shown = None if rnd.rules.wild_mode == "bridge" and rnd.holds_wild(seat) else seat
    return Drill(id, "play", vid, _(KINDS["play"]), rnd.record(), shown,
                 tuple(hand) + (PASS_OPTION,), answers, rule + ".", _sources(vid, "in_suit"),
                 lang=_.lang, players=players, you=seat)


def _next_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str,
                _: Words) -> Drill | None:
    stop = rng.randrange(max(total, 1))
    rnd = _played(vid, players, deal_seed, stop)
    seat = rnd.to_play
    if seat is None or rnd.phase is not Phase.PLAY:
        return None
    legal = [p for p in rnd.legal_plays() if p.kind in (CARDS, PASS)]
    if not legal:
        return None
    play = rng.choice(legal)
    after = rnd.copy()
    names = Names.seats(players, None, _.lang)
    said = len(narrate(after, _.lang, names))
    after.play(play)
    nxt = after.to_play
    if nxt == seat and all(p.kind == PASS for p in after.legal_plays()):
        return None  # "the same player" only because it must now pass: not a question worth asking
    options = tuple(f"{SEAT}{s}" for s in range(players)) + (NOBODY,)
    answer = NOBODY if nxt is None else f"{SEAT}{nxt}"
    told = " ".join(narrate(after, _.lang, names)[said:])
    rule = _("{why} The engine's account of that play: {told}", why=_turn_rule(rnd, play, after, _, names), told=told)
    # Every hand is shown: who plays next may depend on who holds the next card (turn model H, a stop
    # when nobody can follow), which is a question of the rules, not a guess at hidden cards.
    what = (_("{name} passes.", name=names(seat)) if play.kind == PASS
            else _("{name} plays {cards}.", name=names(seat), cards=play_words(play, _.lang)))
    return Drill(id, "next", vid, f"{what} {_(KINDS['next'])}", rnd.record(), None,
                 options, frozenset({answer}), rule, _sources(vid), play=play.text, lang=_.lang, players=players)


def _settle_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str,
                  _: Words) -> Drill | None:
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
    rule = _("Your net is every payment of the deal: those made in play and the settlement when a player goes "
             "out, as the engine counts them line by line.")
    names = Names.seats(players, 0, _.lang)
    question = _("The deal is over. What do you come out with, net, in {unit}?", unit=unit_name(_, out.unit))
    return Drill(id, "settle", vid, question, rnd.record(), None, options, frozenset({f"{net:+d}"}), rule,
                 _sources(vid), settlement_lines(rnd, names), lang=_.lang, players=players, you=0)


def _opera_drill(vid: str, players: int, deal_seed: int, total: int, rng: random.Random, id: str,
                 _: Words) -> Drill | None:
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
    answer = YES if is_opera(rnd) else NO
    rule = _("{rule} ({game}).", rule=_(_OPERA_RULE.get(rules.opera, _OPERA_RULE["none"])), game=_(VARIANTS[vid].name))
    names = Names.seats(players, None, _.lang)
    question = _("{name} went out. {question}", name=names(rnd.winner), question=_(KINDS["opera"]))
    return Drill(id, "opera", vid, question, rnd.record(), None, (YES, NO), frozenset({answer}), rule,
                 _sources(vid, "opera"), settlement_lines(rnd, names), lang=_.lang, players=players)


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
