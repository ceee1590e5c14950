"""Cards, suits and ranks: parsing, printing, ordering, immutability."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CARDS, Card, ParseError, Rank, Suit, parse_cards

RANK_SPELLINGS = {r: [r.letter, r.letter.lower()] + (["10"] if r is Rank.TEN else []) for r in Rank}
SUIT_SPELLINGS = {s: [s.letter, s.letter.lower(), s.symbol, "♧♢♡♤"[s]] for s in Suit}
ACCEPTED = {
    rank_text + suit_text: Card(rank, suit)
    for rank, rank_texts in RANK_SPELLINGS.items()
    for rank_text in rank_texts
    for suit, suit_texts in SUIT_SPELLINGS.items()
    for suit_text in suit_texts
}


def test_there_are_52_distinct_interned_cards() -> None:
    assert len(CARDS) == 52
    assert len(set(CARDS)) == 52
    assert [c.index for c in CARDS] == list(range(52))
    assert all(Card(c.rank, c.suit) is c for c in CARDS)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_string_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert str(card) == card.rank.letter + card.suit.letter
    assert repr(card) == f"Card('{card}')"
    assert Card.from_index(card.index) is card


def test_accepted_spellings() -> None:
    assert Card.parse("TH") is Card.parse("10H") is Card.parse("th") is Card.parse("10♥")
    assert Card.parse("q♠") is Card(Rank.QUEEN, Suit.SPADES)
    for text, card in ACCEPTED.items():
        assert Card.parse(text) is card


@given(st.text(max_size=4))
def test_every_non_card_string_raises(text: str) -> None:
    if text in ACCEPTED:
        assert Card.parse(text) is ACCEPTED[text]
    else:
        with pytest.raises(ParseError) as info:
            Card.parse(text)
        assert repr(text) in str(info.value)
        assert "followed by a suit" in str(info.value)


@pytest.mark.parametrize(
    "text", ["", " TH", "TH ", "1H", "11H", "HT", "T", "H", "10", "0H", "TX", "ſS", "Aſ", "TH,"]
)
def test_near_misses_raise(text: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(text)


def test_non_text_raises() -> None:
    with pytest.raises(ParseError):
        Card.parse(12)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1), (True, 0), ("A", 0)])
def test_bad_constructor_arguments_raise(rank: object, suit: object) -> None:
    with pytest.raises(ParseError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_ordering_is_suit_major_and_stable() -> None:
    assert sorted(parse_cards("AS 2C KD TH")) == list(parse_cards("2C KD TH AS"))
    assert Card.parse("AC") < Card.parse("2D")
    assert hash(Card.parse("2C")) == 0
    assert hash(Card.parse("AS")) == 51


def test_cards_are_immutable_and_survive_copy_and_pickle() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_parse_cards_keeps_order_and_duplicates() -> None:
    assert parse_cards("AS KS TH 2C") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.SPADES),
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.TWO, Suit.CLUBS),
    )
    assert parse_cards("AS,AS") == (Card.parse("AS"),) * 2
    assert parse_cards("") == ()


def test_parse_cards_names_the_bad_item() -> None:
    with pytest.raises(ParseError, match=r"'KX' \(item 2 of 'AS KX QH'\)"):
        parse_cards("AS KX QH")


def test_suit_and_rank_parse_and_print() -> None:
    assert [str(s) for s in Suit] == ["C", "D", "H", "S"]
    assert f"{Suit.HEARTS}" == "H"
    assert [str(r) for r in Rank] == list("23456789TJQKA")
    assert Rank.parse("10") is Rank.TEN
    with pytest.raises(ParseError, match="not a suit"):
        Suit.parse("X")
    with pytest.raises(ParseError, match="not a rank"):
        Rank.parse("1")
