"""The kernels of All Fours (all_fours.kernels), interpreted and compiled, against slow
definitions written from the rules and against the checked functions and engine tables."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CARDS, CardSet
from cardrules.all_fours import Rules, kernels
from cardrules.all_fours.dealing import deal_places, run_packets
from cardrules.all_fours.scoring import _SUIT_POINTS, CARD_POINTS
from cardrules.core.cardset import FULL_MASK
from cardrules.core.compiled import is_kernel
from cardrules.errors import ArgumentError
from tests.kernels._tiers import same

RULESETS = [
    Rules(),
    Rules.preset("tournament"),
    Rules.preset("tobago"),
    Rules.preset("all_twos"),
    Rules(undertrump="only_if_void", game_tie="non_dealer", hang_jack_value=2, target=21),
    Rules(players=2, deal_packet=1, game_value=0, target=7),
]
rulesets = st.sampled_from(RULESETS)
masks = st.integers(0, FULL_MASK)
UNDERTRUMP = {"allowed": 0, "only_if_only_trumps": 1, "only_if_void": 2}


def test_the_rules_are_kernels() -> None:
    for name in kernels.__all__:
        value = getattr(kernels, name)
        if callable(value) and name != "rule_params":
            assert is_kernel(value), name


def _cards(text: str) -> int:
    return CardSet.parse(text).mask


def _of_suit(mask: int, suit: int) -> int:
    return sum(1 << c for c in range(52) if mask >> c & 1 and c // 13 == suit)


# -- the deal and the runs ---------------------------------------------------------------------
def _slow_deal(dealer: int, players: int, packet: int) -> list[int]:
    """AF-7, AF-11 by dealing: the owner of every position of the deck (-1 kick, -2 never dealt),
    running the pack while a run's 3n + 1 cards are left (AF-13)."""
    owners: list[int] = []
    for _ in range(6 // packet):
        for offset in range(1, players + 1):
            owners += [(dealer + offset) % players] * packet
    owners.append(-1)
    while 52 - len(owners) >= 3 * players + 1:
        for offset in range(1, players + 1):
            owners += [(dealer + offset) % players] * 3
        owners.append(-1)
    return owners + [-2] * (52 - len(owners))


@pytest.mark.rule("AF-7", "AF-11", "AF-13")
@pytest.mark.parametrize(("players", "packet"), [(4, 3), (4, 1), (2, 3), (2, 1)])
def test_deal_layout(players: int, packet: int) -> None:
    runs = same(kernels.max_runs, players)
    assert runs == (2 if players == 4 else 5)
    for dealer in range(players):
        owners = _slow_deal(dealer, players, packet)
        assert [same(kernels.deal_owner, p, dealer, players, packet) for p in range(52)] == owners
        kicks = [p for p, owner in enumerate(owners) if owner == -1]
        assert [same(kernels.kick_place, r, players) for r in range(runs + 1)] == kicks
        for r in range(runs + 1):
            assert same(kernels.stock_place, r, players) == kicks[r] + 1
            places, kick_places, top = deal_places(players, packet, dealer, r)
            assert kick_places == tuple(kicks[: r + 1])
            assert top == kicks[r] + 1
            for seat in range(players):
                assert places[seat] == tuple(p for p in range(top) if owners[p] == seat), (
                    dealer,
                    r,
                    seat,
                )


@pytest.mark.rule("AF-11", "AF-13")
def test_deal_places_refuses_more_runs_than_a_deal_can_have() -> None:
    """Two runs with four players, five with two; a third (sixth) run would deal beyond the
    pack, so it is refused instead of giving kick places past the 52nd card."""
    assert deal_places(4, 3, 0, 2)[1] == (24, 37, 50)
    assert deal_places(2, 3, 0, 5)[2] <= 52
    for players, runs in ((4, 3), (4, 4), (2, 6)):
        with pytest.raises(ArgumentError, match="runs"):
            deal_places(players, 3, 0, runs)
    with pytest.raises(ArgumentError, match="players"):
        deal_places(3, 3, 0, 0)
    with pytest.raises(ArgumentError, match="packet"):
        deal_places(4, 2, 0, 0)


@pytest.mark.rule("AF-7", "AF-11")
@given(st.randoms(use_true_random=False), rulesets, st.integers(0, 5))
def test_deal_hands(rng: random.Random, rules: Rules, runs: int) -> None:
    n = rules.players
    runs = min(runs, kernels.max_runs(n))
    dealer = rng.randrange(n)
    deck = list(CARDS)
    rng.shuffle(deck)
    owners = _slow_deal(dealer, n, rules.deal_packet)
    top = kernels.stock_place(runs, n)
    expected = tuple(
        sum(deck[p].mask for p in range(top) if owners[p] == seat) if seat < n else 0
        for seat in range(4)
    )
    indices = tuple(card.index for card in deck)
    assert same(kernels.deal_hands, indices, dealer, n, rules.deal_packet, runs) == expected
    # a run's packets, as the engine deals them, are the cards the layout adds
    if runs:
        before = kernels.deal_hands(indices, dealer, n, rules.deal_packet, runs - 1)
        stock = deck[kernels.stock_place(runs - 1, n) :]
        assert run_packets(stock, dealer, n) == tuple(expected[s] ^ before[s] for s in range(n))


@pytest.mark.rule("AF-8", "AF-13")
def test_next_dealer() -> None:
    assert [same(kernels.next_dealer, d, 4, 0) for d in range(4)] == [1, 2, 3, 0]
    assert [same(kernels.next_dealer, d, 2, 0) for d in range(2)] == [1, 0]
    assert [same(kernels.next_dealer, d, 4, 1) for d in range(4)] == [0, 1, 2, 3]


# -- kicks, gifts, the target ------------------------------------------------------------------
@pytest.mark.rule("AF-5", "AF-9")
@given(st.integers(0, 51), rulesets)
def test_kick_points(card: int, rules: Rules) -> None:
    expected = rules.kick_value(CARDS[card].rank)
    assert same(kernels.kick_points, card, kernels.rule_params(rules)) == expected


@pytest.mark.rule("AF-11")
@given(masks, st.integers(0, 3), rulesets)
def test_may_give_one(hand: int, suit: int, rules: Rules) -> None:
    expected = not rules.give_one_needs_trump or bool(_of_suit(hand, suit))
    assert same(kernels.may_give_one, hand, suit, kernels.rule_params(rules)) is expected


@pytest.mark.rule("AF-14", "AF-21")
@given(
    st.integers(0, 30), st.integers(0, 30), st.integers(0, 1), st.integers(0, 4), st.integers(1, 31)
)
def test_award_points(a: int, b: int, side: int, points: int, target: int) -> None:
    scores = [a, b]
    scores[side] += points
    winner = side if scores[side] >= target else -1
    assert same(kernels.award_points, a, b, side, points, target) == (*scores, winner)


@pytest.mark.rule("AF-21")
def test_af_e3_a_kick_reaches_the_target() -> None:
    """Scores 12-7, the kick 6D (2) for the dealer's side 0: 14, the game is won."""
    p = kernels.rule_params(Rules())
    points = same(kernels.kick_points, CardSet.parse("6D").mask.bit_length() - 1, p)
    assert same(kernels.award_points, 12, 7, 0, points, p[kernels.P_TARGET]) == (14, 7, 0)


# -- play --------------------------------------------------------------------------------------
def _slow_play(hand: int, trick: Sequence[int], trump: int, undertrump: str, called: int) -> int:
    """AF-16 ... AF-20, AF-25 from the text, card by card."""
    if not trick:
        legal = hand
    else:
        lead = trick[0] // 13
        holds_lead = bool(_of_suit(hand, lead))
        legal = 0
        for card in range(52):
            if not hand >> card & 1:
                continue
            suit = card // 13
            if holds_lead and suit != lead and not (suit == trump and lead != trump):
                continue  # AF-17, AF-18
            if suit == trump and lead != trump and undertrump != "allowed":
                trumps = [c for c in trick if c // 13 == trump]
                if trumps and card < max(trumps):  # an undertrump (AF-20)
                    only_trumps = hand == _of_suit(hand, trump)
                    allowed = only_trumps if undertrump == "only_if_only_trumps" else not holds_lead
                    if not allowed:
                        continue
            legal |= 1 << card
    if called >= 0:
        legal &= 1 << called
    return legal


@pytest.mark.rule("AF-16", "AF-17", "AF-18", "AF-19", "AF-20", "AF-25")
@given(
    st.lists(st.integers(0, 51), min_size=0, max_size=3, unique=True),
    masks,
    st.integers(0, 3),
    st.sampled_from(list(UNDERTRUMP)),
    st.booleans(),
)
def test_play_mask(trick: list[int], hand: int, trump: int, undertrump: str, call: bool) -> None:
    from cardrules.core.tricks import winning_offset

    hand &= ~sum(1 << c for c in trick)
    called = (hand & -hand).bit_length() - 1 if call and hand else -1
    lead = trick[0] // 13 if trick else -1
    top = trick[winning_offset(trick, trump)] if trick else -1
    expected = _slow_play(hand, trick, trump, undertrump, called)
    got = same(kernels.play_mask, hand, lead, top, trump, UNDERTRUMP[undertrump], called)
    assert got == expected


@pytest.mark.rule("AF-20")
def test_af_e4_undertrumping() -> None:
    """Hearts trumps, 5D led and QH played: 9D 3H 7C may play {9D, 3H}, or {9D} when
    undertrumping needs only trumps; 3H 7C may play {3H, 7C}, or {7C}."""
    lead, top = 1, CardSet.parse("QH").mask.bit_length() - 1
    for hand, allowed, only in (("9D 3H 7C", "9D 3H", "9D"), ("3H 7C", "3H 7C", "7C")):
        assert same(kernels.play_mask, _cards(hand), lead, top, 2, 0, -1) == _cards(allowed)
        assert same(kernels.play_mask, _cards(hand), lead, top, 2, 1, -1) == _cards(only)


# -- the end of the hand -----------------------------------------------------------------------
@pytest.mark.rule("AF-4")
@given(masks)
def test_card_points(mask: int) -> None:
    expected = sum(CARD_POINTS[c.rank] for c in CARDS if mask & c.mask)
    assert same(kernels.card_points, mask) == expected
    assert kernels.card_points(FULL_MASK) == 80


@pytest.mark.rule("AF-4")
def test_the_engines_card_point_table_is_the_kernels() -> None:
    assert all(_SUIT_POINTS[p] == kernels.card_points(p) for p in range(1 << 13))


def _slow_awards(
    trump: int, side0: int, side1: int, won0: int, won1: int, dealer: int, rules: Rules
) -> list[tuple[int, int, int, int]]:
    """AF-22, AF-23 from the text: (kind, side, points, card) in scoring order."""
    awards = []
    in_play = [c for c in range(52) if (side0 | side1) >> c & 1 and c // 13 == trump]

    def side_of(card: int) -> int:
        return 0 if side0 >> card & 1 else 1

    if in_play:
        awards.append((kernels.KIND_HIGH, side_of(max(in_play)), 1, max(in_play)))
        awards.append((kernels.KIND_LOW, side_of(min(in_play)), 1, min(in_play)))
        jack = 13 * trump + 9
        if jack in in_play:
            taker = 0 if won0 >> jack & 1 else 1
            if taker == side_of(jack):
                awards.append((kernels.KIND_JACK, taker, 1, jack))
            else:
                awards.append((kernels.KIND_HANG_JACK, taker, rules.hang_jack_value, jack))
    points = [sum(CARD_POINTS[c.rank] for c in CARDS if w & c.mask) for w in (won0, won1)]
    if points[0] != points[1]:
        awards.append((kernels.KIND_GAME, 0 if points[0] > points[1] else 1, rules.game_value, -1))
    elif rules.game_tie == "non_dealer":
        awards.append((kernels.KIND_GAME, 1 - dealer % 2, rules.game_value, -1))
    return awards


@pytest.mark.rule("AF-21", "AF-22", "AF-23")
@given(
    st.randoms(use_true_random=False),
    rulesets,
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 20),
    st.integers(0, 20),
)
def test_hand_awards_and_score_hand(
    rng: random.Random, rules: Rules, trump: int, dealer: int, a: int, b: int
) -> None:
    p = kernels.rule_params(rules)
    cards = list(range(52))
    rng.shuffle(cards)
    dealt = cards[: rng.choice([12, 24, 36])]
    side0 = sum(1 << c for c in dealt[::2])
    side1 = sum(1 << c for c in dealt[1::2])
    won0 = sum(1 << c for c in dealt if rng.random() < 0.5)
    won1 = (side0 | side1) & ~won0
    points = (kernels.card_points(won0), kernels.card_points(won1))
    expected = _slow_awards(trump, side0, side1, won0, won1, dealer, rules)
    slots = same(kernels.hand_awards, trump, side0, side1, won0, *points, dealer, p)
    assert [s for s in slots if s[0] != kernels.KIND_NONE] == expected
    # AF-21, AF-23: one at a time, in order, stopping at the target
    target = rules.target
    a, b = min(a, target - 1), min(b, target - 1)
    scores, winner, scored = [a, b], -1, []
    for award in expected:
        scores[award[1]] += award[2]
        scored.append(award)
        if scores[award[1]] >= target:
            winner = award[1]
            break
    first, second, won, kept = same(
        kernels.score_hand, a, b, trump, side0, side1, won0, *points, dealer, p
    )
    assert (first, second, won) == (*scores, winner)
    assert [s for s in kept if s[0] != kernels.KIND_NONE] == scored


@pytest.mark.rule("AF-23")
def test_af_e1_and_e5_tallies() -> None:
    """AF-E1: High AH and Game to side 0, Low 2H and Jack to side 1: 2 + 2 = 4 and 2.
    AF-E5 (two players): High, Low and hang jack to s1, game tied: s1 +5."""
    p = kernels.rule_params(Rules())
    side0 = _cards("AH 7H QS 3C 8D 2S 5H TD KD QC 7S 8C")
    side1 = _cards("2H KS TS 4C 5D 9S JH 3H AS KC 9D 4S")
    won0 = _cards("2H AH 3H 5H 9D TD KS 8D KD TS QS 4S")
    won1 = FULL_MASK & (side0 | side1) & ~won0
    points = (kernels.card_points(won0), kernels.card_points(won1))
    assert points == (32, 10)
    assert same(kernels.score_hand, 2, 0, 2, side0, side1, won0, *points, 0, p)[:3] == (4, 2, -1)
    two = kernels.rule_params(Rules(players=2))
    s0, s1 = _cards("JS TS QH 7D 8C 6H"), _cards("AS 2S KH 5D 9C 4H")
    won0 = _cards("2S TS 5D 7D 6H 4H")
    won1 = (s0 | s1) & ~won0
    points = (kernels.card_points(won0), kernels.card_points(won1))
    assert points == (10, 10)
    assert same(kernels.score_hand, 0, 0, 3, s0, s1, won0, *points, 0, two)[:3] == (0, 5, -1)
