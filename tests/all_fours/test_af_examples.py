"""The worked examples AF-E1 ... AF-E5 of the All Fours rules."""

from __future__ import annotations

import pytest

from cardrules import Card, CardSet, Suit
from cardrules.all_fours import (
    Award,
    AwardKind,
    Beg,
    GiveOne,
    HandEnd,
    Phase,
    Play,
    Rules,
    Stand,
    Undertrump,
    deck_for,
    new_game,
)

E1_HANDS = [
    "5H TD KD QC 7S 8C",  # s0, the dealer
    "2H KS TS 4C 5D 9S",  # s1, the beggar
    "AH 7H QS 3C 8D 2S",
    "JH 3H AS KC 9D 4S",
]
# AF-E2 and AF-E3 give no hands: E1's, with 8C (E2's kick) swapped for 9C.
OTHER_HANDS = [E1_HANDS[0].replace("8C", "9C"), *E1_HANDS[1:]]
E1_TRICKS = [
    (1, "2H AH 3H 5H", 2),
    (2, "7H JH 8C 4C", 3),
    (3, "AS 7S 9S 2S", 3),
    (3, "KC QC 5D 3C", 3),
    (3, "9D TD KS 8D", 0),
    (0, "KD TS QS 4S", 0),
]


@pytest.mark.rule("AF-9", "AF-10", "AF-16", "AF-19", "AF-22", "AF-23")
def test_af_e1_a_full_hand() -> None:
    """AF-E1: kick 6H scores 2 for the dealer's side; s1 stands; six tricks; High AH to side 0,
    Low 2H to its holder's side 1, Jack to side 1, Game 32-10 to side 0: 4-2; next dealer 1."""
    state = new_game(deck=deck_for(E1_HANDS, "6H"), dealer=0, seed=11)
    assert state.scores == (2, 0)
    assert state.awards == (Award(0, 2, AwardKind.KICK, Card.parse("6H")),)
    assert state.current_player == 1
    assert state.legal_actions() == (Stand(), Beg())
    state = state.apply(Stand())
    assert state.trump is Suit.HEARTS
    assert state.phase is Phase.PLAY
    for leader, cards, winner in E1_TRICKS[:-1]:
        assert state.current_player == leader
        for card in cards.split():
            state = state.apply(Play.parse(card))
        assert state.trick_winners[-1] == winner
    before_last = state
    for card in E1_TRICKS[-1][1].split():
        state = state.apply(Play.parse(card))
    assert before_last.card_points == (17, 10)
    result = state.history[-1]
    assert result.reason is HandEnd.PLAYED
    assert [(a.kind, a.side, a.points, a.card) for a in result.awards] == [
        (AwardKind.KICK, 0, 2, Card.parse("6H")),
        (AwardKind.HIGH, 0, 1, Card.parse("AH")),
        (AwardKind.LOW, 1, 1, Card.parse("2H")),
        (AwardKind.JACK, 1, 1, Card.parse("JH")),
        (AwardKind.GAME, 0, 1, None),
    ]
    assert result.awards[-1].card_points == (32, 10)
    assert result.card_points == (32, 10)
    assert result.scores == (4, 2)
    assert state.scores == (4, 2)
    assert state.dealer == 1  # AF-8
    assert state.deal_number == 1


@pytest.mark.rule("AF-10", "AF-11")
def test_af_e2_give_one() -> None:
    """AF-E2: kick 8C scores nothing; s1 begs, s0 gives one: side 1 +1, clubs are trumps."""
    state = new_game(deck=deck_for(OTHER_HANDS, "8C"), dealer=0, seed=1)
    assert state.scores == (0, 0)
    state = state.apply(Beg())
    assert state.phase is Phase.ANSWER
    assert state.current_player == 0
    state = state.apply(GiveOne())
    assert state.scores == (0, 1)
    assert state.awards[-1] == Award(1, 1, AwardKind.GIVE_ONE)
    assert state.trump is Suit.CLUBS
    assert state.phase is Phase.PLAY
    assert state.current_player == 1


