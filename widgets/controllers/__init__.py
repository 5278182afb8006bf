"""The game flow of the widgets, in plain Python classes that never import ipywidgets.

* :class:`~widgets.controllers.table.TableController`: a match at a table (turns, seats as
  people or bots, bot plays one at a time, undo, hints, the hand-over between people at one
  device, the class table);
* :class:`~widgets.controllers.step.StepController`: a recorded deal stepped through.

The widgets (:mod:`widgets.play`, :mod:`widgets.step`) are thin views of them; the tests drive
the controllers directly with scripted deals (``tests/test_controllers.py``).
"""
