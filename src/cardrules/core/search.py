"""The double-dummy search that both games' solvers share: one design, compiled or interpreted.

A double-dummy search plays out the rest of a deal with every hand known.  It answers one kind
of question, a *null window*: "can side 0 reach at least ``need``?", with a *fail-soft bound*:
a value at least ``need`` when the answer is yes (side 0 reaches at least that), below it when
no (side 0 reaches at most that).  :func:`exact` finds a value from a few such questions, each
answer narrowing the range; the solvers ask them of each legal play.

The design:

* **one recursive kernel**, :func:`_search`, one call per card, in the subset of Python that
  numba compiles (:mod:`cardrules.core.compiled`).  Its state is plain ints and one flat int
  buffer, the *workspace* (the deal's constants, the counters, the move lists and the
  transposition table at the ``W_*`` offsets): a ``list`` when interpreted, a numpy array when
  compiled, so that a plain install never imports numpy.  A workspace whose search is gone is
  kept for the next search of its size: each table row is stamped with its search's *epoch*,
  and a row of another epoch is empty, so a table is never cleared;
* **the game's rules as kernels**: the follow rule is the game's kernel ``legal(hand, lead, top,
  trump, option)`` bound into the search by :func:`~cardrules.core.compiled.specialize`; the
  trick winner is the core's :func:`~cardrules.core.tricks.beats`;
* **what the deal is worth as data** (``mode``): :data:`TRICKS`, the tricks side 0 takes;
  :data:`POINTS`, card points (side 0's minus side 1's) and the side taking one *key card*,
  valued through a table of nine (key-card side by who is ahead); :data:`TARGETS`, every seat's
  own target of tricks, each worth a signed value made or failed.  With :data:`POINTS` the
  kernel counts only what is still to be won, as with :data:`TRICKS`: the card points still
  out (side 0's minus side 1's) plus, while the key card is out, a weight (the question's
  *shape*, ``ws[W_SHAPE]``) for side 0 taking it.  The table never falls as side 0 gains, so
  :meth:`Search.ask` turns "does the table's value reach ``need``, with ``d`` won so far?"
  into "does that count reach ``T``?" (:meth:`Search._ask_points`), and a bound kept holds
  whatever was won before the position;
* **a transposition table at trick starts with partition search**: a position's *key* is each
  hand's suit lengths, the leader and what the mode needs beside the cards (:data:`TARGETS`:
  each seat's tricks still to make, any need above the tricks left as one more than them;
  :data:`POINTS`: the shape while the key card is out, and
  which cards worth something are still out).  A search returns,
  with its bound, the cards the bound depends on (those that won a trick by beating a card of
  their suit, those a sure bound counted); the bound is kept under its *group*, the top places
  of each suit down to the lowest of those cards (places among the cards still out), with the
  owners of those places, and answers every position of the same key whose same seats hold
  those places.  Each key (a hashed row; a full bucket gives up the key with the fewest
  cards) keeps a list of *entries* as long as it needs, newest first: a group's places as a
  mask over the position's *layout* (who holds each card out, two bits a card, each suit from
  its top card down), their owners and the bounds.  An entry answers when the layout under its
  mask is its owners; one whose bounds cannot decide the question is passed over unread.  The
  entries lie in blocks (a key's first holds one entry, each next twice as many up to 16, at
  most 40 blocks a key) taken in turn from a ring, whose oldest blocks are given back once it
  has gone round.  With :data:`POINTS` the cards worth
  something always matter, and under an undertrump rule every trump too (a follower's legal
  cards depend on the trumps' ranks);
* **equivalent cards**: cards of one suit in one hand that no other card still out separates
  (and that the game does not keep apart, ``alone``) win and lose alike: one of each run is
  tried.  And once a card tried does not settle the position and lies below every card of
  its suit that the bounds found so far depend on (with :data:`POINTS`, and below every card
  worth something, and every trump under an undertrump rule), the hand's other cards of that
  suit below those are not tried: the same bounds hold for them;
* **move ordering**: first the *killer*, the card that last settled a search from the same
  hand, winning card (none for a lead) and question (with :data:`POINTS`, whatever its
  threshold, which moves with every point won), then the lead the table kept for the
  position.  Leads by category, then by a *history* of the leads that settled searches
  (weighted by the tricks to go): winners no opponent can ruff, low leads to the partner's top
  card or ruff, a low trump while the leader's side holds more trumps, other low cards, leads
  into a ruff last (with :data:`POINTS` the high cards first).  A follower: the lowest card when
  its partner's card wins for sure (or, second hand, when the fourth hand's top card or ruff
  will; third hand, when the fourth hand ruffs), else the cheapest card sure to win, the
  cheapest card that wins for now (with :data:`POINTS` third hand high), then the lowest
  (giving card points to a partner's trick, keeping them from the opponents', the key card
  while the question weighs it as a card worth four more; a discard, except with
  :data:`POINTS`, from the longest suit, winners last);
* **sure bounds** before a trick is searched: with :data:`TRICKS`, each side's sure trump
  tricks, the *quick tricks* of the leader, or of its partner when a low card reaches the
  partner's top card (winners cashed from the top, trumps first, plain suits while no opponent
  can ruff; once the opponents are out of a suit, every card of it), and a trick the leader's
  opponents win whatever it leads (they hold the top card out of each suit it holds, which its
  partner cannot ruff), tried in turn and the first that settles the question returned alone
  (the quick tricks counted only as far as it needs: fewer cards depended on, more positions
  answered); with :data:`POINTS`, the card points still out less twice those sure to
  a side (the trumps above every trump of the other side, and the trumps that the leader's top
  trumps force from the opponents, at least their cheapest; and, as the other side wins at
  most the tricks that the top trumps of the side's best holder leave it, at most each
  player's costliest cards in that many tricks; and so with the leader's quick tricks,
  :func:`_cashed`, a plain card counted only once no opponent holds a trump, since a follower
  may always trump in All Fours), with the key card's weight when it is sure to
  side 0 or may go to it, and the last trick played out at once; with
  :data:`TARGETS`, the targets made or out of reach: each seat's own sure trump tricks (its
  trumps less every other seat's above them, the partner's too) and each side's, so that a seat
  takes at most the tricks left less its partner's and the other side's sure tricks; then, for
  the leader's side, the leader's quick tricks (its own, unless its partner may have to ruff
  one) or its partner's through an entry, and for the other side a trick whatever the leader
  leads (:func:`_targets_sure`, which takes the cheapest facts first and stops once a bound
  decides the question).

``ws[W_NODES]`` counts the tricks searched: the trick starts whose cards were played out, not
those the table or the bounds settled.  Past ``ws[W_BUDGET]`` nodes (when positive) the search
stops and sets ``ws[W_OVER]``.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from typing import Any, Final

from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.compiled import available, compiled, inlined, kernel, specialize
from cardrules.core.tricks import beats
from cardrules.errors import ArgumentError

__all__ = [
    "POINTS",
    "TARGETS",
    "TRICKS",
    "Search",
    "exact",
    "tier",
]

#: What a deal is worth: the tricks side 0 takes from here.
TRICKS: Final = 0
#: Card points (side 0's minus side 1's) and the side taking the key card, through a table.
POINTS: Final = 1
#: Each seat's own target of tricks, made or failed, each worth a signed value to side 0.
TARGETS: Final = 2

# -- the workspace: one flat int buffer, its fields at these offsets ----------------------------
W_PLAYERS: Final = 0
W_TRUMP: Final = 1
W_OPTION: Final = 2
W_MODE: Final = 3
#: The key card (:data:`POINTS`), -1 for none.
W_KEY: Final = 4
#: The cards that count for something of their own (card points, the key card): a mask.
W_WORTHY: Final = 5
#: The cards the first card played may be (a mask; All Fours' called card narrows it).
W_RESTRICT: Final = 6
W_NODES: Final = 7
W_BUDGET: Final = 8
W_OVER: Final = 9
#: The search's *epoch*: a table row stamped with another is empty (a reused workspace's
#: table needs no clearing).
W_EPOCH: Final = 10
#: :data:`POINTS`: what side 0's taking the key card adds to the value of this question
#: (:meth:`Search.ask` sets it; 0 once the key card is taken).
W_SHAPE: Final = 11
#: The ring of the table's blocks of entries (:func:`_new_block`): where the next block goes,
#: the first block not yet given back of those the last round left, and where they end (word
#: offsets in the ring).
W_RING: Final = 12
W_FRONT: Final = 13
W_END: Final = 14
#: :data:`POINTS`: nine values by key-card side (0, 1, 2 nobody) and who is ahead (0 side 0,
#: 1 level, 2 side 1); :data:`TARGETS`: each seat's signed value.
W_UTILITY: Final = 16
W_WORTH: Final = 32
#: Per suit, the places whose cards are equivalent to no other (13-bit masks).
W_ALONE: Final = 84
W_HISTORY: Final = 88
_DEPTH: Final = 56
_MOVES: Final = 16
W_MOVES: Final = 348
W_RUNS: Final = W_MOVES + _DEPTH * _MOVES
W_SCORES: Final = W_RUNS + _DEPTH * _MOVES
#: Each trick start's layout (:func:`_layouts`: who holds each card out), two words a depth.
W_LAYOUTS: Final = W_SCORES + _DEPTH * _MOVES
#: The killers: the card that last settled a search from the same hand, winning card (none for
#: a lead) and question, a table of (key, card) slots (key 0, an empty hand's, is no key).
W_KILLERS: Final = W_LAYOUTS + _DEPTH * 2
_KILLER_SLOTS: Final = 1 << 14
W_TABLE: Final = W_KILLERS + 2 * _KILLER_SLOTS

# The positions table: a row of _KW fields per key, hashed (:func:`_position_row`): the key's
# three words, the epoch it was made in (a row of another epoch is empty) and its newest block
# of entries (-1 for none).
_K_K0: Final = 0
_K_K1: Final = 1
_K_K2: Final = 2
_K_EPOCH: Final = 3
_K_HEAD: Final = 4
_KW: Final = 5
# The entries, in blocks taken in turn from a ring (:func:`_new_block`): a block's next (older)
# block of the same key or -1, its entries in use and (from bit 8) room, the key's row; then
# its entries, each a group's places with their owners and the bounds kept for them (_EW
# fields).  A key's first block holds one entry, each next twice as many up to _ENTRIES.
_L_NEXT: Final = 0
_L_FILL: Final = 1
_L_ROW: Final = 2
_L_ENTRY: Final = 3
_ENTRIES: Final = 16
#: The most blocks a key keeps (1 + 2 + 4 + 8 + 16 * 36 entries): a new one past them gives up
#: its oldest.
_CHAIN: Final = 40
# An entry: the masks of the group's places in the layouts' two words (:func:`_masks`), who
# holds those places, the bounds, and the group with the lead that settled its search last
# (plus one, from bit _MOVE_AT).
_E_M0: Final = 0
_E_M1: Final = 1
_E_O0: Final = 2
_E_O1: Final = 3
_E_LOW: Final = 4
_E_HIGH: Final = 5
_E_INFO: Final = 6
_EW: Final = 7
_MOVE_AT: Final = 16
_PROBES: Final = 4
#: The most table bits of an interpreted search (its workspace is a list).
_LIST_BITS: Final = 17

_SUIT: Final = 0x1FFF
_LOW: Final = -(1 << 20)
_HIGH: Final = 1 << 20
_ALL: Final = (1 << 52) - 1
#: The number of cards of each 13-bit pattern, and its highest place (0 for none).
_COUNT13: Final = bytes(bin(pattern).count("1") for pattern in range(1 << 13))
_TOP13: Final = bytes(max(0, pattern.bit_length() - 1) for pattern in range(1 << 13))


def _squeezed(pattern: int, value: int) -> int:
    """The bits of ``value`` at the places of ``pattern``, side by side (lowest first)."""
    result = 0
    at = 0
    for place in range(7):
        if pattern >> place & 1:
            result |= (value >> place & 1) << at
            at += 1
    return result


#: ``_SQUEEZE7[pattern << 7 | value]``: :func:`_squeezed` of two 7-bit chunks.
_SQUEEZE7: Final = bytes(_squeezed(index >> 7, index & 127) for index in range(1 << 14))


# -- small helpers ------------------------------------------------------------------------------
@kernel
def _count(mask: int) -> int:
    """The number of cards of a 52-bit mask."""
    return (
        _COUNT13[mask & _SUIT]
        + _COUNT13[(mask >> 13) & _SUIT]
        + _COUNT13[(mask >> 26) & _SUIT]
        + _COUNT13[(mask >> 39) & _SUIT]
    )


@kernel
def _hand(h0: int, h1: int, h2: int, h3: int, seat: int) -> int:
    if seat == 0:
        return h0
    if seat == 1:
        return h1
    if seat == 2:
        return h2
    return h3


@kernel
def _lengths(hand: int) -> int:
    """A hand's four suit lengths, four bits each."""
    return (
        _COUNT13[hand & _SUIT]
        | _COUNT13[(hand >> 13) & _SUIT] << 4
        | _COUNT13[(hand >> 26) & _SUIT] << 8
        | _COUNT13[(hand >> 39) & _SUIT] << 12
    )


