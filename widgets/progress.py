"""The practice pages' shared view: progress kept, today's set, the answer buttons, Next and Reset.

The game flow lives in :mod:`comet_learn.trainers` (which item, what an answer gets, what comes next)
and the schedule in :mod:`comet_learn.practice` (FSRS, by days); this module only draws them and
wires the buttons.  Progress is one JSON value under a ``comet:`` key, kept with
:func:`widgets.browser.store`: in the reader's browser on the static site (and merged when another
tab changes it: :func:`widgets.browser.on_storage`), in the kernel's memory on Voilà and in notebooks,
which the page says (:func:`where_kept`).
"""

from __future__ import annotations

import html
import os
from typing import Any, Callable

from comet_learn.practice import Practice
from comet_learn.trainers import Session, describe_today
from comet_render.i18n import words
from widgets import browser
from widgets.common import FONT, UserError, safe


def storage(key: str) -> tuple[Callable[[], str | None], Callable[[str], None]]:
    """How a session reads and writes its progress: under ``key`` with :mod:`widgets.browser`."""
    return (lambda: browser.stored(key)), (lambda text: browser.store(key, text))


def where_kept(lang: str = "en") -> str:
    """Where the progress is kept, truthfully for this page: the reader's browser (the static site), the
    page's kernel on Voilà (lost when the page closes), or a notebook's kernel; in ``lang``."""
    _ = words(lang)
    if browser.persistent():
        return _("kept in this browser only: nothing leaves it")
    if "VOILA_BASE_URL" in os.environ:  # as widgets.links tells Voilà
        return _("kept only while this page is open: this page runs on a server, which keeps no progress; "
                 "the static site's pages keep it in your browser")
    return _("kept while this notebook's Python runs")


def summary_html(practice: Practice, titles: dict[str, str], items: list[str] | None = None, lang: str = "en") -> str:
    """The progress as a small table: set, solved, missed, due for review, and where it is kept (in ``lang``)."""
    _ = words(lang)
    rows = practice.summary()
    where = where_kept(lang)
    if not rows:
        return (f'<p class="comet-progress-empty" style="{FONT}">'
                f'{html.escape(_("No answers yet. Your progress is {where}.", where=where))}</p>')
    cells = "".join(
        f"<tr><td>{html.escape(titles.get(g, g))}</td><td>{s}</td><td>{m}</td><td>{d}</td></tr>"
        for g, (s, m, d) in rows.items())
    nxt = practice.next_review()
    when = ""
    if nxt is not None:
        days = (nxt - practice.clock()).total_seconds() / 86400
        when = " " + (_("Reviews are due now.") if days <= 0 else
                      _.ngettext("Next review in {n} day.", "Next review in {n} days.", max(1, round(days))))
    caption = _("Your progress, {where}.", where=where) + when
    return ('<table class="comet-progress" style="border-collapse:collapse;font-size:13px">'
            f'<caption style="text-align:left;font-weight:600">{html.escape(caption)}</caption>'
            f'<tr><th scope="col" style="text-align:left;padding-right:8px">{html.escape(_("Set"))}</th>'
            f'<th scope="col" style="padding-right:8px">{html.escape(_("Solved"))}</th>'
            f'<th scope="col" style="padding-right:8px">{html.escape(_("Missed"))}</th>'
            f'<th scope="col">{html.escape(_("Due for review"))}</th></tr>{cells}</table>')


def query_notice(problems: list[str], lang: str) -> Any:
    """The notice of the address's settings that were not used (hidden when there is none): the first
    thing under the page's heading, as on the play pages."""
    import ipywidgets as W

    from widgets.common import notice_html

    notice = W.HTML(value=notice_html(problems, lang), layout=W.Layout(width="auto",
                                                                         display="" if problems else "none"))
    notice.add_class("comet-query-notice")
    return notice


