"""Saving and loading one 400 state on its own: :func:`save_state`, :func:`load_state`.

A saved state is JSON holding the match (rules, seed, the finished hands of ``history``, each
with its deck and every card played in it, the scores when the current deal began), the
current deal (number, dealer, deck) and the steps of that deal so far.  Loading re-scores every
finished hand from its bids and tricks (FH-19 ... FH-24, FH-26 ... FH-28), then replays the
whole game through the engine: deal 0 from its deck, every later deal from the seed's deck
(FH-7), each hand's bids, cards, claim, redeal or penalty applied as the engine applies them,
and each hand the engine finishes compared with the saved one field by field; then the current
deal's steps.  So the loader accepts only a past that the engine itself would have played: a
saved state that was tampered with (a trick taken from the holder of the ace of trumps, one
seat given all 13, with the scores re-scored to match), or that does not hold together, is
refused with a :class:`~cardrules.core.records.RecordError` saying what is wrong; nothing is
fixed up.

A state saved by an earlier release holds no cards of its finished hands, so its past cannot
be replayed: it is refused, with a reason saying so (one saved during its first deal, with no
finished hand, loads as before).  The game's record (:mod:`cardrules.records`) holds every
deal's deck and steps and replays in full.

>>> from cardrules.four_hundred import Bid, load_state, new_game, save_state
>>> state = new_game(seed=11, dealer=2)
>>> for bid in (4, 3, 2, 2):
...     state = state.apply(Bid(bid))
>>> state = state.apply(state.legal_actions()[0])
>>> load_state(save_state(state)) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardrules.core.cards import Card, parse_cards
from cardrules.core.checks import check_scores, refuse
from cardrules.core.deck import parse_deck, shuffled_deck
from cardrules.core.records import (
    STATE_FORMAT,
    STATE_VERSION,
    RecordError,
    read_saved_state,
)
from cardrules.core.records import exact_fields as _exact
from cardrules.core.records import saved_field as _get
from cardrules.errors import CardrulesError, describe
from cardrules.four_hundred.actions import (
    Bid,
    Claim,
    Play,
    Redeal,
    TalkBeforePlay,
    TalkDuringPlay,
)
from cardrules.four_hundred.engine import State, _full_bids, _hand_result, _start_deal
from cardrules.four_hundred.record import CODEC
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.scoring import (
    START_LEVEL,
    HandScore,
    _score_conduct,
    _score_played,
    is_thrown_in,
    minimum_bid,
)
from cardrules.four_hundred.state import HandEnd, HandResult, Outcome, Phase, _copy, _Deal

__all__ = ["STATE_FORMAT", "STATE_VERSION", "load_state", "save_state"]

_RESULT_KEYS: Final = {
    "hand_number",
    "deal_number",
    "dealer",
    "bids",
    "tricks",
    "changes",
    "scores",
    "outcomes",
    "ending",
    "claimer",
    "offender",
    "high_bid_winner",
    "level",
    "offences",
    "winner",
}
#: What each finished hand holds besides its scoresheet line: the deal's deck and every card
#: played, enough to replay the hand through the engine.
_CARD_KEYS: Final = {"deck", "plays"}


# -- saving ------------------------------------------------------------------------------------
def _result_dict(result: HandResult, deck: tuple[Card, ...]) -> dict[str, Any]:
    return {
        "hand_number": result.hand_number,
        "deal_number": result.deal_number,
        "dealer": result.dealer,
        "bids": list(result.bids),
        "tricks": list(result.tricks_taken),
        "changes": list(result.changes),
        "scores": list(result.scores),
        "outcomes": [None if o is None else o.value for o in result.outcomes],
        "ending": result.ending.value,
        "claimer": result.claimer,
        "offender": result.offender,
        "high_bid_winner": result.high_bid_winner,
        "level": result.level,
        "offences": list(result.offences),
        "winner": result.winner,
        "deck": " ".join(str(card) for card in deck),
        "plays": " ".join(str(card) for card in result.plays),
    }


def _closed(state: State) -> bool:
    """Whether ``state.history`` already holds the current deal (a game over in this deal)."""
    return bool(state.history) and state.history[-1].deal_number == state.deal_number


def _steps_of(state: State) -> list[tuple[int, str]]:
    """The steps that rebuild the current deal of ``state`` from its deal."""
    steps: list[tuple[int, str]] = []
    first = (state.dealer + 1) % 4
    bids = state.bids
    for offset in range(4):
        seat = (first + offset) % 4
        if bids[seat] is None:
            break
        steps.append((seat, str(bids[seat])))
    tricks = list(state.tricks)
    if state.current_trick.cards:
        tricks.append(state.current_trick)
    for trick in tricks:
        steps.extend((seat, str(card)) for seat, card in trick.plays())
    if _closed(state):
        last = state.history[-1]
        if last.ending is HandEnd.CLAIMED:
            steps.append((state.leader, f"claim:{last.claimer}"))
        elif last.ending is HandEnd.CONDUCT_PENALTY:
            turn = (state.leader + len(state.current_trick.cards)) % 4
            steps.append((turn, f"talk_during_play:{last.offender}"))
        elif last.ending is HandEnd.CONDUCT_REDEAL:
            turn = (first + len(steps)) % 4
            steps.append((turn, f"talk_before_play:{last.offender}"))
    return steps


def _deal_start_scores(state: State) -> tuple[int, int, int, int]:
    if _closed(state):
        last = state.history[-1]
        s = tuple(a - b for a, b in zip(last.scores, last.changes, strict=True))
        return (s[0], s[1], s[2], s[3])
    return state.scores


def save_state(state: State) -> str:
    """The state as JSON text (see :func:`load_state`).

    A saved state is rebuilt from the game's seed, so a state of a game with
    ``chance="explicit"`` (whose decks are the caller's) is refused with a
    :class:`~cardrules.core.records.RecordError`; pickle such a state instead (every state,
    chance states too, pickles and unpickles to an equal state).

    :raises ArgumentError: for a value that is not a 400 state (a TypeError too).
    :raises RecordError: for a state of a game with explicit chance.
    """
    if not isinstance(state, State):
        refuse("state", "a four_hundred.State", state)
    if state.chance == "explicit":
        raise RecordError(
            "save_state: a game with chance='explicit' is not rebuilt from its seed and cannot "
            "be saved this way; pickle the state instead"
        )
    history = state.history[:-1] if _closed(state) else state.history
    first_deck = state._deal.first_deck
    if history and not first_deck:
        raise RecordError(
            "save_state: this state does not hold the deck of its first deal (a determinized "
            "sample holds only what a seat knows), so its past cannot be replayed; pickle the "
            "state instead"
        )
    decks = [first_deck] + [shuffled_deck(state.seed, "deal", r.deal_number) for r in history[1:]]
    data = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "game": "four_hundred",
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "scores": list(_deal_start_scores(state)),
        "history": [_result_dict(r, deck) for r, deck in zip(history, decks, strict=False)],
        "deck": " ".join(str(card) for card in state.deck),
        "steps": [list(step) for step in _steps_of(state)],
    }
    return json.dumps(data, indent=1)


# -- loading -----------------------------------------------------------------------------------
def _ints(value: Any, count: int, where: str, *, none: bool = False) -> tuple[Any, ...]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(
            (v is None and none) or (isinstance(v, int) and not isinstance(v, bool)) for v in value
        )
    ):
        kind = "ints or nulls" if none else "ints"
        raise RecordError(f"{where} must be {count} {kind}, not {describe(value)}")
    return tuple(value)


def _optional_int(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw[key]
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise RecordError(f"{where}: {describe(key)} must be an int or null, not {describe(value)}")
    return value


def _cards(raw: Mapping[str, Any], where: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The deck and the cards played of a finished hand (not yet checked against play)."""
    try:
        deck = parse_deck(_get(raw, "deck", str, where))
        plays = parse_cards(_get(raw, "plays", str, where))
    except RecordError:
        raise
    except CardrulesError as error:
        raise RecordError(f"{where}: {error}") from None
    if len(plays) > 52 or len(set(plays)) != len(plays):
        raise RecordError(f"{where}: the cards played must be distinct cards of the deck")
    return deck, plays


def _result(raw: Any, where: str) -> HandResult:
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object")
    if set(raw) == _RESULT_KEYS:
        raise RecordError(
            f"{where} holds no cards (no 'deck' or 'plays': a state saved by an earlier "
            "release), so the hand cannot be replayed through the engine and its past cannot be "
            "checked: the saved state is refused; load the game's record instead"
        )
    _exact(raw, _RESULT_KEYS | _CARD_KEYS, where)
    try:
        ending = HandEnd(raw["ending"])
        o0, o1, o2, o3 = (
            None if o is None else Outcome(o)
            for o in _ints_or_text(raw["outcomes"], f"{where}.outcomes")
        )
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None
    dealer = _get(raw, "dealer", int, where)
    if dealer not in (0, 1, 2, 3):
        raise RecordError(f"{where}: the dealer must be a seat 0..3, not {describe(dealer)}")
    return HandResult(
        _optional_int(raw, "hand_number", where),
        _get(raw, "deal_number", int, where),
        dealer,
        _ints(raw["bids"], 4, f"{where}.bids", none=True),
        _ints(raw["tricks"], 4, f"{where}.tricks"),
        _ints(raw["changes"], 4, f"{where}.changes"),
        _ints(raw["scores"], 4, f"{where}.scores"),
        (o0, o1, o2, o3),
        ending,
        _optional_int(raw, "claimer", where),
        _optional_int(raw, "offender", where),
        _optional_int(raw, "high_bid_winner", where),
        _get(raw, "level", int, where),
        _ints(raw["offences"], 2, f"{where}.offences"),
        _optional_int(raw, "winner", where),
    )


def _ints_or_text(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 4:
        raise RecordError(f"{where} must be a list of 4 outcomes, not {describe(value)}")
    return value


_SCORED: Final = (HandEnd.PLAYED, HandEnd.CLAIMED, HandEnd.CONDUCT_PENALTY)


def _expected(result: HandResult, match: _Deal, where: str) -> HandResult:
    """The hand that the rules give from ``result``'s bids, tricks and ending, after the match
    stood as ``match`` says (its rules, scores, level, offences, hand number); raises for what
    cannot be re-scored.  The scoring and the scoresheet line are the engine's own
    (:mod:`~cardrules.four_hundred.scoring`, ``engine._hand_result``)."""
    rules, before, level = match.rules, match.scores, match.level
    bids = result.bids
    ending = result.ending
    offender = result.offender
    if ending in (HandEnd.CONDUCT_REDEAL, HandEnd.CONDUCT_PENALTY):
        if not rules.conduct_penalties:
            raise RecordError(f"{where}: a conduct penalty, but conduct_penalties is off")
        if offender not in (0, 1):
            raise RecordError(
                f"{where}: a conduct penalty names team 0 or 1, not {describe(offender)}"
            )
    if ending is HandEnd.VOID_REDEAL and not rules.no_picture_redeal:
        raise RecordError(f"{where}: a no-picture redeal, but no_picture_redeal is off (FH-30)")
    for seat, bid in enumerate(bids):
        if bid is not None and not minimum_bid(before[seat], rules) <= bid <= 13:
            raise RecordError(f"{where}: seat {seat}'s bid {bid} is not legal (FH-11, FH-12)")
    if (ending in _SCORED or ending is HandEnd.THROWN_IN) and None in bids:
        raise RecordError(f"{where}: a {ending.value} hand needs all four bids")
    if ending is HandEnd.THROWN_IN and not is_thrown_in(before, _full_bids(bids), rules):
        raise RecordError(f"{where}: the bids {list(bids)} are not thrown in (FH-13, FH-14)")
    if ending in (HandEnd.PLAYED, HandEnd.CLAIMED) and is_thrown_in(
        before, _full_bids(bids), rules
    ):
        raise RecordError(f"{where}: the bids {list(bids)} are thrown in, not played (FH-14)")
    made_bids = [bid is not None for bid in bids]
    first = (result.dealer + 1) % 4 if result.dealer in (0, 1, 2, 3) else 0
    in_order = [made_bids[(first + k) % 4] for k in range(4)]
    if in_order != sorted(in_order, reverse=True):
        raise RecordError(f"{where}: the bids {list(bids)} are not made in turn from dealer+1")
    tricks = result.tricks_taken
    if ending in (HandEnd.PLAYED, HandEnd.CLAIMED) and (sum(tricks) != 13 or min(tricks) < 0):
        raise RecordError(f"{where}: the tricks {list(tricks)} of a finished hand must total 13")
    if ending is HandEnd.CONDUCT_PENALTY and (sum(tricks) > 13 or min(tricks) < 0):
        raise RecordError(f"{where}: the tricks {list(tricks)} are more than a hand holds")
    if ending is HandEnd.CLAIMED and result.claimer not in (0, 1, 2, 3):
        raise RecordError(f"{where}: a claimed hand names its claimer, a seat 0..3")
    if ending not in _SCORED:
        tricks = (0, 0, 0, 0)
    scored: HandScore | None = None
    if ending is HandEnd.CONDUCT_PENALTY:
        assert offender is not None  # checked above
        scored = _score_conduct(before, _full_bids(bids), offender, level, rules)
    elif ending in _SCORED:
        scored = _score_played(before, _full_bids(bids), tricks, level, rules)
    conduct = ending in (HandEnd.CONDUCT_REDEAL, HandEnd.CONDUCT_PENALTY)
    return _hand_result(
        match,
        ending=ending,
        bids=bids,
        taken=tricks,
        scored=scored,
        claimer=result.claimer if ending is HandEnd.CLAIMED else None,
        offender=offender if conduct else None,
    )


def _start_scores(scores: tuple[int, ...], where: str) -> tuple[int, int, int, int]:
    """Scores a game may start from (``new_game(scores=...)``: ints within 64 bits)."""
    try:
        start = check_scores(scores, 4)
    except CardrulesError as error:
        raise RecordError(f"{where}: {error}") from None
    return (start[0], start[1], start[2], start[3])


def _check_history(
    history: tuple[HandResult, ...],
    rules: Rules,
    dealer: int,
    scores: tuple[int, int, int, int],
    seed: int,
) -> tuple[int, tuple[int, int], int]:
    """The finished hands must chain (deal numbers 0, 1, …; dealers by FH-8; each hand re-scored
    from its bids and tricks; nobody has won yet) and end at the current deal's dealer and
    starting scores.  Returns the level, the offences and the hand number for the deal."""
    level, offences, hand_number = START_LEVEL, (0, 0), 1
    for number, result in enumerate(history):
        where = f"history[{number}]"
        if result.deal_number != number:
            raise RecordError(f"{where}: deal number {result.deal_number}, expected {number}")
        if number and result.dealer != (history[number - 1].dealer + 1) % 4:
            follows = (history[number - 1].dealer + 1) % 4
            raise RecordError(
                f"{where}: the dealer is seat {result.dealer}, FH-8 gives seat {follows}",
                deal=number,
            )
        if number:
            before = history[number - 1].scores
        else:
            start = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
            before = _start_scores(start, f"{where}: the scores before it")
        match = _Deal(
            rules=rules,
            seed=seed,
            dealer=result.dealer,
            deal_number=number,
            scores=before,
            level=level,
            history=history[:number],
            hand_number=hand_number,
            offences=offences,
        )
        expected = _expected(result, match, where)
        if expected != result:
            wrong = [
                f"{field.name} is {describe(getattr(result, field.name))}, the rules give "
                f"{describe(getattr(expected, field.name))}"
                for field in attrs.fields(HandResult)
                if getattr(result, field.name) != getattr(expected, field.name)
            ]
            raise RecordError(
                f"{where}: the hand does not follow from the scores before it: " + "; ".join(wrong),
                deal=number,
            )
        if result.winner is not None:
            raise RecordError(f"{where}: the game ended in this hand; nothing can follow")
        if number and result.ending is HandEnd.VOID_REDEAL:
            _replay_redeal(_start_deal(_copy(match)), result, where)
        level, offences = result.level, result.offences
        hand_number += result.scored
    if history:
        last = history[-1]
        if dealer != (last.dealer + 1) % 4:
            raise RecordError(
                f"the dealer is seat {dealer}, but FH-8 gives seat {(last.dealer + 1) % 4}"
            )
        if last.scores != scores:
            raise RecordError(
                f"the scores when the deal began are {list(scores)}, but the last finished "
                f"hand ended at {list(last.scores)}"
            )
    return level, offences, hand_number


def _replay_redeal(state: State, result: HandResult, where: str) -> None:
    """FH-30 on the seed's deal: the recorded bids, then a redeal by a seat that holds no
    picture card, must be legal and end the hand as recorded."""
    first = (result.dealer + 1) % 4
    bids = [result.bids[(first + k) % 4] for k in range(4)]
    actions: list[Bid | Redeal] = [Bid(bid) for bid in bids if bid is not None]
    number = result.deal_number
    try:
        for action in [*actions, Redeal()]:
            state = state.apply(action)
    except CardrulesError as error:
        raise RecordError(f"{where}: the seed's deal does not allow it: {error}") from None
    if len(state.history) <= number or state.history[number] != result:
        raise RecordError(f"{where}: the seed's deal does not end as recorded", deal=number)


def _replay_hand(state: State, result: HandResult, where: str) -> State:
    """Apply one finished hand's bids, cards and ending (claim, redeal or penalty) to
    ``state``, dealt at the start of that hand, through the engine."""
    number = result.deal_number
    first = (result.dealer + 1) % 4
    bids = [result.bids[(first + k) % 4] for k in range(4)]
    actions: list[Any] = [Bid(bid) for bid in bids if bid is not None]
    actions += [Play(card) for card in result.plays]
    offender = result.offender
    if result.ending is HandEnd.VOID_REDEAL:
        actions.append(Redeal())
    elif result.ending is HandEnd.CONDUCT_REDEAL and offender is not None:
        actions.append(TalkBeforePlay(offender))
    elif result.ending is HandEnd.CONDUCT_PENALTY and offender is not None:
        actions.append(TalkDuringPlay(offender))
    elif result.ending is HandEnd.CLAIMED and result.claimer is not None:
        actions.append(Claim(result.claimer))
    for action in actions:
        if len(state.history) > number:
            raise RecordError(f"{where}: the hand ended before {describe(action)}", deal=number)
        try:
            if isinstance(action, Claim):
                state = state.claim(action.seat)
            elif isinstance(action, TalkBeforePlay | TalkDuringPlay):
                state = state.penalize(action)
            else:
                state = state.apply(action)
        except CardrulesError as error:
            raise RecordError(f"{where}: {error}", deal=number, seat=state.current_player) from None
    if len(state.history) <= number:
        raise RecordError(f"{where}: the cards played do not finish the hand", deal=number)
    return state


def _replay_history(
    history: tuple[HandResult, ...],
    decks: tuple[tuple[Card, ...], ...],
    rules: Rules,
    seed: int,
    start: tuple[int, int, int, int],
) -> State:
    """Replay the finished hands through the engine, from deal 0 (dealt from its deck) on; each
    later deal must be the seed's, and each hand the engine finishes must be the saved one.
    Returns the engine's state at the start of the deal after them."""
    first = _Deal(
        rules=rules,
        seed=seed,
        dealer=history[0].dealer,
        deal_number=0,
        scores=start,
        level=START_LEVEL,
        history=(),
        hand_number=1,
        offences=(0, 0),
    )
    state = _start_deal(first, decks[0])
    for number, (result, deck) in enumerate(zip(history, decks, strict=True)):
        where = f"history[{number}]"
        if state.deck != deck:
            raise RecordError(
                f"{where}: the deck is not the one the game's seed deals", deal=number
            )
        state = _replay_hand(state, result, where)
        if state.history[number] != result:
            got = state.history[number]
            wrong = [
                f"{field} is {_show(getattr(result, field))}, the engine gives "
                f"{_show(getattr(got, field))}"
                for field in _SHOWN_FIELDS
                if getattr(result, field) != getattr(got, field)
            ]
            raise RecordError(
                f"{where}: the hand does not follow from its replay: " + "; ".join(wrong),
                deal=number,
            )
    return state


#: The fields of a hand that a message names: the scoresheet line, then the cards played.
_SHOWN_FIELDS: Final = (*(f.name for f in attrs.fields(HandResult) if f.name != "_played"), "plays")


def _show(value: Any) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return " ".join(str(card) for card in value)
    return describe(value)


def load_state(text: str) -> State:
    """The state saved by :func:`save_state`, rebuilt and checked.

    :raises RecordError: for text that is not a saved 400 state, an unknown version, a field
        that is missing, unknown or of the wrong type, a deck that is not the seed's, a history
        that does not chain or whose hands do not score as recorded, or a step that is not legal
        (naming the deal, trick and seat).
    """
    data = read_saved_state(text, "four_hundred", "a 400")
    try:
        rules = Rules.from_dict(_get(data, "rules", dict, "state"))
    except CardrulesError as error:
        raise RecordError(f"bad rules: {error}") from None
    seed = _get(data, "seed", int, "state")
    number = _get(data, "deal_number", int, "state")
    dealer = _get(data, "dealer", int, "state")
    if dealer not in (0, 1, 2, 3):
        raise RecordError(f"the dealer must be a seat 0..3, not {dealer}")
    if number < 0:
        raise RecordError(f"the deal number must not be negative, not {number}")
    scores = _start_scores(_ints(data["scores"], 4, "scores"), "the scores of the deal")
    raws = _get(data, "history", list, "state")
    history = tuple(_result(raw, f"history[{i}]") for i, raw in enumerate(raws))
    cards = [_cards(raw, f"history[{i}]") for i, raw in enumerate(raws)]
    if len(history) != number:
        raise RecordError(
            f"deal {number} needs the {number} finished deals before it, got {len(history)}"
        )
    level, offences, hand_number = _check_history(history, rules, dealer, scores, seed)
    try:
        deck = parse_deck(_get(data, "deck", str, "state"))
    except CardrulesError as error:
        raise RecordError(f"bad deck: {error}", deal=number) from None
    if number and deck != shuffled_deck(seed, "deal", number):
        raise RecordError("the deck is not the one the game's seed deals", deal=number)
    if history:
        played = tuple(
            attrs.evolve(result, played=((), tuple(card.index for card in plays)))
            for result, (_, plays) in zip(history, cards, strict=True)
        )
        start = tuple(s - c for s, c in zip(history[0].scores, history[0].changes, strict=True))
        state = _replay_history(
            played,
            tuple(d for d, _ in cards),
            rules,
            seed,
            (start[0], start[1], start[2], start[3]),
        )
    else:
        match = _Deal(
            rules=rules,
            seed=seed,
            dealer=dealer,
            deal_number=number,
            scores=scores,
            level=level,
            history=history,
            hand_number=hand_number,
            offences=offences,
        )
        state = _start_deal(match, deck)
    for index, item in enumerate(_get(data, "steps", list, "state")):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not isinstance(item[1], str)
        ):
            raise RecordError(f"step {index + 1} must be [seat, action text], not {describe(item)}")
        if state.deal_number != number or state.is_terminal:
            raise RecordError(f"step {index + 1} comes after the deal ended", deal=number)
        try:
            state = CODEC.apply_step(state, item[0], item[1])
        except CardrulesError as error:
            raise RecordError(
                f"step {index + 1}: {error}",
                deal=number,
                trick=CODEC.trick_number(state),
                seat=item[0],
            ) from None
    if state.deal_number != number:
        raise RecordError("the steps run past the end of the deal", deal=number)
    if state.phase is Phase.OVER and not _closed(state):  # pragma: no cover - engine invariant
        raise RecordError("a finished game must end in its current deal", deal=number)
    return state
