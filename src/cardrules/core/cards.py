"""Suits, ranks and cards: the vocabulary every game shares.

A :class:`Card` is one of 52 interned values: ``Card(Rank.QUEEN, Suit.HEARTS) is
Card.parse("QH")``.  Each card has a stable :attr:`~Card.index` from 0 to 51 (suit-major: the
clubs 2..A are 0..12, then diamonds, hearts, spades), which is also its bit in a
:class:`~cardrules.core.cardset.CardSet`, and cards order by that index, so sorting a hand groups
it by suit.

>>> from cardrules import Card, Rank, Suit, parse_cards
>>> card = Card.parse("10h")
>>> card, str(card), card.rank, card.suit
(Card('TH'), 'TH', <Rank.TEN: 10>, <Suit.HEARTS: 2>)
>>> sorted(parse_cards("AS KS TH 2C"))
[Card('2C'), Card('TH'), Card('KS'), Card('AS')]
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final, final

from cardrules.errors import ArgumentError, ParseError, describe

__all__ = ["CARDS", "Card", "Rank", "Suit", "iter_cards", "parse_cards"]


class Suit(enum.IntEnum):
    """The four suits, in the order clubs, diamonds, hearts, spades (letters ``C D H S``).

    The order is a fixed numbering for indexing, not a ranking: neither game ranks suits.

    >>> Suit.parse("h"), Suit.HEARTS.letter, Suit.HEARTS.symbol, str(Suit.SPADES)
    (<Suit.HEARTS: 2>, 'H', '♥', 'S')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter name: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter (either case) or a symbol.

        :raises ParseError: for anything else.
        """
        suit = _SUIT_TEXT.get(text) if isinstance(text, str) else None
        if suit is None:
            raise ParseError(
                f"{describe(text)} is not a suit: expected one of C D H S (either case) or ♣ ♦ ♥ ♠",
                text=text,
            )
        return suit

    def __str__(self) -> str:
        return "CDHS"[self]

    def __format__(self, format_spec: str) -> str:
        return format(str(self), format_spec)


class Rank(enum.IntEnum):
    """Card ranks, ``TWO = 2`` to ``ACE = 14``; letters ``2``..``9``, ``T``, ``J``, ``Q``, ``K``,
    ``A``.

    >>> Rank.parse("10"), Rank.TEN.letter, Rank.ACE > Rank.KING
    (<Rank.TEN: 10>, 'T', True)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-character name: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank named by its letter (either case) or by ``10`` for the ten.

        :raises ParseError: for anything else.
        """
        rank = _RANK_TEXT.get(text) if isinstance(text, str) else None
        if rank is None:
            raise ParseError(
                f"{describe(text)} is not a rank: "
                "expected one of 2 3 4 5 6 7 8 9 T (or 10) J Q K A",
                text=text,
            )
        return rank

    def __str__(self) -> str:
        return self.letter

    def __format__(self, format_spec: str) -> str:
        return format(str(self), format_spec)


_SUIT_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    for _spelling in (_suit.letter, _suit.letter.lower(), _suit.symbol, "♧♢♡♤"[_suit]):
        _SUIT_TEXT[_spelling] = _suit

_RANK_TEXT: Final[dict[str, Rank]] = {}
for _rank in Rank:
    for _spelling in (_rank.letter, _rank.letter.lower()):
        _RANK_TEXT[_spelling] = _rank
_RANK_TEXT["10"] = Rank.TEN

_CARD_SYNTAX: Final = (
    "a card is a rank (2-9, T or 10, J, Q, K, A) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠), "
    "either case, e.g. 'QH', '10s', 'T♥'"
)


@final
class Card:
    """A playing card: immutable, hashable, ordered, one interned object per card.

    ``Card(rank, suit)`` accepts a :class:`Rank` and a :class:`Suit` (or their integer values) and
    returns the interned card.  Cards compare by :attr:`index` (suit-major), which is stable across
    processes, and hash by it too.

    >>> Card(Rank.ACE, Suit.SPADES)
    Card('AS')
    >>> Card(12, 2) is Card.parse("Q♥")
    True
    """

    __slots__ = ("_str", "index", "mask", "rank", "suit")

    rank: Rank
    suit: Suit
    #: Position 0..51 in the standard order (suit-major, then rank).
    index: int
    #: ``1 << index``: the card's bit in a card-set mask.
    mask: int
    _str: str

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if (
            isinstance(rank, int)
            and isinstance(suit, int)
            and 2 <= rank <= 14
            and 0 <= suit <= 3
            and not isinstance(rank, bool)
            and not isinstance(suit, bool)
        ):
            return CARDS[int(suit) * 13 + int(rank) - 2]
        raise ParseError(
            f"Card({describe(rank)}, {describe(suit)}) is not a card: "
            "expected a Rank (2-14) and a Suit (0-3)",
            text=(rank, suit),
        )

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        rank, suit = Rank(index % 13 + 2), Suit(index // 13)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("mask", 1 << index),
            ("_str", rank.letter + suit.letter),
        ):
            object.__setattr__(card, name, value)
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this :attr:`index` (0..51).

        >>> Card.from_index(0), Card.from_index(51)
        (Card('2C'), Card('AS'))
        """
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 52:
            return CARDS[index]
        raise ParseError(
            f"{describe(index)} is not a card index: expected an int from 0 to 51", text=index
        )

    @staticmethod
    def parse(text: str) -> Card:
        """The card named by ``text``: ``"TH"``, ``"10h"``, ``"Q♥"`` ...

        :raises ParseError: quoting ``text`` and saying what is accepted.
        """
        card = _CARD_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise ParseError(f"{describe(text)} is not a card: {_CARD_SYNTAX}", text=text)
        return card

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``"Q♥"``."""
        return self._str[0] + self.suit.symbol

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card({self._str!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: The 52 cards in index order: 2C..AC, 2D..AD, 2H..AH, 2S..AS.
CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))

_CARD_TEXT: Final[dict[str, Card]] = {
    rank_text + suit_text: CARDS[suit * 13 + rank - 2]
    for rank_text, rank in _RANK_TEXT.items()
    for suit_text, suit in _SUIT_TEXT.items()
}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from text separated by white space (commas are allowed too), in the order given.

    Duplicates are kept: this reads a sequence, not a set.

    >>> parse_cards("AS KS TH 2C")
    (Card('AS'), Card('KS'), Card('TH'), Card('2C'))
    >>> parse_cards("10♥, j♠")
    (Card('TH'), Card('JS'))
    >>> parse_cards("AS KX")
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: 'KX' (item 2 of 'AS KX') is not a card: ...

    :raises ParseError: naming the first bad item and its position.
    """
    if not isinstance(text, str):
        raise ParseError(f"{describe(text)} is not text: parse_cards takes a str", text=text)
    items = text.replace(",", " ").split()
    cards = []
    for position, item in enumerate(items, 1):
        card = _CARD_TEXT.get(item)
        if card is None:
            raise ParseError(
                f"{describe(item)} (item {position} of {describe(text)}) is not a card: "
                + _CARD_SYNTAX,
                text=text,
            )
        cards.append(card)
    return tuple(cards)


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a 52-bit mask in index order (a low-level helper for card-set code).

    :raises ArgumentError: for a value that is not an int from 0 to ``2**52 - 1`` (at the call,
        not at the first card).
    """
    if not isinstance(mask, int) or isinstance(mask, bool) or not 0 <= mask < 1 << 52:
        raise ArgumentError(
            f"mask: expected a 52-bit card mask (an int), got {describe(mask)}",
            name="mask",
            value=mask,
        )
    return _iter_cards(mask)


def _iter_cards(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low
