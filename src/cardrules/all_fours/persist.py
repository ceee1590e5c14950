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
from typing import Any, Final

from cardrules.all_fours.actions import Play, parse_action
from cardrules.all_fours.dealing import deal_places
from cardrules.all_fours.engine import State, _start_deal, next_dealer
from cardrules.all_fours.record import CODEC, step_seat
from cardrules.all_fours.rules import Rules
from cardrules.all_fours.scoring import Award, AwardKind
from cardrules.all_fours.state import HandEnd, HandResult, _Deal
from cardrules.core.cards import CARDS, Card, Suit, parse_cards
from cardrules.core.checks import refuse
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
        "reason": result.ending.value,
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
    match = _Deal(
        rules=state.rules,
        seed=state.seed,
        dealer=state.dealer,
        deal_number=state.deal_number,
        scores=_deal_start_scores(state),
        history=state.history[:-1] if _closed(state) else state.history,
    )
    start = _start_deal(match, state.deck)
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
        refuse("state", "an all_fours.State", state)
    if state._deal.explicit:
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
def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where} must be an int, not {describe(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low}" if high is None else f"from {low} to {high}"
        raise RecordError(f"{where} must be an int {span}, not {describe(value)}")
    return value


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"{where} must be two ints, not {describe(value)}")
    return (_int(value[0], where), _int(value[1], where))


def _text(raw: dict[str, Any], key: str, where: str) -> str:
    return str(_get(raw, key, str, where))


def _award(raw: Any, where: str) -> Award:
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object, not {describe(raw)}")
    _exact(raw, {"side", "points", "kind", "card", "card_points"}, where)
    side = _int(raw["side"], f"{where}.side", 0, 1)
    points = _int(raw["points"], f"{where}.points", 0)
    kind, card = raw["kind"], raw["card"]
    if not isinstance(kind, str) or kind not in _AWARD_KINDS:
        raise RecordError(f"{where}: {describe(kind)} is not an award kind")
    if card is not None and not isinstance(card, str):
        raise RecordError(f"{where}: the card must be a card's text or null, not {describe(card)}")
    try:
        parsed = None if card is None else Card.parse(card)
    except CardrulesError as error:
        raise RecordError(f"{where}: {error}") from None
    card_points = None if raw["card_points"] is None else _pair(raw["card_points"], where)
    return Award(side, points, AwardKind(kind), parsed, card_points)


_AWARD_KINDS: Final = frozenset(kind.value for kind in AwardKind)
_ENDS: Final = frozenset(end.value for end in HandEnd)
_RESULT_KEYS: Final = frozenset(
    {"deal_number", "dealer", "kicks", "trump", "decisions", "awards", "reason"}
    | {"card_points", "scores", "tricks"}
)
#: A finished deal as read: every field of ``_result_dict`` as a value (tricks as
#: ``(leader, cards)`` pairs), compared field by field with the deal's replay.
_Fields = dict[str, Any]


def _result(raw: Any, where: str, players: int) -> _Fields:
    """The fields of a finished deal, each of the right type (not yet checked against play)."""
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object, not {describe(raw)}")
    _exact(raw, _RESULT_KEYS, where)
    trump, reason = raw["trump"], raw["reason"]
    if not isinstance(reason, str) or reason not in _ENDS:
        raise RecordError(f"{where}: {describe(reason)} is not a way a deal ends")
    if trump is not None and not isinstance(trump, str):
        raise RecordError(
            f"{where}: the trump must be a suit letter or null, not {describe(trump)}"
        )
    decisions = _get(raw, "decisions", list, where)
    if not all(isinstance(a, str) for a in decisions):
        raise RecordError(f"{where}: the decisions must be action texts")
    fields: _Fields = {
        "deal_number": _int(raw["deal_number"], f"{where}.deal_number", 0),
        "dealer": _int(raw["dealer"], f"{where}.dealer", 0, players - 1),
    }
    kicks = _text(raw, "kicks", where)
    try:
        fields["kicks"] = parse_cards(kicks)
        fields["trump"] = None if trump is None else Suit.parse(trump)
        fields["decisions"] = tuple(parse_action(a) for a in decisions)
    except CardrulesError as error:
        raise RecordError(f"{where}: {error}") from None
    fields["awards"] = tuple(
        _award(a, f"{where}.awards[{i}]") for i, a in enumerate(_get(raw, "awards", list, where))
    )
    fields["reason"] = HandEnd(reason)
    fields["card_points"] = (
        None if raw["card_points"] is None else _pair(raw["card_points"], f"{where}.card_points")
    )
    fields["scores"] = _pair(raw["scores"], f"{where}.scores")
    tricks = []
    for i, item in enumerate(_get(raw, "tricks", list, where)):
        here = f"{where}.tricks[{i}]"
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str):
            raise RecordError(f"{here} must be [leader, cards], not {describe(item)}")
        leader = _int(item[0], f"{here}: the leader", 0, players - 1)
        try:
            cards = parse_cards(item[1])
        except CardrulesError as error:
            raise RecordError(f"{here}: {error}") from None
        if len(cards) != players:
            raise RecordError(f"{here}: a trick of a finished deal has {players} cards")
        tricks.append((leader, cards))
    fields["tricks"] = tuple(tricks)
    return fields


def _fields_of(result: HandResult) -> _Fields:
    return {
        "deal_number": result.deal_number,
        "dealer": result.dealer,
        "kicks": result.kicks,
        "trump": result.trump,
        "decisions": result.decisions,
        "awards": result.awards,
        "reason": result.ending,
        "card_points": result.card_points,
        "scores": result.scores,
        "tricks": tuple((t.leader, t.cards) for t in result.tricks),
    }


