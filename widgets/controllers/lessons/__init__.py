"""A lesson's flow, plain Python (no ipywidgets): the lesson at a table (:mod:`.flow`,
``LessonController``: its steps played out once, the asked play judged, misses and hints counted, the
free play with the coach) and the lesson as a source of snapshots for the table's view (:mod:`.game`,
``LessonGame``)."""
