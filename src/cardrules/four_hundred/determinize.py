"""Determinization: a full 400 state sampled from one seat's observation.

A search bot that cannot see the other hands samples states that agree with everything its
seat knows, then searches them.  :func:`determinize` draws such a state uniformly at random from
an :class:`~cardrules.four_hundred.Observation` alone (it never sees the true state, and the
observation holds neither the seed nor the deck).  What the seat knows:

* its own hand (FH-7: every seat sees its 13 cards);
* the public facts: the bids, every card played with its seat, the tricks taken, the scores,
  level, dealer, offences and the finished hands;
* the other seats' hand sizes;
* what the rules prove (:func:`void_suits`): a player who did not follow the suit led holds none
  of it (FH-16).  Nothing else is sound: there is no duty to trump or to overtrump (FH-16), so a
  discard or a low heart proves nothing more, and the bids promise nothing about the cards.

Every state that fits is equally likely: the hidden cards are dealt with the exact uniform
method of :mod:`cardrules.core.hidden` (preceded, when a random deal usually fits, by a few
rejection rounds, which keep the draw exactly uniform), each seat's 13 dealt cards are put in a
uniformly random order into that seat's places of the deck (FH-7; the deck's order is hidden
from everyone), and the sample gets a fresh seed from ``rng`` (the deals to come are unknown to
everyone).

Everything that depends on the observation alone is worked out once and kept for the next calls
with the same observation object (a bot draws many samples of one observation).

>>> from cardrules import SeededRng
>>> from cardrules.four_hundred import Bid, determinize, new_game
>>> state = new_game(seed=4, dealer=0)
>>> for bid in (3, 3, 3, 3):
...     state = state.apply(Bid(bid))
>>> for _ in range(9):
...     state = state.apply(state.legal_actions()[-1])
>>> view = state.observe(2)
>>> sample = determinize(view, SeededRng(9))
>>> sample.observe(2) == view, sample.hand(2) == state.hand(2)
(True, True)
"""

from __future__ import annotations

import random
import threading
from itertools import combinations, permutations
from math import comb, factorial
from operator import itemgetter
from typing import Any, Final, NamedTuple

from cardrules.core.cards import CARDS, Card, Suit
from cardrules.core.cardset import FULL_MASK, SUIT_MASKS
from cardrules.core.checks import check_rng, refuse
from cardrules.core.deck import SeededRng
from cardrules.core.hidden import sample_hidden_cards
from cardrules.core.tricks import winning_offset
from cardrules.four_hundred.dealing import seat_schedule
from cardrules.four_hundred.engine import State, _assemble
from cardrules.four_hundred.kernels import play_mask
from cardrules.four_hundred.scoring import minimum_bid
from cardrules.four_hundred.state import Phase, _copy, _Deal
from cardrules.four_hundred.view import Observation

__all__ = ["determinize", "void_suits"]

_F13: Final = factorial(13)
#: ``13! ** 4``: one draw orders the 13 places of every seat (FH-7).
_ORDERS: Final = _F13**4
_ORDER_BITS: Final = _ORDERS.bit_length()


def _ruled_out(card: int, lead: int) -> int:
    """The cards that playing ``card`` to a trick led with ``lead`` proves its player did not
    hold: those whose presence would have made the play illegal by the kernel
    :func:`~cardrules.four_hundred.kernels.play_mask` (FH-16).  The rule looks at the suits
    held, never at ranks, so one card of each suit tells."""
    ruled_out = 0
    for suit in range(4):
        other = 13 * suit if 13 * suit != card else 13 * suit + 1
        if not play_mask(1 << card | 1 << other, lead) >> card & 1:
            ruled_out |= SUIT_MASKS[suit]
    return ruled_out


#: :func:`_ruled_out` of every card and suit led, at ``[4 * card + lead]``.
_RULED_OUT: Final = tuple(_ruled_out(card, lead) for card in range(52) for lead in range(4))


