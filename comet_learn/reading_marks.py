"""The "our reading" mark beside a sentence that rests on a reading of the sources, and a lesson's
sources as readable names (issue 44).

:func:`mark_html` is the one place the mark is drawn: a ``<details>`` whose ``<summary>`` says "our
reading" (a native disclosure: keyboard and screen readers open it, and say whether it is open),
opening a sentence or two for each reading (:data:`comet_learn.reading_notes.NOTES`: what the sources
say, what the other reading would give, why this one is played) and a link to the question's entry in
the book (``book/reference/ambiguities``, its ``#ambiguity-N`` section). The views call it where a
lesson's sentence (:func:`step_mark`), a sentence of the rules panel (:func:`panel_html`) or a refusal
(:func:`refusal_mark`) is written; the addresses of the book's pages are theirs to give (the static
site's and Voilà's differ), so they pass them in.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable

from comet_learn.course import Lesson, Step
from comet_learn.reading_notes import NOTES, SOURCE_NAMES, WORKS, bib_key
from comet_learn.readings import by_number, moment_readings, panel_readings, refusal_readings
from comet_learn.rules_panel import moment, rules_lines
from comet_render.i18n import words

if TYPE_CHECKING:
    import comet

MARK_STYLE = ("display:inline;cursor:pointer;font-size:0.8em;font-weight:normal;color:#6b4a00;background:#fff3d1;"
              "border:1px solid #d9b25f;border-radius:8px;padding:0 6px;margin-left:4px;white-space:nowrap")
NOTE_STYLE = "display:block;font-size:0.9em;font-weight:normal;color:#3d3522;margin:2px 0 4px;padding-left:8px;border-left:3px solid #d9b25f"


def mark_html(ambs: Iterable[str], lang: str = "en", ambiguities: str | None = None) -> str:
    """The mark for the readings ``ambs`` (AMB ids) in ``lang``: "" for none. ``ambiguities``: the
    address of the book's page of ambiguities (None: no link, where the book is not served)."""
    found = by_number(ambs)
    if not found:
        return ""
    _ = words(lang)
    notes = []
    for amb in found:
        link = ""
        if ambiguities:
            href = f"{ambiguities}#ambiguity-{amb.split('-')[1]}"
            link = (f' <a href="{escape(href, quote=True)}" target="_blank" rel="noopener">'
                    f'{escape(_("The question in the book"))}</a>')
        notes.append(f'<span class="comet-reading-note" style="{NOTE_STYLE}">{escape(_(NOTES[amb]))}{link}</span>')
    label = _.ngettext("our reading", "our readings", len(found))
    return (f'<details class="comet-reading" style="display:inline-block;max-width:100%" data-readings="{" ".join(found)}">'
            f'<summary style="{MARK_STYLE}" title="{escape(_("What the sources say, and the reading played here"), quote=True)}">'
            f'{escape(label)}</summary>{"".join(notes)}</details>')


def step_readings(step: Step, sentence: str) -> list[str]:
    """The readings a step marks beside its ``sentence`` (``"say"``, ``"then"``)."""
    return by_number(amb for where, amb in step.readings if where == sentence)


def step_mark(step: Step, sentence: str, lang: str = "en", ambiguities: str | None = None) -> str:
    """The mark to write after a step's ``sentence`` (``"say"``, ``"then"``): "" when it marks none."""
    return mark_html(step_readings(step, sentence), lang, ambiguities)


def refusal_mark(rnd: "comet.Round", play: "comet.Play", lang: str = "en", ambiguities: str | None = None) -> str:
    """The mark to write after the refusal of ``play`` in ``rnd`` (:func:`comet_learn.refusals.refusal`):
    the readings under which the play would be legal, or refused otherwise."""
    return mark_html(refusal_readings(rnd, play, lang), lang, ambiguities)


def panel_html(rnd: "comet.Round", lang: str = "en", yours: bool = True, ambiguities: str | None = None) -> str:
    """The rules panel's rule of the moment and sections, each sentence followed by its mark (in a ``div``:
    a ``<details>`` would end a ``<p>``)."""
    return (moment_html(moment(rnd, lang, yours), moment_readings(rnd, lang, yours), lang, ambiguities)
            + sections_html(rnd.variant, lang, ambiguities))


def moment_html(text: str, readings: Iterable[str], lang: str = "en", ambiguities: str | None = None) -> str:
    """The rule of the moment ``text`` and the mark of the ``readings`` it rests on (a table's snapshot
    carries both: :func:`comet_learn.readings.moment_readings`)."""
    return (f'<div class="comet-rules-text comet-rule-now"><strong>{escape(text)}</strong>'
            f'{mark_html(readings, lang, ambiguities)}</div>')


def sections_html(variant: "comet.Variant | str", lang: str = "en", ambiguities: str | None = None) -> str:
    """The rules of ``variant`` (or its id) in sections, each sentence followed by its mark."""
    import comet

    v = comet.VARIANTS[variant] if isinstance(variant, str) else variant
    marks = panel_readings(v, lang)
    return "".join(f'<h4>{escape(head)}</h4><div class="comet-rules-text">' + " ".join(
        escape(line.text) + mark_html(marks[line.key], lang, ambiguities) for line in lines) + "</div>"
                   for head, lines in rules_lines(v, lang))


def sources_html(lesson: Lesson, lang: str = "en", bibliography: str | None = None) -> str:
    """``Sources: …``: what the lesson credits to whom (:attr:`Lesson.credits`), each source by its
    readable name, linked to its entry of the book's bibliography (``bibliography``: that page's address;
    None: no links)."""
    _ = words(lang)

    def named(key: str, name: str) -> str:
        shown = escape(_(name))
        if not bibliography:
            return shown
        return f'<a href="{escape(f"{bibliography}#cite-{key}", quote=True)}" target="_blank" rel="noopener">{shown}</a>'

    parts = []
    for credit in lesson.credits:
        keys = [k.strip() for k in credit.sources.replace(";", ",").split(",") if k.strip()]
        reporters = _("; ").join(named(bib_key(group), SOURCE_NAMES[group]) for group in _groups(keys))
        if credit.work:
            who = named(credit.work, WORKS[credit.work])
            if reporters:
                who = _("{work}, as {source} reports it", work=who, source=reporters)
        else:
            who = reporters
        parts.append(_("{who}: {what}", who=who, what=escape(_(credit.what))))
    return _("Sources: {sources}.", sources=_("; ").join(parts)) if parts else ""


def _groups(keys: list[str]) -> list[str]:
    """The source keys as the names go: S0 and S1 (the two translations of one article) are one name."""
    out = []
    for key in keys:
        if key in ("S0", "S1") and ("S0" in keys and "S1" in keys):
            if "S0, S1" not in out:
                out.append("S0, S1")
        else:
            out.append(key)
    return out
