"""Playing games between agents: :func:`play_game`, :func:`play` and duplicate tournaments.

* :func:`play_game` plays one game and returns its :class:`~cardrules.core.records.GameRecord`
  (replayable, savable as JSON or text with :mod:`cardrules.records`);
* :func:`play` plays one game and returns a :class:`GameResult` (the outcome and the agents'
  thinking time; no record unless asked), which is what tournaments use;
* :func:`tournament` plays a *duplicate* match between two agents: every seed is played twice,
  the second time with the agents swapped between the two teams (sides), so that both agents
  get the same cards, kicks and deals.  It reports each agent's win rate with a 95% confidence
  interval computed over the duplicate pairs (so the luck of the deal cancels out) and the
  average score margin, per game and per deal.

Tournaments run their games on any :class:`concurrent.futures.Executor`: by default a process
pool over the machine's cores; pass ``executor=`` to use your own (a thread pool, a pool with
fewer workers, or a cluster's executor such as Dask's ``client.get_executor()``), or
``processes=1`` to play everything in this process.  Every game is reproduced by its seed
(agents draw from generators seeded from it), whichever executor plays it.

>>> from cardrules.agents import RandomAgent
>>> from cardrules.agents.all_fours import RuleAgent
>>> from cardrules.all_fours import Rules
>>> from cardrules.runner import tournament
>>> result = tournament(Rules(), RuleAgent(), RandomAgent(), games=4, seed=1, processes=1)
>>> [summary.name for summary in result.summaries], result.summaries[0].games
(['rule', 'random'], 4)
>>> record = play_game(Rules(), [RandomAgent()] * 4, seed=5)
>>> record.game, record.winner in (0, 1)
('all_fours', True)
"""

from __future__ import annotations

import importlib
import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final

import attrs

from cardrules.core.deck import derive_seed
from cardrules.core.records import GameRecord

__all__ = [
    "AgentSummary",
    "DealComparison",
    "GameResult",
    "TournamentResult",
    "agent_rngs",
    "duplicate_deals",
    "game_module",
    "margin_confidence",
    "pair_confidence",
    "play",
    "play_game",
    "tournament",
]

#: A game longer than this many actions is stopped and counted as a draw (400 can in principle
#: go on for ever: nothing but a qualifying team ends it, FH-25).
MAX_ACTIONS: Final = 20_000
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054


def game_module(rules: Any) -> Any:
    """The game module (``cardrules.four_hundred`` or ``cardrules.all_fours``) of a ``Rules``.

    :raises TypeError: for anything else.
    """
    module = type(rules).__module__
    for name in ("cardrules.four_hundred", "cardrules.all_fours"):
        if module.startswith(name + "."):
            return importlib.import_module(name)
    raise TypeError(f"{rules!r} is not the Rules of a cardrules game")


def _players(rules: Any) -> int:
    return int(getattr(rules, "players", 4))


def agent_rngs(seed: int, players: int) -> list[random.Random]:
    """The generators the agents of a game with ``seed`` get, one per seat:
    ``random.Random(derive_seed(seed, "agent", seat))``.  Reproducible in any process."""
    return [random.Random(derive_seed(seed, "agent", seat)) for seat in range(players)]


@attrs.frozen
class GameResult:
    """The outcome of one game.

    ``agents`` names the agent at each seat; ``winner`` is the winning team / side (``None``
    for a game stopped at ``max_actions``); ``scores`` the final scores (per player in 400,
    per side in All Fours); ``hands`` the deals dealt (thrown-in and void ones included);
    ``decisions`` and ``seconds`` each seat's number of actions and thinking time.
    """

    seed: int
    agents: tuple[str, ...]
    winner: int | None
    scores: tuple[int, ...]
    hands: int
    actions: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...] = attrs.field(eq=False)
    swapped: bool = False
    record: GameRecord | None = attrs.field(default=None, eq=False, repr=False)

    def side_scores(self) -> tuple[int, int]:
        """The two teams' / sides' scores (400: the partners' scores added)."""
        if len(self.scores) == 4:
            return self.scores[0] + self.scores[2], self.scores[1] + self.scores[3]
        return self.scores[0], self.scores[1]


