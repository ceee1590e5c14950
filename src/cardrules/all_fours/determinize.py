"""Determinization: a full All Fours state sampled from one seat's observation.

A search bot that cannot see the other hands samples states that agree with everything its
seat knows, then searches them.  :func:`determinize` draws such a state uniformly at random from
an :class:`~cardrules.all_fours.Observation` alone (it never sees the true state).  What the
seat knows:

* its own hand -- except during the beg (AF-15), when a seat other than the beggar and the
  dealer has not looked at its cards: they are hidden from it too, and sampled;
* the public cards: the kicks (every card turned up, those a run set aside included), the cards
  played (with their seats), exposed cards (AF-25, in their owner's hand);
* the hand sizes and the size of the undealt stock (whose cards and order are hidden);
* what the rules prove (:func:`void_suits`, from the engine's own rule of the legal plays,
  :func:`~cardrules.all_fours.legal_play_mask`): a player who, on a plain-suit lead, played
  neither that suit nor a trump holds none of that suit (AF-18); on a trump lead, a player who
  did not play a trump holds none (AF-17); an undertrump proves that the player held only
  trumps (``undertrump="only_if_only_trumps"``) or none of the suit led (``"only_if_void"``,
  AF-20); and with ``give_one_needs_trump`` a dealer who gave one held a card of the kick's
  suit (AF-11).

Every state that fits is equally likely: the hidden cards are dealt with the exact sampler
:func:`cardrules.core.hidden.sample_hidden_cards`, the stock's order and the deck positions of
each seat's cards are shuffled, and the sample gets a fresh seed from ``rng`` (the deals to come
are unknown to everyone).

>>> from cardrules import SeededRng
>>> from cardrules.all_fours import Stand, determinize, new_game
>>> state = new_game(seed=4, dealer=0).apply(Stand())
>>> for _ in range(6):
...     state = state.apply(state.legal_actions()[-1])
>>> view = state.observe(2)
>>> sample = determinize(view, SeededRng(9))
>>> sample.observe(2) == view, sample.hand(2) == state.hand(2)
(True, True)
"""

from __future__ import annotations

import operator
import random
from functools import lru_cache
from math import comb
from typing import Final

from cardrules.all_fours.actions import GIVE_ONE
from cardrules.all_fours.dealing import deal_places
from cardrules.all_fours.engine import State, _assemble, _legal_play_mask, _start_deal
from cardrules.all_fours.rules import Undertrump
from cardrules.all_fours.state import Phase, _Deal
from cardrules.all_fours.view import Observation
from cardrules.core.cards import CARDS, Card, Suit
from cardrules.core.cardset import FULL_MASK, SUIT_MASKS
from cardrules.core.checks import check_rng, refuse
from cardrules.core.deck import SeededRng
from cardrules.core.hidden import count_hidden_deals, sample_hidden_cards
from cardrules.core.tricks import Trick

__all__ = ["determinize", "void_suits"]

#: Rejection rounds for the dealer's trump (AF-11) before the exact method.
_TRUMP_TRIES: Final = 8


def _ruled_out(card: int, trick: tuple[int, ...], trump: int, option: Undertrump) -> int:
    """The cards that playing ``card`` to ``trick`` proves its player did not hold: those whose
    presence would have made the play illegal by :func:`legal_play_mask` (AF-17, AF-18, AF-20).
    The rule looks at the suits held, never at ranks, so one card of each suit tells."""
    ruled_out = 0
    for suit in range(4):
        other = 13 * suit if 13 * suit != card else 13 * suit + 1
        if not _legal_play_mask(1 << card | 1 << other, trick, trump, option) >> card & 1:
            ruled_out |= SUIT_MASKS[suit]
    return ruled_out


@lru_cache(maxsize=4096)
def _trick_voids(cards: tuple[int, ...], trump: int, option: Undertrump) -> tuple[int, ...]:
    """:func:`_ruled_out` for each card of a trick after the lead, in order.  (Cached: a search
    bot samples one observation many times.)"""
    return tuple(
        _ruled_out(cards[position], cards[:position], trump, option)
        for position in range(1, len(cards))
    )


def _void_masks(observation: Observation) -> list[int]:
    """Per seat, the mask of the cards the rules prove the seat does not hold now."""
    n = observation.rules.players
    voids = [0] * n
    trump = observation.trump
    if trump is None:
        return voids
    option = observation.rules.undertrump
    tricks = list(observation.tricks)
    if observation.current_trick.cards:
        tricks.append(observation.current_trick)
    for trick in tricks:
        seat = trick.leader
        for ruled_out in _trick_voids(_indices(trick.cards), int(trump), option):
            seat = seat + 1 if seat + 1 < n else 0
            voids[seat] |= ruled_out
    return voids


