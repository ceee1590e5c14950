"""The All Fours rule-based agent: stand or beg, give or run, and trick play."""

import random

import pytest

from cardrules import CardSet, Suit
from cardrules.agents.all_fours import (
    RuleAgent,
    choose_play,
    evaluate,
    rollout_policy,
    trump_strength,
)
from cardrules.all_fours import Beg, GiveOne, Play, Rules, RunPack, Stand, deck_for, new_game
from cardrules.core.cardset import FULL_MASK

BEG, GIVE_ONE, RUN_PACK, STAND = Beg(), GiveOne(), RunPack(), Stand()

RNG = random.Random(0)
# Seat 1 begs or stands; hearts (the kick 6H) are proposed.
WEAK = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S"]
STRONG = ["5H TD KD QC 7S 8C", "AH KH JH 3C 8D 2S", "2H 7H QS JC 5D 4S", "TH 3H AS KC 9D 9S"]


def _mask(text: str) -> int:
    return CardSet.parse(text).mask


def _index(text: str) -> int:
    return CardSet.parse(text).highest().index


def test_trump_strength_weighs_the_high_trumps() -> None:
    assert trump_strength(_mask("AH KH 3H 9S"), Suit.HEARTS) == 7.0
    assert trump_strength(_mask("2H 3H"), Suit.HEARTS) == 2.0
    assert trump_strength(_mask("AS KS"), Suit.HEARTS) == 0.0


@pytest.mark.rule("AF-10")
def test_stands_with_strong_trumps_and_begs_with_weak_ones() -> None:
    strong = new_game(deck=deck_for(STRONG, "6H"), dealer=0, seed=1)
    weak = new_game(deck=deck_for(WEAK, "6H"), dealer=0, seed=1)
    assert RuleAgent().act(strong.observe(1), RNG) == STAND
    assert RuleAgent().act(weak.observe(1), RNG) == BEG


@pytest.mark.rule("AF-10", "AF-21")
def test_begs_when_a_gift_would_win_the_game() -> None:
    state = new_game(deck=deck_for(STRONG, "4H"), dealer=0, seed=1, scores=(0, 13))
    assert RuleAgent().act(state.observe(1), RNG) == BEG


@pytest.mark.rule("AF-11", "AF-14")
def test_dealer_never_gives_the_winning_point() -> None:
    # The dealer (seat 0) holds strong hearts, but a gift would put side 1 on 14.
    hands = ["AH KH JH QC 7S 8C", "2H KS TS 4C 5D 9S", "5H 7H QS 3C 8D 2S", "TH 3H AS KC 9D 4S"]
    state = new_game(deck=deck_for(hands, "4H"), dealer=0, seed=1, scores=(3, 13)).apply(BEG)
    assert RuleAgent().act(state.observe(0), RNG) == RUN_PACK
    early = new_game(deck=deck_for(hands, "4H"), dealer=0, seed=1).apply(BEG)
    assert RuleAgent().act(early.observe(0), RNG) == GIVE_ONE


@pytest.mark.rule("AF-23")
def test_saves_the_jack_on_a_trick_the_partner_has_won() -> None:
    # Hearts trumps; seat 0 led AH (master: no higher trump out); seat 2 (its partner) holds
    # JH and must follow trumps: it plays the jack under its partner's ace.
    trick = (_index("AH"), _index("2H"))
    others = FULL_MASK & ~_mask("AH 2H JH 4H")
    card = choose_play(_mask("JH 4H"), trick, 0, 4, int(Suit.HEARTS), others)
    assert card == _index("JH")


@pytest.mark.rule("AF-4", "AF-23")
def test_last_player_wins_a_ten_cheaply_and_keeps_high_trumps() -> None:
    # Spades trumps; clubs led with TC in the trick; the last player is void in clubs and holds
    # AS 3S 4D: it trumps with the 3, not the ace.
    trick = (_index("5C"), _index("TC"), _index("KC"))
    card = choose_play(_mask("AS 3S 4D"), trick, None, 4, int(Suit.SPADES), 0)
    assert card == _index("3S")


def test_does_not_spend_a_trump_on_a_worthless_trick() -> None:
    trick = (_index("5C"), _index("7C"))
    others = FULL_MASK & ~_mask("5C 7C AS 3S 4D")
    card = choose_play(_mask("AS 3S 4D"), trick, None, 4, int(Suit.SPADES), others)
    assert card == _index("4D")


@pytest.mark.rule("AF-23")
def test_leads_a_master_trump_to_hunt_the_jack() -> None:
    others = FULL_MASK & ~_mask("AH 4H 9C 7D")  # the jack of hearts is out
    card = choose_play(_mask("AH 4H 9C 7D"), (), None, 4, int(Suit.HEARTS), others)
    assert card == _index("AH")


def test_rule_agent_plays_whole_games_legally() -> None:
    agent = RuleAgent()
    for seed in range(3):
        for rules in (Rules(), Rules.preset("tournament"), Rules.preset("all_twos")):
            state = new_game(rules, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                action = agent.act(state.observe(state.current_player), rng)
                state = state.apply(action)  # raises on an illegal action


def test_rollout_policy_plays_sampled_states_legally() -> None:
    state = new_game(seed=4)
    rng = random.Random(2)
    while not state.is_terminal:
        action = rollout_policy(state, rng)
        assert action in state.legal_actions()
        state = state.apply(action)


def test_evaluate_scores_wins_and_swings() -> None:
    state = new_game(deck=deck_for(WEAK, "6H"), dealer=0, seed=1)  # side 0 +2 for the kick
    start = new_game(deck=deck_for(WEAK, "2D"), dealer=0, seed=1).observe(1)
    v0, v1 = evaluate(start, state)
    assert v0 > 0.5 > v1
    assert v0 + v1 == pytest.approx(1.0)
    over = new_game(deck=deck_for(WEAK, "JC"), dealer=0, seed=1, scores=(12, 0))
    assert over.winner == 0
    assert evaluate(start, over) == (1.0, 0.0)
    assert isinstance(Play.parse("QH"), Play)
