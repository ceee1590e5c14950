"""The All Fours engine: :func:`new_game`, :class:`State` and every transition.

A game runs from :func:`new_game` to its winner through ``legal_actions()`` and ``apply()``
alone: kicks, runs of the pack, same-suit reruns, void deals, the tally and the next deal all
happen inside ``apply``.  Every rule it applies is a kernel of
:mod:`cardrules.all_fours.kernels` or of the core: the legal plays (AF-16 ... AF-20, AF-25)
:func:`~cardrules.all_fours.kernels.play_mask` (checked: :func:`legal_play_mask`), every
trick's winner :func:`cardrules.core.tricks.winning_offset` (AF-19), the deal and the runs
their layout (AF-7, AF-11), each award with its target check
:func:`~cardrules.all_fours.kernels.award_points` (AF-21) and the tally
:func:`~cardrules.all_fours.kernels.score_hand` (AF-23).

>>> from cardrules.all_fours import Stand, new_game
>>> state = new_game(seed=2026, dealer=0)
>>> state.legal_actions()
(Stand(), Beg())
>>> state = state.apply(Stand())
>>> state.phase, state.trump == state.kick.suit, state.current_player
(<Phase.PLAY: 'play'>, True, 1)

Chance as a step: with ``new_game(..., chance="explicit")`` every deal waits in a chance state
(``state.is_chance``; no player to act, no legal actions) until ``state.apply(Deal(deck))``
deals that pack, top card first, exactly as a seeded game deals its shuffled one.  A run of the
pack (AF-11) deals on from the same pack: it is no new chance state.

>>> from cardrules import STANDARD_DECK
>>> from cardrules.all_fours import Deal
>>> state = new_game(seed=2026, dealer=0, chance="explicit")
>>> state.is_chance, state.current_player, state.legal_actions()
(True, None, ())
>>> state = state.apply(Deal(STANDARD_DECK))
>>> state.is_chance, str(state.kick), state.current_player
(False, 'KD', 1)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Final, cast

import attrs

from cardrules.all_fours.actions import (
    _SUIT_PLAYS,
    BEG,
    GIVE_ONE,
    RUN_PACK,
    STAND,
    Action,
    Beg,
    GiveOne,
    Play,
    RunPack,
    Stand,
    _plays,
)
from cardrules.all_fours.dealing import _cards, _deals_by_dealer, run_packets
from cardrules.all_fours.kernels import (
    _UNDERTRUMP_CODES,
    GIVE_ONE_VALUE,
    UNDERTRUMP_ALLOWED,
    award_points,
    kick_place,
    kick_points,
    max_runs,
    may_give_one,
    play_mask,
    rule_params,
    score_hand,
    stock_place,
)
from cardrules.all_fours.kernels import next_dealer as _next_dealer
from cardrules.all_fours.rules import Rules, Undertrump
from cardrules.all_fours.scoring import (
    Award,
    AwardKind,
    _award_objects,
    _card_award,
    _mask_points,
)
from cardrules.all_fours.state import (
    _SHIFT,
    HandEnd,
    HandResult,
    Phase,
    StateData,
    _copy,
    _Deal,
    _hand_result,
    _pack,
    _RawTrick,
    _Slots,
    _unpack,
)
from cardrules.all_fours.view import Observation
from cardrules.all_fours.view import observe as _observe
from cardrules.core.cards import CARDS, Card, Suit, parse_cards
from cardrules.core.cardset import FULL_MASK, mask_of
from cardrules.core.chance import ChanceMode, Deal, dealt_deck
from cardrules.core.checks import (
    check_card_indices,
    check_hands,
    check_int,
    check_scores,
    check_seat,
    refuse,
)
from cardrules.core.deck import labelled_deck, parse_deck
from cardrules.core.start import check_rules, game_start
from cardrules.core.tricks import beats, follow_or_trump_bits, winning_offset
from cardrules.errors import ArgumentError, IllegalActionError, ParseError, Reason, describe

__all__ = ["State", "legal_play_mask", "new_game", "next_dealer"]

_DEAL: Final = Phase.DEAL
_BEG: Final = Phase.BEG
_ANSWER: Final = Phase.ANSWER
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_ALLOWED: Final = Undertrump.ALLOWED
_STAND_BEG: Final[tuple[Action, ...]] = (STAND, BEG)
_GIVE_RUN: Final[tuple[Action, ...]] = (GIVE_ONE, RUN_PACK)
_RUN: Final[tuple[Action, ...]] = (RUN_PACK,)
_DEFAULT_RULES: Final = Rules()
_KICK: Final = AwardKind.KICK
_PLAYED: Final = HandEnd.PLAYED
_PLAYS_0, _PLAYS_1, _PLAYS_2, _PLAYS_3 = _SUIT_PLAYS
#: A card's bit (``_BIT[index]``), and its bit in seat s's part of the packed hands
#: (``_SEAT_BITS[s][index]``): lookups, not new ints, on the play path.
_BIT: Final = tuple(1 << index for index in range(52))
_SEAT_BITS: Final = tuple(tuple(bit << (52 * seat) for bit in _BIT) for seat in range(4))


#: AF-19: the core kernel's ``beats(card, best, trump)`` as a table per trump suit, read at
#: ``[card * 52 + best]`` by the play path (a lookup is cheaper than a call at every card).
_BEATS: Final = tuple(
    bytes(map(beats, [c for c in range(52) for _ in range(52)], [*range(52)] * 52, [t] * 2704))
    for t in range(4)
)


# -- the rule of the legal plays (AF-16 ... AF-20, AF-25) -------------------------------------
def legal_play_mask(
    hand: int, trick: Sequence[int], trump: int, undertrump: Undertrump = _ALLOWED
) -> int:
    """AF-16 ... AF-20: the cards of ``hand`` (a card mask) that may be played to ``trick``
    (card indices, the lead first) with ``trump`` (a suit number) under the ``undertrump``
    option.

    AF-16: any card may be led.  AF-17, AF-18: the core's follow-or-trump kernel
    (:func:`cardrules.core.tricks.follow_or_trump_bits`).  AF-20: on a non-trump lead, a trump
    lower than the trick's winning trump is forbidden unless the player holds nothing but
    trumps (``only_if_only_trumps``) or is void in the suit led (``only_if_void``).

    The rule is the kernel :func:`cardrules.all_fours.kernels.play_mask` (which also takes the
    called card of AF-25); this is its checked form.  The engine's legal actions, the check of
    ``apply``, the reason of a rejection and the determinizer's inferences all come to the
    kernel.

    >>> from cardrules import CardSet, Suit, parse_cards
    >>> hand = CardSet.parse("9D 3H 7C").mask
    >>> trick = [c.index for c in parse_cards("5D QH")]
    >>> str(CardSet.from_mask(legal_play_mask(hand, trick, Suit.HEARTS)))
    '9D 3H'
    >>> only = Undertrump.ONLY_IF_ONLY_TRUMPS
    >>> str(CardSet.from_mask(legal_play_mask(hand, trick, Suit.HEARTS, only)))
    '9D'

    :raises ArgumentError: for a hand that is not a 52-bit card mask, a trick that is not up to
        three distinct card indices, a trump that is not a suit number or an undertrump that is
        not an :class:`Undertrump`.
    """
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= FULL_MASK:
        refuse("hand", "a 52-bit card mask (an int)", hand)
    cards = check_card_indices(trick, name="trick", most=3)
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= 3:
        refuse("trump", "a suit number 0..3 (a Suit)", trump)
    if not isinstance(undertrump, Undertrump):
        refuse("undertrump", "an Undertrump", undertrump)
    return _legal_play_mask(hand, cards, trump, undertrump)


def _legal_play_mask(
    hand: int, trick: Sequence[int], trump: int, undertrump: Undertrump = _ALLOWED
) -> int:
    """:func:`legal_play_mask` without the checks (the kernel with the trick's lead and
    winning card worked out; for the determinizer)."""
    if not trick:
        return play_mask(hand, -1, -1, trump, UNDERTRUMP_ALLOWED, -1)
    top = trick[winning_offset(trick, trump)]
    return play_mask(hand, trick[0] // 13, top, trump, _UNDERTRUMP_CODES[undertrump], -1)


def _legal_mask(d: _Deal, hand: int, lead: int, top: int) -> int:
    """The legal plays of a deal's player to a trick led with ``lead`` and won so far by the
    card ``top`` (both -1 before the lead): the kernel, with the deal's called card (AF-25)."""
    return play_mask(hand, lead, top, d.trump, _UNDERTRUMP_CODES[d.rules.undertrump], d.called)


