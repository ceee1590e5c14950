"""400 claims (FH-18) at random positions, by every seat: accepted, rejected or unsettled
(IllegalActionError), nothing else, each within a time bound; the hostile position of issue 32
settles at once.  The large run is ``benchmarks/fuzz_claims.py``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import four_hundred
from cardrules.errors import IllegalActionError, Reason
from cardrules.four_hundred import Bid, Phase
from tests.fuzz.limits import time_bound

FUZZ = settings.get_profile("fuzz")
#: Seconds one claim may take with the default budget (CLAIM_BUDGET positions cost at most
#: about 0.15 s of CPU; the bound leaves room for a shared machine).
CLAIM_SECONDS = 2.0

#: The position of issue 32: seat 0's claim at trick 1 took a second and was left unsettled.
ISSUE_HANDS = (
    "KC AC KD AD 6H 7H 8H TH JH QH KH AH AS",
    "3C 5C 6C 9C QC 4D 2H 4H 9H 9S TS QS KS",
    "2C TC 2D 8D 9D TD QD 3H 2S 3S 6S 7S 8S",
    "4C 7C 8C JC 3D 5D 6D 7D JD 5H 4S 5S JS",
)


@pytest.mark.rule("FH-18")
def test_the_issue_claim_draws_trumps_and_is_accepted_at_once() -> None:
    state = four_hundred.new_game(hands=ISSUE_HANDS, dealer=2, seed=1)
    for bid in (13, 7, 2, 5):  # seats 3, 0, 1, 2 in turn: bids 7 2 5 13 in seat order
        state = state.apply(Bid(bid))
    with time_bound("the issue's claim", 0.5):
        claimed = state.claim(0)
    assert claimed.history[-1].tricks == (13, 0, 0, 0)


@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 8))
@given(st.integers(0, 2**64 - 1), st.integers(0, 12))
def test_claims_at_random_positions_settle_within_the_bound(seed: int, trick: int) -> None:
    rng = random.Random(seed)
    state = four_hundred.new_game(seed=seed, dealer=seed % 4)
    while state.phase is Phase.BIDDING:
        state = state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Bid)]))
    if state.phase is not Phase.PLAY or state.deal_number:
        return  # thrown in
    while len(state.tricks) < trick or state.current_trick.cards:
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in range(4):
        with time_bound(f"claim({seat})", CLAIM_SECONDS):
            try:
                after = state.claim(seat)
            except IllegalActionError as error:
                reason: Reason | None = error.reason
            else:
                reason = None
                assert after.history[-1].ending is four_hundred.Ending.CLAIMED
        assert reason in (None, Reason.CLAIM_REJECTED, Reason.CLAIM_UNSETTLED)
