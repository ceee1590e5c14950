"""PettingZoo AEC environments for 400 and All Fours (extra ``cardrules[pettingzoo]``).

:func:`four_hundred_env` and :func:`all_fours_env` return an AEC environment (wrapped in
PettingZoo's order-enforcing wrapper; :class:`CardrulesEnv` is the raw one).  Agents are
``player_0`` ... ``player_3`` (``player_0``, ``player_1`` for two-player All Fours), the seats
of the game.  Each observation is ``{"observation": float32 vector, "action_mask": int8
vector}``: the vector is the observation tensor of :mod:`cardrules.adapters.encoding` (the
information-state tensor with ``perfect_recall=True``), read from ``observe(seat)`` only; the
mask marks the legal action ids of the game's fixed numbering (all zeros when it is not the
agent's turn).  Actions are those ids.  The metadata names are ``cardrules_four_hundred_v0``
and ``cardrules_all_fours_v0``.

*Illegal actions.*  With ``illegal_action="raise"`` (the default) a step with an id that is not
legal raises :class:`~cardrules.errors.IllegalActionError` (a ``ValueError``; an id outside the
action space raises ``ValueError``) and nothing changes.  With ``illegal_action="penalty"`` (the
behaviour of PettingZoo's classic environments) the episode ends instead: the offending agent
gets ``illegal_reward`` (default -1), the others 0, every agent is terminated and the offender's
info has ``"illegal_action": True``.

``state()`` is the global state for centralised training (not an observation): player_0's
observation vector, then every seat's unplayed cards (players x 52, by absolute seat) and, for
All Fours, the stock (52).

``reset(seed=...)`` seeds the shuffles (every card is dealt from a generator seeded by it, so the
same seed and the same actions give the same game).  Rewards come at the end: in
``mode="match"`` +1 to the winning team's agents and -1 to the others; in ``mode="hand"`` each
agent gets its team's score change for the deal.  A match that reaches ``max_deals`` deals
without a winner is *truncated* (rewards 0).  ``render()`` gives the whole table as text (every
hand: a spectator's view).

>>> from cardrules.adapters.pettingzoo import all_fours_env
>>> env = all_fours_env(preset="all_twos", mode="hand")
>>> env.reset(seed=7)
>>> env.agents, env.agent_selection
(['player_0', 'player_1'], 'player_0')
>>> obs, reward, termination, truncation, info = env.last()
>>> [int(i) for i in obs["action_mask"].nonzero()[0]]
[52, 53]
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardrules.adapters._games import Mode, Table, adapter_for, render_text
from cardrules.adapters.encoding import Encoder, write_cards

__all__ = ["CardrulesEnv", "all_fours_env", "four_hundred_env"]


class CardrulesEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped: its base is Any
    """The raw AEC environment of one game (see the module documentation).

    :param game: a game of the registry that has an adapter description (any of its names:
        ``"four_hundred"``, ``"all_fours"``, or a game registered with ``adapter=``);
    :param preset: a preset name (default the game's default ruleset); or
    :param rules: a ``Rules`` of the game (overrides ``preset``);
    :param mode: ``"match"`` (a whole game) or ``"hand"`` (one deal);
    :param max_deals: the truncation cap of a match (0: none);
    :param dealer: the first dealer (``None``: drawn by the seeded generator);
    :param scores: the starting scores;
    :param perfect_recall: observe the information-state tensor instead of the observation;
    :param render_mode: ``"human"`` (print) or ``"ansi"`` (return the text);
    :param players: the number of seats where the game has that option (All Fours: 2 or 4;
        ``None``: the ruleset's);
    :param illegal_action: ``"raise"`` (default) or ``"penalty"`` (see the module);
    :param illegal_reward: the offender's reward under ``"penalty"``.
    """

    #: PettingZoo's metadata; each environment has its own copy naming its game.
    metadata: Mapping[str, Any] = MappingProxyType(
        {"render_modes": ["human", "ansi"], "name": "cardrules_v0", "is_parallelizable": False}
    )
    #: The illegal-action behaviours.
    ILLEGAL_ACTIONS: ClassVar[tuple[str, ...]] = ("raise", "penalty")

    def __init__(
        self,
        game: str = "four_hundred",
        *,
        preset: str | None = None,
        rules: Any = None,
        mode: Mode = "match",
        max_deals: int = 100,
        dealer: int | None = None,
        scores: tuple[int, ...] | None = None,
        perfect_recall: bool = False,
        render_mode: str | None = None,
        players: int | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        spec = adapter_for(game)
        # Each env's own metadata over the ClassVar, as PettingZoo reads it.
        self.metadata = {**CardrulesEnv.metadata, "name": f"cardrules_{spec.name}_v0"}
        rules = spec.choose_rules(rules, preset, players or 0)
        if illegal_action not in self.ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action: expected 'raise' or 'penalty', got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode: expected 'human', 'ansi' or None, got {render_mode!r}")
        self.render_mode = render_mode
        self._prototype = Table(
            spec, rules, mode=mode, max_deals=max_deals, dealer=dealer, scores=scores
        )
        self._table = self._prototype.copy()
        self._encoder = Encoder(self._prototype, perfect_recall=perfect_recall)
        self._actions = len(spec.module.ACTIONS)
        n = self._prototype.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        low = np.zeros(self._encoder.size, np.float32)
        high = np.ones(self._encoder.size, np.float32)
        for name, a, b in self._encoder.slices():
            if name in ("scores", "level"):
                low[a:b], high[a:b] = -np.inf, np.inf
        box = spaces.Box(low=low, high=high, dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(self._actions,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        self._stock = spec.has_stock
        size = self._encoder.size + 52 * (n + self._stock)
        state_low = np.zeros(size, np.float32)
        state_high = np.ones(size, np.float32)
        state_low[: self._encoder.size], state_high[: self._encoder.size] = low, high
        self.state_space = spaces.Box(low=state_low, high=state_high, dtype=np.float32)
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the game's action ids."""
        return self.action_spaces[agent]

    @property
    def table(self) -> Table:
        """The game in progress (read it, do not change it)."""
        return self._table

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` observes, and its legal actions as a mask."""
        seat = self._index[agent]
        vector = np.zeros(self._encoder.size, np.float32)
        self._encoder.encode(self._table, seat, vector)
        mask = np.zeros(self._actions, np.int8)
        if self._table.current_player == seat:
            mask[self._table.legal_ids()] = 1
        return {"observation": vector, "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The global state (every hand: for centralised critics, not for a seat's policy)."""
        table = self._table
        vector = np.zeros(self.state_space.shape, np.float32)
        self._encoder.encode(table, 0, vector[: self._encoder.size])
        engine = table.last if table.over else table.state
        if engine is None or engine.is_chance:
            return vector
        base = self._encoder.size
        n = self._prototype.players
        for seat in range(n):
            hand = table.observation(seat).hand if table.over else engine.hand(seat)
            write_cards(vector[base + 52 * seat : base + 52 * seat + 52], hand.mask)
        if self._stock:
            stock = sum(1 << card.index for card in engine.stock)
            write_cards(vector[base + 52 * n :], stock)
        return vector

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from a generator seeded with ``seed`` (a fresh one if ``None``
        the first time; later resets without a seed go on with the same generator)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._table = self._prototype.copy()
        self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._after_move()

    def _deal(self) -> None:
        table = self._table
        while table.is_chance:
            outcomes = table.chance_outcomes()
            table.apply_chance(outcomes[int(self._rng.integers(len(outcomes)))][0])

    def _after_move(self) -> None:
        table = self._table
        if table.over:
            truncated = table.mode == "match" and table.winner is None
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = table.returns[i]
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            return
        player = table.current_player
        assert player is not None
        self.agent_selection = self.possible_agents[player]

    def step(self, action: int | None) -> None:
        """The current agent plays the action with this id (``None`` for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < self._actions:
            raise ValueError(f"{action!r} is not an action id of this game")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.illegal_action == "penalty" and int(action) not in self._table.legal_ids():
            for other in self.agents:
                self.rewards[other] = self.illegal_reward if other == agent else 0.0
                self.terminations[other] = True
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._accumulate_rewards()
            return
        self._table.apply_decision(int(action))
        self._deal()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (printed for ``"human"``, returned for ``"ansi"``)."""
        return render_text(self._table, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def four_hundred_env(**kwargs: Any) -> Any:
    """A 400 environment (keyword arguments as :class:`CardrulesEnv`)."""
    return wrappers.OrderEnforcingWrapper(CardrulesEnv("four_hundred", **kwargs))


def all_fours_env(**kwargs: Any) -> Any:
    """An All Fours environment (keyword arguments as :class:`CardrulesEnv`)."""
    return wrappers.OrderEnforcingWrapper(CardrulesEnv("all_fours", **kwargs))
