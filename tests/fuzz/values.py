"""Hypothesis strategies: wrong-typed and out-of-range values, and mutations of JSON data."""

from __future__ import annotations

import math
import random
import re
from typing import Any

from hypothesis import strategies as st

from cardrules import CARDS, Card, CardSet, Rank, Suit, Trick, all_fours, four_hundred

#: Ints at and around every edge the library checks (seats, counts, scores, 64 bits, digits).
EDGE_INTS = (-(10**20), -(2**64), -(2**63), -5, -4, -1, 0, 1, 2, 3, 4, 5, 6, 12, 13, 14, 52, 53)
EDGE_INTS += (2**63 - 1, 2**63, 2**64, 10**19, 10**20)
#: Text that is nearly a card, an action, a number or a word of the records.
EDGE_TEXT = ("", " ", "AS", "as", "10H", "1H", "TH TH", "♠A", "A♠", "²", "٣", "0x10", "1e3")
EDGE_TEXT += ("stand", "beg", "give", "run", "claim:0", "expose:AS", "call:AS", "nan", "None")
EDGE_TEXT += ("\x00", "\ufeff", "AS KS QS JS", "AS " * 60, "{}", "[", "true", "-1")

#: Values that broke entry points before (issue 32): ints past CPython's 4,300-digit limit for
#: ``str()``, text with lone surrogates (not UTF-8), and numpy scalars and arrays where a number
#: is taken (numpy integers are refused like every other non-int, see docs/errors.rst).
HOSTILE: tuple[Any, ...] = ("\ud800", "A\udcffS", "AS\ud800", "\udcff" * 3)
try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy comes with the dev extras
    pass
else:
    HOSTILE += (np.int64(3), np.int64(-1), np.float64("nan"), np.bool_(True), np.array(2))
    HOSTILE += (np.array([0, 0]), np.array([]), np.array([[1]]), np.array(["AS", "KS"]))


def _huge(digits: int) -> int:
    """A positive or negative int of ``abs(digits)`` decimal digits (named, so that hypothesis
    never needs to write the int out)."""
    return (10 ** abs(digits) - 1) * (1 if digits > 0 else -1)


#: Ints over the 4,300 digits that ``str()`` and ``int()`` of text allow.
huge_ints = st.integers(4301, 6000).map(_huge) | st.integers(-6000, -4301).map(_huge)
hostile = st.one_of(huge_ints, st.sampled_from(HOSTILE))
ints = st.one_of(st.sampled_from(EDGE_INTS), st.integers(-(2**70), 2**70))
floats = st.one_of(st.sampled_from((0.0, 1.0, 2.0, -1.0, 1.5, math.inf, -math.inf)), st.floats())
texts = st.one_of(st.sampled_from(EDGE_TEXT), st.text(max_size=16))
atoms = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    floats,
    texts,
    st.binary(max_size=8),
    hostile,
    st.sampled_from((object(), CARDS[0], CARDS[51], Suit.HEARTS, Rank.ACE, Rank.TWO, Card)),
)


def _objects() -> tuple[Any, ...]:
    """Values of the library itself, right and wrong for each place: rules, actions, states,
    observations, card sets, tricks."""
    fh = four_hundred.new_game(seed=1, dealer=0)
    af = all_fours.new_game(seed=1, dealer=0)
    return (
        four_hundred.Rules(),
        all_fours.Rules(),
        all_fours.Rules(players=2),
        four_hundred.Bid(3),
        four_hundred.Play(CARDS[0]),
        all_fours.Stand(),
        all_fours.Play(CARDS[5]),
        fh,
        af,
        fh.observe(0),
        af.observe(1),
        CardSet(CARDS[:13]),
        Trick(0, CARDS[:2]),
        random.Random(1),
    )


OBJECTS = _objects()
objects = st.sampled_from(OBJECTS)
scalars = st.one_of(atoms, objects)
#: Any value: a scalar, or a small list, tuple, set or dict of them.
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.lists(st.sampled_from((*CARDS[:8], Suit.CLUBS, 1, "x")), max_size=4).map(frozenset),
        st.dictionaries(st.one_of(texts, ints), inner, max_size=4),
    ),
    max_leaves=8,
)

#: Values that JSON can hold, wrong in kind or size for most fields of a record.
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        ints.filter(lambda v: abs(v) < 10**40),
        st.floats(allow_nan=False, allow_infinity=False),
        texts,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=6,
)

_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn, data: Any) -> Any:
    """``data`` (parsed JSON, not changed) with one to three mutations at places drawn from its
    tree: a field deleted, duplicated or replaced (by a huge, negative, bool, float, text, null,
    list or object value), a value nested in a list, two cards of a text swapped, a card
    changed, a list truncated or reordered."""
    import copy

    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        value = _at(data, path)
        kind = draw(
            st.sampled_from(
                ("replace", "nest", "delete", "duplicate", "cards", "truncate", "tweak_int")
            )
        )
        if not path:
            if isinstance(value, dict) and value:
                key = draw(st.sampled_from(sorted(value)))
                del value[key]
            continue
        parent, key = _at(data, path[:-1]), path[-1]
        if kind == "replace":
            parent[key] = draw(json_values)
        elif kind == "nest":
            parent[key] = [value]
        elif kind == "delete":
            del parent[key]
        elif kind == "duplicate" and isinstance(parent, list):
            parent.insert(key, value)
        elif kind == "duplicate" and isinstance(parent, dict):
            parent[draw(texts)] = value
        elif kind == "cards" and isinstance(value, str):
            cards = _CARD.findall(value)
            if len(cards) >= 2:
                a, b = draw(st.sampled_from(cards)), draw(st.sampled_from(cards))
                parent[key] = value.replace(a, "\0").replace(b, a).replace("\0", b)
            elif cards:
                parent[key] = value.replace(cards[0], str(draw(st.sampled_from(CARDS))))
        elif kind == "truncate" and isinstance(value, list | str) and value:
            parent[key] = value[: draw(st.integers(0, len(value) - 1))]
        elif kind == "tweak_int" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = draw(
                st.sampled_from((value + 1, value - 1, -value, value + 4, value * 10**18, True))
            )
    return data
