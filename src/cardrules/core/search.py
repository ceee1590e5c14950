"""The double-dummy search that both games' solvers share: one design, compiled or interpreted.

A double-dummy search plays out the rest of a deal with every hand known.  The search here
answers one kind of question, a *null window*: "can side 0 reach at least ``need``?", and
returns a *fail-soft bound*: a value that is at least ``need`` when the answer is yes (side 0
reaches at least that), below it when no (side 0 reaches at most that).  The solvers find an
exact value by asking a few such questions (:func:`exact`), each answer narrowing the range.

The search is one kernel, :func:`at_least`, written in the subset of Python that numba compiles
(:mod:`cardrules.core.compiled`): an iterative depth-first search over an explicit stack of
*frames*, one frame per card to play, without recursion or objects.  It is made of:

* **the game's follow rule as a kernel argument**: ``legal(hand, lead, top, trump, option)``,
  the cards of ``hand`` that may be played to a trick whose suit led is ``lead`` (``-1`` when
  leading) and winning card ``top``; the trick winner is the core's kernel
  (:func:`cardrules.core.tricks.beats`);
* **what the deal is worth as parameters** (:data:`TRICKS`, :data:`POINTS`, :data:`TARGETS`):
  the tricks side 0 takes; or the card points each card is worth (summed, side 0's minus side
  1's) and one *key card* whose taker counts, with a utility table by key-card side and by which
  side is ahead; or every seat's own target of tricks, each worth a signed value made or
  failed;
* **a transposition table at the start of each trick** (*partition search*), in two numpy
  arrays of rows with named fields (:data:`GROUP_FIELDS`, :data:`BOUND_FIELDS`).  A position's
  key is each hand's suit lengths, the leader, the running totals the mode needs and which of
  the cards worth something of their own are still out.  A search returns, with its bound, the
  cards it depends on: those that won a trick by beating a card of their suit, those a sure bound
  counted, and every card worth something.  The bound is stored under its *group*, the top
  places of each suit down to the lowest of those cards (places among the cards still out: cards
  gone are squeezed out), and the owners of those places; it answers every position with the
  same key whose same players hold those places.  A key's groups are kept newest first (eight
  at most); two rows a bucket, the row with fewer cards left replaced first;
* **equivalent cards**: cards of one suit in one hand that no other card still out separates
  (and that are worth the same) win and lose the same tricks, so one of each run is tried;
* **move ordering**: the table's lead first; leads of top cards that no opponent can ruff,
  low leads to the partner's top card, then low cards, cards an opponent ruffs last (a history of
  the leads that settled searches breaks ties; with :data:`POINTS`, where a hand holding the suit
  led may trump, the highest cards first); a follower's card that settled the last search
  with the same hand and winning card (a *killer*), the cheapest card that wins, or the lowest,
  and a card's worth to its partner's trick;
* **sure bounds** before any search: with :data:`TRICKS`, each side's sure trump tricks (a
  player's top ``j`` trumps win at least ``j`` tricks less the opponents' trumps above the lowest
  of them); with :data:`POINTS`, the outcomes still open (whether the key card's holder can
  lose it, which sides can still be ahead); with :data:`TARGETS`, the targets already made or
  out of reach.

``stats[NODES]`` counts the tricks searched: the trick starts whose cards were played out, not
those the table or the bounds settled.  A search past ``stats[BUDGET]`` nodes (when positive)
stops and sets ``stats[OVER]``.

:func:`kernel_of` gives the search in the tier at hand: compiled when numba is importable, else
the same functions interpreted (the same answers, about 100 times slower).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.core.compiled import available, compiled, kernel
from cardrules.core.tricks import beats

__all__ = [
    "BOUND_FIELDS",
    "BUDGET",
    "GROUP_FIELDS",
    "NODES",
    "OVER",
    "POINTS",
    "TARGETS",
    "TRICKS",
    "Search",
    "at_least",
    "exact",
    "kernel_of",
]

#: What a deal is worth (``Search.mode``): the tricks side 0 takes from here.
TRICKS: Final = 0
#: Card points (side 0's minus side 1's) and the side that takes the key card, through a table.
POINTS: Final = 1
#: Each seat's own target of tricks, made or failed, each worth a signed value to side 0.
TARGETS: Final = 2

# The parameters of one search (``params``), by index.
P_PLAYERS: Final = 0
P_TRUMP: Final = 1
P_OPTION: Final = 2
P_MODE: Final = 3
P_KEY: Final = 4
P_RESTRICT: Final = 5
P_WORTHY: Final = 6
_PARAMS: Final = 7

# The counters (``stats``), by index.
#: Tricks searched.
NODES: Final = 0
#: The most tricks to search (0: no limit).
BUDGET: Final = 1
#: Set when the budget ran out.
OVER: Final = 2
#: The table's generation: rows of another generation are empty.
GENERATION: Final = 3
_STATS: Final = 4

# The transposition table is two arrays of rows with named fields.  The *groups* table, by
# position key (each hand's suit lengths, the leader, the running totals the mode needs): the
# groups of top places that entries of that key depend on.  The *bounds* table, by position key,
# group and the owners of the group's places: a lower and an upper bound and the lead that last
# settled the search.
G_KEY0: Final = 0
G_KEY1: Final = 1
G_KEY2: Final = 2
G_GENERATION: Final = 3
G_COUNT: Final = 4
G_FIRST: Final = 5
_GROUPS: Final = 8
#: The names of the groups table's fields, by index (``group0`` ... the groups, newest first).
GROUP_FIELDS: Final = (
    "key0",
    "key1",
    "key2",
    "generation",
    "count",
    *(f"group{i}" for i in range(_GROUPS)),
)
B_KEY0: Final = 0
B_KEY1: Final = 1
B_KEY2: Final = 2
B_GROUP: Final = 3
B_OWNERS0: Final = 4
B_OWNERS1: Final = 5
B_LOW: Final = 6
B_HIGH: Final = 7
B_MOVE: Final = 8
B_LEFT: Final = 9
B_GENERATION: Final = 10
#: The names of the bounds table's fields, by index.
BOUND_FIELDS: Final = (
    "key0",
    "key1",
    "key2",
    "group",
    "owners0",
    "owners1",
    "low",
    "high",
    "move",
    "left",
    "generation",
)

_SUIT: Final = 0x1FFF
_DEPTH: Final = 64
_MOVES: Final = 14
_LOW: Final = -(1 << 20)
_HIGH: Final = 1 << 20
_TABLE_BITS: Final = 19
_ALL: Final = (1 << 52) - 1


def _pop_table() -> npt.NDArray[np.int64]:
    return np.array([bin(pattern).count("1") for pattern in range(8192)], dtype=np.int64)


#: The number of cards in a 13-bit suit pattern.
POP13: Final = _pop_table()


@kernel
def _count(mask: int) -> int:
    return int(
        POP13[mask & _SUIT]
        + POP13[(mask >> 13) & _SUIT]
        + POP13[(mask >> 26) & _SUIT]
        + POP13[(mask >> 39) & _SUIT]
    )


@kernel
def _key(
    hands: npt.NDArray[np.int64],
    n: int,
    leader: int,
    acc: npt.NDArray[np.int64],
    mode: int,
    out: int,
    worthy: int,
) -> tuple[int, int, int]:
    """The position key of a trick start: each hand's suit lengths, the leader, the running
    totals the mode needs and which of the cards ``worthy`` (those worth something of their
    own, not by their place) are still out."""
    lengths = 0
    last = 0
    for seat in range(n):
        code = 0
        for suit in range(4):
            code |= POP13[(hands[seat] >> (13 * suit)) & _SUIT] << (4 * suit)
        if seat < 3:
            lengths |= code << (16 * seat)
        else:
            last = code
    extra = 0
    cards = out & worthy
    if mode == POINTS:
        extra = ((acc[0] + 512) & 1023) | (acc[1] + 1) << 10
    elif mode == TARGETS:
        extra = acc[0] | acc[1] << 4 | acc[2] << 8 | acc[3] << 12
    return lengths, cards, last | leader << 16 | extra << 18


@kernel
def _group(deps: int, out: int) -> int:
    """The top places of each suit that ``deps`` (cards of ``out``) reach down to: 4 bits a
    suit, the count of the suit's cards out at or above the lowest card of ``deps``."""
    group = 0
    for suit in range(4):
        mine = (deps >> (13 * suit)) & _SUIT
        if mine:
            present = (out >> (13 * suit)) & _SUIT
            low = mine & -mine
            group |= POP13[present & ~(low - 1)] << (4 * suit)
    return group


