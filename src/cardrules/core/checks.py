"""The one validation layer: checks of the arguments that both games take from outside.

Every public entry point that takes a seat, a seed, a dealer, scores, a count or a set of hands
checks it here, so that the same mistake raises the same error with the same words in both
games: :class:`~cardrules.errors.ArgumentError`, naming the argument, what it got and what it
accepts.  Bools and floats are never seats or counts (``True in (0, 1)`` is true in Python, so
the checks look at the type first).

>>> from cardrules.core.checks import check_seat
>>> check_seat(2, 4)
2
>>> check_seat(True, 4)
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: seat: expected a seat 0, 1, 2 or 3, got True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final, NoReturn, TypeGuard

from cardrules.core.cards import Card, parse_cards
from cardrules.core.cardset import CardSet, mask_of
from cardrules.errors import ArgumentError, describe

__all__ = [
    "MAX_SEED_BITS",
    "check_budget",
    "check_card_indices",
    "check_choice",
    "check_count",
    "check_hands",
    "check_int",
    "check_items",
    "check_rng",
    "check_scores",
    "check_seat",
    "check_seed",
    "check_text",
    "refuse",
]

#: The largest seed accepted, in bits.  Seeds are written in decimal into the shuffle's hash
#: (see :mod:`cardrules.core.deck`); a bound keeps that text short and every conversion legal.
MAX_SEED_BITS: Final = 256

_SEAT_WORDS: Final = {2: "0 or 1", 4: "0, 1, 2 or 3"}


def refuse(name: str, expected: str, value: object) -> NoReturn:
    """Raise the :class:`~cardrules.errors.ArgumentError` of every check:
    ``"<name>: expected <expected>, got <value>"`` (a long value is cut short).

    >>> refuse("trump", "a Suit or None", "H")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: trump: expected a Suit or None, got 'H'
    """
    raise ArgumentError(
        f"{name}: expected {expected}, got {describe(value)}", name=name, value=value
    )


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seat(seat: object, players: int = 4, *, name: str = "seat") -> int:
    """``seat`` as a plain int seat of a ``players``-seat table.

    :raises ArgumentError: for anything else, a bool or a float included.
    """
    if _is_int(seat) and 0 <= seat < players:
        return int(seat)
    words = _SEAT_WORDS.get(players) or f"0 .. {players - 1}"
    refuse(name, f"a seat {words}", seat)


def check_seed(seed: object, *, name: str = "seed") -> int:
    """``seed`` as a plain int of at most :data:`MAX_SEED_BITS` bits (negative seeds are fine).

    :raises ArgumentError: for anything else.
    """
    if _is_int(seed) and seed.bit_length() <= MAX_SEED_BITS:
        return int(seed)
    if _is_int(seed):
        raise ArgumentError(
            f"{name}: expected an int of at most {MAX_SEED_BITS} bits", name=name, value=seed
        )
    refuse(name, "an int", seed)


def check_int(value: object, *, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a plain int within ``low .. high`` (either bound may be open).

    :raises ArgumentError: for anything else.
    """
    if _is_int(value) and (low is None or value >= low) and (high is None or value <= high):
        return int(value)
    bounds = ""
    if low is not None and high is not None:
        bounds = f" from {low} to {high}"
    elif low is not None:
        bounds = f" of at least {low}"
    elif high is not None:
        bounds = f" of at most {high}"
    shown = describe(value)
    raise ArgumentError(f"{name}: expected an int{bounds}, got {shown}", name=name, value=value)


def check_budget(budget: object, name: str = "budget") -> int | None:
    """A solver's node budget checked as ``None`` (no limit) or a whole number of nodes from 1
    to ``2**63 - 1`` (the compiled search keeps it in a 64-bit int): a bool, a float (``nan``
    included), a numpy number or a str is refused.

    >>> check_budget(None), check_budget(500)
    (None, 500)
    >>> check_budget(2**63)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: budget: expected an int from 1 to 9223372036854775807, got ...
    """
    if budget is None:
        return None
    return check_int(budget, name=name, low=1, high=2**63 - 1)


def check_text(value: object, *, name: str, expected: str = "a str") -> str:
    """``value`` as text that UTF-8 can write: a ``str`` without lone surrogates (``"\\ud800"``
    is a ``str`` but no text: it cannot be encoded, hashed or saved).

    >>> check_text("deal", name="label")
    'deal'
    >>> check_text("\\ud800", name="label")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: label: expected text that UTF-8 can write ...
    """
    if isinstance(value, str):
        if value.isascii():
            return value
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            refuse(name, "text that UTF-8 can write (no lone surrogate)", value)
        return value
    refuse(name, expected, value)


def check_choice(value: object, choices: Iterable[str], *, name: str) -> str:
    """``value`` as one of the names ``choices`` (compared only once ``value`` is known to be
    a ``str``: a numpy array compared with ``==`` gives an array, not a truth value).

    >>> check_choice("tobago", ("trinidad", "tobago"), name="name")
    'tobago'
    >>> check_choice(3, ("trinidad", "tobago"), name="name")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: name: expected one of 'trinidad', 'tobago', got 3
    """
    names = tuple(choices)
    if isinstance(value, str) and value in names:
        return value
    refuse(name, "one of " + ", ".join(repr(n) for n in names), value)


