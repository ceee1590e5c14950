"""The game registry: lookups, registration, and a third game that the shared code plays
without knowing it (tests/tiny_game.py, registered through the public API only)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import GameObservation, GameState, all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.core.protocol import GameView
from cardrules.errors import ArgumentError, ParseError, RulesError
from cardrules.games import (
    GameInfo,
    UnknownGameError,
    find_game,
    game_names,
    games,
    register_game,
    unregister_game,
)
from cardrules.records import (
    codec_for,
    final_state,
    from_json,
    from_text,
    recorder,
    replay,
    to_json,
    to_text,
)
from cardrules.runner import game_module, play, tournament
from tests import tiny_game

TINY = GameInfo(
    name="tiny",
    key="tiny",
    title="High card",
    module="tests.tiny_game",
    aliases=("high-card",),
    seats=(2,),
)


@pytest.fixture
def tiny() -> Iterator[GameInfo]:
    register_game(TINY)
    try:
        yield TINY
    finally:
        unregister_game("tiny")


def test_the_built_in_games() -> None:
    assert game_names() == ("400", "all-fours")
    fh, af = games()
    assert (fh.name, fh.key, fh.load()) == ("four_hundred", "400", four_hundred)
    assert (af.name, af.key, af.load()) == ("all_fours", "all-fours", all_fours)
    assert af.seats == (4, 2)
    assert fh.seats == (4,)
    assert fh.players(four_hundred.Rules()) == 4
    assert af.players(all_fours.Rules(players=2)) == 2
    assert TINY.players(tiny_game.Rules()) == 2  # no players option: the game's only number
    assert fh.rules_type is four_hundred.Rules
    assert fh.new_game is four_hundred.new_game
    assert fh.presets == four_hundred.Rules.PRESETS
    assert fh.rules("jawaker") == (four_hundred.Rules.preset("jawaker"))
    assert af.rules() == all_fours.Rules()
    assert af.codec is all_fours.CODEC
    assert af.actions == all_fours.ACTIONS
    assert fh.observation_type is four_hundred.Observation
    stand = all_fours.Stand()
    assert af.action_id(stand) == all_fours.action_id(stand)
    assert fh.parse_action("QH") == four_hundred.parse_action("QH")
    assert fh.load_attribute("agents").RuleAgent().name == "rule"
    assert fh.load_attribute("adapter")().name == "four_hundred"


def test_the_built_in_games_batch_engines() -> None:
    pytest.importorskip("numba")  # the batch engine is the compiled tier (cardrules[batch])
    assert find_game("all-fours").load_attribute("batch").__name__ == "AllFoursBatch"
    assert find_game("400").load_attribute("batch").__name__ == "FourHundredBatch"


@pytest.mark.parametrize(
    "name", ["400", "four_hundred", "Four-Hundred", " fourhundred ", "FOUR HUNDRED"]
)
def test_every_spelling_of_a_name(name: str) -> None:
    assert find_game(name).key == "400"


def test_lookup_by_object() -> None:
    state = all_fours.new_game(seed=3, dealer=0)
    for value in (state, state.rules, state.observe(0), all_fours.Stand()):
        assert find_game(value).key == "all-fours"
    fh = four_hundred.new_game(seed=3, dealer=0)
    assert find_game(fh.observe(1)).key == "400"
    assert find_game(TINY) is TINY


def test_an_unknown_game_lists_the_known_names() -> None:
    with pytest.raises(UnknownGameError, match=r"expected one of 400, all-fours .*got 'bridge'"):
        find_game("bridge")
    with pytest.raises(UnknownGameError, match="int belongs to no registered game"):
        find_game(7)
    error = UnknownGameError("x", name="game", value="x")
    assert isinstance(error, ArgumentError | ParseError | RulesError | ValueError | TypeError)


def test_registration_is_checked() -> None:
    with pytest.raises(ArgumentError, match="game: expected a GameInfo"):
        register_game("tiny")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="the name 'all_fours' is taken by 'all-fours'"):
        register_game(GameInfo(name="all_fours", key="af2", title="t", module="m"))
    with pytest.raises(ArgumentError, match="key: expected a non-empty string"):
        GameInfo(name="x", key=" ", title="t", module="m")
    with pytest.raises(ArgumentError, match="seats: expected a tuple of seat counts"):
        GameInfo(name="x", key="x", title="t", module="m", seats=(0,))
    with pytest.raises(UnknownGameError, match="an alias of 'all-fours', not a key"):
        unregister_game("allfours")
    with pytest.raises(UnknownGameError, match="adapter: the game 'tiny' has none"):
        TINY.load_attribute("adapter")
    with pytest.raises(
        ArgumentError, match="field: expected 'agents', 'adapter', 'batch' or 'cli'"
    ):
        TINY.load_attribute("module")
    assert game_names() == ("400", "all-fours")


def test_a_registered_game_is_found_and_forgotten(tiny: GameInfo) -> None:
    assert game_names() == ("400", "all-fours", "tiny")
    assert find_game("High_Card") is tiny
    assert find_game(tiny_game.Rules()) is tiny
    assert register_game(tiny, replace=True) is tiny
    with pytest.raises(ArgumentError, match="taken"):
        register_game(tiny)


def test_a_third_game_plays_through_the_runner(tiny: GameInfo) -> None:
    assert game_module(tiny_game.Rules()) is tiny_game
    result = play(tiny_game.Rules(), [RandomAgent(), RandomAgent()], seed=5, record=True)
    assert result.winner in (0, 1)
    assert max(result.scores) == 2
    assert result.record is not None
    assert result.record.game == "tiny"
    again = play(tiny_game.Rules(), [RandomAgent(), RandomAgent()], seed=5)
    assert again == result
    table = tournament(
        tiny_game.Rules.preset("long"), RandomAgent(), RandomAgent(), games=4, processes=1
    )
    assert len(table.games) == 4
    assert sum(s.wins for s in table.summaries) <= 4


def test_a_third_game_through_records(tiny: GameInfo) -> None:
    state = tiny_game.new_game(seed=11, dealer=1)
    assert codec_for(state) is tiny_game.CODEC is codec_for("tiny")
    keeper = recorder(state)
    while not keeper.state.is_terminal:
        keeper.apply(keeper.state.legal_actions()[-1])
    record = keeper.record()
    assert len(record.deals) == len(keeper.state.history) >= 2
    for copy in (from_json(to_json(record)), from_text(to_text(record))):
        assert copy == record
        assert final_state(copy) == keeper.state
    steps = list(replay(record))
    assert len(steps) == sum(len(deal.steps) for deal in record.deals)


def test_records_forget_an_unregistered_game() -> None:
    state = tiny_game.new_game(seed=11, dealer=1)
    with pytest.raises(ParseError, match="no record codec knows states of type State"):
        codec_for(state)
    with pytest.raises(ParseError, match="unknown game 'tiny': known games are all_fours"):
        codec_for("tiny")


def test_every_game_meets_the_protocols(tiny: GameInfo) -> None:
    for game in games():
        state = game.new_game(seed=2, dealer=0)
        assert isinstance(state, GameState), game.key
        assert isinstance(state.observe(0), GameObservation), game.key
        assert isinstance(state.observe(0), GameView), game.key
        assert not isinstance(state.observe(0), GameState), game.key  # no moves, no hidden cards
        assert state.deal_number == 0
        assert state.dealer == 0
        assert len(state.deck) == 52
        assert state.history == ()
        assert game.owns(state.rules)
    assert not isinstance(object(), GameState | GameObservation)


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's api_test on a Dict space
def test_a_third_game_through_the_pettingzoo_adapter() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from pettingzoo.test import api_test, seed_test
    from pettingzoo.utils import wrappers

    from cardrules.adapters._games import adapter_for
    from cardrules.adapters.encoding import Encoder
    from cardrules.adapters.pettingzoo import CardrulesEnv

    with_adapter = attrs.evolve(TINY, adapter="tests.tiny_adapter:Adapter")
    register_game(with_adapter)
    try:
        assert adapter_for("high-card").title == "High card"

        def make(**kwargs: Any) -> Any:
            return wrappers.OrderEnforcingWrapper(CardrulesEnv("tiny", **kwargs))

        api_test(make(), num_cycles=50, verbose_progress=False)
        seed_test(make, num_cycles=50)
        env = make(perfect_recall=True)
        env.reset(seed=4)
        raw = env.unwrapped
        assert raw.metadata["name"] == "cardrules_tiny_v0"
        assert raw.possible_agents == ["player_0", "player_1"]
        encoder = Encoder(raw.table, perfect_recall=True)
        assert [name for name, _ in encoder.pieces()][-4:] == [
            "scores",
            "phase",
            "seen",
            "trick_of",
        ]
        totals = dict.fromkeys(raw.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            seat = raw.possible_agents.index(agent)
            seen = raw.table.observation(seat)
            views = encoder.views(obs["observation"])
            assert {int(i) for i in np.flatnonzero(views["hand"])} == {c.index for c in seen.hand}
            assert [int(i) for i in np.flatnonzero(obs["action_mask"])] == sorted(
                card.index for card in seen.legal_actions
            )
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        winner = raw.table.winner
        assert winner in (0, 1)
        assert totals == {f"player_{winner}": 1.0, f"player_{1 - winner}": -1.0}
        assert max(raw.table.scores) == tiny_game.Rules().target
    finally:
        unregister_game("tiny")


@pytest.mark.rule("FH-8")
@pytest.mark.rule("AF-8")
@pytest.mark.parametrize("module", [four_hundred, all_fours], ids=["400", "all-fours"])
def test_next_dealer_is_one_name_in_both_games(module: Any) -> None:
    state = module.new_game(seed=12, dealer=2)
    while len(state.history) < 6 and not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    results = state.history
    # the dealer of each deal after the first; a finished game deals no next one
    followers = [r.dealer for r in results[1:]] + ([] if state.is_terminal else [state.dealer])
    players = len(state.scores) if module is four_hundred else state.rules.players
    assert len(followers) >= 4
    assert [module.next_dealer(r, players) for r in results[: len(followers)]] == followers


@pytest.mark.rule("FH-8")
def test_400_next_dealer_passes_after_every_hand() -> None:
    state = four_hundred.new_game(seed=3, dealer=1)
    while len(state.history) < 4:
        state = state.apply(state.legal_actions()[0])  # the lowest bids: thrown in (FH-14)
    assert {r.ending for r in state.history} == {four_hundred.HandEnd.THROWN_IN}
    assert [four_hundred.next_dealer(r) for r in state.history] == [2, 3, 0, 1]
    with pytest.raises(ArgumentError, match="players: expected 4"):
        four_hundred.next_dealer(state.history[0], 2)
    with pytest.raises(ArgumentError, match=r"result: expected a four_hundred\.HandResult"):
        four_hundred.next_dealer(all_fours.new_game(seed=1).history, 4)


@pytest.mark.parametrize("module", [four_hundred, all_fours], ids=["400", "all-fours"])
def test_a_recorder_stops_where_explicit_chance_begins(module: Any) -> None:
    from cardrules import STANDARD_DECK

    state = module.new_game(seed=1, dealer=0, deck=STANDARD_DECK, chance="explicit")
    keeper = recorder(state)  # the first deal is given: it has a record
    while True:
        before = keeper.state
        action = before.legal_actions()[0]
        if before.apply(action).is_chance:
            break
        keeper.apply(action)
    with pytest.raises(ArgumentError, match="only a seeded game has a record"):
        keeper.apply(action)  # the next deal has no seed to be checked against
    assert keeper.state is before
    record = keeper.record()
    assert len(record.deals) == 1
    again = final_state(record)  # replayed as a seeded game from the given deck
    assert (again.hands, again.scores, again.current_player) == (
        before.hands,
        before.scores,
        before.current_player,
    )
