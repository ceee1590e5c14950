"""FH-18 claims are settled by a bounded search: fast on real positions, and refused with their
own reason when the budget runs out."""

from __future__ import annotations

import time

import pytest

from cardrules import four_hundred
from cardrules.errors import ArgumentError, IllegalActionError, Reason
from cardrules.four_hundred import Bid
from cardrules.four_hundred.claims import CLAIM_BUDGET, settle_claim

# The position of the hardening issue: a claim at trick 1 that took 38 s to reject.
HANDS = [
    "7C JD QD KD AD 4H 8H 9H TH QH KH AH QS",
    "2C 5C 9C JC 8D 5H 6H 7H JH 2S 4S 6S 8S",
    "3C 4C 8C 3D 4D 7D 9D 2H 3S 5S TS KS AS",
    "6C TC QC KC AC 2D 5D 6D TD 3H 7S 9S JS",
]


def _bid_in() -> four_hundred.State:
    state = four_hundred.new_game(hands=HANDS, dealer=3, seed=1)
    for _ in range(4):
        state = state.apply(Bid(4))
    return state


@pytest.mark.rule("FH-18")
def test_a_trick_one_claim_is_rejected_in_milliseconds() -> None:
    state = _bid_in()
    start = time.perf_counter()
    with pytest.raises(IllegalActionError) as info:
        state.claim(0)
    # Generous bound (the suite may share the machine): it took 38 s before the search tried
    # high cards first.
    assert time.perf_counter() - start < 5
    assert info.value.reason is Reason.CLAIM_REJECTED


@pytest.mark.rule("FH-18")
def test_a_claim_past_its_budget_is_refused_with_its_own_reason() -> None:
    state = _bid_in()
    with pytest.raises(IllegalActionError) as info:
        state.claim(0, budget=3)
    assert info.value.reason is Reason.CLAIM_UNSETTLED
    assert "within 3 positions" in str(info.value)
    with pytest.raises(IllegalActionError) as again:
        state.claim(0, budget=None)
    assert again.value.reason is Reason.CLAIM_REJECTED


@pytest.mark.parametrize("budget", [0, -1, 1.5, True, "10"])
def test_a_bad_budget_is_refused(budget: object) -> None:
    with pytest.raises(ArgumentError, match="budget"):
        _bid_in().claim(0, budget=budget)  # type: ignore[arg-type]


@pytest.mark.rule("FH-18")
def test_settle_claim_agrees_with_and_without_a_budget() -> None:
    state = _bid_in()
    hands = tuple(state.hand(seat).mask for seat in range(4))
    for claimer in range(4):
        unbounded = settle_claim(hands, state.leader, claimer, budget=None)  # type: ignore[arg-type]
        assert unbounded is False
        assert settle_claim(hands, state.leader, claimer, budget=CLAIM_BUDGET) is False  # type: ignore[arg-type]