def check_items(value: object, *, name: str, expected: str) -> tuple[object, ...]:
    """The items of ``value``, an iterable that is not text (``str`` or bytes); a value that
    says it is iterable but fails to iterate (a 0-d numpy array) is refused as well.

    >>> check_items([1, 2], name="cards", expected="cards")
    (1, 2)
    >>> check_items(5, name="cards", expected="cards (an iterable of Card)")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: cards: expected cards (an iterable of Card), got 5
    """
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        refuse(name, expected, value)
    try:
        return tuple(value)
    except TypeError:
        refuse(name, expected, value)


def check_card_indices(value: object, *, name: str, most: int) -> tuple[int, ...]:
    """``value`` as a tuple of at most ``most`` distinct card indices (plain ints 0 .. 51), as
    the integer kernels take a trick in progress.

    >>> check_card_indices([3, 40], name="trick", most=3)
    (3, 40)
    >>> check_card_indices([[1]], name="trick", most=3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: trick: expected up to 3 distinct card indices (ints 0..51), ...
    """
    if (
        isinstance(value, Sequence)
        and not isinstance(value, str | bytes)
        and len(value) <= most
        and all(_is_int(c) and 0 <= c <= 51 for c in value)
        and len(set(value)) == len(value)
    ):
        return tuple(int(c) for c in value)
    refuse(name, f"up to {most} distinct card indices (ints 0..51), the lead first", value)


def check_rng(rng: object, *, name: str = "rng") -> object:
    """``rng`` as a random source the library can draw from: a :class:`random.Random` or a
    :class:`~cardrules.SeededRng`.

    :raises ArgumentError: for anything else.
    """
    if isinstance(rng, random.Random) or (
        callable(getattr(rng, "next64", None)) and callable(getattr(rng, "below", None))
    ):
        return rng
    refuse(name, "a random.Random or a cardrules.SeededRng", rng)


def check_count(value: object, *, name: str, low: int = 0, high: int | None = None) -> int:
    """A count (a number of games, tricks, players ...): a plain int, ``low`` or more."""
    return check_int(value, name=name, low=low, high=high)


def check_scores(
    scores: object, count: int, *, name: str = "scores", who: str = "in seat order"
) -> tuple[int, ...]:
    """``scores`` as a tuple of ``count`` plain ints (``who`` says whose, for the message).

    :raises ArgumentError: for anything else.
    """
    if (
        isinstance(scores, Sequence)
        and not isinstance(scores, str)
        and len(scores) == count
        and all(_is_int(x) and x.bit_length() <= 64 for x in scores)
    ):
        return tuple(int(x) for x in scores)
    shown = describe(scores)
    raise ArgumentError(
        f"{name}: expected {count} ints {who} (each within 64 bits), got {shown}",
        name=name,
        value=scores,
    )


def check_hands(
    hands: object,
    sizes: Sequence[int],
    *,
    name: str = "hands",
) -> tuple[int, ...]:
    """``hands`` (one per seat: a :class:`CardSet`, cards or text) as disjoint card masks of the
    given sizes.

    :raises ArgumentError: for the wrong number of hands, a card that is not a card, a card given
        twice (in one hand or in two) or a hand of the wrong size.
    """
    if (
        isinstance(hands, str | bytes)
        or not isinstance(hands, Sequence)
        or len(hands) != len(sizes)
    ):
        raise ArgumentError(
            f"{name}: expected {len(sizes)} hands in seat order, got {describe(hands)}",
            name=name,
            value=hands,
        )
    masks: list[int] = []
    seen = 0
    for seat, (hand, size) in enumerate(zip(hands, sizes, strict=True)):
        cards = _hand_cards(hand, name=name, seat=seat)
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            doubled = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise ArgumentError(
                f"{name}: seat {seat} holds {' '.join(doubled)} twice",
                name=name,
                value=hands,
            )
        if len(cards) != size:
            raise ArgumentError(
                f"{name}: seat {seat} holds {len(cards)} cards, must hold {size}",
                name=name,
                value=hands,
            )
        if mask & seen:
            shared = " ".join(str(c) for c in CardSet.from_mask(mask & seen))
            raise ArgumentError(
                f"{name}: {shared} dealt to more than one seat", name=name, value=hands
            )
        seen |= mask
        masks.append(mask)
    return tuple(masks)


def _hand_cards(hand: object, *, name: str, seat: int) -> list[Card]:
    if isinstance(hand, CardSet):
        return list(hand)
    if isinstance(hand, str):
        return list(parse_cards(hand))
    if not isinstance(hand, Iterable):
        raise ArgumentError(
            f"{name}: seat {seat}'s hand must be cards, got {describe(hand)}", name=name, value=hand
        )
    cards: list[Card] = []
    for item in hand:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.append(Card.parse(item))
        else:
            raise ArgumentError(
                f"{name}: {describe(item)} in seat {seat}'s hand is not a card",
                name=name,
                value=hand,
            )
    return cards
