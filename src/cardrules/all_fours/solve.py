"""The double-dummy solver of All Fours: the exact outcome of the rest of a deal, every hand known.

Of the end-of-hand awards (AF-23), High and Low are fixed by the cards dealt; Jack (or hang jack)
and Game are decided by the play.  :func:`solve` plays the rest of the deal with every hand in
view, each side maximizing its points minus the other side's from Jack or hang jack and Game
(scored as :func:`~cardrules.all_fours.hand_awards` scores them under the state's rules), and
reports that value, the points of each side along a line of best play, the fixed High and Low,
and the value of every legal play of the player to move.  The target (AF-21) is not looked at:
the solver counts the deal's points.

The search is the core's double-dummy search (:mod:`cardrules.core.search`), compiled by numba
when it is installed (``pip install 'cardrules[solver]'``), else interpreted: null-window
searches ("can side 0 make at least ``v``?") bisected to the exact value over the values an end
of the deal can have (each play's value stepped from the position's), each asked of the card
points still to be won, so that a bound holds whatever was won before; a transposition table
at the start of each trick, equivalent cards (cards of a suit in one hand with the same card
points and no card still out between them) searched once, good plays first, and sure bounds
(the card points still out, less those sure to a side: its trumps above every trump of the
other, and those the leader's top trumps force out, or all but the costliest cards each
player can give the other side in the tricks those top trumps leave it; Game is settled once
one side is ahead by more than the points still open; the jack is its holder's side's when no
opponent holds a higher trump).  The search counts card points and the jack
(:data:`~cardrules.core.search.POINTS`); the duty to follow is the game's kernel
(:func:`~cardrules.all_fours.kernels.play_mask`, AF-16 ... AF-20) and the trick winner the
core's (:func:`cardrules.core.tricks.beats`).

>>> from cardrules.all_fours import Stand, new_game
>>> from cardrules.all_fours.solve import solve
>>> state = new_game(seed=3, dealer=0).apply(Stand())
>>> result = solve(state)
>>> result.value == result.points[0] - result.points[1]
True
>>> result.player, result.value == min(result.plays.values())  # seat 1 (side 1) minimizes
(1, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from cardrules.all_fours.actions import Play
from cardrules.all_fours.engine import State
from cardrules.all_fours.kernels import _UNDERTRUMP_CODES, play_mask
from cardrules.all_fours.rules import Undertrump
from cardrules.all_fours.scoring import CARD_POINTS, Award, AwardKind, hand_awards
from cardrules.all_fours.state import Phase
from cardrules.core.cards import CARDS, Card, Rank, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_budget, refuse
from cardrules.core.compiled import kernel
from cardrules.core.equivalence import run_below
from cardrules.core.equivalence import runs as suit_runs
from cardrules.core.search import POINTS, Search, exact
from cardrules.core.tricks import beats
from cardrules.errors import ArgumentError, SolveBudgetExceeded, describe

__all__ = ["OBJECTIVES", "WIN", "Solution", "SolveBudgetExceeded", "play_values", "solve", "value"]

#: What :func:`solve` and :func:`play_values` maximize: ``"points"``, side 0's points minus side
#: 1's from Jack (or hang jack) and Game; ``"game"``, the race to the target: :data:`WIN` for
#: side 0 (``-WIN`` for side 1) when the deal's awards, added one at a time in their order
#: (High, Low, Jack, Game; AF-21, AF-23), bring that side to the target, else side 0's points
#: minus side 1's from all four awards.
OBJECTIVES: Final = ("points", "game")
#: The value of winning the game under the ``"game"`` objective (more than any deal's points).
WIN: Final = 100

_SUIT: Final = 0x1FFF
_TEN_PLACE: Final = Rank.TEN - 2
#: The places of each suit whose cards count card points of their own (ten and up): no card is
#: their equivalent.
_ALONE: Final = 0x1FFF & ~((1 << _TEN_PLACE) - 1)
_ALL: Final = (1 << 52) - 1
#: AF-4: card points by place in the suit (2 .. A).
_POINTS: Final = tuple(CARD_POINTS[Rank(place + 2)] for place in range(13))


@attrs.frozen
class Solution:
    """The double-dummy outcome of the rest of an All Fours deal.

    ``value`` is side 0's points minus side 1's from Jack (or hang jack) and Game with best
    play; ``points`` those points per side along one line of best play; ``fixed`` the points of
    High and Low per side (fixed by the deal).  ``player`` is the seat to move and ``plays`` maps
    each of its legal plays to the ``value`` that follows it.  ``nodes`` counts the tricks
    searched.
    """

    value: int
    points: tuple[int, int]
    fixed: tuple[int, int]
    player: int | None
    plays: Mapping[Play, int]
    nodes: int

    @property
    def best_plays(self) -> tuple[Play, ...]:
        """The plays that keep the value for the player to move."""
        if self.player is None or not self.plays:
            return ()
        values = self.plays.values()
        best = max(values) if self.player % 2 == 0 else min(values)
        return tuple(play for play, value in self.plays.items() if value == best)


def _legal_mask(
    hand: int, trick: Sequence[int], best: int, trump: int, undertrump: Undertrump, called: int
) -> int:
    """The legal plays from ``hand`` to ``trick`` (whose winning card is ``best``): the game's
    AF-16 ... AF-20, AF-25 kernel (:func:`~cardrules.all_fours.kernels.play_mask`; ``called``
    the called card, ``-1`` for none)."""
    lead = trick[0] // 13 if trick else -1
    return play_mask(hand, lead, best, trump, _UNDERTRUMP_CODES[undertrump], called)


@kernel
def follow(hand: int, lead: int, top: int, trump: int, option: int) -> int:
    """All Fours' follow rule in the search's form: AF-16 ... AF-20, the game's
    :func:`~cardrules.all_fours.kernels.play_mask` (``option`` is the undertrump code; the
    called card of AF-25 narrows the first card of a search instead)."""
    return play_mask(hand, lead, top, trump, option, -1)


class _Search:
    """One solve: the deal's constants and the core's search (:mod:`cardrules.core.search`)
    that counts card points and the jack (:data:`~cardrules.core.search.POINTS`)."""

    __slots__ = (
        "budget",
        "core",
        "game",
        "jack",
        "jack_holder",
        "jack_values",
        "levels",
        "n",
        "trump",
        "undertrump",
        "utility",
    )

    def __init__(
        self,
        n: int,
        trump: int,
        undertrump: Undertrump,
        jack_holder: int,
        jack_values: tuple[int, int],
        game: tuple[int, int, int],
        utility: tuple[tuple[int, int, int], ...] | None = None,
        tricks: int = 6,
        budget: int | None = None,
    ) -> None:
        self.n = n
        self.trump = trump
        self.undertrump = undertrump
        self.jack = 13 * trump + Rank.JACK - 2
        #: The side dealt the jack of trumps, -1 when it is not in play.
        self.jack_holder = jack_holder
        #: Side 0's points minus side 1's when side 0 / side 1 takes the jack.
        self.jack_values = jack_values
        #: The same for Game when side 0 is ahead, the sides tie, side 1 is ahead.
        self.game = game
        #: The value of each end of the deal: ``utility[jack][game]``, ``jack`` the side that
        #: takes the jack (2: nobody), ``game`` an index into a Game table (see :func:`_sign`).
        #: By default the points of Jack and Game, side 0's minus side 1's.
        self.utility = utility or tuple(
            (jack + game[0], jack + game[1], jack + game[2]) for jack in (*jack_values, 0)
        )
        #: Every value an end of the deal can have, in increasing order.
        self.levels = tuple(sorted({value for row in self.utility for value in row}))
        self.core = Search(
            follow,
            players=n,
            trump=trump,
            option=_UNDERTRUMP_CODES[undertrump],
            mode=POINTS,
            worth=[_POINTS[card % 13] for card in range(52)],
            utility=[value for row in self.utility for value in row],
            key=self.jack,
            alone=(_ALONE,) * 4,
            budget=budget,
            table_bits=max(10, min(20, tricks + 10)),
        )
        self.budget = budget

    @property
    def nodes(self) -> int:
        """The tricks searched."""
        return self.core.nodes


def _sign(diff: int) -> int:
    """The index into a Game table: 0 when side 0 is ahead, 1 for a tie, 2 when side 1 is."""
    return 0 if diff > 0 else 1 if diff == 0 else 2


_SUIT_POINTS: Final = tuple(
    sum(_POINTS[place] for place in range(13) if pattern >> place & 1) for pattern in range(8192)
)


def _mask_points(mask: int) -> int:
    return (
        _SUIT_POINTS[mask & _SUIT]
        + _SUIT_POINTS[mask >> 13 & _SUIT]
        + _SUIT_POINTS[mask >> 26 & _SUIT]
        + _SUIT_POINTS[mask >> 39]
    )


_RUNS: dict[int, tuple[int, ...]] = {}


def _representatives(allowed: int, out: int) -> list[int]:
    """One card of each set of equivalent cards of ``allowed``: same suit, same card points, no
    other card of ``out`` between them."""
    result: list[int] = []
    for suit in range(4):
        shift = 13 * suit
        mine = (allowed >> shift) & _SUIT
        if not mine:
            continue
        present = (out >> shift) & _SUIT
        code = present << 13 | mine
        runs = _RUNS.get(code)
        if runs is None:
            runs = _RUNS[code] = suit_runs(mine, present, _TEN_PLACE)
        result.extend(shift + place for place in runs)
    return result


# -- the public function ---------------------------------------------------------------------
def _tables(state: State) -> tuple[tuple[int, int], tuple[int, int], int, tuple[int, int, int]]:
    """What :func:`~cardrules.all_fours.hand_awards` scores under the state's rules: High and
    Low per side; side 0's points minus side 1's when each side takes the jack; the side dealt
    the jack (-1 when it is not in play); the same difference for Game by who is ahead."""
    trump = state.trump
    assert trump is not None
    dealt = state.dealt
    rules = state.rules
    dealer = state.dealer

    def scored(kinds: tuple[AwardKind, ...], won: tuple[CardSet, CardSet]) -> tuple[int, int]:
        points = [0, 0]
        for award in hand_awards(trump, dealt, won, dealer=dealer, rules=rules):
            if award.kind in kinds:
                points[award.side] += award.points
        return points[0], points[1]

    empty = CardSet.from_mask(0)
    fixed = scored((AwardKind.HIGH, AwardKind.LOW), (empty, empty))
    jack = Card(Rank.JACK, Suit(trump))
    jack_kinds = (AwardKind.JACK, AwardKind.HANG_JACK)
    with_jack = CardSet((jack,))
    jack_values = tuple(
        _minus(scored(jack_kinds, (with_jack, empty) if side == 0 else (empty, with_jack)))
        for side in (0, 1)
    )
    holder = -1
    for seat, cards in enumerate(dealt):
        if jack in cards:
            holder = seat & 1
    # A ten of a plain suit puts a side ahead (Game counts card points only, AF-4, AF-23).
    ten = CardSet((Card(Rank.TEN, Suit((int(trump) + 1) % 4)),))
    game = (
        _minus(scored((AwardKind.GAME,), (ten, empty))),
        _minus(scored((AwardKind.GAME,), (empty, empty))),
        _minus(scored((AwardKind.GAME,), (empty, ten))),
    )
    return fixed, (jack_values[0], jack_values[1]), holder, game


def _minus(points: tuple[int, int]) -> int:
    return points[0] - points[1]


def _race(state: State) -> tuple[tuple[int, int, int], ...]:
    """The utility table of the ``"game"`` objective: for each side taking the jack (2: nobody)
    and each Game outcome (:func:`_sign`), :data:`WIN` (or ``-WIN``) when the awards, added in
    their order (AF-23), bring side 0 (or side 1) to the target (AF-21), else side 0's points
    minus side 1's from High, Low, Jack and Game."""
    trump = state.trump
    assert trump is not None
    dealt, rules, dealer = state.dealt, state.rules, state.dealer
    empty = CardSet.from_mask(0)
    jack = CardSet((Card(Rank.JACK, Suit(trump)),))
    ten = CardSet((Card(Rank.TEN, Suit((int(trump) + 1) % 4)),))

    def awards(kinds: tuple[AwardKind, ...], won: tuple[CardSet, CardSet]) -> list[Award]:
        every = hand_awards(trump, dealt, won, dealer=dealer, rules=rules)
        return [award for award in every if award.kind in kinds]

    fixed = awards((AwardKind.HIGH, AwardKind.LOW), (empty, empty))
    jacks = [
        awards((AwardKind.JACK, AwardKind.HANG_JACK), (jack, empty)),
        awards((AwardKind.JACK, AwardKind.HANG_JACK), (empty, jack)),
        [],
    ]
    games = [
        awards((AwardKind.GAME,), (ten, empty)),
        awards((AwardKind.GAME,), (empty, empty)),
        awards((AwardKind.GAME,), (empty, ten)),
    ]

    def value(sequence: list[Award]) -> int:
        scores = list(state.scores)
        for award in sequence:
            scores[award.side] += award.points
            if scores[award.side] >= rules.target:
                return WIN if award.side == 0 else -WIN
        return (scores[0] - state.scores[0]) - (scores[1] - state.scores[1])

    rows = [[value(fixed + jack_awards + game) for game in games] for jack_awards in jacks]
    return tuple((row[0], row[1], row[2]) for row in rows)