# -- the state --------------------------------------------------------------------------------
class State(StateData):
    """An All Fours game state (immutable, hashable, equal by value, picklable).

    Build one with :func:`~cardrules.all_fours.new_game`; move with :meth:`apply`.  It satisfies
    :class:`cardrules.GameState`.  The data and every read-only property are those of
    :class:`~cardrules.all_fours.state.StateData`; this class adds the moves.

    .. attribute:: is_terminal
       :type: bool

       True when a side has reached the target (AF-21).  (A stored attribute rather than a
       property: simulations read it after every action.)
    """

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the current player, in a stable order: ``(Stand, Beg)``;
        ``(GiveOne, RunPack)`` or ``(RunPack,)`` (AF-11); or the legal plays in card order
        (:func:`legal_play_mask`, AF-25).  Empty when the game is over and at a chance state
        (where only ``Deal(deck)`` applies)."""
        legal = self._lmask
        if legal:
            try:
                plays: tuple[Action, ...] = (
                    _PLAYS_0[legal & 0x1FFF]
                    + _PLAYS_1[legal >> 13 & 0x1FFF]
                    + _PLAYS_2[legal >> 26 & 0x1FFF]
                    + _PLAYS_3[legal >> 39]
                )
                return plays
            except TypeError:  # a suit pattern seen for the first time
                return _plays(legal)
        return _legal_actions(self)

    def apply(self, action: Action) -> State:
        """The state after ``action`` (runs, redeals, the tally and the next deal happen here;
        at a chance state, ``Deal(deck)`` deals).

        :raises IllegalActionError: if ``action`` is not in :meth:`legal_actions` (at a chance
            state: anything but a ``Deal``, reason ``wrong_phase``; a bad pack, ``bad_deck``).
        """
        if action.__class__ is not Play:  # (cheaper than isinstance: cardrules.core.frozen)
            return _apply(self, action)
        seat: int = self._turn  # type: ignore[assignment]  # a seat acts in play (core.frozen)
        card = action.card
        mask = card.mask
        if not mask & self._lmask:
            return _apply(self, action)
        # A legal card (the legal mask is legal_play_mask's): the hot path of every simulation,
        # written out; the next state's slots are stored one by one and sealed (the trick of
        # cardrules.core.frozen).  The trick's winning card so far is kept by the core kernel's
        # beats (AF-19, through its table _BEATS); the next player's legal plays follow AF-16
        # ... AF-20 (with the undertrump option "allowed" and no AF-25, legal_play_mask is the
        # core's follow-or-trump kernel).
        index = card.index
        d = self._deal
        n = d.players
        hands = self._hands ^ _SEAT_BITS[seat][index]
        trick = self._trick
        size = len(trick)
        if size:
            best = size if _BEATS[d.trump][index * 52 + trick[self._best]] else self._best
            trick += (index,)
        else:
            best = 0
            trick = (index,)
        simple = d.simple
        if not simple and d.exposed & mask:  # AF-25: an exposed card is played
            d = _copy(d)  # a fresh copy, changed before anyone sees it
            d.exposed ^= mask
            d.called = -1
        new = _blank(_Slots)
        if size + 1 < n:
            turn = seat + 1 if seat + 1 < n else 0
            new._leader = self._leader
            new._won = self._won
            new._tricks = self._tricks
            hand = hands >> _SHIFT[turn] & FULL_MASK
            if simple:
                new._lmask = follow_or_trump_bits(hand, trick[0] // 13, d.trump)
            else:
                new._lmask = _legal_mask(d, hand, trick[0] // 13, trick[best])
        else:
            leader = turn = (self._leader + best) % n
            if n == 4:
                taken = _BIT[trick[0]] | _BIT[trick[1]] | _BIT[trick[2]] | mask
            else:
                taken = _BIT[trick[0]] | mask
            won = self._won
            won = (won[0] | taken, won[1]) if turn & 1 == 0 else (won[0], won[1] | taken)
            tricks = self._tricks + ((self._leader, trick, turn),)  # noqa: RUF005 (faster)
            if not hands:
                return _tally(d, turn, won, tricks)
            new._leader = leader
            new._won = won
            new._tricks = tricks
            trick = ()
            best = 0
            hand = hands >> _SHIFT[turn] & FULL_MASK
            new._lmask = hand if simple else _legal_mask(d, hand, -1, -1)  # AF-16: any lead
        new._deal = d
        new._hands = hands
        new._turn = turn
        new._trick = trick
        new._best = best
        new.is_terminal = False
        new.__class__ = State
        return new

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know (AF-15): see :class:`~cardrules.all_fours.Observation`."""
        seat = check_seat(seat, self._deal.players)
        return _observe(self, seat, self.legal_actions() if self._turn == seat else ())

    # -- AF-25 -----------------------------------------------------------------------------
    def expose(self, seat: int, card: Card | str) -> State:
        """AF-25: ``seat`` shows ``card`` out of turn; it stays face up in the hand.

        Only with ``Rules(exposed_cards=True)``.

        :raises ArgumentError: if ``seat`` is not a seat.
        :raises IllegalActionError: when not allowed.
        """
        return _expose(self, seat, card)

    def call(self, seat: int, card: Card | str) -> State:
        """AF-25: ``seat`` calls an opponent's exposed ``card`` on its owner's turn, where it is
        a legal play; the owner must then play it (:meth:`legal_actions` is that play alone).

        Only with ``Rules(exposed_cards=True)``.

        :raises ArgumentError: if ``seat`` is not a seat.
        :raises IllegalActionError: when not allowed.
        """
        return _call(self, seat, card)

    # -- determinization -------------------------------------------------------------------
    def with_hidden_cards(
        self, hands: Sequence[Iterable[Card | str]], stock: Sequence[Card | str]
    ) -> State:
        """This state with the unplayed cards of the hands and the undealt stock reassigned.

        ``hands`` gives each seat's unplayed cards (seat order, the same sizes); ``stock`` the
        undealt cards, top first (the same number).  Together they must be the same cards as
        now.  Public cards stay put: played cards, kicks and exposed cards (which must stay in
        their owner's hand).  The cards dealt to each seat (:attr:`dealt`) and :attr:`deck` are
        updated to match.

        :raises ParseError: for text that is not cards.
        :raises ArgumentError: if the cards are not a permutation of the hidden cards as
            described (a ``ValueError``).
        """
        return _with_hidden_cards(self, hands, stock)


