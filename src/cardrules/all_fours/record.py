"""All Fours game records: the :data:`CODEC` that :mod:`cardrules.records` uses, and the text
notation's body.

A record stores, per deal, the deck (top first) and every step as ``(seat, text)``: ``stand``,
``beg``, ``give``, ``run`` or a card (``QH``), and for the optional exposed-card rule (AF-25)
``expose:QS`` (the seat shows its card) and ``call:QS`` (the seat calls an opponent's exposed
card).  The text notation writes one block per deal::

    Deal 0 dealer 0 deck 3C 8D 7H ... (the 52 cards, top first)
    Hands S0:... S1:... S2:... S3:...      (the six cards each, from the deck, AF-7)
    Kick 6H                                (the first card turned up)
    Beg 1:beg 0:run                        (the stand / beg / give / run steps)
    T1 1:2H 2:AH 3:3H 0:5H                 (each trick: seat:card from the leader on)
    ...
    Scores 4 2                             (the scores after the deal)

The ``Hands`` and ``Kick`` lines follow from the deck and are checked against it; a game that
started from given scores (``new_game(scores=...)``) records them in its rules as
``"start_scores"``.

>>> from cardrules import records
>>> from cardrules.all_fours import Rules, new_game
>>> recorder = records.recorder(new_game(Rules(), seed=5, dealer=0))
>>> for _ in range(30):
...     _ = recorder.apply(recorder.state.legal_actions()[0])
>>> record = recorder.record()
>>> records.from_text(records.to_text(record)) == record
True
>>> records.final_state(record) == recorder.state
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardrules.all_fours.actions import Action, Beg, GiveOne, Play, RunPack, Stand, parse_action
from cardrules.all_fours.dealing import deal_layout
from cardrules.all_fours.engine import State, new_game
from cardrules.all_fours.rules import Rules
from cardrules.all_fours.state import Phase
from cardrules.core.cards import Card
from cardrules.core.cardset import CardSet
from cardrules.core.deck import parse_deck
from cardrules.core.records import (
    DealRecord,
    GameRecord,
    RecordError,
    Step,
    check_turn,
    parse_deal_blocks,
    parse_int,
    rules_and_start_scores,
    rules_tag,
)
from cardrules.errors import IllegalActionError, ParseError, Reason, describe

__all__ = ["CODEC", "AllFoursCodec", "step_seat"]

_ACTION_TYPES: Final = (Stand, Beg, GiveOne, RunPack, Play)
_SIDE_STEPS: Final = ("expose", "call")


def _rules_and_start(data: object) -> tuple[Rules, tuple[int, int] | None]:
    """The rules of a record's rules dict, and the starting scores if it names them."""
    rules, start = rules_and_start_scores(data, Rules.from_dict, 2)
    return rules, None if start is None else (start[0], start[1])


def game_start_scores(state: State) -> tuple[int, int]:
    """The scores the game of ``state`` started from (``(0, 0)`` unless ``new_game(scores=)``)."""
    if state.history:
        first = state.history[0]
        scores, awards = first.scores, first.awards
    else:
        scores, awards = state.scores, state.awards
    start = list(scores)
    for award in awards:
        start[award.side] -= award.points
    return (start[0], start[1])


def step_seat(state: State, action: Action) -> int:
    """The seat that takes ``action`` in the deal of ``state`` (for decisions: the beggar stands
    or begs, the dealer gives or runs)."""
    if isinstance(action, Stand | Beg):
        return state.beggar
    return state.dealer


class AllFoursCodec:
    """The :class:`~cardrules.core.records.GameCodec` of All Fours (use :data:`CODEC`)."""

    name: str = "all_fours"
    title: str = "All Fours"

    def new_game(
        self, rules: Mapping[str, Any], seed: int, dealer: int, deck: Sequence[Card]
    ) -> State:
        """The first state of a record's game (strict rules, see :meth:`Rules.from_dict`)."""
        parsed, start = _rules_and_start(rules)
        return new_game(parsed, seed=seed, dealer=dealer, deck=deck, scores=start)

    def rules_of(self, state: Any) -> Mapping[str, Any]:
        """Every option of the state's rules (and ``start_scores`` if not 0-0)."""
        options: dict[str, Any] = state.rules.to_dict()
        start = game_start_scores(state)
        if start != (0, 0):
            options["start_scores"] = list(start)
        return options

    def apply_step(self, state: Any, seat: int, action: str) -> State:
        """The state after ``seat`` did ``action`` (its text form, canonical).

        :raises ParseError: for text that is not an action in its canonical form.
        :raises IllegalActionError: for a step by the wrong seat or not allowed.
        """
        if not isinstance(action, str):
            raise ParseError(f"a step's action must be text, not {describe(action)}", text=action)
        current: State = state
        head, colon, card = action.partition(":")
        if colon and head in _SIDE_STEPS:
            parsed = Card.parse(card)
            if str(parsed) != card:
                raise ParseError(
                    f"{describe(action)} is not written as {head}:{parsed}", text=action
                )
            if head == "expose":
                return current.expose(seat, parsed)
            return current.call(seat, parsed)
        move = parse_action(action)
        if str(move) != action:
            raise ParseError(f"{describe(action)} is not written as {str(move)!r}", text=action)
        check_turn(state, seat, move)
        return current.apply(move)

    def step_text(self, action: object) -> str:
        """The text form of an action (``str(action)``).

        :raises IllegalActionError: for a value that is not an All Fours action.
        """
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalActionError(
                Reason.NOT_AN_ACTION,
                seat=None,
                action=action,
                detail=f"{describe(action)} is not an All Fours action",
            )
        return str(action)

    def trick_number(self, state: Any) -> int | None:
        """The trick (from 1) that the next card goes to, or ``None`` outside the play."""
        if state.phase is not Phase.PLAY:
            return None
        return len(state.tricks) + 1

    def text_body(self, record: GameRecord) -> list[str]:
        """The text notation's lines for the deals of ``record``."""
        rules, _ = _rules_and_start(record.rules)
        lines: list[str] = []
        for deal in record.deals:
            lines.extend(_deal_lines(rules, deal))
        return lines

    def parse_text_body(self, lines: Sequence[str], header: Mapping[str, str]) -> list[DealRecord]:
        """The deals of the text notation's body lines (checked line by line: the ``Hands`` and
        ``Kick`` lines must be the deck's, the tricks grouped as written here).

        :raises RecordError: naming the line (counted in the whole text, the tag lines first).
        """
        first_line = len(header) + 2
        rules, _ = _rules_and_start(rules_tag(header))
        return parse_deal_blocks(
            lines, first_line, _parse_deal, lambda deal: _deal_lines(rules, deal)
        )


