"""The engine of 400: dealing, bidding, play, claims, conduct, errors, views (FH-1 ... FH-30)."""

import pickle

import pytest

from cardrules import (
    CARDS,
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    ParseError,
    Reason,
    RulesError,
    Suit,
    draw_for_dealer,
    shuffled_deck,
)
from cardrules.four_hundred import (
    Bid,
    Claim,
    Ending,
    Outcome,
    Phase,
    Play,
    Redeal,
    Rules,
    State,
    TalkBeforePlay,
    TalkDuringPlay,
    new_game,
)

# Stacked decks (top card first) for the worked examples played in the engine.
DECK_54 = (
    "4H QS QD 4D 6C 5S JD 3S 5D 5C 3D KH 8S TH JS TC 7S 9D QH 8C KD 9H TS 2H 9C JC "
    "7D 8H 4S 5H 3C 6H 2C AD 4C 7C JH 3H QC 2D 6D KC 6S 2S AC KS AH 7H AS 9S 8D TD"
)
DECK_14 = (
    "9D 9H 7C 4S JS JD 5S 3S JH 3D QS TD 6H 6C QH 3H 2C KH 6S 9S KC 8C QC 6D 5H AD "
    "5D 7S 4H JC TH 2H 3C KD 7D AH TS 4D AC QD TC 4C 7H 9C AS 8D 8H 2D 2S KS 8S 5C"
)
DECK_177 = (
    "8C KS AD 2H 2S 7C JC 7D 7H 4D 4H 3D 8D 6D 9C TC 5H 2C AC JH 7S 6H 9S 5C 8H AS "
    "TH TD QS 2D 9D 3H QC 6S 4C 5S KC 8S 6C KH JD 5D QD 3S 4S TS KD 9H AH 3C QH JS"
)
DECK_109 = (
    "7H 7D TS QC 2H AS 2D AH KH 8H 9C 5D 4S 9D QS 8D 3S AC 6D TC KC 8S 3D 5S JC 5C "
    "2S QH 7S 2C AD JD 4H QD 6C KD 8C TD 7C 9H 4C JH TH 5H 9S JS 6S 3H 4D KS 3C 6H"
)


def bid_all(state: State, bids: tuple[int, int, int, int]) -> State:
    """Apply ``bids`` (given in seat order) in bidding order, within one deal."""
    deal = state.deal_number
    while state.phase is Phase.BIDDING and state.deal_number == deal:
        state = state.apply(Bid(bids[state.current_player or 0]))
    return state


def play_first_legal(state: State) -> State:
    """Play the first legal card until the hand (deal) ends."""
    deal = state.deal_number
    while state.deal_number == deal and not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def p(text: str) -> Play:
    return Play.parse(text)


# -- FH-1 ... FH-9: players, cards, dealer, deal ----------------------------------------------


@pytest.mark.rule("FH-1", "FH-2", "FH-4")
def test_fh1_fh2_fh4_four_players_one_deck_seats_in_play_order() -> None:
    state = new_game(seed=11, dealer=2)
    hands = state.hands
    assert len(hands) == 4
    assert sorted(c for h in hands for c in h) == list(CARDS)  # 52 cards, no jokers
    assert state.current_player == 3  # dealer + 1 acts first (FH-2, FH-10)
    state = state.apply(state.legal_actions()[0])
    assert state.current_player == 0
    assert state.is_terminal is False
    assert isinstance(state, GameState)


@pytest.mark.rule("FH-3")
def test_fh3_four_running_scores() -> None:
    state = new_game(seed=1, dealer=0)
    assert state.scores == (0, 0, 0, 0)
    assert new_game(seed=1, dealer=0, scores=(5, -3, 0, 12)).scores == (5, -3, 0, 12)


@pytest.mark.rule("FH-5")
def test_fh5_hearts_are_trumps() -> None:
    assert new_game(seed=3).trump is Suit.HEARTS


