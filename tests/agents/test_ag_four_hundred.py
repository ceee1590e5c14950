"""The 400 rule-based agent: bids from an estimate of its tricks, and trick play."""

import random

import pytest

from cardrules import CardSet, Suit
from cardrules.agents.four_hundred import (
    RuleAgent,
    choose_bid,
    choose_play,
    estimate_tricks,
    evaluate,
    rollout_policy,
)
from cardrules.core.cardset import FULL_MASK
from cardrules.four_hundred import Bid, Rules, new_game


def _mask(text: str) -> int:
    return CardSet.parse(text).mask


def _index(text: str) -> int:
    return CardSet.parse(text).highest().index


def test_estimate_counts_aces_top_and_long_hearts_and_ruffs() -> None:
    nothing = _mask("2C 3C 4C 5C 6D 7D 8D 9D 2S 3S 4S 5S 6H")
    assert estimate_tricks(nothing) == 0.0
    strong = _mask("AH KH QH JH 5H AS KS 3S AD 4D 2C 3C 4C")
    assert estimate_tricks(strong) == pytest.approx(6.5)
    long_hearts = _mask("AH KH QH JH TH 9H 8H 2S 3S 4S 5D 6D 7D")
    assert estimate_tricks(long_hearts) > 5.5
    # The same hearts with a void in clubs and a singleton spade are worth more (ruffs).
    shape = _mask("AH KH 5H 4H 2S 3D 4D 5D 6D 7D 8D 9D TD")
    flat = _mask("AH KH 5H 4H 2S 3S 4D 5D 6D 7D 2C 3C 4C")
    assert estimate_tricks(shape) > estimate_tricks(flat)


@pytest.mark.rule("FH-11")
def test_bids_at_least_the_minimum() -> None:
    weak = _mask("2C 3C 4C 5C 6D 7D 8D 9D 2S 3S 4S 5S 6H")
    assert choose_bid(weak, 2, 1, 0, (None,) * 4, (0, 0, 0, 0), Rules()) == 2
    assert choose_bid(weak, 4, 1, 0, (None,) * 4, (45, 0, 0, 0), Rules()) == 4


@pytest.mark.rule("FH-13", "FH-14")
def test_dealer_raises_by_one_to_save_a_makeable_hand_from_a_throw_in() -> None:
    hand = _mask("AH KH QH 5H AS KS 3S AD 4D 2C 3C 4C 5C")  # about 5.3 tricks
    bid = choose_bid(hand, 2, 0, 0, (None, 2, 2, 2), (0, 0, 0, 0), Rules())
    assert bid == 5  # 2 + 2 + 2 + 5 = 11, the minimum total
    not_dealer = choose_bid(hand, 2, 1, 0, (None, None, 2, 2), (0, 0, 0, 0), Rules())
    assert not_dealer == 5


@pytest.mark.rule("FH-16", "FH-17")
def test_does_not_waste_a_card_on_the_partners_trick() -> None:
    # Seat 0 leads AS, seat 1 plays 3S, seat 2 (the partner) plays last-but-one... here the
    # player is last (position 3) and its partner (position 1) is winning with the ace.
    trick = (_index("4S"), _index("AS"), _index("5S"))
    card = choose_play(_mask("KS 2S"), trick, 1, 0, _mask("KS 2S 9D"), True)
    assert card == _index("2S")


@pytest.mark.rule("FH-17")
def test_wins_cheaply_when_last() -> None:
    trick = (_index("7C"), _index("KC"), _index("9C"))
    card = choose_play(_mask("AC 2C"), trick, 1, 0, _mask("AC 2C"), True)
    assert card == _index("2C")  # the partner's king wins already
    card = choose_play(_mask("AC 2C"), trick, None, 0, _mask("AC 2C"), True)
    assert card == _index("AC")
    # Void in clubs: trump with the lowest heart that wins.
    card = choose_play(_mask("AH 3H 4D"), trick, None, 0, _mask("AH 3H 4D"), True)
    assert card == _index("3H")


def test_leads_a_master_card() -> None:
    others = FULL_MASK & ~_mask("AD 5C 6C 2S") & ~CardSet.parse("2H 3H 4H").mask
    card = choose_play(_mask("AD 5C 6C 2S"), (), None, others, _mask("AD 5C 6C 2S"), True)
    assert card == _index("AD")


def test_rule_agent_plays_whole_games_legally() -> None:
    agent = RuleAgent()
    for seed in range(2):
        for preset in Rules.PRESETS:
            state = new_game(Rules.preset(preset), seed=seed)
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal and steps < 3000:
                action = agent.act(state.observe(state.current_player), rng)
                state = state.apply(action)
                steps += 1
            assert state.is_terminal


def test_rule_agent_bids_its_estimate() -> None:
    state = new_game(seed=7, dealer=0)
    seat = state.current_player
    action = RuleAgent().act(state.observe(seat), random.Random(0))
    assert isinstance(action, Bid)
    expected = max(2, int(estimate_tricks(state.hand(seat).mask) + 0.3))
    assert action.tricks == expected


def test_rollout_policy_and_evaluate() -> None:
    state = new_game(seed=4)
    start = state.observe(0)
    rng = random.Random(2)
    deal = state.deal_number
    while state.deal_number == deal:
        action = rollout_policy(state, rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    v0, v1 = evaluate(start, state)
    assert v0 + v1 == pytest.approx(1.0)
    gains = [a - b for a, b in zip(state.scores, start.scores, strict=True)]
    if gains[0] + gains[2] > gains[1] + gains[3]:
        assert v0 > 0.5
    assert Suit.HEARTS == 2
