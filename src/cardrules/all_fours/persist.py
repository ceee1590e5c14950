"""Saving and loading one All Fours state on its own: :func:`save_state`, :func:`load_state`.

A saved state is JSON holding the match (rules, seed, the finished deals of ``history``, the
scores when the current deal began), the current deal (number, dealer, deck) and the steps of
that deal so far.  Loading deals the deck again and re-applies the steps through the engine, so
a saved state that was tampered with, or that does not hold together, is refused with a
:class:`~cardrules.core.records.RecordError` saying what is wrong; nothing is fixed up.

>>> from cardrules.all_fours import Stand, load_state, new_game, save_state
>>> state = new_game(seed=11, dealer=2).apply(Stand())
>>> state = state.apply(state.legal_actions()[0])
>>> load_state(save_state(state)) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from cardrules.all_fours.actions import Action, parse_action
from cardrules.all_fours.engine import State, _start_deal, next_dealer
from cardrules.all_fours.record import CODEC, step_seat
from cardrules.all_fours.rules import Rules
from cardrules.all_fours.scoring import Award, AwardKind
from cardrules.all_fours.state import HandEnd, HandResult
from cardrules.core.cards import Card, Suit, parse_cards
from cardrules.core.deck import parse_deck, shuffled_deck
from cardrules.core.records import (
    STATE_FORMAT,
    STATE_VERSION,
    RecordError,
    read_saved_state,
)
from cardrules.core.records import exact_fields as _exact
from cardrules.core.records import saved_field as _get
from cardrules.core.tricks import Trick, trick_winner
from cardrules.errors import CardrulesError

__all__ = ["STATE_FORMAT", "STATE_VERSION", "load_state", "save_state"]


# -- saving ------------------------------------------------------------------------------------
def _cards_text(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


def _result_dict(result: HandResult) -> dict[str, Any]:
    return {
        "deal_number": result.deal_number,
        "dealer": result.dealer,
        "kicks": _cards_text(result.kicks),
        "trump": None if result.trump is None else result.trump.letter,
        "decisions": [str(action) for action in result.decisions],
        "awards": [
            {
                "side": a.side,
                "points": a.points,
                "kind": a.kind.value,
                "card": None if a.card is None else str(a.card),
                "card_points": None if a.card_points is None else list(a.card_points),
            }
            for a in result.awards
        ],
        "reason": result.reason.value,
        "card_points": None if result.card_points is None else list(result.card_points),
        "scores": list(result.scores),
        "tricks": [[t.leader, _cards_text(t.cards)] for t in result.tricks],
    }


def _steps_of(state: State) -> list[tuple[int, str]]:
    """Steps that rebuild the current deal of ``state`` from its deal (exposures placed at the
    latest point where they are allowed; a called card's call last)."""
    steps: list[tuple[int, str]] = [
        (step_seat(state, action), str(action)) for action in state.decisions
    ]
    tricks = [*state.tricks]
    if state.current_trick.cards:
        tricks.append(state.current_trick)
    for trick in tricks:
        steps.extend((seat, str(card)) for seat, card in trick.plays())
    called = state.called
    for seat in range(state.players):
        for card in state.hand(seat) & state.exposed:
            steps = _insert_exposure(state, steps, seat, card)
    if called is not None:
        owner = state.current_player
        assert owner is not None
        steps.append(((owner + 1) % state.players, f"call:{called}"))
    return steps


def _insert_exposure(
    state: State, steps: list[tuple[int, str]], seat: int, card: Card
) -> list[tuple[int, str]]:
    for position in range(len(steps), -1, -1):
        candidate = [*steps[:position], (seat, f"expose:{card}"), *steps[position:]]
        try:
            _rebuild(state, candidate)
        except CardrulesError:
            continue
        return candidate
    raise AssertionError(f"no point of the deal allows exposing {card}")  # pragma: no cover


def _rebuild(state: State, steps: list[tuple[int, str]]) -> State:
    start = _start_deal(
        state.rules,
        state.seed,
        state.dealer,
        state.deal_number,
        _deal_start_scores(state),
        state.history[:-1] if _closed(state) else state.history,
        state.deck,
    )
    for seat, text in steps:
        start = CODEC.apply_step(start, seat, text)
    return start


def _closed(state: State) -> bool:
    """Whether ``state.history`` already holds the current deal (a game over in this deal)."""
    return bool(state.history) and state.history[-1].deal_number == state.deal_number


def _deal_start_scores(state: State) -> tuple[int, int]:
    scores = list(state.scores)
    for award in state.awards:
        scores[award.side] -= award.points
    return (scores[0], scores[1])


def save_state(state: State) -> str:
    """The state as JSON text (see :func:`load_state`).

    :raises RecordError: for a state of a game of explicit chance (``new_game(...,
        chance="explicit")``): its deals do not follow from the seed, so the saved form (which
        deals again from the seed) cannot hold it.  Pickle such a state instead.
    """
    if not isinstance(state, State):
        raise TypeError(f"save_state takes an all_fours.State, not {type(state).__name__}")
    if state._d.chance:
        raise RecordError(
            "a state of a game of explicit chance cannot be saved: its deals do not follow "
            "from the seed (pickle the state instead)",
            deal=state.deal_number,
        )
    history = state.history[:-1] if _closed(state) else state.history
    data = {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "game": "all_fours",
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "scores": list(_deal_start_scores(state)),
        "history": [_result_dict(result) for result in history],
        "deck": _cards_text(state.deck),
        "steps": [list(step) for step in _steps_of(state)],
    }
    return json.dumps(data, indent=1)


# -- loading -----------------------------------------------------------------------------------
def _pair(value: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RecordError(f"{where} must be two ints, not {value!r}")
    return (value[0], value[1])


def _award(raw: Any, where: str) -> Award:
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object")
    _exact(raw, {"side", "points", "kind", "card", "card_points"}, where)
    side = _get(raw, "side", int, where)
    if side not in (0, 1):
        raise RecordError(f"{where}: side must be 0 or 1, not {side}")
    points = _get(raw, "points", int, where)
    if points < 0:
        raise RecordError(f"{where}: points must not be negative")
    try:
        kind = AwardKind(raw["kind"])
        card = None if raw["card"] is None else Card.parse(raw["card"])
    except (ValueError, CardrulesError) as error:
        raise RecordError(f"{where}: {error}") from None
    card_points = None if raw["card_points"] is None else _pair(raw["card_points"], where)
    return Award(side, points, kind, card, card_points)


def _result(raw: Any, where: str, players: int) -> HandResult:
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object")
    keys = {"deal_number", "dealer", "kicks", "trump", "decisions", "awards", "reason"}
    _exact(raw, keys | {"card_points", "scores", "tricks"}, where)
    try:
        kicks = parse_cards(_get(raw, "kicks", str, where))
        trump = None if raw["trump"] is None else Suit.parse(raw["trump"])
        decisions: tuple[Action, ...] = tuple(
            parse_action(a) for a in _get(raw, "decisions", list, where)
        )
        reason = HandEnd(raw["reason"])
        tricks = []
        for item in _get(raw, "tricks", list, where):
            if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int):
                raise RecordError(f"{where}: a trick must be [leader, cards], not {item!r}")
            tricks.append(Trick(item[0], parse_cards(item[1]), players))
    except (ValueError, CardrulesError) as error:
        raise RecordError(f"{where}: {error}") from None
    awards = tuple(
        _award(a, f"{where}.awards[{i}]") for i, a in enumerate(_get(raw, "awards", list, where))
    )
    card_points = None if raw["card_points"] is None else _pair(raw["card_points"], where)
    winners = tuple(trick_winner(t.cards, t.leader, trump, players) for t in tricks)
    if any(len(t.cards) != players for t in tricks):
        raise RecordError(f"{where}: every trick of a finished deal has {players} cards")
    return HandResult(
        _get(raw, "deal_number", int, where),
        _get(raw, "dealer", int, where),
        kicks,
        trump,
        decisions,
        awards,
        reason,
        card_points,
        _pair(raw["scores"], f"{where}.scores"),
        tuple(tricks),
        winners,
    )


def _check_history(
    history: tuple[HandResult, ...], rules: Rules, dealer: int, scores: tuple[int, int]
) -> None:
    """The finished deals must chain: numbers 0, 1, …; dealers by AF-8; scores by their awards;
    and end at the current deal's dealer and starting scores."""
    n = rules.players
    for number, result in enumerate(history):
        where = f"history[{number}]"
        if result.deal_number != number:
            raise RecordError(f"{where}: deal number {result.deal_number}, expected {number}")
        gained = [0, 0]
        for award in result.awards:
            gained[award.side] += award.points
        if number:
            before = history[number - 1].scores
            expected = (before[0] + gained[0], before[1] + gained[1])
            if result.scores != expected:
                raise RecordError(
                    f"{where}: the scores {list(result.scores)} do not follow from the scores "
                    f"before ({list(before)}) and the deal's awards",
                    deal=number,
                )
            follows = next_dealer(history[number - 1], n)
            if result.dealer != follows:
                raise RecordError(
                    f"{where}: the dealer is seat {result.dealer}, AF-8 gives seat {follows}",
                    deal=number,
                )
        if result.reason is HandEnd.TARGET_REACHED:
            raise RecordError(f"{where}: the game ended in this deal; nothing can follow")
        if max(result.scores) >= rules.target:
            raise RecordError(f"{where}: a side reached the target; the game would be over")
    if history:
        last = history[-1]
        follows = next_dealer(last, n)
        if dealer != follows:
            raise RecordError(f"the dealer is seat {dealer}, but AF-8 gives seat {follows}")
        if last.scores != scores:
            raise RecordError(
                f"the scores when the deal began are {list(scores)}, but the last finished "
                f"deal ended at {list(last.scores)}"
            )


def load_state(text: str) -> State:
    """The state saved by :func:`save_state`, rebuilt and checked.

    :raises RecordError: for text that is not a saved All Fours state, an unknown version, a
        field that is missing, unknown or of the wrong type, a deck that is not the seed's, a
        history that does not chain, or a step that is not legal (naming the deal, trick and
        seat).
    """
    data = read_saved_state(text, "all_fours", "an All Fours")
    try:
        rules = Rules.from_dict(_get(data, "rules", dict, "state"))
    except CardrulesError as error:
        raise RecordError(f"bad rules: {error}") from None
    seed = _get(data, "seed", int, "state")
    number = _get(data, "deal_number", int, "state")
    dealer = _get(data, "dealer", int, "state")
    if not 0 <= dealer < rules.players:
        raise RecordError(f"the dealer must be a seat 0..{rules.players - 1}, not {dealer}")
    if number < 0:
        raise RecordError(f"the deal number must not be negative, not {number}")
    scores = _pair(data["scores"], "scores")
    if not all(0 <= v < rules.target for v in scores):
        raise RecordError(f"the scores {list(scores)} must be from 0 to {rules.target - 1}")
    history = tuple(
        _result(raw, f"history[{i}]", rules.players)
        for i, raw in enumerate(_get(data, "history", list, "state"))
    )
    if len(history) != number:
        raise RecordError(
            f"deal {number} needs the {number} finished deals before it, got {len(history)}"
        )
    _check_history(history, rules, dealer, scores)
    try:
        deck = parse_deck(_get(data, "deck", str, "state"))
    except CardrulesError as error:
        raise RecordError(f"bad deck: {error}", deal=number) from None
    if number and deck != shuffled_deck(seed, "deal", number):
        raise RecordError("the deck is not the one the game's seed deals", deal=number)
    state = _start_deal(rules, seed, dealer, number, scores, history, deck)
    for index, item in enumerate(_get(data, "steps", list, "state")):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not isinstance(item[1], str)
        ):
            raise RecordError(f"step {index + 1} must be [seat, action text], not {item!r}")
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
    return state
