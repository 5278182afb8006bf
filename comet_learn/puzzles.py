"""Puzzles: positions of real deals where one play is proven best, and why.

The stored set is data, ``comet_learn/data/puzzles.json`` (made by ``make puzzles``:
:mod:`comet_learn.generate`), read by :func:`load`.  Each puzzle is a position of a seeded
two-handed deal (its record in the project's notation, :func:`comet.replay`, up to ``move`` plays)
and every legal play there, valued as :mod:`comet_learn.proof` defines it (:data:`DEFINITION`):
exact where the player to move can see every card, else the average over 1,000 deals of the
unseen cards, each finished by best play; and again with the greedy finish.  The answer leads
every other play by at least the margin under both, with its 95% interval clear of zero.

A puzzle's id is derived from its position (``family-`` and a hash of the record), so it stays
the same when the puzzles are made again; progress kept for ids that no longer exist is dropped
(:mod:`comet_learn.practice`).  :func:`recheck` values a stored puzzle again with the engine as it
stands (``tests/test_puzzles.py`` runs it for every puzzle); :meth:`Puzzle.check` judges an answer
and :meth:`Puzzle.explain` gives the line that follows each choice under best play, in the table's
card symbols, and the principle it illustrates.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from comet.cards import Card
from comet.errors import CometError, IllegalPlayError, InvalidOptionError, InvalidPlayError
from comet.notation import replay
from comet.plays import CARDS, PASS, Play
from comet_render.i18n import N_, Words, card_symbol, cards_symbols, rank_label, words

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["LEVELS", "THEMES", "PRINCIPLES", "FORMAT_VERSION", "Choice", "Puzzle", "Verdict", "load", "data_version",
           "family_of", "puzzle_id", "recheck", "play_words", "CHECK_DEALS", "from_dict", "to_dict", "LEVEL_TITLES",
           "decimal", "percent", "whole"]

FORMAT_VERSION = 2
"""The version of the stored set's format (``puzzles.json``'s ``version``)."""
LEVELS = ("easy", "medium", "hard")
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
"""Each level's name on the page (translated where shown: ``words(lang)(LEVEL_TITLES[level])``)."""
CHECK_DEALS = 40
"""Deals of a sampled puzzle valued again by :func:`recheck` (the first of the 1,000 it was proven on)."""
Z99 = 2.575829
"""The normal quantile of a two-sided 99% interval (:func:`recheck`'s agreement test)."""

THEMES: dict[str, str] = {
    "comet": N_("The comet's timing"),
    "claim": N_("The manille and its claim"),
    "stops": N_("Stops and kings"),
    "hoc": N_("The hoc"),
    "groups": N_("Groups"),
    "going-out": N_("Going out"),
    "blocking": N_("Blocking"),
    "leads": N_("Choosing the lead"),
}
"""Each theme's key and title (shown on the puzzle, selectable on the page; translated where shown)."""

PRINCIPLES: dict[str, str] = {
    "comet-play": N_("The comet is a stop you may play at any moment: spend it when it wins you the lead or "
                     "the deal, not merely because you can."),
    "comet-keep": N_("The comet is a stop you may play at any moment: while a natural card does the job, keep "
                     "it for the moment you would otherwise be stuck."),
    "claim-play": N_("The manille stands for the card you need and earns a fiche from each opponent once "
                     "claimed: play it where it carries your run furthest."),
    "claim-keep": N_("The manille can wait: it stands for any card later too, and left in hand at the end it "
                     "costs you a fiche to each opponent only if you never get to play it."),
    "stops-play": N_("A stop gives you the next lead: play the king (or any stop) when the lead is what you "
                     "need to get your remaining cards away."),
    "stops-keep": N_("A stop kept is a lead in reserve: do not spend the king while another card does the job."),
    "hoc-play": N_("A hoc cuts any run and gives you the lead: use it when the run would otherwise go against you."),
    "hoc-keep": N_("A hoc can be played at any moment, so it need not be played now: keep it for when you are stuck."),
    "groups-play": N_("A group sheds several cards in one play: it empties your hand faster than the cards one by one."),
    "groups-keep": N_("A group is not always the fastest way out: count what each play leaves you to follow with."),
    "going-out": N_("Count your way out: when your own plays can empty your hand, play them in the order that "
                 "does, before your opponent gets to lay a card."),
    "blocking": N_("Make the run stop on your opponent: when they cannot follow, the lead comes back to you."),
    "leads": N_("Look past the next card: compare where each play leaves the turn, and what it leaves in your hand."),
}
"""One principle per lesson, chosen by :meth:`Puzzle.principle` from what the answer does (in English;
``Puzzle.principle(lang)`` translates)."""


