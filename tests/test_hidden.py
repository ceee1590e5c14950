"""Uniform sampling of hidden cards under per-card holder constraints."""

import itertools
import random
from collections import Counter
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CARDS, CardSet, SeededRng, Suit
from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.hidden import count_hidden_deals, sample_hidden_cards


def brute_force(
    unknown: int, sizes: tuple[int, ...], allowed: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """Every deal, by enumerating holder labels for each card."""
    cards = [c.mask for c in CARDS if unknown & c.mask]
    deals = []
    for labels in itertools.product(range(len(sizes)), repeat=len(cards)):
        hands = [0] * len(sizes)
        for card, holder in zip(cards, labels, strict=True):
            hands[holder] |= card
        if all(h.bit_count() == s for h, s in zip(hands, sizes, strict=True)) and all(
            h & ~a == 0 for h, a in zip(hands, allowed, strict=True)
        ):
            deals.append(tuple(hands))
    return deals


small_cases = st.integers(3, 8).flatmap(
    lambda n: st.tuples(
        st.lists(st.sampled_from(CARDS[:16]), min_size=n, max_size=n, unique=True),
        st.integers(2, 3),
        st.data(),
    )
)


@given(small_cases)
def test_count_agrees_with_brute_force_and_samples_are_valid(case: tuple) -> None:  # type: ignore[type-arg]
    cards, holders, data = case
    unknown = CardSet(cards).mask
    cuts = sorted(
        data.draw(st.lists(st.integers(0, len(cards)), min_size=holders - 1, max_size=holders - 1))
    )
    bounds = [0, *cuts, len(cards)]
    sizes = tuple(bounds[i + 1] - bounds[i] for i in range(holders))
    allowed = tuple(unknown & ~data.draw(st.sampled_from([0, *SUIT_MASKS])) for _ in range(holders))
    deals = brute_force(unknown, sizes, allowed)
    assert count_hidden_deals(unknown, sizes, allowed) == len(deals)
    if deals:
        seed = data.draw(st.integers(0, 2**32))
        for rng in (SeededRng(seed), random.Random(seed)):
            for tries in (0, 20):
                sample = sample_hidden_cards(unknown, sizes, allowed, rng, tries=tries)
                assert sample in deals
    else:
        with pytest.raises(ValueError, match="no deal"):
            sample_hidden_cards(unknown, sizes, allowed, SeededRng(0), tries=0)


@pytest.mark.parametrize("tries", [0, 20])
def test_sampling_is_uniform_on_a_small_case(tries: int) -> None:
    # 6 cards, 3 holders of 2; holder 2 holds no club (a known void): 3 * 6 = 18 valid deals.
    unknown = CardSet.parse("2C 3C 4C 2D 3D 4D").mask
    sizes = (2, 2, 2)
    allowed = (unknown, unknown, unknown & ~SUIT_MASKS[Suit.CLUBS])
    deals = brute_force(unknown, sizes, allowed)
    assert count_hidden_deals(unknown, sizes, allowed) == len(deals) == 18
    rng = SeededRng(11)
    draws = 18 * 500
    counts = Counter(
        sample_hidden_cards(unknown, sizes, allowed, rng, tries=tries) for _ in range(draws)
    )
    assert set(counts) == set(deals)
    # Pearson chi-square with 17 degrees of freedom: the 0.999 quantile is about 40.8.
    chi2 = sum((n - 500) ** 2 / 500 for n in counts.values())
    assert chi2 < 40.8
    assert all(counts_hand & SUIT_MASKS[Suit.CLUBS] == 0 for (_, _, counts_hand) in counts)


def test_argument_errors() -> None:
    with pytest.raises(ValueError, match="add up"):
        count_hidden_deals(0b111, (1, 1), (0b111, 0b111))
    with pytest.raises(ValueError, match="sizes but"):
        count_hidden_deals(0b11, (1, 1), (0b11,))
    with pytest.raises(ValueError, match="negative"):
        count_hidden_deals(0b11, (3, -1), (0b11, 0b11))


def test_big_counts_are_exact_and_sample() -> None:
    # 52 unknown cards among four hands of 13, hand 3 void in diamonds and hearts.
    unknown = (1 << 52) - 1
    red = SUIT_MASKS[Suit.DIAMONDS] | SUIT_MASKS[Suit.HEARTS]
    allowed = (unknown, unknown, unknown, unknown & ~red)
    total = count_hidden_deals(unknown, (13,) * 4, allowed)
    # Hand 3 takes 13 of the 26 black cards; the other 39 cards go 13-13-13 freely.
    assert total == comb(26, 13) * comb(39, 13) * comb(26, 13)
    assert total > 2**64
    hands = sample_hidden_cards(unknown, (13,) * 4, allowed, SeededRng(5), tries=0)
    assert hands[3] & red == 0
    assert hands[0] | hands[1] | hands[2] | hands[3] == unknown
    assert all(h.bit_count() == 13 for h in hands)
    assert SeededRng(3).below(total) < total
