"""The deal (AF-7) and the runs of the pack (AF-11): deck -> hands, and hands -> deck.

The layout itself -- who gets each deck position, where the kicks lie, how many runs a deal can
have -- is the kernels' (:mod:`cardrules.all_fours.kernels`); these are its forms for the
per-state engine, the determinizer and the saved-state check:

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

from cardrules.all_fours.kernels import deal_owner, kick_place, max_runs, stock_place
from cardrules.all_fours.rules import Rules, rules_or_default
from cardrules.core.cards import CARDS, Card, parse_cards
from cardrules.core.cardset import mask_of
from cardrules.core.checks import check_hands, check_int, check_seat, refuse
from cardrules.core.deck import parse_deck
from cardrules.errors import ParseError

__all__ = ["deal_layout", "deal_places", "dealer_of_hands", "deck_for", "run_packets"]

_LAYOUTS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def deal_layout(rules: Rules, dealer: int) -> tuple[int, ...]:
    """AF-7: the seat that receives each of the first ``6 × players`` cards of the deck (the
    kernel :func:`~cardrules.all_fours.kernels.deal_owner`).

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
        layout = _LAYOUTS[key] = tuple(
            deal_owner(position, dealer, n, packet) for position in range(kick_place(0, n))
        )
    return layout


def _seat_places(players: int, packet: int, dealer: int, first: int, last: int) -> list[list[int]]:
    """Each seat's deck positions from ``first`` up to ``last`` (the kernel's deal_owner)."""
    places: list[list[int]] = [[] for _ in range(players)]
    for position in range(first, last):
        owner = deal_owner(position, dealer, players, packet)
        if owner >= 0:
            places[owner].append(position)
    return places


_Dealer = Callable[[Sequence[Card]], tuple[tuple[int, ...], int]]


def _six_each(places: list[list[int]]) -> _Dealer:
    """The deal of six cards to each seat at these deck positions, written out over the
    positions (as fast as a hand-written deal; the positions are the kernel's)."""
    if len(places) == 4:
        (a0, a1, a2, a3, a4, a5), (b0, b1, b2, b3, b4, b5) = places[0], places[1]
        (c0, c1, c2, c3, c4, c5), (d0, d1, d2, d3, d4, d5) = places[2], places[3]

        def four(deck: Sequence[Card]) -> tuple[tuple[int, ...], int]:
            h0 = deck[a0].mask | deck[a1].mask | deck[a2].mask | deck[a3].mask | deck[a4].mask
            h0 |= deck[a5].mask
            h1 = deck[b0].mask | deck[b1].mask | deck[b2].mask | deck[b3].mask | deck[b4].mask
            h1 |= deck[b5].mask
            h2 = deck[c0].mask | deck[c1].mask | deck[c2].mask | deck[c3].mask | deck[c4].mask
            h2 |= deck[c5].mask
            h3 = deck[d0].mask | deck[d1].mask | deck[d2].mask | deck[d3].mask | deck[d4].mask
            h3 |= deck[d5].mask
            return (h0, h1, h2, h3), h0 | h1 << 52 | h2 << 104 | h3 << 156

        return four
    (a0, a1, a2, a3, a4, a5), (b0, b1, b2, b3, b4, b5) = places[0], places[1]

    def two(deck: Sequence[Card]) -> tuple[tuple[int, ...], int]:
        h0 = deck[a0].mask | deck[a1].mask | deck[a2].mask | deck[a3].mask | deck[a4].mask
        h0 |= deck[a5].mask
        h1 = deck[b0].mask | deck[b1].mask | deck[b2].mask | deck[b3].mask | deck[b4].mask
        h1 |= deck[b5].mask
        return (h0, h1), h0 | h1 << 52

    return two


_DEALS: dict[tuple[int, int], tuple[_Dealer, ...]] = {}


