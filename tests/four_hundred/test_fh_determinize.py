"""Determinization (``cardrules.four_hundred.determinize``): consistency with the observation,
soundness of the only inference (FH-16), uniformity of the hidden hands and of the deck order,
and the private mid-deal constructor it uses."""

from __future__ import annotations

import importlib
import itertools
import math
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CardSet, SeededRng, Suit
from cardrules.core.hidden import count_hidden_deals
from cardrules.four_hundred import (
    Bid,
    Observation,
    Phase,
    Play,
    Rules,
    State,
    TalkDuringPlay,
    determinize,
    new_game,
    void_suits,
)
from cardrules.four_hundred.dealing import seat_schedule
from cardrules.four_hundred.determinize import _void_masks
from cardrules.four_hundred.engine import _assemble
from cardrules.four_hundred.state import _Deal

determinize_module = importlib.import_module("cardrules.four_hundred.determinize")
seeds = st.integers(min_value=0, max_value=2**64 - 1)
RULESETS = [Rules.preset(p) for p in Rules.PRESETS] + [
    Rules(conduct_penalties=True, no_picture_redeal=True, deal_packets=(3, 2, 2, 2, 2, 2))
]
rulesets = st.integers(min_value=0, max_value=len(RULESETS) - 1)


def random_game(seed: int, rules: Rules, limit: int = 300) -> list[State]:
    """A seeded random game (bounded: random bids keep failing, so a game could go on for
    ever), with a conduct penalty now and then when the rules have them."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(limit):
        if state.is_terminal:
            break
        if rules.conduct_penalties and state.phase is Phase.PLAY and rng.random() < 0.01:
            state = state.penalize(TalkDuringPlay(rng.randrange(2)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def hidden_from(state: State, seat: int) -> int:
    """The cards hidden from ``seat``: the other seats' unplayed cards."""
    mask = 0
    for other, hand in enumerate(state.hands):
        if other != seat:
            mask |= CardSet(hand).mask
    return mask


def test_the_observation_holds_no_seed_and_no_deck() -> None:
    """Either would give the hidden cards away (the seed determines every deck)."""
    names = {field.name for field in attrs.fields(Observation)}
    assert not names & {"seed", "deck", "hands", "dealt"}


