"""Property tests over many seeded random games (hypothesis draws the seed and the preset).

Random play always ends: every played hand scores at least one point in practice (game, or
High/Low when a trump is in play), but a run of void deals (AF-13) or point-less hands is not
impossible, so each test bounds the number of actions it plays; the bound is far above a
typical game's length (about 150 actions to 14).
"""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CARDS, FULL_MASK, Card, IllegalActionError, Rank
from cardrules.all_fours import (
    ACTIONS,
    CARD_POINTS,
    Award,
    AwardKind,
    GameTie,
    HandEnd,
    HandResult,
    Phase,
    Rules,
    State,
    Undertrump,
    new_game,
)

MAX_ACTIONS = 2000
seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(Rules.PRESETS)


def mask(cards: object) -> int:
    result = 0
    for card in cards:  # type: ignore[attr-defined]
        assert isinstance(card, Card)
        result |= card.mask
    return result


def random_game(seed: int, rules: Rules) -> list[State]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def check_conservation(state: State) -> None:
    """Every card in exactly one place: stock, kicks, a hand, the current trick, a won trick."""
    places = [
        mask(state.stock),
        mask(state.kicks),
        *(mask(h) for h in state.hands),
        mask(state.current_trick.cards),
        *(w.mask for w in state.won_cards),
    ]
    total = 0
    for place in places:
        assert not total & place
        total |= place
    assert total == FULL_MASK
    assert sum(len(h) for h in state.hands) + len(state.current_trick.cards) + sum(
        len(w) for w in state.won_cards
    ) == len(state.in_play)


def all_awards(state: State) -> list[int]:
    """The points of every award of the game, in order, as (side, points)."""
    awards = [a for result in state.history for a in result.awards]
    if state.phase is not Phase.OVER:
        awards += list(state.awards)
    return awards  # type: ignore[return-value]


@pytest.mark.rule("AF-3", "AF-7", "AF-11", "AF-12", "AF-13", "AF-22")
@settings(max_examples=100)
@given(seed=seeds, preset=presets)
def test_card_conservation_and_card_points(seed: int, preset: str) -> None:
    """Cards are conserved in every state; at each played hand's end both sides' card points
    sum to the card points in play (AF-22)."""
    states = random_game(seed, Rules.preset(preset))
    for before, after in itertools.pairwise(states):
        check_conservation(after)
        if len(after.history) > len(before.history):
            result = after.history[len(before.history)]
            if result.card_points is not None:
                in_play = sum(CARD_POINTS[c.rank] for c in before.in_play)
                assert sum(result.card_points) == in_play
                assert result.reason in (HandEnd.PLAYED, HandEnd.TARGET_REACHED)


@pytest.mark.rule("AF-9", "AF-14", "AF-21", "AF-23")
@settings(max_examples=100)
@given(seed=seeds, preset=presets)
def test_scores_rise_one_award_at_a_time_and_stop_at_the_target(seed: int, preset: str) -> None:
    rules = Rules.preset(preset)
    states = random_game(seed, rules)
    final = states[-1]
    assert final.is_terminal, "random play reached the target within the bound"
    for before, after in itertools.pairwise(states):
        assert after.is_terminal is (after.winner is not None)
        assert after.scores[0] >= before.scores[0]
        assert after.scores[1] >= before.scores[1]
        if not after.is_terminal:
            assert max(after.scores) < rules.target
    running = [0, 0]
    awards = [a for result in final.history for a in result.awards]
    for i, award in enumerate(awards):
        assert award.points > 0
        running[award.side] += award.points
        reached = max(running) >= rules.target
        assert reached == (i == len(awards) - 1)
    assert tuple(running) == final.scores
    assert final.scores[final.winner] >= rules.target > final.scores[1 - final.winner]  # type: ignore[index]
    assert final.legal_actions() == ()
    assert final.current_player is None
    assert final.history[-1].reason is HandEnd.TARGET_REACHED