def _root(
    state: State, objective: str = "points", budget: object = None
) -> tuple[_Search, _Position, int, int, int, int]:
    """The search, the position, the value range, the legal plays and the called card of a
    state in play (``budget`` checked: see :func:`solve`)."""
    if not isinstance(state, State):
        refuse("state", "an all_fours.State", state)
    if state.phase is not Phase.PLAY or state.trump is None:
        raise ArgumentError(
            f"state: solve needs a deal in play, not the {state.phase.value} phase",
            name="state",
            value=state,
        )
    n = state.players
    trump = int(state.trump)
    _, jack_values, holder, game = _tables(state)
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ArgumentError(
            f"objective: expected one of {', '.join(map(repr, OBJECTIVES))}, "
            f"not {describe(objective)}",
            name="objective",
            value=objective,
        )
    nodes = check_budget(budget)
    utility = _race(state) if objective == "game" else None
    tricks = len(state.hand(state.current_player or 0)) if state.current_player is not None else 6
    search = _Search(
        n, trump, state.rules.undertrump, holder, jack_values, game, utility, tricks, nodes
    )
    hands = tuple(state.hand(seat).mask for seat in range(n))
    trick_obj = state.current_trick
    trick = tuple(card.index for card in trick_obj.cards)
    won = state.won_cards
    jack_card = CARDS[search.jack]
    jack = -1
    for side in (0, 1):
        if jack_card in won[side]:
            jack = side
    points = state.card_points
    called = state.called
    called_index = -1 if called is None else called.index
    position = _Position(hands, trick_obj.leader, trick, points[0] - points[1], jack)
    low, high = _range(search.utility)
    seat = (trick_obj.leader + len(trick)) % n
    best = trick[_best_position(trick, trump)] if trick else -1
    allowed = _legal_mask(hands[seat], trick, best, trump, state.rules.undertrump, called_index)
    return search, position, low, high, allowed, called_index


