"""The All Fours scoring tables, as data (AF-24), and the pure scoring functions.

>>> from cardrules.all_fours import CARD_POINTS, KICK_VALUES, Rules, award_values
>>> {str(rank): points for rank, points in CARD_POINTS.items() if points}
{'T': 10, 'J': 1, 'Q': 2, 'K': 3, 'A': 4}
>>> {str(rank): points for rank, points in KICK_VALUES.items() if points}
{'6': 2, 'J': 3, 'A': 1}
>>> award_values(Rules.preset("tournament"))["game"]
2
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from cardrules.all_fours import kernels
from cardrules.all_fours.rules import Rules, rules_or_default
from cardrules.core.cards import CARDS, Card, Rank, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_seat, refuse

__all__ = [
    "CARD_POINTS",
    "GIVE_ONE_VALUE",
    "HIGH_VALUE",
    "JACK_VALUE",
    "KICK_VALUES",
    "LOW_VALUE",
    "TOBAGO_KICK_VALUES",
    "Award",
    "AwardKind",
    "award_values",
    "card_points",
    "hand_awards",
    "kick_points",
]

#: AF-4: card points for *game*, by rank (80 in the deck): the kernels' table.
CARD_POINTS: Final[Mapping[Rank, int]] = MappingProxyType(
    {rank: kernels.CARD_POINT_VALUES[rank - 2] for rank in Rank}
)
#: AF-5: the default kick table (Trinidad), by rank: A = 1, 6 = 2, J = 3.
KICK_VALUES: Final[Mapping[Rank, int]] = MappingProxyType(
    {rank: Rules().kick_value(rank) for rank in Rank}
)
#: AF-5: the "Tobago" kick table: A = 1, 2 = 2, J = 3.
TOBAGO_KICK_VALUES: Final[Mapping[Rank, int]] = MappingProxyType(
    {rank: Rules.preset("tobago").kick_value(rank) for rank in Rank}
)
#: AF-23: points for High, Low and Jack (the values of *game* and *hang jack* are options).
HIGH_VALUE: Final = kernels.HIGH_VALUE
LOW_VALUE: Final = kernels.LOW_VALUE
JACK_VALUE: Final = kernels.JACK_VALUE
#: AF-11: points that the beggar's side scores when the dealer gives one.
GIVE_ONE_VALUE: Final = kernels.GIVE_ONE_VALUE


class AwardKind(enum.StrEnum):
    """What an :class:`Award` is for."""

    #: AF-9: a turned-up card worth points, for the dealer's side.
    KICK = "kick"
    #: AF-11: the dealer gave one to the beggar's side.
    GIVE_ONE = "give_one"
    #: AF-23: the highest trump in play, to the side dealt it.
    HIGH = "high"
    #: AF-23: the lowest trump in play, to the side dealt it.
    LOW = "low"
    #: AF-23: the jack of trumps, won by its holder's side.
    JACK = "jack"
    #: AF-23: the jack of trumps, won by its holder's opponents.
    HANG_JACK = "hang_jack"
    #: AF-23: the larger total of card points.
    GAME = "game"


@attrs.frozen(slots=True)
class Award:
    """One scoring award, in the order it was scored.

    ``card`` is the card concerned (the kick, High, Low, the jack), ``None`` for a gift or game;
    ``card_points`` is set for *game*: both sides' card points (side 0, side 1).
    """

    side: int
    points: int
    kind: AwardKind
    card: Card | None = None
    card_points: tuple[int, int] | None = None

    def __str__(self) -> str:
        what = f" {self.card}" if self.card is not None else ""
        if self.card_points is not None:
            what = f" {self.card_points[0]}-{self.card_points[1]}"
        return f"{self.kind.value}{what}: side {self.side} +{self.points}"


def award_values(rules: Rules | None = None) -> Mapping[str, int]:
    """The points of each end-of-hand award and of a gift under ``rules`` (AF-11, AF-23).

    >>> dict(award_values())
    {'give_one': 1, 'high': 1, 'low': 1, 'jack': 1, 'hang_jack': 3, 'game': 1}
    """
    rules = rules_or_default(rules)
    return MappingProxyType(
        {
            AwardKind.GIVE_ONE.value: GIVE_ONE_VALUE,
            AwardKind.HIGH.value: HIGH_VALUE,
            AwardKind.LOW.value: LOW_VALUE,
            AwardKind.JACK.value: JACK_VALUE,
            AwardKind.HANG_JACK.value: rules.hang_jack_value,
            AwardKind.GAME.value: rules.game_value,
        }
    )


def kick_points(card: Card, rules: Rules | None = None) -> int:
    """What a kick scores for the dealer's side (AF-5, AF-9).

    >>> from cardrules import Card
    >>> kick_points(Card.parse("JH")), kick_points(Card.parse("2H"))
    (3, 0)
    """
    if not isinstance(card, Card):
        refuse("card", "a Card", card)
    return rules_or_default(rules).kick_value(card.rank)


def _suit_points() -> tuple[int, ...]:
    """The card points (AF-4) of each 13-bit pattern of one suit's cards, from the kernels'
    table: a pattern's points are its lowest card's and those of the rest of it."""
    points = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        lowest = pattern & -pattern
        points[pattern] = (
            points[pattern ^ lowest] + kernels.CARD_POINT_VALUES[lowest.bit_length() - 1]
        )
    return tuple(points)


#: The card points of each 13-bit suit pattern, so that a mask's points are four lookups: the
#: per-state engine's form of the kernel :func:`~cardrules.all_fours.kernels.card_points`.
_SUIT_POINTS: Final[tuple[int, ...]] = _suit_points()


def _mask_points(mask: int) -> int:
    return (
        _SUIT_POINTS[mask & 0x1FFF]
        + _SUIT_POINTS[mask >> 13 & 0x1FFF]
        + _SUIT_POINTS[mask >> 26 & 0x1FFF]
        + _SUIT_POINTS[mask >> 39]
    )


def card_points(cards: Iterable[Card]) -> int:
    """The total card points (AF-4) of some cards.

    >>> from cardrules import parse_cards
    >>> card_points(parse_cards("AH TS 2C KD"))
    17
    """
    if isinstance(cards, CardSet):
        return _mask_points(cards.mask)
    if not isinstance(cards, Iterable) or isinstance(cards, str):
        refuse("cards", "cards (an iterable of Card or a CardSet)", cards)
    cards = tuple(cards)
    if not all(isinstance(card, Card) for card in cards):
        refuse("cards", "cards (an iterable of Card or a CardSet)", cards)
    return sum(CARD_POINTS[card.rank] for card in cards)


# Awards are immutable values: the engine shares one object per distinct award.
_AWARDS: dict[tuple[int, int, AwardKind, int], Award] = {}
_GAME_AWARDS: dict[tuple[int, int, int, int], Award] = {}


def _card_award(side: int, points: int, kind: AwardKind, index: int) -> Award:
    """The (shared) award of ``kind`` for the card of ``index``."""
    key = (side, points, kind, index)
    return _AWARDS.get(key) or _new_award(key)


def _new_award(key: tuple[int, int, AwardKind, int]) -> Award:
    side, points, kind, index = key
    award = _AWARDS[key] = Award(side, points, kind, CARDS[index])
    return award


def _game_award(side: int, points: int, mine: int, theirs: int) -> Award:
    """The (shared) award of *game* with card points (side 0, side 1) = (mine, theirs)."""
    key = (side, points, mine, theirs)
    award = _GAME_AWARDS.get(key)
    if award is None:
        award = _GAME_AWARDS[key] = Award(side, points, AwardKind.GAME, None, (mine, theirs))
    return award


#: The award kinds by their kernel numbers (``kernels.KIND_*``).
_KINDS: Final = (
    AwardKind.KICK,
    AwardKind.GIVE_ONE,
    AwardKind.HIGH,
    AwardKind.LOW,
    AwardKind.JACK,
    AwardKind.HANG_JACK,
    AwardKind.GAME,
)
assert _KINDS[kernels.KIND_HANG_JACK] is AwardKind.HANG_JACK
assert _KINDS[kernels.KIND_GAME] is AwardKind.GAME


#: The shared award of each kernel award slot of a card (not *game*, which carries the card
#: points), and ``None`` for an empty slot.
_SLOT_AWARDS: dict[tuple[int, int, int, int], Award | None] = {kernels._EMPTY: None}
_KIND_GAME: Final = kernels.KIND_GAME


def _award_objects(
    slots: Sequence[tuple[int, int, int, int]], points: tuple[int, int]
) -> list[Award]:
    """The (shared) awards of the kernel's award slots, in order, the empty ones left out;
    ``points`` are the card points (side 0, side 1) that *game* carries."""
    awards = []
    for slot in slots:
        if slot[0] == _KIND_GAME:
            awards.append(_game_award(slot[1], slot[2], points[0], points[1]))
            continue
        try:
            award = _SLOT_AWARDS[slot]
        except KeyError:
            award = _SLOT_AWARDS[slot] = _card_award(slot[1], slot[2], _KINDS[slot[0]], slot[3])
        if award is not None:
            awards.append(award)
    return awards


def _sides(dealt: Sequence[int]) -> tuple[int, int]:
    """AF-2: the cards dealt to each side (side 0 is seats 0 and 2; with two players, seat 0)."""
    if len(dealt) == 4:
        return dealt[0] | dealt[2], dealt[1] | dealt[3]
    return dealt[0], dealt[1]


def _hand_awards(
    trump: int,
    dealt: Sequence[int],
    won: Sequence[int],
    dealer: int,
    rules: Rules,
    points: tuple[int, int],
) -> list[Award]:
    """AF-22, AF-23 on masks: the end-of-hand awards in scoring order (High, Low, Jack, Game),
    the kernel :func:`~cardrules.all_fours.kernels.hand_awards`; ``points`` are the card
    points of ``won`` (AF-4)."""
    side0, side1 = _sides(dealt)
    slots = kernels.hand_awards(
        trump, side0, side1, won[0], points[0], points[1], dealer, kernels.rule_params(rules)
    )
    return _award_objects(slots, points)


def hand_awards(
    trump: Suit | int,
    dealt: Sequence[CardSet],
    won: Sequence[CardSet],
    *,
    dealer: int,
    rules: Rules | None = None,
) -> tuple[Award, ...]:
    """The end-of-hand awards of AF-23, in scoring order: High, Low, Jack or hang jack, Game.

    ``trump`` is the trump :class:`~cardrules.Suit`; ``dealt`` the cards dealt to each seat this
    deal (run cards included: AF-22's cards in play); ``won`` the cards in the tricks each side
    won.  This is the whole tally, before any target is checked (the engine stops at the first
    award that reaches the target, AF-21).  A tie in card points follows ``rules.game_tie``.

    >>> from cardrules import CardSet, Suit
    >>> dealt = [CardSet.parse(t) for t in ("JS TS QH", "AS 2S KH")]
    >>> won = [CardSet.parse("TS QH 2S KH"), CardSet.parse("JS AS")]
    >>> [str(a) for a in hand_awards(Suit.SPADES, dealt, won, dealer=0)]
    ['high AS: side 1 +1', 'low 2S: side 1 +1', 'hang_jack JS: side 1 +3', 'game 15-5: side 0 +1']
    """
    rules = rules_or_default(rules)
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= 3:
        refuse("trump", "a Suit", trump)
    for name, sets, counts in (("dealt", dealt, (2, 4)), ("won", won, (2,))):
        if (
            not isinstance(sets, Sequence)
            or len(sets) not in counts
            or not all(isinstance(cards, CardSet) for cards in sets)
        ):
            refuse(name, f"{' or '.join(map(str, counts))} CardSets", sets)
    dealer = check_seat(dealer, len(dealt), name="dealer")
    won_masks = [w.mask for w in won]
    points = (_mask_points(won_masks[0]), _mask_points(won_masks[1]))
    return tuple(
        _hand_awards(int(trump), [c.mask for c in dealt], won_masks, dealer, rules, points)
    )
