"""Equivalent cards for searches: cards of one suit that no card still in play separates.

Two cards of a hand that are adjacent among the cards still in play (no card between them is
held by another player or on the table) win and lose exactly the same tricks, so an exact search
tries one of them (the solvers of both games).  A game may keep some ranks apart (All Fours'
tens and pictures count for Game): ``split_from`` is the first rank place (0 for a two, 12 for
an ace) that forms a class of its own.

>>> [bin(place) for place in runs(0b1101, 0b1111)]
['0b11', '0b0']
>>> run_below(3, allowed=0b1011, out=0b1111)
[3]
>>> run_below(1, allowed=0b0011, out=0b0111)
[1, 0]
"""

from __future__ import annotations

__all__ = ["run_below", "runs"]


def runs(mine: int, present: int, split_from: int = 13) -> tuple[int, ...]:
    """The highest place of each run of ``mine`` among ``present`` (13-bit patterns of one
    suit, place 0 the two), highest first; places from ``split_from`` up are runs of their own."""
    tops: list[int] = []
    previous = False
    for place in range(12, -1, -1):
        if not present >> place & 1:
            continue
        held = bool(mine >> place & 1)
        if held and (not previous or place >= split_from):
            tops.append(place)
        previous = held and place < split_from
    return tuple(tops)


def run_below(top: int, allowed: int, out: int, split_from: int = 13) -> list[int]:
    """The card indices of ``allowed`` equivalent to the card ``top``: ``top`` and the cards
    below it in its suit, down to the first card of ``out`` (the cards still in play) that is
    not in ``allowed``."""
    cards = [top]
    if top % 13 >= split_from:
        return cards
    low = (top // 13) * 13
    card = top - 1
    while card >= low:
        if out >> card & 1:
            if not allowed >> card & 1:
                break
            cards.append(card)
        card -= 1
    return cards