def _void_masks(observation: Observation) -> list[int]:
    """Per seat, the cards that the play proves the seat does not hold: FH-16 makes a player
    who holds the suit led follow it, so a card of another suit proves a void in the suit led
    (:func:`_ruled_out`)."""
    voids = [0, 0, 0, 0]
    tricks = list(observation.tricks)
    if observation.current_trick.cards:
        tricks.append(observation.current_trick)
    for trick in tricks:
        cards = trick.cards
        lead = cards[0].suit
        for position in range(1, len(cards)):
            voids[(trick.leader + position) % 4] |= _RULED_OUT[4 * cards[position].index + lead]
    return voids


def void_suits(observation: Observation) -> tuple[frozenset[Suit], ...]:
    """Per seat, the suits that the play so far proves the seat holds none of: those it did not
    follow when they were led (FH-16).

    >>> from cardrules.four_hundred import Bid, Play, new_game
    >>> hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> state = new_game(hands=hands, dealer=3, seed=1)
    >>> for bid in (3, 3, 3, 3):
    ...     state = state.apply(Bid(bid))
    >>> for card in ("2C", "2D"):  # seat 0 leads a club, seat 1 shows out of clubs
    ...     state = state.apply(Play.parse(card))
    >>> [sorted(str(s) for s in suits) for suits in void_suits(state.observe(0))]
    [[], ['C'], [], []]
    """
    return tuple(
        frozenset(suit for suit in Suit if mask & SUIT_MASKS[suit] == SUIT_MASKS[suit])
        for mask in _void_masks(_observation(observation))
    )


def _observation(observation: object) -> Observation:
    if not isinstance(observation, Observation):
        refuse("observation", f"a {__package__.rsplit('.', 1)[-1]}.Observation", observation)
    return observation


def _below(rng: SeededRng | random.Random, n: int) -> int:
    return rng.below(n) if isinstance(rng, SeededRng) else rng.randrange(n)


def _tries(unknown: int, sizes: tuple[int, ...], allowed: tuple[int, ...]) -> int:
    """How many rejection rounds to make before the exact method: many when a random deal
    usually fits, none when it rarely does.  Any fixed number keeps the draw exactly uniform
    (a uniform deal kept only if it fits is uniform on the deals that fit), so a rough
    estimate of the rate of fitting deals does: each seat's chance of drawing no card it may
    not hold, as if the seats drew independently."""
    n = unknown.bit_count()
    rate = 1.0
    for size, allow in zip(sizes, allowed, strict=True):
        rate *= comb(n - (unknown & ~allow).bit_count(), size) / comb(n, size)
    if rate == 1.0:
        return 1
    return 0 if rate < 0.05 else min(30, int(4 / rate) + 1)


def _forced(
    unknown: int, sizes: list[int], allowed: list[int]
) -> tuple[int, list[int], list[int], list[int]]:
    """Take out the cards that only one seat may hold (they are that seat's in every deal that
    fits), until none is left: the cards still to deal, the sizes and allowed cards for them,
    and each seat's forced cards."""
    forced = [0, 0, 0]
    while True:
        if unknown & ~(allowed[0] | allowed[1] | allowed[2]):
            raise ValueError("no deal of the hidden cards fits the observation")
        found = False
        for h in range(3):
            only = allowed[h] & ~(allowed[(h + 1) % 3] | allowed[(h + 2) % 3])
            if only:
                found = True
                forced[h] |= only
                sizes[h] -= only.bit_count()
                if sizes[h] < 0:
                    raise ValueError("no deal of the hidden cards fits the observation")
                unknown &= ~only
                allowed = [a & ~only for a in allowed]
            if sizes[h] == 0 and allowed[h]:
                found = True
                allowed[h] = 0
        if not found:
            return unknown, sizes, allowed, forced


