"""The trainers' game flow, with no widgets: the puzzle trainer and the rules drills.

:class:`PuzzleSession` and :class:`DrillSession` hold what a practice page does (which item is
shown, what an answer gets, what comes next, what is kept) and nothing of how it is drawn:
``widgets/puzzles.py`` and ``widgets/drills.py`` are thin views of them, and the tests drive them
directly.  Each session speaks one language (``lang``): its problems, the puzzles' verdicts and the
drills' words.  Progress is read and written through two callables (``load() -> text or None``,
``save(text)``): the widgets keep it in the reader's browser.  Before each save the session folds in
what is stored (another tab may have answered meanwhile), so two tabs keep both tabs' answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, TypeVar

from comet.variants import VARIANTS
from comet.errors import InvalidOptionError
from comet_learn.drills import KINDS, Drill, check, make, variants_for
from comet_learn.practice import Clock, Practice, utc_now
from comet_learn.puzzles import LEVEL_TITLES, LEVELS, THEMES, Puzzle, Verdict, data_version, load
from comet_render.i18n import LANGS, words

__all__ = ["PuzzleSession", "DrillSession", "ANY", "SEEDS_PER_SET", "Answer"]

ANY = "any"
"""A filter that takes every value (any level, any theme, any game)."""
SEEDS_PER_SET = 1000
"""Drill seeds are taken from 0 up: a set of (kind, game) has this many questions."""

Item = TypeVar("Item")


@dataclass(frozen=True)
class Answer:
    """What an answer got: right or not, and the item's own judgement (a puzzle's :class:`Verdict`)."""

    correct: bool
    chosen: str
    verdict: Verdict | None = None


class Session(Generic[Item]):
    """What both trainers share: the progress, the item shown, answering it once, moving on."""

    def __init__(self, practice: Practice, load_text: Callable[[], str | None], save_text: Callable[[str], None]) -> None:
        self.practice = practice
        self._load_text = load_text
        self._save_text = save_text
        self.practice.load(load_text())
        self.current: Item | None = None
        self.offer = 0
        """Changes with every item shown: an answer to an older offer is ignored."""
        self.answered = False
        self.last: Answer | None = None

    # --- what a subclass says
    def item_id(self, item: Item) -> str:
        raise NotImplementedError

    def group(self, item: Item) -> str:
        raise NotImplementedError

    def items(self) -> list[str]:
        """The ids of the set chosen (in a fixed order)."""
        raise NotImplementedError

    def item(self, item_id: str) -> Item:
        raise NotImplementedError

    def judge(self, item: Item, value: str) -> Answer:
        """Judge ``value`` (raises a :class:`~comet.errors.CometError` for one not offered)."""
        raise NotImplementedError

    # --- the flow
    def show(self, item: Item) -> Item:
        self.current = item
        self.offer += 1
        self.answered = False
        self.last = None
        return item

    def next(self) -> Item:
        """The next item of the set (:meth:`Practice.next`), never the one shown when there is another."""
        avoid = self.item_id(self.current) if self.current is not None else None
        return self.show(self.item(self.practice.next(self.items(), avoid=avoid)))

    def answer(self, value: str, offer: int | None = None) -> Answer | None:
        """Answer the item shown; ``None`` (nothing kept) for another offer or once answered.  A value not
        offered raises a :class:`~comet.errors.CometError` and changes nothing."""
        if self.current is None or (offer is not None and offer != self.offer) or self.answered:
            return None
        got = self.judge(self.current, value)
        self.answered = True
        self.last = got
        self.practice.merge(self._load_text())
        self.practice.record(self.item_id(self.current), self.group(self.current), got.correct)
        self._save_text(self.practice.dumps())
        return got

    def merge(self, text: str | None) -> bool:
        """Fold in another tab's progress (the page's ``storage`` event); True if anything changed."""
        return self.practice.merge(text)

    def reset(self) -> None:
        """Forget every answer (and store that)."""
        self.practice.reset()
        self._save_text(self.practice.dumps())

    def today(self) -> tuple[int, int]:
        """Today's set: (reviews due, new items still offered) among the items chosen."""
        return self.practice.today(self.items())