def family_of(variant_family: str) -> str:
    """The page name of a family (``"new comet"`` -> ``"new-comet"``), as ``widgets.landing.FAMILIES``."""
    return variant_family.replace(" ", "-")


def puzzle_id(family: str, record: str) -> str:
    """The stable id of a puzzle: its family and a short hash of its position's record (no comments)."""
    return f"{family}-{hashlib.sha256(record.encode('utf-8')).hexdigest()[:8]}"


@dataclass(frozen=True)
class Choice:
    """One legal play of a puzzle, with what it is worth and the line that follows it."""

    play: str
    value: float
    """Its value (exact, or the mean over the deals) under best play."""
    greedy: float
    """Its value with the greedy finish."""
    lead: tuple[float, float, float] | None = None
    """How far it is behind the answer under best play: mean and 95% interval (None for an answer)."""
    greedy_lead: tuple[float, float, float] | None = None
    line: tuple[tuple[int, str], ...] = ()
    """(exact) The play and best play after it to the end of the deal, as ``(seat, play text)``."""
    prefix: tuple[str, ...] = ()
    """(sampled) The plays the mover most often makes in a row from this choice on, under best play."""
    share: float = 1.0
    """(sampled) In how many of the deals the mover's plays are :attr:`prefix` (0..1)."""
    out: float = 0.0
    """In how many deals the mover goes out first under best play after this choice (0..1; exact: 0 or 1)."""
    stuck: float = 0.0
    """In how many deals the opponent's first action after the mover's plays is a pass (0..1)."""
    at_once: float = 0.0
    """In how many deals the mover goes out with the opponent laying no card in between (0..1)."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer."""

    correct: bool
    chosen: str
    best: tuple[str, ...]
    value: float
    """The value of the chosen play."""
    best_value: float
    why: str
    """In words: the line after the best play, and after the chosen one if different."""
    lines: tuple[tuple[str, str], ...] = ()
    """Every choice and its line in words, best first."""
    principle: str = ""


