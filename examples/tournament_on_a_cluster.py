"""Run a tournament on any ``concurrent.futures.Executor``: here a thread pool, on a cluster
the executor of Dask or Ray.

``tournament(..., executor=...)`` only calls ``executor.submit(fn, *args)`` and waits on the
futures, so any Executor works.  With Dask (``pip install dask distributed``)::

    from dask.distributed import Client

    client = Client("tcp://scheduler:8786")       # or Client() for a local cluster
    with client.get_executor() as executor:
        result = tournament(rules, a, b, games=2000, executor=executor)

Ray has no Executor of its own, but a task's ``ObjectRef.future()`` is a
``concurrent.futures.Future``, so a small ``concurrent.futures.Executor`` subclass does::

    class RayExecutor(Executor):
        def submit(self, fn, /, *args, **kwargs):
            return ray.remote(fn).remote(*args, **kwargs).future()

Any other scheduler needs only the same: an Executor whose ``submit`` returns a
``concurrent.futures.Future``.  (The test suite runs a tournament on a Dask ``LocalCluster``
with worker processes and on a local Ray cluster, and checks that they play the same games as
this process.)  The agents and rules travel to the workers
by pickle, and every game is reproduced by its seed wherever it runs: the results below are the
same whichever executor plays them.

python examples/tournament_on_a_cluster.py
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent
from cardrules.all_fours import Rules
from cardrules.runner import tournament


def main(games: int = 10) -> None:
    rules = Rules.preset("tournament")
    with ThreadPoolExecutor(max_workers=2) as executor:
        on_threads = tournament(rules, RuleAgent(), RandomAgent(), games=games, executor=executor)
    in_process = tournament(rules, RuleAgent(), RandomAgent(), games=games, processes=1)
    print(on_threads.table())
    same = [(g.winner, g.scores) for g in on_threads.games] == [
        (g.winner, g.scores) for g in in_process.games
    ]
    print(f"same games as in this process: {same}")


if __name__ == "__main__":
    main()
