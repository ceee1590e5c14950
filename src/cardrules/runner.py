"""Playing games between agents: :func:`play_game`, :func:`play` and duplicate tournaments.

* :func:`play_game` plays one game and returns its :class:`~cardrules.core.records.GameRecord`
  (replayable, savable as JSON or text with :mod:`cardrules.records`);
* :func:`play` plays one game and returns a :class:`GameResult` (the outcome and the agents'
  thinking time; no record unless asked), which is what tournaments use;
* :func:`tournament` plays a *duplicate* match between two agents: every seed is played twice,
  the second time with the agents swapped between the two teams (sides), so that both agents
  get the same cards, kicks and deals.  It reports each agent's win rate with a 95% confidence
  interval computed over the duplicate pairs (so the luck of the deal cancels out) and the
  average score margin, per game and per deal (with its 95% interval);
* :func:`duplicate_deals` compares two agents over single deals, each played twice with the
  agents swapped: the mean score margin per deal with its 95% interval, the figure that tells
  close agents apart.  It also plays agents that see every card (the oracle,
  :class:`~cardrules.agents.oracle.OracleAgent`), which the games above refuse.

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

import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final, TypeVar

import attrs

from cardrules.core.deck import derive_seed
from cardrules.core.records import GameRecord
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError, describe
from cardrules.games import UnknownGameError, find_game

_R = TypeVar("_R")

__all__ = [
    "AgentError",
    "AgentSummary",
    "DealComparison",
    "GameResult",
    "TournamentResult",
    "agent_rngs",
    "check_agent",
    "deal_margin",
    "duplicate_deals",
    "game_module",
    "margin_confidence",
    "pair_confidence",
    "play",
    "play_game",
    "ratio_confidence",
    "tournament",
]

#: A game longer than this many actions is stopped and counted as a draw (400 can in principle
#: go on for ever: nothing but a qualifying team ends it, FH-25).
MAX_ACTIONS: Final = 20_000
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054


def game_module(rules: Any) -> Any:
    """The game module (``cardrules.four_hundred``, ``cardrules.all_fours`` or a game of your
    own in :mod:`cardrules.games`) of a ``Rules``.

    :raises TypeError: for anything else.
    """
    try:
        if isinstance(rules, str):  # a name is not a ruleset
            raise UnknownGameError("not rules", name="rules", value=rules)
        return find_game(rules).load()
    except UnknownGameError:
        raise TypeError(f"{rules!r} is not the Rules of a cardrules game") from None


def _players(rules: Any) -> int:
    return find_game(rules).players(rules)


class AgentError(CardrulesError, ValueError):
    """An agent failed at one of its decisions in a game that :func:`play` played: it chose an
    action that is not legal, or its ``act`` raised an error.

    Attributes: :attr:`agent` (the agent's name), :attr:`seat`, :attr:`seed` (the game's, which
    replays it), :attr:`move` (the number of actions played before, from 0), and
    :attr:`illegal`, the :class:`~cardrules.errors.IllegalActionError` of an illegal action (with
    its machine-readable ``reason`` and the legal actions), or ``None`` when ``act`` raised;
    then :attr:`failure` is that error's type and message.
    """

    def __init__(
        self,
        message: str,
        *,
        agent: str,
        seat: int,
        seed: int,
        move: int,
        illegal: IllegalActionError | None = None,
        failure: str = "",
    ) -> None:
        self.agent = agent
        self.seat = seat
        self.seed = seed
        self.move = move
        self.illegal = illegal
        self.failure = failure
        super().__init__(message)


def check_agent(rules: Any, agent: Any, *, sees_everything: bool = False) -> None:
    """Refuse, before any game starts, an agent that does not play ``rules``' game.

    An agent that declares its game (a ``game`` attribute, ``"400"`` or ``"all-fours"``, as
    :class:`~cardrules.agents.pimc.PimcAgent` does) is taken at its word; any other is asked
    for the first decision of a game (seed 0) and must answer with one of its legal actions.
    So an All Fours bot given a 400 game is refused here, not at its first move.  An agent that
    sees every card (a true ``sees_everything``, as the oracle) is refused unless
    ``sees_everything`` is true (:func:`duplicate_deals`): it plays from the state, for
    measurement, never in a game with people.

    :raises ArgumentError: for an object that is not an agent (a ``name`` and an ``act``), that
        does not play this game, or that sees every card where that is not allowed, saying why.
    """
    from cardrules.agents.registry import game_name

    module = game_module(rules)
    game = find_game(rules).key
    name = getattr(agent, "name", None)
    act = getattr(agent, "act", None)
    if not isinstance(name, str) or not callable(act):
        raise ArgumentError(
            f"{describe(agent)} is not an agent: an agent has a name (str) and an "
            "act(observation, rng) method",
            name="agent",
            value=agent,
        )
    kind = type(agent)
    name = f"{name} ({kind.__module__}.{kind.__qualname__})"
    if getattr(agent, "sees_everything", False) is True and not sees_everything:
        raise ArgumentError(
            f"agent {name!r} sees every card: it is for measurement only, played by "
            "cardrules.runner.duplicate_deals (benchmarks/bench_strength.py), not in games "
            "played from each seat's view",
            name="agent",
            value=agent,
        )
    declared = getattr(agent, "game", None)
    if isinstance(declared, str):
        try:
            plays = game_name(declared)
        except CardrulesError:
            plays = declared
        if plays != game:
            raise ArgumentError(
                f"agent {name!r} plays {plays}, not {game}", name="agent", value=agent
            )
        return
    state = module.new_game(rules, seed=0)
    legal = state.legal_actions()
    try:
        action = act(state.observe(state.current_player), random.Random(0))
    except Exception as error:
        raise ArgumentError(
            f"agent {name!r} does not play {game}: asked for the first decision of a game of "
            f"{game}, it failed: {type(error).__name__}: {str(error)[:200]}",
            name="agent",
            value=agent,
        ) from None
    if action not in legal:
        raise ArgumentError(
            f"agent {name!r} does not play {game}: asked for the first decision of a game of "
            f"{game}, it chose {describe(action)}, which is not one of the legal actions "
            f"({' '.join(map(str, legal))})",
            name="agent",
            value=agent,
        )


def agent_rngs(seed: int, players: int) -> list[random.Random]:
    """The generators the agents of a game with ``seed`` get, one per seat:
    ``random.Random(derive_seed(seed, "agent", seat))``.  Reproducible in any process."""
    return [random.Random(derive_seed(seed, "agent", seat)) for seat in range(players)]


def _side_scores(scores: Sequence[int]) -> tuple[int, int]:
    if len(scores) == 4:
        return scores[0] + scores[2], scores[1] + scores[3]
    return scores[0], scores[1]


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
        return _side_scores(self.scores)


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

    :raises ArgumentError: for a wrong number of agents (a ``ValueError``).
    :raises AgentError: when an agent chooses an illegal action or its ``act`` raises (with
        the agent's name, its seat and the game's seed; the error it raised is the cause).
    """
    module = game_module(rules)
    players = _players(rules)
    _check_seats(agents, players)
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
        agent = agents[seat]
        start = clock()
        try:
            action = agent.act(state.observe(seat), rngs[seat])
        except Exception as error:
            raise _agent_failed(
                agent, seat, actions, f"the game of seed {seed}", seed, error
            ) from error
        seconds[seat] += clock() - start
        decisions[seat] += 1
        try:
            state = recorder.apply(action) if recorder is not None else state.apply(action)
        except IllegalActionError as error:
            raise AgentError(
                f"agent {agent.name!r} at seat {seat} chose an illegal action at move "
                f"{actions + 1} of the game of seed {seed}: {error}",
                agent=agent.name,
                seat=seat,
                seed=seed,
                move=actions,
                illegal=error,
            ) from error
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
    games are long, with its 95% interval ``deal_ci_low`` / ``deal_ci_high``;
    ``seconds_per_move`` its average thinking time per action.
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
    #: The 95% interval of ``margin_per_deal`` over the duplicate pairs
    #: (:func:`ratio_confidence`); infinite with a single pair.
    deal_ci_low: float = -math.inf
    deal_ci_high: float = math.inf


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