def solve(state: State, *, objective: str = "points", budget: int | None = None) -> Solution:
    """The double-dummy solution of the rest of ``state``'s deal (see the module's
    introduction).

    :param objective: ``"points"`` (Jack and Game) or ``"game"`` (the race to the target, see
        :data:`OBJECTIVES`): what ``value`` and ``plays`` count.  ``points`` and ``fixed`` are
        points either way.
    :param budget: the most tricks to search (``Solution.nodes``); ``None`` for no limit.
    :raises SolveBudgetExceeded: when the search needs more than ``budget`` nodes.
    :raises ArgumentError: unless the state is in play (trumps fixed, cards to play), for an
        unknown objective, or for a budget that is not ``None`` or a whole number from 1 to
        ``2**63 - 1``.

    Near the end of a game the two objectives can differ: at 13-13, with High and Low split,
    the jack decides the game and Game does not count (AF-21, AF-23).
    """
    search, position, low, high, allowed, called = _root(state, objective, budget)
    fixed = _tables(state)[0]
    value = _value(search, position, low, high, called)
    plays, best = _plays(search, position, allowed, value, low, high)
    line_end = _line(search, best, value, low, high)
    final = _final_points(line_end, search)
    return Solution(value, final, fixed, state.current_player, plays, search.nodes)


