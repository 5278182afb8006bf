"""The website around the tables: the landing pages and their HTML (:mod:`website.landing`), the playable
pages' factories and their address's settings (:mod:`website.pages`), the pages' words
(:mod:`website.page_text`), the play server's busy page (:mod:`website.busy`), and Voilà's request
(:mod:`website.voila_request`). Built on :mod:`widgets` (the tables, the lessons, the puzzles), which
never imports it.
"""
