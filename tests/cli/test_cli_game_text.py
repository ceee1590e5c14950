"""Each game's words for the command, found through the registry: the built-in games' and what
happens for a game that has none."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from tests import tiny_game

from cardrules import Suit, all_fours, four_hundred
from cardrules.cli import game_choices
from cardrules.cli.all_fours import TEXT as ALL_FOURS_TEXT
from cardrules.cli.events import narrate
from cardrules.cli.four_hundred import TEXT as FOUR_HUNDRED_TEXT
from cardrules.cli.game_text import GameText, format_observation, text_for
from cardrules.cli.messages import describe_error
from cardrules.cli.render import PLAIN
from cardrules.cli.rules import describe_rules
from cardrules.errors import ArgumentError, IllegalActionError, ParseError, Reason
from cardrules.games import GameInfo, UnknownGameError, find_game, register_game, unregister_game

TINY = GameInfo(name="tiny", key="tiny", title="High card", module="tests.tiny_game", seats=(2,))


@pytest.fixture
def tiny() -> Iterator[GameInfo]:
    register_game(TINY)
    try:
        yield TINY
    finally:
        unregister_game("tiny")


def test_each_game_is_told_in_its_own_words() -> None:
    assert text_for("400") is FOUR_HUNDRED_TEXT
    assert text_for(all_fours.new_game(seed=1, dealer=0)) is ALL_FOURS_TEXT
    assert text_for(four_hundred.Bid(4)) is FOUR_HUNDRED_TEXT
    assert FOUR_HUNDRED_TEXT.fixed_trump is Suit.HEARTS
    assert ALL_FOURS_TEXT.fixed_trump is None
    assert ALL_FOURS_TEXT.has_kicks
    assert not FOUR_HUNDRED_TEXT.has_kicks
    assert "claim" in FOUR_HUNDRED_TEXT.moves
    assert "beg" in ALL_FOURS_TEXT.moves


@pytest.mark.rule("FH-4")
def test_the_trumps_that_order_the_cards() -> None:
    fh = four_hundred.new_game(seed=2, dealer=0)
    assert FOUR_HUNDRED_TEXT.trump(fh.observe(1)) is Suit.HEARTS  # 400's view has no trump
    af = all_fours.new_game(seed=2, dealer=0)
    assert ALL_FOURS_TEXT.trump(af.observe(1)) is af.observe(1).trump


def test_the_table_opens_with_the_games_lines() -> None:
    state = four_hundred.new_game(seed=5, dealer=3)
    obs = state.observe(0)
    table = format_observation(obs).splitlines()
    head = FOUR_HUNDRED_TEXT.table_lines(obs, PLAIN)
    assert table[: len(head)] == head
    assert table[0].startswith("deal 1, dealer seat 3; hearts are trumps")
    assert table[-1].startswith("legal: ")


@pytest.mark.rule("FH-18")
def test_a_claim_is_checked_by_the_claim_rule() -> None:
    state = four_hundred.new_game(seed=1, dealer=3)
    seat = state.current_player
    assert seat is not None
    claim = FOUR_HUNDRED_TEXT.parse_move(four_hundred, "claim", seat)
    assert claim == four_hundred.Claim(seat)
    with pytest.raises(IllegalActionError):  # no claim while bidding
        FOUR_HUNDRED_TEXT.check_move(state, claim)
    bid = FOUR_HUNDRED_TEXT.parse_move(four_hundred, state.legal_actions()[0].__str__(), seat)
    FOUR_HUNDRED_TEXT.check_move(state, bid)  # a legal bid passes
    with pytest.raises(ParseError, match="not a move of 400"):
        FOUR_HUNDRED_TEXT.parse_move(four_hundred, "banana", seat)


def test_the_rules_heading_is_the_registrys() -> None:
    for key in ("400", "all-fours"):
        info = find_game(key)
        assert describe_rules(key, info.rules())[0] == f"{info.heading}, preset {info.presets[0]}"
    assert find_game("400").heading == "400 (Four Hundred)"
    assert find_game("400").title == four_hundred.CODEC.title == "400"


def test_the_help_names_the_games_of_the_registry(tiny: GameInfo) -> None:
    assert game_choices() == "400 or all-fours"  # the tiny game gives the command no words
    with_words = attrs.evolve(tiny, cli="cardrules.cli.all_fours:TEXT")
    register_game(with_words, replace=True)
    assert game_choices() == "400, all-fours or tiny"


def test_a_game_without_words_is_refused(tiny: GameInfo) -> None:
    state = tiny_game.new_game(seed=1, dealer=0)
    with pytest.raises(UnknownGameError, match="cli: the game 'tiny' has none"):
        text_for(state)
    with pytest.raises(UnknownGameError, match="cli: the game 'tiny' has none"):
        narrate(state, state.legal_actions()[0], state.apply(state.legal_actions()[0]))
    register_game(attrs.evolve(tiny, cli="tests.tiny_game:Rules"), replace=True)
    with pytest.raises(ArgumentError, match="cli: expected a GameText"):
        text_for("tiny")


def _told(action: object, legal: tuple[object, ...]) -> str:
    cause = IllegalActionError(Reason.NOT_AN_ACTION, seat=0, action=action, legal=legal)
    error = ParseError(f"step 1: {cause}")
    error.__cause__ = cause
    return describe_error(error)


@pytest.mark.rule("FH-4")
def test_a_refused_move_lists_the_legal_moves_trumps_first() -> None:
    plays = tuple(four_hundred.Play(four_hundred.parse_action(c).card) for c in ("2C", "3H"))
    assert _told(plays[0], plays).endswith("legal: 3H 2C")  # hearts are 400's trumps
    stand = all_fours.Stand()
    assert _told(stand, (stand,)).endswith("legal: stand")
    assert "xyzzy is not legal now" in _told("xyzzy", ())  # of no game: no trumps


def test_the_words_are_a_game_text() -> None:
    assert isinstance(FOUR_HUNDRED_TEXT, GameText)
    assert isinstance(ALL_FOURS_TEXT, GameText)
    with pytest.raises(TypeError):
        GameText()  # type: ignore[abstract]


def test_clubs_are_trumps_too() -> None:
    from types import SimpleNamespace

    from cardrules.cli.events import _trump

    before, after = SimpleNamespace(trump=Suit.HEARTS), SimpleNamespace(trump=Suit.CLUBS)
    assert _trump(before, after) is Suit.CLUBS  # clubs are suit 0: not "no trump"
    assert _trump(after, SimpleNamespace(trump=None)) is Suit.CLUBS
