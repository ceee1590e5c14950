"""Tournaments on real clusters: a Dask ``LocalCluster`` with worker processes (and Ray, when it
is installed) play exactly the games of an in-process run."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent
from cardrules.agents.four_hundred import RuleAgent as FourHundredRuleAgent
from cardrules.runner import TournamentResult, tournament


def games_of(result: TournamentResult) -> list[tuple[Any, ...]]:
    return [(g.seed, g.swapped, g.agents, g.winner, g.scores, g.actions) for g in result.games]


def test_dask_local_cluster_with_worker_processes() -> None:
    pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    cases = [
        (all_fours.Rules(), RuleAgent(), RandomAgent()),
        (four_hundred.Rules(), FourHundredRuleAgent(), RandomAgent()),
    ]
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=40,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = client.run(lambda: __import__("os").getpid())
        assert len(set(pids.values())) == 2  # two worker processes
        for rules, a, b in cases:
            with client.get_executor() as executor:
                on_cluster = tournament(rules, a, b, games=4, seed=11, executor=executor)
            in_process = tournament(rules, a, b, games=4, seed=11, processes=1)
            assert games_of(on_cluster) == games_of(in_process)
            assert on_cluster.summaries[0].wins == in_process.summaries[0].wins


class RayExecutor(Executor):
    """The few lines a Ray cluster needs to be a ``concurrent.futures.Executor``."""

    def __init__(self) -> None:
        import ray

        self._ray = ray
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        future: Future[Any] = remote.remote(*args, **kwargs).future()
        return future


def test_ray_local_cluster() -> None:
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        object_store_memory=100 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    try:
        rules = all_fours.Rules()
        on_ray = tournament(
            rules, RuleAgent(), RandomAgent(), games=4, seed=3, executor=RayExecutor()
        )
        in_process = tournament(rules, RuleAgent(), RandomAgent(), games=4, seed=3, processes=1)
        assert games_of(on_ray) == games_of(in_process)
    finally:
        ray.shutdown()