def _first_deck(fields: _Fields, rules: Rules) -> tuple[Card, ...]:
    """A deck that deals the first deal as recorded (``new_game(deck=...)`` may have fixed it,
    so the seed does not give it): each seat gets the cards it played, in the order played, the
    kicks come where the deal turns them, and the cards nobody played fill the rest.  Which of
    a seat's cards came in a run of the pack does not change the deal (AF-11: after a run
    nobody gives one).  The places are the deal's layout (AF-7, AF-11:
    :func:`~cardrules.all_fours.dealing.deal_places`)."""
    n = rules.players
    kicks: tuple[Card, ...] = fields["kicks"]
    if not kicks:
        raise RecordError("history[0]: a deal turns at least one kick")
    held: list[list[Card]] = [[] for _ in range(n)]
    for leader, cards in fields["tricks"]:
        for offset, card in enumerate(cards):
            held[(leader + offset) % n].append(card)
    seen = [card for hand in held for card in hand] + list(kicks)
    if len(set(seen)) != len(seen):
        raise RecordError("history[0]: a card is played or turned more than once")
    spare = iter(sorted(set(CARDS) - set(seen)))
    runs = len(kicks) - 1
    dealer = fields["dealer"]
    try:
        places, kick_places, top = deal_places(n, rules.deal_packet, dealer, runs)
    except CardrulesError as error:
        raise RecordError(f"history[0]: the deal cannot be dealt: {error}") from None
    deck = [CARDS[0]] * 52  # every place is set below; one left over would repeat CARDS[0]
    for seat, hand in enumerate(held):
        while len(hand) < len(places[seat]):
            hand.append(next(spare, CARDS[0]))
        if len(hand) > len(places[seat]):
            raise RecordError(
                f"history[0]: seat {seat} plays {len(hand)} cards; the deal and its runs give "
                f"{len(places[seat])}"
            )
        for place, card in zip(places[seat], hand, strict=True):
            deck[place] = card
    for place, kick in zip(kick_places, kicks, strict=True):
        deck[place] = kick
    deck[top:] = list(spare)
    try:
        return parse_deck(deck)
    except CardrulesError as error:
        raise RecordError(f"history[0]: the deal cannot be dealt: {error}") from None


def _replay(
    fields: _Fields,
    rules: Rules,
    seed: int,
    dealer: int,
    scores: tuple[int, int],
    history: tuple[HandResult, ...],
    deck: tuple[Card, ...],
    where: str,
) -> HandResult:
    """Deal ``deck``, play the recorded decisions and tricks through the engine, and check that
    the deal the engine finishes is the recorded one, field by field."""
    number = len(history)
    match = _Deal(
        rules=rules, seed=seed, dealer=dealer, deal_number=number, scores=scores, history=history
    )
    state = _start_deal(match, deck)
    plays = [card for _, cards in fields["tricks"] for card in cards]
    for action in (*fields["decisions"], *map(Play, plays)):
        if len(state.history) > number:
            raise RecordError(f"{where}: the deal ended before {action}", deal=number)
        try:
            state = state.apply(action)
        except CardrulesError as error:
            raise RecordError(f"{where}: {error}", deal=number) from None
    if len(state.history) <= number:
        raise RecordError(f"{where}: the recorded play does not finish the deal", deal=number)
    rebuilt = _fields_of(state.history[number])
    for key, value in rebuilt.items():
        if fields[key] != value:
            raise RecordError(
                f"{where}: the {key} {_shown(fields[key])} do not follow from the deal's "
                f"replay, which gives {_shown(value)}",
                deal=number,
            )
    return state.history[number]


def _shown(value: Any) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return _cards_text(value)
    return describe(list(value) if isinstance(value, tuple) else value)


def _check_history(
    raws: list[Any], rules: Rules, seed: int, dealer: int, scores: tuple[int, int]
) -> tuple[HandResult, ...]:
    """Replay the finished deals: deal 0 from the cards it shows, every later one from the
    seed's deck; each must be the deal the engine plays (numbers 0, 1, …; dealers by AF-8;
    scores by their awards), none may end the game, and the last must end at the current
    deal's dealer and starting scores."""
    n = rules.players
    history: tuple[HandResult, ...] = ()
    for number, raw in enumerate(raws):
        where = f"history[{number}]"
        fields = _result(raw, where, n)
        if number == 0:
            gained = [0, 0]
            for award in fields["awards"]:
                gained[award.side] += award.points
            start = (fields["scores"][0] - gained[0], fields["scores"][1] - gained[1])
            if not all(0 <= v < rules.target for v in start):
                raise RecordError(
                    f"{where}: the game would have started at {list(start)}, not from 0 to "
                    f"{rules.target - 1}"
                )
            deck = _first_deck(fields, rules)
            first_dealer = fields["dealer"]
        else:
            start = history[-1].scores
            deck = shuffled_deck(seed, "deal", number)
            first_dealer = next_dealer(history[-1], n)
        result = _replay(fields, rules, seed, first_dealer, start, history, deck, where)
        if result.ending is HandEnd.TARGET_REACHED:
            raise RecordError(f"{where}: the game ended in this deal; nothing can follow")
        history = (*history, result)
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
    return history


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
    raws = _get(data, "history", list, "state")
    if len(raws) != number:
        raise RecordError(
            f"deal {number} needs the {number} finished deals before it, got {len(raws)}"
        )
    history = _check_history(raws, rules, seed, dealer, scores)
    try:
        deck = parse_deck(_get(data, "deck", str, "state"))
    except CardrulesError as error:
        raise RecordError(f"bad deck: {error}", deal=number) from None
    if number and deck != shuffled_deck(seed, "deal", number):
        raise RecordError("the deck is not the one the game's seed deals", deal=number)
    match = _Deal(
        rules=rules, seed=seed, dealer=dealer, deal_number=number, scores=scores, history=history
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
    return state
