"""Uniform sampling of hidden cards under constraints: the heart of determinization.

A seat that cannot see the other hands knows which cards are *unknown* to it, how many cards each
other *holder* has (a hand, or the undealt stock), and, card by card, which holders may still hold
it (a player who failed to follow suit holds no card of that suit).  A search bot needs full deals
that agree with all of that, drawn uniformly among every such deal.

:func:`sample_hidden_cards` draws one.  With no constraint it shuffles and deals.  With
constraints it uses an exact method: cards with the same set of possible holders are
interchangeable, so it counts the completions class by class with big-integer dynamic programming
(cached per constraint pattern, which all draws for one observation share), samples how many
cards of each class each holder gets in proportion to the completions, then which cards.  Both
paths give exactly the uniform distribution; so does the optional mix of a few rejection rounds
followed by the exact draw (``tries=``).

>>> from cardrules import CardSet, SeededRng
>>> from cardrules.core.hidden import count_hidden_deals, sample_hidden_cards
>>> unknown = CardSet.parse("2C 3C 4D 5D").mask
>>> clubs = CardSet.parse("2C 3C").mask
>>> allowed = (unknown, unknown & ~clubs)  # holder 1 is known to hold no club
>>> count_hidden_deals(unknown, (2, 2), allowed)
1
>>> [str(CardSet.from_mask(m)) for m in sample_hidden_cards(unknown, (2, 2), allowed, SeededRng(1))]
['2C 3C', '4D 5D']
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from math import comb

from cardrules.core.cardset import FULL_MASK
from cardrules.core.deck import SeededRng

__all__ = ["count_hidden_deals", "sample_hidden_cards"]


def _check(unknown: int, sizes: Sequence[int], allowed: Sequence[int]) -> None:
    if len(sizes) != len(allowed):
        raise ValueError(f"{len(sizes)} sizes but {len(allowed)} allowed masks")
    if not 0 <= unknown <= FULL_MASK:
        raise ValueError("unknown must be a 52-bit card mask")
    if any(size < 0 for size in sizes):
        raise ValueError(f"holder sizes must not be negative: {tuple(sizes)}")
    if sum(sizes) != unknown.bit_count():
        raise ValueError(
            f"the holders' sizes {tuple(sizes)} add up to {sum(sizes)}, "
            f"but {unknown.bit_count()} cards are unknown"
        )


_Signature = tuple[tuple[int, int], ...]


def _classes(unknown: int, allowed: Sequence[int]) -> list[tuple[int, int]]:
    """Group the unknown cards by the set of holders allowed to hold them: ``(key, mask)`` pairs
    in key order, where bit ``h`` of ``key`` is set when holder ``h`` may hold the class's cards.
    """
    classes = []
    for key in range(1, 1 << len(allowed)):
        mask = unknown
        for holder, allow in enumerate(allowed):
            mask &= allow if key >> holder & 1 else ~allow
            if not mask:
                break
        if mask:
            classes.append((key, mask))
    return classes


@lru_cache(maxsize=256)
def _holders(key: int, holders: int) -> tuple[int, ...]:
    return tuple(h for h in range(holders) if key >> h & 1)


@lru_cache(maxsize=8192)
def _splits(
    count: int, holders: tuple[int, ...], caps: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``count`` interchangeable cards among ``holders`` within ``caps``;
    each split is a tuple of counts per holder index of ``caps``."""
    results: list[tuple[int, ...]] = []
    current = [0] * len(caps)

    def place(index: int, left: int) -> None:
        holder = holders[index]
        if index == len(holders) - 1:
            if left <= caps[holder]:
                current[holder] = left
                results.append(tuple(current))
                current[holder] = 0
            return
        for k in range(min(left, caps[holder]) + 1):
            current[holder] = k
            place(index + 1, left - k)
        current[holder] = 0

    if count == 0:
        return (tuple(current),)
    if holders:
        place(0, count)
    return tuple(results)


def _multinomial(split: tuple[int, ...]) -> int:
    total, result = 0, 1
    for k in split:
        total += k
        result *= comb(total, k)
    return result