#: ``object.__new__`` for the engine's states: it makes the writable storage (``_Slots``) that
#: becomes a ``State`` once filled, when its class is set (the trick of
#: :mod:`cardrules.core.frozen`); typed as the ``State`` it becomes.
_blank: Final = cast("Callable[[type[_Slots]], State]", object.__new__)


def _make(
    deal: _Deal,
    *,
    hands: int,
    turn: int | None,
    leader: int = 0,
    trick: tuple[int, ...] = (),
    tricks: tuple[_RawTrick, ...] = (),
    won: tuple[int, int] = (0, 0),
) -> State:
    """A state of these parts, unchecked: the constructor of every path but the play of a card
    (which writes it out, :meth:`State.apply`).  The trick's winning card and the legal plays
    are worked out here.

    ``hands`` are the packed hands (seat s's mask at bit 52 * s), ``trick`` the card indices of
    the trick in progress, ``tricks`` one ``(leader, cards, winner)`` per completed trick and
    ``won`` the cards in the tricks won, per side.
    """
    best = winning_offset(trick, deal.trump) if trick else 0
    lmask = 0
    if deal.phase is _PLAY and turn is not None:
        hand = hands >> (52 * turn) & FULL_MASK
        if trick:
            lmask = _legal_mask(deal, hand, trick[0] // 13, trick[best])
        else:  # AF-16: any card may be led
            lmask = hand if deal.simple else _legal_mask(deal, hand, -1, -1)
    new = _blank(_Slots)
    new._deal = deal
    new._hands = hands
    new._turn = turn
    new._leader = leader
    new._trick = trick
    new._tricks = tricks
    new._best = best
    new._won = won
    new._lmask = lmask
    new.is_terminal = deal.winner is not None
    new.__class__ = State
    return new


# -- per-ruleset tables ----------------------------------------------------------------------
class _Table:
    """What the engine reads from a ruleset at every deal, worked out once per ruleset."""

    __slots__ = (
        "deals",
        "kick_places",
        "kicks",
        "max_runs",
        "params",
        "players",
        "rules",
        "stock_places",
        "target",
        "top",
    )

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.params = params = rule_params(rules)
        self.players = n
        self.top = kick_place(0, n)  # the kick's place in the deck (AF-7)
        #: AF-11, AF-13: the most runs of a deal; after each run, the deck places of its kick
        #: and of the top of the stock.
        self.max_runs = max_runs(n)
        self.kick_places = tuple(kick_place(run, n) for run in range(self.max_runs + 1))
        self.stock_places = tuple(stock_place(run, n) for run in range(self.max_runs + 1))
        self.target = rules.target
        #: AF-5: the points of a kick, by card index (the kernel's, as a table).
        self.kicks: tuple[int, ...] = tuple(kick_points(index, params) for index in range(52))
        #: AF-7: per dealer, deck -> (each seat's six cards as a mask, the packed hands).
        self.deals = _deals_by_dealer(rules)


# Tables by id(rules) (each entry keeps its ruleset alive, so the id is not reused meanwhile),
# and by value, for equal rulesets made afresh (e.g. ``Rules()`` for each game).
_TABLES: dict[int, tuple[Rules, _Table]] = {}
_TABLES_BY_VALUE: dict[Rules, _Table] = {}


def _table(rules: Rules) -> _Table:
    last_rules, last = _LAST[0]
    if last_rules is rules:  # the common case: the same ruleset object as the call before
        return last
    table = _find_table(rules)
    _LAST[0] = (rules, table)
    return table


def _find_table(rules: Rules) -> _Table:
    entry = _TABLES.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    table = _TABLES_BY_VALUE.get(rules)
    if table is None:
        if len(_TABLES_BY_VALUE) >= 64:
            _TABLES_BY_VALUE.clear()
        table = _TABLES_BY_VALUE[rules] = _Table(rules)
    if len(_TABLES) >= 256:
        _TABLES.clear()
    _TABLES[id(rules)] = (rules, table)
    return table


#: The ruleset asked for last and its table (one slot).
_LAST: list[tuple[Rules, _Table]] = [(_DEFAULT_RULES, _find_table(_DEFAULT_RULES))]


# -- a new game ------------------------------------------------------------------------------
def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: Sequence[Card] | str | None = None,
    scores: Sequence[int] | None = None,
    chance: ChanceMode = "seeded",
) -> State:
    """A new game to the target, dealt and ready for the beggar's stand or beg.

    :param rules: the ruleset (default ``Rules()``, "trinidad").
    :param seed: drives every random choice (the first dealer if ``dealer`` is None, every
        shuffle); ``None`` draws 64 random bits, kept as ``state.seed``.
    :param dealer: the first dealer (AF-6); ``None`` draws for it from the seed.
    :param deck: fixes the first deal: 52 distinct cards, top first, dealt by AF-7 (see
        :func:`~cardrules.all_fours.deck_for`).  Later deals are shuffled from the seed (or
        wait for a ``Deal``, with ``chance="explicit"``).
    :param scores: the two sides' scores when the game starts (default ``(0, 0)``), to set up a
        position or resume a match: ints from 0 to ``target - 1`` (a side on the target would
        have won already).
    :param chance: ``"seeded"`` (the default): the engine shuffles every deal with the seed.
        ``"explicit"``: every deal (the first too, unless ``deck`` fixes it) waits in a chance
        state (``state.is_chance``, ``state.phase is Phase.DEAL``, no player to act, no legal
        actions; dealer, scores and deal number already set) until ``state.apply(Deal(deck))``
        deals that pack, top card first, exactly as the seeded game deals a shuffled one.  A
        run of the pack (AF-11) deals on from the same pack; a void deal (AF-13) and every
        next deal wait for a new ``Deal``.  The first dealer still comes from ``dealer`` or
        the seed's draw.
    :raises ArgumentError: for a bad ruleset, seed, dealer, scores or chance (a ``ParseError``
        and a ``RulesError``, as in 400).
    :raises ParseError: for a bad deck.

    The first kick scores at once (AF-9) and may even end the game (AF-14).

    >>> new_game(seed=3, dealer=0, scores=(12, 7)).scores
    (12, 7)
    """
    # (the default ruleset is one object, whose tables the engine finds first)
    rules = _DEFAULT_RULES if rules is None else check_rules(rules, Rules, game="all_fours")
    seed, dealer, explicit = game_start(
        seed=seed, dealer=dealer, chance=chance, players=rules.players
    )
    first = parse_deck(deck) if deck is not None else None
    match = _Deal(
        rules=rules,
        seed=seed,
        dealer=dealer,
        deal_number=0,
        scores=_start_scores(rules, scores),
        history=(),
        explicit=explicit,
    )
    return _start_deal(match, first)


