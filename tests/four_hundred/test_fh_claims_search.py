"""The claim search (FH-18) against a plain game tree: every legal card of every seat, no memo,
no cut-off, no equivalent cards.  Small endings, drawn at random, must get the same verdict,
with the memo over equivalent cards and the sure-win test that draws trumps."""

from __future__ import annotations

import random

import pytest

from cardrules import CardSet
from cardrules.core.tricks import must_follow_mask, winning_offset
from cardrules.four_hundred.claims import _sure_win, claim_holds

_HEARTS = 2


def _plain(hands: list[int], leader: int, claimer: int) -> bool:
    """Whether ``claimer`` wins every remaining trick whatever the others play (the rules on
    their own: FH-16 to follow, FH-17 for the winner)."""
    if not hands[claimer]:
        return True

    def play(position: int, trick: list[int]) -> bool:
        if position == 4:
            winner = (leader + winning_offset(trick, _HEARTS)) % 4
            return winner == claimer and _plain(hands, winner, claimer)
        seat = (leader + position) % 4
        allowed = must_follow_mask(hands[seat], trick[0] // 13 if trick else None)
        results = []
        for card in CardSet.from_mask(allowed):
            hands[seat] ^= card.mask
            results.append(play(position + 1, [*trick, card.index]))
            hands[seat] ^= card.mask
        return any(results) if seat == claimer else all(results)

    return play(0, [])


def _ending(rng: random.Random, size: int) -> list[int]:
    """Four random hands of ``size`` cards, heavy in hearts so that trumps matter."""
    cards = rng.sample(range(52), 26)
    hearts = [c for c in range(26, 39) if c not in cards]
    pool = rng.sample(cards + hearts, 4 * size)
    return [sum(1 << c for c in pool[seat * size : (seat + 1) * size]) for seat in range(4)]


@pytest.mark.rule("FH-16", "FH-17", "FH-18")
def test_the_claim_search_agrees_with_the_plain_game_tree() -> None:
    rng = random.Random(18)
    verdicts = {True: 0, False: 0}
    sure = 0
    for _ in range(300):
        size = rng.choice((2, 3, 3, 4))
        hands = _ending(rng, size)
        leader, claimer = rng.randrange(4), rng.randrange(4)
        if rng.random() < 0.5:  # give the claimer the strongest hand, so that claims hold too
            strongest = max(range(4), key=lambda seat: (hands[seat] & 0x1FFF << 26, hands[seat]))
            hands[claimer], hands[strongest] = hands[strongest], hands[claimer]
        expected = _plain(list(hands), leader, claimer)
        assert claim_holds(tuple(hands), leader, claimer) is expected, (hands, leader, claimer)
        verdicts[expected] += 1
        if leader == claimer and _sure_win(tuple(hands), claimer):
            assert expected, (hands, claimer)  # a sure win is a win
            sure += 1
    assert verdicts[True] >= 20, verdicts
    assert verdicts[False] >= 20, verdicts
    assert sure >= 5, sure
