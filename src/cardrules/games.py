"""The game registry: one place that maps a game's name to everything about the game.

Each game is one :class:`GameInfo`: its id (``name``, as records store it), the name the
command, the agents, the batch engine and the web app take (``key``), its aliases, its module,
and from that module its ``new_game``, ``Rules`` and presets, action codec, observation type,
record codec and saved-state codec.  Records, agents, the command, the web app, the adapters and
the batch engine look games up here (:func:`find_game`); nothing else compares game names.

>>> from cardrules.games import find_game, game_names
>>> game_names()
('400', 'all-fours')
>>> game = find_game("All_Fours")
>>> game.name, game.key, game.title, game.presets[0]
('all_fours', 'all-fours', 'All Fours', 'trinidad')
>>> state = game.new_game(seed=7, dealer=0)
>>> find_game(state) is game, find_game(state.rules) is game
(True, True)
>>> find_game("bridge")
Traceback (most recent call last):
...
cardrules.games.UnknownGameError: game: expected one of 400, all-fours (or an alias: ...

A game of your own registers with :func:`register_game` (see "Registering a game" in the
architecture guide); the game's module offers the same names as the built-in games' modules.
Modules are imported on first use, so importing the registry costs nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, Final

import attrs

from cardrules.core.checks import refuse
from cardrules.errors import ArgumentError, describe

__all__ = [
    "GameInfo",
    "UnknownGameError",
    "find_game",
    "game_names",
    "games",
    "register_game",
    "unregister_game",
]


class UnknownGameError(ArgumentError):
    """A game name (or an object of a game) that no registered game answers to; the message
    lists the known names.  An :class:`~cardrules.errors.ArgumentError`, so a ``ParseError``,
    ``RulesError``, ``ValueError`` and ``TypeError`` too."""


def _key(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def _aliases(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class GameInfo:
    """Everything the shared code needs to know of one game.

    :param name: the game's id, as records store it and the module is named
        (``"four_hundred"``).
    :param key: the name the command, the agents, the batch engine and the web app take
        (``"400"``).
    :param title: the name for people (``"400"``), as records and the adapters' short texts
        give it.
    :param long_title: the title with the game's other name or home, for headings (the
        command's ``rules``, the adapters' long names): ``"400 (Four Hundred)"``; by default
        the title.
    :param module: the dotted name of the game's module; it offers ``new_game``, ``Rules`` (with
        ``PRESETS`` and ``preset``), ``State``, ``Observation``, ``ACTIONS``, ``action_id``,
        ``parse_action`` and ``CODEC`` (records); ``load_state``/``save_state`` where saved.
    :param aliases: more names the lookup accepts (case, ``-``, ``_`` and spaces do not matter).
    :param seats: the numbers of seats the game can have, the default first.
    :param side: what the game calls each of its two sides in words (400: ``"team"``).
    :param agents: the dotted name of the module of the game's own agents (``RuleAgent``,
        ``search_agent``), or ``""``.
    :param adapter: ``"module:attribute"`` of the adapters' description of the game (see
        :mod:`cardrules.adapters`), or ``""`` when the adapters do not offer it.
    :param batch: ``"module:attribute"`` of the game's batch engine class, or ``""``.
    :param cli: ``"module:attribute"`` of the command's words for the game (a
        :class:`cardrules.cli.game_text.GameText`: its table, moves, scores and rules in words),
        or ``""`` when the command does not offer it.
    """

    name: str
    key: str
    title: str
    module: str
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_aliases)
    seats: tuple[int, ...] = (4,)
    side: str = "side"
    agents: str = ""
    adapter: str = ""
    batch: str = ""
    cli: str = ""
    long_title: str = ""

    def __attrs_post_init__(self) -> None:
        for field in ("name", "key", "title", "module"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.strip():
                refuse(field, "a non-empty string", value)
        for field in ("long_title", "agents", "adapter", "batch", "cli"):
            if not isinstance(getattr(self, field), str):
                refuse(field, "a string", getattr(self, field))
        if not all(isinstance(alias, str) and alias.strip() for alias in self.aliases):
            refuse("aliases", "non-empty strings", self.aliases)
        if not self.seats or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in self.seats
        ):
            refuse("seats", "a tuple of seat counts above 0", self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the lookup accepts, normalised: the key, the name, then the aliases."""
        return tuple(dict.fromkeys(_key(n) for n in (self.key, self.name, *self.aliases)))

    @property
    def heading(self) -> str:
        """:attr:`long_title`, or :attr:`title` when it has none."""
        return self.long_title or self.title

    def load(self) -> ModuleType:
        """The game's module, imported on first use."""
        return importlib.import_module(self.module)

    @property
    def new_game(self) -> Callable[..., Any]:
        """The module's ``new_game``."""
        new_game: Callable[..., Any] = self.load().new_game
        return new_game

    @property
    def rules_type(self) -> type[Any]:
        """The module's ``Rules`` class."""
        rules: type[Any] = self.load().Rules
        return rules

    @property
    def presets(self) -> tuple[str, ...]:
        """The names ``Rules.preset`` takes, the default ruleset's first."""
        return tuple(self.rules_type.PRESETS)

    def players(self, rules: Any) -> int:
        """The number of seats of a game played by ``rules``: their ``players`` option where the
        game has one (All Fours, AF-1), else the game's only number (:attr:`seats`)."""
        return int(getattr(rules, "players", self.seats[0]))

    def rules(self, preset: str | None = None) -> Any:
        """``Rules.preset(preset)``, or ``Rules()`` for ``None``."""
        return self.rules_type() if preset is None else self.rules_type.preset(preset)

    @property
    def codec(self) -> Any:
        """The record codec (a :class:`~cardrules.core.records.GameCodec`): ``CODEC``."""
        return self.load().CODEC

    @property
    def actions(self) -> tuple[Any, ...]:
        """Every action of the game's fixed numbering (``ACTIONS``): an id is an index."""
        return tuple(self.load().ACTIONS)

    def action_id(self, action: object) -> int:
        """The id of an action in :attr:`actions`."""
        return int(self.load().action_id(action))

    def parse_action(self, text: str) -> Any:
        """The action written as ``text`` (the module's ``parse_action``)."""
        return self.load().parse_action(text)

    @property
    def observation_type(self) -> type[Any]:
        """The type ``state.observe(seat)`` returns."""
        observation: type[Any] = self.load().Observation
        return observation

    def load_attribute(self, field: str) -> Any:
        """The object that ``agents``, ``adapter``, ``batch`` or ``cli`` names
        (``"module:attribute"`` or, for ``agents``, a module).

        :raises UnknownGameError: when the game does not offer it.
        """
        if field not in _ATTRIBUTES:
            refuse("field", "'agents', 'adapter', 'batch' or 'cli'", field)
        target = getattr(self, field)
        if not target:
            raise UnknownGameError(
                f"{field}: the game {self.key!r} has none", name=field, value=self.key
            )
        module, _, attribute = target.partition(":")
        loaded: Any = importlib.import_module(module)
        for part in attribute.split(".") if attribute else ():
            loaded = getattr(loaded, part)
        return loaded

    def owns(self, value: object) -> bool:
        """True when ``value`` (a state, rules, observation or action) is of this game's module
        or one of its submodules."""
        module = type(value).__module__
        return module == self.module or module.startswith(self.module + ".")