class PuzzleSession(Session[Puzzle]):
    """The stored puzzles of a family, filtered by level and theme (``any`` for all)."""

    def __init__(self, load_text: Callable[[], str | None], save_text: Callable[[str], None], *,
                 family: str = "modern", level: str = ANY, theme: str = ANY, clock: Clock = utc_now,
                 lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"
        self.all = load()
        self.by_id = {p.id: p for p in self.all}
        self.families = list(dict.fromkeys(p.family for p in self.all))
        self.problems: list[str] = []
        self.family, self.level, self.theme = self._settings(family, level, theme)
        practice = Practice(exists=self.by_id.__contains__, set_version=data_version(), clock=clock)
        super().__init__(practice, load_text, save_text)

    def _settings(self, family: str, level: str, theme: str) -> tuple[str, str, str]:
        _ = words(self.lang)
        if family not in self.families:
            self.problems.append(_("there are no puzzles for {value}: the first game's are shown; the list Game "
                                   "offers the others", value=repr(family)[:40]))
            family = self.families[0]
        if level != ANY and level not in LEVELS:
            self.problems.append(_("{value} is not a level: puzzles of every level are shown ({known})",
                                   value=repr(level)[:40], known=", ".join(_(LEVEL_TITLES[lv]).lower() for lv in LEVELS)))
            level = ANY
        if theme != ANY and theme not in THEMES:
            self.problems.append(_("{value} is not a theme: puzzles of every theme are shown", value=repr(theme)[:40]))
            theme = ANY
        return family, level, theme

    def choose(self, family: str, level: str, theme: str) -> Puzzle:
        """New settings (bad values fall back and are named in :attr:`problems`); shows the next puzzle."""
        self.problems = []
        self.family, self.level, self.theme = self._settings(family, level, theme)
        self.current = None
        return self.next()

    def pool(self) -> list[Puzzle]:
        """The puzzles of the settings; if none, those of the family (and a problem says so)."""
        found = [p for p in self.all if p.family == self.family and self.level in (ANY, p.level)
                 and self.theme in (ANY, *p.themes)]
        if found:
            return found
        _ = words(self.lang)
        theme = _(THEMES.get(self.theme, self.theme))
        if self.level == ANY:
            self.problems.append(_("no puzzle of this game has the theme “{theme}”: showing them all", theme=theme))
        else:
            self.problems.append(_("no puzzle of this game and level ({level}) has the theme “{theme}”: showing them "
                                   "all", level=_(LEVEL_TITLES[self.level]).lower(), theme=theme))
        return [p for p in self.all if p.family == self.family]

    def themes(self) -> list[str]:
        """The themes the family's puzzles have (in :data:`THEMES` order)."""
        have = {t for p in self.all if p.family == self.family for t in p.themes}
        return [t for t in THEMES if t in have]

    def items(self) -> list[str]:
        return [p.id for p in self.pool()]

    def item(self, item_id: str) -> Puzzle:
        return self.by_id[item_id]

    def item_id(self, item: Puzzle) -> str:
        return item.id

    def group(self, item: Puzzle) -> str:
        return f"{item.family}/{item.level}"

    def open(self, puzzle_id: str) -> Puzzle:
        """The puzzle of a link (``?id=``): its family becomes the setting; an unknown id raises :class:`~comet.errors.InvalidOptionError`."""
        if puzzle_id not in self.by_id:
            raise InvalidOptionError(words(self.lang)(
                "there is no puzzle {value} (puzzles are made again now and then: this one is no longer in the set)",
                value=repr(puzzle_id)[:60]))
        p = self.by_id[puzzle_id]
        self.family, self.level, self.theme = p.family, ANY, ANY
        return self.show(p)

    def judge(self, item: Puzzle, value: str) -> Answer:
        verdict = item.check(value, self.lang)
        return Answer(verdict.correct, value, verdict)


class DrillSession(Session[Drill]):
    """Rules drills of a kind (:data:`comet_learn.drills.KINDS`) for a game or ``any``."""

    def __init__(self, load_text: Callable[[], str | None], save_text: Callable[[str], None], *,
                 kind: str = "play", variant: str = ANY, clock: Clock = utc_now, lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"
        self.problems: list[str] = []
        self.kind, self.variant = self._settings(kind, variant)
        self._made: dict[str, Drill] = {}
        practice = Practice(exists=_drill_exists, clock=clock)
        super().__init__(practice, load_text, save_text)

    def _settings(self, kind: str, variant: str) -> tuple[str, str]:
        _ = words(self.lang)
        if kind not in KINDS:
            self.problems.append(_("{value} is not a kind of question: the first kind is asked; the list Question "
                                   "offers the others", value=repr(kind)[:40]))
            kind = "play"
        if variant != ANY and variant not in variants_for(kind):
            self.problems.append(_("{value} is not a game for this question", value=repr(variant)[:40]))
            variant = ANY
        return kind, variant

    def choose(self, kind: str, variant: str) -> Drill:
        self.problems = []
        self.kind, self.variant = self._settings(kind, variant)
        self.current = None
        return self.next()

    def games(self) -> list[str]:
        return variants_for(self.kind) if self.variant == ANY else [self.variant]

    def items(self) -> list[str]:
        """The set's questions: those asked before, then the next fresh seeds, the games in turn."""
        games = self.games()
        asked = [i for i in self.practice.items if i.split(":")[0] == self.kind and i.split(":")[1] in games]
        fresh: list[str] = []
        seed = 0
        while len(fresh) < 6 and seed < SEEDS_PER_SET:
            for vid in games:
                key = f"{self.kind}:{vid}:{seed}"
                if key not in self.practice.items and not self.practice_seen(key):
                    fresh.append(key)
            seed += 1
        return asked + fresh

    def practice_seen(self, key: str) -> bool:
        """Shown in this sitting already (skipped): the next fresh ones are offered instead."""
        return key in self.practice._shown

    def item(self, item_id: str) -> Drill:
        if item_id not in self._made:
            kind, vid, seed = item_id.split(":")
            self._made[item_id] = make(kind, vid, int(seed), self.lang)
        return self._made[item_id]

    def item_id(self, item: Drill) -> str:
        return item.id

    def today(self) -> tuple[int, int]:
        """Today's set: the reviews due, and the new questions still offered today (the drills have no end)."""
        due = len(self.practice.due(self.items()))
        return due, max(0, self.practice.new_per_day - self.practice.new_today())

    def group(self, item: Drill) -> str:
        return f"{item.kind}/{item.variant}"

    def judge(self, item: Drill, value: str) -> Answer:
        return Answer(check(item, value), value)


def _drill_exists(item: str) -> bool:
    parts = item.split(":")
    return len(parts) == 3 and parts[0] in KINDS and parts[1] in VARIANTS and parts[2].isdigit()


def describe_today(due: int, new: int, lang: str = "en") -> str:
    """``"Today: 2 reviews due and 5 new"`` (items generic), in ``lang``."""
    _ = words(lang)
    if not due and not new:
        return _("Today's set is done: come back tomorrow for your reviews, or practise on")
    if due and new:
        return _("Today: {due} and {new}", due=_.ngettext("{n} review due", "{n} reviews due", due),
                 new=_.ngettext("{n} new", "{n} new", new))
    if due:
        return _("Today: {due}", due=_.ngettext("{n} review due", "{n} reviews due", due))
    return _("Today: {new}", new=_.ngettext("{n} new", "{n} new", new))

