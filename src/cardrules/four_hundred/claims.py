"""Exact claim validation (FH-18): does the claimer win every remaining trick against every legal
play of the other three, choosing their own cards?

The legal plays are FH-16's (:func:`~cardrules.core.tricks.must_follow_bits`) and the trick
winner FH-17's (:func:`~cardrules.core.tricks.beats`), the kernels the engine uses too.

The search is over masks, between tricks, memoised on the position up to equivalent cards (per
suit, who holds each card still out, lowest first) and the leader, trying high cards first, and
bounded in work: :func:`settle_claim` gives up past a budget of positions visited
(:data:`CLAIM_BUDGET` by default in :meth:`State.claim <cardrules.four_hundred.State.claim>`),
so a claim costs at most that many positions whatever the hands: a work bound, the same on
every machine, so a claim settles the same way wherever a record is replayed.  Two reductions
keep it small and exact:

* cards of one suit held by one player that no other remaining card separates (the cards played
  earlier are gone; the cards on the table count) are interchangeable, so one of each run is tried;
* a trick is lost as soon as the claimer has played and another player's card is winning it:
  cards played later in the trick never give it back.

A sure-win test cuts the search off when the claimer is on lead, holds at least as many hearts
above every other heart as any other player holds hearts, and tops every other suit they hold:
leading those hearts draws every trump, then the top cards and the other hearts win.

>>> from cardrules import CardSet
>>> from cardrules.four_hundred.claims import claim_holds
>>> m = lambda text: CardSet.parse(text).mask
>>> claim_holds((m("2C 3C 4C"), m("5C 6C 7C"), m("8C 9C TC"), m("AH KH QH")), 3, 3)
True
>>> claim_holds((m("2H 3C 4C"), m("5S 6S 7S"), m("8S 9S TS"), m("AS KS QS")), 3, 3)
False
"""

from __future__ import annotations

from typing import Final

from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.checks import check_seat, refuse
from cardrules.core.tricks import beats, must_follow_bits

__all__ = ["CLAIM_BUDGET", "claim_holds", "settle_claim"]

#: Hearts are trumps (FH-5): the suit for the core kernels, and its mask.
_TRUMP: Final = 2
_HEARTS: Final = SUIT_MASKS[_TRUMP]


#: The default budget of a claim's search, in positions visited.  A position costs a few
#: microseconds, so a claim takes at most about 0.15 s of CPU on the project's 2-core machine
#: (0.36 s wall-clock with the machine shared), and a typical claim well under a millisecond.
#: Of 6,000 random claims (``benchmarks/fuzz_claims.py``) the most that one settled within it
#: needed was 11,766 positions; one needed more (34,000) and is unsettled: play on.
CLAIM_BUDGET: Final = 20_000


class _OverBudget(Exception):
    """The search visited more positions than its budget allows."""


def claim_holds(hands: tuple[int, int, int, int], leader: int, claimer: int) -> bool:
    """True when ``claimer`` wins every remaining trick from these hands (masks, seat order,
    equal sizes) with ``leader`` to lead, whatever the others play (FH-18).  No budget: see
    :func:`settle_claim` for a bounded search.

    :raises ArgumentError: for hands that are not four disjoint 52-bit card masks of the same
        size, or a leader or claimer that is not a seat."""
    hands = _check_hands(hands)
    leader = check_seat(leader, name="leader")
    claimer = check_seat(claimer, name="claimer")
    verdict = settle_claim(hands, leader, claimer, budget=None)
    assert verdict is not None  # no budget, so always settled
    return verdict


def _check_hands(hands: object) -> tuple[int, int, int, int]:
    if not (
        isinstance(hands, tuple | list)
        and len(hands) == 4
        and all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < 1 << 52 for h in hands)
        and len({h.bit_count() for h in hands}) == 1
        and sum(h.bit_count() for h in hands)
        == (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
    ):
        refuse("hands", "four disjoint card masks of the same size, in seat order", hands)
    return (hands[0], hands[1], hands[2], hands[3])


def settle_claim(
    hands: tuple[int, int, int, int], leader: int, claimer: int, *, budget: int | None
) -> bool | None:
    """:func:`claim_holds` within ``budget`` positions visited: True or False when the search
    settles the claim, ``None`` when it would need more (``budget=None``: no bound).

    >>> from cardrules import CardSet
    >>> m = lambda text: CardSet.parse(text).mask
    >>> hands = (m("2C 3C 4C"), m("5C 6C 7C"), m("8C 9C TC"), m("AH KH QH"))
    >>> settle_claim(hands, 3, 3, budget=1000), settle_claim(hands, 0, 3, budget=1)
    (True, None)
    """
    search = _Search(claimer, budget)
    try:
        return search.wins_all(hands, leader)
    except _OverBudget:
        return None


