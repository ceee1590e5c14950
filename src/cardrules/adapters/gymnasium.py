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

*Episodes and rewards.*  ``mode="match"`` (the default): a whole game; the reward at the end is
+1 if the learner's team won, -1 if it lost.  Random or weak play rarely ends a game of 400, so
a game stops after ``max_deals`` deals (default :data:`DEFAULT_MAX_DEALS`) with reward 0 and
``truncated=True``.  ``mode="hand"``: one deal; the reward is the learner's team's score change
(All Fours: its side's points).  Every other step gives 0.  ``info`` also has ``"scores"``,
``"deal"`` (the deal number) and, at the end, ``"result"`` (the engine's result of the last
deal).  A deal in which the learner never has to act (an All Fours deal made void before its
first card, AF-13) is skipped at reset.

*Illegal actions.*  ``illegal_action="penalty"`` (the default, as in PettingZoo's classic
environments, so that an unmasked policy and ``check_env`` run): the episode ends
(``terminated``) with reward ``illegal_reward`` (default -1) and ``info["illegal_action"] =
True``.  ``"raise"``: an illegal id raises :class:`~cardrules.errors.IllegalActionError` (a
``ValueError``) and nothing changes.

*Seeds.*  ``reset(seed=s)`` seeds the deals and the agents' choices: the same seed and the same
learner actions give the same game.

>>> import gymnasium
>>> import cardrules.adapters.gymnasium
>>> env = gymnasium.make("cardrules/AllFours-v0", mode="hand")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
>>> obs, reward, terminated, truncated, info = env.step(int(env.unwrapped.action_masks().argmax()))
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardrules.adapters._games import GAMES, Mode, Table
from cardrules.adapters.encoding import Encoder
from cardrules.agents import make_agent
from cardrules.games import find_game

__all__ = ["DEFAULT_MAX_DEALS", "ENV_IDS", "AllFoursEnv", "CardrulesEnv", "FourHundredEnv"]

#: The default deal cap of a whole game (a game that reaches it is truncated).
DEFAULT_MAX_DEALS: Final = 100
#: The registered ids.
ENV_IDS: Final = ("cardrules/AllFours-v0", "cardrules/FourHundred-v0")


class CardrulesEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game against cardrules agents (see the module documentation).

    :param game: ``"four_hundred"`` or ``"all_fours"``;
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
    :param illegal_reward: the reward of an illegal action under ``"penalty"``;
    :param render_mode: ``"ansi"`` (return the text) or ``"human"`` (print it).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

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
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"game: expected one of {sorted(GAMES)}, got {game!r}")
        spec = GAMES[game]
        if rules is None:
            rules = spec.make_rules(preset or spec.default_preset, "", players or 0)
        elif not isinstance(rules, spec.module.Rules):
            raise ValueError(f"rules: expected a {spec.name}.Rules, got {rules!r}")
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(
                f"illegal_action: expected 'raise' or 'penalty', got {illegal_action!r}"
            )
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode: expected 'ansi', 'human' or None, got {render_mode!r}")
        self._prototype = Table(spec, rules, mode=mode, max_deals=max_deals, dealer=dealer)
        n = self._prototype.players
        if not 0 <= seat < n:
            raise ValueError(f"seat: expected 0..{n - 1}, got {seat!r}")
        self.seat = seat
        if opponents is None:
            opponents = make_agent(find_game(game).key, "rule")
        agents = [opponents] * (n - 1) if hasattr(opponents, "act") else list(opponents)
        if len(agents) != n - 1:
            raise ValueError(f"opponents: expected one agent or {n - 1}, got {len(agents)}")
        agents.insert(seat, None)
        self._agents: list[Any] = agents
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._encoder = Encoder(self._prototype, perfect_recall=perfect_recall)
        self._actions = len(spec.module.ACTIONS)
        low = np.zeros(self._encoder.size, np.float32)
        high = np.ones(self._encoder.size, np.float32)
        for name, a, b in self._encoder.slices():
            if name in ("scores", "level"):
                low[a:b], high[a:b] = -np.inf, np.inf
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
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
            table.apply_decision(table.game.module.action_id(action))

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
            reward = table.returns[self.seat]
            truncated = table.mode == "match" and table.winner is None
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The whole table as text (every hand: a spectator's view)."""
        text = str(self._table)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class AllFoursEnv(CardrulesEnv):
    """``cardrules/AllFours-v0``: All Fours (keyword arguments as :class:`CardrulesEnv`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("all_fours", **kwargs)


class FourHundredEnv(CardrulesEnv):
    """``cardrules/FourHundred-v0``: 400 (keyword arguments as :class:`CardrulesEnv`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("four_hundred", **kwargs)


# ``make_vec(..., vectorization_mode="vector_entry_point")``: the batch engine's self-play vector
# environments (cardrules.adapters.gymnasium_vector), imported only when one is made.
for _id, _cls in zip(ENV_IDS, ("AllFoursEnv", "FourHundredEnv"), strict=True):
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point=f"{__name__}:{_cls}",
            vector_entry_point=f"{__name__}_vector:{_cls.replace('Env', 'VectorEnv')}",
        )
