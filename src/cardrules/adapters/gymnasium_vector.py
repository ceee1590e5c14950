"""Gymnasium vector environments over the batch engine: self-play at every seat (extras
``cardrules[gymnasium]`` and ``cardrules[batch]``).

:mod:`cardrules.adapters.gymnasium` registers ``vector_entry_point`` on its two ids, so that::

    import gymnasium
    import cardrules.adapters.gymnasium                 # registers the ids
    envs = gymnasium.make_vec(
        "cardrules/AllFours-v0", num_envs=1024, vectorization_mode="vector_entry_point"
    )

returns an :class:`AllFoursVectorEnv` (:class:`FourHundredVectorEnv` for
``cardrules/FourHundred-v0``): one :func:`cardrules.batch.make` batch of ``num_envs`` games
(lanes).  ``vectorization_mode="sync"`` still gives Gymnasium's ``SyncVectorEnv`` of
single-seat environments.

*Arguments.*  The self-play environments take ``preset``, ``rules``, ``players``, ``scores`` and
``shuffle``.  Given any option of the single-seat environment that self-play has no use for
(:data:`SINGLE_SEAT_OPTIONS`: ``mode``, ``seat``, ``opponents``, ``reward`` …), ``make_vec``
(with no ``vectorization_mode``, or ``"vector_entry_point"``) vectorizes the single-seat
environment with those options instead: a ``SyncVectorEnv`` of ``num_envs`` of them, one seat
each against cardrules agents, so that ``gymnasium.make_vec("cardrules/FourHundred-v0",
num_envs=4, mode="hand")`` is four one-deal learners (:func:`make_vector`).

*Self-play.*  Every seat of every lane is played by the policy: the observation of a lane is
its current player's (the batch's ``observe()``, the adapters' observation tensor of
:mod:`cardrules.adapters.encoding`), and the action is that player's.  ``info["current_player"]``
(``int64``, (num_envs,)) is the seat to act; ``info["action_mask"]`` (``bool``, (num_envs, A))
and :meth:`~CardrulesVectorEnv.action_masks` are its legal action ids, the batch's
``legal_mask()``.

*Rewards.*  ``rewards[i]`` is for the seat that took lane ``i``'s action in this step (the
``info["current_player"]`` of the step before): +1 if that seat's side (team) won the game that
this action ended, -1 if it lost, 0 while the game goes on.  All the seats' rewards are
``info["seat_rewards"]`` ((num_envs, players): +1 for every seat of the winning side, -1 for the
others), so that a trainer can credit each seat's last action; ``info["winner"]`` is the
winning side of the game that ended (-1 where none did).

*Episodes and auto-reset.*  An episode is a whole game of a lane; ``terminations[i]`` is True
when it ended with this step.  The batch deals the lane's next game within the same step, so
the observation returned with ``terminations[i]`` is already the new game's first
(``metadata["autoreset_mode"]`` is :attr:`gymnasium.vector.AutoresetMode.SAME_STEP`).  No
``info["final_obs"]`` is given: the finished position is not kept, and an ended game's value is 0
whatever it shows.  ``truncations`` are always False (there is no deal cap: random play of 400
rarely ends a game; ``scores=`` starts every game near its end).

*Illegal actions* raise :class:`~cardrules.errors.IllegalActionError` (a ``ValueError``) naming
the first lane, and nothing is applied in any lane: mask the policy.

*Seeds.*  ``reset(seed=s)`` makes a new batch with the batch seed ``s``: lane ``i``'s game ``j``
is the per-state engine's ``new_game(rules, seed=game_seed(s, i, j))`` (see "Batch engine"), so
the same seed and actions give the same games.  ``reset()`` without a seed draws the batch seed
from the environment's generator (seeded by the last seed, else from the OS).

>>> import gymnasium
>>> import numpy as np
>>> import cardrules.adapters.gymnasium
>>> envs = gymnasium.make_vec(
...     "cardrules/AllFours-v0", num_envs=8, vectorization_mode="vector_entry_point"
... )
>>> obs, info = envs.reset(seed=1)
>>> obs.shape, info["action_mask"].shape, envs.action_space.shape
((8, 651), (8, 56), (8,))
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(m)) for m in envs.unwrapped.action_masks()])
>>> obs, rewards, terminations, truncations, info = envs.step(actions)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from cardrules.adapters._games import adapter_for
from cardrules.adapters.gymnasium import SCORE_BOUND, bounded_space
from cardrules.batch import AllFoursBatch, FourHundredBatch, make
from cardrules.games import find_game

__all__ = [
    "SINGLE_SEAT_OPTIONS",
    "AllFoursVectorEnv",
    "CardrulesVectorEnv",
    "FourHundredVectorEnv",
    "make_vector",
]

#: The single-seat environment's options that self-play does not take: given to ``make_vec``,
#: they make it vectorize the single-seat environment (see :func:`make_vector`).
SINGLE_SEAT_OPTIONS: Final = frozenset(
    {
        "seat",
        "opponents",
        "mode",
        "max_deals",
        "dealer",
        "perfect_recall",
        "illegal_action",
        "illegal_reward",
        "reward",
        "reward_unit",
        "render_mode",
    }
)

Obs = npt.NDArray[np.float32]
Actions = npt.NDArray[np.int64]


class CardrulesVectorEnv(gymnasium.vector.VectorEnv[Obs, Actions, npt.NDArray[Any]]):
    """``num_envs`` games of one ruleset, every seat played by the policy (see the module
    documentation).

    :param game: ``"four_hundred"`` or ``"all_fours"`` (or another of the registry's names of them);
    :param num_envs: the number of games (lanes);
    :param preset: a preset name, or :param rules: a ``Rules`` of the game (default: the
        single-seat environment's, the game's default preset);
    :param players: All Fours: 2 or 4 (``None``: the ruleset's);
    :param scores: the scores every game starts from (as the batch's ``scores=``);
    :param shuffle: ``"seeded"`` (default: the per-state engine's decks) or ``"numpy"``
        (faster dealing), as the batch's.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str = "all_fours",
        *,
        num_envs: int = 1,
        preset: str | None = None,
        rules: Any = None,
        players: int | None = None,
        scores: Any = None,
        shuffle: str = "seeded",
    ) -> None:
        spec = adapter_for(game)
        rules = spec.choose_rules(rules, preset, players or 0)
        self._game = spec.info.key
        self._rules = rules
        self._scores = scores
        self._shuffle = shuffle
        # Built at once, so that a bad argument fails here; reset() replaces it.
        self.num_envs = num_envs
        self._batch = self._new_batch(0)
        self.players = self._batch.players
        pieces = []
        start = 0
        for name, shape in self._batch.observation_pieces():
            end = start + int(np.prod(shape))
            pieces.append((name, start, end))
            start = end
        # as the single-seat environment's space, and kept within it
        self.single_observation_space = bounded_space(pieces, self._batch.observation_size)
        self._bounded = [(a, b) for name, a, b in pieces if name in ("scores", "level")]
        self.single_action_space = spaces.Discrete(self._batch.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    @property
    def batch(self) -> AllFoursBatch | FourHundredBatch:
        """The batch being played (read it, do not step it)."""
        return self._batch

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids of each lane's current player (num_envs, A) bools."""
        return self._batch.legal_mask()

    def _new_batch(self, seed: int) -> AllFoursBatch | FourHundredBatch:
        return make(
            self._game,
            self.num_envs,
            seed=seed,
            rules=self._rules,
            scores=self._scores,
            shuffle=self._shuffle,
        )

    def _observe(self) -> Obs:
        obs = self._batch.observe()
        for a, b in self._bounded:
            np.clip(obs[:, a:b], -SCORE_BOUND, SCORE_BOUND, out=obs[:, a:b])
        return obs

    def _info(self) -> dict[str, Any]:
        return {
            "current_player": self._batch.current_player,
            "action_mask": self._batch.legal_mask(),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """New games in every lane, from the batch seed ``seed`` (or one drawn)."""
        super().reset(seed=seed)
        self._batch = self._new_batch(
            seed if seed is not None else int(self.np_random.integers(2**63))
        )
        return self._observe(), self._info()

    def step(
        self, actions: Actions
    ) -> tuple[
        Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Each lane's current player takes its action id.

        :raises IllegalActionError: if an action is not legal in its lane (nothing is applied).
        """
        seats = self._batch.current_player
        result = self._batch.step(actions)
        lanes = np.arange(self.num_envs)
        rewards = result.rewards[lanes, seats]
        winner = np.where(result.done, np.where(result.rewards[:, 0] > 0, 0, 1), -1)
        info = self._info()
        info["seat_rewards"] = result.rewards
        info["winner"] = winner
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observe(), rewards, result.done.copy(), truncations, info


class AllFoursVectorEnv(CardrulesVectorEnv):
    """``make_vec("cardrules/AllFours-v0", ...)``: All Fours (keyword arguments as
    :class:`CardrulesVectorEnv`)."""

    #: The game's id.
    GAME: ClassVar[str] = "all_fours"

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        super().__init__(self.GAME, num_envs=num_envs, **kwargs)


class FourHundredVectorEnv(CardrulesVectorEnv):
    """``make_vec("cardrules/FourHundred-v0", ...)``: 400 (keyword arguments as
    :class:`CardrulesVectorEnv`)."""

    #: The game's id.
    GAME: ClassVar[str] = "four_hundred"

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        super().__init__(self.GAME, num_envs=num_envs, **kwargs)


def make_vector(
    game: str, num_envs: int = 1, **kwargs: Any
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """The ``vector_entry_point`` of both ids: the self-play :class:`CardrulesVectorEnv` of
    ``game``, or, given any of :data:`SINGLE_SEAT_OPTIONS`, a ``SyncVectorEnv`` of ``num_envs``
    single-seat environments made with ``kwargs``.

    >>> envs = make_vector("four_hundred", 2, mode="hand")
    >>> type(envs).__name__, envs.single_observation_space.shape
    ('SyncVectorEnv', (597,))
    """
    if SINGLE_SEAT_OPTIONS.isdisjoint(kwargs):
        kwargs.pop("max_episode_steps", None)  # make_vec passes the spec's, if it has one
        wanted = find_game(game)
        self_play = next(
            kind
            for kind in (AllFoursVectorEnv, FourHundredVectorEnv)
            if find_game(kind.GAME) is wanted
        )
        return self_play(num_envs=num_envs, **kwargs)
    from functools import partial

    from cardrules.adapters.gymnasium import CardrulesEnv

    kwargs.pop("max_episode_steps", None)
    return gymnasium.vector.SyncVectorEnv([partial(CardrulesEnv, game, **kwargs)] * num_envs)


def all_fours_vector(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``make_vec("cardrules/AllFours-v0", ...)`` (see :func:`make_vector`)."""
    return make_vector("all_fours", num_envs, **kwargs)


def four_hundred_vector(
    num_envs: int = 1, **kwargs: Any
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``make_vec("cardrules/FourHundred-v0", ...)`` (see :func:`make_vector`)."""
    return make_vector("four_hundred", num_envs, **kwargs)
