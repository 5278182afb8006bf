"""The lessons' page's parts in HTML: a lesson's mark in stars and words, *All lessons* (the whole path
with its links and marks, readable before Python loads), the page's heading. Used by :mod:`widgets.lessons.table`."""

from __future__ import annotations

import json
from html import escape

from comet_learn.course_marks import MAX_STARS, Marks
from comet_learn.lesson_path import FAMILIES, PATH
from comet_render.i18n import N_, words
from widgets.progress import where_kept

PART_TITLES = {"modern": N_("The modern comet, from zero"), "hoc": N_("What changes in Hoc"),
               "manille": N_("What changes in manille (1718)"),
               "new-comet": N_("What changes in the new comet (1752)"),
               "yanovsky": N_("What changes in Yanovsky's two-handed game"), "commit": N_("What changes in Commit")}
"""Each part of the path, titled."""


def mark_html(lang: str, earned: int | None, lesson_id: str = "") -> str:
    """A lesson's mark in stars and in words ("★★☆ 2 stars of 3", "not done yet"); ``lesson_id`` names
    it for the static page's script, which writes the stored marks in before Python loads."""
    _ = words(lang)
    if earned is None:
        shown, said = "", _("not done yet")
    else:
        shown = "★" * earned + "☆" * (MAX_STARS - earned)
        said = _.ngettext("{n} star of {total}", "{n} stars of {total}", earned, total=MAX_STARS)
    attr = f' data-lesson="{escape(lesson_id, quote=True)}"' if lesson_id else ""
    return (f'<span class="comet-lesson-mark{"" if earned is not None else " comet-lesson-todo"}"{attr}>'
            f'<span class="comet-stars" aria-hidden="true">{shown}</span> <span class="comet-stars-words">'
            f'{escape(said)}</span></span>')


def path_html(lang: str, marks: Marks, current: str = "") -> str:
    """*All lessons*: every lesson of the path by part, each its title, its link (``?lesson=``) and its
    mark, in a ``<details>`` (it opens in the page's HTML, before Python loads). The words of every mark
    travel with it (``data-marks``) for the static page's script."""
    _ = words(lang)
    suffix = "" if lang == "en" else f"&lang={lang}"
    parts = []
    done = 0
    for family in FAMILIES:
        items = []
        for lesson in PATH.of(family):
            earned = marks.marks.get(lesson.id)
            done += earned is not None
            here = ' aria-current="page"' if lesson.id == current else ""
            items.append(f'<li><a href="?lesson={lesson.id}{suffix}"{here}>{escape(_(lesson.title))}</a> '
                         f'{mark_html(lang, earned, lesson.id)}</li>')
        if items:
            parts.append(f'<h4>{escape(_(PART_TITLES[family]))}</h4><ol>{"".join(items)}</ol>')
    kept = _("Your marks are {where}.", where=where_kept(lang))
    said = json.dumps({"todo": _("not done yet"), "stars": [
        _.ngettext("{n} star of {total}", "{n} stars of {total}", n, total=MAX_STARS) for n in range(MAX_STARS + 1)],
        "summary": _("All lessons ({done} of {total} done)", done="{done}", total=len(PATH.lessons))},
        ensure_ascii=False)
    summary = _("All lessons ({done} of {total} done)", done=done, total=len(PATH.lessons))
    return (f'<details class="comet-lesson-list"><summary>{escape(summary)}</summary>'
            f'<nav aria-label="{escape(_("Lessons"))}" data-marks="{escape(said, quote=True)}">{"".join(parts)}'
            f'<p>{escape(kept)}</p></nav></details>')
