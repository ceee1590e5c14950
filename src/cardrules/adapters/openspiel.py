"""OpenSpiel games for 400 and All Fours (extra ``cardrules[openspiel]``).

Importing this module registers four games with ``pyspiel.register_game``:

===============================  ====================================================
``cardrules_four_hundred``       a whole game of 400, to its winner or the deal cap
``cardrules_four_hundred_hand``  one deal of 400; utility = each team's score change
``cardrules_all_fours``          a whole game of All Fours, to its winner or the cap
``cardrules_all_fours_hand``     one deal of All Fours; utility = each side's change
===============================  ====================================================

Parameters (all optional): ``preset`` (a name of ``Rules.PRESETS``), ``rules`` (a ruleset as
the JSON of ``Rules.to_dict()``; overrides ``preset``), ``dealer`` (the first dealer; ``-1``
draws it at a chance node), ``scores`` (the starting scores, ints separated by spaces), for All
Fours ``players`` (2 or 4; 0, the default, keeps the ruleset's) and, for the whole-game modes,
``max_deals`` (default 100): the game stops as a draw (every return 0) after that many deals
without a winner, so that the maximum game length is finite (neither game has a deal limit of
its own: FH-25).

Chance is explicit, and the engine's (``new_game(..., chance="explicit")``): the first dealer
(when drawn) and every card of every deal are chance outcomes (uniform over the undealt cards,
top of the deck first, dealt face down; each seat sees its cards when the deal is complete), so
``ChanceMode.EXPLICIT_STOCHASTIC`` is true of every mode.  ``max_chance_nodes_in_history()``
counts them (51 a deal, +1 for a drawn dealer), ``max_game_length()`` the decisions and
``max_history_length()`` both.  Decision actions are the game's fixed numbering (``ACTIONS`` /
``action_id``); chance outcomes are card indices (0..51) or seats.  Returns per player are its
team's: +1 / -1 for the winners / losers of a whole game (0 each at the cap), the team's score
change for one deal.  At the end the observations show the finished deal (every card played,
the scores after it).  ``resample_from_infostate`` draws a consistent state with the game's
``determinize``, for OpenSpiel's ``ismcts.ISMCTSBot``.

>>> import pyspiel
>>> import cardrules.adapters.openspiel
>>> game = pyspiel.load_game("cardrules_all_fours_hand", {"dealer": 0})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> [state.action_to_string(a) for a in state.legal_actions()]
['stand', 'beg']
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from cardrules.adapters._games import GAMES, Game, Mode, Table
from cardrules.adapters.encoding import Encoder
from cardrules.errors import RulesError
from cardrules.games import find_game

__all__ = [
    "GAME_NAMES",
    "AllFoursGame",
    "AllFoursHandGame",
    "CardrulesGame",
    "CardrulesState",
    "FourHundredGame",
    "FourHundredHandGame",
    "game_type",
]

#: The default cap on the number of deals of a whole game.
DEFAULT_MAX_DEALS: Final = 100


def game_type(game: Game, mode: Mode) -> Any:
    """The ``pyspiel.GameType`` of ``game`` in ``mode``."""
    params: dict[str, Any] = {
        "preset": game.default_preset,
        "rules": "",
        "dealer": -1,
        "scores": "",
    }
    if mode == "match":
        params["max_deals"] = DEFAULT_MAX_DEALS
    seats = find_game(game.name).seats
    if len(seats) > 1:  # a game with a choice of seats takes it as a parameter
        params["players"] = 0
    suffix = "" if mode == "match" else "_hand"
    players = (min(seats), max(seats))
    return pyspiel.GameType(
        short_name=f"cardrules_{game.name}{suffix}",
        long_name=f"cardrules {game.title}{'' if mode == 'match' else ', one deal'}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if mode == "match"
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs: its base is Any
    """A cardrules game as an OpenSpiel game (see the subclasses)."""

    GAME: Game
    MODE: Mode
    TYPE: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        defaults = dict(self.TYPE.parameter_specification)
        unknown = set(given) - set(defaults)
        if unknown:
            raise RulesError(f"unknown parameters {sorted(unknown)}; expected {sorted(defaults)}")
        values = {**defaults, **given}
        game = self.GAME
        self.rules = game.make_rules(
            str(values["preset"]), str(values["rules"]), int(values.get("players", 0))
        )
        dealer = int(values["dealer"])
        max_deals = int(values.get("max_deals", 1))
        if max_deals < 1:
            raise RulesError(f"max_deals: expected 1 or more, got {max_deals}")
        self.table_args: dict[str, Any] = {
            "mode": self.MODE,
            "max_deals": max_deals,
            "dealer": None if dealer == -1 else dealer,
            "scores": game.parse_scores(self.rules, str(values["scores"])),
        }
        prototype = self._prototype = Table(game, self.rules, **self.table_args)
        players = prototype.players
        if self.MODE == "match":
            low, high, total = -1.0, 1.0, 0.0
        else:
            lo, hi = game.hand_utility_bounds(self.rules, prototype.start_scores)
            low, high, total = float(lo), float(hi), None
        deals = prototype.max_deals
        #: The most chance nodes of a game: the first dealer (when drawn) and 51 cards a deal
        #: (the 52nd has one outcome and goes with the 51st).
        self.max_chance_nodes = (1 if prototype.dealer is None else 0) + 51 * deals
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.module.ACTIONS),
            max_chance_outcomes=52,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=game.max_decisions(self.rules) * deals,
        )
        super().__init__(self.TYPE, info, given)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes in a history: ``max_history_length()`` is this plus
        ``max_game_length()`` (the most decisions)."""
        return self.max_chance_nodes

    def new_table(self) -> Table:
        """A new :class:`~cardrules.adapters._games.Table` with this game's settings."""
        return self._prototype.copy()

    def new_initial_state(self) -> CardrulesState:
        """The start of a game: a chance node (the first dealer or the first card)."""
        return CardrulesState(self, self.new_table())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer of information states (``perfect_recall=True``) or observations."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only the observation types of one player (public and own private information) "
                "are supported"
            )
        return Observer(self.new_table(), perfect_recall)