@kernel
def _sign(diff: int) -> int:
    """0 when side 0 is ahead, 1 level, 2 when side 1 is ahead."""
    if diff > 0:
        return 0
    if diff == 0:
        return 1
    return 2


@kernel
def _mix(word: int) -> int:
    """24 well-mixed bits of a non-negative word: its high bits folded onto its low 32, times
    an odd constant, the top 24 of the product's low 32 bits (the low bits of a product are the
    same whether it overflows, compiled, or not, interpreted: both tiers hash alike)."""
    folded = (word ^ (word >> 29) ^ (word >> 47)) & 0xFFFFFFFF
    return ((folded * 0x9E3779B1) & 0xFFFFFFFF) >> 8


@inlined
def _worth_of(ws: MutableSequence[int], cards: int) -> int:
    """The card points of a few cards (a trick)."""
    total = 0
    while cards:
        low = cards & -cards
        card = _count(low - 1)
        total += ws[W_WORTH + card]
        cards ^= low
    return total


@inlined
def _costliest(ws: MutableSequence[int], cards: int, most: int) -> int:
    """The card points of the ``most`` costliest of ``cards``."""
    total = 0
    for _ in range(most):
        best = 0
        pick = 0
        spare = cards
        while spare:
            low = spare & -spare
            worth = ws[W_WORTH + _count(low - 1)]
            if worth > best:
                best = worth
                pick = low
            spare ^= low
        if pick == 0:
            break
        total += best
        cards ^= pick
    return total


# -- the value of an end, and sure bounds -------------------------------------------------------
@inlined
def _final(ws: MutableSequence[int], a0: int, a1: int, a2: int, a3: int) -> int:
    """The value of the end of the deal from the running totals (TRICKS and POINTS count what
    is still to be won: nothing)."""
    mode = ws[W_MODE]
    if mode != TARGETS:
        return 0
    value = 0
    for seat in range(4):
        need = a0 if seat == 0 else a1 if seat == 1 else a2 if seat == 2 else a3
        worth = ws[W_UTILITY + seat]
        value += worth if need == 0 else -worth
    return value


