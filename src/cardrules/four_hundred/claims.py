"""Exact claim validation (FH-18): does the claimer win every remaining trick against every legal
play of the other three, choosing their own cards?

The legal plays are FH-16's (:func:`~cardrules.core.tricks.must_follow_mask`) and the trick
winner FH-17's (:func:`~cardrules.core.tricks.beats`), the kernels the engine uses too.

The search is over masks, between tricks, memoised on ``(hands, leader)``, trying high cards
first, and bounded: :func:`settle_claim` gives up past a budget of positions visited
(:data:`CLAIM_BUDGET` by default in :meth:`State.claim <cardrules.four_hundred.State.claim>`).
Two reductions keep it small and exact:

* cards of one suit held by one player that no other remaining card separates (the cards played
  earlier are gone; the cards on the table count) are interchangeable, so one of each run is tried;
* a trick is lost as soon as the claimer has played and another player's card is winning it:
  cards played later in the trick never give it back.

A sure-win test cuts the search off when the claimer is on lead, holds every heart above the
others' hearts and at least as many hearts as any other player, and tops every other suit they
hold: leading hearts draws every trump, then the top cards win.

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
from cardrules.core.tricks import _must_follow as must_follow_mask
from cardrules.core.tricks import beats

__all__ = ["CLAIM_BUDGET", "claim_holds", "settle_claim"]

#: Hearts are trumps (FH-5): the suit for the core kernels, and its mask.
_TRUMP: Final = 2
_HEARTS: Final = SUIT_MASKS[_TRUMP]


#: The default budget of a claim's search, in positions visited: under half a second on the
#: project's 2-core machine, and about twice the most that any claim needed in 300 random games
#: (25,819 positions; a typical claim settles in well under a millisecond).
CLAIM_BUDGET: Final = 50_000


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
        key = (hands, leader)
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
        allowed = must_follow_mask(hand, lead if position else None)  # FH-16
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
    mine = hands[claimer]
    others = 0
    for seat in range(4):
        if seat != claimer:
            others |= hands[seat]
            if (hands[seat] & _HEARTS).bit_count() > (mine & _HEARTS).bit_count():
                return False
    for suit_mask in SUIT_MASKS:
        my_suit, their_suit = mine & suit_mask, others & suit_mask
        if my_suit and their_suit and _lowest(my_suit) < their_suit.bit_length() - 1:
            return False
    return True


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
