"""The deal (AF-7) and the runs of the pack (AF-11): deck -> hands, and hands -> deck.

* :func:`deal_layout` -- the seat that receives each of the first ``6 × players`` cards;
* :func:`dealer_of_hands` -- the hands that a deck deals (the engine's form: card masks);
* :func:`run_packets` -- the three more cards each that a run of the pack deals (AF-11);
* :func:`deal_places` -- the deck positions of each seat's cards and of the kicks, after some
  runs (what a determinizer fills in);
* :func:`deck_for` -- a deck that deals given hands and kick (to set up a position).

>>> from cardrules import CardSet
>>> deck = deck_for(["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S"], "6H", rules=Rules(players=2))
>>> dealt, _ = dealer_of_hands(Rules(players=2))(deck, 0)
>>> [str(CardSet.from_mask(hand)) for hand in dealt], str(deck[12])
(['4C 5D 2H 9S TS KS', '3C 8D 7H AH 2S QS'], '6H')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cardrules.all_fours.rules import Rules, rules_or_default
from cardrules.all_fours.state import _pack
from cardrules.core.cards import CARDS, Card, parse_cards
from cardrules.core.cardset import mask_of
from cardrules.core.checks import check_hands, check_int, check_seat
from cardrules.core.deck import parse_deck
from cardrules.errors import ParseError

__all__ = ["deal_layout", "deal_places", "dealer_of_hands", "deck_for", "run_packets"]

_LAYOUTS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def deal_layout(rules: Rules, dealer: int) -> tuple[int, ...]:
    """AF-7: the seat that receives each of the first ``6 × players`` cards of the deck.

    Packets go from the dealer's right-hand neighbour (dealer + 1) round to the dealer; the next
    card is the kick.

    >>> deal_layout(Rules(players=2), 0)
    (1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0)
    """
    rules = rules_or_default(rules)
    key = (rules.players, rules.deal_packet, check_seat(dealer, rules.players, name="dealer"))
    layout = _LAYOUTS.get(key)
    if layout is None:
        n, packet = rules.players, rules.deal_packet
        seats: list[int] = []
        for _ in range(6 // packet):
            for offset in range(1, n + 1):
                seats.extend([(dealer + offset) % n] * packet)
        layout = _LAYOUTS[key] = tuple(seats)
    return layout


# The deal of the default packets of three, written out (a share of every random hand's cost):
# the hands in the order dealt (dealer + 1 first, the dealer last), then turned to seat order.
def _four_by_three(deck: Sequence[Card], dealer: int) -> tuple[tuple[int, ...], int]:
    first = (
        deck[0].mask | deck[1].mask | deck[2].mask | deck[12].mask | deck[13].mask | deck[14].mask
    )
    second = (
        deck[3].mask | deck[4].mask | deck[5].mask | deck[15].mask | deck[16].mask | deck[17].mask
    )
    third = (
        deck[6].mask | deck[7].mask | deck[8].mask | deck[18].mask | deck[19].mask | deck[20].mask
    )
    last = (
        deck[9].mask | deck[10].mask | deck[11].mask | deck[21].mask | deck[22].mask | deck[23].mask
    )
    if dealer == 0:
        hands = (last, first, second, third)
    elif dealer == 1:
        hands = (third, last, first, second)
    elif dealer == 2:
        hands = (second, third, last, first)
    else:
        hands = (first, second, third, last)
    return hands, hands[0] | hands[1] << 52 | hands[2] << 104 | hands[3] << 156


def _two_by_three(deck: Sequence[Card], dealer: int) -> tuple[tuple[int, ...], int]:
    first = deck[0].mask | deck[1].mask | deck[2].mask | deck[6].mask | deck[7].mask | deck[8].mask
    last = deck[3].mask | deck[4].mask | deck[5].mask | deck[9].mask | deck[10].mask | deck[11].mask
    hands = (last, first) if dealer == 0 else (first, last)
    return hands, hands[0] | hands[1] << 52


def _by_layout(rules: Rules) -> Callable[[Sequence[Card], int], tuple[tuple[int, ...], int]]:
    def deal(deck: Sequence[Card], dealer: int) -> tuple[tuple[int, ...], int]:
        hands = [0] * rules.players
        for position, seat in enumerate(deal_layout(rules, dealer)):
            hands[seat] |= deck[position].mask
        return tuple(hands), _pack(hands)

    return deal


def dealer_of_hands(rules: Rules) -> Callable[[Sequence[Card], int], tuple[tuple[int, ...], int]]:
    """AF-7 for ``rules``: a function from ``(deck, dealer)`` to each seat's six cards as a mask
    (seat order) and all the hands packed as a state holds them (seat ``s`` at bit ``52 * s``).
    The engine keeps one per ruleset; the function trusts its arguments (a 52-card deck, a
    seat), as the engine's deal path does."""
    if rules.deal_packet == 3:
        return _four_by_three if rules.players == 4 else _two_by_three
    return _by_layout(rules)


