"""Property tests over seeded random games of 400, for each preset.

A uniformly random bidder overbids, fails and drifts negative, so such a game may never end
(FH-25: nothing else ends it): those tests bound the number of actions per example.  Games with a
"sensible" policy (bid the minimum or one more) do end, and check FH-22 ... FH-24.
"""

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CARDS, Card, CardSet, IllegalActionError
from cardrules.four_hundred import (
    ACTIONS,
    Bid,
    Ending,
    Observation,
    Phase,
    Rules,
    State,
    claim_holds,
    end_of_game,
    is_thrown_in,
    new_game,
    qualifies,
    score_hand,
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(Rules.PRESETS)
ALL = CardSet(CARDS)


def check_cards(state: State) -> None:
    """Every card is in exactly one place: one hand, or played this hand."""
    hands = [state.hand(s) for s in range(4)]
    total = sum(len(h) for h in hands) + len(state.played)
    union = hands[0] | hands[1] | hands[2] | hands[3] | state.played
    assert total == 52
    assert union == ALL
    assert sorted(state.deck) == list(CARDS)


def cards_in(value: Any, found: set[Card]) -> None:
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, CardSet):
        found.update(value)
    elif isinstance(value, tuple | list):
        for item in value:
            cards_in(item, found)
    elif hasattr(value, "__attrs_attrs__"):
        for field in value.__attrs_attrs__:
            cards_in(getattr(value, field.name), found)


def check_observations(state: State) -> None:
    played = state.played
    for seat in range(4):
        view = state.observe(seat)
        assert isinstance(view, Observation)
        found: set[Card] = set()
        for field in view.__attrs_attrs__:
            if field.name not in ("hand", "history"):
                cards_in(getattr(view, field.name), found)
        assert CardSet(found) - view.hand <= played  # nothing of another seat's unplayed card
        # finished hands show every seat the same: no card but those played in them, face up
        assert view.history == state.history
        for result in view.history:
            shown: set[Card] = set()
            for field in result.__attrs_attrs__:
                if field.name != "_played":  # the cards played, read as plays
                    cards_in(getattr(result, field.name), shown)
            assert not shown
        assert view.hand == state.hand(seat)


def check_history(state: State, previous: State) -> None:
    if len(state.history) == len(previous.history):
        return
    result = state.history[-1]
    rules = state.rules
    assert result.scores == tuple(
        a + b for a, b in zip(previous.scores, result.changes, strict=True)
    )
    if result.ending in (Ending.PLAYED, Ending.CLAIMED):
        assert sum(result.tricks) == 13
        expected = score_hand(
            previous.scores, result.bids, result.tricks, level=previous.level, rules=rules
        )
        assert expected.scores == result.scores
        assert expected.winner == result.winner
        assert expected.level == result.level
    elif result.ending is not Ending.CONDUCT_PENALTY:
        assert result.changes == (0, 0, 0, 0)
        assert state.scores == previous.scores
    assert state.dealer == (previous.dealer + 1) % 4 or state.is_terminal  # FH-8
    assert state.winner == result.winner


@pytest.mark.rule("FH-7", "FH-16", "FH-17", "FH-19", "FH-20")
@settings(max_examples=100)
@given(seeds, presets)
def test_random_play_invariants(seed: int, preset: str) -> None:
    """Bounded random play: cards in one place, exactly the legal actions apply, states do not
    change, ==/hash agree, scores follow the table, views hide the other hands."""
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), seed=seed)
    for step in range(120):
        assert state.is_terminal is (state.phase is Phase.OVER)
        if state.is_terminal:
            break
        check_cards(state)
        legal = state.legal_actions()
        assert legal
        if state.phase is Phase.PLAY:  # FH-16, written plainly: follow suit if able
            hand = set(state.hands[state.current_player])  # type: ignore[index]
            trick = state.current_trick.cards
            follow = {card for card in hand if trick and card.suit is trick[0].suit}
            assert {action.card for action in legal} == (follow or hand)  # type: ignore[union-attr]
        snapshot = pickle.dumps(state)
        if step % 10 == 0:
            check_observations(state)
            for action in ACTIONS:
                if action in legal:
                    state.apply(action)
                else:
                    with pytest.raises(IllegalActionError):
                        state.apply(action)
        action = rng.choice(legal)
        after = state.apply(action)
        assert pickle.dumps(state) == snapshot
        again = pickle.loads(snapshot)
        assert again == state
        assert hash(again) == hash(state)
        assert again.apply(action) == after
        check_history(after, state)
        state = after


