"""Explicit chance (``new_game(..., chance="explicit")`` and ``Deal``) and the one validation
layer of the public methods (issue 11)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from cardrules import CARDS, STANDARD_DECK, CardSet, SeededRng, shuffled_deck
from cardrules.core.records import RecordError
from cardrules.errors import ArgumentError, IllegalActionError, ParseError, Reason, RulesError
from cardrules.four_hundred import (
    Bid,
    Claim,
    Deal,
    Phase,
    Rules,
    State,
    TalkBeforePlay,
    TalkDuringPlay,
    determinize,
    load_state,
    new_game,
    save_state,
)

RULESETS = (
    Rules(),
    Rules(no_picture_redeal=True, conduct_penalties=True),
    Rules.preset("pagat_41"),
    Rules.preset("jawaker"),
)


def _public(state: State) -> tuple[Any, ...]:
    return (
        state.legal_actions(),
        state.scores,
        state.hands,
        state.dealer,
        state.history,
        state.winner,
        state.phase,
        state.current_player,
        state.bids,
        state.tricks_taken,
        state.tricks,
        state.current_trick,
        state.deal_number,
        state.hand_number,
        state.level,
        state.offences,
        state.deck,
        state.is_terminal,
        state.is_chance,
    )


@pytest.mark.rule("FH-7", "FH-8")
@pytest.mark.parametrize("which", range(len(RULESETS)))
def test_explicit_chance_replays_the_seeded_game(which: int) -> None:
    """For many seeds: a seeded game with random legal actions and an explicit game fed, at each
    chance state, Deal(the deck the seeded game dealt) and the same actions otherwise agree in
    every non-chance state."""
    rules = RULESETS[which]
    for seed in range(12):
        rng = random.Random(seed)
        dealer = None if seed % 3 == 0 else seed % 4
        seeded = new_game(rules, seed=seed, dealer=dealer)
        explicit = new_game(rules, seed=seed, dealer=dealer, chance="explicit")
        chance_states = 0
        for _ in range(600):
            while explicit.is_chance:
                chance_states += 1
                assert explicit.current_player is None
                assert explicit.legal_actions() == ()
                assert explicit.phase is Phase.DEAL
                assert not explicit.is_terminal
                assert explicit.dealer == seeded.dealer
                assert explicit.scores == seeded.scores
                assert explicit.deal_number == seeded.deal_number
                assert explicit.history == seeded.history
                explicit = explicit.apply(Deal(seeded.deck))
            assert not seeded.is_chance
            assert _public(explicit) == _public(seeded)
            assert explicit.chance == "explicit"
            assert seeded.chance == "seeded"
            if seeded.is_terminal:
                break
            action = rng.choice(seeded.legal_actions())
            if rules.conduct_penalties and rng.random() < 0.01:
                team = rng.randrange(2)
                penalty = TalkBeforePlay(team) if seeded.phase is Phase.BIDDING else None
                if seeded.phase is Phase.PLAY:
                    penalty = TalkDuringPlay(team)  # type: ignore[assignment]
                if penalty is not None:
                    seeded, explicit = seeded.penalize(penalty), explicit.penalize(penalty)
                    continue
            seeded, explicit = seeded.apply(action), explicit.apply(action)
        assert chance_states >= 1


@pytest.mark.rule("FH-6", "FH-7")
def test_a_chance_state_before_the_first_deal() -> None:
    state = new_game(seed=9, chance="explicit", scores=(35, 0, 0, 0))
    assert state.is_chance
    assert state.dealer == new_game(seed=9).dealer  # FH-6: still drawn from the seed
    assert state.scores == (35, 0, 0, 0)
    assert state.deal_number == 0
    assert state.minimum_bids == (3, 2, 2, 2)
    assert state.hands == ((), (), (), ())
    assert state.deck == ()
    assert state.winner is None
    dealt = state.apply(Deal(STANDARD_DECK))
    assert not dealt.is_chance
    assert dealt.deck == STANDARD_DECK
    assert dealt == new_game(seed=9, deck=STANDARD_DECK, chance="explicit", scores=(35, 0, 0, 0))
    # the text form of a pack deals too
    assert state.apply(Deal(" ".join(map(str, STANDARD_DECK)))) == dealt


@pytest.mark.rule("FH-7", "FH-8")
def test_deck_or_hands_fix_the_first_deal_and_the_next_deal_waits() -> None:
    deck = shuffled_deck(1, "x", 0)
    state = new_game(seed=4, dealer=1, deck=deck, chance="explicit")
    assert not state.is_chance
    assert state.hands == new_game(seed=4, dealer=1, deck=deck).hands
    hands = [state.hand(seat) for seat in range(4)]
    assert new_game(seed=4, dealer=1, hands=hands, chance="explicit").hands == state.hands
    for bid in (2, 2, 2, 2):  # a total of 8: thrown in (FH-14), the deal passes (FH-8)
        state = state.apply(Bid(bid))
    assert state.is_chance
    assert state.dealer == 2
    assert state.history[-1].bids == (2, 2, 2, 2)


def test_wrong_actions_at_and_away_from_a_chance_state() -> None:
    state = new_game(seed=2, dealer=0, chance="explicit")
    for action in (Bid(3), CARDS[0], "deal", Claim(1)):
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)  # type: ignore[arg-type]
        assert info.value.reason is Reason.WRONG_PHASE
        assert info.value.seat is None
        assert "Deal(deck)" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Deal(STANDARD_DECK[:51]))
    assert info.value.reason is Reason.BAD_DECK
    with pytest.raises(IllegalActionError) as info:
        state.apply(Deal((*STANDARD_DECK[:51], STANDARD_DECK[0])))
    assert info.value.reason is Reason.BAD_DECK
    dealt = state.apply(Deal(STANDARD_DECK))
    with pytest.raises(IllegalActionError) as info:
        dealt.apply(Deal(STANDARD_DECK))
    assert info.value.reason is Reason.WRONG_PHASE
    assert info.value.seat == dealt.current_player
    with pytest.raises(IllegalActionError) as info:
        new_game(seed=2).apply(Deal(STANDARD_DECK))
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        state.claim(1)
    assert info.value.reason is Reason.CLAIM_NOT_ALLOWED
    conduct = new_game(Rules(conduct_penalties=True), seed=2, chance="explicit")
    for penalty in (TalkBeforePlay(0), TalkDuringPlay(1)):
        with pytest.raises(IllegalActionError) as info:
            conduct.penalize(penalty)
        assert info.value.reason is Reason.WRONG_PHASE


def test_chance_states_pickle_and_save_state_refuses_explicit_games() -> None:
    state = new_game(seed=3, dealer=2, chance="explicit")
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.is_chance
    assert type(copy) is State
    dealt = copy.apply(Deal(STANDARD_DECK))
    assert pickle.loads(pickle.dumps(dealt)) == dealt
    assert dealt != new_game(seed=3, dealer=2, deck=STANDARD_DECK)  # the chance mode counts
    for explicit in (state, dealt):
        with pytest.raises(RecordError, match="chance='explicit'"):
            save_state(explicit)
    seeded = new_game(seed=3, dealer=2)
    assert load_state(save_state(seeded)) == seeded


def test_a_chance_state_observes_and_determinizes() -> None:
    state = new_game(seed=6, dealer=1, chance="explicit")
    view = state.observe(0)
    assert view.phase is Phase.DEAL
    assert view.hand == CardSet()
    assert view.hand_sizes == (0, 0, 0, 0)
    assert view.legal_actions == ()
    sample = determinize(view, SeededRng(1))
    assert sample.is_chance
    assert sample.observe(0) == view
    assert sample.apply(Deal(STANDARD_DECK)).hands == state.apply(Deal(STANDARD_DECK)).hands
    assert state.with_hidden_cards([[], [], [], []]) is state


# -- one validation layer: the same mistake, the same error (core.checks) ---------------------


def test_new_game_checks_every_argument_first() -> None:
    for kwargs in (
        {"seed": "x"},
        {"seed": 1.0},
        {"seed": True},
        {"dealer": 1.0},
        {"dealer": True},
        {"dealer": -1},
        {"dealer": 4},
        {"scores": (0, 0, 0)},
        {"scores": (0, 0, 0, 1.5)},
        {"scores": "0000"},
        {"chance": "random"},
        {"chance": None},
        {"hands": ["2C"]},
        {"deck": STANDARD_DECK, "hands": [[], [], [], []]},
    ):
        with pytest.raises(ArgumentError):
            new_game(**kwargs)
    with pytest.raises(ArgumentError, match="seed"):
        new_game(seed="x")  # type: ignore[arg-type]
    assert issubclass(ArgumentError, ParseError)
    assert issubclass(ArgumentError, RulesError)


def test_a_bad_dealer_leaves_nothing_behind() -> None:
    """A refused dealer=1.0 reaches no cache: later valid games are unharmed."""
    with pytest.raises(ArgumentError, match="dealer"):
        new_game(seed=1, dealer=1.0)  # type: ignore[arg-type]
    state = new_game(seed=1, dealer=1)
    assert state.current_player == 2
    while not state.is_terminal and state.deal_number < 3:
        state = state.apply(state.legal_actions()[-1])


def test_seats_are_checked_by_every_method() -> None:
    state = new_game(seed=5, dealer=0)
    for bad in (5, -1, 1.0, True, "1", None):
        with pytest.raises(ArgumentError, match="seat"):
            state.hand(bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="seat"):
            state.observe(bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="seat"):
            state.claim(bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError):
            Claim(bad)  # type: ignore[arg-type]
    for bad_team in (2, -1, 1.0, True):
        with pytest.raises(ArgumentError, match="team"):
            TalkBeforePlay(bad_team)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="team"):
            TalkDuringPlay(bad_team)  # type: ignore[arg-type]
    hands = [state.hand(seat) for seat in range(4)]
    with pytest.raises(ArgumentError, match="hands"):
        state.with_hidden_cards(hands[:3])
    with pytest.raises(ArgumentError, match="hands"):
        state.with_hidden_cards([hands[0], hands[0], hands[2], hands[3]])
    with pytest.raises(ArgumentError, match="hands"):
        state.with_hidden_cards("2C 3C")
