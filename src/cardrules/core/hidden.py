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
from collections.abc import Sequence
from functools import lru_cache
from math import comb

from cardrules.core.cardset import FULL_MASK
from cardrules.core.deck import SeededRng

__all__ = ["count_hidden_deals", "sample_hidden_cards"]

_Classes = list[tuple[int, list[int]]]


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


def _classes(unknown: int, allowed: Sequence[int]) -> _Classes:
    """Group the unknown cards by the set of holders allowed to hold them (bit h = holder h)."""
    groups: dict[int, list[int]] = {}
    mask = unknown
    while mask:
        low = mask & -mask
        key = 0
        for holder, allow in enumerate(allowed):
            if allow & low:
                key |= 1 << holder
        groups.setdefault(key, []).append(low)
        mask ^= low
    return sorted(groups.items())


def _splits(count: int, holders: list[int], caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to split ``count`` interchangeable cards among ``holders`` within ``caps``;
    each split is a tuple of counts per holder index of ``caps``."""
    results: list[tuple[int, ...]] = []
    current = [0] * len(caps)

    def place(index: int, left: int) -> None:
        if index == len(holders) - 1:
            holder = holders[index]
            if left <= caps[holder]:
                current[holder] = left
                results.append(tuple(current))
                current[holder] = 0
            return
        holder = holders[index]
        for k in range(min(left, caps[holder]) + 1):
            current[holder] = k
            place(index + 1, left - k)
        current[holder] = 0

    if count == 0:
        return [tuple(current)]
    if holders:
        place(0, count)
    return results


@lru_cache(maxsize=512)
def _ways_table(
    signature: tuple[tuple[int, int], ...], caps: tuple[int, ...]
) -> tuple[dict[tuple[int, ...], int], ...]:
    """``table[j][free]``: the completions of classes ``j..`` (each ``(holder set, card count)``)
    given the holders' free places.  Cached: every determinization of one observation has the
    same signature."""
    table: list[dict[tuple[int, ...], int]] = [{} for _ in range(len(signature) + 1)]

    def ways(j: int, free: tuple[int, ...]) -> int:
        memo = table[j]
        if free in memo:
            return memo[free]
        if j == len(signature):
            result = 1 if not any(free) else 0
        else:
            key, count = signature[j]
            result = 0
            for split in _splits(count, _holders(key, len(free)), free):
                rest = ways(j + 1, tuple(f - k for f, k in zip(free, split, strict=True)))
                if rest:
                    result += _multinomial(split) * rest
        memo[free] = result
        return result

    ways(0, caps)
    return tuple(table)


def _holders(key: int, holders: int) -> list[int]:
    return [h for h in range(holders) if key >> h & 1]


def _signature(classes: _Classes) -> tuple[tuple[int, int], ...]:
    return tuple((key, len(cards)) for key, cards in classes)


def _multinomial(split: tuple[int, ...]) -> int:
    total, result = 0, 1
    for k in split:
        total += k
        result *= comb(total, k)
    return result


def count_hidden_deals(unknown: int, sizes: Sequence[int], allowed: Sequence[int]) -> int:
    """How many ways there are to give the ``unknown`` cards to the holders.

    Holder ``h`` receives exactly ``sizes[h]`` cards, each a card of ``allowed[h]`` (a mask).
    """
    _check(unknown, sizes, allowed)
    caps = tuple(sizes)
    return _ways_table(_signature(_classes(unknown, allowed)), caps)[0].get(caps, 0)


def _below(rng: SeededRng | random.Random, n: int) -> int:
    return rng.below(n) if isinstance(rng, SeededRng) else rng.randrange(n)


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
    cards = []
    mask = unknown
    while mask:
        low = mask & -mask
        cards.append(low)
        mask ^= low
    holders = len(sizes)
    if tries is None:
        tries = 1 if all(unknown & ~allow == 0 for allow in allowed) else 0
    for _ in range(tries):
        rng.shuffle(cards)
        hands = []
        start = 0
        ok = True
        for h in range(holders):
            hand = 0
            for card in cards[start : start + sizes[h]]:
                hand |= card
            start += sizes[h]
            if hand & ~allowed[h]:
                ok = False
                break
            hands.append(hand)
        if ok:
            return tuple(hands)
    return _sample_exact(unknown, sizes, allowed, rng)


def _sample_exact(
    unknown: int, sizes: Sequence[int], allowed: Sequence[int], rng: SeededRng | random.Random
) -> tuple[int, ...]:
    classes = _classes(unknown, allowed)
    free = tuple(sizes)
    table = _ways_table(_signature(classes), free)
    total = table[0].get(free, 0)
    if total == 0:
        raise ValueError("no deal of the hidden cards satisfies the constraints")
    hands = [0] * len(sizes)
    for j, (key, class_cards) in enumerate(classes):
        holders_of = _holders(key, len(free))
        pick = _below(rng, table[j][free])
        for split in _splits(len(class_cards), holders_of, free):
            after = tuple(f - k for f, k in zip(free, split, strict=True))
            weight = _multinomial(split) * table[j + 1].get(after, 0)
            if pick < weight:
                break
            pick -= weight
        order = list(class_cards)
        rng.shuffle(order)
        start = 0
        for h, k in enumerate(split):
            for card in order[start : start + k]:
                hands[h] |= card
            start += k
        free = after
    return tuple(hands)