@pytest.mark.rule("FH-6")
def test_fh6_first_dealer_drawn_from_the_seed() -> None:
    for seed in range(20):
        assert new_game(seed=seed).dealer == draw_for_dealer(seed, 4)
    assert new_game(seed=5, dealer=1).dealer == 1
    state = new_game()
    assert isinstance(state.seed, int)
    assert new_game(seed=state.seed) == state  # a drawn seed replays the game


@pytest.mark.rule("FH-7")
def test_fh7_deal_packets_from_dealer_plus_one() -> None:
    deck = shuffled_deck(9, "deal", 0)
    state = new_game(seed=9, dealer=1)
    assert state.deck == deck
    # dealer 1: seat 2 gets the top card, then 3, 0, 1; then packets of two
    assert deck[0] in state.hand(2)
    assert deck[3] in state.hand(1)
    assert {deck[4], deck[5]} <= set(state.hand(2))
    assert {deck[10], deck[11]} <= set(state.hand(1))
    threes = Rules(deal_packets=(3, 2, 2, 2, 2, 2))
    state3 = new_game(threes, seed=9, dealer=1)
    assert set(deck[0:3]) <= set(state3.hand(2))
    assert set(deck[9:12]) <= set(state3.hand(1))
    assert state3.hands != state.hands


@pytest.mark.rule("FH-7")
def test_fh7_stacked_deck_and_hands() -> None:
    deck = list(reversed(CARDS))
    state = new_game(seed=1, dealer=3, deck=deck)
    assert state.deck == tuple(deck)
    assert state.hand(0).highest() == Card.parse("AS")  # seat 0 receives the top card
    same = new_game(seed=1, dealer=3, hands=[state.hand(s) for s in range(4)])
    assert same.hands == state.hands
    text = new_game(seed=1, dealer=3, hands=[str(state.hand(s)) for s in range(4)])
    assert text.hands == state.hands
    assert sorted(same.deck) == list(CARDS)
    assert new_game(seed=1, dealer=3, deck=" ".join(map(str, deck))) == state


@pytest.mark.rule("FH-8")
def test_fh8_deal_passes_to_the_right() -> None:
    state = bid_all(new_game(seed=54, deck=DECK_54, dealer=0), (2, 4, 3, 2))
    state = play_first_legal(state)
    assert state.dealer == 1
    assert state.deal_number == 1
    assert state.deck == shuffled_deck(54, "deal", 1)
    assert state.current_player == 2


@pytest.mark.rule("FH-9")
def test_fh9_bad_deals_are_rejected() -> None:
    good = [CardSet(CARDS[13 * i : 13 * i + 13]) for i in range(4)]
    with pytest.raises(ParseError, match="12 cards"):
        new_game(hands=[good[0], good[1], good[2], CardSet(CARDS[39:51])])
    with pytest.raises(ParseError, match="more than one seat"):
        new_game(hands=[good[0], good[0], good[2], good[3]])
    with pytest.raises(ParseError, match="twice"):
        new_game(hands=[[*list(CARDS[:12]), CARDS[0]], good[1], good[2], good[3]])
    with pytest.raises(ParseError):
        new_game(hands=good[:3])
    with pytest.raises(ParseError, match="52"):
        new_game(deck=CARDS[:51])
    with pytest.raises(ParseError, match="not both"):
        new_game(deck=CARDS, hands=good)
    with pytest.raises(RulesError, match="dealer"):
        new_game(dealer=4)
    with pytest.raises(ParseError, match="seed"):
        new_game(seed="7")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        new_game(rules={"claims": "off"})  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="scores"):
        new_game(scores=(1, 2, 3))


# -- FH-10 ... FH-14: bidding -------------------------------------------------------------------


@pytest.mark.rule("FH-10", "FH-11", "FH-12")
def test_fh10_each_bids_once_in_order_from_minimum_to_13() -> None:
    state = new_game(seed=2, dealer=1, scores=(45, 0, 31, -20))
    assert state.minimum_bids == (4, 2, 3, 2)
    order = []
    while state.phase is Phase.BIDDING:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        assert legal == tuple(Bid(n) for n in range(state.minimum_bids[seat], 14))
        order.append(seat)
        state = state.apply(Bid(7))
    assert order == [2, 3, 0, 1]
    assert state.bids == (7, 7, 7, 7)  # the total has no upper limit (FH-12)
    assert state.phase is Phase.PLAY