@kernel
def _layout(hands: npt.NDArray[np.int64], n: int, out: int, codes: npt.NDArray[np.int64]) -> None:
    """Each suit's owners of the cards out, two bits a card from the top down, into
    ``codes[suit]``, and the suit's count of cards out into ``codes[4 + suit]``."""
    for suit in range(4):
        code = 0
        length = 0
        present = (out >> (13 * suit)) & _SUIT
        for place in range(12, -1, -1):
            if (present >> place) & 1:
                card = suit * 13 + place
                owner = 0
                for seat in range(1, n):
                    if (hands[seat] >> card) & 1:
                        owner = seat
                code = code << 2 | owner
                length += 1
        codes[suit] = code
        codes[4 + suit] = length


@kernel
def _owners(codes: npt.NDArray[np.int64], group: int) -> tuple[int, int]:
    """Who holds the group's places (two bits a card, the top of each suit first), from the
    suits' layouts (:func:`_layout`)."""
    words0 = 0
    words1 = 0
    for suit in range(4):
        want = (group >> (4 * suit)) & 15
        code = codes[suit] >> (2 * (codes[4 + suit] - want))
        if suit < 2:
            words0 |= code << (26 * suit)
        else:
            words1 |= code << (26 * (suit - 2))
    return words0, words1


@kernel
def _tops(out: int, group: int) -> int:
    """The cards of ``out`` at the group's places."""
    cards = 0
    for suit in range(4):
        want = (group >> (4 * suit)) & 15
        place = 12
        while want > 0:
            card = suit * 13 + place
            if (out >> card) & 1:
                cards |= 1 << card
                want -= 1
            place -= 1
    return cards


@kernel
def _sign_index(diff: int) -> int:
    if diff > 0:
        return 0
    if diff == 0:
        return 1
    return 2


