"""The standard deck, seeded shuffling and dealing.

Shuffles must be the same on every machine, every Python >= 3.11 and every ``PYTHONHASHSEED``,
so cardrules does not use :mod:`random` (whose algorithms Python does not promise to keep).  It
uses its own documented generator, version :data:`SHUFFLE_VERSION`:

1. **Seed derivation.**  A seed (any ``int``) and a tuple of labels (ints or strs, e.g. the deal
   number) are written as the UTF-8 text ``"cardrules/1|<seed>|<label>|<label>..."`` (ints in
   decimal), hashed with SHA-256, and the first 8 bytes, big-endian, are the 64-bit state.
2. **Generator.**  SplitMix64 (Steele, Lea and Flood, 2014): ``state += 0x9E3779B97F4A7C15``;
   ``z = state``; ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``; ``z = (z ^ z >> 27) *
   0x94D049BB133111EB``; output ``z ^ z >> 31``, all modulo 2**64.
3. **Bounded integers.**  ``below(n)`` draws 64-bit outputs until one is under the largest
   multiple of ``n`` that fits in 2**64, then returns it modulo ``n`` (no bias).
   For ``n`` above 2**64, ``below`` joins ``w = ceil(bits(n) / 64)`` outputs into one number
   (the first output most significant) and rejects it at or above the largest multiple of ``n``
   under ``2**(64 w)``.
4. **Shuffle.**  Fisher-Yates driven by one number: ``x = below(len!)``; then for ``i`` from
   ``len - 1`` down to 1, ``x, j = divmod(x, i + 1)`` and items ``i`` and ``j`` swap.  (The
   digits ``j`` of ``x`` in the mixed radix 2, 3, ..., len are independent and uniform, so this
   is the Fisher-Yates shuffle, with 4 generator outputs for a 52-card deck instead of 51.)
   The deck shuffled is :data:`STANDARD_DECK` (index order).

>>> from cardrules import shuffled_deck
>>> deck = shuffled_deck(42, "deal", 1)
>>> len(deck), len(set(deck)), deck == shuffled_deck(42, "deal", 1)
(52, 52, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from math import factorial
from typing import Any, Final, TypeVar, final

from cardrules.core.cards import CARDS, Card, parse_cards
from cardrules.core.checks import (
    MAX_SEED_BITS,
    check_int,
    check_seat,
    check_seed,
    check_text,
    refuse,
)
from cardrules.core.compiled import kernel
from cardrules.errors import ArgumentError, ParseError, describe

__all__ = [
    "SHUFFLE_VERSION",
    "STANDARD_DECK",
    "SeededRng",
    "deal_packets",
    "derive_seed",
    "draw_for_dealer",
    "draw_round",
    "parse_deck",
    "shuffled_deck",
]

#: The version of the seeded shuffle described in this module.  It changes (with a CHANGELOG
#: entry) whenever the same seed would give a different deck.
SHUFFLE_VERSION: Final = 1

#: The 52 cards in index order (2C .. AS): the deck before any shuffle.
STANDARD_DECK: Final[tuple[Card, ...]] = CARDS

_MASK64: Final = (1 << 64) - 1
_T = TypeVar("_T")


@lru_cache(maxsize=64)
def _factorial(n: int) -> int:
    return factorial(n)


_PREFIX: Final = f"cardrules/{SHUFFLE_VERSION}|"
_SEED_BOUND: Final = 1 << MAX_SEED_BITS
_sha256: Final = hashlib.sha256


def derive_seed(seed: int, *labels: int | str) -> int:
    """A 64-bit generator state from a seed and labels (step 1 above).

    Different labels give independent streams from one game seed: e.g. one per deal.

    >>> derive_seed(7) != derive_seed(7, 1) != derive_seed(7, "1")
    True
    """
    if seed.__class__ is int and -_SEED_BOUND < seed < _SEED_BOUND:
        # The common case, written out (a deal's shuffle starts here).
        text = _PREFIX + str(seed)
        for label in labels:
            kind = label.__class__
            # `kind is int` (not isinstance, which takes bools) does not narrow for mypy.
            if kind is int and -_SEED_BOUND < label < _SEED_BOUND:  # type: ignore[operator]
                text += "|" + str(label)
            elif kind is str:
                text += "|s:" + label  # type: ignore[operator]  # as above
            else:
                return _derive_seed(seed, labels)
        if text.isascii():
            return int.from_bytes(_sha256(text.encode()).digest()[:8], "big")
    return _derive_seed(seed, labels)


def _derive_seed(seed: int, labels: tuple[int | str, ...]) -> int:
    """:func:`derive_seed` for any arguments: checks them, and writes int and str subclasses as
    ``str()`` does."""
    check_seed(seed)
    parts = [f"cardrules/{SHUFFLE_VERSION}", str(seed)]
    for label in labels:
        if isinstance(label, bool) or not isinstance(label, int | str):
            refuse("label", "an int or a str", label)
        if isinstance(label, int):
            check_seed(label, name="label")
        else:
            check_text(label, name="label")
        # ints and strs never collide: a str label is tagged.
        parts.append(str(label) if isinstance(label, int) else "s:" + label)
    digest = hashlib.sha256("|".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


@final
class SeededRng:
    """The reproducible generator of this module (SplitMix64 over a derived seed).

    It is mutable (it advances as it draws), so it is for engines and agents to use
    locally; game states store seeds, never generators.

    >>> rng = SeededRng(2026, "example")
    >>> rolls = [rng.below(6) + 1 for _ in range(1000)]
    >>> min(rolls), max(rolls)
    (1, 6)
    >>> a, b = SeededRng(1), SeededRng(1)
    >>> [a.next64() for _ in range(3)] == [b.next64() for _ in range(3)]
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int, *labels: int | str) -> None:
        """:raises ArgumentError: for a seed or label that :func:`derive_seed` refuses."""
        self._state = derive_seed(seed, *labels)

    def next64(self) -> int:
        """The next 64-bit output."""
        state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        self._state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0 .. n-1`` (``n >= 1``), without modulo bias."""
        if n.__class__ is not int or n < 1:
            check_int(n, name="n", low=1)
        if n <= 1 << 64:
            limit = (1 << 64) - (1 << 64) % n
            while True:
                x = self.next64()
                if x < limit:
                    return x % n
        # Larger n (exact counts of deals): as many 64-bit words as needed, most significant first.
        words = (n.bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            x = 0
            for _ in range(words):
                x = (x << 64) | self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[_T]) -> _T:
        """A uniformly chosen item of a non-empty sequence."""
        if not isinstance(items, Sequence) or not items:
            refuse("items", "a non-empty sequence", items)
        return items[self.below(len(items))]

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle a list in place (Fisher-Yates, step 4 above)."""
        n = len(items)
        if n < 2:
            return
        x = self.below(_factorial(n))
        for i in range(n - 1, 0, -1):
            x, j = divmod(x, i + 1)
            items[i], items[j] = items[j], items[i]


