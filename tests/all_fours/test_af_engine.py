"""The All Fours engine, rule by rule (AF-1 ... AF-25)."""

from __future__ import annotations

import pickle

import pytest
from test_af_helpers import stack

from cardrules import (
    CARDS,
    STANDARD_DECK,
    Card,
    CardSet,
    IllegalActionError,
    ParseError,
    Reason,
    RulesError,
    Suit,
    draw_for_dealer,
    shuffled_deck,
)
from cardrules.all_fours import (
    ACTIONS,
    Award,
    AwardKind,
    Beg,
    GameTie,
    GiveOne,
    HandEnd,
    HandResult,
    Phase,
    Play,
    Rules,
    RunPack,
    Stand,
    State,
    Undertrump,
    hand_awards,
    new_game,
)
from cardrules.all_fours.engine import _start_deal
from cardrules.all_fours.state import _Deal

E1 = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S"]


def plays(state: State) -> str:
    return " ".join(str(a) for a in state.legal_actions())


def play(state: State, cards: str) -> State:
    for card in cards.split():
        state = state.apply(Play.parse(card))
    return state


def finish_deal(state: State) -> State:
    """Play the first legal action until the deal number changes or the game ends."""
    number = state.deal_number
    while state.deal_number == number and not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


# -- players, cards, seats -------------------------------------------------------------------
@pytest.mark.rule("AF-1", "AF-2")
@pytest.mark.parametrize("players", [4, 2])
def test_af1_af2_players_seats_sides(players: int) -> None:
    """AF-1, AF-2: 4 players in two sides or 2 players; play goes to seat+1; two scores."""
    state = new_game(Rules(players=players), seed=4, dealer=players - 1)
    assert state.players == players
    assert len(state.hands) == players
    assert state.scores == (0, 0) or sum(state.scores) > 0
    assert len(state.scores) == 2
    assert state.current_player == 0  # dealer + 1
    state = state.apply(Stand())
    seats = []
    for _ in range(players):
        seats.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert seats == list(range(players))


@pytest.mark.rule("AF-2", "AF-23")
def test_af2_partners_score_together() -> None:
    """AF-2: seats 0 and 2 are side 0; seat 3's Low goes to side 1."""
    awards = hand_awards(
        Suit.CLUBS,
        [CardSet.parse("AC"), CardSet(), CardSet(), CardSet.parse("2C")],
        [CardSet.parse("AC 2C"), CardSet()],
        dealer=0,
    )
    assert [(a.kind, a.side) for a in awards] == [
        (AwardKind.HIGH, 0),
        (AwardKind.LOW, 1),
        (AwardKind.GAME, 0),
    ]


@pytest.mark.rule("AF-3")
def test_af3_one_52_card_deck() -> None:
    """AF-3: one standard deck; every card is in the deal's deck once."""
    state = new_game(seed=9, dealer=0)
    assert sorted(state.deck) == list(STANDARD_DECK)


# -- dealer and deal ---------------------------------------------------------------------------
@pytest.mark.rule("AF-6")
def test_af6_first_dealer_from_seed_or_argument() -> None:
    """AF-6: the first dealer is drawn from the seed, or given."""
    for seed in range(5):
        assert new_game(seed=seed).dealer == draw_for_dealer(seed, 4)
        assert new_game(Rules(players=2), seed=seed).dealer == draw_for_dealer(seed, 2)
    assert new_game(seed=1, dealer=2).dealer == 2
    with pytest.raises(RulesError, match="dealer"):
        new_game(dealer=4)
    with pytest.raises(RulesError, match="dealer"):
        new_game(Rules(players=2), dealer=2)


def test_new_game_arguments() -> None:
    """Seeds are kept; the same arguments give the same game; bad arguments are refused."""
    state = new_game()
    assert isinstance(state.seed, int)
    assert new_game(seed=5) == new_game(seed=5)
    assert new_game(seed=5).deck == shuffled_deck(5, "deal", 0)
    with pytest.raises(RulesError, match="seed"):
        new_game(seed="5")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="Rules"):
        new_game({"players": 4})  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="52"):
        new_game(deck=CARDS[:51])
    assert new_game(deck=" ".join(map(str, CARDS)), dealer=0).deck == CARDS


