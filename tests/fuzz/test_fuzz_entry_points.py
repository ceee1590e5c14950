"""Wrong-typed and out-of-range arguments for every public entry point of ``cardrules``,
``cardrules.four_hundred``, ``cardrules.all_fours`` and ``cardrules.records`` (found through
``__all__``), the agents' registry and ``act``, and the methods of states and rules: a call
returns or raises a ``CardrulesError``; never another exception, never a hang, never a changed
registry; and a valid call made after it (the same entry point's where one is listed, and a
fixed set of calls of both games) gives what it gave before."""

from __future__ import annotations

import enum
import inspect
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
import cardrules.agents.registry
import cardrules.records
from cardrules import all_fours, four_hundred
from cardrules.errors import CardrulesError, describe
from tests.fuzz.corpus import states
from tests.fuzz.limits import time_bound
from tests.fuzz.values import values

FUZZ = settings.get_profile("fuzz")
MODULES = (cardrules, four_hundred, all_fours, cardrules.records)
#: Entry points outside those modules' ``__all__``: the agents' registry.
EXTRA = {
    "cardrules.agents.make_agent": cardrules.agents.registry.make_agent,
    "cardrules.agents.registry.load_agent": cardrules.agents.registry.load_agent,
    "cardrules.agents.registry.game_name": cardrules.agents.registry.game_name,
}

#: Not entry points that take outside input: exceptions, enums (``Suit("X")`` is Python's own
#: lookup by value; ``Suit.parse`` is the entry point for text), protocols and type aliases.
_NOT_ENTRY_POINTS = {"GameObservation", "GameState", "errors"}
#: Entry points whose valid arguments may run long on purpose (a perft of depth 9 counts
#: billions of nodes): a depth that is accepted is cut to 2.
_SEARCHES = {"perft"}


def _entry_points() -> list[tuple[str, Callable[..., Any]]]:
    found: dict[str, Callable[..., Any]] = {}
    for module in MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if (
                name in _NOT_ENTRY_POINTS
                or isinstance(value, types.ModuleType | types.UnionType)
                or getattr(value, "__module__", None) in ("builtins", "typing")
            ):
                continue  # a module, a type alias (Seat = int) or a union of actions
            if inspect.isclass(value):
                if issubclass(value, BaseException | enum.Enum):
                    for method in ("parse", "from_letter"):
                        if hasattr(value, method):
                            found[f"{module.__name__}.{name}.{method}"] = getattr(value, method)
                    continue
                for method in ("parse", "from_dict", "preset", "from_json", "of"):
                    attribute = inspect.getattr_static(value, method, None)
                    if isinstance(attribute, classmethod | staticmethod):
                        found[f"{module.__name__}.{name}.{method}"] = getattr(value, method)
            if callable(value):
                found[f"{module.__name__}.{name}"] = value
    found.update(EXTRA)
    return sorted(found.items())


ENTRY_POINTS = _entry_points()