@dataclass(frozen=True)
class Puzzle:
    id: str
    family: str
    variant: str
    move: int
    record: str
    """The deal up to the position, in the project's notation."""
    method: str
    """``exact`` or ``sampled`` (:mod:`comet_learn.proof`)."""
    deals: int
    answers: tuple[str, ...]
    """The best play, and every play tied with it in every deal (each marked right)."""
    level: str
    themes: tuple[str, ...]
    options: tuple[Choice, ...]
    """Every legal play with its values and lines, in the engine's order."""
    difficulty: dict[str, Any] = field(default_factory=dict, compare=False)
    """What was measured: ``greedy`` (the greedy player finds it), ``search`` (share of the search player's
    tries that do), ``random`` (a random player's chance), ``choices`` (distinct choices)."""

    # ------------------------------------------------------------------ the position
    def position(self) -> "Round":
        """The position as a :class:`Round` (replayed and checked by the engine)."""
        from comet.round import Round

        rnd = replay(self.record)
        if not isinstance(rnd, Round):
            raise InvalidPlayError(f"puzzle {self.id}: the record is a match, not one deal")
        if len(rnd.history) != self.move:
            raise InvalidPlayError(f"puzzle {self.id}: the record has {len(rnd.history)} plays, not {self.move}")
        if rnd.to_play is None:
            raise InvalidPlayError(f"puzzle {self.id}: the deal is over at move {self.move}")
        return rnd

    @property
    def seat(self) -> int:
        """The player solving the puzzle (the player to move)."""
        seat = self.position().to_play
        assert seat is not None
        return seat

    @property
    def plays(self) -> tuple[str, ...]:
        """The legal plays offered, in the engine's order."""
        return tuple(c.play for c in self.options)

    @property
    def choices(self) -> tuple[str, ...]:
        """The legal plays offered (their texts), in the engine's order (as :attr:`plays`)."""
        return self.plays

    def choice(self, text: str) -> Choice:
        for c in self.options:
            if c.play == text:
                return c
        raise IllegalPlayError(f"{text!r} is not a legal play of puzzle {self.id}; the plays are "
                         f"{', '.join(self.plays)}")

    def value_of(self, text: str) -> float:
        return self.choice(text).value

    @property
    def margin(self) -> float:
        """The least lead of the answer over another play, under best play."""
        return min(c.lead[0] for c in self.options if c.lead is not None)

    @property
    def ranked(self) -> list[Choice]:
        """The choices, best first (answers first, then by value)."""
        return sorted(self.options, key=lambda c: (c.play not in self.answers, -c.value))

    # ------------------------------------------------------------------ judging and teaching
    def check(self, answer: str, lang: str = "en") -> Verdict:
        """Judge ``answer`` (a play's text); a play that is not legal here raises :class:`~comet.errors.IllegalPlayError`.
        The verdict's words (the lines, the principle) are in ``lang``."""
        chosen = self.choice(answer)
        best = self.choice(self.answers[0])
        correct = answer in self.answers
        lines = tuple((c.play, self.line_words(c, lang)) for c in self.ranked)
        said = dict(lines)
        _ = words(lang)
        why = _("{line}.", line=said[best.play])
        if not correct:
            why += " " + _("Yours: {line}.", line=said[answer])
        return Verdict(correct, answer, self.answers, chosen.value, best.value, why, lines, self.principle(lang))

    def line_words(self, choice: Choice, lang: str = "en") -> str:
        """The line after ``choice`` under best play, in card symbols, and what it is worth, in ``lang``."""
        rnd = self.position()
        _ = words(lang)
        if self.method == "exact":
            return _("{line}, {value}", line=_exact_line(rnd, choice.line, _), value=decimal(choice.value, 0, lang))
        return _sampled_line(rnd, choice, _)

    def principle(self, lang: str = "en") -> str:
        """The one principle the puzzle illustrates (:data:`PRINCIPLES`), from what its answer does, in ``lang``."""
        return words(lang)(PRINCIPLES[lesson(self.position(), self.answers, self.options)])


def decimal(value: float, places: int, lang: str = "en", signed: bool = True) -> str:
    """``+3``, ``\u22121.5`` (``\u22121,5`` in French, Russian and Spanish): a value as the page writes it."""
    text = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    if lang != "en":
        text = text.replace(".", ",")
    return text.replace("-", "\u2212")


def percent(share: float, lang: str = "en") -> str:
    """``95%`` in English, ``95\u00a0%`` in French, Russian and Spanish."""
    return f"{share:.0%}" if lang == "en" else f"{share * 100:.0f}\u00a0%"


def whole(n: int, lang: str = "en") -> str:
    """``1,000`` in English, ``1\u202f000`` in French and Russian, ``1000`` in Spanish (four digits: none)."""
    if lang == "en":
        return f"{n:,}"
    if lang == "es" and n < 10_000:
        return str(n)
    return f"{n:,}".replace(",", "\u202f" if lang != "es" else "\u00a0")


def _signed(value: float, places: int) -> str:
    return decimal(value, places)


