"""An immutable set of cards, a 52-bit int inside.

:class:`CardSet` behaves like a ``frozenset[Card]`` (``in``, ``len``, ``|``, ``&``, ``-``, ``^``,
``<=``, ``==``, ``hash``) but iterates in the stable card order (clubs 2..A, diamonds, hearts,
spades) and has views by suit.  Game engines keep the raw :attr:`CardSet.mask` in their states and
hand out ``CardSet`` objects at the surface.

>>> from cardrules import CardSet, Suit
>>> hand = CardSet.parse("AS KS TH 2C 5H")
>>> hand
CardSet('2C 5H TH KS AS')
>>> len(hand), "TH" in hand, hand.suit(Suit.HEARTS)
(5, True, CardSet('5H TH'))
>>> hand - CardSet.parse("AS 2C")
CardSet('5H TH KS')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final, final

from cardrules.core.cards import CARDS, Card, Suit, iter_cards, parse_cards
from cardrules.errors import ParseError, describe

__all__ = ["FULL_MASK", "SUIT_MASKS", "CardSet", "mask_of"]

#: The mask of all 52 cards.
FULL_MASK: Final = (1 << 52) - 1
#: ``SUIT_MASKS[suit]``: the mask of the 13 cards of that suit.
SUIT_MASKS: Final[tuple[int, int, int, int]] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
)


def mask_of(cards: Iterable[Card | str]) -> int:
    """The mask of some cards (``Card`` objects or card strings); duplicates collapse."""
    if not isinstance(cards, Iterable) or isinstance(cards, bytes | bytearray):
        raise ParseError(
            f"expected Card objects or card strings, got {describe(cards)}", text=cards
        )
    try:
        items = iter(cards)
    except TypeError:  # iterable by its type, not by its value (a 0-d numpy array)
        raise ParseError(
            f"expected Card objects or card strings, got {describe(cards)}", text=cards
        ) from None
    mask = 0
    for card in items:
        if isinstance(card, str):
            card = Card.parse(card)
        elif not isinstance(card, Card):
            raise ParseError(f"{describe(card)} is not a card", text=card)
        mask |= card.mask
    return mask


@final
class CardSet:
    """An immutable set of cards.

    ``CardSet(cards)`` takes any iterable of :class:`Card` or card strings; ``CardSet.parse(text)``
    reads white-space separated cards; ``CardSet.from_mask(mask)`` wraps a 52-bit mask.
    Iteration is in card-index order, so two equal sets list their cards identically.
    """

    __slots__ = ("mask",)

    #: The 52-bit mask: bit ``card.index`` is set for each card in the set.
    mask: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        object.__setattr__(self, "mask", mask_of(cards))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bits are ``mask``.

        :raises ParseError: if ``mask`` is not an int in ``0 .. 2**52 - 1``.
        """
        if not isinstance(mask, int) or isinstance(mask, bool) or not 0 <= mask <= FULL_MASK:
            raise ParseError(
                f"{describe(mask)} is not a card-set mask: expected an int in 0..2**52-1"
            )
        new = object.__new__(cls)
        object.__setattr__(new, "mask", mask)
        return new

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """The set of the cards in ``text`` (see :func:`~cardrules.parse_cards`).

        :raises ParseError: for a bad card, or a card named twice.
        """
        mask = 0
        for card in parse_cards(text):
            if mask & card.mask:
                raise ParseError(
                    f"{describe(text)} names {card} twice: a card set holds each card once",
                    text=text,
                )
            mask |= card.mask
        return cls.from_mask(mask)

    @classmethod
    def full(cls) -> CardSet:
        """All 52 cards."""
        return cls.from_mask(FULL_MASK)

    # -- set behaviour -------------------------------------------------------------------
    def __iter__(self) -> Iterator[Card]:
        return iter_cards(self.mask)

    def __reversed__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            top = mask.bit_length() - 1
            yield CARDS[top]
            mask ^= 1 << top

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self.mask & card.mask)
        if isinstance(card, str):
            try:
                return bool(self.mask & Card.parse(card).mask)
            except ParseError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet.from_mask(self.mask | other.mask)
        return NotImplemented

    def __and__(self, other: CardSet) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet.from_mask(self.mask & other.mask)
        return NotImplemented

    def __sub__(self, other: CardSet) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet.from_mask(self.mask & ~other.mask)
        return NotImplemented

    def __xor__(self, other: CardSet) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet.from_mask(self.mask ^ other.mask)
        return NotImplemented

    def __le__(self, other: CardSet) -> bool:
        if isinstance(other, CardSet):
            return self.mask & ~other.mask == 0
        return NotImplemented

    def __lt__(self, other: CardSet) -> bool:
        if isinstance(other, CardSet):
            return self.mask != other.mask and self.mask & ~other.mask == 0
        return NotImplemented

    def __ge__(self, other: CardSet) -> bool:
        if isinstance(other, CardSet):
            return other.mask & ~self.mask == 0
        return NotImplemented

    def __gt__(self, other: CardSet) -> bool:
        if isinstance(other, CardSet):
            return self.mask != other.mask and other.mask & ~self.mask == 0
        return NotImplemented

    def isdisjoint(self, other: CardSet) -> bool:
        """True when the two sets share no card."""
        return self.mask & other.mask == 0

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added (the same set if it is already in)."""
        return CardSet.from_mask(self.mask | card.mask)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``.

        :raises KeyError: if ``card`` is not in the set.
        """
        if not self.mask & card.mask:
            raise KeyError(card)
        return CardSet.from_mask(self.mask ^ card.mask)

    # -- views ---------------------------------------------------------------------------
    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def by_suit(self) -> dict[Suit, CardSet]:
        """The cards grouped by suit, every suit present as a key (clubs, diamonds, hearts,
        spades)."""
        return {s: CardSet.from_mask(self.mask & SUIT_MASKS[s]) for s in Suit}

    def suits(self) -> tuple[Suit, ...]:
        """The suits that the set holds at least one card of, in suit order."""
        return tuple(s for s in Suit if self.mask & SUIT_MASKS[s])

    def highest(self) -> Card:
        """The card with the highest index (within one suit: the highest rank).

        :raises ValueError: if the set is empty.
        """
        if not self.mask:
            raise ValueError("highest() of an empty CardSet")
        return CARDS[self.mask.bit_length() - 1]

    def lowest(self) -> Card:
        """The card with the lowest index (within one suit: the lowest rank).

        :raises ValueError: if the set is empty.
        """
        if not self.mask:
            raise ValueError("lowest() of an empty CardSet")
        return CARDS[(self.mask & -self.mask).bit_length() - 1]

    def sorted_by_rank(self, *, descending: bool = True) -> tuple[Card, ...]:
        """The cards by rank (then suit), highest first unless ``descending=False``."""
        return tuple(sorted(self, key=lambda c: (c.rank, c.suit), reverse=descending))

    # -- text ----------------------------------------------------------------------------
    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"CardSet is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"CardSet is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))