@attrs.frozen
class _Position:
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    diff: int
    jack: int


def _out(position: _Position) -> int:
    out = 0
    for hand in position.hands:
        out |= hand
    for card in position.trick:
        out |= 1 << card
    return out


def _best_position(trick: tuple[int, ...], trump: int) -> int:
    best_position = 0
    for position in range(1, len(trick)):
        if beats(trick[position], trick[best_position], trump):
            best_position = position
    return best_position


def _range(utility: tuple[tuple[int, int, int], ...]) -> tuple[int, int]:
    return min(min(row) for row in utility), max(max(row) for row in utility)


def _bound(search: _Search, position: _Position, target: int, called: int) -> int:
    """A fail-soft bound on side 0's value from ``position``: at least ``target`` when side 0
    can make it, else below it (``called`` narrowing the first card, -1 for none)."""
    bound = search.core.ask(
        position.hands,
        position.leader,
        position.trick,
        target,
        (position.diff, position.jack, 0, 0),
        _ALL if called < 0 else 1 << called,
    )
    if search.core.over:
        raise SolveBudgetExceeded(
            f"the solver needed more than {search.budget} nodes for this position"
        )
    return bound


def _value(
    search: _Search,
    position: _Position,
    low: int,
    high: int,
    called: int,
    guess: int | None = None,
) -> int:
    """Side 0's exact value, known to lie in ``[low, high]``, over the values an end of the
    deal can have (at most nine: the utility table's): by bisection, or by steps from
    ``guess`` (:func:`~cardrules.core.search.exact`)."""
    levels = [value for value in search.levels if low <= value <= high]
    return exact(lambda need: _bound(search, position, need, called), levels, guess)