#: The All Fours record codec (registered under ``"all_fours"`` in :mod:`cardrules.records`).
CODEC: Final = AllFoursCodec()


# -- the text notation ----------------------------------------------------------------------
def _is_play(text: str) -> bool:
    return len(text) == 2 and ":" not in text


def _deal_lines(rules: Rules, deal: DealRecord) -> list[str]:
    n = rules.players
    deck = deal.deck
    lines = [f"Deal {deal.number} dealer {deal.dealer} deck {' '.join(map(str, deck))}"]
    if len(deck) == 52 and 0 <= deal.dealer < n:
        hands: list[list[Card]] = [[] for _ in range(n)]
        for position, seat in enumerate(deal_layout(rules, deal.dealer)):
            hands[seat].append(deck[position])
        lines.append("Hands " + " ".join(f"S{s}:{CardSet(h)}" for s, h in enumerate(hands)))
        lines.append(f"Kick {deck[6 * n]}")
    steps = list(deal.steps)
    first_play = next((i for i, s in enumerate(steps) if _is_play(s.action)), len(steps))
    if first_play:
        lines.append("Beg " + " ".join(map(str, steps[:first_play])))
    trick: list[str] = []
    plays = 0
    number = 1
    for step in steps[first_play:]:
        trick.append(str(step))
        if _is_play(step.action):
            plays += 1
            if plays == n:
                lines.append(f"T{number} " + " ".join(trick))
                trick, plays, number = [], 0, number + 1
    if trick:
        lines.append(f"T{number} " + " ".join(trick))
    lines.append("Scores " + " ".join(map(str, deal.scores)))
    return lines


# [0-9], not \d: \d also matches other scripts' digits, which int() would take
_DEAL_LINE: Final = re.compile(r"^Deal ([0-9]+) dealer ([0-9]+) deck (.+)$")
_STEP: Final = re.compile(r"^([0-9]+):(\S+)$")
_SCORES: Final = re.compile(r"^-?[0-9]+$")


def _steps(tokens: Sequence[str], line_number: int) -> list[Step]:
    steps = []
    for token in tokens:
        match = _STEP.match(token)
        if match is None:
            raise RecordError(f"line {line_number}: {describe(token)} is not a step seat:action")
        seat = parse_int(match.group(1), f"line {line_number}: a step's seat")
        steps.append(Step(seat, match.group(2)))
    return steps


def _parse_deal(block: Sequence[str], line_number: int) -> DealRecord:
    match = _DEAL_LINE.match(block[0])
    if match is None:
        raise RecordError(
            f"line {line_number}: {describe(block[0])} is not "
            "'Deal <n> dealer <seat> deck <52 cards>'"
        )
    number = parse_int(match.group(1), f"line {line_number}: the deal number")
    dealer = parse_int(match.group(2), f"line {line_number}: the dealer")
    try:
        deck = parse_deck(match.group(3))
    except ParseError as error:
        raise RecordError(f"line {line_number}: {error}", deal=number) from None
    steps: list[Step] = []
    scores: tuple[int, ...] | None = None
    for offset, line in enumerate(block[1:], 1):
        where = line_number + offset
        word, _, rest = line.partition(" ")
        if scores is not None:
            raise RecordError(f"line {where}: {describe(line)} comes after the deal's Scores line")
        if word in ("Hands", "Kick"):
            continue  # checked against the deck by the caller
        if word == "Beg" or re.fullmatch(r"T[0-9]+", word):
            steps.extend(_steps(rest.split(), where))
        elif word == "Scores":
            values = rest.split()
            if not all(_SCORES.match(v) for v in values):
                raise RecordError(f"line {where}: {describe(line)}: scores must be numbers")
            scores = tuple(parse_int(v, f"line {where}: a score") for v in values)
        else:
            raise RecordError(
                f"line {where}: {describe(line)}: expected a Hands, Kick, Beg, T<n> or Scores line",
                deal=number,
            )
    if scores is None:
        raise RecordError(f"line {line_number}: the deal has no Scores line", deal=number)
    return DealRecord(number=number, dealer=dealer, deck=deck, steps=tuple(steps), scores=scores)