def play_words(play: Play, lang: str = "en") -> str:
    """A play in the table's card symbols: ``8♦``, ``7♥ 7♦ 7♠ 7♣``, ``9♣ as 10``, ``pass``, in ``lang``."""
    _ = words(lang)
    if play.kind == PASS:
        return _("pass")
    if play.kind != CARDS:
        return play.text
    parts = []
    for c in play.cards:
        if c is play.wild:
            stands = card_symbol(Card(play.rank, play.suit), lang) if play.suit else rank_label(play.rank, lang)
            parts.append(_("{card} as {rank}", card=card_symbol(c, lang), rank=stands))
        else:
            parts.append(card_symbol(c, lang))
    return " ".join(parts)


def _segments(line: tuple[tuple[int, str], ...]) -> list[tuple[int, list[str]]]:
    out: list[tuple[int, list[str]]] = []
    for seat, text in line:
        if out and out[-1][0] == seat:
            out[-1][1].append(text)
        else:
            out.append((seat, [text]))
    return out


def _exact_line(rnd: "Round", line: tuple[tuple[int, str], ...], _: Words | None = None) -> str:
    """``8♦, then 9♦ 10♦ and pass; the opponent: J♣ Q♣ and out``: the line, its end said from the mover's side."""
    _ = _ or words("en")
    lang = _.lang
    me = rnd.to_play
    assert me is not None
    after = rnd.copy()
    plays: list[tuple[int, Play]] = []
    for seat, text in line:
        plays.append((seat, after.play(text)))
    segs = _segments(tuple((s, p.text) for s, p in plays))
    said: list[str] = []
    shown = segs if len(segs) <= 6 else segs[:4] + [(-1, [])] + segs[-1:]
    k = 0
    for seat, texts in shown:
        if seat < 0:
            said.append("…")
            continue
        ps = [Play.parse(t) for t in texts]
        cards = [play_words(p, lang) for p in ps if p.kind == CARDS]
        passed = ps[-1].kind == PASS
        body = " ".join(cards)
        if k == 0:
            first, rest = cards[:1], cards[1:]
            text = (first[0] if first else _("pass"))
            if rest:
                text = _("{first}, then {rest}", first=text, rest=" ".join(rest))
            if passed and cards:
                text = _("{cards} and pass", cards=text)
        elif seat == me:
            if not cards:
                text = _("you pass")
            else:
                text = _("you: {cards} and pass", cards=body) if passed else _("you: {cards}", cards=body)
        else:
            if not cards:
                text = _("the opponent passes")
            else:
                text = (_("the opponent: {cards} and pass", cards=body) if passed
                        else _("the opponent: {cards}", cards=body))
        said.append(text)
        k += 1
    end = ""
    if after.is_over:
        if after.winner == me:
            end = _("you go out")
        elif after.winner is not None:
            left = after.hands[me]
            end = _.ngettext("the opponent goes out and you keep {n} card ({cards})",
                             "the opponent goes out and you keep {n} cards ({cards})", len(left),
                             cards=cards_symbols(left, lang))
        else:
            end = _("nobody goes out")
    text = "; ".join(said)
    return _("{line}: {end}", line=text, end=end) if end else text


def _sampled_line(rnd: "Round", choice: Choice, _: Words | None = None) -> str:
    """The mover's usual plays from ``choice`` on and what follows, from the stored shares (never replayed on
    the position: what follows a play may depend on cards the mover cannot see)."""
    _ = _ or words("en")
    lang = _.lang
    me = rnd.to_play
    assert me is not None
    ps = [Play.parse(t) for t in (choice.prefix or (choice.play,))]
    cards = [play_words(p, lang) for p in ps if p.kind == CARDS]
    text = cards[0] if cards else _("pass")
    if len(cards) > 1:
        text = _("{first}, then {rest}", first=text, rest=" ".join(cards[1:]))
    if choice.share < 0.995:
        text = _("{line} (your usual line, in {share} of the deals)", line=text, share=percent(choice.share, lang))
    held = len(rnd.hands[me]) - sum(len(p.cards) for p in ps)
    if held == 0:
        text = _("{line}: you go out", line=text)
    else:
        if ps[-1].kind == PASS and cards:
            text = _("{cards} and pass", cards=text)
        text = _.ngettext("{line}: the turn goes to the opponent and you keep {n} card",
                          "{line}: the turn goes to the opponent and you keep {n} cards", held, line=text)
        if choice.stuck >= 0.995:
            text = _("{line}, and the opponent cannot follow", line=text)
        elif choice.stuck >= 0.05:
            text = _("{line}; the opponent cannot follow in {share} of the deals", line=text,
                     share=percent(choice.stuck, lang))
        text = _("{line}; you go out first in {share} of the deals", line=text, share=percent(choice.out, lang))
    return _("{line}, {value} on average", line=text, value=decimal(choice.value, 1, lang))