_DECK_ORDERS: Final = factorial(52)
_DECK_LIMIT: Final = (1 << 256) - (1 << 256) % _DECK_ORDERS


def _fisher_yates(x: int) -> tuple[Card, ...]:
    """Step 4 for :data:`STANDARD_DECK`, from ``x`` below 52!, written out by hand.

    The digits ``j`` (``x, j = divmod(x, i + 1)`` for ``i`` = 51 ... 1) are those of the loop of
    :meth:`SeededRng.shuffle`, computed in groups: one division of the large ``x`` by a product
    of consecutive radices below 2**30 (a single machine digit), then small divisions for the
    digits of the group (``%`` and ``//=`` are cheaper than ``divmod`` on small ints).  The
    swaps are written out: the shuffle is a large share of a random deal's cost, and the
    straight-line form takes about an eighth fewer instructions than the same steps in a loop.
    The result is the same deck (tested against :meth:`SeededRng.shuffle`).
    """
    d = list(STANDARD_DECK)
    # radices 52 .. 48
    x, y = divmod(x, 311875200)
    j = y % 52
    y //= 52
    d[51], d[j] = d[j], d[51]
    j = y % 51
    y //= 51
    d[50], d[j] = d[j], d[50]
    j = y % 50
    y //= 50
    d[49], d[j] = d[j], d[49]
    j = y % 49
    y //= 49
    d[48], d[j] = d[j], d[48]
    d[47], d[y] = d[y], d[47]
    # radices 47 .. 43
    x, y = divmod(x, 184072680)
    j = y % 47
    y //= 47
    d[46], d[j] = d[j], d[46]
    j = y % 46
    y //= 46
    d[45], d[j] = d[j], d[45]
    j = y % 45
    y //= 45
    d[44], d[j] = d[j], d[44]
    j = y % 44
    y //= 44
    d[43], d[j] = d[j], d[43]
    d[42], d[y] = d[y], d[42]
    # radices 42 .. 38
    x, y = divmod(x, 102080160)
    j = y % 42
    y //= 42
    d[41], d[j] = d[j], d[41]
    j = y % 41
    y //= 41
    d[40], d[j] = d[j], d[40]
    j = y % 40
    y //= 40
    d[39], d[j] = d[j], d[39]
    j = y % 39
    y //= 39
    d[38], d[j] = d[j], d[38]
    d[37], d[y] = d[y], d[37]
    # radices 37 .. 33
    x, y = divmod(x, 52307640)
    j = y % 37
    y //= 37
    d[36], d[j] = d[j], d[36]
    j = y % 36
    y //= 36
    d[35], d[j] = d[j], d[35]
    j = y % 35
    y //= 35
    d[34], d[j] = d[j], d[34]
    j = y % 34
    y //= 34
    d[33], d[j] = d[j], d[33]
    d[32], d[y] = d[y], d[32]
    # radices 32 .. 27
    x, y = divmod(x, 652458240)
    j = y % 32
    y //= 32
    d[31], d[j] = d[j], d[31]
    j = y % 31
    y //= 31
    d[30], d[j] = d[j], d[30]
    j = y % 30
    y //= 30
    d[29], d[j] = d[j], d[29]
    j = y % 29
    y //= 29
    d[28], d[j] = d[j], d[28]
    j = y % 28
    y //= 28
    d[27], d[j] = d[j], d[27]
    d[26], d[y] = d[y], d[26]
    # radices 26 .. 21
    x, y = divmod(x, 165765600)
    j = y % 26
    y //= 26
    d[25], d[j] = d[j], d[25]
    j = y % 25
    y //= 25
    d[24], d[j] = d[j], d[24]
    j = y % 24
    y //= 24
    d[23], d[j] = d[j], d[23]
    j = y % 23
    y //= 23
    d[22], d[j] = d[j], d[22]
    j = y % 22
    y //= 22
    d[21], d[j] = d[j], d[21]
    d[20], d[y] = d[y], d[20]
    # radices 20 .. 14
    x, y = divmod(x, 390700800)
    j = y % 20
    y //= 20
    d[19], d[j] = d[j], d[19]
    j = y % 19
    y //= 19
    d[18], d[j] = d[j], d[18]
    j = y % 18
    y //= 18
    d[17], d[j] = d[j], d[17]
    j = y % 17
    y //= 17
    d[16], d[j] = d[j], d[16]
    j = y % 16
    y //= 16
    d[15], d[j] = d[j], d[15]
    j = y % 15
    y //= 15
    d[14], d[j] = d[j], d[14]
    d[13], d[y] = d[y], d[13]
    # radices 13 .. 4
    x, y = divmod(x, 1037836800)
    j = y % 13
    y //= 13
    d[12], d[j] = d[j], d[12]
    j = y % 12
    y //= 12
    d[11], d[j] = d[j], d[11]
    j = y % 11
    y //= 11
    d[10], d[j] = d[j], d[10]
    j = y % 10
    y //= 10
    d[9], d[j] = d[j], d[9]
    j = y % 9
    y //= 9
    d[8], d[j] = d[j], d[8]
    j = y % 8
    y //= 8
    d[7], d[j] = d[j], d[7]
    j = y % 7
    y //= 7
    d[6], d[j] = d[j], d[6]
    j = y % 6
    y //= 6
    d[5], d[j] = d[j], d[5]
    j = y % 5
    y //= 5
    d[4], d[j] = d[j], d[4]
    d[3], d[y] = d[y], d[3]
    # radices 3 .. 2
    x, y = divmod(x, 6)
    j = y % 3
    y //= 3
    d[2], d[j] = d[j], d[2]
    d[1], d[y] = d[y], d[1]
    return tuple(d)