class Trainer:
    """The shared view of the practice widgets (a mixin for an ``ipywidgets.VBox``): the prompt, the
    table, one button per answer, the feedback, *Next* and *Reset progress*, today's set and the
    progress.  A subclass sets ``self.session`` (a :class:`comet_learn.trainers.Session`),
    ``self.titles`` and the settings row, and defines ``_present(item) -> (prompt_html, table_html,
    [(label, tooltip, value)])`` and ``_feedback(item, answer) -> (feedback_html, table_html or None)``.

    Every answer button belongs to the item it was offered with: a click on an older offer, or a
    second click once answered, is ignored (the session's ``offer``).
    """

    session: Session[Any]
    lang: str = "en"
    titles: dict[str, str]
    messages: Any
    children: Any
    storage_key: str

    def _build(self, prefix: str, settings: list[Any], next_label: str, next_tip: str) -> None:
        import ipywidgets as W

        from widgets.common import button

        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.answer_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.feedback = W.HTML(layout=W.Layout(width="auto"))
        _ = words(self.lang)
        self.next_button = button(next_label, next_tip, self._on_next, style="primary", icon="arrow-right")
        self.reset_button = button(_("Reset progress"), _("Forget every answer kept"), self._on_reset, icon="trash")
        self.today_html = W.HTML(layout=W.Layout(width="auto"))
        self.progress_html = W.HTML(layout=W.Layout(width="auto"))
        fit = W.HTML(value=f"<style>.comet-{prefix}-table>.widget-html-content{{min-width:0}}</style>",
                     layout=W.Layout(display="none"))  # (the position's box inside a phone's screen: it scrolls)
        self.children = [
            fit, W.HBox(settings, layout=W.Layout(flex_flow="row wrap")),
            self.prompt, self.table, self.answer_buttons, self.feedback, self.messages.widget,
            W.HBox([self.next_button, self.reset_button], layout=W.Layout(flex_flow="row wrap")),
            self.today_html, self.progress_html,
        ]
        self.add_class(f"comet-{prefix}s")  # type: ignore[attr-defined]
        self.add_class(f"comet-lang-{self.lang}")  # type: ignore[attr-defined]  # (lang.js follows it)
        self.add_class("comet-once")  # type: ignore[attr-defined]  # a double click acts once (live/page.js)
        for w, name in ((self.answer_buttons, "plays" if prefix == "puzzle" else "answers"),
                        (self.feedback, "feedback"), (self.next_button, "next"), (self.reset_button, "reset"),
                        (self.progress_html, "progress"), (self.today_html, "today"), (self.table, "table"),
                        (self.prompt, "prompt")):
            w.add_class(f"comet-{prefix}-{name}")
        self._prefix = prefix
        browser.on_storage(self._on_storage)

    # what a subclass draws
    def _present(self, item: Any) -> tuple[str, str, list[tuple[str, str, str]]]:
        raise NotImplementedError

    def _feedback(self, item: Any, answer: Any) -> tuple[str, str | None]:
        raise NotImplementedError

    def _refusal(self, value: Any) -> str:
        """The sentence for an answer that was not offered (a forged message), in the page's language."""
        raise NotImplementedError

    @property
    def answered(self) -> bool:
        return self.session.answered

    @property
    def offer(self) -> int:
        return self.session.offer

    def _show(self, item: Any) -> None:
        import ipywidgets as W

        prompt, table, options = self._present(item)
        self.prompt.value = prompt
        self.table.value = table
        offer = self.session.offer
        buttons = []
        self._offered = [value for _label, _tip, value in options]
        for label, tooltip, value in options:
            b = W.Button(description=label, tooltip=tooltip,
                         layout=W.Layout(width="auto", min_width="52px", height="44px", margin="2px"))
            b.on_click(self._handler(offer, value))
            b.add_class(f"comet-{self._prefix}-answer")
            buttons.append(b)
        self.answer_buttons.children = buttons
        self.feedback.value = ""
        self.messages.clear()
        self._show_progress()

    def _handler(self, offer: int, value: str) -> Any:
        def handler(_: Any) -> None:
            self.answer(value, offer)
        return handler

    @safe
    def answer(self, value: str, offer: int | None = None) -> None:
        """Answer the item shown with ``value``; ignored for another offer or once answered."""
        item = self.session.current
        if item is not None and not self.session.answered and (offer is None or offer == self.session.offer) \
                and value not in getattr(self, "_offered", ()):
            raise UserError(self._refusal(value))
        got = self.session.answer(value, offer)  # raises (a message) before any change
        if got is None:
            return
        for b in self.answer_buttons.children:
            b.disabled = True
        feedback, table = self._feedback(item, got)
        self.feedback.value = feedback
        if table is not None:
            self.table.value = table
        self._show_progress()

    def _show_progress(self) -> None:
        due, new = self.session.today()
        self.today_html.value = (f'<p style="{FONT}margin:4px 0">'
                                 f'{html.escape(describe_today(due, new, self.lang))}.</p>')
        self.progress_html.value = summary_html(self.session.practice, self.titles, lang=self.lang)

    def _on_storage(self, key: str, value: str | None) -> None:
        if key == self.storage_key and self.session.merge(value):
            self._show_progress()

    @safe
    def _on_next(self, _: Any) -> None:
        self._show(self.session.next())

    @safe
    def _on_reset(self, _: Any) -> None:
        self.session.reset()
        self._show_progress()
        self.messages.info(words(self.lang)("Progress reset: everything is new again."))