@pytest.mark.rule("AF-9", "AF-14", "AF-21")
def test_af_e3_kick_wins_the_game() -> None:
    """AF-E3: at 12-7 the kick 6D takes side 0 to 14: it wins at once; no beg, no play."""
    # Scores 12-7 at the start of a deal come from earlier play; start that deal directly with
    # the engine's deal function (AF-7).
    from cardrules.all_fours.engine import _start_deal
    from cardrules.all_fours.state import _Deal

    match = _Deal(rules=Rules(), seed=5, dealer=0, deal_number=4, scores=(12, 7), history=())
    state = _start_deal(match, deck_for(E1_HANDS, "6D"))
    assert state.is_terminal
    assert state.winner == 0
    assert state.scores == (14, 7)
    assert state.phase is Phase.OVER
    assert state.legal_actions() == ()
    assert state.current_player is None
    assert state.history[-1].reason is HandEnd.TARGET_REACHED
    assert state.history[-1].awards == (Award(0, 2, AwardKind.KICK, Card.parse("6D")),)


@pytest.mark.rule("AF-17", "AF-18", "AF-20")
@pytest.mark.parametrize(
    ("hand", "undertrump", "legal"),
    [
        ("9D 3H 7C", Undertrump.ALLOWED, "9D 3H"),
        ("9D 3H 7C", Undertrump.ONLY_IF_ONLY_TRUMPS, "9D"),
        ("3H 7C", Undertrump.ALLOWED, "3H 7C"),
        ("3H 7C", Undertrump.ONLY_IF_ONLY_TRUMPS, "7C"),
    ],
)
def test_af_e4_legal_plays(hand: str, undertrump: Undertrump, legal: str) -> None:
    """AF-E4: hearts trumps, s1 led 5D, s2 played QH; s3's legal plays by the undertrump rule."""
    rules = Rules(undertrump=undertrump)
    filler = {
        0: "2C 3C 4C 5C 6C 8C",
        1: "5D 2D 3D 4D 6D 8D",
        2: "QH 2S 3S 4S 5S 6S",
    }
    own = hand.split()
    pad = ["TS", "JS", "QS", "KS", "AS", "9S"][: 6 - len(own)]
    hands = [filler[0], filler[1], filler[2], " ".join(own + pad)]
    state = new_game(rules, deck=deck_for(hands, "7H"), dealer=0, seed=3).apply(Stand())
    state = state.apply(Play.parse("5D")).apply(Play.parse("QH"))
    assert state.current_player == 3
    plays = CardSet(p.card for p in state.legal_actions())  # type: ignore[union-attr]
    expected = CardSet.parse(legal) | (CardSet(pad) if "9D" not in hand else CardSet())
    assert plays == expected


@pytest.mark.rule("AF-1", "AF-2", "AF-19", "AF-23")
def test_af_e5_two_players() -> None:
    """AF-E5: two players; High and Low to s1, hang jack s1 +3, game 10-10 to nobody: s1 +5."""
    rules = Rules.preset("all_twos")
    deck = deck_for(["JS TS QH 7D 8C 6H", "AS 2S KH 5D 9C 4H"], "3S", rules=rules)
    state = new_game(rules, deck=deck, dealer=0, seed=2)
    assert state.current_player == 1
    state = state.apply(Stand())
    tricks = [
        (1, "2S TS", 0),
        (0, "QH KH", 1),
        (1, "AS JS", 1),
        (1, "9C 8C", 1),
        (1, "5D 7D", 0),
        (0, "6H 4H", 0),
    ]
    for leader, cards, winner in tricks:
        assert state.current_player == leader
        for card in cards.split():
            state = state.apply(Play.parse(card))
        if state.deal_number == 0:
            assert state.trick_winners[-1] == winner
    result = state.history[-1]
    assert [(a.kind, a.side, a.points) for a in result.awards] == [
        (AwardKind.HIGH, 1, 1),
        (AwardKind.LOW, 1, 1),
        (AwardKind.HANG_JACK, 1, 3),
    ]
    assert result.card_points == (10, 10)
    assert result.scores == (0, 5)
    assert state.dealer == 1
