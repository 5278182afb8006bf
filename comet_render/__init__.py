"""How the game is shown: cards and tables drawn as SVG/HTML, the event log told in words, and
the interface's message catalogs in English, French, Russian and Spanish.

A layer above :mod:`comet` (which never imports it): standard library only, importing only
:mod:`comet`, so the same code draws the Voila pages, the book and the browser's Python.
"""
