"""The rules of All Fours as kernels: small functions on plain ints that every engine calls.

Each rule that an engine needs in its inner loop is written here once, in the subset of Python
that numba compiles (ints, tuples of ints, small integer arrays; no objects, no ``None``, no
exceptions), and marked with :func:`~cardrules.core.compiled.kernel`.  The per-state engine,
the saved-state check, the scoring functions, the determinizer, the agents and the adapters
call them interpreted (or read a table built from them at import); the batch engine and the
solvers call their compiled form (:func:`~cardrules.core.compiled.compiled`).

The conventions:

* a card is its index 0..51 (``13 * suit + rank - 2``), a hand a 52-bit mask, a suit its number
  0..3 and ``-1`` for "no suit" (before the lead, no trump yet);
* seats are 0..players-1; a side is ``seat % 2`` (with two players, the seat itself: AF-2);
* "none" is ``-1`` (no winner, no card);
* the options of a :class:`~cardrules.all_fours.Rules` are one tuple of ints,
  :func:`rule_params` (kernels read it at the ``P_*`` places); it is worked out once per
  ruleset;
* an award is four ints ``(kind, side, points, card)``, its kind one of the ``KIND_*``
  numbers, ``card`` ``-1`` for a gift or *game*.

>>> from cardrules.all_fours import Rules
>>> from cardrules.all_fours.kernels import kick_place, max_runs, rule_params, score_hand
>>> max_runs(4), max_runs(2), kick_place(1, 4)
(2, 5, 37)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.all_fours.rules import GameTie, Rules, Undertrump
from cardrules.core.cards import Rank
from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.compiled import kernel
from cardrules.core.options import remember_params
from cardrules.core.tricks import follow_or_trump_bits

__all__ = [
    "CARD_POINT_VALUES",
    "GIVE_ONE_VALUE",
    "HIGH_VALUE",
    "JACK_VALUE",
    "KICK",
    "KIND_GAME",
    "KIND_GIVE_ONE",
    "KIND_HANG_JACK",
    "KIND_HIGH",
    "KIND_JACK",
    "KIND_KICK",
    "KIND_NONE",
    "LOW_VALUE",
    "P_DEAL_PACKET",
    "P_EXPOSED_CARDS",
    "P_GAME_TIE",
    "P_GAME_VALUE",
    "P_GIVE_ONE_NEEDS_TRUMP",
    "P_HANG_JACK_VALUE",
    "P_KICKS",
    "P_PLAYERS",
    "P_TARGET",
    "P_UNDERTRUMP",
    "STOCK",
    "UNDERTRUMP_ALLOWED",
    "UNDERTRUMP_ONLY_IF_ONLY_TRUMPS",
    "UNDERTRUMP_ONLY_IF_VOID",
    "award_points",
    "card_points",
    "deal_hands",
    "deal_owner",
    "hand_awards",
    "kick_place",
    "kick_points",
    "max_runs",
    "may_give_one",
    "may_look_at_hand",
    "next_dealer",
    "play_mask",
    "rule_params",
    "score_hand",
    "stock_place",
]

#: AF-4: the card points for *game* of each rank place 0..12 (2 ... A): T = 10, J = 1, Q = 2,
#: K = 3, A = 4 (80 in the deck).
CARD_POINT_VALUES: Final = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)
#: AF-23: points for High, Low and Jack (game and hang jack are options).
HIGH_VALUE: Final = 1
LOW_VALUE: Final = 1
JACK_VALUE: Final = 1
#: AF-11: what the beggar's side scores when the dealer gives one.
GIVE_ONE_VALUE: Final = 1

#: The kinds of an award (AF-9, AF-11, AF-23), and :data:`KIND_NONE` for an empty slot.
KIND_NONE: Final = -1
KIND_KICK: Final = 0
KIND_GIVE_ONE: Final = 1
KIND_HIGH: Final = 2
KIND_LOW: Final = 3
KIND_JACK: Final = 4
KIND_HANG_JACK: Final = 5
KIND_GAME: Final = 6

#: ``Rules.undertrump`` as the kernels take it (AF-20).
UNDERTRUMP_ALLOWED: Final = 0
UNDERTRUMP_ONLY_IF_ONLY_TRUMPS: Final = 1
UNDERTRUMP_ONLY_IF_VOID: Final = 2

#: What :func:`deal_owner` says of a deck position that is a kick's, and of one that no deal
#: reaches (the rest of the stock).
KICK: Final = -1
STOCK: Final = -2

# The places of the options in rule_params' tuple.
#: ``Rules.players`` (AF-1): 4 or 2.
P_PLAYERS: Final = 0
#: ``Rules.deal_packet`` (AF-7): 3 or 1.
P_DEAL_PACKET: Final = 1
#: ``Rules.target`` (AF-21).
P_TARGET: Final = 2
#: ``Rules.undertrump`` (AF-20): one of the ``UNDERTRUMP_*`` numbers.
P_UNDERTRUMP: Final = 3
#: ``Rules.give_one_needs_trump`` (AF-11): 1 or 0.
P_GIVE_ONE_NEEDS_TRUMP: Final = 4
#: ``Rules.game_value`` (AF-23).
P_GAME_VALUE: Final = 5
#: ``Rules.hang_jack_value`` (AF-23).
P_HANG_JACK_VALUE: Final = 6
#: ``Rules.game_tie`` (AF-23): 0 nobody, 1 non_dealer.
P_GAME_TIE: Final = 7
#: ``Rules.exposed_cards`` (AF-25): 1 or 0.
P_EXPOSED_CARDS: Final = 8
#: The first of the 13 kick values (AF-5) of the rank places 0..12 (2 ... A).
P_KICKS: Final = 9
_PARAMS_SIZE: Final = 22

_UNDERTRUMP_CODES: Final = {
    Undertrump.ALLOWED: UNDERTRUMP_ALLOWED,
    Undertrump.ONLY_IF_ONLY_TRUMPS: UNDERTRUMP_ONLY_IF_ONLY_TRUMPS,
    Undertrump.ONLY_IF_VOID: UNDERTRUMP_ONLY_IF_VOID,
}
_PARAMS: Final[dict[Rules, tuple[int, ...]]] = {}
# By id(rules) too (see core.options.remember_params).
_PARAMS_BY_ID: Final[dict[int, tuple[Rules, tuple[int, ...]]]] = {}
_SUIT_BITS: Final = 0x1FFF
#: An empty award slot.
_EMPTY: Final = (KIND_NONE, -1, 0, -1)
#: The place (0..12) of the highest and of the lowest card of each 13-bit pattern of one suit
#: (0 for the empty pattern): one look-up each, cheap interpreted and compiled alike.
_HIGHEST_PLACE: Final = bytes(max(0, pattern.bit_length() - 1) for pattern in range(1 << 13))
_LOWEST_PLACE: Final = bytes(
    max(0, (pattern & -pattern).bit_length() - 1) for pattern in range(1 << 13)
)
_JACK_PLACE: Final = Rank.JACK - 2


def rule_params(rules: Rules) -> tuple[int, ...]:
    """The options of ``rules`` as the kernels take them: a tuple of ints, read at the places
    ``P_*`` of this module (kept per ruleset; not a kernel itself).

    >>> p = rule_params(Rules.preset("tournament"))
    >>> p[P_TARGET], p[P_UNDERTRUMP], p[P_GAME_VALUE], p[P_KICKS + 4]
    (14, 1, 2, 2)
    """
    entry = _PARAMS_BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    return remember_params(rules, _build_params, _PARAMS, _PARAMS_BY_ID)


def _build_params(rules: Rules) -> tuple[int, ...]:
    """:func:`rule_params` computed."""
    params = (
        rules.players,
        rules.deal_packet,
        rules.target,
        _UNDERTRUMP_CODES[rules.undertrump],
        int(rules.give_one_needs_trump),
        rules.game_value,
        rules.hang_jack_value,
        int(rules.game_tie is GameTie.NON_DEALER),
        int(rules.exposed_cards),
        *(rules.kick_value(rank) for rank in Rank),
    )
    assert len(params) == _PARAMS_SIZE
    return params


# -- the deal and the runs of the pack (AF-7, AF-8, AF-11, AF-13) --------------------------------
@kernel
def max_runs(players: int) -> int:
    """AF-11, AF-13: the most runs of the pack one deal can have with ``players`` players: a
    run needs ``3 × players + 1`` cards of stock (three each and a new kick) after the deal's
    ``6 × players + 1``.

    >>> max_runs(4), max_runs(2)
    (2, 5)
    """
    return (52 - (6 * players + 1)) // (3 * players + 1)


@kernel
def kick_place(run: int, players: int) -> int:
    """AF-7, AF-11: the deck position of the kick turned after ``run`` runs of the pack (0: the
    deal's own kick, after the ``6 × players`` cards dealt).

    >>> kick_place(0, 4), kick_place(2, 4), kick_place(5, 2)
    (24, 50, 47)
    """
    return 6 * players + run * (3 * players + 1)


@kernel
def stock_place(runs: int, players: int) -> int:
    """AF-7, AF-11: the deck position of the top card of the stock after ``runs`` runs (the
    card after the last kick).

    >>> stock_place(0, 4), stock_place(1, 2)
    (25, 20)
    """
    return kick_place(runs, players) + 1


@kernel
def deal_owner(position: int, dealer: int, players: int, packet: int) -> int:
    """AF-7, AF-11: who gets the card at ``position`` (0 = the top) of the deck: a seat, or
    :data:`KICK` for a kick's position, or :data:`STOCK` for a position beyond the last run a
    deal can have (:func:`max_runs`).

    The deal: packets of ``packet`` cards (``Rules.deal_packet``) from dealer+1 round to the
    dealer until each has six, then the kick.  Each run of the pack: three cards each from
    dealer+1 round to the dealer, then a new kick.

    >>> [deal_owner(p, 0, 2, 3) for p in (0, 3, 12, 13, 16, 19, 48)]
    [1, 0, -1, 1, 0, -1, -2]
    """
    dealt = 6 * players
    if position < dealt:
        return (dealer + 1 + position % (packet * players) // packet) % players
    if position == dealt:
        return KICK
    rest = position - dealt - 1
    block = 3 * players + 1
    if rest // block >= max_runs(players):
        return STOCK
    place = rest % block
    if place == 3 * players:
        return KICK
    return (dealer + 1 + place // 3) % players


@kernel
def deal_hands(
    deck: Sequence[int], dealer: int, players: int, packet: int, runs: int
) -> tuple[int, int, int, int]:
    """AF-7, AF-11: the cards (masks, seat order) that ``deck`` (52 card indices, top first)
    deals to each seat by the deal and ``runs`` runs of the pack; 0 for the seats a two-player
    game does not have.

    >>> from cardrules import STANDARD_DECK, CardSet
    >>> deck = [c.index for c in STANDARD_DECK]
    >>> [str(CardSet.from_mask(h)) for h in deal_hands(deck, 0, 2, 3, 0)[:2]]
    ['5C 6C 7C JC QC KC', '2C 3C 4C 8C 9C TC']
    """
    h0 = h1 = h2 = h3 = 0
    for position in range(stock_place(runs, players)):
        seat = deal_owner(position, dealer, players, packet)
        bit = 1 << deck[position]
        if seat == 0:
            h0 |= bit
        elif seat == 1:
            h1 |= bit
        elif seat == 2:
            h2 |= bit
        elif seat == 3:
            h3 |= bit
    return (h0, h1, h2, h3)


@kernel
def next_dealer(dealer: int, players: int, void: int) -> int:
    """AF-8, AF-13: the next deal's dealer: dealer+1 after a played hand, the same dealer
    after a void deal (``void`` 1: the pack ran out).

    >>> next_dealer(3, 4, 0), next_dealer(3, 4, 1), next_dealer(1, 2, 0)
    (0, 3, 0)
    """
    if void:
        return dealer
    return (dealer + 1) % players


@kernel
def may_look_at_hand(seat: int, dealer: int, players: int, trump: int) -> bool:
    """AF-15: whether ``seat`` may look at its hand: once trumps are fixed (``trump`` a suit,
    ``-1`` before the beggar's stand or the dealer's answer), every seat; before, only the
    dealer and the beggar (the seat after the dealer).

    >>> may_look_at_hand(2, 0, 4, -1), may_look_at_hand(1, 0, 4, -1), may_look_at_hand(2, 0, 4, 3)
    (False, True, True)
    """
    return trump >= 0 or seat == dealer or seat == (dealer + 1) % players


# -- kicks, gifts and the target (AF-5, AF-9, AF-11, AF-14, AF-21) -------------------------------
@kernel
def kick_points(card: int, params: Sequence[int]) -> int:
    """AF-5, AF-9: what the kick ``card`` (a card index) scores at once for the dealer's side.

    >>> p = rule_params(Rules())
    >>> kick_points(9, p), kick_points(4, p), kick_points(0, p)
    (3, 2, 0)
    """
    return params[P_KICKS + card % 13]


@kernel
def may_give_one(dealer_hand: int, kick_suit: int, params: Sequence[int]) -> bool:
    """AF-11: True when the dealer, holding ``dealer_hand`` (a card mask), may give one rather
    than run the pack: always, or with ``give_one_needs_trump`` only holding a card of the
    kick's suit ``kick_suit``.

    >>> may_give_one(1 << 30, 0, rule_params(Rules(give_one_needs_trump=True)))
    False
    """
    if not params[P_GIVE_ONE_NEEDS_TRUMP]:
        return True
    return dealer_hand & SUIT_MASKS[kick_suit] != 0


@kernel
def award_points(
    score0: int, score1: int, side: int, points: int, target: int
) -> tuple[int, int, int]:
    """AF-14, AF-21: one award of ``points`` to ``side``, the target checked at once: the two
    new scores and the winning side (``-1``: play goes on).  Every award comes here: each
    kick, a gift, each end-of-hand point.

    >>> award_points(12, 7, 0, 2, 14), award_points(12, 7, 1, 3, 14)
    ((14, 7, 0), (12, 10, -1))
    """
    if side == 0:
        score0 += points
        return score0, score1, (0 if score0 >= target else -1)
    score1 += points
    return score0, score1, (1 if score1 >= target else -1)


# -- play (AF-16 ... AF-20, AF-25) ---------------------------------------------------------------
@kernel
def play_mask(hand: int, lead: int, top: int, trump: int, undertrump: int, called: int) -> int:
    """AF-16 ... AF-20, AF-25: the cards of ``hand`` (a card mask) that may be played.

    ``lead`` is the suit led (``-1``: the player leads, AF-16: any card); ``top`` the card
    winning the trick so far (its index, ``-1`` before the lead); ``trump`` the trump suit;
    ``undertrump`` one of the ``UNDERTRUMP_*`` numbers; ``called`` the card an opponent called
    (AF-25, ``-1``: none).

    AF-17, AF-18: the core's :func:`~cardrules.core.tricks.follow_or_trump_bits`.  AF-20: on a
    non-trump lead, a trump lower than the trick's winning trump is forbidden unless the
    player holds nothing but trumps (``only_if_only_trumps``) or is void in the suit led
    (``only_if_void``).  AF-25: a called card is the only play (it is called only where it is
    legal).

    >>> from cardrules import CardSet
    >>> hand = CardSet.parse("9D 3H 7C").mask
    >>> qh = CardSet.parse("QH").mask.bit_length() - 1
    >>> [str(CardSet.from_mask(play_mask(hand, 1, qh, 2, u, -1))) for u in (0, 1)]
    ['9D 3H', '9D']
    """
    legal = follow_or_trump_bits(hand, lead, trump)
    if undertrump != UNDERTRUMP_ALLOWED and lead >= 0 and lead != trump and top // 13 == trump:
        trumps = SUIT_MASKS[trump]
        under = hand & trumps & ((1 << top) - 1)
        if under:
            if undertrump == UNDERTRUMP_ONLY_IF_ONLY_TRUMPS:
                forbidden = hand & ~trumps != 0
            else:
                forbidden = hand & SUIT_MASKS[lead] != 0
            if forbidden:
                legal &= ~under
    if called >= 0:
        legal &= 1 << called
    return legal


# -- the end of the hand (AF-4, AF-21 ... AF-23) -------------------------------------------------
@kernel
def card_points(mask: int) -> int:
    """AF-4: the card points for *game* of the cards of ``mask``.

    >>> from cardrules import CardSet
    >>> card_points(CardSet.parse("AH TS 2C KD").mask)
    17
    """
    total = 0
    for place in range(8, 13):
        value = CARD_POINT_VALUES[place]
        for suit in range(4):
            if mask >> (13 * suit + place) & 1:
                total += value
    return total


@kernel
def hand_awards(
    trump: int,
    side0: int,
    side1: int,
    won0: int,
    points0: int,
    points1: int,
    dealer: int,
    params: Sequence[int],
) -> tuple[
    tuple[int, int, int, int],
    tuple[int, int, int, int],
    tuple[int, int, int, int],
    tuple[int, int, int, int],
]:
    """AF-22, AF-23: the end-of-hand awards in scoring order, before any target: High, Low,
    Jack or hang jack, Game; each ``(kind, side, points, card)``, an empty slot
    ``(KIND_NONE, -1, 0, -1)`` (no trump in play: no High, Low or Jack; no jack in play: no
    Jack; a tie in card points under ``game_tie="nobody"``: no Game).

    ``side0`` and ``side1`` are the cards dealt to each side this deal (AF-22's cards in play,
    run cards included), ``won0`` the cards in the tricks side 0 won (the jack of trumps in
    play and not among them was won by side 1), ``points0`` and ``points1`` the card points
    each side won (:func:`card_points` of its tricks' cards: the caller has them, often from a
    table).

    >>> from cardrules import CardSet
    >>> m = lambda text: CardSet.parse(text).mask
    >>> won0, won1 = m("TS QH 2S KH"), m("JS AS")
    >>> awards = hand_awards(3, m("JS TS QH"), m("AS 2S KH"), won0, card_points(won0),
    ...                      card_points(won1), 0, rule_params(Rules()))
    >>> [award[:3] for award in awards]
    [(2, 1, 1), (3, 1, 1), (5, 1, 3), (6, 0, 1)]
    """
    none = _EMPTY
    high = low = jack = none
    base = 13 * trump
    pattern = (side0 | side1) >> base & _SUIT_BITS  # the trumps in play, by rank place
    if pattern:
        top = base + _HIGHEST_PLACE[pattern]
        bottom = base + _LOWEST_PLACE[pattern]
        trumps = pattern << base
        high = (KIND_HIGH, 0 if side0 >> top & 1 else 1, HIGH_VALUE, top)
        low = (KIND_LOW, 0 if side0 >> bottom & 1 else 1, LOW_VALUE, bottom)
        card = 13 * trump + _JACK_PLACE
        if trumps >> card & 1:
            holder = 0 if side0 >> card & 1 else 1
            taker = 0 if won0 >> card & 1 else 1
            if taker == holder:
                jack = (KIND_JACK, holder, JACK_VALUE, card)
            else:
                jack = (KIND_HANG_JACK, taker, params[P_HANG_JACK_VALUE], card)
    game = none
    if points0 != points1:
        game = (KIND_GAME, 0 if points0 > points1 else 1, params[P_GAME_VALUE], -1)
    elif params[P_GAME_TIE]:
        game = (KIND_GAME, 1 - dealer % 2, params[P_GAME_VALUE], -1)
    return high, low, jack, game


@kernel
def score_hand(
    score0: int,
    score1: int,
    trump: int,
    side0: int,
    side1: int,
    won0: int,
    points0: int,
    points1: int,
    dealer: int,
    params: Sequence[int],
) -> tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]:
    """AF-21 ... AF-23: the end-of-hand awards of :func:`hand_awards` added one at a time, in
    order, each by :func:`award_points`, stopping the moment a side reaches the target.

    The arguments are :func:`hand_awards`' after the two scores before the tally.  Returns the
    two scores, the winning side (``-1``: none) and the four slots of :func:`hand_awards` with
    the awards not scored (those after the one that reached the target) emptied.

    >>> from cardrules import CardSet
    >>> m = lambda text: CardSet.parse(text).mask
    >>> p = rule_params(Rules())
    >>> deal = (3, m("JS TS QH"), m("AS 2S KH"), m("TS QH 2S KH"), 15, 5, 0, p)
    >>> score_hand(0, 0, *deal)[:3]
    (1, 5, -1)
    >>> score_hand(0, 13, *deal)
    (0, 14, 1, ((2, 1, 1, 51), (-1, -1, 0, -1), (-1, -1, 0, -1), (-1, -1, 0, -1)))
    """
    awards = hand_awards(trump, side0, side1, won0, points0, points1, dealer, params)
    target = params[P_TARGET]
    for taken, award in enumerate(awards, 1):
        if award[0] != KIND_NONE:
            score0, score1, winner = award_points(score0, score1, award[1], award[2], target)
            if winner >= 0:
                return (
                    score0,
                    score1,
                    winner,
                    (
                        awards[0],
                        awards[1] if taken > 1 else _EMPTY,
                        awards[2] if taken > 2 else _EMPTY,
                        awards[3] if taken > 3 else _EMPTY,
                    ),
                )
    return score0, score1, -1, awards
