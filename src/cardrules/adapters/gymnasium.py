"""Gymnasium single-seat environments for 400 and All Fours (extra ``cardrules[gymnasium]``).

One seat is the learner; the other seats are played by cardrules agents (the game's rule-based
``RuleAgent`` by default; any :class:`~cardrules.agents.Agent` will do, e.g. ``RandomAgent()``
or ``make_agent("400", "search:200")``).  Importing this module registers two ids for
``gymnasium.make``::

    import gymnasium
    import cardrules.adapters.gymnasium                 # registers the ids
    env = gymnasium.make("cardrules/AllFours-v0")
    env = gymnasium.make("cardrules/FourHundred-v0", max_deals=20, seat=2)

or, without the import, ``gymnasium.make("cardrules.adapters.gymnasium:cardrules/AllFours-v0")``
(Gymnasium imports the module named before the colon).  ``import cardrules`` never imports
Gymnasium or NumPy.

*Spaces.*  Observations are the observation tensor of :mod:`cardrules.adapters.encoding` (the
same as PettingZoo's ``"observation"``; the information-state tensor with
``perfect_recall=True``), from the learner's seat.  Actions are the game's fixed action ids
(``Discrete(len(ACTIONS))``).  The legal ones are ``env.action_masks()`` (a bool array: the
convention of maskable PPO implementations) and ``info["action_mask"]`` (int8).

*Episodes and rewards.*  Every reward comes at the end of the episode; every other step gives
0.  ``mode="match"`` (the default): a whole game; the reward is +1 if the learner's team won, -1
if it lost.  Random or weak play rarely ends a game of 400, so a game stops after ``max_deals``
deals (default :data:`DEFAULT_MAX_DEALS`) with reward 0 and ``truncated=True``.
``mode="hand"``: one deal; with ``reward="margin"`` (the default) the reward is the learner's
team's (side's) score change in the deal *minus* the other's, with ``reward="own"`` its own
change alone (All Fours: its side's points, never negative), each divided by ``reward_unit``
(:data:`REWARD_UNITS`: 40 in 400, the value of a bid of 10; 4 in All Fours, High, Low, Jack and
Game), so that a deal's reward is of the order of 1.  ``info`` also has ``"scores"``, ``"deal"``
(the deal number) and, at the end, ``"result"`` (the engine's result of the last deal).  A deal
in which the learner never has to act (an All Fours deal made void before its first card, AF-13)
is skipped at reset.

*Illegal actions.*  ``illegal_action="penalty"`` (the default, as in PettingZoo's classic
environments, so that an unmasked policy and ``check_env`` run): the episode ends
(``terminated``) with reward ``illegal_reward`` and ``info["illegal_action"] = True``.  By
default that is the worst reward an episode can give, so that ending an episode with an illegal
move never pays: -1 in ``match`` mode, and in ``hand`` mode minus the largest swing of a deal,
in reward units (:func:`worst_hand_reward`: 400, -4, both partners failing bids of 10 or more
while both opponents make theirs; All Fours, minus every kick, award and gift one deal can
give).  ``"raise"``: an illegal id raises :class:`~cardrules.errors.IllegalActionError` (a
``ValueError``) and nothing changes.

*Observation bounds.*  The observation space is a finite :class:`~gymnasium.spaces.Box`: the
score and level entries (scores divided by 100 in 400, by the target in All Fours) are kept
within ±:data:`SCORE_BOUND` (a 400 score of ±10,000 points); the others lie in [0, 1].

*Rendering.*  ``render_mode`` is ``"ansi"`` (``render()`` returns the table as text),
``"human"`` (prints it after each step) or ``None``.  Another mode (Stable-Baselines3's
``make_vec_env`` asks for ``"rgb_array"`` first) raises
:class:`~cardrules.errors.ArgumentError`, which is a ``TypeError`` as well as a ``ValueError``,
so that a caller that retries without ``render_mode`` on a ``TypeError`` does.

*Seeds.*  ``reset(seed=s)`` seeds the deals and the agents' choices: the same seed and the same
learner actions give the same game.

>>> import gymnasium
>>> import cardrules.adapters.gymnasium
>>> env = gymnasium.make("cardrules/AllFours-v0", mode="hand")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
>>> obs, reward, terminated, truncated, info = env.step(int(env.unwrapped.action_masks().argmax()))
>>> env.unwrapped.illegal_reward == worst_hand_reward(env.unwrapped.table.rules)
True
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardrules.adapters._games import GAMES, Mode, Table, adapter_for, render_text
from cardrules.adapters.encoding import Encoder
from cardrules.agents import make_agent
from cardrules.errors import ArgumentError, describe

__all__ = [
    "DEFAULT_MAX_DEALS",
    "ENV_IDS",
    "REWARD_UNITS",
    "SCORE_BOUND",
    "AllFoursEnv",
    "CardrulesEnv",
    "FourHundredEnv",
    "bounded_space",
    "worst_hand_reward",
]

#: The default deal cap of a whole game (a game that reaches it is truncated).
DEFAULT_MAX_DEALS: Final = 100
#: The points a ``hand`` reward of 1 stands for: 400, a bid of 10 or more (FH-20); All Fours,
#: the four end-of-hand awards (AF-23).
REWARD_UNITS: Final = {name: game.reward_unit for name, game in GAMES.items()}
#: The observation's score and level entries are kept within ±this (400: ±10,000 points).
SCORE_BOUND: Final = 100.0
_REWARDS: Final = ("margin", "own")
#: The registered ids.
ENV_IDS: Final = ("cardrules/AllFours-v0", "cardrules/FourHundred-v0")


def worst_hand_reward(rules: Any, unit: float | None = None) -> float:
    """The lowest ``hand`` reward one deal can give (in reward units: points over ``unit``,
    default the game's :data:`REWARD_UNITS`), the default ``illegal_reward`` of ``hand`` mode.

    400: both partners fail bids of 10 or more while both opponents make theirs: a margin of
    4 x 40 points (FH-20).  All Fours: the other side deals, and scores every kick of the deal at
    the highest kick value (the first and one per run of the pack while the stock holds
    ``3 x players + 1`` cards: three kicks with four players, six with two; AF-9, AF-11, AF-13),
    then High, Low, hang jack and Game (AF-23).  A gift (AF-11) goes to the beggar's side and
    ends the runs, so it never makes the margin worse.

    >>> from cardrules import all_fours, four_hundred
    >>> worst_hand_reward(four_hundred.Rules()), worst_hand_reward(all_fours.Rules())
    (-4.0, -3.75)
    """
    from cardrules import four_hundred

    if isinstance(rules, four_hundred.Rules):
        top = max(four_hundred.bid_value(b, 0, rules) for b in range(10, 14))
        return -4.0 * top / (unit or REWARD_UNITS["four_hundred"])
    from cardrules.all_fours import award_values
    from cardrules.core.cards import Rank

    players = rules.players
    stock, kicks = 52 - 6 * players - 1, 1
    while stock >= 3 * players + 1:
        stock, kicks = stock - 3 * players - 1, kicks + 1
    awards = award_values(rules)
    tally = awards["high"] + awards["low"] + max(awards["jack"], awards["hang_jack"])
    worst = kicks * max(rules.kick_value(rank) for rank in Rank) + tally + awards["game"]
    return -float(worst) / (unit or REWARD_UNITS["all_fours"])


def bounded_space(names: Any, size: int) -> spaces.Box[np.float32]:
    """The observation :class:`~gymnasium.spaces.Box` of an encoder's slices ``(name, start,
    end)``: the ``scores`` and ``level`` entries within ±:data:`SCORE_BOUND`, the others in
    [0, 1]."""
    low = np.zeros(size, np.float32)
    high = np.ones(size, np.float32)
    for name, a, b in names:
        if name in ("scores", "level"):
            low[a:b], high[a:b] = -SCORE_BOUND, SCORE_BOUND
    return spaces.Box(low=low, high=high, dtype=np.float32)


class CardrulesEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game against cardrules agents (see the module documentation).

    :param game: ``"four_hundred"`` or ``"all_fours"`` (or another of the registry's names of them);
    :param seat: the learner's seat;
    :param opponents: an agent for every other seat (one agent, or a sequence in seat order
        that skips the learner); default the game's rule-based agent;
    :param preset: a preset name, or :param rules: a ``Rules`` of the game;
    :param players: All Fours: 2 or 4 (``None``: the ruleset's);
    :param mode: ``"match"`` (a whole game, capped) or ``"hand"`` (one deal);
    :param max_deals: the deal cap of a whole game (0: none);
    :param dealer: the first dealer (``None``: drawn from the seed);
    :param perfect_recall: observe the information-state tensor;
    :param illegal_action: ``"penalty"`` (default) or ``"raise"``;
    :param illegal_reward: the reward of an illegal action under ``"penalty"`` (default: the
        worst reward of an episode, see the module documentation);
    :param reward: ``hand`` mode: ``"margin"`` (default) or ``"own"``;
    :param reward_unit: ``hand`` mode: the points a reward of 1 stands for (default
        :data:`REWARD_UNITS`);
    :param render_mode: ``"ansi"`` (return the text) or ``"human"`` (print it).
    :raises ArgumentError: for an unknown ``render_mode``, ``reward`` or ``illegal_action``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str = "all_fours",
        *,
        seat: int = 0,
        opponents: Any = None,
        preset: str | None = None,
        rules: Any = None,
        players: int | None = None,
        mode: Mode = "match",
        max_deals: int = DEFAULT_MAX_DEALS,
        dealer: int | None = None,
        perfect_recall: bool = False,
        illegal_action: str = "penalty",
        illegal_reward: float | None = None,
        reward: str = "margin",
        reward_unit: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        spec = adapter_for(game)
        rules = spec.choose_rules(rules, preset, players or 0)
        if illegal_action not in ("raise", "penalty"):
            raise ArgumentError(
                f"illegal_action: expected 'raise' or 'penalty', got {describe(illegal_action)}",
                name="illegal_action",
                value=illegal_action,
            )
        if render_mode not in (None, "ansi", "human"):
            raise ArgumentError(
                f"render_mode: expected 'ansi', 'human' or None, got {describe(render_mode)}",
                name="render_mode",
                value=render_mode,
            )
        if reward not in _REWARDS:
            raise ArgumentError(
                f"reward: expected 'margin' or 'own', got {describe(reward)}",
                name="reward",
                value=reward,
            )
        unit = spec.reward_unit if reward_unit is None else float(reward_unit)
        if not unit > 0:
            raise ArgumentError(
                f"reward_unit: expected a number above 0, got {describe(reward_unit)}",
                name="reward_unit",
                value=reward_unit,
            )
        self._prototype = Table(spec, rules, mode=mode, max_deals=max_deals, dealer=dealer)
        n = self._prototype.players
        if not 0 <= seat < n:
            raise ValueError(f"seat: expected 0..{n - 1}, got {seat!r}")
        self.seat = seat
        if opponents is None:
            opponents = make_agent(spec.info.key, "rule")
        agents = [opponents] * (n - 1) if hasattr(opponents, "act") else list(opponents)
        if len(agents) != n - 1:
            raise ValueError(f"opponents: expected one agent or {n - 1}, got {len(agents)}")
        agents.insert(seat, None)
        self._agents: list[Any] = agents
        self.illegal_action = illegal_action
        self.reward = reward
        self.reward_unit = unit
        if illegal_reward is None:
            illegal_reward = -1.0 if mode == "match" else worst_hand_reward(rules, unit)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._encoder = Encoder(self._prototype, perfect_recall=perfect_recall)
        self._actions = len(spec.module.ACTIONS)
        self.observation_space = bounded_space(self._encoder.slices(), self._encoder.size)
        self._bounded = [
            (a, b) for name, a, b in self._encoder.slices() if name in ("scores", "level")
        ]
        self.action_space = spaces.Discrete(self._actions)
        self._table = self._prototype.copy()
        self._agent_rng = random.Random(0)

    @property
    def table(self) -> Table:
        """The game in progress (read it, do not change it)."""
        return self._table

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal action ids as a bool mask (all False at the end)."""
        mask = np.zeros(self._actions, np.bool_)
        if self._table.current_player == self.seat:
            mask[self._table.legal_ids()] = True
        return mask

    def _observation(self) -> npt.NDArray[np.float32]:
        vector = np.zeros(self._encoder.size, np.float32)
        self._encoder.encode(self._table, self.seat, vector)
        for a, b in self._bounded:  # the space's bounds hold even for runaway 400 scores
            np.clip(vector[a:b], -SCORE_BOUND, SCORE_BOUND, out=vector[a:b])
        return vector

    def _info(self) -> dict[str, Any]:
        table = self._table
        info: dict[str, Any] = {
            "action_mask": self.action_masks().astype(np.int8),
            "scores": table.scores,
            "deal": table.deal_index,
        }
        if table.over:
            info["result"] = table.result
        return info

    def _run(self) -> None:
        """Deal and let the other seats act until the learner is to act or the episode ends."""
        table = self._table
        while not table.over:
            if table.is_chance:
                outcomes = table.chance_outcomes()
                table.apply_chance(outcomes[int(self.np_random.integers(len(outcomes)))][0])
                continue
            player = table.current_player
            if player == self.seat:
                return
            assert player is not None
            observation = table.state.observe(player)
            action = self._agents[player].act(observation, self._agent_rng)
            table.apply_decision(table.game.action_id(action))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game (or deal), played on to the learner's first turn."""
        super().reset(seed=seed)
        self._agent_rng = random.Random(int(self.np_random.integers(2**63)))
        while True:
            self._table = self._prototype.copy()
            self._run()
            if not self._table.over:
                break
        return self._observation(), self._info()

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner plays the action with this id; the other seats answer."""
        table = self._table
        if table.over:
            raise ValueError("the episode is over: call reset()")
        action = int(action)
        if not 0 <= action < self._actions:
            raise ValueError(f"{action!r} is not an action id of this game")
        if self.illegal_action == "penalty" and action not in table.legal_ids():
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        table.apply_decision(action)
        self._run()
        reward, terminated, truncated = 0.0, False, False
        if table.over:
            reward = self._reward(table)
            truncated = table.mode == "match" and table.winner is None
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def _reward(self, table: Table) -> float:
        """The learner's reward at the end of the episode (see the module documentation)."""
        returns = table.returns
        if table.mode == "match":
            return returns[self.seat]
        own = returns[self.seat]
        if self.reward == "margin":
            own -= returns[(self.seat + 1) % table.players]  # a seat of the other team (side)
        return own / self.reward_unit

    def render(self) -> str | None:
        """The whole table as text (every hand: a spectator's view)."""
        return render_text(self._table, self.render_mode)


class AllFoursEnv(CardrulesEnv):
    """``cardrules/AllFours-v0``: All Fours (keyword arguments as :class:`CardrulesEnv`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("all_fours", **kwargs)


class FourHundredEnv(CardrulesEnv):
    """``cardrules/FourHundred-v0``: 400 (keyword arguments as :class:`CardrulesEnv`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("four_hundred", **kwargs)


# ``make_vec(...)``: the batch engine's self-play vector environments, or the single-seat one
# vectorized when given its own options (cardrules.adapters.gymnasium_vector.make_vector),
# imported only when one is made.
for _id, _cls, _vector in zip(
    ENV_IDS, ("AllFoursEnv", "FourHundredEnv"), ("all_fours", "four_hundred"), strict=True
):
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point=f"{__name__}:{_cls}",
            vector_entry_point=f"{__name__}_vector:{_vector}_vector",
        )