@pytest.mark.rule("AF-7")
def test_af7_deal_in_packets_of_three() -> None:
    """AF-7: two rounds of three from dealer+1 round to the dealer, then the kick."""
    state = new_game(deck=STANDARD_DECK, dealer=1)
    hand = [CardSet(h) for h in state.hands]
    deck = STANDARD_DECK
    # seat order of dealing: 2, 3, 0, 1
    assert hand[2] == CardSet(deck[0:3] + deck[12:15])
    assert hand[3] == CardSet(deck[3:6] + deck[15:18])
    assert hand[0] == CardSet(deck[6:9] + deck[18:21])
    assert hand[1] == CardSet(deck[9:12] + deck[21:24])
    assert state.kick == deck[24]
    assert state.kicks == (deck[24],)
    assert state.stock == deck[25:]
    assert all(state.kick not in h for h in hand)  # the kick is out of play


@pytest.mark.rule("AF-7")
def test_af7_deal_packet_one() -> None:
    """AF-7, option deal_packet=1: six rounds of one card."""
    state = new_game(Rules(deal_packet=1, players=2), deck=STANDARD_DECK, dealer=0)
    assert CardSet(state.hands[1]) == CardSet(STANDARD_DECK[0:12:2])
    assert CardSet(state.hands[0]) == CardSet(STANDARD_DECK[1:12:2])
    three = new_game(Rules(players=2), deck=STANDARD_DECK, dealer=0)
    assert CardSet(three.hands[1]) == CardSet(STANDARD_DECK[0:3] + STANDARD_DECK[6:9])
    assert state.kick == three.kick == STANDARD_DECK[12]


@pytest.mark.rule("AF-8")
def test_af8_deal_passes_to_the_right() -> None:
    """AF-8: after a played hand the next deal is dealt by dealer+1, from the seed."""
    state = new_game(deck=stack(E1, ["9C"]), dealer=3, seed=8)
    after = finish_deal(state.apply(Stand()))
    assert after.history[-1].reason is HandEnd.PLAYED
    assert after.dealer == 0
    assert after.deal_number == 1
    assert after.deck == shuffled_deck(8, "deal", 1)


# -- kick, beg, give one, run --------------------------------------------------------------------
@pytest.mark.rule("AF-5", "AF-9")
@pytest.mark.parametrize(
    ("kick", "trinidad", "tobago"),
    [("AD", 1, 1), ("6D", 2, 0), ("JD", 3, 3), ("2D", 0, 2), ("QD", 0, 0)],
)
def test_af9_kick_scores_for_the_dealer(kick: str, trinidad: int, tobago: int) -> None:
    """AF-5, AF-9: a kick's points go to the dealer's side at once, by the kick table."""
    for rules, points in [(Rules(), trinidad), (Rules.preset("tobago"), tobago)]:
        state = new_game(rules, deck=stack(E1, [kick]), dealer=1, seed=0)
        assert state.scores == (0, points)
        if points:
            assert state.awards == (Award(1, points, AwardKind.KICK, Card.parse(kick)),)


@pytest.mark.rule("AF-10")
def test_af10_only_the_beggar_stands_or_begs() -> None:
    """AF-10: the beggar (dealer+1) acts first; stand fixes the kick's suit; one beg per deal."""
    state = new_game(deck=stack(E1, ["9C"]), dealer=0, seed=0)
    assert state.beggar == 1 == state.current_player
    assert state.trump is None
    assert state.proposed_trump is Suit.CLUBS
    stood = state.apply(Stand())
    assert stood.trump is Suit.CLUBS
    assert stood.phase is Phase.PLAY
    assert stood.current_player == 1
    begged = state.apply(Beg())
    assert begged.current_player == 0
    with pytest.raises(IllegalActionError) as err:
        begged.apply(Beg())
    assert err.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as err:
        state.apply(GiveOne())
    assert err.value.reason is Reason.WRONG_PHASE


