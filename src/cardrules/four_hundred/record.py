"""400 game records: the :data:`CODEC` that :mod:`cardrules.records` uses, and the text
notation's body.

A record stores, per deal, the deck (top first) and every step as ``(seat, text)``, the seat
being the one to act when the step was taken: a bid (``4``), a card (``QH``), the no-picture
redeal of FH-30 (``redeal``), an accepted claim of FH-18 (``claim:2``, naming the claimer, who
need not be the seat to act) and the conduct penalties of FH-26 and FH-27
(``talk_before_play:1``, ``talk_during_play:0``, naming the offending team).  The text notation
writes one block per deal::

    Deal 0 dealer 0 deck 3C 8D 7H ... (the 52 cards, top first)
    Hands S0:... S1:... S2:... S3:...      (the 13 cards each, from the deck, FH-7)
    Bids 1:4 2:3 3:2 0:2                   (the bidding: bids, redeal, talk_before_play)
    T1 1:7C 2:KC 3:2H 0:AC                 (each trick: seat:card from the leader on)
    ...
    T9 2:claim:2                           (a claim between tricks opens the next line)
    Scores 2 4 -3 2                        (the four scores after the deal)

The ``Hands`` line follows from the deck and the rules' ``deal_packets`` and is checked against
them.  A game that started from given scores (``new_game(scores=...)``) records them in its
rules as ``"start_scores"``.

>>> from cardrules import records
>>> from cardrules.four_hundred import Rules, new_game
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
from cardrules.four_hundred.actions import (
    Bid,
    Claim,
    Play,
    Redeal,
    TalkBeforePlay,
    TalkDuringPlay,
    parse_action,
)
from cardrules.four_hundred.dealing import seat_schedule
from cardrules.four_hundred.engine import State, new_game
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.state import Phase

__all__ = ["CODEC", "FourHundredCodec", "game_start_scores", "rules_and_start"]

_ACTION_TYPES: Final = (Play, Bid, Redeal, TalkBeforePlay, TalkDuringPlay, Claim)
_SUITS: Final = frozenset("CDHS")


def rules_and_start(
    data: object,
) -> tuple[Rules, tuple[int, int, int, int] | None]:
    """The rules of a record's rules dict, and the starting scores if it names them.

    :raises RecordError: for rules that :meth:`Rules.from_dict` refuses or bad start scores.
    """
    rules, start = rules_and_start_scores(data, Rules.from_dict, 4)
    return rules, None if start is None else (start[0], start[1], start[2], start[3])


def game_start_scores(state: State) -> tuple[int, int, int, int]:
    """The scores the game of ``state`` started from (zeros unless ``new_game(scores=)``)."""
    if not state.history:
        return state.scores
    first = state.history[0]
    scores = tuple(s - c for s, c in zip(first.scores, first.changes, strict=True))
    return (scores[0], scores[1], scores[2], scores[3])


class FourHundredCodec:
    """The :class:`~cardrules.core.records.GameCodec` of 400 (use :data:`CODEC`)."""

    name: str = "four_hundred"
    title: str = "400"

    def new_game(
        self, rules: Mapping[str, Any], seed: int, dealer: int, deck: Sequence[Card]
    ) -> State:
        """The first state of a record's game (strict rules, see :meth:`Rules.from_dict`)."""
        parsed, start = rules_and_start(rules)
        return new_game(parsed, seed=seed, dealer=dealer, deck=deck, scores=start)

    def rules_of(self, state: Any) -> Mapping[str, Any]:
        """Every option of the state's rules (and ``start_scores`` unless all zero)."""
        options: dict[str, Any] = state.rules.to_dict()
        start = game_start_scores(state)
        if any(start):
            options["start_scores"] = list(start)
        return options

    def apply_step(self, state: Any, seat: int, action: str) -> State:
        """The state after the step ``(seat, action)``; ``action`` is a text in its canonical
        form, ``seat`` the seat to act (also for claims and penalties, whose text names the
        claimer or the offending team).

        :raises ParseError: for text that is not a step of 400 in its canonical form.
        :raises IllegalActionError: for a step by the wrong seat or one the rules refuse
            (``state.apply``, ``state.claim``, ``state.penalize``).
        """
        if not isinstance(action, str):
            raise ParseError(f"a step's action must be text, not {describe(action)}", text=action)
        move = parse_action(action)
        if str(move) != action:
            raise ParseError(f"{describe(action)} is not written as {str(move)!r}", text=action)
        check_turn(state, seat, move)
        current: State = state
        if isinstance(move, Claim):
            return current.claim(move.seat)
        if isinstance(move, TalkBeforePlay | TalkDuringPlay):
            return current.penalize(move)
        return current.apply(move)

    def step_text(self, action: object) -> str:
        """The text form of an action, claim or penalty (``str(action)``).

        :raises IllegalActionError: for a value that is not one of 400.
        """
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalActionError(
                Reason.NOT_AN_ACTION,
                seat=None,
                action=action,
                detail=f"{describe(action)} is not an action of 400",
            )
        return str(action)

    def trick_number(self, state: Any) -> int | None:
        """The trick (from 1) that the next card goes to, or ``None`` outside the play."""
        if state.phase is not Phase.PLAY:
            return None
        return len(state.trick_winners) + 1

    def text_body(self, record: GameRecord) -> list[str]:
        """The text notation's lines for the deals of ``record``."""
        rules, _ = rules_and_start(record.rules)
        lines: list[str] = []
        for deal in record.deals:
            lines.extend(_deal_lines(rules, deal))
        return lines

    def parse_text_body(self, lines: Sequence[str], header: Mapping[str, str]) -> list[DealRecord]:
        """The deals of the text notation's body lines (checked line by line: the ``Hands``
        line must be the deck's, the tricks grouped as written here).

        :raises RecordError: naming the line (counted in the whole text, the tag lines first).
        """
        first_line = len(header) + 2
        rules, _ = rules_and_start(rules_tag(header))
        return parse_deal_blocks(
            lines, first_line, _parse_deal, lambda deal: _deal_lines(rules, deal)
        )


