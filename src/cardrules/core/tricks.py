"""Tricks, the trick-winner rule and the follow-suit rules that both games use.

A trick is led by one seat and continued in seat order.  The winner is the highest trump played,
or, with no trump, the highest card of the suit led (400 FH-17, All Fours AF-19).  The duty to
follow differs between the games: in 400 a player must follow suit if able (FH-16,
:func:`must_follow`); in All Fours a player holding the suit led must follow it *or* trump
(AF-17, AF-18, :func:`follow_or_trump`).

The rules themselves are the *kernels* :func:`beats`, :func:`winning_offset`,
:func:`must_follow_bits` and :func:`follow_or_trump_bits`: small functions on card indices and
52-bit masks (a suit is its number 0..3, ``-1`` for no lead or no trump), marked with
:func:`~cardrules.core.compiled.kernel`, which the per-state engines call as they are and the
batch engine and the solvers call compiled (:func:`~cardrules.core.compiled.compiled`).  The
functions on :class:`Card` and :class:`CardSet` and the ``*_mask`` functions check their
arguments and call the kernels.

>>> from cardrules import Trick, Suit, parse_cards
>>> trick = Trick(leader=1, cards=parse_cards("7C KC 2H AC"))
>>> trick.lead_suit, trick.winner(Suit.HEARTS), trick.winning_card(Suit.HEARTS)
(<Suit.CLUBS: 0>, 3, Card('2H'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardrules.core.cards import Card, Suit, parse_cards
from cardrules.core.cardset import FULL_MASK, SUIT_MASKS, CardSet
from cardrules.core.checks import check_int, check_seat, refuse
from cardrules.core.compiled import kernel
from cardrules.errors import ArgumentError, describe

__all__ = [
    "NO_TRUMP",
    "Trick",
    "beats",
    "follow_or_trump",
    "follow_or_trump_bits",
    "follow_or_trump_mask",
    "must_follow",
    "must_follow_bits",
    "must_follow_mask",
    "trick_winner",
    "winning_offset",
    "winning_position",
]

#: The trump argument of the integer kernels for a trick without trumps (and their lead argument
#: before the lead).
NO_TRUMP: Final = -1


@kernel
def beats(card: int, best: int, trump: int) -> bool:
    """The trick-winner rule on card indices: True when ``card`` beats the trick's winning card
    ``best`` -- a higher card of the same suit, or a trump on a non-trump.

    ``trump`` is a suit number (:class:`Suit` is an int enum) or :data:`NO_TRUMP`.  This is the
    one kernel of 400's FH-17 and All Fours' AF-19: engines, claim and solver searches,
    determinizers, agents and record checks all come here.  A kernel: ints in, a bool out.

    >>> from cardrules import Card, Suit
    >>> beats(Card.parse("2H").index, Card.parse("AC").index, Suit.HEARTS)
    True
    >>> beats(Card.parse("AD").index, Card.parse("2C").index, Suit.HEARTS)
    False
    """
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


@kernel
def winning_offset(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the lead) of the winning card among card indices (FH-17, AF-19).

    A kernel: ``cards`` is a non-empty tuple (or 1-d integer array) of card indices 0..51 in
    the order played, ``trump`` a suit number or :data:`NO_TRUMP`; an int out.

    >>> from cardrules import parse_cards
    >>> winning_offset([c.index for c in parse_cards("7C KC 2H AC")], 2)
    2
    """
    best = cards[0]
    best_suit = best // 13
    position = 0
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // 13
        if suit == best_suit:
            if card > best:
                best, position = card, i
        elif suit == trump:
            best, best_suit, position = card, suit, i
    return position