@pytest.mark.rule("AF-11", "AF-9", "AF-19")
def test_af11_run_the_pack() -> None:
    """AF-11: running the pack gives 3 more cards each (dealer+1 first) and a new kick that
    scores; a different suit is trumps; 9 tricks follow."""
    deck = stack(E1, ["9C", "JD"], dealer=0)
    state = new_game(deck=deck, dealer=0, seed=0).apply(Beg())
    assert state.legal_actions() == (GiveOne(), RunPack())
    ran = state.apply(RunPack())
    assert ran.kicks == (Card.parse("9C"), Card.parse("JD"))
    assert ran.scores == (3, 0)  # JD kicked for the dealer's side
    assert ran.trump is Suit.DIAMONDS
    assert [len(h) for h in ran.hands] == [9, 9, 9, 9]
    assert CardSet(ran.hands[1]) - CardSet(state.hands[1]) == CardSet(deck[25:28])
    assert CardSet(ran.hands[0]) - CardSet(state.hands[0]) == CardSet(deck[34:37])
    assert ran.stock == deck[38:]
    assert ran.decisions == (Beg(), RunPack())
    assert ran.current_player == 1
    tricks = 0
    while ran.deal_number == 0:
        before = len(ran.tricks)
        ran = ran.apply(ran.legal_actions()[0])
        tricks += ran.deal_number == 0 and len(ran.tricks) > before
    assert tricks == 8  # the ninth completes the deal
    assert ran.history[-1].card_points is not None


@pytest.mark.rule("AF-11")
def test_af11_give_one_needs_trump() -> None:
    """AF-11 option (tournament): the dealer without the kick's suit must run the pack."""
    rules = Rules(give_one_needs_trump=True)
    # The dealer (seat 0) holds no clubs here: kick 9C.
    hands = ["5H TD KD QD 7S 8D", "2H KS TS 4C 5D 9S", "AH 7H QS 3C 8C 2S", "JH 3H AS KC 9D 4S"]
    state = new_game(rules, deck=stack(hands, ["9C"]), dealer=0, seed=0).apply(Beg())
    assert state.legal_actions() == (RunPack(),)
    with pytest.raises(IllegalActionError) as err:
        state.apply(GiveOne())
    assert err.value.reason is Reason.NOT_ALLOWED_BY_RULES
    # With a club the gift is allowed again.
    state = new_game(rules, deck=stack(E1, ["9C"]), dealer=0, seed=0).apply(Beg())
    assert state.legal_actions() == (GiveOne(), RunPack())
    assert new_game(deck=stack(hands, ["9C"]), dealer=0, seed=0).apply(Beg()).legal_actions() == (
        GiveOne(),
        RunPack(),
    )


@pytest.mark.rule("AF-12", "AF-9", "AF-19")
def test_af12_same_suit_runs_again() -> None:
    """AF-12: a new kick of the same suit scores and is replaced by another run at once."""
    deck = stack(E1, ["9C", "6C", "4H"], dealer=0)
    state = new_game(deck=deck, dealer=0, seed=0).apply(Beg()).apply(RunPack())
    assert state.kicks == (Card.parse("9C"), Card.parse("6C"), Card.parse("4H"))
    assert state.scores == (2, 0)  # the replaced 6C still scored
    assert state.trump is Suit.HEARTS
    assert [len(h) for h in state.hands] == [12, 12, 12, 12]
    assert len(state.stock) == 1
    assert state.decisions == (Beg(), RunPack())


@pytest.mark.rule("AF-13", "AF-8", "AF-9")
def test_af13_exhausted_pack_voids_the_deal() -> None:
    """AF-13: a run due with too few cards voids the deal; kick points stand; the same dealer
    deals again from a fresh shuffle, with a fresh stand or beg."""
    deck = stack(E1, ["9C", "AC", "6C"], dealer=2)
    state = new_game(deck=deck, dealer=2, seed=21).apply(Beg()).apply(RunPack())
    assert state.deal_number == 1
    assert state.dealer == 2
    void = state.history[0]
    assert void.reason is HandEnd.EXHAUSTED_PACK
    assert void.kicks == (Card.parse("9C"), Card.parse("AC"), Card.parse("6C"))
    assert void.scores == (3, 0)
    assert state.deck == shuffled_deck(21, "deal", 1)
    assert state.phase is Phase.BEG
    assert state.scores[0] >= 3