def reference_tally(before: State, result: HandResult) -> list[Award]:
    """AF-22, AF-23 written plainly from Card objects: High, Low, Jack or hang jack, Game."""
    rules, trump = before.rules, result.trump
    assert trump is not None
    dealt = before.dealt

    def side_dealt(card: Card) -> int:
        return next(seat for seat, cards in enumerate(dealt) if card in cards) % 2

    in_play = [card for cards in dealt for card in cards]
    trumps = [card for card in in_play if card.suit is trump]
    awards = []
    if trumps:
        high = max(trumps, key=lambda card: card.rank)
        low = min(trumps, key=lambda card: card.rank)
        awards.append(Award(side_dealt(high), 1, AwardKind.HIGH, high))
        awards.append(Award(side_dealt(low), 1, AwardKind.LOW, low))
        jack = Card(Rank.JACK, trump)
        if jack in trumps:
            taker = next(
                winner % 2
                for trick, winner in zip(result.tricks, result.trick_winners, strict=True)
                if jack in trick.cards
            )
            if taker == side_dealt(jack):
                awards.append(Award(taker, 1, AwardKind.JACK, jack))
            else:
                awards.append(Award(taker, rules.hang_jack_value, AwardKind.HANG_JACK, jack))
    points = [0, 0]
    for trick, winner in zip(result.tricks, result.trick_winners, strict=True):
        points[winner % 2] += sum(CARD_POINTS[card.rank] for card in trick.cards)
    if points[0] != points[1]:
        side = 0 if points[0] > points[1] else 1
    elif rules.game_tie is GameTie.NON_DEALER:
        side = 1 - before.dealer % 2
    else:
        return awards
    awards.append(Award(side, rules.game_value, AwardKind.GAME, None, (points[0], points[1])))
    return awards


@pytest.mark.rule("AF-4", "AF-19", "AF-22", "AF-23", "AF-24")
@settings(max_examples=100)
@given(seed=seeds, preset=presets)
def test_every_tally_follows_the_tables(seed: int, preset: str) -> None:
    """Each played hand's tally equals AF-23 recomputed from its tricks and the cards dealt (a
    tally cut short by the target is a prefix of it, AF-14)."""
    states = random_game(seed, Rules.preset(preset))
    tallies = 0
    for before, after in itertools.pairwise(states):
        if len(after.history) > len(before.history) and before.phase is Phase.PLAY:
            result = after.history[len(before.history)]
            if result.card_points is None:
                continue  # the target was reached at a kick or a gift: no tally
            tally = [a for a in result.awards if a.kind not in (AwardKind.KICK, AwardKind.GIVE_ONE)]
            expected = reference_tally(before, result)
            if result.reason is HandEnd.PLAYED:
                assert tally == expected
            else:
                assert tally == expected[: len(tally)]
                assert tally, "a tally that ends the game scores at least one award"
            assert sum(len(t.cards) for t in result.tricks) == 6 * before.players + (
                3 * before.players * (len(result.kicks) - 1)
            )
            tallies += 1
    assert tallies >= 1


def reference_legal_cards(state: State) -> set[Card]:
    """AF-16 ... AF-20 and AF-25's call, written plainly from Card objects."""
    if state.called is not None:
        return {state.called}
    hand = set(state.hand(state.current_player))  # type: ignore[arg-type]
    trick, trump = state.current_trick.cards, state.trump
    if not trick:
        return hand  # AF-16: lead any card
    lead = trick[0].suit
    follow = {card for card in hand if card.suit is lead}
    if lead is trump:
        return follow or hand  # AF-17; AF-20 never restricts a trump lead
    # AF-18: follow suit or trump; void in the suit led, any card.
    legal = follow | {card for card in hand if card.suit is trump} if follow else set(hand)
    rule = state.rules.undertrump
    trumps_played = [card.rank for card in trick if card.suit is trump]
    if rule is not Undertrump.ALLOWED and trumps_played:  # AF-20
        under = {c for c in hand if c.suit is trump and c.rank < max(trumps_played)}
        only_trumps = all(card.suit is trump for card in hand)
        if rule is Undertrump.ONLY_IF_ONLY_TRUMPS and not only_trumps:
            legal -= under
        if rule is Undertrump.ONLY_IF_VOID and follow:
            legal -= under
    return legal


