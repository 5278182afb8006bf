"""The lessons of *Learn to play* at the card table: the lesson's table (:mod:`widgets.lessons.table`,
``LessonTable``: the table's view with the lesson's heading, path, instruction and buttons) and its
parts in HTML (:mod:`widgets.lessons.parts`: a lesson's mark, *All lessons*). Their flow is plain Python:
:mod:`widgets.controllers.lessons`. The page itself: :func:`website.study.learn_page`.
"""
