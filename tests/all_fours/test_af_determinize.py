"""Determinization (``cardrules.all_fours.determinize``): consistency with the observation,
soundness of every inference, uniformity, and the private mid-deal constructor it uses."""

from __future__ import annotations

import contextlib
import importlib
import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import FULL_MASK, SUIT_MASKS, CardSet, SeededRng, Suit
from cardrules.all_fours import (
    Beg,
    GiveOne,
    Phase,
    Play,
    Rules,
    Stand,
    State,
    deck_for,
    determinize,
    new_game,
    void_suits,
)
from cardrules.all_fours.determinize import _sample_with_card_of, _void_masks
from cardrules.all_fours.engine import _assemble
from cardrules.all_fours.state import _Deal
from cardrules.core.hidden import count_hidden_deals
from cardrules.errors import IllegalActionError

determinize_module = importlib.import_module("cardrules.all_fours.determinize")
seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from(Rules.PRESETS)
OPTIONS = [Rules.preset(p) for p in Rules.PRESETS] + [
    Rules(undertrump="only_if_void"),
    Rules(exposed_cards=True, give_one_needs_trump=True, undertrump="only_if_only_trumps"),
]


def random_game(seed: int, rules: Rules, limit: int = 400) -> list[State]:
    """A seeded random game (bounded: a game could in principle go on for ever); with the
    exposed-card rule, cards are sometimes shown out of turn and called (AF-25)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(limit):
        if state.is_terminal:
            break
        if rules.exposed_cards and rng.random() < 0.15:
            seat = rng.randrange(rules.players)
            hand = state.hands[seat]
            if hand:
                with contextlib.suppress(IllegalActionError):  # not allowed now: fine
                    state = state.expose(seat, rng.choice(hand))
            turn = state.current_player
            for card in state.exposed:
                if turn is not None and card in state.hands[turn]:
                    with contextlib.suppress(IllegalActionError):
                        state = state.call((turn + 1) % rules.players, card)
                    break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def hidden_from(state: State, seat: int) -> int:
    """The cards hidden from ``seat``: other hands (less exposed cards) and the stock, plus its
    own hand while it may not look (AF-15)."""
    view = state.observe(seat)
    hidden = CardSet(state.stock).mask
    for other, hand in enumerate(state.hands):
        if other != seat or not view.may_look:
            hidden |= CardSet(hand).mask & ~state.exposed.mask
    return hidden


@settings(max_examples=20)
@given(seed=seeds, which=st.integers(min_value=0, max_value=len(OPTIONS) - 1))
def test_samples_observe_the_same_and_play_on(seed: int, which: int) -> None:
    """sample.observe(seat) == observation, at every point of random games of every preset (and
    the AF-20 and AF-25 options), for every seat; the sample plays on to its end."""
    rules = OPTIONS[which]
    rng = random.Random(seed)
    states = random_game(seed, rules)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        for seat in range(rules.players):
            view = state.observe(seat)
            sample = determinize(view, rng)
            assert sample.observe(seat) == view
            assert sample.seed != state.seed or sample == state
            # the public parts agree with the truth; only hidden cards may differ
            assert sample.kicks == state.kicks
            assert sample.tricks == state.tricks
            assert sample.current_trick == state.current_trick
            assert hidden_from(sample, seat) == hidden_from(state, seat)
            assert len(sample.stock) == len(state.stock)
            assert sample.dealt[seat] == state.dealt[seat] or not view.may_look
            while not sample.is_terminal and sample.deal_number == state.deal_number:
                sample = sample.apply(rng.choice(sample.legal_actions()))


@settings(max_examples=25)
@given(seed=seeds, which=st.integers(min_value=0, max_value=len(OPTIONS) - 1))
def test_every_inferred_void_is_true(seed: int, which: int) -> None:
    """AF-17, AF-18, AF-20: what void_suits infers holds in the true state (soundness)."""
    rules = OPTIONS[which]
    for state in random_game(seed, rules):
        voids = _void_masks(state.observe(0))
        for seat, hand in enumerate(state.hands):
            assert not CardSet(hand).mask & voids[seat]


def test_the_mid_deal_constructor_rebuilds_any_state() -> None:
    """_assemble (private) gives back the very state from its parts, in every phase."""
    for which, rules in enumerate(OPTIONS):
        for state in random_game(which, rules)[::7]:
            tricks = tuple(
                (t.leader, tuple(c.index for c in t.cards), w)
                for t, w in zip(state.tricks, state.trick_winners, strict=True)
            )
            called = state.called
            trump = state.trump
            deal = _Deal(
                rules=state.rules,
                seed=state.seed,
                dealer=state.dealer,
                deal_number=state.deal_number,
                deck=state.deck,
                kicks=state.kicks,
                dealt=tuple(d.mask for d in state.dealt),
                trump=-1 if trump is None else int(trump),
                phase=state.phase,
                scores=state.scores,
                history=state.history,
                awards=state.awards,
                decisions=state.decisions,
                winner=state.winner,
                exposed=state.exposed.mask,
                called=-1 if called is None else called.index,
            )
            rebuilt = _assemble(
                deal,
                hands=[CardSet(h).mask for h in state.hands],
                turn=state.current_player,
                leader=state.current_trick.leader,
                trick=tuple(c.index for c in state.current_trick.cards),
                tricks=tricks,
            )
            assert rebuilt == state
            assert rebuilt.legal_actions() == state.legal_actions()


def test_a_determinization_never_reads_the_hidden_cards() -> None:
    """Two states that differ only in cards hidden from a seat give the same samples."""
    state = new_game(seed=12, dealer=0).apply(Stand())
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    other = determinize(state.observe(1), random.Random(3))
    assert other != state
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


# -- inferences, one by one ---------------------------------------------------------------------
HANDS = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3D 8D 2S", "JH 3H AS KC 9D 4S"]


def played(rules: Rules, cards: str, kick: str = "6H", hands: list[str] = HANDS) -> State:
    state = new_game(rules, deck=deck_for(hands, kick, rules=rules), dealer=0, seed=1)
    state = state.apply(Stand())
    for card in cards.split():
        state = state.apply(Play.parse(card))
    return state


def voids(state: State) -> list[list[str]]:
    return [sorted(str(suit) for suit in suits) for suits in void_suits(state.observe(0))]


@pytest.mark.rule("AF-18")
def test_af18_no_suit_and_no_trump_proves_a_void() -> None:
    """AF-18: on a plain lead, playing neither that suit nor a trump proves a void in it;
    trumping proves nothing."""
    state = played(Rules(), "4C 8D KC 8C")  # hearts trumps; seat 2 shows out of clubs
    assert voids(state) == [[], [], ["C"], []]
    state = played(Rules(), "5D 7H")
    assert voids(state) == [[], [], [], []]  # seat 2 trumped a diamond lead: nothing proven


@pytest.mark.rule("AF-17")
def test_af17_no_trump_on_a_trump_lead_proves_a_trump_void() -> None:
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AC 7C QS 3D 8D 2S", "JH 3H AS KC 9D 4S"]
    state = played(Rules(), "2H 8D", hands=hands)  # hearts led and trumps; seat 2 has none
    assert voids(state) == [[], [], ["H"], []]


@pytest.mark.rule("AF-20")
def test_af20_undertrumps_prove_what_the_option_requires() -> None:
    """AF-20: hearts trumps, seat 1 leads KS, seat 2 trumps with QH, seat 3 undertrumps with
    JH.  By default that proves nothing; with only_if_only_trumps seat 3 held nothing but
    trumps; with only_if_void it held no spade."""
    base = ["5H TD KD QC 7S 8C", "2C KS TS 4C 5D 9S", "AH 7H QH 3D 8D 2S"]
    for rules, seat3, expected in [
        (Rules(), "JH 3C AS KC 9D 4S", []),
        (Rules(undertrump="only_if_only_trumps"), "JH 3H 4H 8H 9H TH", ["C", "D", "S"]),
        (Rules(undertrump="only_if_void"), "JH 6D AC KC 9D 4D", ["S"]),
    ]:
        state = played(rules, "KS QH JH", hands=[*base, seat3])
        assert voids(state) == [[], [], [], expected], rules.undertrump


@pytest.mark.rule("AF-11")
def test_af11_a_gift_under_give_one_needs_trump_proves_a_trump() -> None:
    """AF-11 with give_one_needs_trump: the dealer who gave one held a card of the kick's suit;
    every sample keeps one in the dealer's hand (or among its played cards)."""
    rules = Rules(give_one_needs_trump=True)
    rng = random.Random(0)
    found = 0
    for seed in range(40):
        state = new_game(rules, seed=seed, dealer=0).apply(Beg())
        if GiveOne() not in state.legal_actions():
            continue
        state = state.apply(GiveOne())
        trumps = SUIT_MASKS[state.kick.suit]
        view = state.observe(1)
        for _ in range(30):
            sample = determinize(view, rng)
            assert sample.dealt[0].mask & trumps
        found += 1
    assert found > 5


