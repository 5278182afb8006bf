"""What a puzzle teaches, in words: its themes and principles, the line of play after each choice, the
numbers as each language writes them (:mod:`comet_learn.puzzles` uses these and re-exports the public ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.cards import Card
from comet.plays import CARDS, PASS, Play
from comet_render.i18n import N_, Words, card_symbol, cards_symbols, number, rank_label, words
from comet_render.i18n import percent as share_text

if TYPE_CHECKING:
    from comet.round import Round
    from comet_learn.puzzles import Choice

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


def decimal(value: float, places: int, lang: str = "en", signed: bool = True) -> str:
    """``+3``, ``\u22121.5`` (``\u22121,5`` in French, Russian and Spanish): a value as the page writes it."""
    return number(value, lang, places, signed)


def percent(share: float, lang: str = "en") -> str:
    """``95%`` in English, ``95\u00a0%`` in French, Russian and Spanish."""
    return share_text(share, lang)


def whole(n: int, lang: str = "en") -> str:
    """``1,000`` in English, ``1\u202f000`` in French, ``1\u00a0000`` in Russian, ``1000`` in Spanish (four
    digits: none)."""
    return number(n, lang)


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


def exact_line(rnd: "Round", line: tuple[tuple[int, str], ...], _: Words | None = None) -> str:
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


def sampled_line(rnd: "Round", choice: Choice, _: Words | None = None) -> str:
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