def _trick_cards(cards: object, players: int = 52) -> tuple[Card, ...]:
    """``cards`` checked as a non-empty trick of at most ``players`` distinct :class:`Card`."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    if not isinstance(cards, Sequence) or not all(isinstance(card, Card) for card in cards):
        raise ArgumentError(
            f"cards: expected a sequence of Card, got {describe(cards)}", name="cards", value=cards
        )
    if not cards:
        raise ArgumentError("cards: an empty trick has no winner", name="cards", value=cards)
    if len(cards) > players or len(set(cards)) != len(cards):
        refuse("cards", f"at most {players} distinct cards", " ".join(map(str, cards)))
    return tuple(cards)


def _trump_number(trump: object) -> int:
    if trump is None:
        return NO_TRUMP
    if not isinstance(trump, Suit):
        refuse("trump", "a Suit or None", trump)
    return int(trump)


def winning_position(cards: Sequence[Card], trump: Suit | None) -> int:
    """The position (0 = the lead) of the card that wins these cards.

    The highest trump wins; with no trump, the highest card of the suit led.

    :raises ArgumentError: for an empty trick, or arguments of the wrong type.
    """
    checked = _trick_cards(cards)
    return winning_offset([card.index for card in checked], _trump_number(trump))


def trick_winner(cards: Sequence[Card], leader: int, trump: Suit | None, players: int = 4) -> int:
    """The seat that wins a trick of ``cards`` led by ``leader`` (seats follow in order).

    :raises ArgumentError: for arguments of the wrong type or value (the leader must be a seat
        of the ``players``, the trick at most ``players`` distinct cards).
    """
    players = check_int(players, name="players", low=2, high=52)
    leader = check_seat(leader, players, name="leader")
    checked = _trick_cards(cards, players)
    return (leader + winning_offset([c.index for c in checked], _trump_number(trump))) % players


def must_follow_mask(hand: int, lead: int | None) -> int:
    """400's duty to follow (FH-16), on masks: the cards of ``hand`` that may be played.

    With no lead (the hand leads) or a void in the suit led, every card; otherwise the cards of
    the suit led.

    :raises ArgumentError: for a hand that is not a 52-bit card mask or a lead that is not a
        suit number (0..3) or None.
    """
    return must_follow_bits(_mask_arg(hand), _suit_number(_suit_arg(lead, "lead")))


def follow_or_trump_mask(hand: int, lead: int | None, trump: int | None) -> int:
    """All Fours' duty to follow (AF-17, AF-18), on masks: the cards that may be played.

    Leading: every card.  Trump led: a trump if the hand has one, else any card.  Another suit
    led: a player holding it plays it or a trump; a player void in it plays any card.  (The
    undertrump options of AF-20 narrow this further in the All Fours engine.)

    :raises ArgumentError: for a hand that is not a 52-bit card mask, or a lead or trump that is
        not a suit number (0..3) or None.
    """
    return follow_or_trump_bits(
        _mask_arg(hand),
        _suit_number(_suit_arg(lead, "lead")),
        _suit_number(_suit_arg(trump, "trump")),
    )


@kernel
def must_follow_bits(hand: int, lead: int) -> int:
    """400's duty to follow (FH-16), the kernel: the cards of ``hand`` that may be played.

    ``hand`` is a 52-bit card mask, ``lead`` the suit led (0..3) or ``-1`` when the hand leads.
    Leading, or void in the suit led: every card; otherwise the cards of the suit led.  The
    result is a card mask.

    >>> from cardrules import CardSet
    >>> str(CardSet.from_mask(must_follow_bits(CardSet.parse("4C JH 3D").mask, 0)))
    '4C'
    """
    if lead < 0:
        return hand
    of_suit = hand & SUIT_MASKS[lead]  # a tuple look-up: cheaper interpreted than a shift
    if of_suit:
        return of_suit
    return hand


@kernel
def follow_or_trump_bits(hand: int, lead: int, trump: int) -> int:
    """All Fours' duty to follow (AF-17, AF-18), the kernel: the cards of ``hand`` that may be
    played, before the undertrump options of AF-20.

    ``hand`` is a 52-bit card mask, ``lead`` the suit led (0..3) or ``-1`` when the hand leads,
    ``trump`` the trump suit (0..3) or :data:`NO_TRUMP`.  Leading: every card.  Trump led: a
    trump if the hand has one, else any card.  Another suit led: a player holding it plays it or
    a trump; a player void in it plays any card.  The result is a card mask.

    >>> from cardrules import CardSet
    >>> str(CardSet.from_mask(follow_or_trump_bits(CardSet.parse("9D 3H 7C").mask, 1, 2)))
    '9D 3H'
    """
    if lead < 0:
        return hand
    of_suit = hand & SUIT_MASKS[lead]  # a tuple look-up: cheaper interpreted than a shift
    if not of_suit:
        return hand
    if trump < 0 or lead == trump:
        return of_suit
    return of_suit | (hand & SUIT_MASKS[trump])


def _must_follow(hand: int, lead: int | None) -> int:
    """:func:`must_follow_bits` with ``None`` for no lead, for the callers that still pass it."""
    return must_follow_bits(hand, -1 if lead is None else lead)


def _mask_arg(hand: object) -> int:
    if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand <= FULL_MASK:
        refuse("hand", "a 52-bit card mask (an int)", hand)
    return hand


def _suit_arg(suit: object, name: str) -> int | None:
    if suit is not None and (
        not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit <= 3
    ):
        refuse(name, "a suit number 0..3 (a Suit) or None", suit)
    return suit


def _suit_number(suit: int | None) -> int:
    """A suit for the kernels: ``-1`` for ``None``."""
    return -1 if suit is None else suit


def _hand_mask(hand: object) -> int:
    if not isinstance(hand, CardSet):
        refuse("hand", "a CardSet", hand)
    return hand.mask


def _lead_number(lead: object) -> int | None:
    if lead is not None and not isinstance(lead, Suit):
        refuse("lead", "a Suit or None", lead)
    return lead


def must_follow(hand: CardSet, lead: Suit | None) -> CardSet:
    """The cards of ``hand`` that 400's FH-16 allows on a trick led with ``lead``.

    >>> from cardrules import CardSet, Suit
    >>> must_follow(CardSet.parse("4C JH 3D"), Suit.CLUBS)
    CardSet('4C')
    >>> must_follow(CardSet.parse("JH 3D"), Suit.CLUBS)
    CardSet('3D JH')
    """
    return CardSet.from_mask(must_follow_bits(_hand_mask(hand), _suit_number(_lead_number(lead))))


def follow_or_trump(hand: CardSet, lead: Suit | None, trump: Suit | None) -> CardSet:
    """The cards of ``hand`` that All Fours' AF-17/AF-18 allow (before AF-20's options).

    >>> from cardrules import CardSet, Suit
    >>> follow_or_trump(CardSet.parse("9D 3H 7C"), Suit.DIAMONDS, Suit.HEARTS)
    CardSet('9D 3H')
    """
    return CardSet.from_mask(
        follow_or_trump_bits(
            _hand_mask(hand), _suit_number(_lead_number(lead)), _trump_number(trump)
        )
    )


def _card_tuple(cards: Sequence[Card | str]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Sequence):
        raise ArgumentError(
            f"cards: expected a sequence of cards, got {describe(cards)}", name="cards", value=cards
        )
    return tuple(Card.parse(c) if isinstance(c, str) else c for c in cards)


@attrs.frozen(slots=True)
class Trick:
    """A trick: its leader and the cards played so far, in order of play.

    :raises ArgumentError: for a leader that is not a seat of the table, more cards than
        players, a card given twice, or values of the wrong type.

    >>> Trick(leader=0, cards=("AS", "2S")).seats()
    (0, 1)
    """

    #: The seat that led.
    leader: int
    #: The cards played, the lead first.
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    #: The number of players at the table (4, or 2 in two-handed All Fours).
    players: int = 4

    def __attrs_post_init__(self) -> None:
        check_int(self.players, name="players", low=2, high=52)
        check_seat(self.leader, self.players, name="leader")
        if self.cards:
            _trick_cards(self.cards, self.players)

    @classmethod
    def of(cls, leader: int, cards: tuple[Card, ...], players: int = 4) -> Trick:
        """A trick from trusted parts, without conversion: for engines on their hot paths.

        ``cards`` must already be a tuple of :class:`Card`; nothing is checked.
        """
        trick = object.__new__(cls)
        object.__setattr__(trick, "leader", leader)
        object.__setattr__(trick, "cards", cards)
        object.__setattr__(trick, "players", players)
        return trick

    @property
    def lead_suit(self) -> Suit | None:
        """The suit led, or ``None`` before the lead."""
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        """True when every player has played to the trick."""
        return len(self.cards) == self.players

    @property
    def next_seat(self) -> int:
        """The seat to play next (the leader when the trick is empty)."""
        return (self.leader + len(self.cards)) % self.players

    def seats(self) -> tuple[int, ...]:
        """The seat of each card played, in order."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    def plays(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for each card played, in order."""
        return tuple(zip(self.seats(), self.cards, strict=True))

    def played(self, card: Card) -> Trick:
        """A new trick with ``card`` played by the next seat."""
        if self.is_complete:
            raise ArgumentError(f"card: the trick {self} is complete", name="card", value=card)
        return Trick(self.leader, (*self.cards, card), self.players)

    def winner(self, trump: Suit | None) -> int:
        """The seat that wins (or is winning) the trick."""
        return trick_winner(self.cards, self.leader, trump, self.players)

    def winning_card(self, trump: Suit | None) -> Card:
        """The card that wins (or is winning) the trick."""
        return self.cards[winning_position(self.cards, trump)]

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self.plays())
