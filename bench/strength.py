"""The bots' measured strength, as the play table shows it at each bot's seat.

Every bot kind a seat can be (``widgets.controllers.checks.BOT_KINDS``) gets one measured match
against the greedy bot, modern-comet-1991 for two, seeded deals with the seats swapped every deal
(``simulate(..., rotate=True)``), and the greedy bot itself one against the random bot:

* ``search-fast`` and ``search`` against greedy, and greedy against random: ``bench/agents.py``'s
  matches (2,000, 100 and 2,000 deals, "Agents" in ``bench/README.md``), copied here as measured;
* ``random`` against greedy: measured here (the one match the bench did not play), 2,000 deals,
  seed ``strength/random-greedy``, a few seconds.

Writes ``comet_learn/data/bot_strength.json`` (which the table reads: never typed into a sentence)
and the "strength" section of ``bench/README.md``.

    python -m bench.strength [--games 2000] [--workers 2] [--smoke]
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from bench._report import SMOKE_HELP, write_section
from bench.agents import duel

DATA = Path(__file__).resolve().parent.parent / "comet_learn" / "data" / "bot_strength.json"
VARIANT = "modern-comet-1991"
FROM_AGENTS = (
    # bot, against, deals, win rate, its 95% half-width (bench/README.md, "Agents", bench/agents.py)
    ("greedy", "random", 2000, 0.531, 0.022),
    ("search-fast", "greedy", 2000, 0.657, 0.021),
    ("search", "greedy", 100, 0.750, 0.085),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = parser.parse_args(argv)
    if args.smoke:
        args.games, args.workers = 2, 1
    got = duel("random", "greedy", args.games, "strength/random-greedy", args.workers)
    rows = [{"bot": bot, "against": other, "variant": VARIANT, "players": 2, "deals": deals, "win": win,
             "ci": ci, "source": "bench/agents.py"} for bot, other, deals, win, ci in FROM_AGENTS]
    rows.append({"bot": "random", "against": "greedy", "variant": VARIANT, "players": 2, "deals": args.games,
                 "win": round(got["win"], 3), "ci": round(got["win_ci"], 3), "source": "bench/strength.py"})
    if args.smoke:
        print(json.dumps({"v": 1, "matches": rows}))
        return
    DATA.write_text(json.dumps({"v": 1, "matches": rows}, indent=1) + "\n", encoding="utf-8")
    table = "\n".join(f"| {r['bot']} | {r['against']} | {r['deals']:,} | {r['win']:.3f} ± {r['ci']:.3f} | "
                      f"`{r['source']}` |" for r in rows)
    write_section("strength", "Bots' strength at the table", f"""
`python -m bench.strength`: each bot kind a seat can be, with one measured match ({VARIANT}, 2 players, seeded
deals, seats swapped every deal), written to `comet_learn/data/bot_strength.json`, which the play table reads and
shows at each bot's seat (its kind, what it does, this number). The search bots' matches ran without their table
time caps (0.05 s and 0.3 s a move), at their levels' playouts (40 and 400), as `bench/agents.py` plays them; the
random bot's match against greedy is measured here ({got['seconds']:.0f} s).

| bot | against | deals | win rate (95%) | measured by |
|---|---|---:|---:|---|
{table}
""")


if __name__ == "__main__":
    main()