class _Plan(NamedTuple):
    """What one observation fixes, worked out once."""

    seat: int
    others: tuple[int, int, int]
    #: The hidden cards left to deal once the forced ones are out (see :func:`_forced`).
    unknown: int
    unknown_cards: tuple[Card, ...]
    sizes: tuple[int, int, int]
    allowed: tuple[int, int, int]
    #: The cards that only one of the other seats may hold: that seat's.
    forced: tuple[int, int, int]
    tries: int
    #: How many ordered choices of the first two other seats' cards there are.
    orders: int
    #: Per seat, the cards it played (and for the seat itself, its hand too).
    known: tuple[tuple[Card, ...], ...]
    #: The deck (FH-7) from the 4 x 13 cards of the seats in seat order.
    places: Any
    own: int
    #: The samples' deal record but for the seed and the deck (each sample sets them on a copy).
    match: _Deal
    #: ``_assemble``'s other arguments but for the hands (put in per sample).
    hand_slot: tuple[Any, ...]


_CACHE: dict[int, tuple[Observation, _Plan]] = {}
_CACHE_SIZE: Final = 32
_CACHE_LOCK: Final = threading.Lock()  # bots in threads share the cache; only writes lock


def _plan(observation: Observation) -> _Plan:
    entry = _CACHE.get(id(observation))
    if entry is not None and entry[0] is observation:
        return entry[1]
    plan = _make_plan(observation)
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)), None)
        # Holding the observation keeps its id from being reused while it is cached.
        _CACHE[id(observation)] = (observation, plan)
    return plan


_PLACES: dict[tuple[int, tuple[int, ...]], Any] = {}


def _places(dealer: int, packets: tuple[int, ...]) -> Any:
    """The deck (FH-7) from the 4 x 13 cards of the seats in seat order, as an item getter."""
    getter = _PLACES.get((dealer, packets))
    if getter is None:
        taken = [0, 0, 0, 0]
        places = []
        for owner in seat_schedule(dealer, packets):
            places.append(13 * owner + taken[owner])
            taken[owner] += 1
        getter = _PLACES[dealer, packets] = itemgetter(*places)
    return getter


def _make_plan(observation: Observation) -> _Plan:
    seat = observation.seat
    rules = observation.rules
    played: list[list[Card]] = [[], [], [], []]
    voids = _void_masks(observation)
    public = 0
    done = []
    current = observation.current_trick
    tricks = observation.tricks
    for trick in (*tricks, current) if current.cards else tricks:
        leader = trick.leader
        cards = trick.cards
        for position, card in enumerate(cards):
            played[(leader + position) % 4].append(card)
            public |= card.mask
        if len(cards) == 4:
            indices = (cards[0].index, cards[1].index, cards[2].index, cards[3].index)
            done.append((leader, indices, (leader + winning_offset(indices, 2)) % 4))  # FH-17
    in_trick = tuple(card.index for card in current.cards)
    own = observation.hand.mask
    if own & public:
        raise ValueError("the observation's hand holds a card already played")
    # a chance state (explicit chance, FH-7): nothing dealt yet, nothing hidden
    unknown = 0 if observation.phase is Phase.DEAL else FULL_MASK & ~(own | public)
    sizes = observation.hand_sizes
    if sizes[seat] != own.bit_count():
        raise ValueError("the observation's hand size does not match its hand")
    others = ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4)
    if sizes[others[0]] + sizes[others[1]] + sizes[others[2]] != unknown.bit_count():
        raise ValueError("the hidden cards do not add up to the other seats' hand sizes")
    free, free_sizes, allowed, forced = _forced(
        unknown, [sizes[s] for s in others], [unknown & ~voids[s] for s in others]
    )
    other_sizes = (free_sizes[0], free_sizes[1], free_sizes[2])
    known = [tuple(p) for p in played]
    known[seat] += _cards(own)
    for h, owner in enumerate(others):
        if forced[h]:
            known[owner] += _cards(forced[h])
    history = observation.history
    if observation.phase is Phase.OVER and history:
        last = history[-1]
        start = tuple(s - c for s, c in zip(last.scores, last.changes, strict=True))
    else:
        start = observation.scores
    minimum = tuple(minimum_bid(score, rules) for score in start)
    hand_number = 1
    for result in reversed(history):  # scored hands are numbered 1, 2, ... (FH-19)
        if result.hand_number is not None:
            hand_number = result.hand_number + 1
            break
    match = _Deal(
        rules=rules,
        seed=0,  # each sample gets its own seed and deck
        dealer=observation.dealer,
        deal_number=observation.deal_number,
        scores=observation.scores,
        level=observation.level,
        history=history,
        hand_number=hand_number,
        offences=observation.offences,
        explicit=observation.phase is Phase.DEAL,
        minimum_bids=(minimum[0], minimum[1], minimum[2], minimum[3]),
        phase=observation.phase,
        winner=observation.winner,
    )
    rest = (
        observation.current_player,
        observation.bids,
        observation.tricks_taken,
        current.leader,
        in_trick,
        tuple(done),
    )
    return _Plan(
        seat,
        others,
        free,
        _cards(free),
        other_sizes,
        (allowed[0], allowed[1], allowed[2]),
        (forced[0], forced[1], forced[2]),
        _tries(free, other_sizes, tuple(allowed)),
        _partial_orders(free.bit_count(), other_sizes[0] + other_sizes[1]),
        tuple(known),
        _places(observation.dealer, rules.deal_packets),
        own,
        match,
        rest,
    )


