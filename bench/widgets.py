"""Widget click latency: Python time from a click (or value change) to the widget redrawn.

Each widget is driven headless (``Button.click()`` / setting ``.value``), as a user's click
arrives from the browser; the time includes the engine, the bots' replies and building the
HTML/SVG, not the browser's rendering or the network.  Reports the median and the 95th
percentile per action, and writes the "Widgets" section of ``bench/README.md``.

Target (issue 5): under 50 ms per click with the bots' fast level.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from bench._report import SMOKE_HELP, write_section
from widgets.calc import ScoreCalculator
from widgets.compare import VariantCompare
from widgets.explore import SimulationExplorer
from widgets.play import PlayTable
from widgets.step import StepThrough

TARGET_MS = 50.0


def _timed(action: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        action()
        out.append((time.perf_counter() - t) * 1000)
    return out


def play_clicks(bot: str, variant: str, players: int, deals: int) -> list[float]:
    """Time every human click in ``deals`` complete deals (bots reply inside the click)."""
    rng = random.Random(0)
    times: list[float] = []
    for seed in range(deals):
        table = PlayTable(variant=variant, players=players, bot=bot, seed=seed)
        while not table.round.is_over:
            text = rng.choice(table.shown_plays)
            b = table.button_for(text)
            if b is None:
                table.other_choice.value = text
                b = table.other_button
            t = time.perf_counter()
            b.click()
            times.append((time.perf_counter() - t) * 1000)
    return times


def row(name: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    med = statistics.median(times)
    ok = "yes" if p95 < TARGET_MS else "no"
    return f"| {name} | {len(times)} | {med:.1f} | {p95:.1f} | {times[-1]:.1f} | {ok} |"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    smoke = ap.parse_args(argv).smoke

    def timed(action: Callable[[], object], repeats: int) -> list[float]:
        return _timed(action, 1 if smoke else repeats)

    rows = []
    tables = (("modern-comet-1991", 2), ("modern-comet-1991", 4), ("commit-1991", 6))
    for bot in ("greedy",) if smoke else ("greedy", "search-fast"):
        for variant, players in tables[:1] if smoke else tables:
            rows.append(row(f"PlayTable click, {variant} {players}p, bots {bot}",
                            play_clicks(bot, variant, players, 3 if bot == "greedy" and not smoke else 1)))
    table = PlayTable(variant="modern-comet-1991", players=2, seed=1)
    rows.append(row("PlayTable language change", timed(lambda: setattr(
        table.lang_choice, "value", "fr" if table.lang_choice.value != "fr" else "en"), 20)))
    rows.append(row("PlayTable new match", timed(lambda: table.new_deal_button.click(), 10)))
    step = StepThrough(variant="modern-comet-1991", players=3, seed=1)

    def next_or_first() -> None:
        (step.next_button if step.step < step.steps else step.first_button).click()
    rows.append(row("StepThrough next", timed(next_or_first, 60)))
    rows.append(row("StepThrough slider jump", timed(lambda: setattr(step.slider, "value", random.randint(0, step.steps)), 30)))
    rows.append(row("StepThrough deal and play (greedy)", timed(lambda: step.deal_button.click(), 10)))
    calc = ScoreCalculator()
    rows.append(row("ScoreCalculator settle", timed(lambda: calc.calc_button.click(), 30)))
    rows.append(row("ScoreCalculator fill from a game", timed(lambda: calc.fill_button.click(), 10)))
    cmp_ = VariantCompare()
    rows.append(row("VariantCompare change", timed(lambda: setattr(
        cmp_.right_choice, "value", random.choice(["commit-1857", "hoc-third-stage", "yanovsky-1804"])), 20)))
    explore = SimulationExplorer(games=2 if smoke else 20)
    rows.append(row(f"SimulationExplorer run, {explore.games_choice.value} greedy/random deals (incl. plot)",
                    timed(lambda: explore.run_button.click(), 3)))
    head = ("| action | clicks | median ms | p95 ms | max ms | p95 < 50 ms |\n"
            "|---|---:|---:|---:|---:|:-:|")
    body = "\n".join([
        "Python time per click (headless `Button.click()` / value change), from `bench/widgets.py`. "
        "A PlayTable click includes the bots' replies until it is your turn again. "
        "The search bots' `fast` level spends up to 50 ms per move by design, so a click with several "
        "bot replies takes several times that; the greedy bots answer in well under a millisecond. "
        "SimulationExplorer plays many deals per click and is not held to the 50 ms target.",
        "",
        head,
        *rows,
    ])
    print(body)
    for w in (table, step, calc, cmp_, explore):
        assert w.errors == 0 and not w.messages.is_error, (type(w).__name__, w.messages.text)
    if not smoke:
        write_section("widgets", "Widgets: click latency", body)


if __name__ == "__main__":
    main()