# -- uniformity -----------------------------------------------------------------------------------
def chi_square(counts: Counter[object], expected: dict[object, float]) -> float:
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def limit(cells: int) -> float:
    """A generous bound for a chi-square statistic with ``cells - 1`` degrees of freedom
    (mean + 6 standard deviations): a fair sampler passes, a biased one does not."""
    k = cells - 1
    return k + 6 * math.sqrt(2 * k)


def last_trick_two_players() -> State:
    """A two-player hand at its last trick where the opponent has shown voids."""
    for seed in itertools.count():
        state = new_game(Rules.preset("all_twos"), seed=seed, dealer=0)
        if state.phase is not Phase.BEG:
            continue
        state = state.apply(Stand())
        rng = random.Random(seed)
        while state.phase is Phase.PLAY and len(state.tricks) < 5:
            state = state.apply(rng.choice(state.legal_actions()))
        if (
            state.phase is Phase.PLAY
            and state.current_player == 0
            and len(state.tricks) == 5
            and void_suits(state.observe(0))[1]
        ):
            return state
    raise AssertionError("unreachable")


def test_uniform_on_a_small_case_and_voids_honoured() -> None:
    """Two players, last trick, the opponent void in a suit: its last card is uniform over the
    hidden cards outside that suit (and never of it)."""
    state = last_trick_two_players()
    view = state.observe(0)
    void = _void_masks(view)[1]
    candidates = list(CardSet.from_mask(hidden_from(state, 0)))
    allowed = [c for c in candidates if not c.mask & void]
    assert len(allowed) < len(candidates)
    rng = random.Random(1)
    draws = 60 * len(allowed)
    counts = Counter(determinize(view, rng).hands[1][0] for _ in range(draws))
    assert set(counts) <= set(allowed)
    expected = {c: draws / len(allowed) for c in allowed}
    assert chi_square(counts, expected) < limit(len(allowed))