def void_suits(observation: Observation) -> tuple[frozenset[Suit], ...]:
    """Per seat, the suits that the play so far proves the seat holds none of (AF-17, AF-18,
    AF-20); see the module's introduction.

    >>> from cardrules.all_fours import Play, Stand, deck_for, new_game
    >>> hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3D 8D 2S", "JH 3H AS KC 9D 4S"]
    >>> state = new_game(deck=deck_for(hands, "6H"), dealer=0, seed=1).apply(Stand())
    >>> for card in ("4C", "8D", "KC", "8C"):  # hearts are trumps; seat 2 shows out of clubs
    ...     state = state.apply(Play.parse(card))
    >>> [sorted(str(s) for s in suits) for suits in void_suits(state.observe(0))]
    [[], [], ['C'], []]
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


def _sample_with_card_of(
    unknown: int,
    sizes: list[int],
    allowed: list[int],
    holder: int,
    wanted: int,
    rng: SeededRng | random.Random,
) -> tuple[int, ...]:
    """A uniform deal (as :func:`sample_hidden_cards`) in which ``holder`` gets at least one
    card of ``wanted``: a few rejection rounds, then exactly, split by the lowest wanted card
    that ``holder`` gets."""
    for _ in range(_TRUMP_TRIES):
        hands = sample_hidden_cards(unknown, sizes, allowed, rng)
        if hands[holder] & wanted:
            return hands
    parts = []
    total = 0
    mask = unknown & allowed[holder] & wanted
    if sizes[holder]:
        while mask:
            low = mask & -mask
            mask ^= low
            sub_sizes = list(sizes)
            sub_sizes[holder] -= 1
            sub_allowed = list(allowed)
            sub_allowed[holder] &= ~(wanted & (low - 1))
            ways = count_hidden_deals(unknown & ~low, sub_sizes, sub_allowed)
            if ways:
                parts.append((ways, low, sub_sizes, sub_allowed))
                total += ways
    if not total:
        raise ValueError("no deal of the hidden cards fits the observation")
    pick = _below(rng, total)
    chosen = parts[-1]
    for part in parts:
        if pick < part[0]:
            chosen = part
            break
        pick -= part[0]
    _, low, sub_sizes, sub_allowed = chosen
    drawn = list(sample_hidden_cards(unknown & ~low, sub_sizes, sub_allowed, rng))
    drawn[holder] |= low
    return tuple(drawn)


def _cards_of(mask: int) -> list[Card]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


@lru_cache(maxsize=256)
def _tries(unknown: int, sizes: tuple[int, ...], allowed: tuple[int, ...]) -> int:
    """How many rejection rounds to make before the exact method: many when a random deal
    usually fits (a few voids), none when it rarely does.  Any fixed number keeps the draw
    exactly uniform.  Cached: a bot draws many samples of one observation."""
    if all(unknown & ~allow == 0 for allow in allowed):
        return 1
    fits = count_hidden_deals(unknown, sizes, allowed)
    total = 1
    left = unknown.bit_count()
    for size in sizes:
        total *= comb(left, size)
        left -= size
    rate = fits / total
    return 0 if rate < 0.02 else min(40, int(4 / rate) + 1)


def _sample(
    unknown: int, sizes: list[int], allowed: list[int], rng: SeededRng | random.Random
) -> tuple[int, ...]:
    """:func:`sample_hidden_cards`, with a cheaper rejection stage first for ``random.Random``:
    draw the players' cards as one uniform sample (the stock, unconstrained, takes the rest)
    and keep the draw if every card fits its holder.  A uniform draw conditioned on fitting is
    uniform on the deals that fit, so the result is exactly uniform either way."""
    tries = _tries(unknown, tuple(sizes), tuple(allowed))
    if tries and isinstance(rng, random.Random):
        cards = _masks_of(unknown)
        players = len(sizes) - 1
        wanted = sum(sizes[:players])
        for _ in range(tries):
            picked = rng.sample(cards, wanted)
            hands = []
            start = 0
            for holder in range(players):
                hand = 0
                for card in picked[start : start + sizes[holder]]:
                    hand |= card
                if hand & ~allowed[holder]:
                    break
                hands.append(hand)
                start += sizes[holder]
            else:
                rest = unknown
                for hand in hands:
                    rest &= ~hand
                return (*hands, rest)
        tries = 0
    return sample_hidden_cards(unknown, sizes, allowed, rng, tries=tries)


def _masks_of(mask: int) -> list[int]:
    masks = []
    while mask:
        low = mask & -mask
        masks.append(low)
        mask ^= low
    return masks


def _fresh_seed(rng: SeededRng | random.Random) -> int:
    return rng.next64() if isinstance(rng, SeededRng) else rng.getrandbits(64)


def _indices(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(map(_INDEX, cards))


_INDEX: Final = operator.attrgetter("index")


def determinize(observation: Observation, rng: SeededRng | random.Random) -> State:
    """A state drawn uniformly from those that ``observation``'s seat cannot tell apart.

    ``sample.observe(observation.seat) == observation`` holds for every sample.  ``rng`` is a
    :class:`~cardrules.SeededRng` (reproducible everywhere) or a :class:`random.Random`.  The
    observation of a chance state (``new_game(..., chance="explicit")``) hides nothing: its
    sample is that chance state (with a fresh seed).

    :raises ValueError: if the observation is not one that a state can give (no deal fits).
    """
    observation = _observation(observation)
    check_rng(rng)
    rules = observation.rules
    if observation.phase is Phase.DEAL:  # a chance state: nothing is dealt, nothing hidden
        match = _Deal(
            rules=rules,
            seed=_fresh_seed(rng),
            dealer=observation.dealer,
            deal_number=observation.deal_number,
            scores=observation.scores,
            history=observation.history,
            explicit=True,
        )
        return _start_deal(match)
    n = rules.players
    seat = observation.seat
    played = [0] * n
    tricks: list[Trick] = list(observation.tricks)
    if observation.current_trick.cards:
        tricks.append(observation.current_trick)
    public = 0
    for trick in tricks:
        for position, card in enumerate(trick.cards):
            played[(trick.leader + position) % n] |= card.mask
            public |= card.mask
    known = [cards.mask for cards in observation.exposed_by]
    if observation.may_look:
        known[seat] = observation.hand.mask
    for card in observation.kicks:
        public |= card.mask
    for mask in known:
        public |= mask
    unknown = FULL_MASK & ~public
    sizes = [observation.hand_sizes[s] - known[s].bit_count() for s in range(n)]
    sizes.append(observation.stock_size)
    voids = _void_masks(observation)
    allowed = [unknown & ~voids[s] for s in range(n)]
    allowed.append(unknown)
    dealer = observation.dealer
    trumps = SUIT_MASKS[observation.kicks[0].suit]
    if (
        rules.give_one_needs_trump
        and GIVE_ONE in observation.decisions
        and not (known[dealer] | played[dealer]) & trumps
    ):  # AF-11: the dealer gave one, so held a card of the kick's suit
        hidden = _sample_with_card_of(unknown, sizes, allowed, dealer, trumps, rng)
    else:
        hidden = _sample(unknown, sizes, allowed, rng)
    hands = [known[s] | hidden[s] for s in range(n)]
    dealt = tuple(hands[s] | played[s] for s in range(n))
    # The deck: each seat's cards shuffled into its places (AF-7, AF-11), the kicks in theirs,
    # then the stock in a random order.
    kicks = observation.kicks
    places, kick_places, top = deal_places(rules.players, rules.deal_packet, dealer, len(kicks) - 1)
    if top + observation.stock_size != 52:
        raise ValueError("the stock's size does not fit the deal and its runs")
    deck: list[Card] = list(kicks)  # placeholders, every place is set below
    deck.extend(kicks[:1] * (52 - len(kicks)))
    for place, kick in zip(kick_places, kicks, strict=True):
        deck[place] = kick
    shuffle = rng.shuffle
    for owner in range(n):
        cards = _cards_of(dealt[owner])
        if len(cards) != len(places[owner]):
            raise ValueError(f"seat {owner} holds and played {len(cards)} cards, not the dealt")
        shuffle(cards)
        for position, card in zip(places[owner], cards, strict=True):
            deck[position] = card
    stock = _cards_of(hidden[n])
    shuffle(stock)
    deck[top:] = stock
    seed = _fresh_seed(rng)
    called = observation.called
    trump = observation.trump
    deal = _Deal(
        rules=rules,
        seed=seed,
        dealer=dealer,
        deal_number=observation.deal_number,
        scores=observation.scores,
        history=observation.history,
        deck=tuple(deck),
        kicks=observation.kicks,
        dealt=dealt,
        trump=-1 if trump is None else int(trump),
        phase=observation.phase,
        awards=observation.awards,
        decisions=observation.decisions,
        winner=observation.winner,
        exposed=observation.exposed.mask,
        called=-1 if called is None else called.index,
    )
    return _assemble(
        deal,
        hands=hands,
        turn=observation.current_player,
        leader=observation.current_trick.leader,
        trick=_indices(observation.current_trick.cards),
        tricks=tuple(
            (trick.leader, _indices(trick.cards), winner)
            for trick, winner in zip(observation.tricks, observation.trick_winners, strict=True)
        ),
    )