# Step 2 for four outputs at once: four SplitMix64 lanes, 128 bits apart, in one int.  Each lane
# holds a 64-bit value; a product by a 64-bit constant stays inside its 128-bit lane, and the
# bits that a right shift brings in from the lane above are masked off.  (Equal to four calls of
# SeededRng.next64; tested.)
_LANES: Final = sum(1 << (128 * lane) for lane in range(4))
_LANE_MASK: Final = _MASK64 * _LANES
# Output k of 1..4 comes from state + k * golden (mod 2**64); output 1 goes in the top lane.
_LANE_STEPS: Final = sum(
    ((k * 0x9E3779B97F4A7C15) & _MASK64) << (128 * (4 - k)) for k in range(1, 5)
)
_LOW_PAIR: Final = _MASK64 | _MASK64 << 256  # lanes 0 and 2
_HIGH_PAIR: Final = _MASK64 << 64 | _MASK64 << 320  # lanes 1 and 3, once moved down by 64


def _four_outputs(state: int) -> int:
    """``x`` of step 4's first try: the next four outputs after ``state``, the first most
    significant."""
    z = (state * _LANES + _LANE_STEPS) & _LANE_MASK
    z = ((z ^ (z >> 30)) & _LANE_MASK) * 0xBF58476D1CE4E5B9 & _LANE_MASK
    z = ((z ^ (z >> 27)) & _LANE_MASK) * 0x94D049BB133111EB & _LANE_MASK
    z = (z ^ (z >> 31)) & _LANE_MASK
    # The lanes at bits 0, 128, 256, 384 move to 0, 64, 128, 192.
    z = (z & _LOW_PAIR) | ((z >> 64) & _HIGH_PAIR)
    return (z & ((1 << 128) - 1)) | ((z >> 128) & ~((1 << 128) - 1))