# ---------------------------------------------------------------------- themes and lessons
def _is_stop(rnd: "Round", play: Play) -> bool:
    """A natural card that stops the run by rule: a king, a hoc, a card whose successor is out of the
    pack (in suit), a card that stops by rule (Commit 1857's 7♦)."""
    r = rnd.rules
    if play.kind != CARDS or play.wild is not None:
        return False
    c = play.cards[0]
    if play.rank == 13 and r.king_stops:
        return True
    if str(c) in r.hoc_cards or str(c) in r.stop_cards:
        return True
    return bool(r.in_suit and play.rank < 13 and Card(play.rank + 1, c.suit) not in set(rnd.pack))


def _hoc(rnd: "Round", play: Play) -> bool:
    return bool(rnd.rules.hoc_cards) and play.kind == CARDS and any(str(c) in rnd.rules.hoc_cards for c in play.cards)


def _group(play: Play) -> bool:
    return play.kind == CARDS and len(play.naturals) > 1


def _runner_up(answers: tuple[str, ...], choices: tuple[Choice, ...]) -> Choice:
    """The best of the plays that are not answers (under best play)."""
    return max((c for c in choices if c.play not in answers), key=lambda c: c.value)


LESSON_THEME = {"comet": "comet", "claim": "claim", "stops": "stops", "hoc": "hoc", "groups": "groups",
                "going": "going-out", "blocking": "blocking", "leads": "leads"}
"""The theme of each lesson (:data:`PRINCIPLES` key, by its first word)."""


def themes_of(rnd: "Round", answers: tuple[str, ...], choices: tuple[Choice, ...]) -> tuple[str, ...]:
    """The themes a puzzle is about: what its choices offer (the comet or the manille, a stop or a hoc, a
    group), what its answer's line does (goes out at once, leaves the opponent unable to follow), and
    always the theme of its lesson (:func:`lesson`)."""
    plays = {p.text: p for p in rnd.legal_plays()}
    best = next(c for c in choices if c.play == answers[0])
    found: list[str] = []
    if any(plays[c.play].wild is not None for c in choices):
        found.append("claim" if rnd.rules.wild_claim == "claim" else "comet")
    if any(_hoc(rnd, plays[c.play]) for c in choices):
        found.append("hoc")
    elif any(_is_stop(rnd, plays[c.play]) for c in choices):
        found.append("stops")
    if any(_group(plays[c.play]) for c in choices):
        found.append("groups")
    if _goes_out_at_once(rnd, best):
        found.append("going-out")
    if best.stuck >= 0.5 and _runner_up(answers, choices).stuck < 0.5:
        found.append("blocking")
    main = LESSON_THEME[lesson(rnd, answers, choices).split("-")[0]]
    if main not in found:
        found.append(main)
    return tuple(t for t in THEMES if t in found)


def _goes_out_at_once(rnd: "Round", choice: Choice) -> bool:
    """Whether the mover goes out with the opponent laying no card in between (in the line, or in most deals)."""
    me = rnd.to_play
    if choice.line:
        return choice.out >= 0.5 and all(seat == me or text == "pass" for seat, text in choice.line)
    return choice.at_once >= 0.5