def _plays(
    search: _Search, position: _Position, allowed: int, value: int, low: int, high: int
) -> tuple[dict[Play, int], _Position]:
    """The value after each legal play (``allowed``) from a position worth ``value``, and the
    position after the first play that keeps it.  The player's plays are worth at most
    ``value`` (side 0 to play) or at least it: each is stepped from ``value``."""
    maximizing = (position.leader + len(position.trick)) % search.n % 2 == 0
    out = _out(position)
    plays: dict[Play, int] = {}
    best: _Position | None = None
    for top in _representatives(allowed, out):
        child = _after(position, top, search.n, search.trump, search)
        if maximizing:
            child_value = _value(search, child, low, value, -1, value)
        else:
            child_value = _value(search, child, value, high, -1, value)
        if child_value == value and best is None:
            best = child
        for card in run_below(top, allowed, out, _TEN_PLACE):
            plays[Play(CARDS[card])] = child_value
    assert best is not None
    return {play: plays[play] for play in sorted(plays, key=lambda p: p.card.index)}, best


def _after(position: _Position, card: int, n: int, trump: int, search: _Search) -> _Position:
    """The position after the next player plays ``card``."""
    trick = position.trick
    seat = (position.leader + len(trick)) % n
    hands = list(position.hands)
    hands[seat] ^= 1 << card
    cards = (*trick, card)
    if len(cards) < n:
        return _Position(tuple(hands), position.leader, cards, position.diff, position.jack)
    winner = (position.leader + _best_position(cards, trump)) % n
    side = winner & 1
    points = sum(_POINTS[c % 13] for c in cards)
    jack = side if search.jack in cards else position.jack
    diff = position.diff - points if side else position.diff + points
    return _Position(tuple(hands), winner, (), diff, jack)


