"""A 400 saved state proves its past (issue 32): each finished hand carries its deck and the
cards played, and ``load_state`` replays them through the engine, so a history re-scored to
match an impossible play is refused; a state saved without the cards is refused with a reason."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardrules import Card, Rank, Suit
from cardrules.core.records import RecordError
from cardrules.four_hundred import Ending, Outcome, load_state, new_game, save_state, score_hand

_ACE_OF_TRUMPS = Card(Rank.ACE, Suit.HEARTS)


def _after_first_hand(seed: int) -> Any:
    """A seeded game at the first decision of deal 1, after a played deal 0 (or None)."""
    rng = random.Random(seed)
    state = new_game(seed=seed, dealer=seed % 4)
    while state.deal_number == 0 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal or state.history[0].ending is not Ending.PLAYED:
        return None
    return state


def _forge(data: dict[str, Any], tricks: list[int]) -> dict[str, Any] | None:
    """``data`` with hand 0 given ``tricks`` and everything that follows re-scored to match by
    the public scorekeeping (FH-19 ... FH-24); None when the forged hand would end the game."""
    hand = data["history"][0]
    before = [s - c for s, c in zip(hand["scores"], hand["changes"], strict=True)]
    try:
        scored = score_hand(before, hand["bids"], tricks, level=41)
    except ValueError:
        return None
    if scored.winner is not None:
        return None
    forged = json.loads(json.dumps(data))
    hand = forged["history"][0]
    hand.update(
        tricks=tricks,
        scores=list(scored.scores),
        changes=list(scored.changes),
        outcomes=[(Outcome.MADE if m else Outcome.FAILED).value for m in scored.made],
        level=scored.level,
        high_bid_winner=scored.high_bid_winner,
    )
    forged["scores"] = list(scored.scores)
    return forged


@pytest.mark.rule("FH-15", "FH-16", "FH-17", "FH-19")
def test_a_past_re_scored_to_match_an_impossible_play_is_refused() -> None:
    """The issue's forgeries: the holder of the ace of trumps takes no trick, or one seat takes
    all 13, with the scores re-scored to match.  The re-scoring check alone accepts them (the
    refusal comes from the replay); the replay of the saved cards refuses every one."""
    refused = 0
    for seed in range(40):
        state = _after_first_hand(seed)
        if state is None:
            continue
        data = json.loads(save_state(state))
        assert load_state(json.dumps(data)) == state
        deck = state.history[0]
        holder = next(
            seat for seat in range(4) if _ACE_OF_TRUMPS in _hand_of(data["history"][0], seat)
        )
        tricks = list(deck.tricks)
        forgeries = []
        if tricks[holder]:
            moved = tricks.copy()
            moved[(holder + 1) % 4] += moved[holder]
            moved[holder] = 0
            forgeries.append(moved)
        forgeries += [[13 if s == seat else 0 for s in range(4)] for seat in range(4)]
        for tricks in forgeries:
            forged = _forge(data, tricks)
            if forged is None or tricks == list(deck.tricks):
                continue
            with pytest.raises(
                RecordError, match=r"history\[0\]: the hand does not follow from its replay"
            ):
                load_state(json.dumps(forged))
            refused += 1
    assert refused >= 140, refused


def _hand_of(saved_hand: dict[str, Any], seat: int) -> set[Card]:
    """The cards that ``seat`` played in a saved, fully played hand (the deal's whole hand)."""
    new = new_game(seed=0, dealer=saved_hand["dealer"], deck=saved_hand["deck"])
    return set(new.hands[seat])


def test_the_saved_cards_are_checked() -> None:
    """The cards of a finished hand are the engine's to check: a play swapped, a card left out,
    a deck that is not the seed's for a later deal, all refused saying where."""
    rng = random.Random(5)
    state = new_game(seed=5, dealer=1)
    while len(state.history) < 3 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    data = json.loads(save_state(state))
    played = next(i for i, h in enumerate(data["history"]) if h["plays"])
    plays = data["history"][played]["plays"].split()
    cases = []
    swapped = json.loads(json.dumps(data))
    swapped["history"][played]["plays"] = " ".join([plays[1], plays[0], *plays[2:]])
    cases.append((swapped, rf"history\[{played}\]"))
    short = json.loads(json.dumps(data))
    short["history"][played]["plays"] = " ".join(plays[:-1])
    cases.append((short, rf"history\[{played}\]"))
    later = json.loads(json.dumps(data))
    later["history"][1]["deck"] = data["history"][0]["deck"]
    cases.append((later, r"history\[1\]: the deck is not the one the game's seed deals"))
    twice = json.loads(json.dumps(data))
    twice["history"][played]["plays"] = " ".join([plays[0], *plays])
    cases.append((twice, "distinct cards"))
    for forged, message in cases:
        with pytest.raises(RecordError, match=message):
            load_state(json.dumps(forged))


def test_a_state_saved_without_the_cards_is_refused_with_a_reason() -> None:
    """The earlier form of a saved state (no deck or cards per finished hand) cannot prove its
    past: refused, saying why; one saved in the first deal (no finished hand) loads as before."""
    rng = random.Random(2)
    state = new_game(seed=2, dealer=0)
    while not state.history:
        state = state.apply(rng.choice(state.legal_actions()))
    data = json.loads(save_state(state))
    for hand in data["history"]:
        del hand["deck"], hand["plays"]
    with pytest.raises(RecordError, match=r"history\[0\] holds no cards .* cannot be replayed"):
        load_state(json.dumps(data))
    first = new_game(seed=2, dealer=0).apply(new_game(seed=2, dealer=0).legal_actions()[0])
    assert load_state(save_state(first)) == first


def test_a_fixed_first_deal_is_kept_for_the_replay() -> None:
    """A game whose first deal was fixed (``deck=``) saves that deck with its first hand, and
    loads after it; a determinized sample, which does not know it, is not saved."""
    from cardrules.core.deck import shuffled_deck
    from cardrules.four_hundred import determinize

    rng = random.Random(9)
    state = new_game(seed=9, dealer=3, deck=shuffled_deck(123, "fixed"))
    while state.deal_number < 2 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    text = save_state(state)
    assert json.loads(text)["history"][0]["deck"] == " ".join(map(str, shuffled_deck(123, "fixed")))
    assert load_state(text) == state
    seat = state.current_player
    assert seat is not None
    sample = determinize(state.observe(seat), random.Random(1))
    with pytest.raises(RecordError, match="does not hold the deck of its first deal"):
        save_state(sample)