def _partial_orders(n: int, k: int) -> int:
    """How many ordered choices of ``k`` items out of ``n`` there are."""
    return factorial(n) // factorial(n - k)


def _hidden(
    plan: _Plan, rng: SeededRng | random.Random
) -> tuple[tuple[int, int, int], tuple[tuple[Card, ...], ...]]:
    """The other seats' hands, uniformly among those that fit: masks and cards."""
    tries = plan.tries
    if tries:
        cards = list(plan.unknown_cards)
        n = len(cards)
        a, b, _ = plan.sizes
        k = a + b
        first, second, third = plan.allowed
        unknown = plan.unknown
        orders = plan.orders
        below = rng.below if isinstance(rng, SeededRng) else rng.randrange
        for _ in range(tries):
            # A partial Fisher-Yates shuffle from one uniform draw: the last k places get a
            # uniformly random ordered choice of k cards; the first seat takes a of them.
            x = below(orders)
            hand = 0
            for i in range(n - 1, n - 1 - a, -1):
                x, j = divmod(x, i + 1)
                card = cards[j]
                cards[j] = cards[i]
                cards[i] = card
                hand |= card.mask
            if hand & ~first:
                continue
            hand2 = 0
            for i in range(n - 1 - a, n - 1 - k, -1):
                x, j = divmod(x, i + 1)
                card = cards[j]
                cards[j] = cards[i]
                cards[i] = card
                hand2 |= card.mask
            if hand2 & ~second:
                continue
            hand3 = unknown & ~(hand | hand2)
            if hand3 & ~third:
                continue
            return (hand, hand2, hand3), (
                tuple(cards[n - a :]),
                tuple(cards[n - k : n - a]),
                tuple(cards[: n - k]),
            )
    masks = sample_hidden_cards(plan.unknown, plan.sizes, plan.allowed, rng, tries=0)
    return (masks[0], masks[1], masks[2]), tuple(_cards(mask) for mask in masks)


# -- the deck: each seat's cards in a uniformly random order into its places (FH-7) -------------
#: 13! = C(13, 6) * 6! * 7!: which six of a seat's cards come first, their order, the others'.
_SPLIT: Final = comb(13, 6)
_P6: Final = factorial(6)
_P7: Final = factorial(7)
_TABLES: list[tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]] = []


