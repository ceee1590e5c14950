"""Trick winner and follow rules agree with slow reference implementations."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    CARDS,
    Card,
    CardSet,
    Suit,
    Trick,
    follow_or_trump,
    must_follow,
    parse_cards,
    trick_winner,
)

suits_or_none = st.one_of(st.none(), st.sampled_from(list(Suit)))


def slow_winner(cards: tuple[Card, ...], leader: int, trump: Suit | None, players: int) -> int:
    """The definition, written out: highest trump, else highest of the suit led."""
    trumps = [(c.rank, i) for i, c in enumerate(cards) if c.suit == trump]
    if trumps:
        _, position = max(trumps)
    else:
        _, position = max((c.rank, i) for i, c in enumerate(cards) if c.suit == cards[0].suit)
    return (leader + position) % players


@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.sampled_from(CARDS), min_size=1, max_size=n, unique=True),
            st.integers(0, n - 1),
        )
    ),
    suits_or_none,
)
def test_trick_winner_agrees_with_reference(
    case: tuple[int, list[Card], int], trump: Suit | None
) -> None:
    players, cards, leader = case
    expected = slow_winner(tuple(cards), leader, trump, players)
    assert trick_winner(cards, leader, trump, players) == expected
    trick = Trick(leader, tuple(cards), players)
    assert trick.winner(trump) == expected
    assert trick.seats()[trick.cards.index(trick.winning_card(trump))] == expected


@pytest.mark.rule("FH-17")
def test_fh_e6_trick_resolution() -> None:
    # FH-E6: seat 1 leads 7C, seat 2 KC, seat 3 (no clubs) 2H, seat 0 AC -> seat 3 wins.
    trick = Trick(leader=1, cards=parse_cards("7C KC 2H AC"))
    assert trick.winner(Suit.HEARTS) == 3
    assert trick.plays()[2] == (3, Card.parse("2H"))


@pytest.mark.rule("FH-16")
def test_fh_e6_follow_rules() -> None:
    assert must_follow(CardSet.parse("4C JH 3D"), Suit.CLUBS) == CardSet.parse("4C")
    assert Card.parse("3D") in must_follow(CardSet.parse("3D JH"), Suit.CLUBS)


@pytest.mark.rule("AF-17", "AF-18")
def test_af_e4_follow_or_trump() -> None:
    assert follow_or_trump(CardSet.parse("9D 3H 7C"), Suit.DIAMONDS, Suit.HEARTS) == CardSet.parse(
        "9D 3H"
    )
    assert follow_or_trump(CardSet.parse("3H 7C"), Suit.DIAMONDS, Suit.HEARTS) == CardSet.parse(
        "3H 7C"
    )
    assert follow_or_trump(CardSet.parse("3H 7C"), Suit.HEARTS, Suit.HEARTS) == CardSet.parse("3H")


@given(st.lists(st.sampled_from(CARDS), max_size=13, unique=True), suits_or_none, suits_or_none)
def test_follow_rules_agree_with_reference(
    cards: list[Card], lead: Suit | None, trump: Suit | None
) -> None:
    hand = CardSet(cards)
    has_lead = lead is not None and any(c.suit == lead for c in cards)
    expected_400 = {c for c in cards if not has_lead or c.suit == lead}
    assert set(must_follow(hand, lead)) == expected_400
    if not has_lead:
        expected_af = set(cards)
    elif lead == trump:
        expected_af = {c for c in cards if c.suit == lead}
    else:
        expected_af = {c for c in cards if c.suit in (lead, trump)}
    assert set(follow_or_trump(hand, lead, trump)) == expected_af


def test_trick_helpers() -> None:
    trick = Trick(leader=3).played(Card.parse("5D")).played(Card.parse("AD"))
    assert trick.lead_suit is Suit.DIAMONDS
    assert trick.next_seat == 1
    assert not trick.is_complete
    assert str(trick) == "3:5D 0:AD"
    full = Trick(0, ("2C", "3C"), players=2)
    assert full.is_complete
    with pytest.raises(ValueError, match="complete"):
        full.played(Card.parse("4C"))
    with pytest.raises(ValueError, match="empty"):
        Trick(0).winner(None)


def test_trick_of_builds_the_same_value_without_conversion() -> None:
    cards = parse_cards("7C KC 2H AC")
    fast = Trick.of(1, cards, 4)
    assert fast == Trick(1, cards, 4)
    assert hash(fast) == hash(Trick(1, cards, 4))
    assert fast.winner(Suit.HEARTS) == 3