def _start_scores(rules: Rules, scores: Sequence[int] | None) -> tuple[int, int]:
    """The checked starting scores of :func:`new_game`."""
    if scores is None:
        return (0, 0)
    first, second = check_scores(scores, 2, who="(side 0, side 1)")
    for value in (first, second):
        check_int(value, name="scores", low=0, high=rules.target - 1)
    return (first, second)


# -- the deal, kicks and runs (AF-7 ... AF-14) ----------------------------------------------
def _start_deal(d: _Deal, deck: tuple[Card, ...] | None = None) -> State:
    """Deal the deal that ``d`` names: its rules, seed, dealer, deal number, scores, history
    and chance; ``d`` is a fresh record (no state holds it yet), whose other fields are set
    here.  AF-7: deal six cards each and turn the kick (scored at once, AF-9).  With no
    ``deck``, the seed's shuffle deals; or, in a game of explicit chance, a chance state waits
    for it."""
    t = _table(d.rules)
    n = t.players
    d.trump = -1
    d.awards = ()
    d.decisions = ()
    d.winner = None
    d.exposed = 0
    d.called = -1
    if deck is None:
        if d.explicit:
            d.deck = d.stock = d.kicks = ()
            d.dealt = (0,) * n
            d.phase = _DEAL
            return _make(d, hands=0, turn=None)
        deck = labelled_deck(d.seed, "deal", d.deal_number)
    dealt, packed = t.deals[d.dealer](deck)
    top = t.top
    kick = deck[top]
    d.deck = deck
    d.stock = deck[top + 1 :]
    d.kicks = (kick,)
    d.dealt = dealt
    d.phase = _BEG
    points = t.kicks[kick.index]
    if points:  # AF-9; AF-14, AF-21: the target is checked at once
        d = _award(d, _card_award(d.dealer & 1, points, _KICK, kick.index))
        if d.winner is not None:
            return _make(_over(d), hands=packed, turn=None)
    # the beggar's stand or beg (AF-10): no trick, no legal plays
    return _make(d, hands=packed, turn=d.dealer + 1 if d.dealer + 1 < n else 0)