def _tables() -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """Item getters for a uniform order of 13 items in three look-ups (made on first use)."""
    if not _TABLES:
        splits = []
        for chosen in combinations(range(13), 6):
            rest = [i for i in range(13) if i not in chosen]
            splits.append(itemgetter(*chosen, *rest))
        sixes = tuple(itemgetter(*p) for p in permutations(range(6)))
        sevens = tuple(itemgetter(*(6 + i for i in p)) for p in permutations(range(7)))
        _TABLES.append((tuple(splits), sixes, sevens))
    return _TABLES[0]


#: ``_SUIT_CARDS[suit][bits]``: the cards of one suit whose 13 rank bits are ``bits``.
_SUIT_CARDS: Final[tuple[dict[int, tuple[Card, ...]], ...]] = ({}, {}, {}, {})


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    cards = _SUIT_CARDS[suit].get(bits)
    if cards is None:
        cards = tuple(CARDS[13 * suit + r] for r in range(13) if bits >> r & 1)
        _SUIT_CARDS[suit][bits] = cards
    return cards


def _cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` (four table look-ups)."""
    c0, c1, c2, c3 = _SUIT_CARDS
    bits = mask & 0x1FFF
    cards = c0.get(bits) or _suit_cards(0, bits)
    bits = (mask >> 13) & 0x1FFF
    cards += c1.get(bits) or _suit_cards(1, bits)
    bits = (mask >> 26) & 0x1FFF
    cards += c2.get(bits) or _suit_cards(2, bits)
    bits = mask >> 39
    return cards + (c3.get(bits) or _suit_cards(3, bits))


def determinize(observation: Observation, rng: SeededRng | random.Random) -> State:
    """A state drawn uniformly from those that ``observation``'s seat cannot tell apart.

    ``sample.observe(observation.seat) == observation`` holds for every sample.  ``rng`` is a
    :class:`~cardrules.SeededRng` (reproducible everywhere) or a :class:`random.Random` (faster).

    :raises ValueError: if the observation is not one that a state can give (no deal fits).
    """
    if not isinstance(observation, Observation):
        refuse("observation", "a four_hundred.Observation", observation)
    check_rng(rng)
    plan = _plan(_observation(observation))
    turn, bids, taken, leader, trick, done = plan.hand_slot
    deal = _copy(plan.match)
    if deal.phase is Phase.DEAL:  # a chance state: no card is dealt yet
        deal.seed = rng.next64() if isinstance(rng, SeededRng) else rng.getrandbits(64)
        return _assemble(
            deal,
            hands=(0, 0, 0, 0),
            turn=turn,
            leader=leader,
            trick=trick,
            tricks=done,
            bids=bids,
            taken=taken,
        )
    masks, hidden = _hidden(plan, rng)
    seat = plan.seat
    hands = [0, 0, 0, 0]
    hands[seat] = plan.own
    splits, sixes, sevens = _tables()
    known = plan.known
    forced = plan.forced
    if isinstance(rng, SeededRng):
        x = rng.below(_ORDERS)
    else:
        x = rng.getrandbits(_ORDER_BITS)
        while x >= _ORDERS:
            x = rng.getrandbits(_ORDER_BITS)
    ordered: tuple[Card, ...] = ()
    for owner in range(4):
        if owner == seat:
            cards = known[owner]
        else:
            other = (owner - seat - 1) % 4
            hands[owner] = masks[other] | forced[other]
            cards = known[owner] + hidden[other]
        x, order = divmod(x, _F13)
        order, seven = divmod(order, _P7)
        split, six = divmod(order, _P6)
        cards = splits[split](cards)
        ordered += sixes[six](cards) + sevens[seven](cards)
    deck: tuple[Card, ...] = plan.places(ordered)
    deal.seed = rng.next64() if isinstance(rng, SeededRng) else rng.getrandbits(64)
    deal.deck = tuple(deck)
    return _assemble(
        deal,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        turn=turn,
        leader=leader,
        trick=trick,
        tricks=done,
        bids=bids,
        taken=taken,
    )
