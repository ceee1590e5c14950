"""CardSet agrees with frozenset on random inputs."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CARDS, Card, CardSet, ParseError, Suit

card_lists = st.lists(st.sampled_from(CARDS), max_size=52)


@given(card_lists, card_lists)
def test_algebra_agrees_with_frozenset(a: list[Card], b: list[Card]) -> None:
    x, y = CardSet(a), CardSet(b)
    fa, fb = frozenset(a), frozenset(b)
    assert set(x | y) == fa | fb
    assert set(x & y) == fa & fb
    assert set(x - y) == fa - fb
    assert set(x ^ y) == fa ^ fb
    assert (x <= y) == (fa <= fb)
    assert (x < y) == (fa < fb)
    assert (x >= y) == (fa >= fb)
    assert (x > y) == (fa > fb)
    assert (x == y) == (fa == fb)
    assert x.isdisjoint(y) == fa.isdisjoint(fb)
    assert len(x) == len(fa)
    assert bool(x) == bool(fa)
    for card in CARDS:
        assert (card in x) == (card in fa)
    if x == y:
        assert hash(x) == hash(y)


@given(card_lists)
def test_iteration_is_in_index_order(a: list[Card]) -> None:
    s = CardSet(a)
    assert list(s) == sorted(set(a))
    assert list(reversed(s)) == sorted(set(a), reverse=True)
    assert CardSet.parse(str(s)) == s if s else str(s) == ""
    assert CardSet.from_mask(s.mask) == s
    assert pickle.loads(pickle.dumps(s)) == s


@given(card_lists)
def test_suit_views_partition_the_set(a: list[Card]) -> None:
    s = CardSet(a)
    groups = s.by_suit()
    assert list(groups) == list(Suit)
    union = CardSet()
    for suit, part in groups.items():
        assert all(c.suit is suit for c in part)
        assert part == s.suit(suit)
        union = union | part
    assert union == s
    assert s.suits() == tuple(suit for suit in Suit if groups[suit])
    if s:
        assert s.highest() == max(s)
        assert s.lowest() == min(s)


def test_add_remove_and_errors() -> None:
    s = CardSet.parse("AS KS")
    assert s.add(Card.parse("QS")) == CardSet.parse("QS KS AS")
    assert s.remove(Card.parse("AS")) == CardSet.parse("KS")
    with pytest.raises(KeyError):
        s.remove(Card.parse("2C"))
    with pytest.raises(ParseError, match="twice"):
        CardSet.parse("AS AS")
    with pytest.raises(ParseError):
        CardSet.from_mask(1 << 52)
    with pytest.raises(ParseError):
        CardSet.from_mask(-1)
    with pytest.raises(ParseError):
        CardSet([3])  # type: ignore[list-item]
    with pytest.raises(AttributeError):
        s.mask = 0  # type: ignore[misc]
    with pytest.raises(ValueError, match="empty"):
        CardSet().highest()
    assert "AS" in s
    assert "XX" not in s
    assert 5 not in s
    assert CardSet.full() == CardSet(CARDS)
    assert s.sorted_by_rank() == (Card.parse("AS"), Card.parse("KS"))