def run_packets(stock: Sequence[Card], dealer: int, players: int) -> tuple[int, ...]:
    """AF-11: the packet of three cards each that a run of the pack deals from the top of
    ``stock``, from dealer + 1 round to the dealer (a card mask per seat, seat order); the next
    card, ``stock[3 * players]``, is the new kick."""
    check_seat(dealer, players, name="dealer")
    packets = [0] * players
    position = 0
    for offset in range(1, players + 1):
        seat = (dealer + offset) % players
        packets[seat] = stock[position].mask | stock[position + 1].mask | stock[position + 2].mask
        position += 3
    return tuple(packets)


_Places = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]
_PLACES: dict[tuple[int, int, int, int], _Places] = {}


def deal_places(players: int, packet: int, dealer: int, runs: int) -> _Places:
    """The deck positions dealt to each seat (AF-7, then each run, AF-11), the kicks'
    positions, and the first position of the stock, after ``runs`` runs of the pack.

    >>> places, kicks, stock = deal_places(2, 3, 0, 1)
    >>> places[1], kicks, stock
    ((0, 1, 2, 6, 7, 8, 13, 14, 15), (12, 19), 20)
    """
    key = (
        players,
        packet,
        check_seat(dealer, players, name="dealer"),
        check_int(runs, name="runs", low=0, high=52 // (3 * players + 1)),
    )
    cached = _PLACES.get(key)
    if cached is None:
        layout = deal_layout(Rules(players=players, deal_packet=packet), dealer)
        places: list[list[int]] = [[] for _ in range(players)]
        for position, owner in enumerate(layout):
            places[owner].append(position)
        kicks = [6 * players]
        base = 6 * players + 1
        for _ in range(runs):
            for offset in range(players):
                owner = (dealer + 1 + offset) % players
                places[owner].extend(range(base + 3 * offset, base + 3 * offset + 3))
            kicks.append(base + 3 * players)
            base += 3 * players + 1
        cached = _PLACES[key] = (tuple(map(tuple, places)), tuple(kicks), base)
    return cached


def deck_for(
    hands: Sequence[Iterable[Card | str] | str],
    kick: Card | str,
    *,
    dealer: int = 0,
    rules: Rules | None = None,
    then: Iterable[Card | str] | str = (),
) -> tuple[Card, ...]:
    """A deck that AF-7 deals into these six-card ``hands`` (seat order) with this ``kick``.

    ``then`` are the next cards of the stock, top first (what a run of the pack deals, AF-11:
    three to each player from dealer + 1, then the new kick); the other cards follow in card
    order.  Use it with ``new_game(deck=...)`` to set up a position.

    >>> from cardrules.all_fours import new_game
    >>> deck = deck_for(["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S"], "6H", rules=Rules(players=2))
    >>> state = new_game(Rules(players=2), deck=deck, dealer=0, seed=1)
    >>> str(state.hand(1)), str(state.kick)
    ('3C 8D 7H AH 2S QS', '6H')

    :raises ArgumentError: for a dealer that is not a seat, or hands that are not six distinct
        cards each, one hand per seat.
    :raises ParseError: for text that is not cards, or a deck that is not 52 distinct cards.
    """
    rules = rules_or_default(rules)
    n = rules.players
    dealer = check_seat(dealer, n, name="dealer")
    check_hands(hands, (6,) * n)
    cards = [parse_cards(h) if isinstance(h, str) else _cards(h) for h in hands]
    layout = deal_layout(rules, dealer)
    taken = [0] * n
    deck: list[Card] = []
    for seat in layout:
        deck.append(cards[seat][taken[seat]])
        taken[seat] += 1
    deck.append(Card.parse(kick) if isinstance(kick, str) else kick)
    deck.extend(parse_cards(then) if isinstance(then, str) else _cards(then))
    used = mask_of(deck)
    deck.extend(card for card in CARDS if not used & card.mask)
    return parse_deck(deck)


def _cards(items: Iterable[Card | str]) -> tuple[Card, ...]:
    cards = []
    for item in items:
        if isinstance(item, str):
            cards.append(Card.parse(item))
        elif isinstance(item, Card):
            cards.append(item)
        else:
            raise ParseError(f"{item!r} is not a card", text=item)
    return tuple(cards)