def test_marginals_match_exact_counts_mid_hand() -> None:
    """Four players mid-hand with voids: how often each hidden card lands with each holder
    matches the exact counts of :func:`count_hidden_deals`."""
    rules = Rules(undertrump="only_if_void")
    for seed in itertools.count():
        states = random_game(seed, rules)
        picks = [
            s
            for s in states
            if s.phase is Phase.PLAY
            and 2 <= len(s.tricks) <= 3
            and sum(map(len, void_suits(s.observe(0)))) >= 2
        ]
        if picks:
            state = picks[0]
            break
    view = state.observe(0)
    n = 4
    unknown = hidden_from(state, 0)
    sizes = [0, *(len(state.hands[s]) for s in range(1, n)), len(state.stock)]
    masks = _void_masks(view)
    allowed = [0, *(unknown & ~masks[s] for s in range(1, n)), unknown]
    total = count_hidden_deals(unknown, sizes, allowed)
    rng = random.Random(2)
    draws = 3000
    samples = [determinize(view, rng) for _ in range(draws)]
    for card in CardSet.from_mask(unknown):
        expected = {}
        for holder in range(1, n + 1):
            if not allowed[holder] & card.mask:
                continue
            forced = [a & ~card.mask for a in allowed]
            sub = list(sizes)
            sub[holder] -= 1
            ways = count_hidden_deals(unknown & ~card.mask, sub, forced) if sub[holder] >= 0 else 0
            if ways:
                expected[holder] = draws * ways / total
        counts: Counter[object] = Counter(
            next(h for h in range(1, n) if card in s.hands[h]) if card not in s.stock else n
            for s in samples
        )
        assert set(counts) <= set(expected), card
        assert chi_square(counts, expected) < limit(len(expected)) + 10, card


@pytest.mark.rule("AF-15")
def test_af15_a_seat_that_may_not_look_samples_its_own_hand() -> None:
    """AF-15: before the beg is answered, seat 2 has not seen its cards: they are sampled too,
    each of the 51 hidden cards equally likely to be its."""
    state = new_game(seed=30, dealer=0)
    view = state.observe(2)
    assert not view.may_look
    rng = random.Random(4)
    draws = 2000
    counts: Counter[object] = Counter()
    for _ in range(draws):
        sample = determinize(view, rng)
        assert sample.observe(2) == view
        counts.update(sample.hands[2])
    cards = [c for c in CardSet.from_mask(FULL_MASK) if c != state.kick]
    expected = dict.fromkeys(cards, draws * 6 / 51)
    assert chi_square(counts, expected) < limit(51) + 20


def test_the_exact_path_for_a_wanted_card_is_uniform(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact method behind AF-11's inference (no rejection rounds): uniform over the deals
    in which the holder gets at least one wanted card."""
    monkeypatch.setattr(determinize_module, "_TRUMP_TRIES", 0)
    cards = CardSet.parse("2C 3C 4D 5D 6S")
    wanted = CardSet.parse("2C 3C").mask
    unknown = cards.mask
    deals = [
        frozenset(pair) for pair in itertools.combinations(cards, 2) if CardSet(pair).mask & wanted
    ]
    assert len(deals) == 7
    rng = random.Random(5)
    draws = 7000
    counts: Counter[object] = Counter()
    for _ in range(draws):
        first, rest = _sample_with_card_of(unknown, [2, 3], [unknown, unknown], 0, wanted, rng)
        assert first | rest == unknown
        counts[frozenset(CardSet.from_mask(first))] += 1
    assert set(counts) == set(deals)
    assert chi_square(counts, dict.fromkeys(deals, draws / 7)) < limit(7)


def test_suits_in_void_suits_are_suits() -> None:
    state = played(Rules(), "4C 8D KC 8C")
    assert void_suits(state.observe(1))[2] == frozenset({Suit.CLUBS})