def _deals_by_dealer(rules: Rules) -> tuple[_Dealer, ...]:
    """AF-7 for ``rules``, per dealer: a function from the deck to each seat's six cards as a
    mask (seat order) and all the hands packed as a state holds them (seat ``s`` at bit
    ``52 * s``); the engine's form of the kernel's layout, kept per ruleset."""
    key = (rules.players, rules.deal_packet)
    deals = _DEALS.get(key)
    if deals is None:
        n, packet = key
        deals = _DEALS[key] = tuple(
            _six_each(_seat_places(n, packet, dealer, 0, kick_place(0, n))) for dealer in range(n)
        )
    return deals


def dealer_of_hands(rules: Rules) -> Callable[[Sequence[Card], int], tuple[tuple[int, ...], int]]:
    """AF-7 for ``rules``: a function from ``(deck, dealer)`` to each seat's six cards as a mask
    (seat order) and all the hands packed as a state holds them (seat ``s`` at bit ``52 * s``).
    The deck positions of each seat are the kernel's
    (:func:`~cardrules.all_fours.kernels.deal_owner`).  The function trusts its arguments (a
    52-card deck, a seat), as the engine's deal path does."""
    deals = _deals_by_dealer(rules)

    def deal(deck: Sequence[Card], dealer: int) -> tuple[tuple[int, ...], int]:
        return deals[dealer](deck)

    return deal


#: Per ``(players, dealer)``: each seat's places in the stock of the three cards a run deals.
_RUN_PLACES: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}


def run_packets(stock: Sequence[Card], dealer: int, players: int) -> tuple[int, ...]:
    """AF-11: the packet of three cards each that a run of the pack deals from the top of
    ``stock``, from dealer + 1 round to the dealer (a card mask per seat, seat order); the next
    card, ``stock[3 * players]``, is the new kick.  The places are the kernel's
    (:func:`~cardrules.all_fours.kernels.deal_owner`: every run deals as the first)."""
    check_seat(dealer, players, name="dealer")
    key = (players, dealer)
    places = _RUN_PLACES.get(key)
    if places is None:
        first = stock_place(0, players)
        seats = _seat_places(players, 3, dealer, first, kick_place(1, players))
        places = _RUN_PLACES[key] = tuple((p[0] - first, p[1] - first, p[2] - first) for p in seats)
    packets = []
    for a, b, c in places:
        packets.append(stock[a].mask | stock[b].mask | stock[c].mask)
    return tuple(packets)


_Places = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]
_PLACES: dict[tuple[int, int, int, int], _Places] = {}


def deal_places(players: int, packet: int, dealer: int, runs: int) -> _Places:
    """The deck positions dealt to each seat (AF-7, then each run, AF-11), the kicks'
    positions, and the first position of the stock, after ``runs`` runs of the pack (the
    kernels :func:`~cardrules.all_fours.kernels.deal_owner`,
    :func:`~cardrules.all_fours.kernels.kick_place` and
    :func:`~cardrules.all_fours.kernels.stock_place`).

    >>> places, kicks, stock = deal_places(2, 3, 0, 1)
    >>> places[1], kicks, stock
    ((0, 1, 2, 6, 7, 8, 13, 14, 15), (12, 19), 20)

    :raises ArgumentError: for players other than 4 or 2, a packet other than 3 or 1, a dealer
        that is not a seat, or more runs than a deal can have (AF-13: two with four players,
        five with two).
    """
    if players not in (4, 2) or isinstance(players, bool):
        refuse("players", "4 or 2 (AF-1)", players)
    if packet not in (3, 1) or isinstance(packet, bool):
        refuse("packet", "3 or 1 (AF-7)", packet)
    key = (
        players,
        packet,
        check_seat(dealer, players, name="dealer"),
        check_int(runs, name="runs", low=0, high=max_runs(players)),
    )
    cached = _PLACES.get(key)
    if cached is None:
        top = stock_place(runs, players)
        places = _seat_places(players, packet, dealer, 0, top)
        kicks = tuple(kick_place(run, players) for run in range(runs + 1))
        cached = _PLACES[key] = (tuple(map(tuple, places)), kicks, top)
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