def play(
    rules: Any,
    agents: Sequence[Any],
    seed: int,
    *,
    dealer: int | None = None,
    record: bool = False,
    max_actions: int = MAX_ACTIONS,
    swapped: bool = False,
) -> GameResult:
    """Play one game of ``rules``' game, ``agents[seat]`` at each seat, from ``seed``.

    Each agent sees only its seat's observation and gets its own generator seeded from
    ``seed`` and its seat.  With ``record=True`` the result carries the game's record.

    :raises ValueError: for a wrong number of agents; an agent's illegal action raises
        :class:`~cardrules.errors.IllegalActionError`.
    """
    module = game_module(rules)
    players = _players(rules)
    if len(agents) != players:
        raise ValueError(f"this game has {players} seats, but {len(agents)} agents were given")
    state = module.new_game(rules, seed=seed, dealer=dealer)
    recorder = None
    if record:
        from cardrules.records import recorder as make_recorder

        recorder = make_recorder(state)
    rngs = agent_rngs(seed, players)
    decisions = [0] * players
    seconds = [0.0] * players
    actions = 0
    clock = time.perf_counter
    while not state.is_terminal and actions < max_actions:
        seat = state.current_player
        start = clock()
        action = agents[seat].act(state.observe(seat), rngs[seat])
        seconds[seat] += clock() - start
        decisions[seat] += 1
        state = recorder.apply(action) if recorder is not None else state.apply(action)
        actions += 1
    return GameResult(
        seed=seed,
        agents=tuple(agent.name for agent in agents),
        winner=state.winner,
        scores=tuple(state.scores),
        hands=len(state.history) + (0 if state.is_terminal else 1),
        actions=actions,
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        swapped=swapped,
        record=recorder.record() if recorder is not None else None,
    )


def play_game(
    rules: Any, agents: Sequence[Any], seed: int, *, dealer: int | None = None
) -> GameRecord:
    """Play one game and return its record (see :mod:`cardrules.records` to save or replay it).

    :raises RecordError: when the game has no record codec yet.
    """
    result = play(rules, agents, seed, dealer=dealer, record=True)
    assert result.record is not None
    return result.record


@attrs.frozen
class AgentSummary:
    """One agent's results in a duplicate tournament.

    ``win_rate`` counts a game stopped without a winner as half a win; ``ci_low`` / ``ci_high``
    bound it at 95% (over the duplicate pairs, see :func:`pair_confidence`); ``margin`` is the
    average, per game, of its team's (side's) final score minus the other's, in game points
    (400: the partners' scores added); ``margin_per_deal`` is the same difference divided by
    the deals played (thrown-in and void ones included), which reads more easily for 400, whose
    games are long; ``seconds_per_move`` its average thinking time per action.
    """

    name: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    margin: float
    seconds_per_move: float
    moves: int
    margin_per_deal: float = 0.0