@pytest.mark.rule("FH-11", "FH-12")
def test_fh_e3_bids_of_1_and_14_are_illegal() -> None:
    """FH-E3 in the engine: Bid(1) and Bid(14) are rejected with their reasons."""
    state = new_game(seed=2, dealer=0, scores=(0, 59, 0, 0))
    with pytest.raises(IllegalActionError) as info:
        state.apply(Bid(1))
    assert info.value.reason is Reason.BID_BELOW_MINIMUM
    assert info.value.seat == 1
    assert "Bid(5)" not in str(info.value)  # the message lists the legal actions by text
    assert "5 6 7" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Bid(4))
    assert info.value.reason is Reason.BID_BELOW_MINIMUM
    with pytest.raises(IllegalActionError) as info:
        state.apply(Bid(14))
    assert info.value.reason is Reason.BID_ABOVE_MAXIMUM
    assert state.apply(Bid(5)).bids == (None, 5, None, None)


@pytest.mark.rule("FH-13", "FH-14", "FH-8")
def test_fh_e2_throw_in() -> None:
    """FH-E2: (32, 12, 5, -4), dealer 3; bids 3, 3, 3, 2 total 11 < 12: thrown in, scores
    unchanged, next dealer 0."""
    state = new_game(seed=4, dealer=3, scores=(32, 12, 5, -4))
    assert state.minimum_bids == (3, 2, 2, 2)
    assert state.minimum_total == 12
    state = bid_all(state, (3, 3, 3, 2))
    assert state.phase is Phase.BIDDING
    assert state.scores == (32, 12, 5, -4)
    assert state.dealer == 0
    assert state.deal_number == 1
    last = state.history[-1]
    assert last.ending is Ending.THROWN_IN
    assert last.hand_number is None
    assert last.outcomes == (None, None, None, None)
    assert last.bids == (3, 3, 3, 2)
    assert state.hand_number == 1


@pytest.mark.rule("FH-29")
def test_fh29_five_to_start_in_the_engine() -> None:
    rules = Rules(five_to_start="replace")
    state = bid_all(new_game(rules, seed=4, dealer=3), (4, 4, 4, 4))
    assert state.history[-1].ending is Ending.THROWN_IN
    state = bid_all(new_game(rules, seed=4, dealer=3), (5, 2, 2, 2))
    assert state.phase is Phase.PLAY


# -- FH-15 ... FH-17: play ----------------------------------------------------------------------


@pytest.mark.rule("FH-15", "FH-16", "FH-17")
def test_fh_e6_trick_resolution() -> None:
    """FH-E6: seat 1 leads 7C, seat 2 KC, seat 3 (no clubs) 2H, seat 0 AC: seat 3 wins.  Seat 2
    holding 4C may not play JH on a club lead; seat 3 (void) may discard 3D instead."""
    fixed = {1: "7C", 2: "KC 4C JH", 3: "2H 3D 5H", 0: "AC"}
    hands: dict[int, set[Card]] = {s: set(CardSet.parse(t)) for s, t in fixed.items()}
    rest = [c for c in CARDS if not any(c in h for h in hands.values())]
    non_clubs = [c for c in rest if c.suit is not Suit.CLUBS]
    for card in non_clubs[: 13 - len(hands[3])]:
        hands[3].add(card)
    rest = [c for c in rest if c not in hands[3]]
    for seat in (0, 1, 2):
        while len(hands[seat]) < 13:
            hands[seat].add(rest.pop())
    state = new_game(seed=1, dealer=0, hands=[sorted(hands[s]) for s in range(4)])
    state = bid_all(state, (2, 3, 3, 3))
    assert state.current_player == 1  # FH-15: dealer + 1 leads
    state = state.apply(p("7C"))
    with pytest.raises(IllegalActionError) as info:
        state.apply(p("JH"))
    assert info.value.reason is Reason.MUST_FOLLOW_SUIT
    assert p("JH") not in state.legal_actions()
    assert all(a.card.suit is Suit.CLUBS for a in state.legal_actions())  # type: ignore[union-attr]
    state = state.apply(p("KC"))
    legal3 = state.legal_actions()
    assert p("3D") in legal3  # no duty to trump (FH-16)
    assert p("2H") in legal3
    assert len(legal3) == 13
    state = state.apply(p("2H")).apply(p("AC"))
    assert state.tricks_taken == (0, 0, 0, 1)
    assert state.current_player == 3  # the winner leads
    assert state.tricks[0].winner(Suit.HEARTS) == 3
    assert state.trick_winners == (3,)
    # FH-16: hearts may be led at any time
    assert p("5H") in state.legal_actions()