@lru_cache(maxsize=65536)
def _choices(
    signature: _Signature, free: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For the first class of ``signature`` (``(holder set, card count)`` pairs) with ``free``
    places left: the splits that lead to a completion of all the classes, the places left after
    each, and the running totals of their completions (the last is the total).  Cached, so all
    draws for one observation share the work."""
    if not signature:
        return ((), (free,), (0 if any(free) else 1,))
    key, count = signature[0]
    rest = signature[1:]
    splits, afters, running = [], [], []
    total = 0
    for split in _splits(count, _holders(key, len(free)), free):
        after = tuple(f - k for f, k in zip(free, split, strict=True))
        ways = _choices(rest, after)[2][-1] if rest or not any(after) else 0
        if ways:
            total += _multinomial(split) * ways
            splits.append(split)
            afters.append(after)
            running.append(total)
    return tuple(splits), tuple(afters), tuple(running) or (0,)


def _signature(classes: list[tuple[int, int]]) -> _Signature:
    return tuple((key, mask.bit_count()) for key, mask in classes)


def count_hidden_deals(unknown: int, sizes: Sequence[int], allowed: Sequence[int]) -> int:
    """How many ways there are to give the ``unknown`` cards to the holders.

    Holder ``h`` receives exactly ``sizes[h]`` cards, each a card of ``allowed[h]`` (a mask).
    """
    _check(unknown, sizes, allowed)
    return _choices(_signature(_classes(unknown, allowed)), tuple(sizes))[2][-1]


def _below(rng: SeededRng | random.Random, n: int) -> int:
    return rng.below(n) if isinstance(rng, SeededRng) else rng.randrange(n)


def _bits(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low)
        mask ^= low
    return cards


def sample_hidden_cards(
    unknown: int,
    sizes: Sequence[int],
    allowed: Sequence[int],
    rng: SeededRng | random.Random,
    *,
    tries: int | None = None,
) -> tuple[int, ...]:
    """A uniformly random way to give the ``unknown`` cards to the holders (masks per holder).

    Holder ``h`` receives exactly ``sizes[h]`` cards, each in ``allowed[h]``.  ``rng`` is a
    :class:`~cardrules.SeededRng` (reproducible everywhere) or a :class:`random.Random` (faster).
    ``tries`` rejection rounds are made before the exact method takes over; by default one
    round when no holder is constrained (it always succeeds) and none otherwise.

    :raises ValueError: when the sizes do not add up, or no deal satisfies the constraints.
    """
    _check(unknown, sizes, allowed)
    holders = len(sizes)
    if tries is None:
        tries = 1 if all(unknown & ~allow == 0 for allow in allowed) else 0
    if tries:
        cards = _bits(unknown)
        for _ in range(tries):
            rng.shuffle(cards)
            hands = []
            start = 0
            for h in range(holders):
                hand = 0
                for card in cards[start : start + sizes[h]]:
                    hand |= card
                start += sizes[h]
                if hand & ~allowed[h]:
                    break
                hands.append(hand)
            else:
                return tuple(hands)
    return _sample_exact(unknown, sizes, allowed, rng)


def _sample_exact(
    unknown: int, sizes: Sequence[int], allowed: Sequence[int], rng: SeededRng | random.Random
) -> tuple[int, ...]:
    classes = _classes(unknown, allowed)
    signature = _signature(classes)
    free = tuple(sizes)
    if _choices(signature, free)[2][-1] == 0:
        raise ValueError("no deal of the hidden cards satisfies the constraints")
    hands = [0] * len(sizes)
    for j, (_, class_mask) in enumerate(classes):
        splits, afters, running = _choices(signature[j:], free)
        index = bisect_right(running, _below(rng, running[-1]))
        split, free = splits[index], afters[index]
        order = _bits(class_mask)
        rng.shuffle(order)
        start = 0
        for h, k in enumerate(split):
            for card in order[start : start + k]:
                hands[h] |= card
            start += k
    return tuple(hands)