class _Search:
    """One claim's search: its memo (a transposition table between tricks) and its budget."""

    __slots__ = ("claimer", "left", "memo")

    def __init__(self, claimer: int, budget: int | None) -> None:
        self.claimer = claimer
        self.memo: dict[tuple[tuple[int, ...], int], bool] = {}
        self.left = -1 if budget is None else budget

    def wins_all(self, hands: tuple[int, ...], leader: int) -> bool:
        claimer = self.claimer
        if not hands[claimer]:
            return True
        key = (_shape(hands), leader)
        known = self.memo.get(key)
        if known is not None:
            return known
        if leader == claimer and _sure_win(hands, claimer):
            result = True
        else:
            occupied = hands[0] | hands[1] | hands[2] | hands[3]
            result = self.trick(hands, leader, 0, occupied, -1, -1, -1, -1)
        self.memo[key] = result
        return result

    def trick(
        self,
        hands: tuple[int, ...],
        leader: int,
        position: int,
        occupied: int,
        best: int,
        best_position: int,
        claimer_position: int,
        lead: int,
    ) -> bool:
        """Play position ``position`` of the trick; ``best`` is the winning card index so far
        and ``occupied`` every card still in a hand or on the table."""
        if position == 4:
            # the cut-off below guarantees that the claimer played and is winning
            return self.wins_all(hands, self.claimer)
        if self.left == 0:
            raise _OverBudget
        self.left -= 1
        seat = (leader + position) % 4
        hand = hands[seat]
        allowed = must_follow_bits(hand, lead if position else -1)  # FH-16 (-1: leading)
        is_claimer = seat == self.claimer
        # Highest cards first: the claimer's likeliest winners, and the others' likeliest
        # refutations (a claim that fails is usually refuted by a high card at once).
        for card in reversed(_representatives(allowed, occupied)):
            if position == 0 or beats(card, best, _TRUMP):  # FH-17
                new_best, new_position = card, position
            else:
                new_best, new_position = best, best_position
            played_by_claimer = position if is_claimer else claimer_position
            if played_by_claimer >= 0 and new_position != played_by_claimer:
                ok = False  # the claimer has played and someone else is winning: trick lost
            else:
                new_hands = list(hands)
                new_hands[seat] = hand ^ (1 << card)
                ok = self.trick(
                    tuple(new_hands),
                    leader,
                    position + 1,
                    occupied,
                    new_best,
                    new_position,
                    played_by_claimer,
                    card // 13 if position == 0 else lead,
                )
            if is_claimer and ok:
                return True
            if not is_claimer and not ok:
                return False
        return not is_claimer


def _shape(hands: tuple[int, ...]) -> tuple[int, ...]:
    """The position up to equivalent cards: per suit, who holds each remaining card, lowest
    first (which cards were played before does not matter, only the order of those left).
    Positions that differ only in which low cards were thrown share one memo entry."""
    h0, h1, h2, h3 = hands
    shape = []
    for shift in (0, 13, 26, 39):
        suit = (
            h0 >> shift & 0x1FFF,
            h1 >> shift & 0x1FFF,
            h2 >> shift & 0x1FFF,
            h3 >> shift & 0x1FFF,
        )
        code = _SUIT_SHAPES.get(suit)
        if code is None:
            if len(_SUIT_SHAPES) >= _SUIT_SHAPES_KEPT:
                _SUIT_SHAPES.clear()
            code = _SUIT_SHAPES[suit] = _suit_shape(suit)
        shape.append(code)
    return tuple(shape)


#: The shapes of one suit's holdings seen so far, kept across searches (bounded).
_SUIT_SHAPES: dict[tuple[int, int, int, int], int] = {}
_SUIT_SHAPES_KEPT: Final = 1 << 16


def _suit_shape(suit: tuple[int, int, int, int]) -> int:
    """Who holds each remaining card of one suit (13-bit masks per seat), lowest first, as the
    base-4 digits of one int (after a leading 1, so that lengths differ)."""
    a, b, c, d = suit
    rest = a | b | c | d
    code = 1
    while rest:
        low = rest & -rest
        rest ^= low
        code = code * 4 + (0 if a & low else 1 if b & low else 2 if c & low else 3)
    return code


def _representatives(allowed: int, occupied: int) -> list[int]:
    """One card index of each run of ``allowed`` that no other occupied card separates."""
    result: list[int] = []
    previous_mine = False
    rest = occupied
    suit = -1
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        rest ^= low
        mine = bool(allowed & low)
        if index // 13 != suit:
            suit = index // 13
            previous_mine = False
        if mine and not previous_mine:
            result.append(index)
        previous_mine = mine
    return result


def _sure_win(hands: tuple[int, ...], claimer: int) -> bool:
    """The claimer, on lead, draws the trumps and then wins with top cards: they hold at least
    as many hearts above every other heart as any other player holds hearts (leading those
    wins each round, and each round takes a heart from every player who has one, FH-16), and
    in each other suit every card they hold tops the others' cards of it (once nobody else has
    a trump, a card that tops its suit wins, FH-17; the claimer's other hearts win too)."""
    mine = hands[claimer]
    others = 0
    longest = 0
    for seat in range(4):
        if seat != claimer:
            others |= hands[seat]
            longest = max(longest, (hands[seat] & _HEARTS).bit_count())
    their_hearts = others & _HEARTS
    above = mine & _HEARTS & ~((1 << their_hearts.bit_length()) - 1)
    if above.bit_count() < longest:
        return False
    for suit_mask in SUIT_MASKS:
        if suit_mask == _HEARTS:
            continue
        my_suit, their_suit = mine & suit_mask, others & suit_mask
        if my_suit and their_suit and _lowest(my_suit) < their_suit.bit_length() - 1:
            return False
    return True


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