@settings(max_examples=20)
@given(seed=seeds, which=rulesets)
def test_samples_observe_the_same_and_play_on(seed: int, which: int) -> None:
    """sample.observe(seat) == observation, at points of random games of every preset, for
    every seat; the public parts agree with the truth and the sample plays on."""
    rules = RULESETS[which]
    rng = random.Random(seed)
    states = random_game(seed, rules)
    for state in [*states[:: max(1, len(states) // 15)], states[-1]]:
        for seat in range(4):
            view = state.observe(seat)
            sample = determinize(view, rng)
            assert sample.observe(seat) == view
            assert sample.seed != state.seed or sample == state
            assert sample.tricks == state.tricks
            assert sample.trick_winners == state.trick_winners
            assert sample.current_trick == state.current_trick
            assert sample.minimum_bids == state.minimum_bids
            assert sample.hand_number == state.hand_number
            assert sample.minimum_total == state.minimum_total
            assert sample.hands[seat] == state.hands[seat]
            assert hidden_from(sample, seat) == hidden_from(state, seat)
            assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
            # the deck deals the sample's cards (played and unplayed) by FH-7
            schedule = seat_schedule(sample.dealer, rules.deal_packets)
            dealt = [CardSet(h).mask for h in sample.hands]
            for trick in [*sample.tricks, sample.current_trick]:
                for who, card in trick.plays():
                    dealt[who] |= card.mask
            for card, who in zip(sample.deck, schedule, strict=True):
                assert dealt[who] & card.mask
            for _ in range(20):
                if sample.is_terminal:
                    break
                sample = sample.apply(rng.choice(sample.legal_actions()))


@pytest.mark.rule("FH-16")
@settings(max_examples=25)
@given(seed=seeds, which=rulesets)
def test_fh16_every_inferred_void_is_true(seed: int, which: int) -> None:
    """FH-16: what void_suits infers (a failure to follow) holds in the true state."""
    for state in random_game(seed, RULESETS[which]):
        voids = _void_masks(state.observe(0))
        for seat, hand in enumerate(state.hands):
            assert not CardSet(hand).mask & voids[seat]


def test_the_mid_deal_constructor_rebuilds_any_state() -> None:
    """_assemble (private) gives back the very state from its parts, in every phase."""
    for which, rules in enumerate(RULESETS):
        for state in random_game(which, rules)[::5]:
            done = tuple(
                (t.leader, tuple(c.index for c in t.cards), w)
                for t, w in zip(state.tricks, state.trick_winners, strict=True)
            )
            deal = _Deal(
                rules=state.rules,
                seed=state.seed,
                deck=state.deck,
                deal_number=state.deal_number,
                dealer=state.dealer,
                scores=state.scores,
                level=state.level,
                history=state.history,
                hand_number=state.hand_number,
                offences=state.offences,
                minimum_bids=state.minimum_bids,
                winner=state.winner,
                phase=state.phase,
                first_deck=state._deal.first_deck,  # kept for the saved state's replay
            )
            masks = [CardSet(h).mask for h in state.hands]
            rebuilt = _assemble(
                deal,
                hands=(masks[0], masks[1], masks[2], masks[3]),
                turn=state.current_player,
                bids=state.bids,
                taken=state.tricks_taken,
                leader=state.leader,
                trick=tuple(c.index for c in state.current_trick.cards),
                tricks=done,
            )
            assert rebuilt == state
            assert rebuilt.legal_actions() == state.legal_actions()


def test_a_determinization_never_reads_the_hidden_cards() -> None:
    """Two states that differ only in cards hidden from a seat give the same samples."""
    state = new_game(seed=12, dealer=0)
    for bid in (3, 3, 3, 3):
        state = state.apply(Bid(bid))
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    other = determinize(state.observe(1), random.Random(3))
    assert other.hands != state.hands
    assert other.observe(1) == state.observe(1)
    first = determinize(state.observe(1), SeededRng(5))
    second = determinize(other.observe(1), SeededRng(5))
    assert first == second


def test_seeded_samples_are_reproducible_and_fresh() -> None:
    state = new_game(seed=2, dealer=3)
    view = state.observe(0)
    assert determinize(view, SeededRng(1)) == determinize(view, SeededRng(1))
    samples = {determinize(view, SeededRng(s)).seed for s in range(20)}
    assert len(samples) == 20
    assert state.seed not in samples


def test_terminal_and_bidding_observations() -> None:
    """A finished game and the bidding determinize too (nothing played: every hidden card may
    be anywhere)."""
    state = new_game(hands=SUITED, dealer=3, seed=6)
    view = state.observe(2)
    assert determinize(view, random.Random(1)).observe(2) == view
    for bid in (2, 2, 13, 2):  # seat 2 holds every heart: its 13 wins the game (FH-21)
        state = state.apply(Bid(bid))
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    for seat in range(4):
        view = state.observe(seat)
        sample = determinize(view, random.Random(seat))
        assert sample.observe(seat) == view
        assert sample.is_terminal
        assert sample.winner == state.winner


# -- the inference --------------------------------------------------------------------------
SUITED = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def played(cards: str, hands: list[str] = SUITED) -> State:
    state = new_game(hands=hands, dealer=3, seed=1)
    for bid in (3, 3, 3, 3):
        state = state.apply(Bid(bid))
    for card in cards.split():
        state = state.apply(Play.parse(card))
    return state


def voids(state: State, seat: int = 0) -> list[list[str]]:
    return [sorted(str(suit) for suit in suits) for suits in void_suits(state.observe(seat))]


@pytest.mark.rule("FH-16")
def test_fh16_a_failure_to_follow_proves_a_void_and_nothing_else_does() -> None:
    """FH-16: not following the suit led proves a void in it; a discard instead of a trump, or
    a low trump, proves nothing more (no duty to trump or overtrump)."""
    state = played("2C 2D 2H 2S")
    assert voids(state) == [[], ["C"], ["C"], ["C"]]
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = played("2C 2D AC", hands)  # seat 1 discards although it could not trump either
    assert voids(state, 3) == [[], ["C"], [], []]
    state = played("2C 2D AC 2S 3H 3S 2H 3D", hands)  # seat 2 leads hearts: 3 and 1 show out
    assert voids(state, 0) == [[], ["C", "H"], [], ["C", "H"]]


@pytest.mark.rule("FH-16")
def test_fh16_samples_honour_voids() -> None:
    """Every sample keeps a seat that showed out of a suit void in it."""
    state = played("2C 2D 2H 2S")
    view = state.observe(0)
    rng = random.Random(0)
    clubs = CardSet.parse("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    for _ in range(200):
        sample = determinize(view, rng)
        assert all(not CardSet(sample.hands[s]) & clubs for s in (1, 2, 3))
    assert void_suits(view)[1] == frozenset({Suit.CLUBS})


# -- uniformity -------------------------------------------------------------------------------
def chi_square(counts: Counter[object], expected: dict[object, float]) -> float:
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def limit(cells: int) -> float:
    """A generous bound for a chi-square statistic with ``cells - 1`` degrees of freedom
    (mean + 6 standard deviations): a fair sampler passes, a biased one does not."""
    k = cells - 1
    return k + 6 * math.sqrt(2 * k)


def late_position() -> State:
    """Two tricks left (six hidden cards), seat 0 to lead, another seat void in a suit that
    is still out."""
    for seed in itertools.count():
        states = random_game(seed, Rules(), limit=2000)
        for state in states:
            if (
                state.phase is Phase.PLAY
                and len(state.tricks) == 11
                and not state.current_trick.cards
                and state.current_player == 0
            ):
                view = state.observe(0)
                masks = _void_masks(view)
                hidden = hidden_from(state, 0)
                if any(masks[s] & hidden for s in (1, 2, 3)):
                    return state
    raise AssertionError("unreachable")


def hidden_deal_counts(state: State, seat: int) -> tuple[list[CardSet], dict[object, float]]:
    """Every way to give the hidden cards to the other seats, with its probability (uniform
    over those that fit the voids), counted by brute force."""
    view = state.observe(seat)
    masks = _void_masks(view)
    others = [s for s in range(4) if s != seat]
    cards = list(CardSet.from_mask(hidden_from(state, seat)))
    sizes = [len(state.hands[s]) for s in others]
    deals = []
    first, second, _ = sizes
    for one in itertools.combinations(cards, first):
        rest = [c for c in cards if c not in one]
        for two in itertools.combinations(rest, second):
            hands = (CardSet(one), CardSet(two), CardSet([c for c in rest if c not in two]))
            if all(not h.mask & masks[s] for h, s in zip(hands, others, strict=True)):
                deals.append(hands)
    unique = sorted(set(deals), key=str)
    allowed = [(CardSet.from_mask(hidden_from(state, seat)).mask & ~masks[s]) for s in others]
    assert len(unique) == count_hidden_deals(hidden_from(state, seat), sizes, allowed)
    return unique, {}


def check_uniform(state: State, rng: random.Random | SeededRng, draws_per_deal: int) -> None:
    deals, _ = hidden_deal_counts(state, 0)
    assert len(deals) > 1
    view = state.observe(0)
    draws = draws_per_deal * len(deals)
    counts: Counter[object] = Counter(
        tuple(CardSet(h) for h in determinize(view, rng).hands[1:]) for _ in range(draws)
    )
    assert set(counts) <= set(deals)
    assert chi_square(counts, dict.fromkeys(deals, draws / len(deals))) < limit(len(deals))


def test_uniform_on_a_small_case_and_voids_honoured() -> None:
    """Late in a hand with a void: every deal of the hidden cards that fits is equally likely
    (chi-square against the brute-force list of deals), and none that does not fit appears."""
    state = late_position()
    check_uniform(state, random.Random(1), 60)
    check_uniform(state, SeededRng(1), 40)


def test_the_exact_path_is_uniform_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the rejection rounds turned off, the exact method alone is uniform (and so is the
    SeededRng path)."""
    monkeypatch.setattr(determinize_module, "_tries", lambda *args: 0)
    determinize_module._CACHE.clear()
    state = late_position()
    check_uniform(state, random.Random(2), 60)
    determinize_module._CACHE.clear()
    check_uniform(state, SeededRng(3), 40)
    determinize_module._CACHE.clear()


def test_marginals_match_exact_counts_mid_hand() -> None:
    """Mid-hand with voids: how often each hidden card lands with each seat matches the exact
    counts of :func:`count_hidden_deals`."""
    for seed in itertools.count():
        picks = [
            s
            for s in random_game(seed, Rules())
            if s.phase is Phase.PLAY
            and 4 <= len(s.tricks) <= 6
            and sum(map(len, void_suits(s.observe(0))[1:])) >= 2
        ]
        if picks:
            state = picks[0]
            break
    view = state.observe(0)
    unknown = hidden_from(state, 0)
    sizes = [len(state.hands[s]) for s in (1, 2, 3)]
    masks = _void_masks(view)
    allowed = [unknown & ~masks[s] for s in (1, 2, 3)]
    total = count_hidden_deals(unknown, sizes, allowed)
    rng = random.Random(2)
    draws = 3000
    samples = [determinize(view, rng) for _ in range(draws)]
    for card in CardSet.from_mask(unknown):
        expected = {}
        for holder in range(3):
            if not allowed[holder] & card.mask:
                continue
            forced = [a & ~card.mask for a in allowed]
            sub = list(sizes)
            sub[holder] -= 1
            ways = count_hidden_deals(unknown & ~card.mask, sub, forced)
            if ways:
                expected[holder] = draws * ways / total
        counts: Counter[object] = Counter(
            next(h for h in range(3) if card in s.hands[h + 1]) for s in samples
        )
        assert set(counts) <= set(expected), card
        assert chi_square(counts, expected) < limit(len(expected)) + 10, card


@pytest.mark.rule("FH-7")
def test_fh7_the_deck_order_within_a_seat_is_uniform() -> None:
    """The deck is hidden: each card a seat was dealt is equally likely in each of that seat's
    13 places (FH-7), for the observing seat's own cards too."""
    state = played("2C 2D 2H 2S")
    view = state.observe(0)
    places = [p for p, s in enumerate(seat_schedule(3, state.rules.deal_packets)) if s == 0]
    rng = random.Random(8)
    draws = 2600
    card = Play.parse("AC").card
    counts: Counter[object] = Counter(determinize(view, rng).deck.index(card) for _ in range(draws))
    assert set(counts) <= set(places)
    assert chi_square(counts, dict.fromkeys(places, draws / 13)) < limit(13)


def test_an_impossible_observation_is_refused() -> None:
    view = played("2C 2D 2H 2S").observe(0)
    bad = attrs.evolve(view, hand_sizes=(12, 12, 12, 11))
    with pytest.raises(ValueError, match="hand size"):
        determinize(bad, random.Random(1))
    bad = attrs.evolve(view, hand=CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"))
    with pytest.raises(ValueError, match="already played"):
        determinize(bad, random.Random(1))


def test_threads_share_the_plan_cache_safely() -> None:
    """Bots in threads determinize many observations at once: the shared plan cache evicts
    under a lock, and every sample still observes the same as the seat's view."""
    views = [
        state.observe(state.current_player)  # type: ignore[arg-type]
        for seed in range(6)
        for state in random_game(seed, Rules())[60:120:5]
        if state.current_player is not None
    ]
    assert len(views) > determinize_module._CACHE_SIZE  # eviction happens

    def work(offset: int) -> int:
        done = 0
        for i in range(3 * len(views)):
            view = views[(i * 7 + offset) % len(views)]
            sample = determinize(view, SeededRng(offset, i))
            assert sample.observe(view.seat) == view
            done += 1
        return done

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert sum(pool.map(work, range(8))) == 8 * 3 * len(views)
    assert len(determinize_module._CACHE) <= determinize_module._CACHE_SIZE
