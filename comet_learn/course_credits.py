"""What a lesson credits each source with (:attr:`comet_learn.course.Lesson.credits`): data the tests
check against the lesson's chapter, the bibliography and :mod:`comet.ambiguities`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Credit:
    """A lesson credits ``sources`` (the digest's keys, ``"S0, S1"``) with ``what`` (a message of the
    catalogs: "the pack and the spare hand"). ``work``: the book the sources report (a key of
    ``book/references.bib``, ``"hoyle1857"``), "" when the sources say it themselves; ``amb``: the
    ambiguity (``"AMB-22"``) when the sources are credited with one side of it, so that they must be
    among its sources."""

    sources: str
    what: str
    work: str = ""
    amb: str = ""