@pytest.mark.rule("AF-13", "AF-1")
def test_af13_two_players_run_five_times() -> None:
    """AF-13 with two players: 39 cards after the deal allow five runs of 7 cards."""
    rules = Rules(players=2)
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S"]
    kicks = ["2S", "3S", "4S", "5S", "6S", "QH"]
    state = new_game(rules, deck=stack(hands, kicks, rules=rules), dealer=0, seed=0)
    state = state.apply(Beg()).apply(RunPack())
    assert state.trump is Suit.HEARTS
    assert len(state.kicks) == 6
    assert [len(h) for h in state.hands] == [21, 21]
    assert len(state.stock) == 4
    same = ["2S", "3S", "4S", "5S", "6S", "8S"]
    state = new_game(rules, deck=stack(hands, same, rules=rules), dealer=0, seed=0)
    state = state.apply(Beg()).apply(RunPack())
    assert state.history[-1].reason is HandEnd.EXHAUSTED_PACK
    assert state.deal_number == 1
    assert state.dealer == 0


@pytest.mark.rule("AF-14", "AF-21", "AF-11")
def test_af14_game_ends_at_a_gift() -> None:
    """AF-14: a gift that reaches the target ends the game at once."""
    state = _start_deal(
        _Deal(rules=Rules(), seed=1, dealer=0, deal_number=3, scores=(5, 13), history=()),
        stack(E1, ["9C"]),
    )
    state = state.apply(Beg()).apply(GiveOne())
    assert state.is_terminal
    assert state.winner == 1
    assert state.scores == (5, 14)
    assert state.history[-1].reason is HandEnd.TARGET_REACHED
    with pytest.raises(IllegalActionError) as err:
        state.apply(Stand())
    assert err.value.reason is Reason.GAME_OVER


@pytest.mark.rule("AF-14", "AF-9", "AF-12")
def test_af14_game_ends_at_a_run_kick() -> None:
    """AF-14: a kick turned in a run that reaches the target ends the game: no rerun."""
    state = _start_deal(
        _Deal(rules=Rules(), seed=1, dealer=0, deal_number=3, scores=(11, 0), history=()),
        stack(E1, ["9C", "JC", "4H"]),
    )
    state = state.apply(Beg()).apply(RunPack())
    assert state.is_terminal
    assert state.scores == (14, 0)
    assert state.kicks == (Card.parse("9C"), Card.parse("JC"))


@pytest.mark.rule("AF-14", "AF-21", "AF-23")
def test_af14_game_ends_mid_tally() -> None:
    """AF-14, AF-23: a side on 13 that scores High wins; later awards are not scored."""
    state = _start_deal(
        _Deal(rules=Rules(), seed=1, dealer=0, deal_number=3, scores=(13, 13), history=()),
        stack(E1, ["9H"]),
    ).apply(Stand())
    # E1's hand with hearts trumps (kick 9H): High AH is side 0's, scored first.
    state = play(state, "2H AH 3H 5H 7H JH 8C 4C AS 7S 9S 2S KC QC 5D 3C 9D TD KS 8D KD TS QS 4S")
    assert state.is_terminal
    assert state.winner == 0
    assert state.scores == (14, 13)
    assert [a.kind for a in state.history[-1].awards] == [AwardKind.HIGH]
    assert state.history[-1].card_points == (32, 10)


@pytest.mark.rule("AF-21")
def test_af21_target_option() -> None:
    """AF-21: option target: a lower target ends sooner; the winner reached it."""
    for target in (1, 5, 14, 21):
        state = new_game(Rules(target=target), seed=target)
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[-1])
        assert state.scores[state.winner] >= target > state.scores[1 - state.winner]


# -- information ------------------------------------------------------------------------------
@pytest.mark.rule("AF-15")
def test_af15_only_beggar_and_dealer_look_before_the_answer() -> None:
    """AF-15: before the beg is answered, seats other than the beggar and the dealer see none of
    their own cards (hand sizes are public); afterwards every seat sees its own hand."""
    state = new_game(deck=stack(E1, ["9C"]), dealer=0, seed=0)
    for beg_state in (state, state.apply(Beg())):
        views = [beg_state.observe(seat) for seat in range(4)]
        assert [len(v.hand) for v in views] == [6, 6, 0, 0]
        assert all(v.hand_sizes == (6, 6, 6, 6) for v in views)
        assert all(v.kicks == (Card.parse("9C"),) for v in views)
    for after in (state.apply(Stand()), state.apply(Beg()).apply(GiveOne())):
        assert [len(after.observe(seat).hand) for seat in range(4)] == [6, 6, 6, 6]
    view = state.observe(1)
    assert view.legal_actions == (Stand(), Beg())
    assert state.observe(2).legal_actions == ()
    with pytest.raises(ValueError, match="seat"):
        state.observe(4)


