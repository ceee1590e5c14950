"""The double-dummy solver of 400: the exact outcome of the rest of a hand with every card known.

:func:`solve` returns how many of the remaining tricks each team takes when every player sees
every hand and both teams play their best, each team taking as many tricks as it can (the game is
zero-sum in tricks, so that is one minimax value), and the value of every legal play of the
player to move.  :func:`tricks_at_least` answers the question a claim asks (FH-18 and beyond):
can this team take at least ``k`` more tricks against any defence, within a budget of nodes?

The search is exact and pure Python:

* a **null-window** search: each question is "can team 0 take at least ``k`` more tricks?",
  answered with a bound (*fail-soft*: at least the bound when it is ``k`` or more, at most it
  when less, as far as the positions searched show); the value of each legal play is found by
  asking a few of them, stepping from the best value found so far (the first play by
  bisection) and skipping the questions a bound answers, and the position's value is the best
  of its plays';
* a **transposition table** at the start of each trick with **partition search**: an entry is
  keyed by the leader and each hand's suit lengths, and holds bounds together with the cards
  they depend on -- in each suit the top cards, as places among the cards still out (cards gone
  are squeezed out), down to the lowest card that won a trick by beating a card of its suit in
  the search below or that a bound counted.  An entry answers every position that agrees on who
  holds those places.  Entries depending on the same places form a group, which keeps the most
  of its lower bounds and the least of its upper bounds (a group that cannot decide the question
  is passed over) and moves to the front of its key's groups when it answers;
* **equivalent cards**: cards of one suit in one hand that no other card still out (in a hand or on
  the table) separates win and lose the same tricks, so one of them is tried;
* **move ordering**: first the lead that last settled a search from the leader's hand as it
  is, asking the same question (a *killer*), or else the lead that settled the position's last
  search; then leads of top cards (not into a ruff), low leads to the partner's top card or
  ruff, low cards (a low heart first when the leader's team holds more hearts), top and low
  cards into a ruff, the top cards, the low cards and those into a ruff by their *history*
  first (the searches their leads settled, weighted by the tricks to go); a follower plays the
  cheapest card sure to win the trick, low when its partner's card is sure to win, second hand
  low also when the third hand follows suit and its partner's top card of the suit led beats
  the lead and the third hand's cards or its partner can ruff, third hand low also when it
  follows a plain suit the fourth hand can ruff, else second hand low, third hand high, except
  that second and third hand first try their killer (by the same hand, question and winning
  card); the first card is tried before the others are ordered;
* **sure tricks** bound the value before any search: for each team a player's top hearts less
  the other team's hearts above them.

``nodes`` (and the ``budget`` arguments) count the tricks searched: the trick starts whose cards
were played out, not those the table or the bounds settled.
The trick-winner rule and the duty to follow are the core's kernels
(:func:`cardrules.core.tricks.beats`, :func:`cardrules.core.tricks.must_follow_mask`).

>>> from cardrules.four_hundred import new_game, Bid
>>> from cardrules.four_hundred.solve import solve
>>> state = new_game(seed=5, dealer=0)
>>> for tricks in (3, 3, 3, 2):
...     state = state.apply(Bid(tricks))
>>> while sum(state.tricks_taken) < 8:  # five tricks to go
...     state = state.apply(state.legal_actions()[0])
>>> result = solve(state)
>>> sum(result.tricks), sum(result.taken)
(5, 8)
>>> result.tricks in result.plays.values(), result.best_plays[0] in state.legal_actions()
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardrules.core.cards import CARDS
from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.checks import check_int, check_seat, refuse
from cardrules.core.equivalence import run_below
from cardrules.core.equivalence import runs as suit_runs
from cardrules.core.tricks import beats
from cardrules.core.tricks import must_follow_unchecked as must_follow_mask
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.four_hundred.actions import Play
from cardrules.four_hundred.engine import State
from cardrules.four_hundred.state import Phase

__all__ = ["Solution", "SolveBudgetExceeded", "play_values", "solve", "tricks_at_least"]

_HEARTS: Final = 2  # FH-5: hearts are always trumps
_HEART_MASK: Final = SUIT_MASKS[_HEARTS]
_SUIT: Final = 0x1FFF


class SolveBudgetExceeded(CardrulesError, RuntimeError):
    """The search needed more nodes than its ``budget`` allowed (see :func:`solve`)."""


class _OverBudget(Exception):
    """Raised inside the search when the node budget runs out."""


@attrs.frozen
class Solution:
    """The double-dummy outcome of the rest of a 400 hand.

    ``tricks`` are the tricks each team (0 = seats 0 and 2, 1 = seats 1 and 3) takes from here
    with best play, the trick in progress included; ``taken`` the tricks each team has already
    taken this hand.  ``player`` is the seat to move (``None`` when no card is to be played) and
    ``plays`` maps each of its legal plays to the ``tricks`` that follow it (empty during the
    bidding, when the solution is that of the play to come).  ``nodes`` counts the tricks
    searched (trick starts whose plays were searched; see the module's introduction).
    """

    tricks: tuple[int, int]
    taken: tuple[int, int]
    player: int | None
    plays: Mapping[Play, tuple[int, int]]
    nodes: int

    @property
    def best_plays(self) -> tuple[Play, ...]:
        """The plays that keep the value for the player to move (its team's most tricks)."""
        if self.player is None or not self.plays:
            return ()
        team = self.player & 1
        best = max(value[team] for value in self.plays.values())
        return tuple(play for play, value in self.plays.items() if value[team] == best)


def _beats_table() -> tuple[bool, ...]:
    """``beats(card, best)`` of every pair of cards (hearts trumps), ``card * 52 + best``."""
    return tuple(beats(card, best, _HEARTS) for card in range(52) for best in range(52))


_Layouts = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]
_NO_LAYOUTS: Final[_Layouts] = ((0, 0), (0, 0), (0, 0), (0, 0))
_BEATS: Final = _beats_table()  # the core's FH-17 kernel, looked up
_SUIT_MASK_OF: Final = tuple(SUIT_MASKS)
_YES: Final = (0, 0)


class _Search:
    """One search's tables: the transposition table, the caches, and the node count against
    the budget.

    The transposition table is keyed by the leader and each hand's suit lengths; each entry holds
    bounds together with the cards they depend on (*partition search*): the top cards of each
    suit, as places among the cards still out, whose holders must be the same for the bounds to
    hold.  A search returns, with its answer, the cards that mattered: the cards that won a trick
    by rank (beating a card of their suit) and those of the bounds it used.
    """

    __slots__ = (
        "budget",
        "cut",
        "first",
        "follows",
        "history",
        "killers",
        "known",
        "nodes",
        "table",
    )

    def __init__(self, budget: int | None) -> None:
        self.table: dict[int, dict[int, list[Any]]]
        self.table = {}
        # The positions met (by leader, then hands): their table entry, their cards' places,
        # the lead that last settled their search, their sure bounds and their suits' layouts.
        self.known: tuple[dict[tuple[int, int, int, int], list[Any]], ...] = ({}, {}, {}, {})
        # The card that last settled a search, by the hand it came from and the tricks team 0
        # needs: the leads, and second and third hand's cards (by the trick's winning card too).
        self.killers: dict[int, int] = {}
        self.follows: dict[int, int] = {}
        # The leads that settled searches, by card, weighted by the tricks to go (2 ** tricks).
        self.history: dict[int, int] = {}
        self.first = -1
        self.cut = -1
        self.nodes = 0
        self.budget = budget

    def at_least(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        need: int,
        parent: _Layouts | None = None,
        parent_out: int = 0,
    ) -> tuple[int, int]:
        """At the start of a trick: can team 0 take at least ``need`` of the remaining tricks?
        The answer is a bound on team 0's tricks: at least the bound when it is ``need`` or
        more, at most the bound when it is less.  With it, the cards it depends on (a card
        mask).  ``parent`` is the suits' layouts at the start of the trick before, whose cards
        out were ``parent_out``: the suits none of whose cards that trick played keep their
        layouts."""
        if need <= 0:
            return _YES
        left = hands[leader].bit_count()
        if need > left:
            return left, 0
        h0, h1, h2, h3 = hands
        out = h0 | h1 | h2 | h3
        if left == 1:
            return _last_trick(hands, leader)
        known = self.known[leader]
        info = known.get(hands)
        if info is None:
            # Each suit's layout as the four hands hold it (written out: a loop costs more),
            # the trick before's for the suits it did not play.
            layouts = _LAYOUTS
            if parent is None:
                played, prior = -1, _NO_LAYOUTS
            else:
                played, prior = parent_out ^ out, parent
            if played & _SUIT:
                code = h0 & _SUIT | (h1 & _SUIT) << 13 | (h2 & _SUIT) << 26 | (h3 & _SUIT) << 39
                clubs = layouts.get(code) or layouts.setdefault(code, _layout(code))
            else:
                clubs = prior[0]
            if (played >> 13) & _SUIT:
                code = (
                    (h0 >> 13) & _SUIT
                    | ((h1 >> 13) & _SUIT) << 13
                    | ((h2 >> 13) & _SUIT) << 26
                    | ((h3 >> 13) & _SUIT) << 39
                )
                diamonds = layouts.get(code) or layouts.setdefault(code, _layout(code))
            else:
                diamonds = prior[1]
            if (played >> 26) & _SUIT:
                code = (
                    (h0 >> 26) & _SUIT
                    | ((h1 >> 26) & _SUIT) << 13
                    | ((h2 >> 26) & _SUIT) << 26
                    | ((h3 >> 26) & _SUIT) << 39
                )
                hearts = layouts.get(code) or layouts.setdefault(code, _layout(code))
            else:
                hearts = prior[2]
            if played >> 39:
                code = h0 >> 39 | (h1 >> 39) << 13 | (h2 >> 39) << 26 | (h3 >> 39) << 39
                spades = layouts.get(code) or layouts.setdefault(code, _layout(code))
            else:
                spades = prior[3]
            key = (
                ((clubs[0] << 16 | diamonds[0]) << 16 | hearts[0]) << 16 | spades[0]
            ) << 2 | leader
            packed = clubs[1] | diamonds[1] << 13 | hearts[1] << 26 | spades[1] << 39
            groups = self.table.get(key)
            if groups is None:
                groups = self.table[key] = {}
            info = known[hands] = [groups, packed, -1, None, (clubs, diamonds, hearts, spades)]
        else:
            groups, packed = info[0], info[1]
        estimate = info[3]
        if estimate is not None:
            low, high, low_cards, high_cards = estimate
            if low >= need:
                return low, low_cards
            if high < need:
                return high, high_cards
        if groups:
            # The groups last used first (a group is moved to the end when it answers).
            for mask, group in reversed(groups.items()):
                # A group none of whose bounds decides ``need`` is not looked into.
                if group[2] < need <= group[3]:
                    continue
                bounds = group[1].get(packed & mask)
                if bounds is not None:
                    if bounds[0] >= need:
                        del groups[mask]
                        groups[mask] = group
                        return bounds[0], _unsqueeze(group[0], out)
                    if bounds[1] < need:
                        del groups[mask]
                        groups[mask] = group
                        return bounds[1], _unsqueeze(group[0], out)
        if estimate is None:
            estimate = info[3] = _sure_bounds(hands, left, out)
            low, high, low_cards, high_cards = estimate
            if low >= need:
                return low, low_cards
            if high < need:
                return high, high_cards
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _OverBudget
        self.first = self.killers.get(hands[leader] << 4 | need, info[2])
        self.cut = -1
        bound, cards = self.play(hands, leader, 0, -1, -1, 0, False, need, out, info[4])
        if self.cut >= 0:
            info[2] = self.cut
        top = _top_places(cards & out, out)
        mask = top | top << 52 | top << 104 | top << 156
        entry: list[Any] | None = groups.get(mask)
        if entry is None:
            # The places' counts, the bounds by pattern, the most of their lower bounds and
            # the least of their upper bounds.
            entry = [_top_counts(top), {}, 0, left]
            groups[mask] = entry
        patterns: dict[int, list[int]] = entry[1]
        bounds = patterns.get(packed & mask)
        if bounds is None:
            bounds = patterns[packed & mask] = [0, left]
        if bound >= need:
            if bound > bounds[0]:
                bounds[0] = bound
                if bound > entry[2]:
                    entry[2] = bound
        elif bound < bounds[1]:
            bounds[1] = bound
            if bound < entry[3]:
                entry[3] = bound
        return bound, cards

    def play(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        position: int,
        lead: int,
        best: int,
        best_position: int,
        ranked: bool,
        need: int,
        out: int,
        layouts: _Layouts | None,
    ) -> tuple[int, int]:
        """Play position ``position`` of the trick: can team 0 still take ``need`` tricks,
        this one included (a bound, as :meth:`at_least`'s)?  ``lead`` is the suit led, ``best``
        the winning card so far (which beat a card of its own suit when ``ranked``), ``out``
        every card in a hand or on the table.  With the answer, the cards it depends on."""
        seat = (leader + position) & 3
        hand = hands[seat]
        maximizing = not seat & 1
        depends = 0
        # The bound when every card fails: the most (the least) the cards tried allow.
        found = -1 if maximizing else 99
        if position == 0:
            moves = _moves(hand, out)
            # The first lead is tried before the others are ordered (often it settles).
            first = self.first
            later: list[tuple[int, int]] | None = None
            if len(moves) > 1:
                for move in moves:
                    if move[0] == first:
                        later = [other for other in moves if other is not move]
                        moves = [move]
                        break
                else:
                    moves = _order_lead(moves, seat, hands, self.history)
            while True:
                for card, run in moves:
                    rest = hand ^ (1 << card)
                    if seat == 0:
                        new_hands = (rest, hands[1], hands[2], hands[3])
                    elif seat == 1:
                        new_hands = (hands[0], rest, hands[2], hands[3])
                    elif seat == 2:
                        new_hands = (hands[0], hands[1], rest, hands[3])
                    else:
                        new_hands = (hands[0], hands[1], hands[2], rest)
                    bound, cards = self.play(
                        new_hands, leader, 1, card // 13, card, 0, False, need, out, layouts
                    )
                    if (bound >= need) is maximizing:
                        self.cut = card
                        self.killers[hand << 4 | need] = card
                        self.history[card] = self.history.get(card, 0) + (1 << hand.bit_count())
                        return bound, cards
                    if (bound > found) is maximizing:
                        found = bound
                    # The equivalent cards not tried would have needed the same cards, with
                    # theirs.
                    if cards & run:
                        cards |= run
                    depends |= cards
                if later is None:
                    break
                moves = _order_lead(later, seat, hands, self.history) if len(later) > 1 else later
                later = None
            self.cut = -1
            return found, depends
        # FH-16: a follower follows suit if it can.
        allowed = hand & _SUIT_MASK_OF[lead]
        if allowed:
            shift = lead * 13
            code = shift << 26 | ((out >> shift) & _SUIT) << 13 | allowed >> shift
            cached = _RUNS.get(code)
            if cached is None:
                cached = _RUNS[code] = _suit_moves(code)
            moves = cached
        else:
            moves = _moves(hand, out)
        # Second and third hand's killer is tried before the others are ordered.
        later = None
        if len(moves) > 1:
            killer = self.follows.get((hand << 6 | best) << 4 | need) if position < 3 else None
            if killer is not None:
                for move in moves:
                    if move[0] == killer:
                        later = [other for other in moves if other is not move]
                        moves = [move]
                        break
            if later is None:
                moves = _order_follow(
                    moves, position, seat, lead, best, (best_position - position) & 1 == 0, hands
                )
        beats_table = _BEATS
        best_suit = best // 13
        while True:
            for card, run in moves:
                if beats_table[card * 52 + best]:  # FH-17
                    new_best, new_position = card, position
                    new_ranked = card // 13 == best_suit
                else:
                    new_best, new_position = best, best_position
                    new_ranked = ranked or card // 13 == best_suit
                rest = hand ^ (1 << card)
                if seat == 0:
                    new_hands = (rest, hands[1], hands[2], hands[3])
                elif seat == 1:
                    new_hands = (hands[0], rest, hands[2], hands[3])
                elif seat == 2:
                    new_hands = (hands[0], hands[1], rest, hands[3])
                else:
                    new_hands = (hands[0], hands[1], hands[2], rest)
                if position == 3:
                    winner = (leader + new_position) & 3
                    bound, cards = self.at_least(
                        new_hands, winner, need - (not winner & 1), layouts, out
                    )
                    bound += not winner & 1
                    if new_ranked:
                        cards |= 1 << new_best
                else:
                    bound, cards = self.play(
                        new_hands,
                        leader,
                        position + 1,
                        lead,
                        new_best,
                        new_position,
                        new_ranked,
                        need,
                        out,
                        layouts,
                    )
                if (bound >= need) is maximizing:
                    if position < 3:
                        self.follows[(hand << 6 | best) << 4 | need] = card
                    return bound, cards
                if (bound > found) is maximizing:
                    found = bound
                # The equivalent cards not tried would have needed the same cards, with theirs.
                if cards & run:
                    cards |= run
                depends |= cards
            if later is None:
                break
            moves = (
                _order_follow(
                    later, position, seat, lead, best, (best_position - position) & 1 == 0, hands
                )
                if len(later) > 1
                else later
            )
            later = None
        return found, depends


_LAYOUTS: dict[int, tuple[int, int]] = {}


def _layout(code: int) -> tuple[int, int]:
    """One suit as the four hands hold it (13 bits a seat, ``code``): each seat's length (four
    bits a seat) and each seat's cards as places among the suit's cards still out (52 bits a
    seat, the suit's places at the bottom)."""
    present = (code | code >> 13 | code >> 26 | code >> 39) & _SUIT
    lengths = 0
    places = 0
    for seat in range(4):
        bits = (code >> 13 * seat) & _SUIT
        lengths |= bits.bit_count() << 4 * seat
        places |= _squeezed(bits, present) << 52 * seat
    return lengths, places


def _last_trick(hands: tuple[int, int, int, int], leader: int) -> tuple[int, int]:
    """The last trick, one card in each hand: team 0's tricks (0 or 1)."""
    best = hands[leader].bit_length() - 1
    best_position = 0
    ranked = False
    for position in (1, 2, 3):
        card = hands[(leader + position) & 3].bit_length() - 1
        same = card // 13 == best // 13
        if _BEATS[card * 52 + best]:  # FH-17
            best, best_position, ranked = card, position, same
        else:
            ranked = ranked or same
    won = int(not (leader + best_position) & 1)
    return won, (1 << best if ranked else 0)


def _squeezed(bits: int, present: int) -> int:
    """``bits`` (a subset of ``present``) with the places not in ``present`` removed."""
    result = 0
    place = 0
    while present:
        low = present & -present
        if bits & low:
            result |= 1 << place
        place += 1
        present ^= low
    return result


def _top_places(cards: int, out: int) -> int:
    """The places (as :func:`_squeeze` numbers them) of the cards of ``out`` at or above the
    lowest card of ``cards`` in each suit."""
    result = 0
    for shift in (0, 13, 26, 39):
        mine = (cards >> shift) & _SUIT
        if mine:
            present = (out >> shift) & _SUIT
            count = present.bit_count()
            above = (present & -(mine & -mine)).bit_count()
            result |= ((1 << above) - 1) << (count - above) << shift
    return result


def _top_counts(places: int) -> tuple[tuple[int, int], ...]:
    """Each suit's shift and count of top places of ``places`` (see :func:`_top_places`)."""
    return tuple(
        (shift, ((places >> shift) & _SUIT).bit_count())
        for shift in (0, 13, 26, 39)
        if (places >> shift) & _SUIT
    )


_TOPS: dict[int, int] = {}


def _unsqueeze(counts: tuple[tuple[int, int], ...], out: int) -> int:
    """The cards of ``out`` at the top places of each suit (``counts``, see
    :func:`_top_counts`)."""
    result = 0
    tops = _TOPS
    for shift, count in counts:
        code = ((out >> shift) & _SUIT) << 4 | count
        cards = tops.get(code)
        if cards is None:
            cards = code >> 4
            while cards.bit_count() > count:
                cards &= cards - 1
            tops[code] = cards
        result |= cards << shift
    return result


_RUNS: dict[int, list[tuple[int, int]]] = {}


def _suit_moves(code: int) -> list[tuple[int, int]]:
    """:func:`_moves` in one suit: ``code`` is the suit's shift, its cards out and the cards
    allowed (13 bits each, from the top)."""
    shift = code >> 26
    present = (code >> 13) & _SUIT
    mine = code & _SUIT
    return [
        (shift + top, sum(1 << place for place in run_below(top, mine, present)) << shift)
        for top in suit_runs(mine, present)
    ]


def _moves(allowed: int, out: int) -> list[tuple[int, int]]:
    """One card of each run of ``allowed`` that no other card of ``out`` separates (equivalent
    cards win and lose the same tricks), with the mask of its run."""
    result: list[tuple[int, int]] = []
    cache = _RUNS
    for shift in (0, 13, 26, 39):
        mine = (allowed >> shift) & _SUIT
        if mine:
            code = shift << 26 | ((out >> shift) & _SUIT) << 13 | mine
            runs = cache.get(code)
            if runs is None:
                runs = cache[code] = _suit_moves(code)
            if not result:
                if allowed >> shift == mine:  # one suit: the cached list itself
                    return runs
                result = list(runs)
            else:
                result += runs
    return result


_COST: Final = tuple(card % 13 + (13 if card // 13 == _HEARTS else 0) for card in range(52))


def _order_lead(
    moves: list[tuple[int, int]],
    seat: int,
    hands: tuple[int, int, int, int],
    history: dict[int, int],
) -> list[tuple[int, int]]:
    """The leader's good plays first: its winners (unless an opponent can ruff), a low card to
    its partner's winner or to its partner's ruff, then its low cards (a low heart first when its
    team holds more hearts than the opponents), last the cards an opponent can ruff; among the
    winners, the low cards and those ruffed, the cards whose leads settled the most searches
    first (``history``, by card, weighted by the tricks to go), then the winners highest first,
    the others cheapest first."""
    partner = hands[seat ^ 2]
    left_hand = hands[(seat + 1) & 3]
    right_hand = hands[(seat + 3) & 3]
    opponents = left_hand | right_hand
    others = opponents | partner
    left_trumps = left_hand & _HEART_MASK
    right_trumps = right_hand & _HEART_MASK
    draw = ((hands[seat] | partner) & _HEART_MASK).bit_count() > (
        opponents & _HEART_MASK
    ).bit_count()
    keyed = []
    for card, run in moves:
        suit = card // 13
        mask = SUIT_MASKS[suit]
        ruffed = suit != _HEARTS and (
            (left_trumps and not left_hand & mask) or (right_trumps and not right_hand & mask)
        )
        if not others & mask & -(2 << card):  # the top card of its suit
            if ruffed:
                keyed.append((4, -history.get(card, 0), _COST[card], card, run))
            else:
                keyed.append((1, -history.get(card, 0), -card, card, run))
        elif ruffed:
            keyed.append((4, -history.get(card, 0), _COST[card], card, run))
        elif partner >> ((others & mask).bit_length() - 1) & 1:  # the partner's winner
            keyed.append((2, 0, _COST[card], card, run))
        elif not partner & mask and partner & _HEART_MASK and opponents & mask:
            keyed.append((2, 0, _COST[card], card, run))  # the partner ruffs
        elif suit == _HEARTS and opponents & _HEART_MASK and draw:
            keyed.append((3, -history.get(card, 0), -1, card, run))  # draw their hearts
        else:
            keyed.append((3, -history.get(card, 0), card % 13, card, run))
    keyed.sort()
    return [(card, run) for _, _, _, card, run in keyed]


def _order_follow(
    moves: list[tuple[int, int]],
    position: int,
    seat: int,
    lead: int,
    best: int,
    partner_winning: bool,
    hands: tuple[int, int, int, int],
) -> list[tuple[int, int]]:
    """A follower's good plays first: the cheapest card that wins the trick whatever the
    opponents still to play do; the lowest card when its partner's card already does, or (second
    hand, the third hand following suit) when its partner's top card of the suit led beats the
    lead and the third hand's cards or its partner can ruff, or (third hand, following a plain
    suit) when the fourth hand can ruff; second hand low; third hand high."""
    beats_table = _BEATS
    if position == 3 and moves[0][0] // 13 == moves[-1][0] // 13:
        # The last card, of one suit (highest first): the cheapest winner, then the lowest.
        if partner_winning or not beats_table[moves[0][0] * 52 + best]:
            return moves[::-1]
        winners = 1
        while winners < len(moves) and beats_table[moves[winners][0] * 52 + best]:
            winners += 1
        return moves[winners - 1 :: -1] + moves[: winners - 1 : -1]
    # The opponents still to play: the next seat, unless this is the last card of the trick.
    threat = 0
    if position < 3:
        threat = hands[(seat + 1) & 3]
        if threat & SUIT_MASKS[lead]:
            threat &= SUIT_MASKS[lead]
    top_trump = (threat & _HEART_MASK).bit_length() - 1
    if position == 1:
        # Second hand low when the third hand follows suit and its partner's top card of the
        # suit led beats the lead and the third hand's cards, or its partner can ruff.
        mask = SUIT_MASKS[lead]
        fourth = hands[(seat + 2) & 3] & mask
        third = threat & mask
        if third and (
            fourth.bit_length() > max(third.bit_length(), best + 1)
            or (not fourth and lead != _HEARTS and hands[(seat + 2) & 3] & _HEART_MASK)
        ):
            return _lowest_first(moves)
    # Third hand low, following suit to a plain suit led, when the fourth hand can ruff.
    if (
        position == 2
        and lead != _HEARTS
        and not threat & SUIT_MASKS[lead]
        and threat & _HEART_MASK
        and moves[0][0] // 13 == lead
        and best // 13 == lead
    ):
        return moves[::-1]
    if partner_winning:
        same = threat & SUIT_MASKS[best // 13]
        if not (same and beats_table[(same.bit_length() - 1) * 52 + best]) and not (
            top_trump >= 0 and beats_table[top_trump * 52 + best]
        ):
            return _lowest_first(moves)
    keyed = []
    for card, run in moves:
        cost = _COST[card]
        if beats_table[card * 52 + best]:
            same = threat & SUIT_MASKS[card // 13]
            if not (same and beats_table[(same.bit_length() - 1) * 52 + card]) and not (
                top_trump >= 0 and beats_table[top_trump * 52 + card]
            ):
                keyed.append((0, cost, card, run))
            elif not partner_winning:
                keyed.append((1, -cost if position == 2 else cost, card, run))
            else:
                keyed.append((2, cost, card, run))
        else:
            keyed.append((2, cost, card, run))
    keyed.sort()
    return [(card, run) for _, _, card, run in keyed]


def _lowest_first(moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A follower's cards (highest first within a suit), the cheapest first."""
    if moves[0][0] // 13 == moves[-1][0] // 13:  # one suit
        return moves[::-1]
    cheap = [(_COST[card], card, run) for card, run in moves]
    cheap.sort()
    return [(card, run) for _, card, run in cheap]


_SURE: dict[int, tuple[int, int]] = {}


def _sure_hearts(held: int, enemy: int) -> tuple[int, int]:
    """A player's sure heart tricks (see :func:`_sure_bounds`) from its hearts ``held`` against the
    other team's hearts ``enemy`` (13-bit patterns), and the lowest heart counted (a rank
    place, -1 for none)."""
    code = held << 13 | enemy
    found = _SURE.get(code)
    if found is None:
        best, lowest, count = 0, -1, 0
        while held:
            top = held.bit_length() - 1
            count += 1
            tricks = count - (enemy >> top).bit_count()
            if tricks > best:
                best, lowest = tricks, top
            held ^= 1 << top
        found = _SURE[code] = (best, lowest)
    return found


_SURE_LAYOUTS: dict[int, tuple[int, int, int, int]] = {}


def _sure_bounds(
    hands: tuple[int, int, int, int], left: int, everyone: int
) -> tuple[int, int, int, int]:
    """Bounds on team 0's tricks from each team's sure heart tricks, and the cards each depends
    on: each heart a player plays wins its trick for the player's team unless a higher heart of
    the other team falls on it, so a player's top j hearts win at least j tricks less the other
    team's hearts above the lowest of them."""
    shift = 13 * _HEARTS
    code = (
        (hands[0] >> shift) & _SUIT
        | ((hands[1] >> shift) & _SUIT) << 13
        | ((hands[2] >> shift) & _SUIT) << 26
        | ((hands[3] >> shift) & _SUIT) << 39
    )
    found = _SURE_LAYOUTS.get(code)
    if found is None:
        found = _SURE_LAYOUTS[code] = _sure_layout(code)
    return found[0], left - found[1], found[2], found[3]


def _sure_layout(code: int) -> tuple[int, int, int, int]:
    """Each team's sure heart tricks (see :func:`_sure_bounds`) with the hearts as the four
    hands hold them (13 bits a seat, ``code``), and the hearts each count depends on."""
    by_seat = [(code >> 13 * seat) & _SUIT for seat in range(4)]
    hearts = by_seat[0] | by_seat[1] | by_seat[2] | by_seat[3]
    shift = 13 * _HEARTS
    sure = [0, 0]
    sure_cards = [0, 0]
    for side in (0, 1):
        enemy = by_seat[side ^ 1] | by_seat[side ^ 3]
        for seat in (side, side ^ 2):
            if by_seat[seat]:
                tricks, lowest = _sure_hearts(by_seat[seat], enemy)
                if tricks > sure[side]:
                    sure[side] = tricks
                    sure_cards[side] = (hearts & -(1 << lowest)) << shift
    return sure[0], sure[1], sure_cards[0], sure_cards[1]


# -- the public functions ---------------------------------------------------------------------
def check_budget(budget: object, name: str = "budget") -> int | None:
    """``budget`` checked as ``None`` (no limit) or a whole number of nodes of at least 1: a
    bool, a float (``nan`` included), a numpy number or a str is refused."""
    if budget is None:
        return None
    return check_int(budget, name=name, low=1)


def _position(state: State) -> tuple[tuple[int, int, int, int], int, tuple[int, ...]]:
    """The hands (masks), the leader and the trick's card indices of a state in play, or of the
    play to come during the bidding."""
    if not isinstance(state, State):
        refuse("state", "a four_hundred.State", state)
    h0, h1, h2, h3 = (state.hand(seat).mask for seat in range(4))
    hands = (h0, h1, h2, h3)
    if state.phase is Phase.BIDDING:
        return hands, (state.dealer + 1) % 4, ()
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: solve needs a state in the bidding or the play, not a finished game or a "
            "chance state",
            name="state",
            value=state,
        )
    trick = tuple(card.index for card in state.current_trick.cards)
    return hands, state.current_trick.leader, trick


def _at_least_mid(
    search: _Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    need: int,
) -> int:
    """Can team 0 take ``need`` tricks from a position in the middle of a trick?  A bound on
    its tricks, as :meth:`_Search.at_least`'s."""
    if not trick:
        return search.at_least(hands, leader, need)[0]
    out = hands[0] | hands[1] | hands[2] | hands[3]
    best, best_position = trick[0], 0
    for position in range(1, len(trick)):
        out |= 1 << trick[position]
        if beats(trick[position], best, _HEARTS):
            best, best_position = trick[position], position
    out |= 1 << trick[0]
    return search.play(
        hands, leader, len(trick), trick[0] // 13, best, best_position, False, need, out, None
    )[0]


def _value(
    search: _Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    low: int,
    high: int,
    guess: int | None = None,
) -> int:
    """Team 0's exact tricks from here, known to lie in ``[low, high]``: by bisection, or by
    steps from ``guess`` when the value is likely near it (the values of a position's plays are
    mostly its own value).  Each answer's bound narrows the range as far as it goes."""

    def ask(need: int) -> None:
        nonlocal low, high
        bound = _at_least_mid(search, hands, leader, trick, need)
        if bound >= need:
            low = min(bound, high)
        else:
            high = max(bound, low)

    if guess is not None:
        guess = min(max(guess, low), high)
        if guess > low:
            ask(guess)
            if high < guess:
                while high > low:
                    ask(high)
                return high
        while low < high:
            ask(low + 1)
        return low
    while low < high:
        ask((low + high + 1) // 2)
    return low


def _after(
    hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], card: int
) -> tuple[tuple[int, int, int, int], int, tuple[int, ...], int]:
    """The position after ``card`` is played: hands, leader, trick, team 0's trick won now."""
    seat = (leader + len(trick)) & 3
    new = list(hands)
    new[seat] ^= 1 << card
    cards = (*trick, card)
    if len(cards) < 4:
        return (new[0], new[1], new[2], new[3]), leader, cards, 0
    best, best_position = cards[0], 0
    for position in range(1, 4):
        if beats(cards[position], best, _HEARTS):
            best, best_position = cards[position], position
    winner = (leader + best_position) & 3
    return (new[0], new[1], new[2], new[3]), winner, (), int(not winner & 1)


def _play_values(
    search: _Search,
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    left: int,
) -> dict[int, int]:
    """Team 0's tricks from here after each legal card of the player to move (by card index).

    The plays are searched best first (the search's move ordering); each play's value is
    stepped from the best value so far, which most plays share or come close to."""
    seat = (leader + len(trick)) & 3
    out = hands[0] | hands[1] | hands[2] | hands[3]
    best, best_position = -1, 0
    for position, card in enumerate(trick):
        out |= 1 << card
        if position == 0 or _BEATS[card * 52 + best]:
            best, best_position = card, position
    lead = trick[0] // 13 if trick else None
    allowed = must_follow_mask(hands[seat], lead)
    moves = _moves(allowed, out)
    if len(moves) > 1:
        if trick:
            partner_winning = (best_position - len(trick)) & 1 == 0
            moves = _order_follow(
                moves, len(trick), seat, trick[0] // 13, best, partner_winning, hands
            )
        else:
            moves = _order_lead(moves, seat, hands, search.history)
    maximizing = not seat & 1
    values: dict[int, int] = {}
    found: int | None = None
    for top, _ in moves:
        child, child_leader, child_trick, won = _after(hands, leader, trick, top)
        guess = None if found is None else found - won
        value = won + _value(search, child, child_leader, child_trick, 0, left - won, guess)
        if found is None or (value > found if maximizing else value < found):
            found = value
        for card in run_below(top, allowed, out):
            values[card] = value
    return values


def solve(state: State, *, budget: int | None = None) -> Solution:
    """The double-dummy solution of the rest of ``state``'s hand (see the module's introduction).

    During the bidding, the solution is that of the play to come (dealer + 1 leads, FH-15).

    :param budget: the most tricks to search (``Solution.nodes``); ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` nodes.
    :raises ArgumentError: for a finished game, a chance state, a state of another game or a
        budget that is not a whole number of at least 1 (or ``None``).
    """
    hands, leader, trick = _position(state)
    budget = check_budget(budget)
    taken = state.tricks_taken
    done = (taken[0] + taken[2], taken[1] + taken[3])
    left = 13 - done[0] - done[1]
    search = _Search(budget)
    plays: dict[Play, tuple[int, int]] = {}
    try:
        if state.phase is Phase.PLAY:
            values = _play_values(search, hands, leader, trick, left)
            seat = (leader + len(trick)) & 3
            value = max(values.values()) if not seat & 1 else min(values.values())
            for card, tricks in values.items():
                plays[Play(CARDS[card])] = (tricks, left - tricks)
        else:
            value = _value(search, hands, leader, trick, 0, left)
    except _OverBudget:
        raise SolveBudgetExceeded(
            f"the solver needed more than {budget} nodes for this position"
        ) from None
    ordered = {play: plays[play] for play in sorted(plays, key=lambda p: p.card.index)}
    return Solution(
        (value, left - value), done, state.current_player if plays else None, ordered, search.nodes
    )


def tricks_at_least(
    state: State, team: int, tricks: int, node_budget: int | None = None
) -> bool | None:
    """Can ``team`` take at least ``tricks`` more tricks (the trick in progress included)
    against any defence, every hand known?  ``None`` when the search needs more than
    ``node_budget`` nodes.

    A team's claim of the remaining tricks is ``tricks_at_least(state, team, tricks_left)``.
    The game's claim (FH-18) is a player's: the claimer must take every remaining trick itself,
    its partner free to play against it; :func:`cardrules.four_hundred.claims.settle_claim`
    settles that one.

    >>> from cardrules.four_hundred import new_game, Bid
    >>> state = new_game(seed=5, dealer=0)
    >>> for bid in (3, 3, 3, 2):
    ...     state = state.apply(Bid(bid))
    >>> while sum(state.tricks_taken) < 8:
    ...     state = state.apply(state.legal_actions()[0])
    >>> value = solve(state).tricks[0]
    >>> tricks_at_least(state, 0, value), tricks_at_least(state, 0, value + 1)
    (True, False)
    """
    hands, leader, trick = _position(state)
    team = check_seat(team, 2, name="team")
    tricks = check_int(tricks, name="tricks")
    node_budget = check_budget(node_budget, name="node_budget")
    taken = state.tricks_taken
    left = 13 - sum(taken)
    search = _Search(node_budget)
    # Team 1 takes at least k exactly when team 0 cannot take left - k + 1.
    try:
        if team == 0:
            return _at_least_mid(search, hands, leader, trick, tricks) >= tricks
        need = left - tricks + 1
        return _at_least_mid(search, hands, leader, trick, need) < need
    except _OverBudget:
        return None


def play_values(state: State, *, budget: int | None = None) -> dict[Play, tuple[int, int]]:
    """The tricks each team takes from here after each legal play of the player to move (as
    :attr:`Solution.plays`, without the value of the position itself: what a
    Perfect Information Monte Carlo agent needs of each sample).

    :raises SolveBudgetExceeded: when the searches need more than ``budget`` nodes in all.
    :raises ArgumentError: unless a card is to be played, or for a budget that
        :func:`solve` refuses.
    """
    hands, leader, trick = _position(state)
    budget = check_budget(budget)
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            "state: play_values needs a card to be played, not a bid",
            name="state",
            value=state,
        )
    left = 13 - sum(state.tricks_taken)
    search = _Search(budget)
    try:
        values = _play_values(search, hands, leader, trick, left)
    except _OverBudget:
        raise SolveBudgetExceeded(
            f"the solver needed more than {budget} nodes for this position"
        ) from None
    return {Play(CARDS[card]): (values[card], left - values[card]) for card in sorted(values)}
