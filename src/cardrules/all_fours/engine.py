"""The All Fours engine: :func:`new_game`, legal actions and every transition.

A game runs from :func:`new_game` to its winner through ``legal_actions()`` and ``apply()``
alone: kicks, runs of the pack, same-suit reruns, void deals, the tally and the next deal all
happen inside ``apply``.

>>> from cardrules.all_fours import Stand, new_game
>>> state = new_game(seed=2026, dealer=0)
>>> state.legal_actions()
(Stand(), Beg())
>>> state = state.apply(Stand())
>>> state.phase, state.trump == state.kick.suit, state.current_player
(<Phase.PLAY: 'play'>, True, 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from cardrules.all_fours.actions import (
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
from cardrules.all_fours.rules import Rules, Undertrump
from cardrules.all_fours.scoring import (
    GIVE_ONE_VALUE,
    Award,
    AwardKind,
    _card_award,
    _hand_awards,
    _mask_points,
)
from cardrules.all_fours.state import (
    HandEnd,
    HandResult,
    Phase,
    State,
    _copy,
    _Deal,
    _evolve,
    _hand_result,
    _make,
    _pack,
    _unpack,
)
from cardrules.core.cards import CARDS, Card, Suit, parse_cards
from cardrules.core.cardset import SUIT_MASKS, mask_of
from cardrules.core.checks import check_hands, check_int, check_scores, check_seat, check_seed
from cardrules.core.deck import _labelled_deck, draw_for_dealer, parse_deck
from cardrules.errors import ArgumentError, IllegalActionError, ParseError, Reason

__all__ = ["deal_layout", "deck_for", "new_game"]

_BEG: Final = Phase.BEG
_ANSWER: Final = Phase.ANSWER
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_ALLOWED: Final = Undertrump.ALLOWED
_ONLY_TRUMPS: Final = Undertrump.ONLY_IF_ONLY_TRUMPS
_STAND_BEG: Final[tuple[Action, ...]] = (STAND, BEG)
_GIVE_RUN: Final[tuple[Action, ...]] = (GIVE_ONE, RUN_PACK)
_RUN: Final[tuple[Action, ...]] = (RUN_PACK,)
_DEFAULT_RULES: Final = Rules()
_KICK: Final = AwardKind.KICK
_PLAYED: Final = HandEnd.PLAYED
_SUITS: Final = tuple(Suit)


# -- dealing (AF-7) -----------------------------------------------------------------------
_LAYOUTS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def deal_layout(rules: Rules, dealer: int) -> tuple[int, ...]:
    """AF-7: the seat that receives each of the first ``6 × players`` cards of the deck.

    Packets go from the dealer's right-hand neighbour (dealer + 1) round to the dealer; the next
    card is the kick.

    >>> deal_layout(Rules(players=2), 0)
    (1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0)
    """
    key = (rules.players, rules.deal_packet, dealer)
    layout = _LAYOUTS.get(key)
    if layout is None:
        n, packet = rules.players, rules.deal_packet
        seats: list[int] = []
        for _ in range(6 // packet):
            for offset in range(1, n + 1):
                seats.extend([(dealer + offset) % n] * packet)
        layout = _LAYOUTS[key] = tuple(seats)
    return layout


class _Table:
    """What the engine reads from a ruleset at every deal, worked out once per ruleset."""

    __slots__ = ("dealers", "kicks", "players", "rules", "simple", "target", "top")

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.players = n
        self.top = 6 * n  # the kick's place in the deck (AF-7)
        self.target = rules.target
        #: AF-5: the points of a kick, by card index.
        self.kicks: tuple[int, ...] = tuple(rules.kick_value(card.rank) for card in CARDS)
        #: AF-7: per dealer, a function from the deck to (each seat's six cards as a mask, all
        #: the hands packed as in State._hands).
        self.dealers = tuple(_dealing(deal_layout(rules, dealer), n) for dealer in range(n))
        #: AF-20 allows undertrumping and AF-25 is off: the play path's own legal masks apply.
        self.simple = rules.undertrump is _ALLOWED and not rules.exposed_cards


_Dealing = Callable[[Sequence[Card]], tuple[tuple[int, ...], int]]


def _dealing(layout: tuple[int, ...], players: int) -> _Dealing:
    """AF-7 for one layout as straight-line code (the deal is a large share of a random hand's
    cost): ``deck[p].mask`` for the positions of each seat, joined; then the packed hands."""
    lines = ["def deal(deck):"]
    for seat in range(players):
        cards = " | ".join(f"deck[{p}].mask" for p, owner in enumerate(layout) if owner == seat)
        lines.append(f"    h{seat} = {cards}")
    hands = ", ".join(f"h{seat}" for seat in range(players))
    packed = " | ".join(f"h{seat} << {52 * seat}" for seat in range(players))
    lines.append(f"    return ({hands}), {packed}")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # our own text, built above
    deal: _Dealing = namespace["deal"]
    return deal


# Tables by id(rules) (each entry keeps its ruleset alive, so the id is not reused meanwhile),
# and by value, for equal rulesets made afresh (e.g. ``Rules()`` for each game).
_TABLES: dict[int, tuple[Rules, _Table]] = {}
_TABLES_BY_VALUE: dict[Rules, _Table] = {}


def _table(rules: Rules) -> _Table:
    last = _LAST[0]
    if last.rules is rules:  # the common case: the same ruleset as the deal before
        return last
    table = _find_table(rules)
    _LAST[0] = table
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
    """
    rules = rules or Rules()
    n = rules.players
    if len(hands) != n:
        raise ParseError(f"deck_for needs {n} hands (one per seat), got {len(hands)}")
    cards = [parse_cards(h) if isinstance(h, str) else _cards(h) for h in hands]
    for seat, hand in enumerate(cards):
        if len(hand) != 6:
            raise ParseError(f"hand {seat} has {len(hand)} cards; AF-7 deals 6 each")
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
    return tuple(Card.parse(c) if isinstance(c, str) else c for c in items)


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: Sequence[Card] | str | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """A new game to the target, dealt and ready for the beggar's stand or beg.

    :param rules: the ruleset (default ``Rules()``, "trinidad").
    :param seed: drives every random choice (the first dealer if ``dealer`` is None, every
        shuffle); ``None`` draws 64 random bits, kept as ``state.seed``.
    :param dealer: the first dealer (AF-6); ``None`` draws for it from the seed.
    :param deck: fixes the first deal: 52 distinct cards, top first, dealt by AF-7 (see
        :func:`deck_for`).  Later deals are shuffled from the seed.
    :param scores: the two sides' scores when the game starts (default ``(0, 0)``), to set up a
        position or resume a match: ints from 0 to ``target - 1`` (a side on the target would
        have won already).
    :raises ArgumentError: for a bad ruleset, seed, dealer or scores (a ``ParseError`` and a
        ``RulesError``, as in 400).
    :raises ParseError: for a bad deck.

    The first kick scores at once (AF-9) and may even end the game (AF-14).

    >>> new_game(seed=3, dealer=0, scores=(12, 7)).scores
    (12, 7)
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise ArgumentError(
            f"rules: expected an all_fours.Rules, got {type(rules).__name__}",
            name="rules",
            value=rules,
        )
    seed = secrets.randbits(64) if seed is None else check_seed(seed)
    n = rules.players
    dealer = draw_for_dealer(seed, n) if dealer is None else check_seat(dealer, n, name="dealer")
    first = parse_deck(deck) if deck is not None else None
    return _start_deal(rules, seed, dealer, 0, _start_scores(rules, scores), (), first)


def _start_scores(rules: Rules, scores: Sequence[int] | None) -> tuple[int, int]:
    """The validated starting scores of :func:`new_game`."""
    if scores is None:
        return (0, 0)
    first, second = check_scores(scores, 2, who="(side 0, side 1)")
    for value in (first, second):
        check_int(value, name="scores", low=0, high=rules.target - 1)
    return (first, second)


_LAST: list[_Table] = [_find_table(_DEFAULT_RULES)]  # the table used last (one slot)


# -- the deal, kicks and runs (AF-7 ... AF-14) ----------------------------------------------
def _start_deal(
    rules: Rules,
    seed: int,
    dealer: int,
    deal_number: int,
    scores: tuple[int, int],
    history: tuple[HandResult, ...],
    deck: tuple[Card, ...] | None = None,
) -> State:
    """AF-7: deal six cards each and turn the kick (scored at once, AF-9)."""
    t = _table(rules)
    if deck is None:
        deck = _labelled_deck(seed, "deal", deal_number)
    # The masks of distinct cards are disjoint bits: their sum is their union.
    dealt, packed = t.dealers[dealer](deck)
    top = t.top
    kick = deck[top]
    awards: tuple[Award, ...] = ()
    winner = None
    points = t.kicks[kick.index]
    if points:  # AF-9
        side = dealer & 1
        awards = (_card_award(side, points, _KICK, kick.index),)
        scores = (scores[0] + points, scores[1]) if side == 0 else (scores[0], scores[1] + points)
        if scores[side] >= t.target:  # AF-14
            winner = side
    n = t.players
    d = _Deal(
        rules,
        n,
        seed,
        dealer,
        deal_number,
        deck,
        deck[top + 1 :],
        (kick,),
        dealt,
        -1,
        0,
        _BEG,
        scores,
        history,
        awards,
        (),
        winner,
        0,
        -1,
        t.simple,
    )
    if winner is not None:
        return _make(_over(d), packed, None, 0, (), 0, (0, 0), ())
    return _make(d, packed, dealer + 1 if dealer + 1 < n else 0, 0, (), 0, (0, 0), ())


def _award(d: _Deal, award: Award) -> _Deal:
    """Score one award; AF-14, AF-21: the game ends the moment a side reaches the target."""
    scores = list(d.scores)
    scores[award.side] += award.points
    winner = award.side if scores[award.side] >= d.rules.target else None
    return _evolve(d, scores=(scores[0], scores[1]), awards=(*d.awards, award), winner=winner)


def _over(
    d: _Deal,
    card_points: tuple[int, int] | None = None,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...] = (),
) -> _Deal:
    """The deal after the target was reached: the game is over (AF-14)."""
    result = _result(d, HandEnd.TARGET_REACHED, card_points, tricks)
    return _evolve(d, phase=_OVER, history=(*d.history, result))


def _result(
    d: _Deal,
    reason: HandEnd,
    card_points: tuple[int, int] | None,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...] = (),
) -> HandResult:
    return _hand_result(
        d.deal_number,
        d.dealer,
        d.kicks,
        _SUITS[d.trump] if d.trump >= 0 else None,
        d.decisions,
        d.awards,
        reason,
        card_points,
        d.scores,
        tricks,
        d.players,
    )


def _begin_play(d: _Deal, hands: int, decisions: tuple[Action, ...]) -> State:
    """Trumps are fixed (AF-10 ... AF-12); the beggar leads (AF-16)."""
    trump = d.kicks[-1].index // 13
    d = _copy(d)
    d.trump = trump
    d.tmask = SUIT_MASKS[trump]
    d.phase = _PLAY
    d.decisions = decisions
    n = d.players
    leader = d.dealer + 1 if d.dealer + 1 < n else 0
    return _make(d, hands, leader, leader, (), 0, (0, 0), ())  # AF-16: the beggar leads


def _run_pack(d: _Deal, packed: int) -> State:
    """AF-11 ... AF-13: run the pack until the kick changes suit, or void the deal."""
    n = d.players
    need = 3 * n + 1
    hands = _unpack(packed, n)
    while True:
        stock = d.stock
        if len(stock) < need:
            # AF-13: the pack is exhausted: void deal, same dealer, fresh shuffle.
            result = _result(d, HandEnd.EXHAUSTED_PACK, None)
            return _start_deal(
                d.rules, d.seed, d.dealer, d.deal_number + 1, d.scores, (*d.history, result)
            )
        new_hands = list(hands)
        dealt = list(d.dealt)
        position = 0
        for offset in range(1, n + 1):
            seat = (d.dealer + offset) % n
            packet = stock[position].mask | stock[position + 1].mask | stock[position + 2].mask
            new_hands[seat] |= packet
            dealt[seat] |= packet
            position += 3
        kick = stock[position]
        previous = d.kicks[-1]
        hands = tuple(new_hands)
        d = _evolve(d, stock=stock[position + 1 :], kicks=(*d.kicks, kick), dealt=tuple(dealt))
        points = _table(d.rules).kicks[kick.index]
        if points:  # AF-9: every kick scores, even one at once replaced
            d = _award(d, _card_award(d.dealer % 2, points, _KICK, kick.index))
            if d.winner is not None:
                return _make(_over(d), _pack(hands), None, 0, (), 0, (0, 0), ())
        if kick.suit is not previous.suit:  # AF-12
            return _begin_play(d, _pack(hands), d.decisions)


# -- legal actions ------------------------------------------------------------------------
def _legal_mask(d: _Deal, hand: int, trick: tuple[int, ...], best: int) -> int:
    """AF-16 ... AF-20 (and AF-25's called card): the mask of the legal plays from ``hand``."""
    if trick:
        lead = trick[0] // 13
        of_suit = hand & SUIT_MASKS[lead]
        if lead == d.trump:  # AF-17
            legal = of_suit or hand
        else:  # AF-18
            tmask = d.tmask
            legal = of_suit | (hand & tmask) if of_suit else hand
            if d.rules.undertrump is not _ALLOWED:  # AF-20
                top = trick[best]
                if top // 13 == d.trump:
                    under = hand & tmask & ((1 << top) - 1)
                    if under and (hand & ~tmask if d.rules.undertrump is _ONLY_TRUMPS else of_suit):
                        legal &= ~under
    else:
        legal = hand
    if d.called >= 0:
        legal &= 1 << d.called
    return legal


def legal_actions(s: State) -> tuple[Action, ...]:
    """The legal actions of ``s``."""
    d = s._d
    phase = d.phase
    if phase is _PLAY:
        return _plays(s._lmask)
    if phase is _BEG:
        return _STAND_BEG
    if phase is _ANSWER:
        # AF-11: with give_one_needs_trump the dealer gives one only holding the kick's suit.
        dealer_hand = s._hands >> (52 * d.dealer)
        if d.rules.give_one_needs_trump and not dealer_hand & SUIT_MASKS[d.kicks[-1].suit]:
            return _RUN
        return _GIVE_RUN
    return ()


# -- transitions --------------------------------------------------------------------------
def apply(s: State, action: Action) -> State:
    """The state after ``action`` (see :meth:`State.apply`; legal plays take the fast path
    there)."""
    d = s._d
    phase = d.phase
    kind = action.__class__
    if phase is _BEG:
        if kind is Stand:  # AF-10
            return _begin_play(d, s._hands, (STAND,))
        if kind is Beg:
            d = _copy(d)
            d.phase = _ANSWER
            d.decisions = (BEG,)
            return _make(d, s._hands, d.dealer, 0, (), 0, (0, 0), ())
    elif phase is _ANSWER and (kind is RunPack or kind is GiveOne):  # AF-11
        if kind is RunPack:
            return _run_pack(_evolve(d, decisions=(*d.decisions, action)), s._hands)
        if GIVE_ONE in legal_actions(s):
            beggar_side = (d.dealer + 1) % d.players % 2
            d = _award(
                _evolve(d, decisions=(*d.decisions, action)),
                Award(beggar_side, GIVE_ONE_VALUE, AwardKind.GIVE_ONE),
            )
            if d.winner is not None:
                return _make(_over(d), s._hands, None, 0, (), 0, (0, 0), ())
            return _begin_play(d, s._hands, d.decisions)
    raise _illegal(s, action)


def _tally(
    d: _Deal,
    last: int,
    won: tuple[int, int],
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
) -> State:
    """AF-23: High, Low, Jack, Game one at a time, stopping at the target; then AF-8: the next
    dealer deals."""
    card_points = (_mask_points(won[0]), _mask_points(won[1]))
    scores = list(d.scores)
    target = d.rules.target
    awards = list(d.awards)
    for award in _hand_awards(d.trump, d.dealt, won, d.dealer, d.rules, card_points):
        scores[award.side] += award.points
        awards.append(award)
        if scores[award.side] >= target:  # AF-14: nothing further is scored
            d = _evolve(d, scores=(scores[0], scores[1]), awards=tuple(awards), winner=award.side)
            return _make(_over(d, card_points, tricks), 0, None, last, (), 0, won, tricks)
    final = (scores[0], scores[1])
    result = _hand_result(
        d.deal_number,
        d.dealer,
        d.kicks,
        _SUITS[d.trump],
        d.decisions,
        tuple(awards),
        _PLAYED,
        card_points,
        final,
        tricks,
        d.players,
    )
    dealer = d.dealer + 1
    return _start_deal(
        d.rules,
        d.seed,
        dealer if dealer < d.players else 0,
        d.deal_number + 1,
        final,
        (*d.history, result),
    )


# -- errors ---------------------------------------------------------------------------------
def _illegal(s: State, action: object) -> IllegalActionError:
    """The most specific reason why ``action`` is not legal in ``s`` (the failure path)."""
    legal = s.legal_actions()
    seat = s._turn
    d = s._d

    def error(reason: Reason, detail: str = "") -> IllegalActionError:
        return IllegalActionError(reason, seat=seat, action=action, legal=legal, detail=detail)

    if not isinstance(action, Stand | Beg | GiveOne | RunPack | Play):
        return error(Reason.NOT_AN_ACTION, f"{action!r} is not an All Fours action")
    if d.winner is not None:
        return IllegalActionError(Reason.GAME_OVER, seat=None, action=action)
    phase = d.phase
    if isinstance(action, Play):
        if phase is not _PLAY:
            return error(Reason.WRONG_PHASE, f"no card is played in the {phase.value} phase")
        card = action.card
        hand = s.hand(seat).mask  # type: ignore[arg-type]
        if not hand & card.mask:
            return error(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}")
        if d.called >= 0:
            return error(
                Reason.MUST_PLAY_CALLED_CARD, f"{CARDS[d.called]} was called and must be played"
            )
        lead = s._trick[0] // 13
        trump = Suit(d.trump)
        if lead == d.trump:
            return error(Reason.MUST_PLAY_TRUMP, f"a trump ({trump}) was led")
        if card.suit != lead and card.suit != trump:
            return error(
                Reason.MUST_FOLLOW_OR_TRUMP,
                f"seat {seat} holds {Suit(lead)} and must follow or trump",
            )
        return error(
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
        raise ParseError(f"{card!r} is not a card", text=card)
    return card


_Refuse = Callable[[Reason, str], IllegalActionError]


def _af25_start(
    s: State, seat: int, card: Card | str, verb: str, noun: str
) -> tuple[Card, _Refuse]:
    """AF-25's checks common to an exposure and a call: the card, the switch, the game still on,
    the seat; returns the card and a maker of this step's refusals."""
    parsed = _card_arg(card)
    d = s._d

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
    return _make(d, s._hands, s._turn, s._leader, s._trick, s._best, s._won, s._tricks)


def expose(s: State, seat: int, card: Card | str) -> State:
    """AF-25: ``seat`` shows ``card`` out of turn (see :meth:`State.expose`)."""
    card, refuse = _af25_start(s, seat, card, "expose", "exposed cards")
    d = s._d
    if not s.hand(seat).mask & card.mask:
        raise refuse(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}")
    if d.exposed & card.mask:
        raise refuse(Reason.NOT_ALLOWED_BY_RULES, f"{card} is already exposed")
    if d.phase is _PLAY and s._turn == seat:
        raise refuse(
            Reason.NOT_YOUR_TURN, "a card shown on its owner's turn is played, not exposed"
        )
    return _with_deal(s, _evolve(d, exposed=d.exposed | card.mask))


def call(s: State, seat: int, card: Card | str) -> State:
    """AF-25: ``seat`` calls an opponent's exposed ``card`` (see :meth:`State.call`)."""
    card, refuse = _af25_start(s, seat, card, "call", "calls")
    d = s._d
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
    return _with_deal(s, _evolve(d, called=card.index))


# -- determinization ---------------------------------------------------------------------------
def with_hidden_cards(
    s: State, hands: Sequence[Iterable[Card | str]], stock: Sequence[Card | str]
) -> State:
    """Reassign the unplayed cards and the stock (see :meth:`State.with_hidden_cards`)."""
    d = s._d
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
    d = _evolve(d, deck=tuple(deck), stock=tuple(new_stock), dealt=dealt)
    return _make(d, _pack(new_hands), s._turn, s._leader, s._trick, s._best, s._won, s._tricks)


def _hidden_error(message: str, value: object, name: str = "hands") -> ArgumentError:
    return ArgumentError(f"{name}: {message}", name=name, value=value)


# -- a state from its parts (determinization, saved states) ------------------------------------
def _assemble(
    rules: Rules,
    seed: int,
    dealer: int,
    deal_number: int,
    deck: tuple[Card, ...],
    kicks: tuple[Card, ...],
    dealt: tuple[int, ...],
    trump: Suit | None,
    phase: Phase,
    scores: tuple[int, int],
    history: tuple[HandResult, ...],
    awards: tuple[Award, ...],
    decisions: tuple[Action, ...],
    winner: int | None,
    exposed: int,
    called: int,
    hands: Sequence[int],
    turn: int | None,
    leader: int,
    trick: tuple[int, ...],
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
) -> State:
    """A mid-deal state from its parts (private: the callers check that the parts agree; the
    stock is the end of ``deck`` after the deal and the runs).  The trick's best card and the
    cards won per side are worked out here."""
    n = rules.players
    top = 6 * n + 1 + (len(kicks) - 1) * (3 * n + 1)
    t = -1 if trump is None else int(trump)
    d = _Deal(
        rules,
        n,
        seed,
        dealer,
        deal_number,
        deck,
        deck[top:],
        kicks,
        dealt,
        t,
        0 if trump is None else SUIT_MASKS[trump],
        phase,
        scores,
        history,
        awards,
        decisions,
        winner,
        exposed,
        called,
        rules.undertrump is _ALLOWED and not rules.exposed_cards,
    )
    best = 0
    for position in range(1, len(trick)):
        card, top_card = trick[position], trick[best]
        if card // 13 == top_card // 13:
            if card > top_card:
                best = position
        elif card // 13 == t:
            best = position
    won = [0, 0]
    for _, cards, taker in tricks:
        for index in cards:
            won[taker % 2] |= 1 << index
    return _make(d, _pack(hands), turn, leader, trick, best, (won[0], won[1]), tricks)