#: The 400 record codec (registered under ``"four_hundred"`` in :mod:`cardrules.records`).
CODEC: Final = FourHundredCodec()


# -- the text notation ----------------------------------------------------------------------
def _is_play(text: str) -> bool:
    return len(text) == 2 and text[1] in _SUITS


def _is_bidding(text: str) -> bool:
    """Steps of the bidding phase: bids, ``redeal`` (FH-30), ``talk_before_play`` (FH-26)."""
    return text.isdigit() or text == "redeal" or text.startswith("talk_before_play:")


def _deal_lines(rules: Rules, deal: DealRecord) -> list[str]:
    deck = deal.deck
    lines = [f"Deal {deal.number} dealer {deal.dealer} deck {' '.join(map(str, deck))}"]
    if len(deck) == 52 and 0 <= deal.dealer < 4:
        hands: list[list[Card]] = [[], [], [], []]
        for card, seat in zip(deck, seat_schedule(deal.dealer, rules.deal_packets), strict=True):
            hands[seat].append(card)
        lines.append("Hands " + " ".join(f"S{s}:{CardSet(h)}" for s, h in enumerate(hands)))
    steps = list(deal.steps)
    first_play = next((i for i, s in enumerate(steps) if not _is_bidding(s.action)), len(steps))
    if first_play:
        lines.append("Bids " + " ".join(map(str, steps[:first_play])))
    trick: list[str] = []
    plays = 0
    number = 1
    for step in steps[first_play:]:
        trick.append(str(step))
        if _is_play(step.action):
            plays += 1
            if plays == 4:
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


def _steps(tokens: Sequence[str], line_number: int, deal: int) -> list[Step]:
    steps = []
    for token in tokens:
        match = _STEP.match(token)
        if match is None:
            raise RecordError(
                f"line {line_number}: {describe(token)} is not a step seat:action", deal=deal
            )
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
            raise RecordError(
                f"line {where}: {describe(line)} comes after the deal's Scores line", deal=number
            )
        if word == "Hands":
            continue  # checked against the deck by the caller
        if word == "Bids" or re.fullmatch(r"T[0-9]+", word):
            steps.extend(_steps(rest.split(), where, number))
        elif word == "Scores":
            values = rest.split()
            if not all(_SCORES.match(v) for v in values):
                raise RecordError(
                    f"line {where}: {describe(line)}: scores must be numbers", deal=number
                )
            scores = tuple(parse_int(v, f"line {where}: a score") for v in values)
        else:
            raise RecordError(
                f"line {where}: {describe(line)}: expected a Hands, Bids, T<n> or Scores line",
                deal=number,
            )
    if scores is None:
        raise RecordError(f"line {line_number}: the deal has no Scores line", deal=number)
    return DealRecord(number=number, dealer=dealer, deck=deck, steps=tuple(steps), scores=scores)
