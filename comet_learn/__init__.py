"""What the site teaches on top of the rules: puzzles, drills, the glossary and the rules
described in words.

A layer above :mod:`comet` (which never imports it), importing :mod:`comet`, :mod:`comet_render`
and, for the review schedule, the pure-Python ``fsrs`` (which also runs in the browser's Python).
Its stored data (the puzzles) are package data files, not Python source.
"""