@pytest.mark.rule("FH-17", "FH-19", "FH-3", "FH-8")
def test_fh_e1_hand_in_the_engine() -> None:
    """FH-E1: dealer 0; bids seat 1 = 4, 2 = 3, 3 = 2, 0 = 2; tricks 3, 5, 2, 3 -> (2, 4, -3, 2),
    no winner, next dealer 1 (DECK_54, every player playing their first legal card)."""
    state = bid_all(new_game(seed=54, deck=DECK_54, dealer=0), (2, 4, 3, 2))
    assert state.bids == (2, 4, 3, 2)
    state = play_first_legal(state)
    last = state.history[-1]
    assert last.tricks == (3, 5, 2, 3)
    assert sum(last.tricks) == 13
    assert state.scores == (2, 4, -3, 2)
    assert last.changes == (2, 4, -3, 2)
    assert last.outcomes == (Outcome.MADE, Outcome.MADE, Outcome.FAILED, Outcome.MADE)
    assert last.ending is Ending.PLAYED
    assert last.hand_number == 1
    assert state.winner is None
    assert state.dealer == 1


@pytest.mark.rule("FH-22", "FH-23")
def test_fh_e4_in_the_engine() -> None:
    """FH-E4: (38, 20, 5, 15), dealer 3, bids 3s, tricks 3, 4, 3, 3 -> (41, 23, 8, 18): team 0
    wins (DECK_14, first legal cards)."""
    state = bid_all(new_game(seed=14, deck=DECK_14, dealer=3, scores=(38, 20, 5, 15)), (3, 3, 3, 3))
    state = play_first_legal(state)
    assert state.history[-1].tricks == (3, 4, 3, 3)
    assert state.scores == (41, 23, 8, 18)
    assert state.is_terminal
    assert state.winner == 0
    assert state.phase is Phase.OVER
    assert state.current_player is None
    assert state.legal_actions() == ()
    with pytest.raises(IllegalActionError) as info:
        state.apply(Bid(2))
    assert info.value.reason is Reason.GAME_OVER
    assert state.history[-1].winner == 0


@pytest.mark.rule("FH-22", "FH-23")
def test_fh_e5_in_the_engine() -> None:
    """FH-E5: (38, 10, -2, 10), bids 3, 3, 2, 4, tricks 3, 3, 2, 5 -> (41, 13, 0, 14): no
    winner; with partner_condition="non_negative" team 0 wins (DECK_177)."""
    for rules, winner in ((Rules(), None), (Rules(partner_condition="non_negative"), 0)):
        state = new_game(rules, seed=177, deck=DECK_177, dealer=3, scores=(38, 10, -2, 10))
        state = play_first_legal(bid_all(state, (3, 3, 2, 4)))
        assert state.history[-1].tricks == (3, 3, 2, 5)
        assert state.scores == (41, 13, 0, 14)
        assert state.winner == winner
        assert state.is_terminal is (winner is not None)