@kernel
def _sure_trumps(hands: npt.NDArray[np.int64], n: int, trump: int, side: int) -> tuple[int, int]:
    """The sure trump tricks of ``side``: for its best player, the most of ``j`` less the
    opponents' trumps above the player's ``j``-th trump; with the trumps that count depends on
    (every trump out at or above the lowest one counted)."""
    shift = 13 * trump
    enemy = 0
    every = 0
    for seat in range(n):
        every |= (hands[seat] >> shift) & _SUIT
        if seat & 1 != side:
            enemy |= (hands[seat] >> shift) & _SUIT
    best = 0
    lowest = -1
    for seat in range(n):
        if seat & 1 != side:
            continue
        held = (hands[seat] >> shift) & _SUIT
        count = 0
        for place in range(12, -1, -1):
            if (held >> place) & 1:
                count += 1
                tricks = count - POP13[enemy >> place]
                if tricks > best:
                    best = tricks
                    lowest = place
    if lowest < 0:
        return 0, 0
    return best, (every & ~((1 << lowest) - 1)) << shift


@kernel
def _bounds(
    hands: npt.NDArray[np.int64],
    params: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    utility: npt.NDArray[np.int64],
    acc: npt.NDArray[np.int64],
    leader: int,
) -> tuple[int, int, int, int]:
    """Sure bounds on the value from a trick start (see the module's introduction), with the
    cards each depends on."""
    n = params[P_PLAYERS]
    trump = params[P_TRUMP]
    mode = params[P_MODE]
    left = _count(hands[leader])
    if mode == TRICKS:
        if trump < 0:
            return 0, left, 0, 0
        ours, our_cards = _sure_trumps(hands, n, trump, 0)
        theirs, their_cards = _sure_trumps(hands, n, trump, 1)
        return ours, left - theirs, our_cards, their_cards
    if mode == TARGETS:
        fixed = 0
        spread = 0
        for seat in range(4):
            value = utility[seat]
            if acc[seat] == 0:
                fixed += value
            elif acc[seat] > left:
                fixed -= value
            else:
                spread += abs(value)
        return fixed - spread, fixed + spread, 0, 0
    out = 0
    for seat in range(n):
        out |= hands[seat]
    rest = 0
    card = 0
    while card < 52:
        if (out >> card) & 1:
            rest += worth[card]
        card += 1
    first = _sign_index(acc[0] + rest)
    last = _sign_index(acc[0] - rest)
    key = params[P_KEY]
    owners_low, owners_high = 2, 2
    if acc[1] >= 0:
        owners_low, owners_high = acc[1], acc[1]
    elif key >= 0 and (out >> key) & 1:
        holder = 0
        for seat in range(n):
            if (hands[seat] >> key) & 1:
                holder = seat
        above = 0
        for seat in range(n):
            if (seat - holder) & 1:
                above |= hands[seat] & (_SUIT << (13 * (key // 13))) & ~((2 << key) - 1)
        if above:
            owners_low, owners_high = 0, 1
        else:
            owners_low, owners_high = holder & 1, holder & 1
    low = _HIGH
    high = _LOW
    for owner in range(owners_low, owners_high + 1):
        for sign in range(first, last + 1):
            value = utility[owner * 3 + sign]
            if value < low:
                low = value
            if value > high:
                high = value
    return low, high, out, out


@kernel
def _final(
    params: npt.NDArray[np.int64], utility: npt.NDArray[np.int64], acc: npt.NDArray[np.int64]
) -> int:
    """The value of the end of the deal from the running totals (0 for :data:`TRICKS`)."""
    mode = params[P_MODE]
    if mode == TRICKS:
        return 0
    if mode == POINTS:
        owner = acc[1] if acc[1] >= 0 else 2
        return int(utility[owner * 3 + _sign_index(acc[0])])
    value = 0
    for seat in range(4):
        value += utility[seat] if acc[seat] == 0 else -utility[seat]
    return value


@kernel
def _hash(k0: int, k1: int, k2: int, k3: int, k4: int, k5: int, size: int) -> int:
    """The first row of a key's bucket of two rows in a table of ``size`` rows."""
    # Shifts and exclusive ors only: no multiplication to overflow in either tier.
    mixed = k0 ^ (k1 << 13) ^ (k1 >> 17) ^ (k2 << 27) ^ (k2 >> 5) ^ (k3 << 7) ^ (k3 << 37)
    mixed ^= (k4 << 19) ^ (k4 >> 23) ^ (k5 << 31) ^ (k5 >> 11)
    mixed ^= mixed >> 29
    mixed ^= mixed >> 17
    return (mixed & (size - 1)) & ~1


@kernel
def _groups_row(
    groups: npt.NDArray[np.int64], generation: int, k0: int, k1: int, k2: int, make: bool
) -> int:
    """The groups table's row of a position key (made when ``make``), or -1."""
    first = _hash(k0, k1, k2, 0, 0, 0, groups.shape[0])
    for row in range(first, first + 2):
        if (
            groups[row, G_GENERATION] == generation
            and groups[row, G_KEY0] == k0
            and groups[row, G_KEY1] == k1
            and groups[row, G_KEY2] == k2
        ):
            return row
    if not make:
        return -1
    row = first
    if groups[first, G_GENERATION] == generation:
        row = first + 1
        if (
            groups[row, G_GENERATION] == generation
            and groups[row, G_COUNT] > groups[first, G_COUNT]
        ):
            row = first
    groups[row, G_KEY0] = k0
    groups[row, G_KEY1] = k1
    groups[row, G_KEY2] = k2
    groups[row, G_GENERATION] = generation
    groups[row, G_COUNT] = 0
    return row


@kernel
def _bounds_row(
    bounds: npt.NDArray[np.int64],
    generation: int,
    k0: int,
    k1: int,
    k2: int,
    group: int,
    w0: int,
    w1: int,
    make: bool,
    left: int,
) -> int:
    """The bounds table's row of a key, group and owners (made when ``make``), or -1.  A new
    row replaces the one of its bucket with fewer cards left."""
    first = _hash(k0, k1, k2, group, w0, w1, bounds.shape[0])
    for row in range(first, first + 2):
        if (
            bounds[row, B_GENERATION] == generation
            and bounds[row, B_KEY0] == k0
            and bounds[row, B_KEY1] == k1
            and bounds[row, B_KEY2] == k2
            and bounds[row, B_GROUP] == group
            and bounds[row, B_OWNERS0] == w0
            and bounds[row, B_OWNERS1] == w1
        ):
            return row
    if not make:
        return -1
    row = first
    if bounds[first, B_GENERATION] == generation:
        row = first + 1
        if bounds[row, B_GENERATION] == generation and bounds[row, B_LEFT] > bounds[first, B_LEFT]:
            row = first
    bounds[row, B_KEY0] = k0
    bounds[row, B_KEY1] = k1
    bounds[row, B_KEY2] = k2
    bounds[row, B_GROUP] = group
    bounds[row, B_OWNERS0] = w0
    bounds[row, B_OWNERS1] = w1
    bounds[row, B_LOW] = _LOW
    bounds[row, B_HIGH] = _HIGH
    bounds[row, B_MOVE] = -1
    bounds[row, B_LEFT] = left
    bounds[row, B_GENERATION] = generation
    return row


@kernel
def _look_up(
    groups: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    generation: int,
    codes: npt.NDArray[np.int64],
    out: int,
    k0: int,
    k1: int,
    k2: int,
    need: int,
) -> tuple[int, int, int, int]:
    """The table's answer at a trick start: (1 when decided, the bound, the cards it depends
    on, a lead to try first or -1)."""
    row = _groups_row(groups, generation, k0, k1, k2, False)
    hint = -1
    if row < 0:
        return 0, 0, 0, hint
    total = min(groups[row, G_COUNT], _GROUPS)
    for i in range(total):
        group = groups[row, G_FIRST + i]
        w0, w1 = _owners(codes, group)
        entry = _bounds_row(bounds, generation, k0, k1, k2, group, w0, w1, False, 0)
        if entry < 0:
            continue
        if hint < 0:
            hint = bounds[entry, B_MOVE]
        if bounds[entry, B_LOW] >= need:
            return 1, int(bounds[entry, B_LOW]), _tops(out, group), hint
        if bounds[entry, B_HIGH] < need:
            return 1, int(bounds[entry, B_HIGH]), _tops(out, group), hint
    return 0, 0, 0, hint


@kernel
def _save(
    groups: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    generation: int,
    hands: npt.NDArray[np.int64],
    n: int,
    out: int,
    keys: npt.NDArray[np.int64],
    deps: int,
    result: int,
    need: int,
    move: int,
    worthy: int,
) -> None:
    """Keep a trick start's fail-soft answer, which depends on the cards ``deps``."""
    k0 = keys[0]
    k1 = keys[1]
    k2 = keys[2]
    deps |= out & worthy  # who holds a card worth something always matters
    group = _group(deps & out, out)
    row = _groups_row(groups, generation, k0, k1, k2, True)
    total = min(groups[row, G_COUNT], _GROUPS)
    at = -1
    for i in range(total):
        if groups[row, G_FIRST + i] == group:
            at = i
    if at < 0:
        at = min(total, _GROUPS - 1)
        if total < _GROUPS:
            groups[row, G_COUNT] = total + 1
    # The newest group first (the last to answer is the likeliest to answer again).
    for i in range(at, 0, -1):
        groups[row, G_FIRST + i] = groups[row, G_FIRST + i - 1]
    groups[row, G_FIRST] = group
    codes = np.zeros(8, dtype=np.int64)
    _layout(hands, n, out, codes)
    w0, w1 = _owners(codes, group)
    entry = _bounds_row(bounds, generation, k0, k1, k2, group, w0, w1, True, _count(out))
    if result >= need:
        if result > bounds[entry, B_LOW]:
            bounds[entry, B_LOW] = result
    elif result < bounds[entry, B_HIGH]:
        bounds[entry, B_HIGH] = result
    if move >= 0:
        bounds[entry, B_MOVE] = move


@kernel
def _moves(
    allowed: int,
    out: int,
    alone: npt.NDArray[np.int64],
    moves: npt.NDArray[np.int64],
    runs: npt.NDArray[np.int64],
    depth: int,
) -> int:
    """One card of each run of equivalent cards of ``allowed`` into ``moves[depth]`` (highest
    first in each suit), the run's cards into ``runs[depth]``; the count."""
    count = 0
    for suit in range(4):
        mine = (allowed >> (13 * suit)) & _SUIT
        if not mine:
            continue
        present = (out >> (13 * suit)) & _SUIT
        single = alone[suit]
        previous = False
        for place in range(12, -1, -1):
            if not (present >> place) & 1:
                continue
            held = (mine >> place) & 1 == 1
            own = (single >> place) & 1 == 1
            card = suit * 13 + place
            if held and (not previous or own):
                moves[depth, count] = card
                runs[depth, count] = 1 << card
                count += 1
            elif held:
                runs[depth, count - 1] |= 1 << card
            previous = held and not own
    return count


@kernel
def _order(
    moves: npt.NDArray[np.int64],
    runs: npt.NDArray[np.int64],
    scores: npt.NDArray[np.int64],
    depth: int,
    count: int,
) -> None:
    """Sort ``moves[depth, :count]`` (and their runs) by ``scores[:count]``, highest first."""
    for i in range(1, count):
        move = moves[depth, i]
        run = runs[depth, i]
        score = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < score:
            moves[depth, j + 1] = moves[depth, j]
            runs[depth, j + 1] = runs[depth, j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[depth, j + 1] = move
        runs[depth, j + 1] = run
        scores[j + 1] = score


@kernel
def _score_moves(
    moves: npt.NDArray[np.int64],
    runs: npt.NDArray[np.int64],
    scores: npt.NDArray[np.int64],
    depth: int,
    count: int,
    hands: npt.NDArray[np.int64],
    n: int,
    seat: int,
    position: int,
    best: int,
    partner_winning: bool,
    trump: int,
    worth: npt.NDArray[np.int64],
    first: int,
    history: npt.NDArray[np.int64],
    plain: bool,
) -> None:
    """Good plays first (see the module's introduction); ``first`` (a card, or -1) before all."""
    others = 0
    opponents = 0
    for other in range(n):
        if other != seat:
            others |= hands[other]
            if (other - seat) & 1:
                opponents |= hands[other]
    partner = others & ~opponents
    trumps = 0 if trump < 0 else _SUIT << (13 * trump)
    for i in range(count):
        card = moves[depth, i]
        suit = card // 13
        mask = _SUIT << (13 * suit)
        rank = card % 13
        cost = rank + (13 if suit == trump else 0)
        score = 0
        if card == first:
            score = 1 << 40
        elif position == 0 and plain:
            # Any hand may trump a plain suit (All Fours): the highest cards first.
            score = cost * 64 + min(history[card], 63)
        elif position == 0:
            ruffed = False
            if suit != trump and trump >= 0:
                for other in range(n):
                    if (other - seat) & 1 and not hands[other] & mask and hands[other] & trumps:
                        ruffed = True
            above = others & mask & ~((2 << card) - 1)
            if ruffed:
                score = (1 << 20) - cost
            elif not above:
                score = (5 << 20) + rank
            elif partner & mask and _top(others & mask) == _top(partner & mask):
                score = (4 << 20) - cost
            else:
                score = (3 << 20) - cost
            score = score * 64 + min(history[card], 63)
        else:
            wins = beats(card, best, trump)
            if partner_winning:
                score = (2 << 20) + worth[card] * 32 - cost if not wins else (1 << 20) - cost
            elif wins:
                score = (3 << 20) - cost
            else:
                score = (2 << 20) - worth[card] * 32 - cost
        scores[i] = score
    _order(moves, runs, scores, depth, count)


@kernel
def _top(mask: int) -> int:
    """The highest card of a mask (-1 for none)."""
    for suit in range(3, -1, -1):
        pattern = (mask >> (13 * suit)) & _SUIT
        if pattern:
            place = 12
            while not (pattern >> place) & 1:
                place -= 1
            return suit * 13 + place
    return -1


@kernel
def at_least(
    legal: Any,
    params: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    utility: npt.NDArray[np.int64],
    alone: npt.NDArray[np.int64],
    groups: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    stats: npt.NDArray[np.int64],
    history: npt.NDArray[np.int64],
    killers: npt.NDArray[np.int64],
    root_hands: npt.NDArray[np.int64],
    root_leader: int,
    root_trick: npt.NDArray[np.int64],
    root_played: int,
    root_acc: npt.NDArray[np.int64],
    root_need: int,
) -> int:
    """Can side 0 reach at least ``root_need`` from this position?  A fail-soft bound (see the
    module's introduction).

    ``root_trick[:root_played]`` are the cards of the trick in progress (the lead first),
    ``root_acc`` the running totals of the mode (side 0's card points minus side 1's and the
    key card's side, -1 for not yet taken; or each seat's tricks still to make), ``params`` the
    deal's constants by the ``P_`` indices; ``params[P_RESTRICT]`` narrows the first card (a
    card mask; All Fours' called card).  The value counted with :data:`TRICKS` is side 0's
    tricks from here, the trick in progress included."""
    n = params[P_PLAYERS]
    trump = params[P_TRUMP]
    option = params[P_OPTION]
    mode = params[P_MODE]
    key = params[P_KEY]
    restrict = params[P_RESTRICT]
    generation = stats[GENERATION]
    # The frames, one a card to play: the position, the trick so far, the running totals ...
    hands = np.zeros((_DEPTH, 4), dtype=np.int64)
    trick = np.zeros((_DEPTH, 4), dtype=np.int64)
    acc = np.zeros((_DEPTH, 4), dtype=np.int64)
    leader = np.zeros(_DEPTH, dtype=np.int64)
    played = np.zeros(_DEPTH, dtype=np.int64)
    best_position = np.zeros(_DEPTH, dtype=np.int64)
    ranked = np.zeros(_DEPTH, dtype=np.int64)
    need = np.zeros(_DEPTH, dtype=np.int64)
    # ... what the frame's value adds to its parent's (a trick won), and the winning card that
    # the trick's outcome depends on ...
    gain = np.zeros(_DEPTH, dtype=np.int64)
    winner_card = np.zeros(_DEPTH, dtype=np.int64)
    # ... its cards to try, the next one, the best bound so far and the cards it depends on ...
    moves = np.zeros((_DEPTH, _MOVES), dtype=np.int64)
    runs = np.zeros((_DEPTH, _MOVES), dtype=np.int64)
    scores = np.zeros(_MOVES, dtype=np.int64)
    count = np.zeros(_DEPTH, dtype=np.int64)
    index = np.zeros(_DEPTH, dtype=np.int64)
    found = np.zeros(_DEPTH, dtype=np.int64)
    deps = np.zeros(_DEPTH, dtype=np.int64)
    # ... and, at a trick start, its table key (``start`` 0 elsewhere) and a lead to try first.
    start = np.zeros(_DEPTH, dtype=np.int64)
    keys = np.zeros((_DEPTH, 3), dtype=np.int64)
    hint = np.zeros(_DEPTH, dtype=np.int64)
    for seat in range(n):
        hands[0, seat] = root_hands[seat]
    for position in range(root_played):
        trick[0, position] = root_trick[position]
    for i in range(4):
        acc[0, i] = root_acc[i]
    leader[0] = root_leader
    played[0] = root_played
    need[0] = root_need
    for position in range(1, root_played):
        card = root_trick[position]
        best = root_trick[best_position[0]]
        if beats(card, best, trump):
            ranked[0] = card // 13 == best // 13
            best_position[0] = position
        elif card // 13 == best // 13:
            ranked[0] = 1
    hint[0] = -1
    d = 0
    result = 0
    result_deps = 0
    # The root: a trick start is looked up (and settled) like any other, unless its first card
    # is narrowed (the table's bounds are those of every legal card).
    if root_played == 0 and restrict == _ALL:
        if _count(hands[0, root_leader]) == 0:
            return _final(params, utility, acc[0])
        decided, bound, _, first = _start(
            groups,
            bounds,
            generation,
            hands[0],
            params,
            worth,
            utility,
            acc[0],
            root_leader,
            root_need,
            keys[0],
        )
        if decided:
            return bound
        start[0] = 1
        hint[0] = first
        stats[NODES] += 1
    generate = True
    have = False  # ``result`` holds the value of the card last tried at frame ``d``
    while True:
        position = played[d]
        seat = (leader[d] + position) % n
        out = 0
        for other in range(n):
            out |= hands[d, other]
        for p in range(position):
            out |= 1 << trick[d, p]
        if generate:
            generate = False
            hand = hands[d, seat]
            if position == 0:
                allowed = legal(hand, -1, -1, trump, option)
            else:
                allowed = legal(hand, trick[d, 0] // 13, trick[d, best_position[d]], trump, option)
            if d == 0:
                allowed &= restrict
            total = _moves(allowed, out, alone, moves, runs, d)
            count[d] = total
            index[d] = 0
            deps[d] = 0
            found[d] = _LOW if seat & 1 == 0 else _HIGH
            if total > 1:
                first = -1
                winning = -1
                if position == 0:
                    first = hint[d]
                else:
                    winning = trick[d, best_position[d]]
                    first = killers[seat, winning]
                partner = position > 0 and (best_position[d] - position) & 1 == 0
                _score_moves(
                    moves,
                    runs,
                    scores,
                    d,
                    total,
                    hands[d],
                    n,
                    seat,
                    position,
                    winning,
                    partner,
                    trump,
                    worth,
                    first,
                    history,
                    mode == POINTS,
                )
        if not have:
            if index[d] >= count[d]:
                # Every card tried: the frame's bound, which depends on every card's answer.
                result = found[d]
                result_deps = deps[d]
                if start[d]:
                    _save(
                        groups,
                        bounds,
                        generation,
                        hands[d],
                        n,
                        out,
                        keys[d],
                        result_deps,
                        result,
                        need[d],
                        -1,
                        params[P_WORTHY],
                    )
                if d == 0:
                    return int(result)
                result += gain[d]
                result_deps |= winner_card[d]
                d -= 1
                have = True
                continue
            card = moves[d, index[d]]
            index[d] += 1
            c = d + 1
            for other in range(n):
                hands[c, other] = hands[d, other]
            hands[c, seat] ^= 1 << card
            for p in range(position):
                trick[c, p] = trick[d, p]
            trick[c, position] = card
            new_best = best_position[d]
            new_ranked = ranked[d]
            if position == 0:
                new_best = 0
                new_ranked = 0
            else:
                best = trick[d, new_best]
                if beats(card, best, trump):
                    new_ranked = 1 if card // 13 == best // 13 else 0
                    new_best = position
                elif card // 13 == best // 13:
                    new_ranked = 1
            for i in range(4):
                acc[c, i] = acc[d, i]
            if position + 1 < n:
                leader[c] = leader[d]
                played[c] = position + 1
                best_position[c] = new_best
                ranked[c] = new_ranked
                need[c] = need[d]
                gain[c] = 0
                winner_card[c] = 0
                start[c] = 0
                d = c
                generate = True
                continue
            # The trick is complete.
            winner = (leader[d] + new_best) % n
            side = winner & 1
            won = 0
            if mode == TRICKS:
                won = 1 - side
            elif mode == POINTS:
                points = 0
                for p in range(n):
                    points += worth[trick[c, p]]
                    if trick[c, p] == key:
                        acc[c, 1] = side
                acc[c, 0] += points if side == 0 else -points
            elif acc[c, winner] > 0:
                acc[c, winner] -= 1
            leader[c] = winner
            played[c] = 0
            best_position[c] = 0
            ranked[c] = 0
            need[c] = need[d] - won
            gain[c] = won
            # A card that won by its rank: the trick's outcome depends on it.
            winner_card[c] = (1 << trick[c, new_best]) if new_ranked else 0
            start[c] = 0
            hint[c] = -1
            if _count(hands[c, winner]) == 0:
                result = _final(params, utility, acc[c]) + won
                result_deps = winner_card[c]
            else:
                decided, bound, bound_deps, first = _start(
                    groups,
                    bounds,
                    generation,
                    hands[c],
                    params,
                    worth,
                    utility,
                    acc[c],
                    winner,
                    need[c],
                    keys[c],
                )
                if decided:
                    result = bound + won
                    result_deps = bound_deps | winner_card[c]
                else:
                    stats[NODES] += 1
                    if stats[BUDGET] > 0 and stats[NODES] > stats[BUDGET]:
                        stats[OVER] = 1
                        return 0
                    start[c] = 1
                    hint[c] = first
                    d = c
                    generate = True
                    continue
        # ``result`` is the value of the card just tried at frame ``d``, ``result_deps`` the
        # cards it depends on: with the card's run when it depends on the card (its
        # equivalents, not tried, were taken to win and lose as it does).
        have = False
        i = index[d] - 1
        card = moves[d, i]
        if result_deps & (1 << card):
            result_deps |= runs[d, i]
        maximizing = seat & 1 == 0
        if (result >= need[d]) == maximizing:
            # A cut-off: this card settles the frame.
            if position == 0:
                history[card] += 1
            else:
                killers[seat, trick[d, best_position[d]]] = card
            if start[d]:
                _save(
                    groups,
                    bounds,
                    generation,
                    hands[d],
                    n,
                    out,
                    keys[d],
                    result_deps,
                    result,
                    need[d],
                    card,
                    params[P_WORTHY],
                )
            if d == 0:
                return int(result)
            result += gain[d]
            result_deps |= winner_card[d]
            d -= 1
            have = True
            continue
        deps[d] |= result_deps
        if maximizing:
            if result > found[d]:
                found[d] = result
        elif result < found[d]:
            found[d] = result


@kernel
def _start(
    groups: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    generation: int,
    hands: npt.NDArray[np.int64],
    params: npt.NDArray[np.int64],
    worth: npt.NDArray[np.int64],
    utility: npt.NDArray[np.int64],
    acc: npt.NDArray[np.int64],
    leader: int,
    need: int,
    keys: npt.NDArray[np.int64],
) -> tuple[int, int, int, int]:
    """A trick start before its search: (1 when the table or the sure bounds settle it, the
    bound, the cards it depends on, a lead to try first or -1); its key into ``keys``."""
    n = params[P_PLAYERS]
    out = 0
    for seat in range(n):
        out |= hands[seat]
    k0, k1, k2 = _key(hands, n, leader, acc, params[P_MODE], out, params[P_WORTHY])
    keys[0] = k0
    keys[1] = k1
    keys[2] = k2
    codes = np.zeros(8, dtype=np.int64)
    _layout(hands, n, out, codes)
    decided, bound, cards, first = _look_up(
        groups, bounds, generation, codes, out, k0, k1, k2, need
    )
    if decided:
        return decided, bound, cards, first
    low, high, low_cards, high_cards = _bounds(hands, params, worth, utility, acc, leader)
    if low >= need:
        return 1, low, low_cards, first
    if high < need:
        return 1, high, high_cards, first
    return 0, 0, 0, first


Legal = Callable[[int, int, int, int, int], int]


class Search:
    """One solve's search: the deal's constants, the table and the counters, in numpy arrays
    that the kernel :func:`at_least` reads.

    :param legal: the game's follow rule kernel (see the module's introduction).
    :param players: 2 or 4.
    :param trump: the trump suit number, or -1.
    :param option: passed to ``legal`` (a rule option of the game).
    :param mode: :data:`TRICKS`, :data:`POINTS` or :data:`TARGETS`.
    :param worth: what each card is worth (:data:`POINTS`), 52 values.
    :param utility: :data:`POINTS`: the value by key-card side (0, 1, 2 for nobody) and by sign
        (side 0 ahead, level, behind), nine values; :data:`TARGETS`: each seat's signed value.
    :param key: the key card (:data:`POINTS`), or -1.
    :param alone: a 13-bit mask a suit of the places whose cards are no other's equivalent.
    :param budget: the most tricks to search, ``None`` for no limit.
    """

    def __init__(
        self,
        legal: Legal,
        *,
        players: int,
        trump: int,
        option: int = 0,
        mode: int = TRICKS,
        worth: Sequence[int] = (0,) * 52,
        utility: Sequence[int] = (0,) * 9,
        key: int = -1,
        alone: Sequence[int] = (0, 0, 0, 0),
        budget: int | None = None,
    ) -> None:
        self.run, self.legal = kernel_of(legal)
        self.params = np.zeros(_PARAMS, dtype=np.int64)
        self.params[P_PLAYERS] = players
        self.params[P_TRUMP] = trump
        self.params[P_OPTION] = option
        self.params[P_MODE] = mode
        self.params[P_KEY] = key
        self.params[P_RESTRICT] = (1 << 52) - 1
        self.params[P_WORTHY] = sum(1 << card for card in range(52) if worth[card] or card == key)
        self.worth = np.array(worth, dtype=np.int64)
        self.utility = np.zeros(9, dtype=np.int64)
        self.utility[: len(utility)] = utility
        self.alone = np.array(alone, dtype=np.int64)
        self.groups, self.bounds, generation = _tables()
        self.stats = np.zeros(_STATS, dtype=np.int64)
        self.stats[BUDGET] = budget or 0
        self.stats[GENERATION] = generation
        self.history = np.zeros(52, dtype=np.int64)
        self.killers = np.full((4, 52), -1, dtype=np.int64)
        self._acc = np.zeros(4, dtype=np.int64)
        self._hands = np.zeros(4, dtype=np.int64)
        self._trick = np.zeros(4, dtype=np.int64)

    @property
    def nodes(self) -> int:
        """The tricks searched so far."""
        return int(self.stats[NODES])

    @property
    def over(self) -> bool:
        """True when the budget ran out (the last answer is then meaningless)."""
        return bool(self.stats[OVER])

    def ask(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        need: int,
        acc: Sequence[int] = (0, -1, 0, 0),
        restrict: int = (1 << 52) - 1,
    ) -> int:
        """:func:`at_least` of this position (a fail-soft bound on side 0's value)."""
        for seat, hand in enumerate(hands):
            self._hands[seat] = hand
        for position, card in enumerate(trick):
            self._trick[position] = card
        for i, value in enumerate(acc):
            self._acc[i] = value
        self.params[P_RESTRICT] = restrict
        return int(
            self.run(
                self.legal,
                self.params,
                self.worth,
                self.utility,
                self.alone,
                self.groups,
                self.bounds,
                self.stats,
                self.history,
                self.killers,
                self._hands,
                leader,
                self._trick,
                len(trick),
                self._acc,
                need,
            )
        )


def exact(ask: Callable[[int], int], levels: Sequence[int], guess: int | None = None) -> int:
    """The exact value, one of the sorted ``levels``, from fail-soft null-window answers
    ``ask(need)``: from ``guess`` by steps when given (a position's plays mostly share its
    value), else by bisection.  Each answer's bound narrows the range as far as it goes."""
    low, high = 0, len(levels) - 1

    def narrow(middle: int) -> None:
        nonlocal low, high
        bound = ask(levels[middle])
        if bound >= levels[middle]:
            low = middle
            while low < high and levels[low] < bound:
                low += 1
        else:
            high = middle - 1
            while high > low and levels[high] > bound:
                high -= 1

    if guess is not None:
        start = 0
        while start < high and levels[start] < guess:
            start += 1
        if start > low:
            narrow(start)
            if high < start:
                while low < high:
                    narrow(high)
                return levels[low]
        while low < high:
            narrow(low + 1)
        return levels[low]
    while low < high:
        narrow((low + high + 1) // 2)
    return levels[low]


_TABLES: list[Any] = []


def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """The process's transposition table (allocated once) and a fresh generation of it."""
    if not _TABLES:
        _TABLES.append(np.zeros((1 << (_TABLE_BITS - 1), len(GROUP_FIELDS)), dtype=np.int64))
        _TABLES.append(np.zeros((1 << _TABLE_BITS, len(BOUND_FIELDS)), dtype=np.int64))
        _TABLES.append(0)
    _TABLES[2] += 1
    return _TABLES[0], _TABLES[1], _TABLES[2]


def kernel_of(legal: Legal) -> tuple[Any, Any]:
    """The search kernel and the follow rule ``legal`` in the tier at hand: compiled when numba
    is importable, else interpreted."""
    if available():
        return compiled(at_least), compiled(legal)
    return at_least, legal