@pytest.mark.rule("AF-16", "AF-17", "AF-18", "AF-20", "AF-25")
@settings(max_examples=60)
@given(seed=seeds, undertrump=st.sampled_from(Undertrump), players=st.sampled_from((4, 2)))
def test_legal_plays_follow_the_rules(seed: int, undertrump: Undertrump, players: int) -> None:
    """In every play state of random games the legal plays are exactly the cards that AF-16 ...
    AF-20 allow, written plainly above (the engine works them out on masks, inline)."""
    rules = Rules(undertrump=undertrump, players=players)
    plays = 0
    for state in random_game(seed, rules):
        if state.phase is Phase.PLAY and not state.is_terminal:
            cards = {action.card for action in state.legal_actions()}  # type: ignore[union-attr]
            assert cards == reference_legal_cards(state)
            plays += 1
    assert plays > 0


@pytest.mark.rule("AF-15")
@settings(max_examples=60)
@given(seed=seeds, preset=presets)
def test_no_observation_leaks_another_seats_cards(seed: int, preset: str) -> None:
    states = random_game(seed, Rules.preset(preset))
    for state in states[::3]:
        hands = [mask(h) for h in state.hands]
        for seat in range(state.players):
            view = state.observe(seat)
            hidden = 0
            for other in range(state.players):
                if other != seat:
                    hidden |= hands[other]
            hidden &= ~state.exposed.mask
            seen = (
                view.hand.mask
                | mask(view.kicks)
                | mask(view.current_trick.cards)
                | mask(c for t in view.tricks for c in t.cards)
                | view.exposed.mask
                | mask(a.card for a in view.awards if a.card is not None)
            )
            assert not seen & hidden
            assert view.hand.mask in (hands[seat], 0)
            if view.hand.mask == 0 and hands[seat]:
                assert state.phase in (Phase.BEG, Phase.ANSWER, Phase.OVER)
                assert seat not in (state.dealer, state.beggar)
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.legal_actions == (
                state.legal_actions() if state.current_player == seat else ()
            )


@settings(max_examples=30)
@given(seed=seeds, preset=presets)
def test_apply_is_pure_and_exactly_the_legal_actions_apply(seed: int, preset: str) -> None:
    """apply leaves the state unchanged; every action outside legal_actions() raises
    IllegalActionError and each legal one applies; == and hash agree."""
    states = random_game(seed, Rules.preset(preset))
    for state in states[:: max(1, len(states) // 25)]:
        snapshot = pickle.dumps(state)
        legal = state.legal_actions()
        for action in ACTIONS:
            if action in legal:
                nxt = state.apply(action)
                assert nxt != state
            else:
                with pytest.raises(IllegalActionError):
                    state.apply(action)
        assert pickle.dumps(state) == snapshot
        copy = pickle.loads(snapshot)
        assert copy == state
        assert hash(copy) == hash(state)
        assert copy.legal_actions() == legal


@pytest.mark.rule("AF-25")
@settings(max_examples=30)
@given(seed=seeds)
def test_exposed_cards_and_calls_in_random_play(seed: int) -> None:
    """AF-25 in random play: exposed cards stay with their owner until played; a called card is
    the only legal play."""
    rng = random.Random(seed)
    state = new_game(Rules(exposed_cards=True), seed=seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        if state.phase is Phase.PLAY and rng.random() < 0.2:
            seat = rng.randrange(state.players)
            hidden = [c for c in state.hands[seat] if c not in state.exposed]
            if seat != state.current_player and hidden:
                state = state.expose(seat, rng.choice(hidden))
        turn = state.current_player
        assert turn is not None
        callable_cards = [c for c in state.exposed if c in state.hand(turn)]
        legal_cards = [getattr(a, "card", None) for a in state.legal_actions()]
        for card in callable_cards:
            if card in legal_cards and state.called is None:
                called = state.call((turn + 1) % state.players, card)
                assert [getattr(a, "card", None) for a in called.legal_actions()] == [card]
                state = called
                break
        holders = 0
        for seat in range(state.players):
            holders |= state.hand(seat).mask
        assert state.exposed.mask & ~holders == 0  # exposed cards are in their owners' hands
        check_conservation(state)
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal


def test_cards_constant() -> None:
    assert len(CARDS) == 52
