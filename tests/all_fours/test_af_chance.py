"""Chance as an explicit step (``new_game(..., chance="explicit")`` and ``Deal``): an explicit
game fed the packs that the seeded game shuffled is the seeded game, state for state."""

from __future__ import annotations

import pickle
import random

import pytest

from cardrules import CARDS, STANDARD_DECK
from cardrules.all_fours import (
    Beg,
    Deal,
    HandEnd,
    Phase,
    Play,
    Rules,
    RunPack,
    Stand,
    State,
    load_state,
    new_game,
    save_state,
)
from cardrules.core.records import RecordError
from cardrules.errors import ArgumentError, IllegalActionError, Reason

RULESETS = [
    Rules(),
    Rules.preset("all_twos"),
    Rules.preset("tournament"),
    Rules(deal_packet=1, target=7),
    Rules(players=2, undertrump="only_if_void", target=9),
]


def assert_chance_state(state: State, seeded: State) -> None:
    """A chance state waiting for the deal that ``seeded`` (the seeded twin) made."""
    assert state.is_chance
    assert state.phase is Phase.DEAL
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert state.is_terminal is False
    assert state.winner is None
    assert state.dealer == seeded.dealer
    assert state.deal_number == seeded.deal_number
    assert state.history == seeded.history[: seeded.deal_number]  # a game over adds its deal
    assert state.scores == _before(seeded)
    assert all(len(hand) == 0 for hand in state.hands)
    assert state.kicks == ()
    assert state.trump is None
    assert [len(state.observe(seat).hand) for seat in range(state.players)] == [0] * state.players


def _before(state: State) -> tuple[int, int]:
    scores = list(state.scores)
    for award in state.awards:
        scores[award.side] -= award.points
    return (scores[0], scores[1])


def assert_same(seeded: State, explicit: State) -> None:
    assert not explicit.is_chance
    assert not seeded.is_chance
    assert explicit.legal_actions() == seeded.legal_actions()
    assert explicit.current_player == seeded.current_player
    assert explicit.scores == seeded.scores
    assert explicit.hands == seeded.hands
    assert explicit.dealer == seeded.dealer
    assert explicit.deal_number == seeded.deal_number
    assert explicit.history == seeded.history
    assert explicit.winner == seeded.winner
    assert explicit.is_terminal == seeded.is_terminal
    assert explicit.phase is seeded.phase
    assert explicit.deck == seeded.deck
    assert explicit.stock == seeded.stock
    assert explicit.kicks == seeded.kicks
    assert explicit.trump == seeded.trump
    assert explicit.awards == seeded.awards
    assert explicit.decisions == seeded.decisions
    assert explicit.tricks == seeded.tricks
    assert explicit.current_trick == seeded.current_trick
    for seat in range(seeded.players):
        assert explicit.observe(seat) == seeded.observe(seat)


@pytest.mark.rule("AF-7", "AF-8", "AF-11", "AF-13")
@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: repr(r)[:60])
def test_explicit_chance_replays_the_seeded_game(rules: Rules) -> None:
    """For many seeds: feeding each seeded deal's pack to the explicit game at its chance
    states gives the same game (void deals and runs of the pack included)."""
    voids = chance_states = 0
    for seed in range(25):
        rng = random.Random(seed)
        seeded = new_game(rules, seed=seed)
        explicit = new_game(rules, seed=seed, chance="explicit")
        assert_chance_state(explicit, seeded)
        explicit = explicit.apply(Deal(seeded.deck))
        while True:
            assert_same(seeded, explicit)
            if seeded.is_terminal:
                break
            action = rng.choice(seeded.legal_actions())
            seeded = seeded.apply(action)
            explicit = explicit.apply(action)
            if explicit.is_chance:
                chance_states += 1
                assert_chance_state(explicit, seeded)
                explicit = explicit.apply(Deal(seeded.deck))
        voids += sum(r.reason is HandEnd.EXHAUSTED_PACK for r in seeded.history)
    assert chance_states > 25
    if rules.players == 4 and rules.deal_packet == 3:
        assert voids  # some void deals came up, and each waited for a new Deal