def _deck_from_state(state: int) -> tuple[Card, ...]:
    """Steps 2 to 4 for the standard deck, from a derived state."""
    x = _four_outputs(state)
    if x >= _DECK_LIMIT:  # a rejection (odds about 1 in 10**9): draw on, four words at a time
        rng = SeededRng.__new__(SeededRng)
        rng._state = (state + 4 * 0x9E3779B97F4A7C15) & _MASK64
        while True:
            x = rng.next64() << 192 | rng.next64() << 128 | rng.next64() << 64 | rng.next64()
            if x < _DECK_LIMIT:
                break
    return _fisher_yates(x % _DECK_ORDERS)


def shuffled_deck(seed: int, *labels: int | str) -> tuple[Card, ...]:
    """The standard deck shuffled by the generator seeded with ``seed`` and ``labels``.

    Top card first.  The same arguments give the same deck in any process.  (This is
    ``SeededRng(seed, *labels).shuffle`` of :data:`STANDARD_DECK`, computed faster: a deal's
    shuffle is a large share of a random game's cost.)
    """
    return _deck_from_state(derive_seed(seed, *labels))


# SHA-256 states after the text of a seed and a str label, for labelled_deck.
_PREFIXES: dict[tuple[int, str], Any] = {}


def labelled_deck(seed: int, label: str, number: int) -> tuple[Card, ...]:
    """``shuffled_deck(seed, label, number)`` for an int seed, a str label and an int number
    (how the engines number their deals), unchecked: the hash of the common text is kept per
    seed.  The engines' deal path; :func:`shuffled_deck` is the checked entry."""
    key = (seed, label)
    prefix = _PREFIXES.get(key)
    if prefix is None:
        if len(_PREFIXES) >= 256:
            _PREFIXES.clear()
        prefix = _PREFIXES[key] = _sha256(f"{_PREFIX}{seed}|s:{label}|".encode())
    hasher = prefix.copy()
    hasher.update(str(number).encode())
    return _deck_from_state(int.from_bytes(hasher.digest()[:8], "big"))


#: The old private spelling of :func:`labelled_deck` (the deck tests read it).
_labelled_deck = labelled_deck