def _award(d: _Deal, award: Award) -> _Deal:
    """Score one award on ``d``, a fresh record (no state holds it yet), and return it; AF-14,
    AF-21: the game ends the moment a side reaches the target."""
    first, second, won = award_points(
        d.scores[0], d.scores[1], award.side, award.points, d.rules.target
    )
    d.scores = (first, second)
    d.awards = (*d.awards, award)
    d.winner = None if won < 0 else won
    return d


def _over(
    d: _Deal,
    card_points: tuple[int, int] | None = None,
    tricks: tuple[_RawTrick, ...] = (),
) -> _Deal:
    """``d``, a fresh record, once the target was reached: the game is over (AF-14)."""
    result = _hand_result(d, ending=HandEnd.TARGET_REACHED, card_points=card_points, tricks=tricks)
    d.phase = _OVER
    d.history = (*d.history, result)
    return d


def _next_deal(d: _Deal, result: HandResult, *, dealer: int) -> State:
    """AF-8: the deal after ``d`` (a fresh record, which becomes the next deal's), which ended
    with ``result``: ``dealer`` deals it."""
    d.deal_number += 1
    d.dealer = dealer
    d.scores = result.scores
    d.history = (*d.history, result)
    return _start_deal(d)


def _begin_play(d: _Deal, hands: int) -> State:
    """Trumps are fixed (AF-10 ... AF-12); the beggar leads (AF-16).  ``d`` is a fresh record
    (no state holds it yet), changed in place."""
    d.trump = d.kicks[-1].index // 13
    d.phase = _PLAY
    n = d.players
    leader = d.dealer + 1 if d.dealer + 1 < n else 0
    return _make(d, hands=hands, turn=leader, leader=leader)