def test_first_deal_fixed_by_deck_is_no_chance_state() -> None:
    """``deck=`` fixes the first deal; the next deal waits for a Deal."""
    state = new_game(seed=5, dealer=0, deck=STANDARD_DECK, chance="explicit")
    assert not state.is_chance
    assert state.deck == STANDARD_DECK
    while not state.is_chance:
        state = state.apply(state.legal_actions()[0])
    assert state.deal_number == 1
    assert state.dealer in (0, 1)


@pytest.mark.rule("AF-11", "AF-12")
def test_a_run_of_the_pack_deals_on_from_the_same_pack() -> None:
    """A run (AF-11) and a same-suit rerun (AF-12) deal from the Deal's pack: no chance state."""
    deck = list(STANDARD_DECK)
    deck[37], deck[23] = deck[23], deck[37]  # the first run turns QD (diamonds again): rerun
    state = new_game(seed=1, dealer=0, chance="explicit").apply(Deal(deck))
    state = state.apply(Beg()).apply(RunPack())
    assert not state.is_chance
    assert state.phase is Phase.PLAY
    assert state.deck == tuple(deck)
    assert [str(kick) for kick in state.kicks] == ["KD", "QD", "KS"]


def test_chance_state_refuses_other_actions() -> None:
    state = new_game(seed=2, dealer=3, chance="explicit")
    for action in (Stand(), Beg(), Play(CARDS[0]), RunPack()):
        with pytest.raises(IllegalActionError, match=r"Deal\(deck\)") as err:
            state.apply(action)
        assert err.value.reason is Reason.WRONG_PHASE
        assert err.value.seat is None
    with pytest.raises(IllegalActionError) as err:
        state.apply(Deal(STANDARD_DECK[:51]))
    assert err.value.reason is Reason.BAD_DECK
    with pytest.raises(IllegalActionError) as err:
        state.apply(Deal((*STANDARD_DECK[:51], STANDARD_DECK[0])))
    assert err.value.reason is Reason.BAD_DECK
    dealt = state.apply(Deal(" ".join(map(str, STANDARD_DECK))))
    assert dealt.deck == STANDARD_DECK
    with pytest.raises(IllegalActionError) as err:
        dealt.apply(Deal(STANDARD_DECK))
    assert err.value.reason is Reason.WRONG_PHASE
    seeded = new_game(seed=2, dealer=3)
    assert seeded.is_chance is False
    with pytest.raises(IllegalActionError) as err:
        seeded.apply(Deal(STANDARD_DECK))
    assert err.value.reason is Reason.WRONG_PHASE


def test_chance_argument() -> None:
    with pytest.raises(ArgumentError, match="chance"):
        new_game(seed=1, chance="random")  # type: ignore[arg-type]
    assert new_game(seed=1, chance="seeded") == new_game(seed=1)


def test_chance_states_pickle_and_refuse_save_state() -> None:
    """Chance states are values: equal, hashable, picklable.  A game of explicit chance is not
    saved by save_state (its deals do not follow from the seed): RecordError; pickle it."""
    state = new_game(seed=4, dealer=1, chance="explicit")
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.is_chance
    assert copy.apply(Deal(STANDARD_DECK)) == state.apply(Deal(STANDARD_DECK))
    assert repr(state).startswith("<all_fours.State deal=0 dealer=1 phase=deal")
    dealt = state.apply(Deal(STANDARD_DECK)).apply(Stand())
    assert pickle.loads(pickle.dumps(dealt)) == dealt
    for unsaved in (state, dealt):
        with pytest.raises(RecordError, match="explicit chance"):
            save_state(unsaved)
    seeded = new_game(seed=4, dealer=1).apply(Stand())
    assert load_state(save_state(seeded)) == seeded


def test_determinize_a_chance_state() -> None:
    """A chance state hides nothing: its determinization is the chance state itself."""
    from cardrules import SeededRng
    from cardrules.all_fours import determinize

    state = new_game(seed=8, dealer=2, chance="explicit")
    for seat in range(4):
        view = state.observe(seat)
        sample = determinize(view, SeededRng(seat))
        assert sample.is_chance
        assert sample.observe(seat) == view
        assert sample.apply(Deal(STANDARD_DECK)).hands == state.apply(Deal(STANDARD_DECK)).hands
