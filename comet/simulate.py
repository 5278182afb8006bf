"""Many deals at once: one record per game, the same for the same seed whatever the workers.

>>> import comet
>>> records = comet.simulate("modern-comet-1991", players=2, agents="random", games=20, seed=1, workers=1)
>>> len(records), sum(r.payments[0] + r.payments[1] for r in records)
(20, 0)

Each game ``i`` is dealt with the seed ``f"{seed}/{i}"`` and its agents are spawned with
seeds derived from it, so a game's record depends only on ``(seed, i)``: the split of the
games among processes (``workers``), or the executor that runs them, changes nothing.
Records are plain dataclasses; :func:`columns` turns a list of them into a dict of lists
for plotting.

``workers`` may also be any :class:`concurrent.futures.Executor`: a
``ProcessPoolExecutor``, or a cluster's, e.g. Dask's (``distributed.Client(...).get_executor()``),
to spread the games over several machines::

    from distributed import Client
    with Client("scheduler:8786") as client:
        records = comet.simulate("modern-comet-1991", games=1_000_000, workers=client.get_executor())
"""

from __future__ import annotations

import os
from concurrent.futures import Executor
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Callable, Iterator, Sequence

from comet.agents import Agent, RandomAgent, decide, make_agent
from comet.errors import GameStateError, InvalidOptionError
from comet.events import Claimed, Passed, Played, Redealt, Stopped
from comet.round import Round, resolve_variant
from comet.runs import runs_of

__all__ = ["GameRecord", "simulate", "columns", "record_of"]


@dataclass(frozen=True)
class GameRecord:
    """What one simulated deal came to (every field plain data, ready for plotting)."""

    game: int
    seed: str
    variant: str
    players: int
    agents: tuple[str, ...]
    """The agent name at each seat."""
    dealer: int
    leader: int
    """The eldest hand, who leads first."""
    winner: int | None
    end: str
    payments: tuple[int, ...]
    """Net result per seat (zero-sum)."""
    moves: int
    """Actions taken, passes and exchange steps included."""
    card_plays: int
    passes: int
    stops: int
    stop_reasons: dict[str, int] = field(default_factory=dict)
    """How many stops of each kind: ``king``, ``comet``, ``card``, ``hoc``, ``incidental``."""
    runs: tuple[int, ...] = ()
    """Cards played in each run, from a lead to its stop (:func:`comet.runs.runs_of`, the comet's "tail")."""
    opera: bool = False
    comet_plays: int = 0
    """Plays of a wild card (the comet, the manille, the joker)."""
    comet_by: tuple[int, ...] = ()
    """The seats that played a wild card, in order."""
    claims: int = 0
    comet_left: tuple[int, ...] = ()
    """Seats holding a wild card at the end."""
    redealt: bool = False
    leads: int = 0
    """Sequences begun (the deal's first lead included)."""
    cards_left: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_of(rnd: Round, game: int = 0, seed: str = "", agents: Sequence[str] = ()) -> GameRecord:
    """The record of a finished round."""
    out = rnd.outcome()
    if out is None:
        raise GameStateError("the round is not over: a record is of a finished deal")
    reasons: Counter[str] = Counter()
    passes = 0
    card_plays = 0
    comet_by: list[int] = []
    claims = 0
    redealt = False
    wilds = rnd.wilds
    events = rnd.events
    for e in events:
        if isinstance(e, Played):
            card_plays += 1
            if e.play.wild is not None:
                comet_by.append(e.seat)
        elif isinstance(e, Stopped):
            reasons[e.reason] += 1
        elif isinstance(e, Passed):
            passes += 1
        elif isinstance(e, Claimed):
            claims += 1
        elif isinstance(e, Redealt):
            redealt = True
    stops = sum(reasons.values())
    runs = [len(run.cards) for run in runs_of(events)]
    return GameRecord(
        game=game,
        seed=seed,
        variant=rnd.variant.id,
        players=rnd.players,
        agents=tuple(agents),
        dealer=rnd.dealer,
        leader=rnd.leader,
        winner=out.winner,
        end=out.end,
        payments=tuple(out.payments),
        moves=len(rnd.history),
        card_plays=card_plays,
        passes=passes,
        stops=stops,
        stop_reasons=dict(reasons),
        runs=tuple(runs),
        opera=out.opera,
        comet_plays=len(comet_by),
        comet_by=tuple(comet_by),
        claims=claims,
        comet_left=tuple(s for s, h in enumerate(rnd.hands) if any(c in wilds for c in h)),
        redealt=redealt,
        leads=len(runs),
        cards_left=tuple(len(h) for h in rnd.hands),
    )


def columns(records: Sequence[GameRecord]) -> dict[str, list[Any]]:
    """A dict of lists (one per record field): ``pandas.DataFrame(columns(records))``."""
    names = [f.name for f in fields(GameRecord)]
    return {name: [getattr(r, name) for r in records] for name in names}


