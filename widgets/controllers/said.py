"""What a table says after an action, in the order things happened: what the person did, the calls
since their play, the passes the table made for people (each said once), whose turn it is. A part of
:class:`widgets.controllers.table.TableController` (plain Python)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from comet.plays import Kind
from comet_render.i18n import N_, words
from comet_render.narrate import calls_at
from comet_render.words import Names, need_text, play_label, say

if TYPE_CHECKING:
    import comet

_DID = {
    Kind.PASS: (N_("You passed."), N_("{name} passed.")),
    Kind.CLAIM: (N_("You claimed the manille."), N_("{name} claimed the manille.")),
    Kind.KEEP: (N_("You kept the hand."), N_("{name} kept the hand.")),
    Kind.REDEAL: (N_("You demanded a redeal."), N_("{name} demanded a redeal.")),
    Kind.DRAW: (N_("You drew from the talon."), N_("{name} drew from the talon.")),
}
"""What the message line says after a play that is not cards."""




class Sayings:
    """The words of a :class:`~widgets.controllers.table.TableController` (it provides ``round``,
    ``lang``, ``names``, ``waiting``, ``my_turn`` and the state below)."""

    lang: str
    _said: int
    passed_for: list[tuple[int, int, str]]
    waiting: int | None

    if TYPE_CHECKING:
        @property
        def round(self) -> "comet.Round": ...

        @property
        def my_turn(self) -> bool: ...

        def names(self, lang: str | None = None) -> Names: ...

    def calls_since_play(self) -> list[str]:
        """What was said since the last person's play, in the order it happened: the calls (theirs and
        the bots' after it, each in its sentence of the narration, from the engine's calls,
        :mod:`comet.calls`) and the passes the table made for people (:meth:`bot_step`), each once, in
        the table's language."""
        calls = dict(calls_at(self.round, self._said, self.lang, self.names()))
        passes = {at: (seat, need) for at, seat, need in self._take_passes() if at >= self._said}
        out: list[str] = []
        for at in sorted(set(calls) | set(passes)):
            call = calls.get(at)
            if at not in passes and call is not None:
                out.append(call)  # (a Sentence: it knows where its call stands)
                continue
            quoted = call[call.call[0]:call.call[1]] if call is not None and call.call is not None else ""
            if at in passes:
                out.append(self._pass_note(*passes[at], quoted))  # (a pass made for you and its call: one sentence)
        return out

    def _pass_note(self, seat: int, need: str, call: str = "") -> str:
        _ = words(self.lang)
        if call:
            return say(_, self.names(), seat, N_("You cannot play {need}: passed for you (“{call}”)."),
                       N_("{name} cannot play {need}: passed for them (“{call}”)."), need=need, call=call)
        return say(_, self.names(), seat, N_("You cannot play {need}: passed for you."),
                   N_("{name} cannot play {need}: passed for them."), need=need)

    def _did(self, play: comet.Play, names: Names) -> str:
        _ = words(self.lang)
        seat = self.round.history[-1][0]
        if play.kind in _DID:
            you, named = _DID[play.kind]
            return _(you) if names.is_you(seat) else _(named, name=names(seat))
        label = play_label(_, play)
        if names.is_you(seat):
            return _("You played {play}.", play=label)
        return _("{name} played {play}.", name=names(seat), play=label)

    def take_notes(self) -> list[str]:
        """The notes of the passes made for people not said yet (then forgotten: each is said once)."""
        return [self._pass_note(seat, need) for _at, seat, need in self._take_passes()]

    def _take_passes(self) -> list[tuple[int, int, str]]:
        passes, self.passed_for = self.passed_for, []
        return passes

    def turn_message(self) -> str:
        """What the table says when the bots stop: the passes made for people, then whose turn, or
        the end."""
        return " ".join(self.take_notes() + [self._turn()]).strip()

    def _turn(self) -> str:
        rnd = self.round
        _ = words(self.lang)
        names = self.names()
        if rnd.is_over:
            return _("The deal is over.")
        if self.waiting is not None:
            return _("Pass the device to {name}.", name=names(self.waiting))
        if self.my_turn:
            return (_("Your turn: {need}.", need=need_text(_, rnd)) if names.is_you(rnd.to_play or 0)
                    else _("{name}: your turn, {need}.", name=names(rnd.to_play or 0), need=need_text(_, rnd)))
        return ""