# -- play ---------------------------------------------------------------------------------------
@pytest.mark.rule("AF-16")
def test_af16_beggar_leads_any_card_winner_leads_next() -> None:
    state = new_game(deck=stack(E1, ["9C"]), dealer=0, seed=0).apply(Stand())
    assert state.current_player == 1
    assert plays(state) == "4C 5D 2H 9S TS KS"
    state = play(state, "9S QS AS 7S")  # s3's AS wins
    assert state.current_player == 3
    assert state.trick_winners == (3,)


@pytest.mark.rule("AF-17")
def test_af17_trump_led_must_play_trump() -> None:
    """AF-17: trump led: a player with trumps must play one; without, any card."""
    state = new_game(deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "2H")
    assert plays(state) == "7H AH"  # s2's hearts only
    with pytest.raises(IllegalActionError) as err:
        state.apply(Play.parse("QS"))
    assert err.value.reason is Reason.MUST_PLAY_TRUMP
    state = play(state, "AH JH")
    assert plays(state) == "5H"
    spades = new_game(deck=stack(E1, ["5S"]), dealer=0, seed=0).apply(Stand())
    spades = play(spades, "9S 2S AS")
    assert plays(spades) == "7S"


@pytest.mark.rule("AF-18")
def test_af18_follow_or_trump() -> None:
    """AF-18: non-trump led: follow suit or trump; void: any card."""
    state = new_game(deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "4C")
    assert plays(state) == "3C 7H AH"  # clubs or hearts
    with pytest.raises(IllegalActionError) as err:
        state.apply(Play.parse("8D"))
    assert err.value.reason is Reason.MUST_FOLLOW_OR_TRUMP
    with pytest.raises(IllegalActionError) as err:
        state.apply(Play.parse("KC"))
    assert err.value.reason is Reason.CARD_NOT_IN_HAND
    state = play(state, "3C KC")
    assert plays(state) == "8C QC 5H"
    void = new_game(deck=stack(E1, ["9H"]), dealer=1, seed=0)
    assert void.current_player == 2


@pytest.mark.rule("AF-18")
def test_af18_void_plays_anything() -> None:
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3H 8D 2S", "JH 3C AS KC 9D 4S"]
    state = new_game(deck=stack(hands, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "4C")
    assert plays(state) == "8D 3H 7H AH 2S QS"


@pytest.mark.rule("AF-19")
def test_af19_trick_winner() -> None:
    """AF-19: the highest trump wins; without one, the highest card of the suit led."""
    state = new_game(deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "4C 3C KC 8C")
    assert state.trick_winners == (3,)
    state = new_game(deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "4C 7H KC 5H")
    assert state.trick_winners == (2,)  # 7H beats 5H and KC


@pytest.mark.rule("AF-20", "AF-17")
@pytest.mark.parametrize(
    ("rule", "hand", "legal"),
    [
        (Undertrump.ALLOWED, "9D 3H 7C", "9D 3H"),
        (Undertrump.ONLY_IF_ONLY_TRUMPS, "9D 3H 7C", "9D"),
        (Undertrump.ONLY_IF_VOID, "9D 3H 7C", "9D"),
        (Undertrump.ALLOWED, "3H 7C", "7C 3H"),
        (Undertrump.ONLY_IF_ONLY_TRUMPS, "3H 7C", "7C"),
        (Undertrump.ONLY_IF_VOID, "3H 7C", "7C 3H"),
        (Undertrump.ONLY_IF_ONLY_TRUMPS, "3H 4H 5H 6H 8H 9H", "3H 4H 5H 6H 8H 9H"),
        (Undertrump.ONLY_IF_VOID, "3H KH 9D", "9D KH"),
        (Undertrump.ONLY_IF_ONLY_TRUMPS, "3H KH 7C", "7C KH"),
    ],
)
def test_af20_undertrump_options(rule: Undertrump, hand: str, legal: str) -> None:
    """AF-20: undertrumping (a lower trump than QH on a diamond lead) by the option; a higher
    trump is always allowed."""
    pad = ["TS", "JS", "QS", "KS", "AS", "9S"]
    own = hand.split()
    hands = ["2C 3C 4C 5C 6C 8C", "5D 2D 3D 4D 6D 8D", "QH 2S 3S 4S 5S 6S", ""]
    hands[3] = " ".join(own + pad[: 6 - len(own)])
    state = new_game(Rules(undertrump=rule), deck=stack(hands, ["7H"]), dealer=0, seed=0)
    state = play(state.apply(Stand()), "5D QH")
    got = CardSet(a.card for a in state.legal_actions()) - CardSet(pad)  # type: ignore[union-attr]
    assert got == CardSet.parse(legal) - CardSet(pad)
    for card in CardSet.parse(hand) - got:
        if card.suit is Suit.HEARTS:
            with pytest.raises(IllegalActionError) as err:
                state.apply(Play(card))
            assert err.value.reason is Reason.UNDERTRUMP_FORBIDDEN


@pytest.mark.rule("AF-20")
def test_af20_never_restricts_a_trump_lead() -> None:
    hands = ["2C 3C 4C 5C 6C 8C", "5H 2D 3D 4D 6D 8D", "QH 2S 3S 4S 5S 6S", "3H 7C TS JS QS KS"]
    rules = Rules(undertrump=Undertrump.ONLY_IF_ONLY_TRUMPS)
    state = new_game(rules, deck=stack(hands, ["7H"]), dealer=0, seed=0).apply(Stand())
    state = play(state, "5H QH")
    assert plays(state) == "3H"


# -- scoring ----------------------------------------------------------------------------------
@pytest.mark.rule("AF-22", "AF-23")
def test_af22_kick_and_stock_are_not_in_play() -> None:
    """AF-22: High and Low are among the dealt cards: the kick (AH here) is not High."""
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "KH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S"]
    state = new_game(deck=stack(hands, ["AH"]), dealer=0, seed=0)
    assert Card.parse("AH") not in state.in_play
    assert len(state.in_play) == 24
    state = state.apply(Stand())
    while state.deal_number == 0:
        state = state.apply(state.legal_actions()[0])
    awards = state.history[0].awards
    assert awards[1] == Award(0, 1, AwardKind.HIGH, Card.parse("KH"))