def lesson(rnd: "Round", answers: tuple[str, ...], choices: tuple[Choice, ...]) -> str:
    """The key of :data:`PRINCIPLES` the answer illustrates: what sets it apart from the next best play
    (the runner-up): the comet (or manille), a hoc, a stop or a group played by one and not the other;
    else leaving the opponent unable to follow where the runner-up does not; else going out with the
    opponent laying no card where the runner-up does not; else the choice of the lead."""
    plays = {p.text: p for p in rnd.legal_plays()}
    best = next(c for c in choices if c.play == answers[0])
    second = _runner_up(answers, choices)
    a, b = plays[best.play], plays[second.play]
    wild = "claim" if rnd.rules.wild_claim == "claim" else "comet"
    for name, test in ((wild, lambda p: p.wild is not None), ("hoc", lambda p: _hoc(rnd, p)),
                       ("stops", lambda p: _is_stop(rnd, p)), ("groups", _group)):
        if test(a) and not test(b):
            return f"{name}-play"
        if test(b) and not test(a):
            return f"{name}-keep"
    if best.stuck >= 0.5 > second.stuck:
        return "blocking"
    if _goes_out_at_once(rnd, best) and not _goes_out_at_once(rnd, second):
        return "going-out"
    return "leads"


# ---------------------------------------------------------------------- storage
def to_dict(p: Puzzle) -> dict[str, Any]:
    """A puzzle as stored in ``puzzles.json``."""
    choices: dict[str, Any] = {}
    for c in p.options:
        d: dict[str, Any] = {"value": c.value, "greedy": c.greedy}
        if c.lead is not None:
            d["lead"] = list(c.lead)
        if c.greedy_lead is not None:
            d["greedy_lead"] = list(c.greedy_lead)
        if c.line:
            d["line"] = " ".join(f"{s}:{t.replace(' ', '+')}" for s, t in c.line)
        if c.prefix:
            d["prefix"] = " ".join(t.replace(" ", "+") for t in c.prefix)
            d["share"] = c.share
        d["out"] = c.out
        d["stuck"] = c.stuck
        d["at_once"] = c.at_once
        choices[c.play] = d
    return {"id": p.id, "family": p.family, "variant": p.variant, "move": p.move, "level": p.level,
            "themes": list(p.themes), "method": p.method, "deals": p.deals, "answers": list(p.answers),
            "choices": choices, "difficulty": p.difficulty, "record": p.record}


def from_dict(d: dict[str, Any]) -> Puzzle:
    """A puzzle from its stored form (the inverse of :func:`to_dict`)."""
    choices = []
    for text, c in d["choices"].items():
        line = tuple((int(s), t.replace("+", " ")) for s, _, t in (x.partition(":") for x in c.get("line", "").split()))
        prefix = tuple(t.replace("+", " ") for t in c.get("prefix", "").split())
        choices.append(Choice(text, c["value"], c["greedy"], tuple(c["lead"]) if "lead" in c else None,
                              tuple(c["greedy_lead"]) if "greedy_lead" in c else None, line, prefix,
                              c.get("share", 1.0), c.get("out", 0.0), c.get("stuck", 0.0),
                              c.get("at_once", 0.0)))
    if d["level"] not in LEVELS:
        raise InvalidPlayError(f"puzzle {d['id']}: level {d['level']!r} is not one of {', '.join(LEVELS)}")
    unknown = [t for t in d["themes"] if t not in THEMES]
    if unknown:
        raise InvalidPlayError(f"puzzle {d['id']}: unknown themes {unknown}; themes are {', '.join(THEMES)}")
    return Puzzle(id=d["id"], family=d["family"], variant=d["variant"], move=d["move"], record=d["record"],
                  method=d["method"], deals=d["deals"], answers=tuple(d["answers"]), level=d["level"],
                  themes=tuple(d["themes"]), options=tuple(choices), difficulty=dict(d.get("difficulty", {})))


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    text = resources.files("comet_learn").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("format") != "comet-puzzles" or data.get("version") != FORMAT_VERSION:
        raise ValueError(f"comet_learn/data/puzzles.json is not a puzzle set of format version {FORMAT_VERSION}: "
                         "run `make puzzles`")
    return data  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def _all() -> tuple[Puzzle, ...]:
    return tuple(from_dict(d) for d in _stored()["puzzles"])