def parse_deck(deck: Sequence[Card] | str) -> tuple[Card, ...]:
    """A full 52-card deck, top card first, from cards or text.

    :raises ParseError: unless it is exactly the 52 distinct cards, naming what is missing or
        doubled.

    >>> parse_deck("AS KS")
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: a deck must hold each of the 52 cards once; got 2 cards, ...
    """
    if not isinstance(deck, str | Sequence):
        raise ParseError(f"a deck must be cards or their text, got {describe(deck)}", text=deck)
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise ParseError(f"{describe(card)} in a deck is not a Card", text=deck)
    mask = 0
    doubled = []
    for card in cards:
        if mask & card.mask:
            doubled.append(str(card))
        mask |= card.mask
    if len(cards) != 52 or doubled:
        missing = [str(c) for c in CARDS if not mask & c.mask]
        detail = f"got {len(cards)} cards"
        if doubled:
            detail += ", twice: " + " ".join(doubled)
        if missing:
            detail += ", missing: " + " ".join(missing)
        raise ParseError(f"a deck must hold each of the 52 cards once; {detail}", text=deck)
    return cards


def deal_packets(
    deck: Sequence[Card],
    *,
    first: int,
    players: int,
    packets: Sequence[int],
    start: int = 0,
) -> tuple[list[list[Card]], int]:
    """Deal from the top of ``deck`` in packets, going round in seat order.

    For each packet size in ``packets``, every player from ``first`` round the table receives that
    many cards from the top (``deck[start]`` is the top card).  Returns the hands (indexed by seat)
    and the position of the next undealt card.

    >>> from cardrules import STANDARD_DECK
    >>> hands, nxt = deal_packets(STANDARD_DECK, first=1, players=2, packets=(1, 2))
    >>> [" ".join(map(str, h)) for h in hands], nxt
    (['3C 6C 7C', '2C 4C 5C'], 6)
    """
    if not isinstance(deck, Sequence) or isinstance(deck, str):
        refuse("deck", "a sequence of cards", deck)
    players = check_int(players, name="players", low=1, high=52)
    first = check_seat(first, players, name="first")
    start = check_int(start, name="start", low=0)
    if not isinstance(packets, Sequence) or not all(
        isinstance(size, int) and not isinstance(size, bool) and size >= 0 for size in packets
    ):
        refuse("packets", "a sequence of packet sizes (ints, 0 or more)", packets)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = start
    for size in packets:
        for offset in range(players):
            seat = (first + offset) % players
            end = position + size
            if end > len(deck):
                raise ArgumentError(
                    f"the deck ran out: {len(deck) - start} cards cannot fill the deal",
                    name="packets",
                    value=packets,
                )
            hands[seat].extend(deck[position:end])
            position = end
    return hands, position


@kernel
def draw_round(cards: Sequence[int], drawing: int, players: int) -> int:
    """One round of the draw for the first dealer (FH-6, AF-6), the kernel: the seats of
    ``drawing`` (a mask of seats 0..players-1) take the cards ``cards`` (card indices, the top
    of the round's deck first) in seat order; returns the mask of the seats holding the highest
    rank (one seat: it deals; several: they draw again).

    A kernel (ints and a tuple or array of ints): :func:`draw_for_dealer` calls it interpreted,
    the batch engine compiled.

    >>> draw_round((12, 25, 3, 50), 0b1111, 4), draw_round((3, 50), 0b1010, 4)
    (3, 8)
    """
    best = -1
    tied = 0
    k = 0
    for seat in range(players):
        if drawing >> seat & 1:
            rank = cards[k] % 13
            k += 1
            if rank > best:
                best = rank
                tied = 1 << seat
            elif rank == best:
                tied |= 1 << seat
    return tied


def draw_for_dealer(seed: int, players: int, *labels: int | str) -> int:
    """The first dealer, drawn as players do: each draws a card, the highest rank deals.

    Seats draw in order from 0, each from a freshly shuffled deck of the round; the highest rank
    wins, and a tie for highest among several seats is broken by those seats drawing again (the
    next round).  Used by 400 (FH-6) and All Fours (AF-6); each round is :func:`draw_round`.

    >>> draw_for_dealer(1, 4) in range(4)
    True
    """
    players = check_int(players, name="players", low=1, high=52)
    check_seed(seed)
    drawing = (1 << players) - 1
    round_number = 0
    while True:
        deck = shuffled_deck(seed, "draw-for-dealer", *labels, round_number)
        drawing = draw_round([card.index for card in deck[:players]], drawing, players)
        if drawing & (drawing - 1) == 0:
            return drawing.bit_length() - 1
        round_number += 1
