"""The core's trick kernels (FH-16, FH-17, AF-17 ... AF-19), interpreted and compiled, against
slow definitions and the checked functions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.core.cardset import FULL_MASK
from cardrules.core.compiled import is_kernel
from cardrules.core.tricks import (
    beats,
    follow_or_trump_bits,
    follow_or_trump_mask,
    must_follow_bits,
    must_follow_mask,
    winning_offset,
)
from tests.kernels._tiers import same

masks = st.integers(0, FULL_MASK)
suits = st.integers(0, 3)
suit_or_none = st.integers(-1, 3)


def _of_suit(mask: int, suit: int) -> int:
    return sum(1 << c for c in range(52) if mask >> c & 1 and c // 13 == suit)


def test_the_rules_are_kernels() -> None:
    for function in (beats, winning_offset, must_follow_bits, follow_or_trump_bits):
        assert is_kernel(function)


@pytest.mark.rule("FH-17", "AF-19")
@given(st.integers(0, 51), st.integers(0, 51), suit_or_none)
def test_beats(card: int, best: int, trump: int) -> None:
    """A higher card of the same suit, or a trump on a non-trump."""
    same_suit = card // 13 == best // 13
    expected = card > best if same_suit else card // 13 == trump
    assert same(beats, card, best, trump) is expected


@pytest.mark.rule("FH-17", "AF-19")
@given(st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), suit_or_none)
def test_winning_offset(cards: list[int], trump: int) -> None:
    """The highest trump, else the highest card of the suit led."""
    trumps = [(c, i) for i, c in enumerate(cards) if c // 13 == trump]
    led = [(c, i) for i, c in enumerate(cards) if c // 13 == cards[0] // 13]
    expected = max(trumps or led)[1]
    assert same(winning_offset, tuple(cards), trump) == expected


@pytest.mark.rule("FH-16")
@given(masks, suit_or_none)
def test_must_follow_bits(hand: int, lead: int) -> None:
    """Follow the suit led if able, else any card; any card to lead."""
    of_suit = _of_suit(hand, lead) if lead >= 0 else 0
    expected = of_suit or hand
    assert same(must_follow_bits, hand, lead) == expected
    assert must_follow_mask(hand, None if lead < 0 else lead) == expected


@pytest.mark.rule("AF-17", "AF-18")
@given(masks, suit_or_none, suit_or_none)
def test_follow_or_trump_bits(hand: int, lead: int, trump: int) -> None:
    """Holding the suit led: that suit or a trump (a trump lead: a trump); void: any card."""
    if lead < 0 or not _of_suit(hand, lead):
        expected = hand
    elif lead == trump or trump < 0:
        expected = _of_suit(hand, lead)
    else:
        expected = _of_suit(hand, lead) | _of_suit(hand, trump)
    assert same(follow_or_trump_bits, hand, lead, trump) == expected
    checked = follow_or_trump_mask(hand, None if lead < 0 else lead, None if trump < 0 else trump)
    assert checked == expected
