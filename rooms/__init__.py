"""Rooms: a table whose players sit at devices of their own, and a teacher's view of a class's tables.

The server holds every room's whole state and referees it with the engine; each device receives only
its own seat's snapshot (:mod:`widgets.controllers.snapshot`), never another hand, never the dead
hand, never a state before it is filtered (boardgame.io's shape, without its leak #1159).

* :mod:`rooms.state`: a room's record (its game, seats, secret seed and the match so far) and a
  class's; codes and seat tokens, unguessable.
* :mod:`rooms.referee`: a room's game rebuilt from its record; intents applied for a seat; snapshots.
* :mod:`rooms.store`: one storage interface; SQLite (the default: a restart loses no play) and Redis
  (:mod:`rooms.redis_store`: several room processes share the rooms, with pub/sub).
* :mod:`rooms.messages`: every message a device may send, checked.
* :mod:`rooms.service`: the rooms' logic behind the websocket (create, join, play, watch, teach).
* :mod:`rooms.server`: the Tornado application (websocket with its origin checked, caps, limits).
* :mod:`rooms.classes`: a class's tables at a glance, and their results as the teachers' tournament
  counts them.

Above :mod:`widgets.controllers` (plain Python); never ipywidgets. ``tools/room_server.py`` runs it.
"""