def _run_pack(d: _Deal, packed: int) -> State:
    """AF-11 ... AF-13: run the pack until the kick changes suit, or void the deal; the deck
    positions of each run and its kick are the kernels' (AF-11).  ``d`` is a fresh record (no
    state holds it yet), changed in place."""
    n = d.players
    t = _table(d.rules)
    while True:
        runs = len(d.kicks) - 1
        if runs >= t.max_runs:
            # AF-13: the pack is exhausted: void deal, same dealer, fresh shuffle (or Deal).
            result = _hand_result(d, ending=HandEnd.EXHAUSTED_PACK, card_points=None)
            return _next_deal(d, result, dealer=_next_dealer(d.dealer, n, 1))
        packets = run_packets(d.stock, d.dealer, n)
        packed |= _pack(packets)  # the cards are new to every hand: OR adds them
        kick = d.deck[t.kick_places[runs + 1]]
        previous = d.kicks[-1]
        d.stock = d.deck[t.stock_places[runs + 1] :]
        d.kicks = (*d.kicks, kick)
        d.dealt = tuple(map(operator.or_, d.dealt, packets))
        points = t.kicks[kick.index]
        if points:  # AF-9: every kick scores, even one at once replaced
            d = _award(d, _card_award(d.dealer % 2, points, _KICK, kick.index))
            if d.winner is not None:
                return _make(_over(d), hands=packed, turn=None)
        if kick.suit is not previous.suit:  # AF-12
            return _begin_play(d, packed)


def next_dealer(result: HandResult, players: int) -> int:
    """AF-8: the dealer of the deal after ``result``: the next seat (dealer + 1) after a played
    hand, the same dealer again after a void deal (AF-13).

    >>> from cardrules.all_fours import new_game
    >>> state = new_game(seed=4, dealer=3)
    >>> while not state.history:
    ...     state = state.apply(state.legal_actions()[0])
    >>> next_dealer(state.history[0], 4), state.dealer
    (0, 0)

    :raises ArgumentError: for a ``result`` that is not an All Fours ``HandResult``, or
        ``players`` other than 2 or 4 (AF-1).
    """
    if not isinstance(result, HandResult):
        refuse("result", "an all_fours.HandResult", result)
    if type(players) is not int or players not in (2, 4):
        refuse("players", "2 or 4 (AF-1)", players)
    return _next_dealer(result.dealer, players, result.ending is HandEnd.EXHAUSTED_PACK)


