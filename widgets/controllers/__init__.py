"""The game flow of the widgets, in plain Python classes that never import ipywidgets.

* :class:`~widgets.controllers.table.TableController`: a match at a table (turns, seats as
  people or bots, bot plays one at a time, undo, hints, the hand-over between people at one
  device, the class table);
* :class:`~widgets.controllers.step.StepController`: a recorded deal stepped through;
* :class:`~widgets.controllers.calc.ScoreController`: the settlement of the hands left at the end;
* :class:`~widgets.controllers.explore.ExploreController`: many deals played by bots, summed up;
* :mod:`~widgets.controllers.bots`: the one way they ask a bot for a play, and a deal played out.

The widgets (:mod:`widgets.play`, :mod:`widgets.step`, :mod:`widgets.calc`, :mod:`widgets.explore`)
are thin views of them; the tests drive the controllers directly (``tests/test_controllers.py``).
"""