def _line(search: _Search, position: _Position, value: int, low: int, high: int) -> _Position:
    """The end of a line of best play from ``position`` (whose value is ``value``): at each
    turn the first play that keeps the value, one question a play (side 0's plays are worth
    at most ``value``, so one keeps it when it reaches ``value``; side 1's at least, so one
    keeps it when it does not reach the next value up)."""
    n = search.n
    above = [level for level in search.levels if value < level <= high]
    while any(position.hands):
        seat = (position.leader + len(position.trick)) % n
        trick = position.trick
        best = trick[_best_position(trick, search.trump)] if trick else -1
        allowed = _legal_mask(
            position.hands[seat], trick, best, search.trump, search.undertrump, -1
        )
        out = _out(position)
        cards = _representatives(allowed, out)
        # The card that last settled a search from here first: its question is the likeliest
        # to be answered from the table, where another card's may need a search of its own.
        killer = search.core.killer(position.hands[seat], best)
        if killer >= 0 and allowed >> killer & 1:
            for index, card in enumerate(cards):
                if killer in run_below(card, allowed, out, _TEN_PLACE):
                    cards.insert(0, cards.pop(index))
                    break
        for card in cards:
            child = _after(position, card, n, search.trump, search)
            if card == cards[-1]:
                keeps = True  # one play keeps the value: the last, when no other did
            elif seat % 2 == 0:
                keeps = value <= low or _bound(search, child, value, -1) >= value
            else:
                keeps = not above or _bound(search, child, above[0], -1) < above[0]
            if keeps:
                position = child
                break
    return position


def _final_points(position: _Position, search: _Search) -> tuple[int, int]:
    """Each side's points from Jack and Game at the end of a line of play."""
    points = [0, 0]
    if position.jack >= 0:
        jack = search.jack_values[position.jack]
        points[0 if jack > 0 else 1] += abs(jack)
    game = search.game[_sign(position.diff)]
    if game:
        points[0 if game > 0 else 1] += abs(game)
    return points[0], points[1]


def value(state: State, *, objective: str = "points", budget: int | None = None) -> int:
    """The value of the position alone: ``solve(state, objective=objective).value``, without
    the plays' values and the line of best play (several times faster).

    :raises SolveBudgetExceeded: when the search needs more than ``budget`` nodes.
    :raises ArgumentError: unless the state is in play, for an unknown objective or a budget that
        :func:`solve` refuses.
    """
    search, position, low, high, _, called = _root(state, objective, budget)
    return _value(search, position, low, high, called)


def play_values(
    state: State, *, objective: str = "points", budget: int | None = None
) -> dict[Play, int]:
    """The value (side 0's points minus side 1's from Jack and Game) after each legal play of
    the player to move, as :attr:`Solution.plays`, without the rest of the solution: what a
    Perfect Information Monte Carlo agent needs of each sample.

    :param objective: ``"points"`` or ``"game"`` (see :data:`OBJECTIVES`).
    :param budget: the most tricks to search in all (:func:`solve`'s).
    :raises SolveBudgetExceeded: when the searches need more than ``budget`` nodes in all.
    :raises ArgumentError: unless the state is in play, for an unknown objective or a budget that
        :func:`solve` refuses.
    """
    search, position, low, high, allowed, called = _root(state, objective, budget)
    value = _value(search, position, low, high, called)
    return _plays(search, position, allowed, value, low, high)[0]