@pytest.mark.rule("AF-23")
def test_af23_single_trump_and_no_trump() -> None:
    """AF-23: one trump in play scores High and Low for its holder; none: no High, Low, Jack."""
    one = hand_awards(
        Suit.SPADES,
        [CardSet.parse("5S 2C"), CardSet.parse("3C 4C")],
        [CardSet.parse("3C"), CardSet.parse("5S 2C 4C")],
        dealer=0,
    )
    assert [(a.kind, a.side, str(a.card)) for a in one] == [
        (AwardKind.HIGH, 0, "5S"),
        (AwardKind.LOW, 0, "5S"),
    ]
    none = hand_awards(
        Suit.SPADES,
        [CardSet.parse("AC 2C"), CardSet.parse("3C 4C")],
        [CardSet.parse("AC 2C 3C"), CardSet.parse("4C")],
        dealer=0,
    )
    assert [a.kind for a in none] == [AwardKind.GAME]


@pytest.mark.rule("AF-23")
def test_af23_jack_hang_jack_and_values() -> None:
    """AF-23: the jack to its holder's side if they win it; hung: hang_jack_value to the takers;
    none when the jack is not in play."""
    dealt = [CardSet.parse("JS 2C"), CardSet.parse("AS 3C")]
    kept = hand_awards(
        Suit.SPADES, dealt, [CardSet.parse("JS 3C"), CardSet.parse("AS 2C")], dealer=0
    )
    assert (kept[2].kind, kept[2].side, kept[2].points) == (AwardKind.JACK, 0, 1)
    hung = hand_awards(
        Suit.SPADES,
        dealt,
        [CardSet.parse("2C 3C"), CardSet.parse("AS JS")],
        dealer=0,
        rules=Rules(hang_jack_value=4),
    )
    assert (hung[2].kind, hung[2].side, hung[2].points) == (AwardKind.HANG_JACK, 1, 4)
    absent = hand_awards(
        Suit.SPADES,
        [CardSet.parse("QS 2C"), CardSet.parse("AS 3C")],
        [CardSet.parse("QS 2C"), CardSet.parse("AS 3C")],
        dealer=0,
    )
    assert AwardKind.JACK not in [a.kind for a in absent]
    assert AwardKind.HANG_JACK not in [a.kind for a in absent]


