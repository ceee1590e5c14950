"""One validation layer (core.checks): every public All Fours entry point that takes a seat, a
dealer, a seed, scores or hands refuses a bad one with ``ArgumentError`` (both a ``ParseError``
and a ``RulesError``, as in 400), naming the argument."""

from __future__ import annotations

import pytest

from cardrules.all_fours import Rules, Stand, new_game
from cardrules.errors import ArgumentError, ParseError, RulesError


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"dealer": 4}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"dealer": 1.0}, "dealer"),
        ({"scores": (1,)}, "scores"),
        ({"scores": (14, 0)}, "scores"),
        ({"scores": (True, 0)}, "scores"),
        ({"scores": "12"}, "scores"),
    ],
)
def test_new_game_arguments_raise_argument_error(kwargs: dict[str, object], name: str) -> None:
    with pytest.raises(ArgumentError, match=name) as err:
        new_game(**kwargs)  # type: ignore[arg-type]
    assert isinstance(err.value, ParseError)
    assert isinstance(err.value, RulesError)
    assert err.value.name == name


def test_rules_argument() -> None:
    with pytest.raises(ArgumentError, match="Rules"):
        new_game({"players": 4})  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1, True, 1.0, "1", None])
def test_seat_arguments(seat: object) -> None:
    state = new_game(seed=3, dealer=0)
    with pytest.raises(ArgumentError, match="seat"):
        state.hand(seat)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seat"):
        state.observe(seat)  # type: ignore[arg-type]
    exposed = new_game(Rules(exposed_cards=True), seed=3, dealer=0).apply(Stand())
    with pytest.raises(ArgumentError, match="seat"):
        exposed.expose(seat, exposed.hands[2][0])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seat"):
        exposed.call(seat, exposed.hands[2][0])  # type: ignore[arg-type]


def test_two_player_seats() -> None:
    state = new_game(Rules(players=2), seed=3, dealer=0)
    with pytest.raises(ArgumentError, match="0 or 1"):
        state.hand(2)
    with pytest.raises(ArgumentError, match="dealer"):
        new_game(Rules(players=2), dealer=2)


def test_with_hidden_cards_arguments() -> None:
    state = new_game(seed=3, dealer=0).apply(Stand())
    hands = state.hands
    with pytest.raises(ArgumentError, match="hands"):
        state.with_hidden_cards(hands[:3], state.stock)
    with pytest.raises(ArgumentError, match="more than one seat"):
        state.with_hidden_cards((hands[0], hands[0], hands[2], hands[3]), state.stock)
    with pytest.raises(ArgumentError, match="stock"):
        state.with_hidden_cards(hands, state.stock[1:])


def test_helpers_check_their_dealer() -> None:
    from cardrules import CardSet
    from cardrules.all_fours import deal_layout, deck_for, hand_awards
    from cardrules.all_fours.dealing import deal_places, run_packets

    for bad in (4, True, 1.0, "0"):
        with pytest.raises(ArgumentError, match="dealer"):
            deal_layout(Rules(), bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="dealer"):
            deal_places(4, 3, bad, 0)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="dealer"):
            run_packets(new_game(seed=1).stock, bad, 4)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="dealer"):
            hand_awards(0, [CardSet()] * 4, [CardSet()] * 2, dealer=bad)  # type: ignore[arg-type]
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S"]
    with pytest.raises(ArgumentError, match="dealer"):
        deck_for(hands, "6H", dealer=4)
    with pytest.raises(ArgumentError, match="hands"):
        deck_for(hands[:3], "6H")
    with pytest.raises(ArgumentError, match="must hold 6"):
        deck_for([*hands[:3], "JH 3H AS KC 9D"], "6H")
    with pytest.raises(ArgumentError, match="runs"):
        deal_places(4, 3, 0, 9)