def sensible(state: State, rng: random.Random) -> Any:
    """Bid the minimum (at least 2) or one more; the dealer bids the least that avoids a
    throw-in, if any."""
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING:
        if state.current_player == state.dealer:
            for bid in legal:
                bids = tuple(b if b is not None else bid.tricks for b in state.bids)  # type: ignore[union-attr]
                if not is_thrown_in(state.scores, bids, state.rules):
                    return bid
        low = max(legal[0].tricks, 2)  # type: ignore[union-attr]
        return Bid(min(13, low + rng.choice((0, 0, 1))))
    return rng.choice(legal)


@pytest.mark.rule("FH-22", "FH-23", "FH-24", "FH-21")
@settings(max_examples=40)
@given(seeds, presets)
def test_sensible_games_end_with_a_qualified_winner(seed: int, preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    previous = state
    for _ in range(30_000):
        if state.is_terminal:
            break
        previous, state = state, state.apply(sensible(state, rng))
        check_history(state, previous)
    assert state.is_terminal
    winner = state.winner
    assert winner in (0, 1)
    last = state.history[-1]
    assert last.winner == winner
    if last.high_bid_winner is None:
        assert qualifies(state.scores, winner, 41, rules)
        level = state.history[-2].level if len(state.history) > 1 else 41
        assert end_of_game(state.scores, level=level, rules=rules)[0] == winner
    else:
        assert last.high_bid_winner % 2 == winner
    numbers = [r.hand_number for r in state.history if r.hand_number is not None]
    assert numbers == list(range(1, len(numbers) + 1))
    assert [r.deal_number for r in state.history] == list(range(len(state.history)))


def naive_claim(hands: list[int], leader: int, claimer: int) -> bool:
    """The definition, without reductions: every card of every seat is tried."""
    if not hands[claimer]:
        return True

    def trick(h: list[int], pos: int, cards: list[int]) -> bool:
        if pos == 4:
            lead = cards[0] // 13
            best = max(
                range(4), key=lambda i: (cards[i] // 13 == 2, cards[i] // 13 == lead, cards[i])
            )
            if (leader + best) % 4 != claimer:
                return False
            return naive_claim(h, claimer, claimer)
        seat = (leader + pos) % 4
        mask = h[seat]
        if pos:
            follow = mask & (0x1FFF << (13 * (cards[0] // 13)))
            mask = follow or mask
        options = [i for i in range(52) if mask >> i & 1]
        results = []
        for i in options:
            nh = list(h)
            nh[seat] ^= 1 << i
            results.append(trick(nh, pos + 1, [*cards, i]))
        return any(results) if seat == claimer else all(results)

    return trick(hands, 0, [])


@pytest.mark.rule("FH-18")
@settings(max_examples=200)
@given(seeds, st.integers(1, 3), st.integers(0, 3), st.integers(0, 3))
def test_claim_search_agrees_with_the_definition(
    seed: int, size: int, leader: int, claimer: int
) -> None:
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    hands = [CardSet(deck[size * s : size * s + size]).mask for s in range(4)]
    expected = naive_claim(hands, leader, claimer)
    assert claim_holds((hands[0], hands[1], hands[2], hands[3]), leader, claimer) == expected


@pytest.mark.rule("FH-18")
@settings(max_examples=15)
@given(seeds)
def test_engine_claims_late_in_random_hands(seed: int) -> None:
    """Between the last tricks of a random hand, a claim is accepted exactly when it holds."""
    rng = random.Random(seed)
    state = new_game(seed=seed)
    deal = state.deal_number
    while state.phase is not Phase.PLAY or len(state.tricks) < 10 or state.current_trick.cards:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.deal_number != deal:
            deal = state.deal_number
    hands = tuple(state.hand(s).mask for s in range(4))
    for seat in range(4):
        holds = naive_claim(list(hands), state.leader, seat)
        if holds:
            after = state.claim(seat)
            assert after.history[-1].tricks[seat] == state.tricks_taken[seat] + 3
        else:
            with pytest.raises(IllegalActionError):
                state.claim(seat)


@pytest.mark.rule("FH-7")
@settings(max_examples=20)
@given(seeds, st.integers(0, 3))
def test_hands_and_deck_agree(seed: int, dealer: int) -> None:
    state = new_game(seed=seed, dealer=dealer)
    again = new_game(seed=seed + 1, dealer=dealer, hands=[state.hand(s) for s in range(4)])
    assert again.hands == state.hands
    assert new_game(seed=seed, dealer=dealer, deck=again.deck).hands == state.hands
    assert isinstance(Bid(2), Bid)
