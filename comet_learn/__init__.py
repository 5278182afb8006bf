"""What the site teaches on top of the rules: puzzles, drills, the glossary and the rules
described in words.

A layer above :mod:`comet` (which never imports it): standard library only, importing
:mod:`comet` and :mod:`comet_render`. Its stored data (the puzzles) are package data files,
not Python source.
"""