def data_version() -> str:
    """The stored set's version: a hash of its puzzles' ids and answers (progress is kept against it)."""
    return str(_stored()["set"])


def load(family: str | None = None) -> list[Puzzle]:
    """The stored puzzles of ``family`` (a page name: ``modern``, ``new-comet``...), or all of them."""
    found = list(_all())
    if family is None:
        return found
    families = sorted({p.family for p in found})
    if family not in families:
        raise InvalidOptionError(f"no puzzles for {family!r}; families: {', '.join(families)}")
    return [p for p in found if p.family == family]


def stored_facts() -> dict[str, Any]:
    """The set's own facts: how it was made (``made_with``), its ``deals``, ``margin`` and ``check_deals``."""
    return {k: v for k, v in _stored().items() if k != "puzzles"}


# ---------------------------------------------------------------------- re-verification
def recheck(p: Puzzle, deals: int = CHECK_DEALS) -> list[str]:
    """What no longer holds of a stored puzzle with the engine as it stands (empty: it holds).

    An exact puzzle is searched again: every value, the answers and their lead must be as stored.  A
    sampled one is valued again on the first ``deals`` of the deals it was proven on: the answer must still
    lead every other play on average, under best play and under the greedy finish (each tied answer too),
    and the stored leads must lie within the new sample's 99% interval (the two results agree); tied answers
    must still tie under best play.
    """
    from comet_learn import proof

    problems: list[str] = []
    try:
        rnd = p.position()
    except CometError as e:
        return [f"{p.id}: the position no longer replays: {e}"]
    legal = tuple(q.text for q in rnd.legal_plays())
    if legal != p.plays:
        return [f"{p.id}: the legal plays are now {', '.join(legal)}, not {', '.join(p.plays)}"]
    method = "exact" if proof.all_known(rnd) else "sampled"
    if method != p.method:
        return [f"{p.id}: the position is now {method}, stored as {p.method}"]
    val = proof.valuate(rnd, key=p.id, deals=deals)
    if method == "exact":
        answers = proof.answers_of(val)
        if set(answers) != set(p.answers):
            problems.append(f"{p.id}: best play now {', '.join(answers)}, stored {', '.join(p.answers)}")
        for c in p.options:
            got, greedy = val.mean(c.play), val.mean(c.play, True)
            if got != c.value or greedy != c.greedy:
                problems.append(f"{p.id}: {c.play} is now worth {got:+g} (greedy finish {greedy:+g}), "
                                f"stored {c.value:+g} ({c.greedy:+g})")
        _, _, ok = proof.verdict(val)
        if not ok:
            problems.append(f"{p.id}: the answer no longer leads every other play by {proof.MARGIN:g} under both finishes")
        return problems
    first = p.answers[0]
    for a in p.answers[1:]:
        if not val.same(first, a):
            problems.append(f"{p.id}: {a} no longer ties with {first}")
    for c in p.options:
        if c.lead is None or c.greedy_lead is None:
            continue
        for greedy, stored in ((False, c.lead), (True, c.greedy_lead)):
            lead = val.lead(first, c.play, greedy)
            half = (lead.high - lead.mean) / proof.Z95 * Z99
            what = "with the greedy finish" if greedy else "under best play"
            problems += [f"{p.id}: {c.play} now ties or beats {a} {what} on {deals} deals"
                         for a in p.answers[1:] if val.lead(a, c.play, greedy).mean <= 0]
            if lead.mean <= 0:
                problems.append(f"{p.id}: {c.play} now ties or beats {first} {what} ({lead.mean:+.2f} on {deals} deals)")
            elif abs(stored[0] - lead.mean) > half + 1e-9:
                problems.append(f"{p.id}: {first}'s lead over {c.play} {what} is {lead.mean:+.2f} ± {half:.2f} "
                                f"on {deals} deals, stored {stored[0]:+.2f}")
    return problems