#: The fields that :meth:`GameInfo.load_attribute` loads.
_ATTRIBUTES: Final = ("agents", "adapter", "batch", "cli")

_GAMES: dict[str, GameInfo] = {}


def register_game(game: GameInfo, *, replace: bool = False) -> GameInfo:
    """Make ``game`` known by its key, name and aliases, and return it.

    :raises ArgumentError: for a value that is not a :class:`GameInfo`, or a name another game
        already answers to (unless ``replace`` is true and it is the same key).
    """
    if not isinstance(game, GameInfo):
        refuse("game", "a GameInfo", game)
    taken = {name: other for other in _GAMES.values() for name in other.names}
    for name in game.names:
        other = taken.get(name)
        if other is not None and not (replace and other.key == game.key):
            raise ArgumentError(
                f"game: the name {name!r} is taken by {other.key!r}", name="game", value=game
            )
    _GAMES[game.key] = game
    return game


def unregister_game(key: str) -> GameInfo:
    """Forget the game registered under ``key`` (its :attr:`GameInfo.key`) and return it.

    :raises UnknownGameError: for a key no game has.
    """
    game = find_game(key)
    if game.key != key:
        raise UnknownGameError(
            f"game: {describe(key)} is an alias of {game.key!r}, not a key", name="game", value=key
        )
    return _GAMES.pop(key)


def games() -> tuple[GameInfo, ...]:
    """Every registered game, in the order of registration."""
    return tuple(_GAMES.values())


def game_names() -> tuple[str, ...]:
    """The keys of the registered games (``"400"``, ``"all-fours"`` and any of your own)."""
    return tuple(_GAMES)


def find_game(game: object) -> GameInfo:
    """The game named ``game`` (its key, id or an alias, in any case, ``-`` or ``_``), or the
    game a state, ``Rules``, observation or action belongs to; a :class:`GameInfo` is itself.

    :raises UnknownGameError: for a name or object no registered game answers to; the message
        lists the known names.
    """
    if isinstance(game, GameInfo):
        return game
    if isinstance(game, str):
        wanted = _key(game)
        for info in _GAMES.values():
            if wanted in info.names:
                return info
        aliases = ", ".join(n for info in _GAMES.values() for n in info.names[1:])
        raise UnknownGameError(
            f"game: expected one of {', '.join(_GAMES)} (or an alias: {aliases}), "
            f"got {describe(game)}",
            name="game",
            value=game,
        )
    for info in _GAMES.values():
        if info.owns(game):
            return info
    raise UnknownGameError(
        f"game: {type(game).__qualname__} belongs to no registered game "
        f"(known: {', '.join(_GAMES)}); register yours with register_game",
        name="game",
        value=game,
    )


register_game(
    GameInfo(
        name="four_hundred",
        key="400",
        title="400",
        long_title="400 (Four Hundred)",
        module="cardrules.four_hundred",
        aliases=("four-hundred", "fourhundred"),
        seats=(4,),
        side="team",
        agents="cardrules.agents.four_hundred",
        adapter="cardrules.adapters._games:FourHundred",
        batch="cardrules.batch.four_hundred:FourHundredBatch",
        cli="cardrules.cli.four_hundred:TEXT",
    )
)
register_game(
    GameInfo(
        name="all_fours",
        key="all-fours",
        title="All Fours",
        long_title="All Fours (Trinidad)",
        module="cardrules.all_fours",
        aliases=("allfours",),
        seats=(4, 2),
        agents="cardrules.agents.all_fours",
        adapter="cardrules.adapters._games:AllFours",
        batch="cardrules.batch.all_fours:AllFoursBatch",
        cli="cardrules.cli.all_fours:TEXT",
    )
)
