"""Every public core helper refuses a bad argument with a CardrulesError naming it: never a
built-in error, never a hang (issue: hardening)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    STANDARD_DECK,
    Card,
    CardSet,
    Rank,
    SeededRng,
    Suit,
    Trick,
    deal_packets,
    derive_seed,
    draw_for_dealer,
    follow_or_trump,
    mask_of,
    must_follow,
    next_seat,
    parse_cards,
    parse_deck,
    partner,
    shuffled_deck,
    team_of,
    team_seats,
    trick_winner,
    winning_position,
)
from cardrules.errors import ArgumentError, CardrulesError, describe

CALLS: dict[str, Callable[[Any], object]] = {
    "Card.parse": Card.parse,
    "Card(rank)": lambda a: Card(a, Suit.HEARTS),
    "Card(suit)": lambda a: Card(Rank.ACE, a),
    "Card.from_index": Card.from_index,
    "parse_cards": parse_cards,
    "CardSet": CardSet,
    "CardSet.parse": CardSet.parse,
    "CardSet.from_mask": CardSet.from_mask,
    "mask_of": mask_of,
    "Trick(leader)": lambda a: Trick(a, ()),
    "Trick(cards)": lambda a: Trick(0, a),
    "Trick(players)": lambda a: Trick(0, (), a),
    "trick_winner(cards)": lambda a: trick_winner(a, 0, Suit.HEARTS),
    "trick_winner(leader)": lambda a: trick_winner(parse_cards("AS KS"), a, Suit.HEARTS),
    "trick_winner(trump)": lambda a: trick_winner(parse_cards("AS KS"), 0, a),
    "trick_winner(players)": lambda a: trick_winner(parse_cards("AS KS"), 0, None, a),
    "winning_position": lambda a: winning_position(a, None),
    "shuffled_deck(seed)": shuffled_deck,
    "shuffled_deck(label)": lambda a: shuffled_deck(1, a),
    "derive_seed": derive_seed,
    "SeededRng": SeededRng,
    "SeededRng.below": lambda a: SeededRng(1).below(a),
    "SeededRng.choice": lambda a: SeededRng(1).choice(a),
    "draw_for_dealer(players)": lambda a: draw_for_dealer(1, a),
    "draw_for_dealer(seed)": lambda a: draw_for_dealer(a, 4),
    "parse_deck": parse_deck,
    "deal_packets(first)": lambda a: deal_packets(STANDARD_DECK, first=a, players=4, packets=(13,)),
    "deal_packets(players)": lambda a: deal_packets(
        STANDARD_DECK, first=0, players=a, packets=(13,)
    ),
    "deal_packets(packets)": lambda a: deal_packets(STANDARD_DECK, first=0, players=4, packets=a),
    "next_seat": next_seat,
    "partner": partner,
    "team_of": team_of,
    "team_seats": team_seats,
    "must_follow(hand)": lambda a: must_follow(a, Suit.HEARTS),
    "must_follow(lead)": lambda a: must_follow(CardSet.parse("AS"), a),
    "follow_or_trump(hand)": lambda a: follow_or_trump(a, Suit.HEARTS, Suit.CLUBS),
    "follow_or_trump(trump)": lambda a: follow_or_trump(CardSet.parse("AS"), Suit.HEARTS, a),
}

BAD = [None, True, 1.5, -1, 5, 10**30, 10**5000, "x", "", b"QH", [1], ("AS",), object(), 52]

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.lists(st.integers(-3, 60), max_size=5),
    st.lists(st.sampled_from(["AS", "2C", "QH", "zz"]), max_size=5),
    st.sampled_from([Suit.HEARTS, Rank.ACE, Card.parse("AS"), CardSet.parse("AS")]),
)


def _leak(name: str, value: Any) -> str | None:
    """The built-in error (if any) that a call lets out; CardrulesErrors are the right answer."""
    try:
        CALLS[name](value)
    except CardrulesError:
        return None
    except Exception as error:
        return f"{name}({describe(value):.40}) raised {type(error).__name__}: {error}"
    return None


@pytest.mark.parametrize("name", sorted(CALLS))
def test_known_bad_arguments_raise_cardrules_errors(name: str) -> None:
    leaks = [leak for value in BAD if (leak := _leak(name, value))]
    assert leaks == []
    refused = 0
    for value in BAD:
        try:
            CALLS[name](value)
        except CardrulesError:
            refused += 1
    assert refused >= len(BAD) // 2, f"{name} accepts most bad values"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(CALLS)), anything)
def test_any_argument_is_accepted_or_refused_with_a_cardrules_error(name: str, value: Any) -> None:
    assert _leak(name, value) is None


def test_the_refusals_name_the_argument() -> None:
    with pytest.raises(ArgumentError, match="leader: expected a seat 0, 1, 2 or 3, got 4"):
        trick_winner(parse_cards("AS KS"), 4, None)
    with pytest.raises(ArgumentError, match="trump: expected a Suit or None, got 'H'"):
        trick_winner(parse_cards("AS KS"), 0, "H")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="at most 2 distinct cards"):
        Trick(0, parse_cards("AS KS QS"), players=2)
    with pytest.raises(ArgumentError, match="at most 4 distinct cards"):
        Trick(0, parse_cards("AS AS"))
    with pytest.raises(ArgumentError, match="players: expected an int from 1 to 52"):
        draw_for_dealer(1, 10**19)
    with pytest.raises(ArgumentError, match="players: expected an int from 1 to 52"):
        deal_packets(STANDARD_DECK, first=0, players=10**19, packets=(1,))
    with pytest.raises(ArgumentError, match="seed: expected an int of at most 256 bits"):
        shuffled_deck(10**5000)
    with pytest.raises(ArgumentError, match="team: expected a seat 0 or 1, got 5"):
        team_seats(5)
    with pytest.raises(ArgumentError, match="hand: expected a CardSet"):
        must_follow("AS", Suit.SPADES)  # type: ignore[arg-type]