def pair_confidence(pair_scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``pair_scores`` (each in ``[0, 1]``: one agent's share of the wins in one
    duplicate pair) and its 95% Wilson score interval over the pairs.

    The Wilson interval for ``n`` pairs with mean ``p`` is
    ``(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` with ``z`` = :data:`Z95`.  It treats
    each pair score as a 0/1 result; a score in ``[0, 1]`` with mean ``p`` varies no more than
    that (its variance is at most ``p(1-p)``), so the interval is conservative for half-won
    pairs.  Unlike the normal interval it never collapses to a point: 10 pairs won out of 10
    give ``[72.2%, 100%]``, and two identical agents that split every pair get an interval
    around ½ that narrows only as the pairs add up.

    >>> [round(x, 3) for x in pair_confidence([1.0, 0.5, 1.0, 0.5])]
    [0.75, 0.301, 0.954]
    >>> [round(x, 3) for x in pair_confidence([1.0] * 10)]
    [1.0, 0.722, 1.0]
    """
    n = len(pair_scores)
    if n == 0:
        return 0.5, 0.0, 1.0
    mean = sum(pair_scores) / n
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if mean == 0.0 else max(0.0, centre - half)
    high = 1.0 if mean == 1.0 else min(1.0, centre + half)  # exact ends, not 0.9999…
    return mean, low, high


@attrs.frozen
class TournamentResult:
    """A duplicate tournament: every :class:`GameResult` (in seed order, the swapped game after
    its twin), the two agents' :class:`AgentSummary`, and the wall-clock time."""

    games: tuple[GameResult, ...]
    summaries: tuple[AgentSummary, AgentSummary]
    seconds: float

    @property
    def pairs(self) -> int:
        """The number of duplicate pairs."""
        return len(self.games) // 2

    def table(self) -> str:
        """A plain-text summary table, with a line that says what the columns mean."""
        hands = sum(g.hands for g in self.games) / max(1, len(self.games))
        lines = [
            f"{'agent':<16} {'games':>5} {'wins':>5} {'win rate':>8}  {'95% CI':<15} "
            f"{'pts/game':>9} {'pts/deal':>8} {'s/move':>8}",
        ]
        for s in self.summaries:
            lines.append(
                f"{s.name:<16} {s.games:>5} {s.wins:>5} {s.win_rate:>8.1%}  "
                f"[{s.ci_low:5.1%}, {s.ci_high:5.1%}] {s.margin:>+9.2f} "
                f"{s.margin_per_deal:>+8.2f} {s.seconds_per_move:>8.4f}"
            )
        team = len(self.games[0].scores) == 4 if self.games else False
        lines.append(
            f"{_plural(len(self.games), 'game')} in {_plural(self.pairs, 'duplicate pair')}, "
            f"{hands:.1f} deals per game, {self.seconds:.1f} s "
            f"({len(self.games) / max(self.seconds, 1e-9):.2f} games/s)"
        )
        lines.append(
            "win rate: the share of the duplicate pairs won (a split pair counts half), with its "
            "95% Wilson score interval"
        )
        lines.append(
            "pts/game, pts/deal: the final score difference, per game and per deal"
            + (" (a team's score: its two players' scores added)" if team else "")
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-compatible data."""
        return {
            "games": len(self.games),
            "pairs": self.pairs,
            "seconds": self.seconds,
            "hands_per_game": sum(g.hands for g in self.games) / max(1, len(self.games)),
            "agents": [attrs.asdict(s) for s in self.summaries],
        }


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _task(
    rules: Any, agents: tuple[Any, Any], seed: int, swapped: bool, record: bool
) -> GameResult:
    """One game of a tournament (module-level, so that process pools can pickle it): agent 0
    sits on side 0 unless ``swapped``."""
    first, second = (agents[1], agents[0]) if swapped else agents
    seats = [first if seat % 2 == 0 else second for seat in range(_players(rules))]
    return play(rules, seats, seed, record=record, swapped=swapped)


def _summaries(
    games: Sequence[GameResult], names: tuple[str, str]
) -> tuple[AgentSummary, AgentSummary]:
    out = []
    for index in (0, 1):
        pairs: dict[int, float] = {}
        wins = 0
        margin = 0.0
        seconds = 0.0
        moves = 0
        deals = 0
        for game in games:
            deals += game.hands
            side = index if not game.swapped else 1 - index
            won = 0.5 if game.winner is None else float(game.winner == side)
            wins += game.winner == side
            pairs[game.seed] = pairs.get(game.seed, 0.0) + won / 2
            scores = game.side_scores()
            margin += scores[side] - scores[1 - side]
            for seat in range(len(game.decisions)):
                if seat % 2 == side:
                    seconds += game.seconds[seat]
                    moves += game.decisions[seat]
        rate, low, high = pair_confidence(list(pairs.values()))
        out.append(
            AgentSummary(
                name=names[index],
                games=len(games),
                wins=wins,
                win_rate=rate,
                ci_low=low,
                ci_high=high,
                margin=margin / max(1, len(games)),
                seconds_per_move=seconds / max(1, moves),
                moves=moves,
                margin_per_deal=margin / max(1, deals),
            )
        )
    return out[0], out[1]


def _labels(a: Any, b: Any) -> tuple[str, str]:
    if a.name != b.name:
        return a.name, b.name
    return a.name + " (A)", b.name + " (B)"


def tournament(
    rules: Any,
    agent_a: Any,
    agent_b: Any,
    *,
    games: int = 200,
    seed: int = 0,
    executor: Executor | None = None,
    processes: int | None = None,
    record: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """A duplicate tournament of ``games`` games (an even number) between two agents.

    Game pair ``k`` uses the seed ``derive_seed(seed, "game", k)``: first with ``agent_a`` on
    side 0 (seats 0 and 2, or seat 0 with two players), then with the agents swapped.

    :param executor: where to run the games (any :class:`concurrent.futures.Executor`); by
        default a process pool with ``processes`` workers (default: the machine's cores).
    :param processes: with no executor, the number of worker processes; 1 plays in this
        process.
    :param record: keep every game's record (in :attr:`GameResult.record`).
    :param progress: called as ``progress(done, total)`` after each game.
    :raises ValueError: for a number of games that is not a positive even number.
    """
    if games < 2 or games % 2:
        raise ValueError(f"a duplicate tournament plays an even number of games, not {games}")
    agents = (agent_a, agent_b)
    tasks = [
        (derive_seed(seed, "game", pair), swapped)
        for pair in range(games // 2)
        for swapped in (False, True)
    ]
    start = time.perf_counter()
    results: dict[tuple[int, bool], GameResult] = {}
    for done, result in enumerate(_run(rules, agents, tasks, executor, processes, record), 1):
        results[(result.seed, result.swapped)] = result
        if progress is not None:
            progress(done, games)
    ordered = tuple(results[task] for task in tasks)
    return TournamentResult(
        games=ordered,
        summaries=_summaries(ordered, _labels(agent_a, agent_b)),
        seconds=time.perf_counter() - start,
    )


def _run(
    rules: Any,
    agents: tuple[Any, Any],
    tasks: list[tuple[int, bool]],
    executor: Executor | None,
    processes: int | None,
    record: bool,
) -> Iterator[GameResult]:
    if executor is None and processes == 1:
        for game_seed, swapped in tasks:
            yield _task(rules, agents, game_seed, swapped, record)
        return
    own = executor is None
    workers = processes or os.cpu_count() or 1
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    # A bounded window of games in flight: a long tournament holds its results, not a future
    # per game still to play.
    window = max(64, 8 * workers)
    pending = iter(tasks)
    in_flight: set[Future[GameResult]] = set()
    try:
        while True:
            for game_seed, swapped in pending:
                in_flight.add(pool.submit(_task, rules, agents, game_seed, swapped, record))
                if len(in_flight) >= window:
                    break
            if not in_flight:
                return
            done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        for future in in_flight:
            future.cancel()
        if own:
            pool.shutdown(cancel_futures=True)


# -- duplicate deals: the mean score margin per deal ----------------------------------------------
@attrs.frozen
class DealComparison:
    """A duplicate comparison of two agents over single deals (:func:`duplicate_deals`).

    ``margin`` is the mean, over the duplicate pairs, of agent A's side's change of score minus
    the other side's in the deal (averaged over the pair's two deals, the agents swapped in the
    second), in game points (400: the partners' scores added); ``ci_low`` / ``ci_high`` bound it
    at 95% (:func:`margin_confidence`).
    """

    names: tuple[str, str]
    pairs: int
    margin: float
    ci_low: float
    ci_high: float
    seconds: float

    def line(self) -> str:
        """One line: the margin per deal with its interval."""
        return (
            f"{self.names[0]} vs {self.names[1]}: {self.margin:+.3f} points per deal, 95% CI "
            f"[{self.ci_low:+.3f}, {self.ci_high:+.3f}] over {self.pairs} duplicate pairs "
            f"({self.seconds:.0f} s)"
        )


def margin_confidence(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` (one margin per duplicate pair) and its 95% normal interval
    (mean ± :data:`Z95` standard errors).

    >>> [round(x, 3) for x in margin_confidence([1.0, 3.0, 2.0, 2.0])]
    [2.0, 1.2, 2.8]
    """
    n = len(values)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = sum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    spread = sum((value - mean) ** 2 for value in values) / (n - 1)
    half = Z95 * math.sqrt(spread / n)
    return mean, mean - half, mean + half


def _deal_margin(rules: Any, agents: tuple[Any, Any], seed: int, swapped: bool) -> float:
    """Agent A's side's change of score minus the other side's over the first deal of the game
    of ``seed``.  An agent with ``sees_everything`` is given the state (the oracle)."""
    module = game_module(rules)
    players = _players(rules)
    first, second = (agents[1], agents[0]) if swapped else agents
    seats = [first if seat % 2 == 0 else second for seat in range(players)]
    state = module.new_game(rules, seed=seed)
    before = _sides(state.scores)
    deal = state.deal_number
    rngs = agent_rngs(seed, players)
    while not state.is_terminal and state.deal_number == deal:
        seat = state.current_player
        agent = seats[seat]
        if getattr(agent, "sees_everything", False):
            action = agent.act_on_state(state, rngs[seat])
        else:
            action = agent.act(state.observe(seat), rngs[seat])
        state = state.apply(action)
    after = _sides(state.scores)
    margin = (after[0] - before[0]) - (after[1] - before[1])
    return -margin if swapped else margin


def _sides(scores: Sequence[int]) -> tuple[int, int]:
    if len(scores) == 4:
        return scores[0] + scores[2], scores[1] + scores[3]
    return scores[0], scores[1]


def _deal_pair(rules: Any, agents: tuple[Any, Any], seed: int) -> float:
    return (_deal_margin(rules, agents, seed, False) + _deal_margin(rules, agents, seed, True)) / 2


def duplicate_deals(
    rules: Any,
    agent_a: Any,
    agent_b: Any,
    *,
    pairs: int = 100,
    seed: int = 0,
    processes: int | None = None,
) -> DealComparison:
    """Play ``pairs`` duplicate pairs of single deals between two agents: the first deal of the
    game of ``derive_seed(seed, "deal", k)``, with ``agent_a`` on side 0 and then on side 1 (the
    same cards both times), and report agent A's mean score margin per deal with its 95%
    interval.

    >>> from cardrules.agents import RandomAgent
    >>> from cardrules.agents.all_fours import RuleAgent
    >>> from cardrules.all_fours import Rules
    >>> result = duplicate_deals(Rules(), RuleAgent(), RandomAgent(), pairs=4, processes=1)
    >>> result.pairs, result.ci_low <= result.margin <= result.ci_high
    (4, True)
    """
    if not isinstance(pairs, int) or isinstance(pairs, bool) or pairs < 1:
        raise ValueError(f"pairs must be a positive int, not {pairs!r}")
    agents = (agent_a, agent_b)
    seeds = [derive_seed(seed, "deal", pair) for pair in range(pairs)]
    start = time.perf_counter()
    if processes == 1:
        margins = [_deal_pair(rules, agents, deal_seed) for deal_seed in seeds]
    else:
        with ProcessPoolExecutor(max_workers=processes or os.cpu_count() or 1) as pool:
            margins = list(pool.map(_deal_pair, [rules] * pairs, [agents] * pairs, seeds))
    mean, low, high = margin_confidence(margins)
    return DealComparison(
        _labels(agent_a, agent_b), pairs, mean, low, high, time.perf_counter() - start
    )