@pytest.mark.rule("AF-23")
def test_af23_game_ties_and_values() -> None:
    """AF-23: game to the larger count, game_value points; a tie by game_tie."""
    dealt = [CardSet.parse("TC 2C"), CardSet.parse("TD 3C")]
    tie = [CardSet.parse("TC 2C"), CardSet.parse("TD 3C")]
    assert hand_awards(Suit.SPADES, dealt, tie, dealer=0) == ()
    award = hand_awards(Suit.SPADES, dealt, tie, dealer=0, rules=Rules(game_tie=GameTie.NON_DEALER))
    assert award == (Award(1, 1, AwardKind.GAME, None, (10, 10)),)
    award = hand_awards(Suit.SPADES, dealt, tie, dealer=1, rules=Rules(game_tie=GameTie.NON_DEALER))
    assert award[0].side == 0
    more = [CardSet.parse("TC 2C TD"), CardSet.parse("3C")]
    assert hand_awards(Suit.SPADES, dealt, more, dealer=0, rules=Rules.preset("tournament")) == (
        Award(0, 2, AwardKind.GAME, None, (20, 0)),
    )


@pytest.mark.rule("AF-23")
def test_af23_tournament_game_value_in_play() -> None:
    """Preset tournament: AF-E1's hand scores game 2 for side 0."""
    state = new_game(Rules.preset("tournament"), deck=stack(E1, ["6H"]), dealer=0, seed=0)
    state = play(
        state.apply(Stand()),
        "2H AH 3H 5H 7H JH 8C 4C AS 7S 9S 2S KC QC 5D 3C 9D TD KS 8D KD TS QS 4S",
    )
    assert state.history[0].scores == (5, 2)