# -- legal actions ------------------------------------------------------------------------
def _legal_actions(s: State) -> tuple[Action, ...]:
    """The legal actions of ``s`` outside the play path: AF-10 (stand or beg), AF-11 (give one
    or run; with ``give_one_needs_trump`` the dealer gives one only holding the kick's suit),
    none at a chance state or when the game is over."""
    d = s._deal
    phase = d.phase
    if phase is _PLAY:
        return _plays(s._lmask)
    if phase is _BEG:
        return _STAND_BEG
    if phase is _ANSWER:
        # AF-11: with give_one_needs_trump the dealer gives one only holding the kick's suit.
        dealer_hand = s._hands >> (52 * d.dealer) & FULL_MASK
        if may_give_one(dealer_hand, d.kicks[-1].index // 13, _table(d.rules).params):
            return _GIVE_RUN
        return _RUN
    return ()


# -- transitions --------------------------------------------------------------------------
def _apply(s: State, action: Action) -> State:
    """The state after ``action`` outside the play path of :meth:`State.apply`: AF-10 (stand
    or beg, one beg per deal), AF-11 (give one or run the pack), the chance step (``Deal``,
    dealt by AF-7), and the refusals (:func:`_illegal`)."""
    d = s._deal
    phase = d.phase
    if phase is _BEG:
        if type(action) is Stand:  # AF-10
            standing = _copy(d)
            standing.decisions = (STAND,)
            return _begin_play(standing, s._hands)
        if type(action) is Beg:
            answering = _copy(d)
            answering.phase = _ANSWER
            answering.decisions = (BEG,)
            return _make(answering, hands=s._hands, turn=d.dealer)  # the dealer answers
    elif phase is _ANSWER and (type(action) is RunPack or type(action) is GiveOne):  # AF-11
        if type(action) is RunPack:
            answered = _copy(d)
            answered.decisions = (*d.decisions, action)
            return _run_pack(answered, s._hands)
        if GIVE_ONE in _legal_actions(s):
            beggar_side = (d.dealer + 1) % d.players % 2
            answered = _copy(d)
            answered.decisions = (*d.decisions, action)
            d = _award(answered, Award(beggar_side, GIVE_ONE_VALUE, AwardKind.GIVE_ONE))
            if d.winner is not None:
                return _make(_over(d), hands=s._hands, turn=None)
            return _begin_play(d, s._hands)
    elif phase is _DEAL and isinstance(action, Deal):  # chance: deal this pack (AF-7)
        return _start_deal(_copy(d), dealt_deck(action, ()))
    raise _illegal(s, action)


def _tally(
    d: _Deal,
    last: int,
    won: tuple[int, int],
    tricks: tuple[_RawTrick, ...],
) -> State:
    """AF-23: High, Low, Jack, Game one at a time, stopping at the target (the kernel
    :func:`~cardrules.all_fours.kernels.score_hand`); then AF-8: the next dealer deals."""
    card_points = (_mask_points(won[0]), _mask_points(won[1]))
    dealt = d.dealt
    if d.players == 4:  # AF-2: side 0 is seats 0 and 2
        side0, side1 = dealt[0] | dealt[2], dealt[1] | dealt[3]
    else:
        side0, side1 = dealt
    first, second, winner, slots = score_hand(
        d.scores[0],
        d.scores[1],
        d.trump,
        side0,
        side1,
        won[0],
        card_points[0],
        card_points[1],
        d.dealer,
        _table(d.rules).params,
    )
    tallied = _copy(d)  # a fresh copy, changed before anyone sees it
    tallied.scores = (first, second)
    tallied.awards = (*d.awards, *_award_objects(slots, card_points))
    if winner >= 0:  # AF-14: nothing further is scored
        tallied.winner = winner
        over = _over(tallied, card_points, tricks)
        return _make(over, hands=0, turn=None, leader=last, won=won, tricks=tricks)
    result = _hand_result(tallied, ending=_PLAYED, card_points=card_points, tricks=tricks)
    return _next_deal(tallied, result, dealer=_next_dealer(d.dealer, d.players, 0))  # AF-8


# -- errors ---------------------------------------------------------------------------------
def _illegal(s: State, action: object) -> IllegalActionError:
    """The most specific reason why ``action`` is not legal in ``s`` (the failure path)."""
    legal = s.legal_actions()
    seat = s._turn
    d = s._deal

    def error(reason: Reason, detail: str = "") -> IllegalActionError:
        return IllegalActionError(reason, seat=seat, action=action, legal=legal, detail=detail)

    if not isinstance(action, Stand | Beg | GiveOne | RunPack | Play | Deal):
        return error(Reason.NOT_AN_ACTION, f"{describe(action)} is not an All Fours action")
    if d.winner is not None:
        return IllegalActionError(Reason.GAME_OVER, seat=None, action=action)
    phase = d.phase
    if phase is _DEAL:
        return error(
            Reason.WRONG_PHASE,
            "a chance state: the deal waits for its pack; apply Deal(deck) with the 52 cards",
        )
    if isinstance(action, Deal):
        return error(
            Reason.WRONG_PHASE,
            f"Deal belongs to a chance state (new_game(chance='explicit')), not {phase.value}",
        )
    if isinstance(action, Play):
        if phase is not _PLAY:
            return error(Reason.WRONG_PHASE, f"no card is played in the {phase.value} phase")
        card = action.card
        assert seat is not None  # a seat acts during play
        hand = s._hands >> _SHIFT[seat] & FULL_MASK
        if not hand & card.mask:
            return error(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}")
        if d.called >= 0:
            return error(
                Reason.MUST_PLAY_CALLED_CARD, f"{CARDS[d.called]} was called and must be played"
            )
        # The stages of legal_play_mask, to name the one that rules the card out.
        lead = s._trick[0] // 13
        top = s._trick[s._best]
        if not play_mask(hand, lead, top, d.trump, UNDERTRUMP_ALLOWED, -1) & card.mask:  # AF-17/18
            if lead == d.trump:
                return error(Reason.MUST_PLAY_TRUMP, f"a trump ({Suit(d.trump)}) was led")
            return error(
                Reason.MUST_FOLLOW_OR_TRUMP,
                f"seat {seat} holds {Suit(lead)} and must follow or trump",
            )
        return error(  # AF-20
            Reason.UNDERTRUMP_FORBIDDEN,
            f"undertrumping is not allowed here (undertrump={d.rules.undertrump.value})",
        )
    if isinstance(action, Stand | Beg):
        if phase is _ANSWER and isinstance(action, Beg):
            return error(Reason.WRONG_PHASE, "there is one beg per deal (AF-10)")
        return error(
            Reason.WRONG_PHASE, f"stand and beg belong to the beg phase, not {phase.value}"
        )
    if phase is not _ANSWER:
        return error(
            Reason.WRONG_PHASE, f"the dealer answers a beg; this is the {phase.value} phase"
        )
    return error(
        Reason.NOT_ALLOWED_BY_RULES,
        "give_one_needs_trump: the dealer holds no card of the kick's suit and must run the pack",
    )


# -- AF-25: exposed cards and calls ------------------------------------------------------------
def _card_arg(card: Card | str) -> Card:
    if isinstance(card, str):
        return Card.parse(card)
    if not isinstance(card, Card):
        raise ParseError(f"{describe(card)} is not a card", text=card)
    return card


_Refuse = Callable[[Reason, str], IllegalActionError]


def _af25_start(
    s: State, seat: int, card: Card | str, verb: str, noun: str
) -> tuple[Card, _Refuse]:
    """AF-25's checks common to an exposure and a call: the card, the switch, the game still on,
    the seat; returns the card and a maker of this step's refusals."""
    parsed = _card_arg(card)
    d = s._deal

    def refuse(reason: Reason, detail: str) -> IllegalActionError:
        return IllegalActionError(reason, seat=seat, action=f"{verb} {parsed}", detail=detail)

    if not d.rules.exposed_cards:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{noun} need Rules(exposed_cards=True)")
    if d.winner is not None:
        raise IllegalActionError(Reason.GAME_OVER, seat=None, action=f"{verb} {parsed}")
    check_seat(seat, d.players)
    return parsed, refuse


def _with_deal(s: State, d: _Deal) -> State:
    """``s`` with a changed deal record (the cards and the trick as they are)."""
    return _make(
        d,
        hands=s._hands,
        turn=s._turn,
        leader=s._leader,
        trick=s._trick,
        tricks=s._tricks,
        won=s._won,
    )


def _expose(s: State, seat: int, card: Card | str) -> State:
    """AF-25: ``seat`` shows ``card`` out of turn (see :meth:`State.expose`)."""
    card, refuse = _af25_start(s, seat, card, "expose", "exposed cards")
    d = s._deal
    if not s.hand(seat).mask & card.mask:
        raise refuse(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}")
    if d.exposed & card.mask:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{card} is already exposed")
    if d.phase is _PLAY and s._turn == seat:
        raise refuse(
            Reason.NOT_YOUR_TURN, "a card shown on its owner's turn is played, not exposed"
        )
    return _with_deal(s, attrs.evolve(d, exposed=d.exposed | card.mask))


def _call(s: State, seat: int, card: Card | str) -> State:
    """AF-25: ``seat`` calls an opponent's exposed ``card`` (see :meth:`State.call`)."""
    card, refuse = _af25_start(s, seat, card, "call", "calls")
    d = s._deal
    if not d.exposed & card.mask:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{card} is not an exposed card")
    owner = s._turn
    if d.phase is not _PLAY or owner is None or not s.hand(owner).mask & card.mask:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"it is not the turn of {card}'s owner to play")
    if owner % 2 == seat % 2:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, "only an opponent of the owner may call")
    if d.called >= 0:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{CARDS[d.called]} is already called")
    if not s._lmask & card.mask:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{card} is not a legal play now")
    return _with_deal(s, attrs.evolve(d, called=card.index))