@kernel
def _sure_trumps(
    h0: int, h1: int, h2: int, h3: int, n: int, trump: int, side: int
) -> tuple[int, int]:
    """The sure trump tricks of ``side``: for its best player, the most of ``j`` less the
    opponents' trumps above its ``j``-th trump (each such trump wins its trick unless a higher
    trump of the other side falls on it); with the trumps that depends on (every trump out at
    or above the lowest counted)."""
    shift = 13 * trump
    enemy = 0
    every = 0
    for seat in range(n):
        pattern = (_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT
        every |= pattern
        if seat & 1 != side:
            enemy |= pattern
    best = 0
    lowest = -1
    for seat in range(side, n, 2):
        held = (_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT
        count = 0
        while held:
            place = _TOP13[held]
            held ^= 1 << place
            count += 1
            tricks = count - _COUNT13[enemy >> place]
            if tricks > best:
                best = tricks
                lowest = place
    if lowest < 0:
        return 0, 0
    return best, (every & ~((1 << lowest) - 1)) << shift


@kernel
def _winners(mine: int, others: int, suit: int) -> tuple[int, int]:
    """The cards of ``mine`` in ``suit`` above every card of ``others`` in it (they win the
    tricks they are cashed on while the suit is followed): how many, and which."""
    shift = 13 * suit
    held = (mine >> shift) & _SUIT
    rest = (others >> shift) & _SUIT
    above = _TOP13[rest] if rest else -1
    count = 0
    cards = 0
    while held and _TOP13[held] > above:
        place = _TOP13[held]
        held ^= 1 << place
        cards |= 1 << (shift + place)
        count += 1
    return count, cards


@kernel
def _quick(
    h0: int, h1: int, h2: int, h3: int, n: int, leader: int, trump: int, enough: int
) -> tuple[int, int]:
    """The leader's quick tricks: its cards above every other card of their suit, cashed from
    the top (trumps first); a plain suit counts while no opponent who still has trumps can ruff
    it, and with an opponent left holding trumps only the best plain suit counts (its other
    suits may be discarded on the first).  With the cards that depends on: the top places
    counted.  The count stops once it reaches ``enough`` (a bound that depends on fewer cards
    answers more positions)."""
    mine = _hand(h0, h1, h2, h3, leader)
    others = 0
    for seat in range(n):
        if seat != leader:
            others |= _hand(h0, h1, h2, h3, seat)
    deps = 0
    tricks = 0
    rounds = 0
    if trump >= 0:
        shift = 13 * trump
        rounds, deps = _winners(mine, others, trump)
        tricks = rounds
        if rounds:
            mine_t = (mine >> shift) & _SUIT
            longest = 0
            for seat in range(n):
                if (seat - leader) & 1:
                    longest = max(longest, _COUNT13[(_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT])
            if longest <= rounds:
                # The opponents are out of trumps: every trump of the leader wins, unless the
                # partner's trumps can beat one.
                ours = (_hand(h0, h1, h2, h3, (leader + 2) % n) >> shift) & _SUIT if n == 4 else 0
                low = mine_t & -mine_t
                if _COUNT13[ours] <= rounds or ours < low:
                    tricks = _COUNT13[mine_t]
                    if ours and _COUNT13[ours] > rounds:
                        deps |= low << shift
    ruffers = 0  # the opponents still holding trumps after the trumps cashed
    if trump >= 0:
        for seat in range(n):
            if (seat - leader) & 1:
                trumps = _COUNT13[(_hand(h0, h1, h2, h3, seat) >> (13 * trump)) & _SUIT]
                if trumps > rounds:
                    ruffers |= 1 << seat
    best = 0
    best_deps = 0
    total = 0
    total_deps = 0
    for suit in range(4):
        if suit == trump:
            continue
        if tricks + (best if ruffers else total) >= enough:
            break
        shift = 13 * suit
        run, run_deps = _winners(mine, others, suit)
        if run == 0:
            continue
        longest = 0
        for seat in range(n):
            if (seat - leader) & 1:
                length = _COUNT13[(_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT]
                longest = max(longest, length)
        if run >= longest:
            # The opponents run out: every card wins, unless the partner's cards can beat one.
            ours = (_hand(h0, h1, h2, h3, (leader + 2) % n) >> shift) & _SUIT if n == 4 else 0
            mine_s = (mine >> shift) & _SUIT
            low = mine_s & -mine_s
            if _COUNT13[ours] <= run or ours < low:
                if ours and _COUNT13[ours] > run:
                    run_deps |= low << shift
                run = _COUNT13[mine_s]
        for seat in range(n):
            if ruffers >> seat & 1:
                run = min(run, _COUNT13[(_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT])
        total += run
        total_deps |= run_deps
        if run > best:
            best = run
            best_deps = run_deps
    if ruffers:
        return tricks + best, deps | best_deps
    return tricks + total, deps | total_deps


@kernel
def _cashed(h0: int, h1: int, h2: int, h3: int, n: int, leader: int, trump: int) -> tuple[int, int]:
    """:data:`POINTS`' quick tricks of the leader, where a follower may trump any card of a
    plain suit (All Fours, AF-18): its trumps above every other trump, cashed first (each
    opponent must follow with a trump while it holds one), then, once no opponent is left
    with a trump, its cards above every other card of their plain suit.  With those cards,
    which win their tricks (and are what the count depends on, with the hands' suit
    lengths)."""
    mine = _hand(h0, h1, h2, h3, leader)
    others = 0
    for seat in range(n):
        if seat != leader:
            others |= _hand(h0, h1, h2, h3, seat)
    tricks = 0
    cards = 0
    if trump >= 0:
        shift = 13 * trump
        tricks, cards = _winners(mine, others, trump)
        for seat in range(n):
            if (seat - leader) & 1 and _COUNT13[
                (_hand(h0, h1, h2, h3, seat) >> shift) & _SUIT
            ] > tricks:
                return tricks, cards  # it can trump a card of a plain suit
    for suit in range(4):
        if suit == trump:
            continue
        run, won = _winners(mine, others, suit)
        tricks += run
        cards |= won
    return tricks, cards


@kernel
def _cashed_bound(
    ws: MutableSequence[int],
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    left: int,
    worthy: int,
    rest: int,
) -> tuple[int, int]:
    """:data:`POINTS`: the leader's side takes at least the leader's quick tricks
    (:func:`_cashed`), so the other side takes at most the other tricks, to which each player
    gives at most its ``most`` costliest cards (the quick tricks' winners apart).  The leader's
    side's card points less the other side's, at least, of the ``rest`` still out (the cards
    worth something, ``worthy``), with the quick tricks' winners (0 when there are none)."""
    quick, cashed = _cashed(h0, h1, h2, h3, ws[W_PLAYERS], leader, ws[W_TRUMP])
    if not quick:
        return -rest, 0
    most = left - quick
    taken = 0
    for seat in range(ws[W_PLAYERS]):
        taken += _costliest(ws, _hand(h0, h1, h2, h3, seat) & worthy & ~cashed, most)
    return rest - 2 * taken, cashed


@kernel
def _entry(h0: int, h1: int, h2: int, h3: int, leader: int, trump: int) -> int:
    """Can the leader put its partner on lead at once?  A suit in which the leader holds a card
    below the partner's top card, which beats the opponents' cards, and no opponent can ruff the
    first round.  The suit's cards from the partner's top card up (what that depends on), or 0.
    """
    mine = _hand(h0, h1, h2, h3, leader)
    partner = _hand(h0, h1, h2, h3, (leader + 2) % 4)
    left = _hand(h0, h1, h2, h3, (leader + 1) % 4)
    right = _hand(h0, h1, h2, h3, (leader + 3) % 4)
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        theirs = (left | right) & mask
        top = _top(partner & mask)
        # The leader's card must be lower than the partner's top card, which beats theirs.
        if top < 0 or not mine & mask & ((1 << top) - 1) or top < _top(theirs):
            continue
        if suit != trump and (
            (left & trumps and not left & mask) or (right & trumps and not right & mask)
        ):
            continue
        return (left | right | partner | mine) & mask & ~((1 << top) - 1)
    return 0


@inlined
def _onto(card: int, best: int, ranked: int, position: int, trump: int) -> tuple[int, int]:
    """``card`` played ``position``-th to a trick whose top card so far is ``best``: whether it
    is the trick's top card now (the lead always is; then :func:`~cardrules.core.tricks.beats`)
    and whether the top card's rank has mattered (``ranked``: it beat, or was followed by, a
    card of its own suit), which decides whether a bound depends on it."""
    if position == 0:
        return 1, 0
    same = 1 if card // 13 == best // 13 else 0
    if beats(card, best, trump):
        return 1, same
    if same:
        return 0, 1
    return 0, ranked


@kernel
def _last_trick(
    ws: MutableSequence[int], h0: int, h1: int, h2: int, h3: int, leader: int
) -> tuple[int, int]:
    """:data:`POINTS`: the value of the last trick, every hand down to its one card, with the
    card it depends on (its winner, when that beat a card of its suit)."""
    n = ws[W_PLAYERS]
    trump = ws[W_TRUMP]
    best = -1
    winner = leader
    ranked = 0
    trick = 0
    for position in range(n):
        seat = (leader + position) % n
        card = _top(_hand(h0, h1, h2, h3, seat))  # its one card
        trick |= 1 << card
        top, ranked = _onto(card, best, ranked, position, trump)
        if top:
            best = card
            winner = seat
    worth = _worth_of(ws, trick)
    gain = worth
    if winner & 1:
        gain = -worth
    elif ws[W_KEY] >= 0 and (trick >> ws[W_KEY]) & 1:
        gain += ws[W_SHAPE]
    return gain, (1 << best) if ranked else 0


@kernel
def _second(h0: int, h1: int, h2: int, h3: int, leader: int, trump: int) -> int:
    """Do the leader's opponents win this trick whatever it leads?  Each suit the leader holds
    has its top card out in an opponent's hand, and (a plain suit) the leader's partner can
    follow it or holds no trump.  The top cards of those suits (what that depends on), or 0."""
    mine = _hand(h0, h1, h2, h3, leader)
    partner = _hand(h0, h1, h2, h3, (leader + 2) % 4)
    theirs = _hand(h0, h1, h2, h3, (leader + 1) % 4) | _hand(h0, h1, h2, h3, (leader + 3) % 4)
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    cards = 0
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        if not mine & mask:
            continue
        top = _top(theirs & mask)
        if top < 0 or top < _top((mine | partner) & mask):
            return 0
        if suit != trump and not partner & mask and partner & trumps:
            return 0
        cards |= 1 << top
    return cards


@kernel
def _seat_trumps(h0: int, h1: int, h2: int, h3: int, trump: int) -> tuple[int, int, int, int]:
    """The tricks each seat takes with its own trumps whatever anyone plays: the most of ``j``
    less the other seats' trumps (the partner's too) above its ``j``-th trump, each of which can
    beat at most one of them; four bits a seat.  Each side's (:func:`_sure_trumps`: its best
    player's, less only the opponents' trumps above, or its seats' together), and the lowest
    trump place that any of them counts (-1 for none): the trumps at or above it are what they
    depend on."""
    shift = 13 * trump
    held = ((h0 | h1 | h2 | h3) >> shift) & _SUIT
    p1 = (h1 >> shift) & _SUIT
    p2 = (h2 >> shift) & _SUIT
    p3 = (h3 >> shift) & _SUIT
    counts = 0  # four bits a seat: its trumps seen so far, from the top
    seen = 0
    seen_side = 0  # eight bits a side: the side's trumps seen so far
    seats = 0  # four bits a seat: its sure tricks
    sides = 0  # eight bits a side
    lowest = -1
    while held:
        place = _TOP13[held]
        held ^= 1 << place
        bit = 1 << place
        owner = 1 if p1 & bit else 2 if p2 & bit else 3 if p3 & bit else 0
        count = ((counts >> (4 * owner)) & 15) + 1
        counts += 1 << (4 * owner)
        seen += 1
        side = owner & 1
        seen_side += 1 << (8 * side)
        alone = 2 * count - seen
        if alone > (seats >> (4 * owner)) & 15:
            seats = seats & ~(15 << (4 * owner)) | alone << (4 * owner)
            lowest = place
        against = count - ((seen_side >> (8 * (1 - side))) & 255)
        if against > (sides >> (8 * side)) & 255:
            sides = sides & ~(255 << (8 * side)) | against << (8 * side)
            lowest = place
    s0 = max(sides & 255, (seats & 15) + ((seats >> 8) & 15))
    s1 = max(sides >> 8, ((seats >> 4) & 15) + ((seats >> 12) & 15))
    return seats, s0, s1, lowest


@kernel
def _targets_bound(
    side: int,
    who: int,
    credit: int,
    left: int,
    ours: int,
    theirs: int,
    seats: int,
    a0: int,
    a1: int,
    a2: int,
    a3: int,
    w0: int,
    w1: int,
    w2: int,
    w3: int,
) -> int:
    """``side``'s sure bound on the value (side 0's is a low one, side 1's a high one), when
    ``side`` takes at least ``ours`` of the ``left`` tricks, the other side ``theirs``, each seat
    at least its part of ``seats`` (four bits a seat), seat ``who`` at least ``credit`` when it
    is ``side``'s: a seat is made when its least tricks reach its need, out of reach when its
    partner's and the other side's leave it too few; every other seat counts against ``side``."""
    fixed = 0
    spread = 0
    for seat in range(4):
        need = a0 if seat == 0 else a1 if seat == 1 else a2 if seat == 2 else a3
        worth = w0 if seat == 0 else w1 if seat == 1 else w2 if seat == 2 else w3
        least = (seats >> (4 * seat)) & 15
        if seat == who and who & 1 == side:
            least = max(least, credit)
        mate = (seats >> (4 * ((seat + 2) & 3))) & 15
        most = left - mate - (theirs if seat & 1 == side else ours)
        if need <= least:
            fixed += worth
        elif need > most:
            fixed -= worth
        else:
            spread += abs(worth)
    return fixed - spread if side == 0 else fixed + spread


@inlined
def _targets_sure(
    ws: MutableSequence[int],
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    left: int,
    out: int,
    need: int,
    a0: int,
    a1: int,
    a2: int,
    a3: int,
) -> tuple[int, int, int, int]:
    """:data:`TARGETS`' sure bounds at a trick start (four players), with the cards each
    depends on: (low, high, low's cards, high's cards), the facts taken cheapest first and only
    while no bound decides ``need``.

    Whatever anyone plays, each seat takes at least its own sure trump tricks and each side its
    own (:func:`_seat_trumps`), so a seat takes at most the tricks left less its partner's and
    the other side's.  The leader's side may also cash the leader's quick tricks
    (:func:`_quick`), which the leader takes itself unless its partner may have to ruff one, or
    put its partner on lead (:func:`_entry`) to cash the partner's; the other side may win a
    trick whatever the leader leads (:func:`_second`).  Each side's bound takes the facts that
    its own play secures."""
    trump = ws[W_TRUMP]
    w0 = ws[W_UTILITY]
    w1 = ws[W_UTILITY + 1]
    w2 = ws[W_UTILITY + 2]
    w3 = ws[W_UTILITY + 3]
    low = _targets_bound(0, 0, 0, left, 0, 0, 0, a0, a1, a2, a3, w0, w1, w2, w3)
    high = _targets_bound(1, 0, 0, left, 0, 0, 0, a0, a1, a2, a3, w0, w1, w2, w3)
    if low >= need or high < need or trump < 0:
        return low, high, 0, 0
    seats, s0, s1, lowest = _seat_trumps(h0, h1, h2, h3, trump)
    trumps = SUIT_MASKS[trump]
    cards = 0
    if lowest >= 0:
        cards = out & trumps & ~((1 << (13 * trump + lowest)) - 1)
    low = _targets_bound(0, 0, 0, left, s0, s1, seats, a0, a1, a2, a3, w0, w1, w2, w3)
    high = _targets_bound(1, 0, 0, left, s1, s0, seats, a0, a1, a2, a3, w0, w1, w2, w3)
    if low >= need or high < need:
        return low, high, cards, cards
    side = leader & 1
    ours = s0 if side == 0 else s1
    theirs = s1 if side == 0 else s0
    # The leader's side's own play moves its bound: side 0's the low one, side 1's the high.
    if (low if side == 0 else high) == (high if side == 0 else low):
        best = low if side == 0 else high
        best_cards = cards
    else:
        quick, quick_cards = _quick(h0, h1, h2, h3, 4, leader, trump, left)
        partner = (leader + 2) & 3
        mate = _hand(h0, h1, h2, h3, partner)
        credit = 0
        if not mate & trumps or _count(mate & ~trumps) >= quick:
            credit = quick  # the leader takes them itself: its partner need never ruff one
        best = _targets_bound(
            side,
            leader,
            credit,
            left,
            max(ours, quick),
            theirs,
            seats,
            a0,
            a1,
            a2,
            a3,
            w0,
            w1,
            w2,
            w3,
        )
        best_cards = cards | quick_cards
        entry = _entry(h0, h1, h2, h3, leader, trump)
        if entry:
            more, more_cards = _quick(h0, h1, h2, h3, 4, partner, trump, left)
            if more > quick:
                mine = _hand(h0, h1, h2, h3, leader)
                credit = 0
                if not mine & trumps or _count(mine & ~trumps) > more:
                    credit = more
                bound = _targets_bound(
                    side,
                    partner,
                    credit,
                    left,
                    max(ours, more),
                    theirs,
                    seats,
                    a0,
                    a1,
                    a2,
                    a3,
                    w0,
                    w1,
                    w2,
                    w3,
                )
                if (bound > best) if side == 0 else (bound < best):
                    best, best_cards = bound, cards | more_cards | entry
    if side == 0:
        low, low_cards = best, best_cards
        if low >= need:
            return low, high, low_cards, cards
    else:
        high, high_cards = best, best_cards
        if high < need:
            return low, high, cards, high_cards
    # The other side's own play: a trick whatever the leader leads.
    other = high if side == 0 else low
    other_cards = cards
    if theirs == 0:
        won = _second(h0, h1, h2, h3, leader, trump)
        if won:
            other = _targets_bound(
                1 - side, leader, 0, left, 1, ours, seats, a0, a1, a2, a3, w0, w1, w2, w3
            )
            other_cards = cards | won
    if side == 0:
        return low, other, low_cards, other_cards
    return other, high, other_cards, high_cards


@inlined
def _sure(
    ws: MutableSequence[int],
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    left: int,
    out: int,
    a0: int,
    a1: int,
    a2: int,
    a3: int,
    need: int,
) -> tuple[int, int, int, int]:
    """Sure bounds on the value at a trick start (see the module's introduction), with the
    cards each depends on: (low, high, low's cards, high's cards)."""
    n = ws[W_PLAYERS]
    trump = ws[W_TRUMP]
    mode = ws[W_MODE]
    if mode == TRICKS:
        if trump < 0:
            return 0, left, 0, 0
        # Each bound is tried in turn, the cheapest first, and the first to settle the question
        # is returned alone: the fewer cards a bound depends on, the more positions it answers.
        ours, our_cards = _sure_trumps(h0, h1, h2, h3, n, trump, 0)
        theirs, their_cards = _sure_trumps(h0, h1, h2, h3, n, trump, 1)
        if ours >= need or left - theirs < need:
            return ours, left - theirs, our_cards, their_cards
        # What the leader's side must take to settle the question.
        enough = need if leader & 1 == 0 else left - need + 1
        quick, quick_cards = _quick(h0, h1, h2, h3, n, leader, trump, enough)
        entry = _entry(h0, h1, h2, h3, leader, trump) if n == 4 and quick < enough else 0
        if entry:
            # A low card to the partner's winner, and the partner's quick tricks from there.
            partner, partner_cards = _quick(h0, h1, h2, h3, n, (leader + 2) % 4, trump, enough)
            if partner > quick:
                quick, quick_cards = partner, partner_cards | entry
        if leader & 1 == 0:
            if quick > ours:
                ours, our_cards = quick, quick_cards
        elif quick > theirs:
            theirs, their_cards = quick, quick_cards
        if ours >= need or left - theirs < need:
            return ours, left - theirs, our_cards, their_cards
        if n == 4 and (theirs if leader & 1 == 0 else ours) == 0:
            won = _second(h0, h1, h2, h3, leader, trump)
            if won:
                if leader & 1 == 0:
                    theirs, their_cards = 1, won
                else:
                    ours, our_cards = 1, won
        return ours, left - theirs, our_cards, their_cards
    # POINTS: the card points still out go either way but those sure to a side; the key card
    # adds its weight when it is sure to be side 0's, may add it while open.
    worthy = out & ws[W_WORTHY]
    rest = _worth_of(ws, worthy)
    low = -rest
    high = rest
    low_cards = worthy
    high_cards = worthy
    key = ws[W_KEY]
    shape = ws[W_SHAPE]
    open_key = shape != 0 and key >= 0 and (out >> key) & 1 == 1
    masters = 0
    side = 0
    if trump >= 0:
        # The trumps above every trump of the other side win the tricks they fall on: their
        # points (and the key card among them) are their side's.
        trumps = SUIT_MASKS[trump]
        ours = (h0 | h2) & trumps
        theirs = (h1 | h3) & trumps
        if ours > theirs:
            masters = ours & ~((1 << _top(theirs) + 1) - 1) if theirs else ours
        elif theirs:
            masters = theirs & ~((1 << _top(ours) + 1) - 1) if ours else theirs
            side = 1
        other = theirs if side == 0 else ours
        # What that depends on: the trumps down to the other side's highest.
        deps = out & trumps & ~((1 << _top(other)) - 1) if other else out & trumps
        mine = _hand(h0, h1, h2, h3, leader) & trumps
        rest_trumps = (h0 | h1 | h2 | h3) & trumps & ~mine
        forced = 0
        if leader & 1 == side and mine and rest_trumps and ws[W_RESTRICT] == _ALL:
            # The leader's trumps above every other trump lead round after round, and each
            # opponent must follow with a trump each round: the cards of those it gives up
            # (at least its cheapest; all of them when it holds no more) are the leader's side's.
            # Not while the first card is narrowed (a called card may not be a trump).
            rounds = _COUNT13[(mine >> (13 * trump)) >> (_top(rest_trumps) % 13 + 1)]
            for seat in range(n):
                if (seat - leader) & 1:
                    held = _hand(h0, h1, h2, h3, seat) & trumps
                    if _count(held) <= rounds:
                        masters |= held
                    else:
                        for _ in range(rounds):
                            cheapest = -1
                            spare = held
                            while spare:
                                card = _top(spare & -spare)
                                spare &= spare - 1
                                if cheapest < 0 or ws[W_WORTH + card] < ws[W_WORTH + cheapest]:
                                    cheapest = card
                            held ^= 1 << cheapest
                            forced += ws[W_WORTH + cheapest]
            deps |= out & trumps
        if masters or forced:
            sure = _worth_of(ws, masters) + forced
            if side == 0:
                low += 2 * sure
                low_cards |= deps
            else:
                high -= 2 * sure
                high_cards |= deps
        if masters:
            # The player of ``side`` with the most of those trumps wins a trick with each: the
            # other side wins at most the rest, and each player gives those tricks at most its
            # ``most`` costliest cards (whatever it leads or follows with).
            sure_tricks = 0
            for seat in range(side, n, 2):
                sure_tricks = max(sure_tricks, _count(_hand(h0, h1, h2, h3, seat) & masters))
            most = left - sure_tricks
            taken = 0
            for seat in range(n):
                taken += _costliest(ws, _hand(h0, h1, h2, h3, seat) & worthy, most)
            if side == 0 and rest - 2 * taken > low:
                low = rest - 2 * taken
                low_cards |= deps
            elif side == 1 and 2 * taken - rest < high:
                high = 2 * taken - rest
                high_cards |= deps
    # The leader's side wins at least the leader's quick tricks, the other side at most the rest
    # (unless the first card is narrowed: All Fours' called card may not be one of them).
    margin, cashed = -rest, 0
    if ws[W_RESTRICT] == _ALL:
        margin, cashed = _cashed_bound(ws, h0, h1, h2, h3, leader, left, worthy, rest)
    if cashed:
        if leader & 1 == 0:
            if margin > low:
                low = margin
                low_cards |= cashed
        elif -margin < high:
            high = -margin
            high_cards |= cashed
    if open_key:
        if (masters >> key) & 1:
            if side == 0:
                low += shape
                high += shape
        else:
            high += shape
    return low, high, low_cards, high_cards


# -- the transposition table --------------------------------------------------------------------
@kernel
def _squeeze(value: int, pattern: int) -> int:
    """The bits of ``value`` (13 bits) at the places of ``pattern``, side by side: bit ``i`` of
    the result is that of the ``i``-th lowest place of ``pattern``."""
    low = _SQUEEZE7[(pattern & 127) << 7 | (value & 127)]
    high = _SQUEEZE7[(pattern >> 7) << 7 | ((value >> 7) & 127)]
    return low | high << _COUNT13[pattern & 127]


@kernel
def _spread(bits: int) -> int:
    """Bit ``i`` of ``bits`` (16 bits) at bit ``2 i``."""
    bits = (bits | bits << 8) & 0x00FF00FF
    bits = (bits | bits << 4) & 0x0F0F0F0F
    bits = (bits | bits << 2) & 0x33333333
    return (bits | bits << 1) & 0x55555555


@inlined
def _layouts(
    ws: MutableSequence[int], h0: int, h1: int, h2: int, h3: int, out: int, depth: int
) -> None:
    """Who holds each card out, into the workspace's layouts of ``depth``: two bits a card, each
    suit in 26 bits from its top card down (the top card's owner in the suit's highest bits;
    the positions of a key have the same suit counts), two suits a word."""
    odd = h1 | h3  # the owner's low bit
    high = h2 | h3  # its high bit
    words = 0
    for suit in range(4):
        shift = 13 * suit
        present = (out >> shift) & _SUIT
        low_bits = _squeeze((odd >> shift) & present, present)
        high_bits = _squeeze((high >> shift) & present, present)
        code = (_spread(high_bits) << 1 | _spread(low_bits)) << (2 * (13 - _COUNT13[present]))
        if suit == 1 or suit == 3:
            ws[W_LAYOUTS + 2 * depth + suit // 2] = words | code << 26
            words = 0
        else:
            words = code


@kernel
def _group(deps: int, out: int) -> int:
    """The top places of each suit that ``deps`` (cards of ``out``) reach down to: four bits a
    suit, the count of the suit's cards out at or above its lowest card of ``deps``."""
    group = 0
    for suit in range(4):
        mine = (deps >> (13 * suit)) & _SUIT
        if mine:
            present = (out >> (13 * suit)) & _SUIT
            low = mine & -mine
            group |= _COUNT13[present & ~(low - 1)] << (4 * suit)
    return group


@kernel
def _masks(group: int) -> tuple[int, int]:
    """The bits of the group's places in the two words of a layout (:func:`_layouts`)."""
    m0 = 0
    m1 = 0
    for suit in range(4):
        want = (group >> (4 * suit)) & 15
        field = ((1 << (2 * want)) - 1) << (26 - 2 * want)
        if suit < 2:
            m0 |= field << (26 * suit)
        else:
            m1 |= field << (26 * (suit - 2))
    return m0, m1


@kernel
def _tops(out: int, group: int) -> int:
    """The cards of ``out`` at the group's places."""
    cards = 0
    for suit in range(4):
        want = (group >> (4 * suit)) & 15
        present = (out >> (13 * suit)) & _SUIT
        while want > 0:
            place = _TOP13[present]
            present ^= 1 << place
            cards |= 1 << (13 * suit + place)
            want -= 1
    return cards


@inlined
def _position_row(ws: MutableSequence[int], k0: int, k1: int, k2: int, make: bool) -> int:
    """The positions table's row of a key (made when ``make``: an empty row, or the one of its
    bucket with the fewest cards given up), or -1."""
    size = ws[W_TABLE]
    base = W_TABLE + 2
    epoch = ws[W_EPOCH]
    first = (_mix(k0) ^ (_mix(k1) << 3) ^ (_mix(k2) << 5)) & (size - 1)
    at = -1
    fewest = 99
    for probe in range(_PROBES):
        row = base + ((first + probe) & (size - 1)) * _KW
        if ws[row + _K_EPOCH] != epoch:
            if not make:
                return -1
            at = row
            break
        if ws[row + _K_K0] == k0 and ws[row + _K_K1] == k1 and ws[row + _K_K2] == k2:
            return row
        # A full bucket gives up its key with the fewest cards (the first hand's suit lengths).
        lengths = ws[row + _K_K0]
        cards = (lengths & 15) + (lengths >> 4 & 15) + (lengths >> 8 & 15) + (lengths >> 12 & 15)
        if cards < fewest:
            fewest = cards
            at = row
    if not make:
        return -1
    ws[at + _K_K0] = k0
    ws[at + _K_K1] = k1
    ws[at + _K_K2] = k2
    ws[at + _K_EPOCH] = epoch
    ws[at + _K_HEAD] = -1
    return at


@inlined
def _give_up_block(ws: MutableSequence[int], base: int, block: int) -> int:
    """Take the ring's block at ``block`` from the key that holds it (if it still does: a key
    given up leaves its blocks); its size in words."""
    at = base + block
    owner = ws[at + _L_ROW]
    if ws[owner + _K_EPOCH] == ws[W_EPOCH]:
        before = -1
        there = ws[owner + _K_HEAD]
        while there >= 0:
            if there == block:
                if before < 0:
                    ws[owner + _K_HEAD] = ws[at + _L_NEXT]
                else:
                    ws[base + before + _L_NEXT] = ws[at + _L_NEXT]
                break
            before = there
            there = ws[base + there + _L_NEXT]
    return _L_ENTRY + (ws[at + _L_FILL] >> 8) * _EW


@inlined
def _new_block(ws: MutableSequence[int], row: int) -> int:
    """A new block of entries for the key at ``row``, as its newest (twice the room of its
    newest block so far, up to _ENTRIES): the ring's next words, its oldest blocks given back
    to make room once it has gone round."""
    base = W_TABLE + 2 + ws[W_TABLE] * _KW
    head = ws[row + _K_HEAD]
    room = 1 if head < 0 else min(_ENTRIES, 2 * (ws[base + head + _L_FILL] >> 8))
    words = _L_ENTRY + room * _EW
    ring = ws[W_RING]
    front = ws[W_FRONT]
    if ring + words > ws[W_TABLE + 1]:
        # Round again: the last round's blocks not yet given back go now.
        while front < ws[W_END]:
            front += _give_up_block(ws, base, front)
        ws[W_END] = ring
        ring = 0
        front = 0
    while front < ring + words and front < ws[W_END]:
        front += _give_up_block(ws, base, front)
    ws[W_FRONT] = front
    ws[W_RING] = ring + words
    at = base + ring
    ws[at + _L_NEXT] = ws[row + _K_HEAD]
    ws[at + _L_FILL] = room << 8
    ws[at + _L_ROW] = row
    ws[row + _K_HEAD] = ring
    return at


@inlined
def _key(
    ws: MutableSequence[int],
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    out: int,
    a0: int,
    a1: int,
    a2: int,
    a3: int,
) -> tuple[int, int, int]:
    """A trick start's key: the suit lengths of each hand, the leader, what the mode needs
    beside the cards (TARGETS: the tricks each seat still needs; POINTS: the key card's weight
    while it is out) and (with cards worth something of their own) which of them are out."""
    k0 = _lengths(h0) | _lengths(h1) << 16 | _lengths(h2) << 32 | leader << 48
    mode = ws[W_MODE]
    extra = 0
    if mode == POINTS:
        key = ws[W_KEY]
        if key >= 0 and (out >> key) & 1:
            extra = ws[W_SHAPE]
    elif mode == TARGETS:
        # A need above the tricks left is out of reach whatever it is.
        cap = _count(_hand(h0, h1, h2, h3, leader)) + 1
        extra = min(a0, cap) | min(a1, cap) << 4 | min(a2, cap) << 8 | min(a3, cap) << 12
    return k0, _lengths(h3) | extra << 16, out & ws[W_WORTHY]


@inlined
def _look_up(
    ws: MutableSequence[int], k0: int, k1: int, k2: int, out: int, need: int, depth: int
) -> tuple[int, int, int, int]:
    """The table's answer at a trick start: (1 when decided, the bound, the cards it depends
    on, a lead to try first or -1).  The key's entries are read newest first; an entry answers
    when this position's same seats hold its places."""
    row = _position_row(ws, k0, k1, k2, False)
    hint = -1
    if row < 0:
        return 0, 0, 0, hint
    own0 = ws[W_LAYOUTS + 2 * depth]
    own1 = ws[W_LAYOUTS + 2 * depth + 1]
    base = W_TABLE + 2 + ws[W_TABLE] * _KW
    block = ws[row + _K_HEAD]
    while block >= 0:
        at = base + block
        for i in range((ws[at + _L_FILL] & 255) - 1, -1, -1):
            entry = at + _L_ENTRY + i * _EW
            if ws[entry + _E_LOW] < need <= ws[entry + _E_HIGH]:
                continue
            if own0 & ws[entry + _E_M0] != ws[entry + _E_O0]:
                continue
            if own1 & ws[entry + _E_M1] != ws[entry + _E_O1]:
                continue
            if hint < 0:
                hint = (ws[entry + _E_INFO] >> _MOVE_AT) - 1
            if ws[entry + _E_LOW] >= need:
                group = ws[entry + _E_INFO] & 0xFFFF
                return 1, ws[entry + _E_LOW], _tops(out, group), hint
            if ws[entry + _E_HIGH] < need:
                group = ws[entry + _E_INFO] & 0xFFFF
                return 1, ws[entry + _E_HIGH], _tops(out, group), hint
        block = ws[at + _L_NEXT]
    return 0, 0, 0, hint


@inlined
def _save(
    ws: MutableSequence[int],
    k0: int,
    k1: int,
    k2: int,
    out: int,
    deps: int,
    bound: int,
    need: int,
    move: int,
    depth: int,
) -> None:
    """Keep a trick start's fail-soft bound, which depends on the cards ``deps``: in the entry
    of its group and owners, made (in the key's newest block) when new."""
    if ws[W_MODE] == POINTS:
        # Who holds a card worth something always matters; with an undertrump rule, so do the
        # ranks of the trumps (a follower's legal cards depend on them).
        deps |= out & ws[W_WORTHY]
        if ws[W_OPTION] != 0 and ws[W_TRUMP] >= 0:
            deps |= out & SUIT_MASKS[ws[W_TRUMP]]
    group = _group(deps & out, out)
    m0, m1 = _masks(group)
    own0 = ws[W_LAYOUTS + 2 * depth] & m0
    own1 = ws[W_LAYOUTS + 2 * depth + 1] & m1
    row = _position_row(ws, k0, k1, k2, True)
    base = W_TABLE + 2 + ws[W_TABLE] * _KW
    entry = -1
    chain = 0
    before = -1  # the block before the key's oldest
    block = ws[row + _K_HEAD]
    while block >= 0 and entry < 0:
        at = base + block
        for i in range(ws[at + _L_FILL] & 255):
            e = at + _L_ENTRY + i * _EW
            if (
                ws[e + _E_O0] == own0
                and ws[e + _E_O1] == own1
                and ws[e + _E_M0] == m0
                and ws[e + _E_M1] == m1
            ):
                entry = e
                break
        chain += 1
        if ws[at + _L_NEXT] >= 0:
            before = at
        block = ws[at + _L_NEXT]
    if entry < 0:
        head = ws[row + _K_HEAD]
        at = base + head
        if head < 0 or ws[at + _L_FILL] & 255 == ws[at + _L_FILL] >> 8:
            if chain >= _CHAIN and before >= 0:
                ws[before + _L_NEXT] = -1  # the key gives up its oldest block
            at = _new_block(ws, row)
        entry = at + _L_ENTRY + (ws[at + _L_FILL] & 255) * _EW
        ws[at + _L_FILL] += 1
        ws[entry + _E_M0] = m0
        ws[entry + _E_M1] = m1
        ws[entry + _E_O0] = own0
        ws[entry + _E_O1] = own1
        ws[entry + _E_LOW] = _LOW
        ws[entry + _E_HIGH] = _HIGH
        ws[entry + _E_INFO] = group
    # (int: numba may type a bound that came through the recursion as a float.)
    if bound >= need:
        ws[entry + _E_LOW] = max(ws[entry + _E_LOW], int(bound))
    else:
        ws[entry + _E_HIGH] = min(ws[entry + _E_HIGH], int(bound))
    if move >= 0:
        ws[entry + _E_INFO] = group | (move + 1) << _MOVE_AT


@kernel
def _killer_slot(hand: int, best: int, need: int) -> tuple[int, int]:
    """The killers' slot of a hand, winning card (-1 for a lead) and question, and its key."""
    key = hand | ((best + 1) & 63) << 52 | (need & 15) << 58
    return W_KILLERS + 2 * (_mix(key) & (_KILLER_SLOTS - 1)), key


@inlined
def _killer(ws: MutableSequence[int], hand: int, best: int, need: int) -> int:
    """The card that last settled a search from this hand, winning card and question, or -1."""
    at, key = _killer_slot(hand, best, need)
    if ws[at] == key:
        return ws[at + 1]
    return -1


# -- moves --------------------------------------------------------------------------------------
@inlined
def _moves(ws: MutableSequence[int], allowed: int, out: int, depth: int) -> int:
    """One card of each run of equivalent cards of ``allowed`` (the highest) into the
    workspace's moves of ``depth``, the run's cards into its runs; the count."""
    count = 0
    at = depth * _MOVES
    for suit in range(4):
        shift = 13 * suit
        mine = (allowed >> shift) & _SUIT
        if not mine:
            continue
        others = ((out >> shift) & _SUIT) & ~mine
        single = ws[W_ALONE + suit]
        above = 13  # the place of the card of ``mine`` last taken
        joins = False  # may the next card join its run?
        while mine:
            place = _TOP13[mine]
            mine ^= 1 << place
            card = shift + place
            between = others & ((1 << above) - (2 << place))
            alone = (single >> place) & 1 == 1
            if joins and not between and not alone:
                ws[W_RUNS + at + count - 1] |= 1 << card
            else:
                ws[W_MOVES + at + count] = card
                ws[W_RUNS + at + count] = 1 << card
                count += 1
            joins = not alone
            above = place
    return count


@kernel
def _floor(deps: int, suit: int) -> int:
    """The lowest card of ``suit`` in ``deps`` (a bit), or the bit above the suit when none: a
    card of the suit below it is no card that a bound depending on ``deps`` tells apart from
    another such card of the same hand."""
    mine = deps & SUIT_MASKS[suit]
    if mine:
        return mine & -mine
    return 1 << (13 * suit + 13)


@kernel
def _top(mask: int) -> int:
    """The highest card of a mask (by index), -1 for none."""
    for suit in range(3, -1, -1):
        pattern = (mask >> (13 * suit)) & _SUIT
        if pattern:
            return 13 * suit + _TOP13[pattern]
    return -1


@kernel
def _beatable(card: int, trump: int, threats: int, ruffs: int) -> bool:
    """Can the opponents still to play beat ``card``?  ``threats`` are their cards, ``ruffs``
    the trumps of those void in the suit led: a higher card of its suit, or a ruff of a
    non-trump (a guess for move ordering only)."""
    suit = card // 13
    if threats & SUIT_MASKS[suit] & ~((2 << card) - 1):
        return True
    return suit != trump and ruffs != 0


@inlined
def _order(
    ws: MutableSequence[int],
    depth: int,
    count: int,
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    seat: int,
    position: int,
    lead: int,
    best: int,
    best_position: int,
    hint: int,
    need: int,
) -> None:
    """Sort the moves of ``depth`` good plays first (see the module's introduction)."""
    n = ws[W_PLAYERS]
    trump = ws[W_TRUMP]
    points = ws[W_MODE] == POINTS
    at = depth * _MOVES
    others = (h0 | h1 | h2 | h3) & ~_hand(h0, h1, h2, h3, seat)
    partner = _hand(h0, h1, h2, h3, (seat + 2) % 4) if n == 4 else 0
    # The opponents still to play to this trick (a follower's threats; none to a lead).
    threats = 0
    ruffs = 0
    for later in range(position + 1, n if position > 0 else 0):
        other = (seat + later - position) % n
        if (other - seat) & 1:
            hand = _hand(h0, h1, h2, h3, other)
            threats |= hand
            if lead >= 0 and trump >= 0 and not hand & SUIT_MASKS[lead]:
                ruffs |= hand & SUIT_MASKS[trump]
    partner_winning = position > 0 and (best_position - position) & 1 == 0
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    # The follower plays low: its partner's card wins for sure; or (second hand, the third
    # following suit) the fourth hand's top card of the suit led beats the lead and the third
    # hand's cards, or the fourth hand can ruff; or (third hand, a plain suit led and not yet
    # ruffed) the fourth hand can ruff.
    low = partner_winning and not _beatable(best, trump, threats, ruffs)
    if position > 0 and lead >= 0:
        suited = SUIT_MASKS[lead]
        next_hand = _hand(h0, h1, h2, h3, (seat + 1) % n)
        if position == 1 and n == 4:
            third = next_hand & suited
            fourth = _hand(h0, h1, h2, h3, (seat + 2) % n)
            if third and (
                _top(fourth & suited) > max(_top(third), best)
                or (not fourth & suited and lead != trump and fourth & trumps)
            ):
                low = True
        if (
            position == 2
            and lead != trump
            and best // 13 == lead
            and not next_hand & suited
            and next_hand & trumps
            and _hand(h0, h1, h2, h3, seat) & suited
        ):
            low = True
    killer = _killer(ws, _hand(h0, h1, h2, h3, seat), best, 0 if points else need)
    # A lead: the leader's side holds more trumps than the opponents (a low trump lead draws
    # theirs), and the plain suits an opponent can ruff (a bit a suit).
    draw = False
    ruffable = 0
    if position == 0 and trump >= 0 and not points:
        ours = _hand(h0, h1, h2, h3, seat) | partner
        draw = _count(ours & trumps) > _count(others & ~partner & trumps)
        for other in range(n):
            if (other - seat) & 1:
                hand = _hand(h0, h1, h2, h3, other)
                if hand & trumps:
                    for suit in range(4):
                        if suit != trump and not hand & SUIT_MASKS[suit]:
                            ruffable |= 1 << suit
    for i in range(count):
        card = ws[W_MOVES + at + i]
        suit = card // 13
        mask = SUIT_MASKS[suit]
        rank = card % 13
        cost = rank + (13 if suit == trump else 0)
        worth = ws[W_WORTH + card]
        if points and card == ws[W_KEY] and ws[W_SHAPE] != 0:
            worth += 4
        score = 0
        if card == killer:
            score = 1 << 61
        elif card == hint:
            score = 1 << 60
        elif position == 0:
            # A category, then the history of the leads that settled searches, then a tie-break.
            history = min(ws[W_HISTORY + card], (1 << 30) - 1)
            if points:
                score = (cost << 30) + history
            else:
                ruffed = (ruffable >> suit) & 1 == 1
                rest = others & mask
                opponents = others & ~partner
                if ruffed:
                    score = (1 << 36) + (history << 6) + 32 - cost
                elif not rest & ~((2 << card) - 1):
                    score = (5 << 36) + (history << 6) + rank
                elif (
                    rest
                    and partner & mask
                    and _TOP13[(rest >> (13 * suit)) & _SUIT]
                    == _TOP13[((partner & mask) >> (13 * suit)) & _SUIT]
                ) or (not partner & mask and partner & trumps and opponents & mask):
                    score = (4 << 36) + 32 - cost  # to the partner's winner or ruff
                elif suit == trump and opponents & trumps and draw:
                    score = (3 << 36) + (history << 6) + 33  # draw the opponents' trumps
                else:
                    score = (3 << 36) + (history << 6) + 32 - rank
        else:
            wins = beats(card, best, trump)
            if low:
                score = (3 << 20) + worth * 32 - cost
            elif wins and not _beatable(card, trump, threats, ruffs):
                # Sure to win: also over a partner's card that an opponent could beat.
                score = (4 << 20) - cost
            elif partner_winning:
                score = (3 << 20) + worth * 32 - cost if not wins else (2 << 20) - cost
            elif wins:
                # The cheapest card that wins for now (third hand high with POINTS).
                score = (3 << 20) + (cost if position == 2 and points else -cost)
            elif suit != lead and suit != trump and not points:
                # A discard: from a long suit, keeping the winners and the guards.
                mine = _hand(h0, h1, h2, h3, seat) & mask
                score = (2 << 20) + _count(mine) * 64 - rank
                if not others & mask & ~((2 << card) - 1):
                    score -= 1024
            else:
                score = (2 << 20) - worth * 32 - cost
        ws[W_SCORES + at + i] = score
    # Insertion sort, highest score first (a handful of moves).
    for i in range(1, count):
        move = ws[W_MOVES + at + i]
        run = ws[W_RUNS + at + i]
        score = ws[W_SCORES + at + i]
        j = i - 1
        while j >= 0 and ws[W_SCORES + at + j] < score:
            ws[W_MOVES + at + j + 1] = ws[W_MOVES + at + j]
            ws[W_RUNS + at + j + 1] = ws[W_RUNS + at + j]
            ws[W_SCORES + at + j + 1] = ws[W_SCORES + at + j]
            j -= 1
        ws[W_MOVES + at + j + 1] = move
        ws[W_RUNS + at + j + 1] = run
        ws[W_SCORES + at + j + 1] = score


@kernel
def legal(hand: int, lead: int, top: int, trump: int, option: int) -> int:
    """The game's follow rule, bound into the search per game by
    :func:`~cardrules.core.compiled.specialize`: the cards of ``hand`` that may be played to a
    trick led in ``lead`` (``-1`` when leading) whose winning card is ``top`` (``-1``).  This
    unbound slot refuses to guess a rule."""
    raise TypeError("the search's follow rule is bound per game (core.compiled.specialize)")


# -- the search ---------------------------------------------------------------------------------
@kernel
def _search(
    ws: MutableSequence[int],
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    position: int,
    lead: int,
    best: int,
    best_position: int,
    ranked: int,
    played: int,
    out: int,
    need: int,
    a0: int,
    a1: int,
    a2: int,
    a3: int,
    depth: int,
) -> tuple[int, int]:
    """Can side 0 reach ``need`` from here?  A fail-soft bound, with the cards it depends on.

    ``position`` cards of the trick led by ``leader`` are down (``played``, a mask; ``lead``
    their suit, ``best`` the winning card at ``best_position``, which beat a card of its suit
    when ``ranked``); ``out`` is every card still in a hand or on the table; ``a0`` ... ``a3``
    the mode's running totals (:data:`TARGETS`: each seat's tricks still to make; unused
    otherwise); ``depth`` the cards played since the root."""
    n = ws[W_PLAYERS]
    trump = ws[W_TRUMP]
    mode = ws[W_MODE]
    hint = -1
    k0 = k1 = k2 = 0
    # At the root, a narrowed first card (All Fours' called card) keeps the table out: its
    # bounds are those of every lead.
    free = depth > 0 or ws[W_RESTRICT] == _ALL
    if position == 0:
        out = h0 | h1 | h2 | h3
        left = _count(_hand(h0, h1, h2, h3, leader))
        if left == 0:
            return _final(ws, a0, a1, a2, a3), 0
        if mode == TRICKS:
            if need <= 0:
                return 0, 0
            if need > left:
                return left, 0
        elif mode == POINTS and left == 1 and depth > 0:
            return _last_trick(ws, h0, h1, h2, h3, leader)
        # The sure bounds first (cheaper than the table), then the table.
        if mode == TARGETS:
            low, high, low_cards, high_cards = _targets_sure(
                ws, h0, h1, h2, h3, leader, left, out, need, a0, a1, a2, a3
            )
        else:
            low, high, low_cards, high_cards = _sure(
                ws, h0, h1, h2, h3, leader, left, out, a0, a1, a2, a3, need
            )
        if low >= need:
            return low, low_cards
        if high < need:
            return high, high_cards
        k0, k1, k2 = _key(ws, h0, h1, h2, h3, leader, out, a0, a1, a2, a3)
        if free:
            _layouts(ws, h0, h1, h2, h3, out, depth)
            decided, bound, cards, hint = _look_up(ws, k0, k1, k2, out, need, depth)
            if decided:
                return bound, cards
        ws[W_NODES] += 1
        if ws[W_BUDGET] > 0 and ws[W_NODES] > ws[W_BUDGET]:
            ws[W_OVER] = 1
            return 0, 0
    seat = (leader + position) % n
    hand = _hand(h0, h1, h2, h3, seat)
    allowed = legal(hand, lead, best, trump, ws[W_OPTION])
    if depth == 0:
        allowed &= ws[W_RESTRICT]
    count = _moves(ws, allowed, out, depth)
    if count > 1:
        _order(
            ws, depth, count, h0, h1, h2, h3, seat, position, lead, best, best_position, hint, need
        )
    maximizing = seat & 1 == 0
    found = _LOW if maximizing else _HIGH
    found_cards = 0
    skip = 0
    floors = 0
    at = depth * _MOVES
    for i in range(count):
        card = ws[W_MOVES + at + i]
        bit = 1 << card
        if skip & bit:
            continue
        n0 = h0 ^ bit if seat == 0 else h0
        n1 = h1 ^ bit if seat == 1 else h1
        n2 = h2 ^ bit if seat == 2 else h2
        n3 = h3 ^ bit if seat == 3 else h3
        top, new_ranked = _onto(card, best, ranked, position, trump)
        new_best = card if top else best
        new_position = position if top else best_position
        if position + 1 < n:
            value, cards = _search(
                ws,
                n0,
                n1,
                n2,
                n3,
                leader,
                position + 1,
                card // 13 if position == 0 else lead,
                new_best,
                new_position,
                new_ranked,
                played | bit,
                out,
                need,
                a0,
                a1,
                a2,
                a3,
                depth + 1,
            )
        else:
            winner = (leader + new_position) % n
            side = winner & 1
            gain = 0
            b0, b1, b2, b3 = a0, a1, a2, a3
            if mode == TRICKS:
                gain = 1 - side
            elif mode == POINTS:
                trick = played | bit
                worth = _worth_of(ws, trick)
                gain = worth if side == 0 else -worth
                if side == 0 and ws[W_KEY] >= 0 and (trick >> ws[W_KEY]) & 1:
                    gain += ws[W_SHAPE]
            elif winner == 0 and a0 > 0:
                b0 = a0 - 1
            elif winner == 1 and a1 > 0:
                b1 = a1 - 1
            elif winner == 2 and a2 > 0:
                b2 = a2 - 1
            elif winner == 3 and a3 > 0:
                b3 = a3 - 1
            # The next trick's start, its constants as plain ints (``zero``): numba would
            # specialize the recursive call on literal arguments, and a recursive kernel so
            # specialized crashes when reloaded from its cache (numba issue 6061).
            zero = 0 * depth
            value, cards = _search(
                ws,
                n0,
                n1,
                n2,
                n3,
                winner,
                zero,
                zero - 1,
                zero - 1,
                zero,
                zero,
                zero,
                zero,
                need - gain,
                b0,
                b1,
                b2,
                b3,
                depth + 1,
            )
            value += gain
            if new_ranked:
                cards |= 1 << new_best
        if ws[W_OVER]:
            return 0, 0
        if cards & bit:
            cards |= ws[W_RUNS + at + i]
        if (value >= need) == maximizing:
            # A cut-off: this card settles the position.
            if position == 0:
                ws[W_HISTORY + card] += 1 << (_count(out) // n)
                if free:
                    _save(ws, k0, k1, k2, out, cards, value, need, card, depth)
            # (With POINTS the question's threshold moves with every point won: no part of it.)
            slot, key = _killer_slot(hand, best, 0 if mode == POINTS else need)
            ws[slot] = key
            ws[slot + 1] = card
            return value, cards
        found_cards |= cards
        found = max(found, value) if maximizing else min(found, value)
        # The cards of this suit below every card the bounds so far depend on do alike (with
        # POINTS, below every card worth something too, and every trump under an undertrump
        # rule, as in :func:`_save`: the cards skipped are worth what this one is).
        if not floors >> (card // 13) & 1:
            deps = found_cards
            if mode == POINTS:
                deps |= out & ws[W_WORTHY]
                if ws[W_OPTION] != 0 and trump >= 0:
                    deps |= out & SUIT_MASKS[trump]
            floor = _floor(deps, card // 13)
            if bit < floor:
                skip |= floor - 1 & SUIT_MASKS[card // 13]
                floors |= 1 << (card // 13)
    if position == 0 and free:
        _save(ws, k0, k1, k2, out, found_cards, found, need, -1, depth)
    return found, found_cards


# -- the driver ---------------------------------------------------------------------------------
Legal = Callable[[int, int, int, int, int], int]

_RUNNERS: dict[tuple[Legal, bool], Any] = {}
_TIER: list[bool | None] = [None]


@contextlib.contextmanager
def tier(compiled_search: bool | None) -> Iterator[None]:
    """Within the block, the searches made without ``compile_it`` run compiled (``True``) or
    interpreted (``False``; ``None``: compiled when numba is importable, the default): for tests
    and benchmarks that compare the two.

    >>> with tier(False):
    ...     Search(legal, players=4, trump=2).compiled
    False
    """
    previous = _TIER[0]
    _TIER[0] = compiled_search
    try:
        yield
    finally:
        _TIER[0] = previous


def _runner(legal_plays: Legal, compile_it: bool) -> Any:
    """The search with ``legal_plays`` as its follow rule, compiled or interpreted."""
    key = (legal_plays, compile_it)
    run = _RUNNERS.get(key)
    if run is None:
        run = specialize(_search, legal=legal_plays)
        if compile_it:
            run = compiled(run)
        _RUNNERS[key] = run
    return run


#: Workspaces no search holds, by size and tier, for the next search of their size (a fresh
#: table of 2 ** 19 rows costs milliseconds of zeroed memory; a reused one only a new epoch).
_SPARE: dict[tuple[int, bool], list[MutableSequence[int]]] = {}
_SPARES: Final = 2


def _workspace(size: int, compile_it: bool) -> MutableSequence[int]:
    """A workspace of ``size`` ints, zero up to the table and of a new epoch: a spare one when
    there is one, else a new one."""
    try:
        ws = _SPARE[(size, compile_it)].pop()
    except (KeyError, IndexError):  # none kept (another thread may have just taken the last)
        pass
    else:
        epoch = int(ws[W_EPOCH]) + 1
        if compile_it:
            ws[:W_TABLE] = 0  # type: ignore[call-overload]  # a numpy array
        else:
            ws[:W_TABLE] = [0] * W_TABLE
        ws[W_EPOCH] = epoch
        return ws
    if compile_it:
        import numpy as np

        ws = np.zeros(size, dtype=np.int64)  # type: ignore[assignment]
    else:
        ws = [0] * size
    ws[W_EPOCH] = 1
    return ws


def _give_back(ws: MutableSequence[int], compile_it: bool) -> None:
    """Keep the workspace of a search that is gone, for the next of its size."""
    spare = _SPARE.setdefault((len(ws), compile_it), [])
    if len(spare) < _SPARES:
        spare.append(ws)


class Search:
    """One solve's search: the deal's constants, the counters and the transposition table in a
    workspace that the kernel reads (a numpy array when compiled, a list when interpreted).

    :param legal: the game's follow rule kernel (see the module's introduction).
    :param players: 2 or 4.
    :param trump: the trump suit number, or -1.
    :param option: passed to ``legal`` (a rule option of the game).
    :param mode: :data:`TRICKS`, :data:`POINTS` or :data:`TARGETS`.
    :param worth: what each card is worth (:data:`POINTS`), 52 values.
    :param utility: :data:`POINTS`: nine values (see ``W_UTILITY``), never lower for side 0
        ahead than level than side 1 ahead, nor for side 0 taking the key card than side 1;
        :data:`TARGETS`: four.
    :param key: the key card (:data:`POINTS`), or -1.
    :param alone: per suit, a 13-bit mask of the places whose cards are no other's equivalent.
    :param budget: the most tricks to search, ``None`` for no limit.
    :param table_bits: the table has rows for ``2 ** table_bits`` keys (at most ``2 ** 17``
        interpreted) and 16 words a row for their entries (about a million entries at 19
        bits, 88 MB compiled).
    :param compile_it: compile with numba (``None``: when numba is importable).
    :raises ArgumentError: for a :data:`POINTS` table that is not so ordered.
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
        table_bits: int = 16,
        compile_it: bool | None = None,
    ) -> None:
        if mode == POINTS:
            rows = [tuple(utility[3 * owner : 3 * owner + 3]) for owner in range(3)]
            if any(row[0] < row[1] or row[1] < row[2] for row in rows) or any(
                rows[0][sign] < rows[1][sign] for sign in range(3)
            ):
                raise ArgumentError(
                    "utility: a POINTS table must not fall as side 0 gains (ahead over level "
                    f"over behind, the key card its own over the other side's), not {utility!r}",
                    name="utility",
                    value=utility,
                )
            self._rows = rows
            self._worth = tuple(worth)
            self._key = key
            #: The key card's weight when it alone can decide a question: more than twice
            #: the card points of the deck, so no card points outweigh it.
            self._big = 2 * sum(worth) + 1
        if compile_it is None:
            compile_it = _TIER[0] if _TIER[0] is not None else available()
        self.compiled = compile_it
        self._run = _runner(legal, compile_it)
        if not compile_it:
            table_bits = min(table_bits, _LIST_BITS)  # a list's ints cost more memory
        keys = 1 << table_bits
        ring = (1 << table_bits) * 16
        size = W_TABLE + 2 + keys * _KW + ring
        ws = _workspace(size, compile_it)
        weakref.finalize(self, _give_back, ws, compile_it)
        ws[W_PLAYERS] = players
        ws[W_TRUMP] = trump
        ws[W_OPTION] = option
        ws[W_MODE] = mode
        ws[W_KEY] = key
        ws[W_WORTHY] = sum(1 << card for card in range(52) if worth[card] or card == key)
        ws[W_RESTRICT] = _ALL
        ws[W_BUDGET] = budget or 0
        ws[W_UTILITY : W_UTILITY + len(utility)] = list(utility)
        ws[W_WORTH : W_WORTH + 52] = list(worth)
        ws[W_ALONE : W_ALONE + 4] = list(alone)
        ws[W_TABLE] = keys
        ws[W_TABLE + 1] = ring
        self.ws = ws

    @property
    def nodes(self) -> int:
        """The tricks searched so far."""
        return int(self.ws[W_NODES])

    @property
    def over(self) -> bool:
        """True when the budget ran out (the last answer is then meaningless)."""
        return bool(self.ws[W_OVER])

    def killer(self, hand: int, best: int = -1, need: int = 0) -> int:
        """The card that last settled a search from ``hand`` with ``best`` the trick's winning
        card so far (-1 for a lead) and (unless :data:`POINTS`, whose killers keep none) the
        question ``need``, or -1: the card the search tries first there, and so the likeliest
        to be answered at once from the table (a line of best play tries it first)."""
        if self.ws[W_MODE] == POINTS:
            need = 0
        return int(_killer(self.ws, hand, best, need))

    def ask(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        need: int,
        acc: Sequence[int] = (0, -1, 0, 0),
        restrict: int = _ALL,
    ) -> int:
        """A fail-soft bound on side 0's value from this position (the trick ``trick`` led by
        ``leader`` in progress; ``acc`` the mode's running totals): at least ``need`` when side
        0 can reach ``need``, else below it.  ``restrict`` narrows the first card (a mask).

        With :data:`POINTS` (``acc``: side 0's card points minus side 1's so far, and the side
        that took the key card, -1 for none yet) the question is asked of the kernel as one on
        the points still to be won (see :meth:`_ask_points`)."""
        h = [0, 0, 0, 0]
        for seat, hand in enumerate(hands):
            h[seat] = hand
        if self.ws[W_MODE] == POINTS:
            return self._ask_points(h, leader, trick, need, acc[0], acc[1], restrict)
        return self._kernel(h, leader, trick, need, acc, restrict)

    def _ask_points(
        self,
        h: list[int],
        leader: int,
        trick: Sequence[int],
        need: int,
        diff: int,
        taken: int,
        restrict: int,
    ) -> int:
        """A :data:`POINTS` question, "does the table's value reach ``need``?", as one on what
        is still to be won, so that the table's bounds hold whatever was won before.

        The value is the table's at (the key card's side, the sign of ``diff`` plus ``r``), ``r``
        the card points still out that side 0 takes less those side 1 takes, within ``±rest``
        (every card point still out).  The table never falls as side 0 gains, so for each side
        that may take the key card the question is ``r >= T`` (``T`` from ``need``, ``diff``
        and that row; or always, or never).  One side, or two with the same ``T``: the kernel
        is asked ``r >= T``.  Two (the key card still out): ``T0 <= T1``, and the kernel is
        asked ``r + shape >= T1`` with ``shape`` the key card's weight to side 0, ``T1 - T0``;
        when one of them is always or never, ``shape`` outweighs every card point.  The
        kernel's fail-soft bound on that sum comes back as the table's value it guarantees."""
        out = h[0] | h[1] | h[2] | h[3]
        for card in trick:
            out |= 1 << card
        worth = self._worth
        rest = sum(worth[card] for card in range(52) if out >> card & 1)
        key = self._key
        if taken >= 0:
            sides: tuple[int, ...] = (taken,)
        elif key >= 0 and out >> key & 1:
            sides = (0, 1)
        else:
            sides = (2,)
        never = rest + 1
        thresholds = []
        for side in sides:
            row = self._rows[side]
            if row[2] >= need:
                threshold = -rest
            elif row[1] >= need:
                threshold = -diff
            elif row[0] >= need:
                threshold = 1 - diff
            else:
                threshold = never
            thresholds.append(max(-rest, min(never, threshold)))
        shape = 0
        if len(sides) == 1 or thresholds[0] == thresholds[1]:
            target = thresholds[0]
        elif thresholds[1] == -rest:
            target = -rest  # every outcome is enough
        elif thresholds[0] == never:
            target = never  # none is
        elif thresholds[0] == -rest:
            shape, target = self._big, thresholds[1]  # the key card, or r >= T1
        elif thresholds[1] == never:
            shape, target = self._big, self._big + thresholds[0]  # the key card and r >= T0
        else:
            shape, target = thresholds[1] - thresholds[0], thresholds[1]
        if target <= -rest:
            return self._guaranteed(sides, shape, -rest, True, diff, rest)
        if target >= never and shape == 0:
            return self._guaranteed(sides, shape, rest, False, diff, rest)
        self.ws[W_SHAPE] = shape
        bound = self._kernel(h, leader, trick, target, (0, 0, 0, 0), restrict)
        return self._guaranteed(sides, shape, bound, bound >= target, diff, rest)

    def _guaranteed(
        self, sides: tuple[int, ...], shape: int, bound: int, made: bool, diff: int, rest: int
    ) -> int:
        """The table's value that a bound on ``r`` plus ``shape`` for side 0's key card
        guarantees: the least over the outcomes at or above ``bound`` (``made``), else the most
        over those at or below it."""
        values = []
        for side in sides:
            points = bound - (shape if side == 0 else 0)
            if made and points <= rest:
                values.append(self._rows[side][_sign(diff + max(points, -rest))])
            elif not made and points >= -rest:
                values.append(self._rows[side][_sign(diff + min(points, rest))])
        return min(values) if made else max(values)

    def _kernel(
        self,
        h: list[int],
        leader: int,
        trick: Sequence[int],
        need: int,
        acc: Sequence[int],
        restrict: int,
    ) -> int:
        """The kernel's fail-soft bound on its own value from this position."""
        ws = self.ws
        ws[W_RESTRICT] = restrict
        out = h[0] | h[1] | h[2] | h[3]
        played = 0
        lead = -1
        best = -1
        best_position = 0
        ranked = 0
        trump = int(ws[W_TRUMP])
        for position, card in enumerate(trick):
            out |= 1 << card
            played |= 1 << card
            if position == 0:
                lead, best = card // 13, card
            elif beats(card, best, trump):
                ranked = 1 if card // 13 == best // 13 else 0
                best, best_position = card, position
            elif card // 13 == best // 13:
                ranked = 1
        bound, _ = self._run(
            ws,
            h[0],
            h[1],
            h[2],
            h[3],
            leader,
            len(trick),
            lead,
            best,
            best_position,
            ranked,
            played,
            out,
            need,
            acc[0],
            acc[1],
            acc[2],
            acc[3],
            0,
        )
        ws[W_RESTRICT] = _ALL
        return int(bound)


def exact(ask: Callable[[int], int], levels: Sequence[int], guess: int | None = None) -> int:
    """The exact value, one of the sorted ``levels``, from fail-soft null-window answers
    ``ask(need)``: from ``guess`` by steps when given (a position's plays mostly share its
    value), else by bisection.  Each answer's bound narrows the range as far as it goes.

    >>> exact(lambda need: 2, [0, 1, 2, 3])  # a position worth 2
    2
    """
    low, high = 0, len(levels) - 1

    def narrow(middle: int) -> None:
        nonlocal low, high
        bound = ask(levels[middle])
        if bound >= levels[middle]:
            low = middle
            while low < high and levels[low + 1] <= bound:
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