# -- AF-25 ------------------------------------------------------------------------------------
@pytest.mark.rule("AF-25")
def test_af25_exposed_cards_are_off_by_default() -> None:
    state = new_game(deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    with pytest.raises(IllegalActionError) as err:
        state.expose(2, "QS")
    assert err.value.reason is Reason.NOT_ALLOWED_BY_RULES


@pytest.mark.rule("AF-25")
def test_af25_expose_and_call() -> None:
    """AF-25: an exposed card stays in its owner's hand, public; on a later turn where it is
    legal an opponent may call it, and then it is the only legal play."""
    rules = Rules(exposed_cards=True)
    state = new_game(rules, deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = state.expose(2, "QS")
    assert state.exposed == CardSet.parse("QS")
    assert Card.parse("QS") in state.hand(2)
    assert all(state.observe(seat).exposed == CardSet.parse("QS") for seat in range(4))
    with pytest.raises(IllegalActionError):
        state.call(3, "QS")  # not seat 2's turn
    state = play(state, "9S")
    with pytest.raises(IllegalActionError, match="opponent"):
        state.call(0, "QS")  # partner
    called = state.call(1, "QS")
    assert called.called == Card.parse("QS")
    assert called.legal_actions() == (Play.parse("QS"),)
    with pytest.raises(IllegalActionError) as err:
        called.apply(Play.parse("2S"))
    assert err.value.reason is Reason.MUST_PLAY_CALLED_CARD
    after = called.apply(Play.parse("QS"))
    assert after.exposed == CardSet()
    assert after.called is None
    # Without a call the owner chooses freely.
    assert plays(state) == "7H AH 2S QS"
    with pytest.raises(IllegalActionError):
        state.expose(2, "2S")  # on the owner's turn a shown card is a play
    with pytest.raises(IllegalActionError) as err:
        state.expose(3, "2S")
    assert err.value.reason is Reason.CARD_NOT_IN_HAND


@pytest.mark.rule("AF-25")
def test_af25_call_only_when_legal() -> None:
    rules = Rules(exposed_cards=True)
    state = new_game(rules, deck=stack(E1, ["9H"]), dealer=0, seed=0).apply(Stand())
    state = play(state.expose(2, "QS"), "2H")  # trump led: QS is not a legal play for s2
    with pytest.raises(IllegalActionError, match="not a legal play"):
        state.call(1, "QS")


# -- state mechanics ------------------------------------------------------------------------
def test_state_is_immutable_hashable_picklable() -> None:
    state = new_game(seed=3)
    with pytest.raises(AttributeError):
        state.scores = (1, 1)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state._d = None  # type: ignore[assignment]
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        state.is_terminal = True  # type: ignore[misc]
    assert state.is_terminal is False
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    moved = state.apply(state.legal_actions()[0])
    assert moved != state
    assert new_game(seed=3, dealer=0) != new_game(
        seed=4, dealer=0, deck=new_game(seed=3, dealer=0).deck
    )


def test_hand_result_is_a_value() -> None:
    """A played hand's HandResult: its tricks (built on first read) are the tricks of the deal;
    it is immutable, hashable, picklable, and equal to one built from the same parts."""
    state = new_game(seed=4, dealer=0)
    while not state.history:
        before = state
        state = state.apply(state.legal_actions()[0])
    result = state.history[0]
    snapshot = pickle.dumps(result)
    assert [len(t.cards) for t in result.tricks] == [4] * 6
    assert result.tricks[:-1] == before.tricks
    assert result.tricks[-1].cards[:-1] == before.current_trick.cards
    assert before.hand(before.current_player) == CardSet(result.tricks[-1].cards[-1:])  # type: ignore[arg-type]
    assert result.trick_winners == tuple(t.winner(result.trump) for t in result.tricks)
    assert pickle.dumps(result) == snapshot  # reading the tricks changed nothing
    copy = pickle.loads(snapshot)
    assert copy == result
    assert hash(copy) == hash(result)
    rebuilt = HandResult(
        result.deal_number,
        result.dealer,
        result.kicks,
        result.trump,
        result.decisions,
        result.awards,
        result.reason,
        result.card_points,
        result.scores,
        result.tricks,
        result.trick_winners,
    )
    assert rebuilt == result
    assert hash(rebuilt) == hash(result)
    assert repr(rebuilt) == repr(result)
    assert "trick_winners=(0, 1, 3, 1, 1, 1)" in repr(result)
    with pytest.raises(AttributeError):
        result.scores = (0, 0)  # type: ignore[misc]
    with pytest.raises(ValueError, match="one winner per trick"):
        HandResult(0, 0, (), None, (), (), HandEnd.PLAYED, None, (0, 0), result.tricks, ())
    assert rebuilt != HandResult(0, 0, (), None, (), (), HandEnd.EXHAUSTED_PACK, None, (0, 0))


def test_not_an_action_and_game_over() -> None:
    state = new_game(seed=3)
    with pytest.raises(IllegalActionError) as err:
        state.apply("stand")  # type: ignore[arg-type]
    assert err.value.reason is Reason.NOT_AN_ACTION
    with pytest.raises(IllegalActionError) as err:
        state.apply(Play.parse("2C"))
    assert err.value.reason is Reason.WRONG_PHASE
    assert len(ACTIONS) == 56


def test_with_hidden_cards() -> None:
    """with_hidden_cards permutes only hidden cards: hands keep sizes; public cards stay."""
    state = play(new_game(deck=stack(E1, ["9C"]), dealer=0, seed=0).apply(Stand()), "9S QS")
    hands = [CardSet(h) for h in state.hands]
    swapped = [hands[3], hands[1], hands[2], hands[0]]
    new = state.with_hidden_cards([list(h) for h in swapped], list(reversed(state.stock)))
    assert [CardSet(h) for h in new.hands] == swapped
    assert new.stock == tuple(reversed(state.stock))
    assert new.current_trick == state.current_trick
    assert new.dealt[3] == swapped[3]
    assert new.dealt[0] == swapped[0]
    assert new.dealt[1] == state.dealt[1]
    assert sorted(new.deck) == sorted(state.deck)
    with pytest.raises(ValueError, match="cards"):
        state.with_hidden_cards(
            [hands[0], hands[1], hands[2], hands[3] | CardSet.parse("9S")], state.stock
        )
    with pytest.raises(ValueError, match="stock has"):
        state.with_hidden_cards([hands[0], hands[1], hands[2], hands[3]], state.stock[1:])
    kick = CardSet.parse("9C")
    with_kick = [hands[0], hands[1], hands[2], hands[3] - CardSet([hands[3].highest()]) | kick]
    with pytest.raises(ValueError, match="same cards"):
        state.with_hidden_cards(with_kick, state.stock)
    assert state.with_hidden_cards(hands, state.stock) == state