@pytest.mark.rule("FH-21")
def test_fh21_high_bid_win_in_the_engine() -> None:
    """A made bid of 10+ by a non-negative bidder ends the game at once."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = new_game(seed=1, dealer=1, hands=hands)  # seat 2 (all hearts) leads
    state = bid_all(state, (2, 2, 13, 2))
    state = play_first_legal(state)
    assert state.history[-1].tricks == (0, 0, 13, 0)
    assert state.history[-1].high_bid_winner == 2
    assert state.winner == 0
    state = new_game(Rules(high_bid_win="never"), seed=1, dealer=1, hands=hands)
    state = play_first_legal(bid_all(state, (2, 2, 13, 2)))
    assert state.winner is None
    assert state.scores == (-2, -2, 40, -2)


# -- FH-18: claims ------------------------------------------------------------------------------


def claim_position() -> State:
    """DECK_109, dealer 0, bids 3s, ten tricks of first legal cards: seat 3 on lead, 12 cards
    left: QC TH QH / 9S JS AS / AH 6S QS / KH TS KS."""
    state = bid_all(new_game(seed=109, deck=DECK_109, dealer=0), (3, 3, 3, 3))
    for _ in range(40):
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == 3
    assert state.played == CardSet(CARDS) - CardSet.parse("QC TH QH 9S JS AS AH 6S QS KH TS KS")
    return state


@pytest.mark.rule("FH-18")
def test_fh_e7_claim_accepted() -> None:
    """FH-E7: seat 3 on lead with exactly AH KH QH left: the claim is accepted."""
    state = claim_position().with_hidden_cards(
        [
            CardSet.parse("QC TH 9S"),
            CardSet.parse("JS AS 6S"),
            ["QS", "TS", "KS"],
            ["AH", "KH", "QH"],
        ]
    )
    before = state.tricks_taken
    after = state.claim(3)
    last = after.history[-1]
    assert last.ending is Ending.CLAIMED
    assert last.claimer == 3
    assert last.tricks == (before[0], before[1], before[2], before[3] + 3)
    assert sum(last.tricks) == 13
    assert after.deal_number == state.deal_number + 1


@pytest.mark.rule("FH-18")
def test_fh_e7_claim_rejected() -> None:
    """FH-E7: seat 3 on lead with AS KS QS while seat 0 has no spades and holds a heart (TH here,
    the 2H of the example being played already): rejected, nothing changes."""
    state = claim_position().with_hidden_cards(
        [["QC", "TH", "AH"], ["JS", "9S", "6S"], ["TS", "KH", "QH"], ["AS", "KS", "QS"]]
    )
    snapshot = pickle.dumps(state)
    with pytest.raises(IllegalActionError) as info:
        state.claim(3)
    assert info.value.reason is Reason.CLAIM_REJECTED
    assert info.value.action == Claim(3)
    assert pickle.dumps(state) == snapshot
    # seat 0 could claim nothing either; a claim by a non-leader is checked the same way
    with pytest.raises(IllegalActionError):
        state.claim(1)


@pytest.mark.rule("FH-18")
def test_fh18_claim_only_between_tricks_and_when_on() -> None:
    state = claim_position()
    mid = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError) as info:
        mid.claim(3)
    assert info.value.reason is Reason.CLAIM_NOT_ALLOWED
    with pytest.raises(IllegalActionError) as info:
        new_game(seed=1).claim(0)
    assert info.value.reason is Reason.CLAIM_NOT_ALLOWED
    off = bid_all(new_game(Rules(claims="off"), seed=109, deck=DECK_109, dealer=0), (3, 3, 3, 3))
    with pytest.raises(IllegalActionError) as info:
        off.claim(1)
    assert info.value.reason is Reason.CLAIM_NOT_ALLOWED
    with pytest.raises(ParseError):
        state.claim(4)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Claim(3))  # type: ignore[arg-type]
    assert info.value.reason is Reason.CLAIM_NOT_ALLOWED


@pytest.mark.rule("FH-18")
def test_fh18_claim_by_a_player_not_on_lead() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = bid_all(new_game(seed=1, dealer=0, hands=hands), (3, 3, 3, 3))
    assert state.current_player == 1
    after = state.claim(2)  # seat 2 holds every trump: it wins every trick wherever the lead is
    assert after.history[-1].tricks == (0, 0, 13, 0)
    with pytest.raises(IllegalActionError):
        state.claim(1)


# -- FH-26 ... FH-28: conduct; FH-30: no-picture redeal -------------------------------------------


@pytest.mark.rule("FH-26", "FH-28")
def test_fh26_talk_before_play_voids_the_hand() -> None:
    rules = Rules(conduct_penalties=True)
    state = new_game(rules, seed=8, dealer=0).apply(Bid(3))
    after = state.penalize(TalkBeforePlay(1))
    assert after.history[-1].ending is Ending.CONDUCT_REDEAL
    assert after.history[-1].offender == 1
    assert after.scores == (0, 0, 0, 0)
    assert after.dealer == 1
    assert after.offences == (0, 1)
    with pytest.raises(IllegalActionError) as info:
        state.penalize(TalkDuringPlay(1))
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        state.apply(TalkBeforePlay(1))  # type: ignore[arg-type]
    assert info.value.reason is Reason.NOT_ALLOWED_BY_RULES


@pytest.mark.rule("FH-27")
def test_fh27_talk_during_play_scores_failed_and_made() -> None:
    rules = Rules(conduct_penalties=True)
    state = bid_all(new_game(rules, seed=8, dealer=0, scores=(35, 0, 0, 0)), (5, 2, 4, 3))
    state = state.apply(state.legal_actions()[0])
    after = state.penalize(TalkDuringPlay(0))
    last = after.history[-1]
    assert last.ending is Ending.CONDUCT_PENALTY
    assert last.changes == (-5, 2, -4, 3)  # 5 is worth 5 from 30 (FH-20)
    assert after.scores == (30, 2, -4, 3)
    assert last.outcomes == (Outcome.FAILED, Outcome.MADE, Outcome.FAILED, Outcome.MADE)
    with pytest.raises(IllegalActionError) as info:
        after.penalize(TalkDuringPlay(0))
    assert info.value.reason is Reason.WRONG_PHASE


@pytest.mark.rule("FH-28")
def test_fh28_third_offence_loses_the_game() -> None:
    state = new_game(Rules(conduct_penalties=True), seed=8, dealer=0)
    state = state.penalize(TalkBeforePlay(0)).penalize(TalkBeforePlay(1))
    state = state.penalize(TalkBeforePlay(0))
    assert not state.is_terminal
    state = bid_all(state, (4, 4, 4, 4))
    state = state.penalize(TalkDuringPlay(0))
    assert state.offences == (3, 1)
    assert state.is_terminal
    assert state.winner == 1
    assert state.history[-1].winner == 1


@pytest.mark.rule("FH-26", "FH-27", "FH-28")
def test_conduct_penalties_exist_only_when_on() -> None:
    state = new_game(seed=8)
    with pytest.raises(IllegalActionError) as info:
        state.penalize(TalkBeforePlay(0))
    assert info.value.reason is Reason.NOT_ALLOWED_BY_RULES
    with pytest.raises(IllegalActionError) as info:
        state.apply(TalkBeforePlay(0))  # type: ignore[arg-type]
    assert info.value.reason is Reason.NOT_ALLOWED_BY_RULES
    with pytest.raises(IllegalActionError) as info:
        new_game(Rules(conduct_penalties=True)).penalize(Bid(3))  # type: ignore[arg-type]
    assert info.value.reason is Reason.NOT_AN_ACTION


@pytest.mark.rule("FH-30")
def test_fh30_no_picture_redeal() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D",
        "JC QC KC AC 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    rules = Rules(no_picture_redeal=True)
    state = new_game(rules, seed=3, dealer=3, hands=hands)  # seat 0 (no pictures) bids first
    assert state.legal_actions()[-1] == Redeal()
    assert Bid(2) in state.legal_actions()  # may bid instead
    after = state.apply(Redeal())
    assert after.history[-1].ending is Ending.VOID_REDEAL
    assert after.dealer == 0
    assert after.scores == (0, 0, 0, 0)
    # the others may not demand it
    later = state.apply(Bid(2))
    assert Redeal() not in later.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        later.apply(Redeal())
    assert info.value.reason is Reason.NOT_ALLOWED_BY_RULES
    off = new_game(seed=3, dealer=3, hands=hands)
    assert Redeal() not in off.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        off.apply(Redeal())
    assert info.value.reason is Reason.NOT_ALLOWED_BY_RULES
    playing = bid_all(new_game(rules, seed=3, dealer=3, hands=hands), (3, 3, 3, 3))
    with pytest.raises(IllegalActionError) as info:
        playing.apply(Redeal())
    assert info.value.reason is Reason.WRONG_PHASE


# -- errors, values, views ------------------------------------------------------------------------


def test_reasons_of_illegal_actions() -> None:
    state = new_game(seed=21, dealer=0)
    cases = [("QH", Reason.NOT_AN_ACTION), (p("QH"), Reason.WRONG_PHASE)]
    playing = bid_all(state, (3, 3, 3, 3))
    not_held = next(c for c in CARDS if c not in playing.hand(1))
    cases += [(Bid(3), Reason.WRONG_PHASE), (Play(not_held), Reason.CARD_NOT_IN_HAND)]
    for st, (action, reason) in zip([state, state, playing, playing], cases, strict=True):
        with pytest.raises(IllegalActionError) as info:
            st.apply(action)  # type: ignore[arg-type]
        assert info.value.reason is reason
        assert info.value.legal == st.legal_actions()
        assert info.value.seat == st.current_player


def test_state_is_an_immutable_hashable_value() -> None:
    state = bid_all(new_game(seed=5, dealer=2), (3, 3, 3, 3))
    with pytest.raises(AttributeError):
        state.scores = (1, 1, 1, 1)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state._s
    with pytest.raises(AttributeError):
        state.is_terminal = True  # type: ignore[misc]
    assert state.is_terminal is False
    copy = pickle.loads(pickle.dumps(state))
    assert copy.is_terminal is False
    assert copy == state
    assert hash(copy) == hash(state)
    assert state != new_game(seed=6, dealer=2)
    assert state != bid_all(new_game(seed=5, dealer=2, scores=(0, 0, 0, 1)), (3, 3, 3, 3))
    assert len({state, copy}) == 1
    assert "play" in repr(state)


def test_observation_holds_only_what_the_seat_may_know() -> None:
    state = bid_all(new_game(seed=5, dealer=2), (3, 3, 3, 3))
    state = state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    view = state.observe(seat)
    assert view.hand == state.hand(seat)
    assert view.legal_actions == state.legal_actions()
    assert view.hand_sizes == (13, 13, 13, 12) or sum(view.hand_sizes) == 51
    other = state.observe((seat + 1) % 4)
    assert other.legal_actions == ()
    assert other.current_trick == state.current_trick
    assert not hasattr(view, "seed")
    assert not hasattr(view, "deck")
    with pytest.raises(ParseError):
        state.observe(7)


def test_with_hidden_cards_checks_and_rebuilds_the_deck() -> None:
    state = claim_position()
    hands = [state.hand(s) for s in range(4)]
    swapped = state.with_hidden_cards([hands[1], hands[0], hands[2], hands[3]])
    assert swapped.hand(0) == hands[1]
    assert swapped.played == state.played
    assert swapped.tricks == state.tricks
    # the rebuilt deck deals the played cards plus the new hands
    redealt = new_game(seed=0, dealer=swapped.dealer, deck=swapped.deck)
    for seat in range(4):
        played = {c for t in swapped.tricks for s, c in t.plays() if s == seat}
        assert set(redealt.hand(seat)) == played | set(swapped.hand(seat))
    with pytest.raises(ParseError):
        state.with_hidden_cards([hands[0], hands[1], hands[2]])
    with pytest.raises(ParseError):
        state.with_hidden_cards([hands[0], hands[0], hands[2], hands[3]])
    with pytest.raises(ParseError):
        state.with_hidden_cards([CardSet.parse("2C 3C 4C"), hands[1], hands[2], hands[3]])
    with pytest.raises(ParseError):
        state.with_hidden_cards([hands[0] | hands[1], CardSet(), hands[2], hands[3]])