def _arity(function: Callable[..., Any]) -> tuple[int, int, list[str], list[str]]:
    """(required positional, most positional, keyword-only names, required ones) of
    ``function`` (a call without a required argument is a programming error, not input)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return 0, 3, [], []
    required = most = 0
    keywords = []
    needed = []
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            most += 1
            required += parameter.default is parameter.empty
        elif parameter.kind is parameter.VAR_POSITIONAL:
            most += 3
        elif parameter.kind is parameter.KEYWORD_ONLY:
            keywords.append(parameter.name)
            if parameter.default is parameter.empty:
                needed.append(parameter.name)
    return required, most, keywords, needed


#: A valid call of some entry points, made after each wrong one: it must give what it gave first.
VALID: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "cardrules.Card.parse": (("QH",), {}),
    "cardrules.parse_cards": (("AS KS TH",), {}),
    "cardrules.shuffled_deck": ((7, "deal", 1), {}),
    "cardrules.derive_seed": ((7, "deal"), {}),
    "cardrules.four_hundred.new_game": ((), {"seed": 7, "dealer": 0}),
    "cardrules.all_fours.new_game": ((), {"seed": 7, "dealer": 0}),
    "cardrules.four_hundred.parse_action": (("QH",), {}),
    "cardrules.all_fours.parse_action": (("beg",), {}),
    "cardrules.four_hundred.Rules.preset": (("standard",), {}),
    "cardrules.all_fours.Rules.preset": (("tobago",), {}),
    "cardrules.four_hundred.bid_value": ((6, 29), {}),
    "cardrules.four_hundred.score_hand": (((38, 20, 5, 15), (3, 3, 3, 3), (3, 4, 3, 3)), {}),
    "cardrules.all_fours.card_points": ((cardrules.parse_cards("AH TS 2C KD"),), {}),
    "cardrules.all_fours.legal_play_mask": ((7, [20, 33], 2), {}),
    "cardrules.agents.make_agent": (("400", "rule"), {}),
}
_FIRST: dict[str, Any] = {}


def _canary() -> tuple[Any, ...]:
    """Calls of both games and the core that every wrong call must leave as they were."""
    fh = four_hundred.new_game(seed=11, dealer=2)
    af = all_fours.new_game(seed=11, dealer=2)
    return (
        fh.legal_actions(),
        fh.apply(fh.legal_actions()[0]).bids,
        af.legal_actions(),
        cardrules.shuffled_deck(11, "deal", 3),
        cardrules.derive_seed(11, "x", 2),
        cardrules.Card.parse("10H"),
    )


CANARY = _canary()


def _valid_after(name: str) -> None:
    if name in VALID:
        args, kwargs = VALID[name]
        function = dict(ENTRY_POINTS)[name]
        result = function(*args, **kwargs)
        result = getattr(result, "name", result)  # an agent: compare what it is
        assert _FIRST.setdefault(name, result) == result, name
    assert _canary() == CANARY, f"a wrong call of {name} changed a later valid call"


def _call(name: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    try:
        _call_once(name, function, *args, **kwargs)
    finally:
        _valid_after(name)


def _call_once(name: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    with time_bound(name):
        try:
            result = function(*args, **kwargs)
            if inspect.isgenerator(result) or name.endswith("replay"):
                for _ in zip(result, range(10_000), strict=False):
                    pass
        except CardrulesError:
            pass
        except Exception as error:
            shown = ", ".join(
                [*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())]
            )
            raise AssertionError(
                f"{name}({shown}) raised {type(error).__name__}: {error}"
            ) from error


def _short(value: Any) -> str:
    return describe(value)[:80]


def test_the_fuzzer_finds_the_entry_points() -> None:
    names = {name for name, _ in ENTRY_POINTS}
    for expected in (
        "cardrules.Card",
        "cardrules.Card.parse",
        "cardrules.parse_cards",
        "cardrules.four_hundred.new_game",
        "cardrules.four_hundred.Rules",
        "cardrules.four_hundred.Rules.from_dict",
        "cardrules.all_fours.Rules.from_dict",
        "cardrules.all_fours.load_state",
        "cardrules.records.from_json",
        "cardrules.Suit.parse",
        "cardrules.agents.make_agent",
        "cardrules.all_fours.legal_play_mask",
    ):
        assert expected in names
    assert set(VALID) <= names
    assert len(names) > 80


@pytest.mark.parametrize(("name", "function"), ENTRY_POINTS, ids=[n for n, _ in ENTRY_POINTS])
@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 5))
@given(data=st.data())
def test_wrong_arguments(name: str, function: Callable[..., Any], data: st.DataObject) -> None:
    required, most, keywords, needed = _arity(function)
    count = data.draw(st.integers(required, max(required, most)), label="count")
    args = [data.draw(values, label=f"arg{i}") for i in range(count)]
    keywords = [key for key in keywords if key not in needed]
    chosen = (
        data.draw(st.lists(st.sampled_from(keywords), unique=True), label="keywords")
        if keywords
        else []
    )
    kwargs = {key: data.draw(values, label=key) for key in [*needed, *chosen]}
    if name.rsplit(".", 1)[-1] in _SEARCHES and len(args) > 1 and type(args[1]) is int:
        args[1] = args[1] if args[1] < 0 or args[1] > 10**6 else min(args[1], 2)
    registry = dict(cardrules.records._CODECS)
    _call(name, function, *args, **kwargs)
    after = cardrules.records._CODECS
    if not name.endswith("register_codec"):
        # the built-in games are loaded on first use; nothing else comes or goes
        assert registry.items() <= after.items(), (registry, after)
        assert set(after) - set(registry) <= set(cardrules.records._MODULES)


_STATE_METHODS = ("apply", "claim", "hand", "observe", "with_hidden_cards", "expose", "call")


@pytest.mark.parametrize("method", _STATE_METHODS)
@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 3))
@given(data=st.data())
def test_state_methods(method: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(states()), label="state")
    function = getattr(state, method, None)
    if function is None:
        return
    required, most, keywords, _ = _arity(function)
    count = data.draw(st.integers(required, max(required, most)), label="count")
    args = [
        data.draw(st.one_of(values, st.sampled_from(state.legal_actions() or (None,))))
        for _ in range(count)
    ]
    kwargs = {}
    if keywords and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(keywords))
        kwargs[key] = data.draw(values)
    before = (state, hash(state), repr(state))
    _call(f"State.{method}", function, *args, **kwargs)
    assert (state, hash(state), repr(state)) == before


@settings(FUZZ)
@given(st.sampled_from([four_hundred.Rules, all_fours.Rules]), st.data())
def test_rules_options(kind: Any, data: st.DataObject) -> None:
    """``Rules(**options)`` and ``Rules.from_dict`` with wrong values for some options."""
    good = kind().to_dict()
    names = data.draw(st.lists(st.sampled_from(sorted(good)), min_size=1, max_size=3, unique=True))
    changed = {name: data.draw(values, label=name) for name in names}
    _call(f"{kind.__module__}.Rules", kind, **changed)
    _call(f"{kind.__module__}.Rules.from_dict", kind.from_dict, {**good, **changed})


def _agents() -> list[tuple[str, Any]]:
    from cardrules.agents.registry import make_agent

    return [
        (f"{game}:{spec}", make_agent(game, spec))
        for game in ("400", "all-fours")
        for spec in ("random", "rule", "search:3")
    ]


AGENTS = _agents()


@pytest.mark.parametrize(("label", "agent"), AGENTS, ids=[label for label, _ in AGENTS])
@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 5))
@given(data=st.data())
def test_agents_act_on_wrong_observations(label: str, agent: Any, data: st.DataObject) -> None:
    """``agent.act(observation, rng)`` with any value, an observation of the other game or of a
    seat that is not to act, and any rng: a legal action of the observation, or an
    ArgumentError; then a valid call still plays."""
    import random

    state = data.draw(st.sampled_from(states()), label="state")
    seats = range(2 if getattr(state, "players", 4) == 2 else 4)
    observation = data.draw(
        st.one_of(values, st.sampled_from([state.observe(seat) for seat in seats])),
        label="observation",
    )
    rng = data.draw(st.one_of(values, st.just(random.Random(1))), label="rng")
    with time_bound(label):
        try:
            action = agent.act(observation, rng)
        except CardrulesError:
            pass
        except Exception as error:
            raise AssertionError(
                f"{label}.act({_short(observation)}, {_short(rng)}) raised "
                f"{type(error).__name__}: {error}"
            ) from error
        else:
            assert action in observation.legal_actions
    module = four_hundred if label.startswith("400") else all_fours
    good = module.new_game(seed=3, dealer=0)
    seat = good.current_player
    assert agent.act(good.observe(seat), random.Random(3)) in good.legal_actions()