def margin_confidence(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` (one margin per duplicate pair) and its 95% normal interval:
    the mean ± :data:`Z95` standard errors, the standard error being the sample standard
    deviation (``n - 1`` in the divisor) over ``√n``.  Fewer than two values give an infinite
    interval.

    >>> [round(x, 3) for x in margin_confidence([1.0, 3.0, 2.0, 2.0])]
    [2.0, 1.2, 2.8]
    """
    n = len(values)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = math.fsum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    spread = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    half = Z95 * math.sqrt(spread / n)
    return mean, mean - half, mean + half


def ratio_confidence(
    numerators: Sequence[float], denominators: Sequence[float]
) -> tuple[float, float, float]:
    """The ratio ``R = Σ numerators / Σ denominators`` (a margin per deal: each duplicate pair's
    margin and deals played) and its 95% interval by the delta method: ``R ± Z95 · s / (d̄ √n)``,
    where ``s`` is the sample standard deviation of ``numerator - R · denominator`` over the
    ``n`` pairs and ``d̄`` the mean denominator.  Fewer than two pairs give an infinite interval.

    >>> [round(x, 3) for x in ratio_confidence([4.0, 0.0, 2.0], [2.0, 2.0, 2.0])]
    [1.0, -0.132, 2.132]

    :raises ArgumentError: for sequences of different lengths or denominators that add up to 0.
    """
    n = len(numerators)
    if n != len(denominators):
        raise ArgumentError(
            f"denominators: expected one per numerator ({n}), got {len(denominators)}",
            name="denominators",
            value=denominators,
        )
    total = math.fsum(denominators)
    if total <= 0:
        raise ArgumentError(
            "denominators: expected a positive total", name="denominators", value=denominators
        )
    ratio = math.fsum(numerators) / total
    if n < 2:
        return ratio, -math.inf, math.inf
    residuals = [top - ratio * bottom for top, bottom in zip(numerators, denominators, strict=True)]
    spread = math.fsum(r * r for r in residuals) / (n - 1)
    half = Z95 * math.sqrt(spread / n) / (total / n)
    return ratio, ratio - half, ratio + half


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
            f"{'pts/game':>9} {'pts/deal':>8}  {'95% CI':<17} {'s/move':>8}",
        ]
        for s in self.summaries:
            deal_ci = f"[{s.deal_ci_low:+.2f}, {s.deal_ci_high:+.2f}]"
            lines.append(
                f"{s.name:<16} {s.games:>5} {s.wins:>5} {s.win_rate:>8.1%}  "
                f"[{s.ci_low:5.1%}, {s.ci_high:5.1%}] {s.margin:>+9.2f} "
                f"{s.margin_per_deal:>+8.2f}  {deal_ci:<17} {s.seconds_per_move:>8.4f}"
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
            + "; pts/deal's 95% interval is over the duplicate pairs"
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-compatible data."""
        return {
            "games": len(self.games),
            "pairs": self.pairs,
            "seconds": self.seconds,
            "hands_per_game": sum(g.hands for g in self.games) / max(1, len(self.games)),
            # JSON has no infinity: an interval that one pair cannot bound is null.
            "agents": [
                {k: v if not isinstance(v, float) or math.isfinite(v) else None for k, v in row}
                for row in (attrs.asdict(s).items() for s in self.summaries)
            ],
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
        pair_margins: dict[int, float] = {}
        pair_deals: dict[int, float] = {}
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
            pair_margins[game.seed] = (
                pair_margins.get(game.seed, 0.0) + scores[side] - scores[1 - side]
            )
            pair_deals[game.seed] = pair_deals.get(game.seed, 0.0) + game.hands
            for seat in range(len(game.decisions)):
                if seat % 2 == side:
                    seconds += game.seconds[seat]
                    moves += game.decisions[seat]
        rate, low, high = pair_confidence(list(pairs.values()))
        deal_low, deal_high = -math.inf, math.inf
        if deals:
            _, deal_low, deal_high = ratio_confidence(
                list(pair_margins.values()), list(pair_deals.values())
            )
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
                deal_ci_low=deal_low,
                deal_ci_high=deal_high,
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
    on_game: Callable[[int, GameResult], None] | None = None,
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
    :param on_game: called as ``on_game(index, result)`` as each game finishes (in the order
        they finish; ``index`` is the game's place in :attr:`TournamentResult.games`, from 0),
        for example to save each record at once rather than at the end.
    :raises ValueError: for a number of games that is not a positive even number.
    :raises ArgumentError: before any game, for an agent that does not play this game (see
        :func:`check_agent`).
    :raises AgentError: when an agent chooses an illegal action or fails (see :func:`play`).
    """
    if games < 2 or games % 2:
        raise ValueError(f"a duplicate tournament plays an even number of games, not {games}")
    check_agent(rules, agent_a)
    if agent_b is not agent_a:
        check_agent(rules, agent_b)
    agents = (agent_a, agent_b)
    tasks = [
        (derive_seed(seed, "game", pair), swapped)
        for pair in range(games // 2)
        for swapped in (False, True)
    ]
    start = time.perf_counter()
    results: dict[tuple[int, bool], GameResult] = {}
    index = {task: number for number, task in enumerate(tasks)}
    jobs = [(rules, agents, game_seed, swapped, record) for game_seed, swapped in tasks]
    for done, (_, result) in enumerate(_unordered(_task, jobs, executor, processes), 1):
        results[(result.seed, result.swapped)] = result
        if on_game is not None:
            on_game(index[(result.seed, result.swapped)], result)
        if progress is not None:
            progress(done, games)
    ordered = tuple(results[task] for task in tasks)
    return TournamentResult(
        games=ordered,
        summaries=_summaries(ordered, _labels(agent_a, agent_b)),
        seconds=time.perf_counter() - start,
    )


def _unordered(
    function: Callable[..., _R],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor | None,
    processes: int | None,
) -> Iterator[tuple[int, _R]]:
    """``(k, function(*tasks[k]))`` for every task, as they finish: in this process when
    ``processes`` is 1 and no executor is given, else on ``executor`` or a process pool of
    ``processes`` workers (the machine's cores by default) that is shut down after."""
    if executor is None and processes == 1:
        for number, arguments in enumerate(tasks):
            yield number, function(*arguments)
        return
    own = executor is None
    workers = processes or os.cpu_count() or 1
    pool = executor or ProcessPoolExecutor(max_workers=workers)
    # A bounded window of tasks in flight: a long tournament holds its results, not a future
    # per game still to play.
    window = max(64, 8 * workers)
    pending = iter(enumerate(tasks))
    in_flight: dict[Future[_R], int] = {}
    try:
        while True:
            for number, arguments in pending:
                in_flight[pool.submit(function, *arguments)] = number
                if len(in_flight) >= window:
                    break
            if not in_flight:
                return
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in done:
                yield in_flight.pop(future), future.result()
    finally:
        for future in in_flight:
            future.cancel()
        if own:
            pool.shutdown(cancel_futures=True)


def _check_seats(agents: Sequence[Any], players: int) -> None:
    if len(agents) != players:
        raise ArgumentError(
            f"agents: this game has {players} seats, but {len(agents)} agents were given",
            name="agents",
            value=len(agents),
        )


def _agent_failed(
    agent: Any, seat: int, move: int, where: str, seed: int, error: Exception
) -> AgentError:
    """The error of an agent whose ``act`` raised (or, in a deal played from the state, whose
    action was refused) at ``move`` (counted from 0) of ``where``."""
    failure = f"{type(error).__name__}: {str(error)[:200]}"
    return AgentError(
        f"agent {agent.name!r} at seat {seat} failed at move {move + 1} of {where}: {failure}",
        agent=agent.name,
        seat=seat,
        seed=seed,
        move=move,
        illegal=error if isinstance(error, IllegalActionError) else None,
        failure=failure,
    )


# -- duplicate deals: the mean score margin per deal ----------------------------------------------
@attrs.frozen
class DealComparison:
    """A duplicate comparison of two agents over single deals (:func:`duplicate_deals`).

    ``margins`` holds, for each duplicate pair, agent A's side's change of score minus the
    other side's over the pair's deal, averaged over its two seatings (the agents swapped in
    the second), in game points (400: the partners' scores added); ``margin`` is their mean and
    ``ci_low`` / ``ci_high`` bound it at 95% (:func:`margin_confidence`).  ``seconds`` is the
    wall-clock time of the whole comparison.
    """

    names: tuple[str, str]
    margins: tuple[float, ...]
    margin: float
    ci_low: float
    ci_high: float
    seconds: float = attrs.field(eq=False)

    @property
    def pairs(self) -> int:
        """The number of duplicate pairs (each one deal, played twice)."""
        return len(self.margins)

    def line(self) -> str:
        """One line: the margin per deal with its interval.

        >>> DealComparison(("a", "b"), (1.0, 3.0), 2.0, 0.0, 4.0, 0.5).line()
        'a vs b: +2.000 points per deal, 95% CI [+0.000, +4.000] over 2 duplicate pairs (0.5 s)'
        """
        return (
            f"{self.names[0]} vs {self.names[1]}: {self.margin:+.3f} points per deal, 95% CI "
            f"[{self.ci_low:+.3f}, {self.ci_high:+.3f}] over "
            f"{_plural(self.pairs, 'duplicate pair')} ({self.seconds:.1f} s)"
        )


def deal_margin(rules: Any, agents: Sequence[Any], seed: int) -> int:
    """Side 0's change of score minus side 1's over the first deal of the game of ``seed``
    (``agents[seat]`` at each seat, each with the generator :func:`play` gives it): played until
    the deal is over (scored, thrown in or void) or the game.  An agent with a true
    ``sees_everything`` (the oracle) is given the state (its ``act_on_state``).

    :raises AgentError: as :func:`play`.
    """
    module = game_module(rules)
    players = _players(rules)
    _check_seats(agents, players)
    state = module.new_game(rules, seed=seed)
    before = _side_scores(state.scores)
    deal = state.deal_number
    rngs = agent_rngs(seed, players)
    sees = [getattr(agent, "sees_everything", False) is True for agent in agents]
    moves = 0
    while not state.is_terminal and state.deal_number == deal:
        seat = state.current_player
        agent = agents[seat]
        try:
            if sees[seat]:
                action = agent.act_on_state(state, rngs[seat])
            else:
                action = agent.act(state.observe(seat), rngs[seat])
            state = state.apply(action)
        except Exception as error:
            raise _agent_failed(
                agent, seat, moves, f"the deal of seed {seed}", seed, error
            ) from error
        moves += 1
    after = _side_scores(state.scores)
    return (after[0] - before[0]) - (after[1] - before[1])


def _deal_pair(rules: Any, agents: tuple[Any, Any], seed: int) -> float:
    """Agent A's margin over one duplicate pair: side 0's, then side 1's with the agents
    swapped, averaged (module-level, so that process pools can pickle it)."""
    players = _players(rules)
    first = [agents[seat % 2] for seat in range(players)]
    second = [agents[1 - seat % 2] for seat in range(players)]
    return (deal_margin(rules, first, seed) - deal_margin(rules, second, seed)) / 2


def duplicate_deals(
    rules: Any,
    agent_a: Any,
    agent_b: Any,
    *,
    pairs: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    processes: int | None = None,
) -> DealComparison:
    """Compare two agents over ``pairs`` duplicate pairs of single deals: pair ``k`` is the
    first deal of the game of ``derive_seed(seed, "deal", k)``, played with ``agent_a`` on side
    0 (seats 0 and 2, or seat 0 with two players) and again with the agents swapped (the same
    cards, dealer and kicks), and reports agent A's mean score margin per deal with its 95%
    interval.  Agents that see every card (the oracle) are played from the state.

    >>> from cardrules.agents import RandomAgent
    >>> from cardrules.agents.all_fours import RuleAgent
    >>> from cardrules.all_fours import Rules
    >>> result = duplicate_deals(Rules(), RuleAgent(), RandomAgent(), pairs=4, processes=1)
    >>> result.pairs, result.ci_low <= result.margin <= result.ci_high
    (4, True)

    :param executor: where to play the pairs (any :class:`concurrent.futures.Executor`); by
        default a process pool with ``processes`` workers (default: the machine's cores).
    :param processes: with no executor, the number of worker processes; 1 plays in this
        process.
    :raises ArgumentError: for a count of pairs that is not a whole number of at least 1, or an
        agent that does not play this game (:func:`check_agent`).
    :raises AgentError: when an agent chooses an illegal action or fails.
    """
    from cardrules.core.checks import check_int

    pairs = check_int(pairs, name="pairs", low=1)
    check_agent(rules, agent_a, sees_everything=True)
    if agent_b is not agent_a:
        check_agent(rules, agent_b, sees_everything=True)
    agents = (agent_a, agent_b)
    seeds = [derive_seed(seed, "deal", pair) for pair in range(pairs)]
    start = time.perf_counter()
    tasks = [(rules, agents, deal_seed) for deal_seed in seeds]
    margins = [0.0] * pairs
    for number, margin in _unordered(_deal_pair, tasks, executor, processes):
        margins[number] = margin
    mean, low, high = margin_confidence(margins)
    return DealComparison(
        _labels(agent_a, agent_b), tuple(margins), mean, low, high, time.perf_counter() - start
    )