class CardrulesState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs: its base is Any
    """An OpenSpiel state over a :class:`~cardrules.adapters._games.Table`."""

    def __init__(self, game: CardrulesGame, table: Table) -> None:
        super().__init__(game)
        self._table = table

    @property
    def table(self) -> Table:
        """The table (read it, do not change it)."""
        return self._table

    @property
    def engine_state(self) -> Any:
        """The cardrules state: a chance state while a deal is dealt, ``None`` before the first
        dealer is drawn; at the end, the engine's state after the last move (which may be the
        next deal's chance state: :meth:`observation_string` shows the finished deal)."""
        return self._table.state

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` while dealing, ``PlayerId.TERMINAL`` at the end."""
        table = self._table
        if table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if table.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        player = table.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self._table.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities."""
        return self._table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self._table.is_chance:
            self._table.apply_chance(int(action))
        else:
            self._table.apply_decision(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._table.chance_text(int(action))
        return str(self._table.game.actions[action])

    def is_terminal(self) -> bool:
        """True when the game (or the deal, in the one-deal modes) is over."""
        return self._table.over

    def returns(self) -> list[float]:
        """Each player's return: its team's."""
        return list(self._table.returns)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardrulesState:
        """A state that ``player_id`` cannot tell from this one, drawn by the game's
        ``determinize`` (uniform over the hidden cards) with a generator seeded from
        ``probability_sampler`` (a callable returning floats in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler``).  While a deal is dealt, the cards out so far (face
        down, seen by nobody) are drawn again.  The sample's history is empty: OpenSpiel's
        ISMCTS reads its information states, not its history."""
        table = self._table
        seed = int(probability_sampler() * 2.0**53)
        rng = random.Random(seed)
        if table.over:
            sample = table.copy()
        elif table.is_chance:
            sample = table.copy()
            sample.deck = tuple(rng.sample(range(52), len(table.deck)))
        else:
            observation = table.state.observe(int(player_id))
            state = table.game.module.determinize(observation, rng)
            sample = table.resampled(int(player_id), state)
        return CardrulesState(self.get_game(), sample)

    def __str__(self) -> str:
        return str(self._table)


class Observer:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.encoder = Encoder(table, perfect_recall=perfect_recall)
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state``."""
        self.encoder.encode(state.table, player, self.tensor, self.dict)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """What ``player`` knows in ``state``, as text."""
        if self.perfect_recall:
            return state.table.information_text(player)
        return state.table.observation_text(player)


class FourHundredGame(CardrulesGame):
    """``cardrules_four_hundred``: a whole game of 400."""

    GAME = GAMES["four_hundred"]
    MODE: Mode = "match"
    TYPE = game_type(GAME, "match")


class FourHundredHandGame(CardrulesGame):
    """``cardrules_four_hundred_hand``: one deal of 400."""

    GAME = GAMES["four_hundred"]
    MODE: Mode = "hand"
    TYPE = game_type(GAME, "hand")


class AllFoursGame(CardrulesGame):
    """``cardrules_all_fours``: a whole game of All Fours."""

    GAME = GAMES["all_fours"]
    MODE: Mode = "match"
    TYPE = game_type(GAME, "match")


class AllFoursHandGame(CardrulesGame):
    """``cardrules_all_fours_hand``: one deal of All Fours."""

    GAME = GAMES["all_fours"]
    MODE: Mode = "hand"
    TYPE = game_type(GAME, "hand")


_CLASSES: Final = (FourHundredGame, FourHundredHandGame, AllFoursGame, AllFoursHandGame)

#: The names of the registered games.
GAME_NAMES: Final[tuple[str, ...]] = tuple(cls.TYPE.short_name for cls in _CLASSES)

_registered = {t.short_name for t in pyspiel.registered_games()}
for _cls in _CLASSES:
    if _cls.TYPE.short_name not in _registered:
        pyspiel.register_game(_cls.TYPE, _cls)