# -- determinization ---------------------------------------------------------------------------
def _with_hidden_cards(
    s: State, hands: Sequence[Iterable[Card | str]], stock: Sequence[Card | str]
) -> State:
    """Reassign the unplayed cards and the stock (see :meth:`State.with_hidden_cards`)."""
    d = s._deal
    n = d.players
    old_hands = _unpack(s._hands, n)
    new_hands = check_hands(hands, [hand.bit_count() for hand in old_hands])
    for seat in range(n):
        if d.exposed & old_hands[seat] & ~new_hands[seat]:
            raise _hidden_error(f"exposed cards are public and stay in seat {seat}'s hand", hands)
    new_stock = parse_cards(stock) if isinstance(stock, str) else _cards(stock)
    if len(new_stock) != len(d.stock):
        raise _hidden_error(
            f"the stock has {len(d.stock)} cards, got {len(new_stock)}", stock, "stock"
        )
    old_union = mask_of(d.stock)
    new_union = mask_of(new_stock)
    if new_union.bit_count() != len(new_stock):
        raise _hidden_error("the stock names a card twice", stock, "stock")
    for seat in range(n):
        if new_hands[seat] & new_union:
            raise _hidden_error(f"hand {seat} shares cards with the stock", hands)
        old_union |= old_hands[seat]
        new_union |= new_hands[seat]
    if old_union != new_union:
        raise _hidden_error(
            "the hands and stock must hold the same cards as before (the hidden cards); "
            "played cards and kicks may not move",
            hands,
        )
    # Keep the deck consistent with the deal: the positions of the cards that leave a seat get
    # the cards that join it (the cards that stay keep their places).
    deck = list(d.deck)
    positions = {card.index: p for p, card in enumerate(deck)}
    for seat in range(n):
        leaving = old_hands[seat] & ~new_hands[seat]
        joining = new_hands[seat] & ~old_hands[seat]
        slots = sorted(positions[c.index] for c in CARDS if leaving & c.mask)
        for slot, card in zip(slots, (c for c in CARDS if joining & c.mask), strict=True):
            deck[slot] = card
    deck[len(deck) - len(new_stock) :] = new_stock
    dealt = tuple(d.dealt[seat] & ~old_hands[seat] | new_hands[seat] for seat in range(n))
    d = attrs.evolve(d, deck=tuple(deck), stock=tuple(new_stock), dealt=dealt)
    return _make(
        d,
        hands=_pack(new_hands),
        turn=s._turn,
        leader=s._leader,
        trick=s._trick,
        tricks=s._tricks,
        won=s._won,
    )


def _hidden_error(message: str, value: object, name: str = "hands") -> ArgumentError:
    return ArgumentError(f"{name}: {message}", name=name, value=value)


# -- a state from its parts (determinization, saved states) ------------------------------------
def _assemble(
    deal: _Deal,
    *,
    hands: Sequence[int],
    turn: int | None,
    leader: int,
    trick: tuple[int, ...],
    tricks: tuple[_RawTrick, ...],
) -> State:
    """A mid-deal state from its parts (private: the callers check that the parts agree; the
    record's stock, players and simple flag follow from its other fields, :class:`_Deal`).
    ``hands`` are the masks in seat order; the cards won per side are worked out here."""
    won = [0, 0]
    for _, cards, taker in tricks:
        for index in cards:
            won[taker % 2] |= 1 << index
    return _make(
        deal,
        hands=_pack(hands),
        turn=turn,
        leader=leader,
        trick=trick,
        tricks=tricks,
        won=(won[0], won[1]),
    )