# ------------------------------------------------------------------ running
_Task = tuple[Any, int, tuple[Any, ...], Any, bool, Any, int, int]


def _agent_name(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _play_games(task: _Task) -> list[GameRecord]:
    variant, players, specs, seed, rotate, dealer, start, stop = task
    out: list[GameRecord] = []
    all_random = all(_is_random(s) for s in specs)
    for i in range(start, stop):
        game_seed = f"{seed}/{i}"
        shift = i % players if rotate else 0
        seat_specs = [specs[(s - shift) % players] for s in range(players)]
        d = i % players if dealer is None else dealer
        rnd = Round.deal(variant, players=players, seed=game_seed, dealer=d)
        names = [_agent_name(s) for s in seat_specs]
        if all_random:
            # One random player for the whole table (its seed the game's): the same records as ever.
            agents: list[Agent] = [RandomAgent(f"{game_seed}/random")] * players
        else:
            agents = [make_agent(s, f"{game_seed}/seat{k}") for k, s in enumerate(seat_specs)]
        play = rnd.play
        while rnd.to_play is not None:
            play(decide(agents[rnd.to_play], rnd))
        out.append(record_of(rnd, i, game_seed, names))
    return out


def _is_random(spec: Any) -> bool:
    return spec == "random" or type(spec) is RandomAgent


class _Progress:
    """A text progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.start = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        width = 30
        filled = int(width * done / max(total, 1))
        rate = done / max(now - self.start, 1e-9)
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"({rate:,.0f} games/s)")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def simulate(
    variant: Any,
    players: int = 2,
    agents: Any = "random",
    games: int = 1000,
    seed: Any = 0,
    workers: int | Executor | None = None,
    *,
    rotate: bool = False,
    dealer: int | None = 0,
    progress: bool | Callable[[int, int], None] | None = None,
    chunk: int | None = None,
) -> list[GameRecord]:
    """Play ``games`` deals and return one :class:`GameRecord` per game, in game order.

    ``agents`` is one spec for every seat or a list with one per seat; a spec is a name
    (``"random"``, ``"greedy"``, ``"search"``, ``"search-fast"``), an agent with a
    ``spawn(seed)`` method, or a picklable factory ``f(seed) -> agent``.  ``rotate`` moves
    the agents one seat round each game (seats swapped in a two-player match).
    ``dealer`` is the dealer's seat, or ``None`` to pass the deal round game by game.
    ``workers`` processes share the games (all cores by default), or ``workers`` is a
    :class:`concurrent.futures.Executor` that runs them (a process pool, a Dask
    cluster's executor: the games are sent in chunks, as picklable tasks, and the records come
    back in game order); the records do not depend on it.  ``progress``: ``True`` for a bar on stderr, a callback
    ``progress(done, total)`` (e.g. for a widget), or ``None`` for a bar only when stderr
    is a terminal.
    """
    v = resolve_variant(variant)
    v.check_players(players)
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        specs: tuple[Any, ...] = (agents,) * players
    else:
        specs = tuple(agents)
    if len(specs) != players:
        raise InvalidOptionError(f"give one agent per seat ({players}), not {len(specs)}")
    if games < 0:
        raise InvalidOptionError(f"games must be a whole number >= 0, not {games!r}")
    executor = workers if isinstance(workers, Executor) else None
    if executor is not None or workers is None:
        workers = os.cpu_count() or 1  # an executor's size is its own: chunks for this many cores keep it busy
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers is a number of processes or a concurrent.futures.Executor, not {workers!r}")
    workers = max(1, min(workers, max(games, 1)))
    if chunk is None:
        heavy = not all(_is_random(s) for s in specs)
        chunk = max(1, min(2 if heavy else 500, games // (workers * 4) or 1))
    tasks: list[_Task] = [(v, players, specs, seed, rotate, dealer, a, min(a + chunk, games))
                          for a in range(0, games, chunk)]
    callback: Callable[[int, int], None] | None
    if callable(progress):
        callback = progress
    elif progress or (progress is None and sys.stderr.isatty()):
        callback = _Progress(games, f"{v.id} {players}p")
    else:
        callback = None
    records: list[GameRecord] = []

    def collect(parts: Iterator[list[GameRecord]]) -> None:
        for part in parts:
            records.extend(part)
            if callback is not None:
                callback(len(records), games)

    if executor is not None:
        collect(executor.map(_play_games, tasks))
    elif workers == 1 or len(tasks) == 1:
        collect(_play_games(t) for t in tasks)
    else:
        import multiprocessing  # (here, not at the top: the browser's Python imports comet, never a process pool)

        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with ctx.Pool(workers) as pool:
            collect(pool.imap(_play_games, tasks))
    if callback is not None and not records:
        callback(0, games)
    return records
