"""comet.simulate: records, determinism whatever the workers, progress."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import comet
from comet.simulate import columns


def test_same_records_whatever_the_workers() -> None:
    one = comet.simulate("modern-comet-1991", 2, "random", games=400, seed=3, workers=1, progress=False)
    two = comet.simulate("modern-comet-1991", 2, "random", games=400, seed=3, workers=2, progress=False)
    assert one == two
    assert [r.game for r in one] == list(range(400))


def test_mixed_agents_deterministic_and_rotated() -> None:
    kw = dict(games=8, seed="x", rotate=True, progress=False)
    a = comet.simulate("yanovsky-exchange", 3, ["greedy", "random", "search-fast"], workers=1, **kw)
    b = comet.simulate("yanovsky-exchange", 3, ["greedy", "random", "search-fast"], workers=2, **kw)
    assert a == b
    assert a[0].agents == ("greedy", "random", "search-fast")
    assert a[1].agents == ("search-fast", "greedy", "random")


def test_records_are_consistent() -> None:
    records = comet.simulate("old-comet-1718", 3, "greedy", games=30, seed=1, workers=1, progress=False)
    for r in records:
        assert sum(r.payments) == 0
        assert r.stops == sum(r.stop_reasons.values())
        assert r.moves == r.card_plays + r.passes + r.claims
        assert sum(r.runs) == 3 * comet.VARIANTS["old-comet-1718"].deal_size(3) - sum(r.cards_left)
    cols = columns(records)
    assert len(cols["winner"]) == 30 and "runs" in cols
    assert any(r.claims for r in records)


def test_every_variant_simulates() -> None:
    for vid, v in comet.VARIANTS.items():
        recs = comet.simulate(vid, v.players[0], "random", games=5, seed=0, workers=1, progress=False)
        assert len(recs) == 5 and all(r.variant == vid for r in recs)


def test_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    comet.simulate("modern-comet-1991", 2, "random", games=50, seed=0, workers=1, chunk=10,
                   progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (50, 50) and len(seen) == 5


def test_records_do_not_depend_on_the_executor() -> None:
    """Any concurrent.futures.Executor runs the games; the records are those of workers=1."""
    kw = dict(games=60, seed="ex", progress=False, chunk=7)
    ref = comet.simulate("new-comet-1752", 3, ["greedy", "random", "random"], workers=1, **kw)
    with ThreadPoolExecutor(3) as threads:
        assert comet.simulate("new-comet-1752", 3, ["greedy", "random", "random"], workers=threads, **kw) == ref
    with ProcessPoolExecutor(2) as processes:
        assert comet.simulate("new-comet-1752", 3, ["greedy", "random", "random"], workers=processes, **kw) == ref
    assert [r.game for r in ref] == list(range(60)) and len({r.payments for r in ref}) > 1


def test_workers_must_be_a_count_or_an_executor() -> None:
    with pytest.raises(TypeError, match="Executor"):
        comet.simulate("modern-comet-1991", 2, games=4, workers="two", progress=False)  # type: ignore[arg-type]


def test_dask_local_cluster_gives_the_same_records() -> None:
    """A Dask cluster on loopback (two worker processes talking TCP) runs the games through
    its client's executor; the records are the same as in one process."""
    distributed = pytest.importorskip("distributed")
    kw = dict(games=40, seed="dask", progress=False, chunk=5)
    ref = comet.simulate("modern-comet-1991", 2, "greedy", workers=1, **kw)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert all(addr.startswith("tcp://127.0.0.1:") for addr in client.scheduler_info()["workers"])
        records = comet.simulate("modern-comet-1991", 2, "greedy", workers=client.get_executor(), **kw)
    assert records == ref
