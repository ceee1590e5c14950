"""Game records: the generic part (data model, JSON, tag lines, recording and replay).

A :class:`GameRecord` is a complete, versioned account of a game: the game, every rules option,
the seed, the first dealer, and for each deal its number, dealer, full deck order (top first),
every step (seat and action, in the action's text form) and the scores after it.  It replays to
exactly the same states.  What differs between games -- how to start a game from a record, how
to apply a step, where in a deal a state is, the text notation's body -- comes from a
:class:`GameCodec`, which each game module provides (``cardrules.four_hundred.CODEC``,
``cardrules.all_fours.CODEC``); nothing here knows a particular game.

Records are checked, never fixed up: :class:`RecordError` (a :class:`~cardrules.errors.ParseError`)
says where (deal, trick, seat) and what is wrong.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

import attrs

from cardrules.core.cards import Card
from cardrules.core.checks import check_int
from cardrules.core.deck import parse_deck
from cardrules.core.protocol import GameState
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    IllegalActionError,
    ParseError,
    Reason,
    describe,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_INPUT_BYTES",
    "MAX_INT_DIGITS",
    "MAX_LINE_CHARS",
    "MAX_NESTING",
    "STATE_FORMAT",
    "STATE_KEYS",
    "STATE_VERSION",
    "DealRecord",
    "GameCodec",
    "GameRecord",
    "RecordError",
    "Recorder",
    "ReplayStep",
    "Step",
    "check_turn",
    "exact_fields",
    "final_state",
    "format_tags",
    "input_text",
    "load_json",
    "parse_deal_blocks",
    "parse_int",
    "parse_tags",
    "read_saved_state",
    "record_from_dict",
    "record_to_dict",
    "replay",
    "rules_and_start_scores",
    "rules_tag",
    "saved_field",
]

#: The largest record or saved state that the loaders read, in bytes of UTF-8 (16 MiB: a record
#: of a thousand deals of 400 takes well under 1 MiB).
MAX_INPUT_BYTES: Final = 16 * 1024 * 1024
#: The deepest nesting of JSON arrays and objects that the loaders read (records use 5).
MAX_NESTING: Final = 32
#: The most digits of one integer in a record (seeds are at most 256 bits: 78 digits).
MAX_INT_DIGITS: Final = 100
#: The longest line of the text notation, tag lines included.
MAX_LINE_CHARS: Final = 64 * 1024

_BRACKETS: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


def input_text(data: str | bytes, what: str = "a record") -> str:
    """Outside input as text, checked before any parsing: a ``str`` (of at most
    :data:`MAX_INPUT_BYTES` characters), or ``bytes`` of UTF-8 (at most that many bytes).  A
    leading UTF-8 byte order mark (as some editors write) is accepted and dropped.

    :raises RecordError: for another type, bytes that are not UTF-8, or input over the limit.

    >>> input_text("\\ufeff{}".encode())
    '{}'
    >>> input_text(bytes([0xFF]))
    Traceback (most recent call last):
    ...
    cardrules.core.records.RecordError: a record must be UTF-8 text: ...
    """
    if isinstance(data, bytes | bytearray | memoryview):
        if len(data) > MAX_INPUT_BYTES:
            raise RecordError(f"{what} is {len(data):,} bytes: the limit is {MAX_INPUT_BYTES:,}")
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{what} must be UTF-8 text: {error}") from None
    elif isinstance(data, str):
        if len(data) > MAX_INPUT_BYTES:
            raise RecordError(
                f"{what} is {len(data):,} characters: the limit is {MAX_INPUT_BYTES:,}"
            )
        text = data
    else:
        raise RecordError(f"{what} must be text (str or UTF-8 bytes), not {type(data).__name__}")
    return text.removeprefix("\ufeff")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"an integer of {len(digits):,} digits: the limit is {MAX_INT_DIGITS}")
    return int(digits)


def parse_int(text: str, what: str) -> int:
    """An integer of a record's text: ASCII digits (``int()`` would also take ``"٤"``, spaces
    and underscores), an optional ``-``, at most :data:`MAX_INT_DIGITS` digits; the length is
    checked before any conversion, so a long number costs nothing.

    >>> parse_int("-12", "a score")
    -12
    >>> parse_int("9" * 5000, "a deal")
    Traceback (most recent call last):
    ...
    cardrules.core.records.RecordError: a deal: an integer of 5,000 digits: the limit is 100
    >>> parse_int("٤", "the dealer")
    Traceback (most recent call last):
    ...
    cardrules.core.records.RecordError: the dealer: '٤' is not an integer (ASCII digits, ...

    :raises RecordError: for anything else.
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise RecordError(
            f"{what}: {describe(text)} is not an integer (ASCII digits, an optional -)"
        )
    if len(digits) > MAX_INT_DIGITS:
        raise RecordError(
            f"{what}: an integer of {len(digits):,} digits: the limit is {MAX_INT_DIGITS}"
        )
    return int(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when a key comes twice (``json`` would keep the last silently)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError(f"the key {describe(key)} is given twice in one JSON object")
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number that a record may hold")


def load_json(text: str, what: str = "a record") -> Any:
    """JSON text parsed within the limits: at most :data:`MAX_NESTING` levels of arrays and
    objects, integers of at most :data:`MAX_INT_DIGITS` digits (checked as each is parsed), no
    ``NaN`` or ``Infinity``, no key given twice in one object.  Time and memory are linear in
    the input.

    :raises RecordError: for text that is not JSON or is over a limit.
    """
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    raise RecordError(
                        f"{what} nests arrays and objects over {MAX_NESTING} levels deep"
                    )
        elif token in "]}":
            depth -= 1
    try:
        return json.loads(
            text,
            parse_int=_bounded_int,
            parse_constant=_no_constant,
            object_pairs_hook=_no_duplicates,
        )
    except (json.JSONDecodeError, TypeError, RecursionError) as error:
        raise RecordError(f"{what} is not JSON: {error}", text=text[:200]) from None


#: The ``format`` field of every JSON record.
FORMAT: Final = "cardrules-record"
#: The version of the record format (JSON and text) that this release writes and reads.
FORMAT_VERSION: Final = 1

AnyState = GameState[Any]


class RecordError(ParseError):
    """A record that is malformed, of an unknown version, or not a legal game.

    ``deal``, ``trick`` and ``seat`` locate the problem where they apply (deal numbers as in the
    record, tricks counted from 1); the message says the same in words.
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        text: object = None,
    ) -> None:
        where = ", ".join(
            f"{name} {value}"
            for name, value in (("deal", deal), ("trick", trick), ("seat", seat))
            if value is not None
        )
        super().__init__(f"{where}: {message}" if where else message, text=text)
        self.deal = deal
        self.trick = trick
        self.seat = seat


@attrs.frozen
class Step:
    """One step of a deal: the seat that acted and the action's text form (``"4"``, ``"QH"``,
    ``"claim"`` …)."""

    seat: int
    action: str

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@attrs.frozen
class DealRecord:
    """One deal: its number, dealer, deck (top first), steps, and the scores after it."""

    number: int
    dealer: int
    deck: tuple[Card, ...]
    steps: tuple[Step, ...]
    scores: tuple[int, ...]


def _rules_text(value: Any) -> str:
    """The rules options as JSON text, checked to be a mapping of JSON data."""
    if isinstance(value, str):  # already the text (attrs.evolve passes the stored field on)
        return value
    if not isinstance(value, Mapping):
        raise RecordError(f"a record's rules must be a mapping of options, got {describe(value)}")
    try:
        return json.dumps(dict(value), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise RecordError(f"a record's rules must be JSON data: {error}") from None


@attrs.frozen
class GameRecord:
    """A complete game: replays to exactly the same states (see :func:`replay`).

    A record is immutable all through: it keeps the rules options as JSON text, and
    :attr:`rules` gives a fresh copy of them at each read (changing that copy changes nothing
    in the record).
    """

    game: str
    _rules_text: str = attrs.field(alias="rules", converter=_rules_text, eq=False, repr=False)
    seed: int
    dealer: int
    deals: tuple[DealRecord, ...]
    winner: int | None
    scores: tuple[int, ...]
    version: int = FORMAT_VERSION
    _rules_key: str = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_rules_key", json.dumps(self.rules, sort_keys=True))

    @property
    def rules(self) -> dict[str, Any]:
        """Every rules option of the game, as JSON data (a fresh copy at each read)."""
        options: dict[str, Any] = json.loads(self._rules_text)
        return options

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step of the game, in order."""
        return tuple(step for deal in self.deals for step in deal.steps)

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (the documented schema, keys in a stable order); compact
        unless ``indent`` is given (compact is several times faster to write)."""
        return json.dumps(record_to_dict(self), indent=indent, ensure_ascii=False)

    @staticmethod
    def from_json(text: str | bytes) -> GameRecord:
        """A record from JSON text (``str`` or UTF-8 ``bytes``), within the limits of
        :func:`input_text` and :func:`load_json`.

        :raises RecordError: for text that is not JSON or not a record of this format.
        """
        return record_from_dict(load_json(input_text(text)))


class GameCodec(Protocol):
    """What a game module tells the record machinery (one object per game: ``CODEC``)."""

    #: The game's id in records, e.g. ``"four_hundred"``.
    name: str
    #: The game's name for people, e.g. ``"400"``.
    title: str

    def new_game(
        self, rules: Mapping[str, Any], seed: int, dealer: int, deck: Sequence[Card]
    ) -> AnyState:
        """The game's first state for a record (the rules as a dict of options)."""
        ...

    def rules_of(self, state: AnyState) -> Mapping[str, Any]:
        """Every rules option of a state's game, as a dict."""
        ...

    def apply_step(self, state: AnyState, seat: int, action: str) -> AnyState:
        """The state after ``seat`` did ``action`` (text form), or an error."""
        ...

    def step_text(self, action: object) -> str:
        """The text form of an action (or claim / penalty) as a record stores it."""
        ...

    def trick_number(self, state: AnyState) -> int | None:
        """The trick (from 1) that the next card of ``state`` goes to, or ``None`` outside play."""
        ...

    def text_body(self, record: GameRecord) -> list[str]:
        """The text notation's lines for the deals of a record."""
        ...

    def parse_text_body(self, lines: Sequence[str], header: Mapping[str, str]) -> list[DealRecord]:
        """The deals from the text notation's body lines."""
        ...


# -- JSON ---------------------------------------------------------------------------------
def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """The JSON-ready dict of a record (the schema documented in the records guide)."""
    return {
        "format": FORMAT,
        "version": record.version,
        "game": record.game,
        "rules": record.rules,
        "seed": record.seed,
        "dealer": record.dealer,
        "deals": [
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "deck": " ".join(str(c) for c in deal.deck),
                "steps": [[step.seat, step.action] for step in deal.steps],
                "scores": list(deal.scores),
            }
            for deal in record.deals
        ],
        "result": {"winner": record.winner, "scores": list(record.scores)},
    }


def _require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: the field {describe(key)} is missing")
    value = data[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"{where}: {describe(key)} must be {names}, not {describe(value)}")
    return value


def _int_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(f"{where} must be a list of ints, not {describe(value)}")
    return tuple(value)


def _exact_keys(data: Mapping[str, Any], keys: set[str], where: str) -> None:
    extra = sorted(set(data) - keys)
    if extra:
        raise RecordError(f"{where}: unknown field(s) {', '.join(map(describe, extra))}")


def _check_version(version: int, reads: int, what: str) -> None:
    if version != reads:
        raise RecordError(
            f"{what} version {version} is not supported: this release reads version {reads}"
        )


def record_from_dict(data: Any) -> GameRecord:
    """A record from its JSON-ready dict.

    :raises RecordError: for a missing, unknown or mistyped field, or an unknown version.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a cardrules record: 'format' must be {FORMAT!r}")
    version = _require(data, "version", int, "record")
    _check_version(version, FORMAT_VERSION, "record format")
    _exact_keys(
        data, {"format", "version", "game", "rules", "seed", "dealer", "deals", "result"}, "record"
    )
    deals = []
    for position, raw in enumerate(_require(data, "deals", list, "record")):
        where = f"deals[{position}]"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be an object")
        _exact_keys(raw, {"number", "dealer", "deck", "steps", "scores"}, where)
        number = _require(raw, "number", int, where)
        try:
            deck = parse_deck(_require(raw, "deck", str, where))
        except RecordError:
            raise
        except ParseError as error:
            raise RecordError(str(error), deal=number) from error
        steps = []
        for index, item in enumerate(_require(raw, "steps", list, where)):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(
                    f"step {index + 1} must be [seat, action text], not {describe(item)}",
                    deal=number,
                )
            steps.append(Step(item[0], item[1]))
        deals.append(
            DealRecord(
                number=number,
                dealer=_require(raw, "dealer", int, where),
                deck=deck,
                steps=tuple(steps),
                scores=_int_list(_require(raw, "scores", list, where), f"{where}.scores"),
            )
        )
    result = _require(data, "result", dict, "record")
    _exact_keys(result, {"winner", "scores"}, "result")
    winner = result.get("winner")
    if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)):
        raise RecordError(f"result: 'winner' must be an int or null, not {describe(winner)}")
    return GameRecord(
        game=_require(data, "game", str, "record"),
        rules=_require(data, "rules", dict, "record"),
        seed=_require(data, "seed", int, "record"),
        dealer=_require(data, "dealer", int, "record"),
        deals=tuple(deals),
        winner=winner,
        scores=_int_list(_require(result, "scores", list, "result"), "result.scores"),
        version=version,
    )


# -- tag lines of the text notation --------------------------------------------------------
_TAG: Final = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*+) "((?:[^"\\]++|\\.)*+)"\]$')


def format_tags(tags: Sequence[tuple[str, str]]) -> list[str]:
    """Tag lines in the PGN style: ``[Name "value"]`` (``\\`` and ``"`` escaped).

    >>> format_tags([("Game", "400"), ("Note", 'say "hi"')])
    ['[Game "400"]', '[Note "say \\\\"hi\\\\""]']
    """
    lines = []
    for name, value in tags:
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{name} "{escaped}"]')
    return lines


def parse_tags(lines: Sequence[str]) -> dict[str, str]:
    """The tags of tag lines (see :func:`format_tags`); a repeated tag or a bad line raises.

    >>> parse_tags(['[Game "400"]', '[Seed "7"]'])
    {'Game': '400', 'Seed': '7'}
    """
    tags: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise RecordError(f"line {number} is over the limit of {MAX_LINE_CHARS:,} characters")
        match = _TAG.match(line)
        if match is None:
            shown = line if len(line) <= 80 else line[:80] + "..."
            raise RecordError(f'line {number}: {describe(shown)} is not a tag line [Name "value"]')
        name, raw = match.groups()
        if name in tags:
            raise RecordError(f"line {number}: the tag {describe(name)} is given twice")
        tags[name] = re.sub(r"\\(.)", r"\1", raw)
    return tags


# -- recording -----------------------------------------------------------------------------
class Recorder:
    """Plays a game and keeps its record: the mutable companion of an immutable state.

    ``Recorder(codec, state)`` starts from a state fresh from ``new_game``; :meth:`apply` (and
    :meth:`step` for claims and penalties) advance it; :meth:`record` gives the record so far.
    """

    def __init__(self, codec: GameCodec, state: AnyState) -> None:
        deal_number = getattr(state, "deal_number", None)
        if deal_number != 0 or getattr(state, "history", ()) != ():
            raise ArgumentError(
                "state: a Recorder starts from the first state of a game (new_game)",
                name="state",
                value=state,
            )
        if state.is_chance:
            raise _not_seeded(state)
        self.codec = codec
        self.start = state
        self.state = state
        self._deals: list[DealRecord] = []
        self._steps: list[Step] = []

    def apply(self, action: object) -> AnyState:
        """Apply ``action`` for the player to act; returns (and keeps) the new state."""
        seat = self.state.current_player
        if seat is None:
            self.state.apply(action)  # raises the game's own error
            raise AssertionError("unreachable: a finished game accepted an action")
        return self.step(seat, self.codec.step_text(action))

    def step(self, seat: int, text: str) -> AnyState:
        """Apply a step given as seat and text (e.g. ``(3, "claim")``).

        :raises ArgumentError: for a step into a chance state (a game of explicit chance whose
            first deal was given: its next deal has no seed to be checked against); the
            recorder stays where it was.
        """
        before = self.state
        after = self.codec.apply_step(before, seat, text)
        if after.is_chance:  # a first deal given with deck=, then explicit chance
            raise _not_seeded(after)
        self._steps.append(Step(seat, text))
        if after.is_terminal or _deal_of(after) != _deal_of(before):
            self._close(before, after)
        self.state = after
        return after

    def _close(self, before: AnyState, after: AnyState) -> None:
        self._deals.append(_deal_record(before, self._steps, after))
        self._steps = []

    def record(self) -> GameRecord:
        """The record of the game so far (an unfinished deal is included as it stands)."""
        deals = list(self._deals)
        state = self.state
        if self._steps or not deals:
            deals.append(_deal_record(state, self._steps, state))
        return GameRecord(
            game=self.codec.name,
            rules=self.codec.rules_of(self.start),
            seed=self.start.seed,
            dealer=self.start.dealer,
            deals=tuple(deals),
            winner=state.winner,
            scores=tuple(state.scores),
        )


def _deal_record(state: AnyState, steps: Sequence[Step], scored: AnyState) -> DealRecord:
    """The record of ``state``'s deal: its steps, and the scores of ``scored`` (the state after
    the deal, or ``state`` itself while it goes on)."""
    return DealRecord(
        number=_deal_of(state),
        dealer=state.dealer,
        deck=tuple(state.deck),
        steps=tuple(steps),
        scores=tuple(scored.scores),
    )


def _not_seeded(state: AnyState) -> ArgumentError:
    # A record's later deals are checked against the game's seed (the format keeps no flag for
    # decks given from outside), so only seeded games have a record.
    return ArgumentError(
        "state: only a seeded game has a record; a game of chance='explicit' can be kept by "
        "pickling its states",
        name="state",
        value=state,
    )


def _deal_of(state: AnyState) -> int:
    return state.deal_number


# -- replay --------------------------------------------------------------------------------
@attrs.frozen
class ReplayStep:
    """One step of a replay: the state before, who acted, what (text and record position), and
    the state after."""

    before: Any
    seat: int
    action: str
    after: Any
    deal: int
    index: int


def replay(
    record: GameRecord, codec: GameCodec, *, check_result: bool = True
) -> Iterator[ReplayStep]:
    """Replay a record step by step, checking it against the rules as it goes.

    :raises RecordError: where the record stops being the game it claims to be (a deck that is
        not the seed's, a step by the wrong seat or not legal, scores that do not follow, a
        result that differs), with the deal, trick and seat.
    """
    if record.game != codec.name:
        raise RecordError(
            f"a record of {describe(record.game)} cannot be replayed as {describe(codec.name)}"
        )
    if not record.deals:
        raise RecordError("a record must hold at least one deal")
    first = record.deals[0]
    try:
        state = codec.new_game(record.rules, record.seed, record.dealer, first.deck)
    except CardrulesError as error:
        raise RecordError(f"cannot start the game: {error}", deal=first.number) from error
    for deal in record.deals:
        if state.is_terminal:
            raise RecordError("the game was already over", deal=deal.number)
        _check_deal_start(state, deal)
        for index, step in enumerate(deal.steps):
            if _deal_of(state) != deal.number or state.is_terminal:
                raise RecordError(
                    f"step {index + 1} ({step}) comes after the deal ended", deal=deal.number
                )
            try:
                after = codec.apply_step(state, step.seat, step.action)
            except CardrulesError as error:
                raise RecordError(
                    f"step {index + 1}: {error}",
                    deal=deal.number,
                    trick=codec.trick_number(state),
                    seat=step.seat,
                ) from error
            yield ReplayStep(state, step.seat, step.action, after, deal.number, index)
            state = after
        if (
            not state.is_terminal
            and _deal_of(state) == deal.number
            and deal is not record.deals[-1]
        ):
            raise RecordError("the deal's steps end before the deal does", deal=deal.number)
        scores = tuple(state.scores)
        if scores != deal.scores:
            raise RecordError(
                f"the record says the scores after the deal are {list(deal.scores)}, "
                f"but the rules give {list(scores)}",
                deal=deal.number,
            )
    if check_result:
        final = tuple(state.scores)
        if state.winner != record.winner or final != record.scores:
            raise RecordError(
                f"the record's result (winner {record.winner}, scores {list(record.scores)}) "
                f"is not the game's (winner {state.winner}, scores {list(final)})"
            )


def _check_deal_start(state: AnyState, deal: DealRecord) -> None:
    number = _deal_of(state)
    if number != deal.number:
        raise RecordError(f"the game is at deal {number} here, not {deal.number}", deal=deal.number)
    dealer = state.dealer
    if dealer != deal.dealer:
        raise RecordError(
            f"the dealer is seat {dealer}, but the record says seat {deal.dealer}", deal=deal.number
        )
    deck = tuple(state.deck)
    if deck != deal.deck:
        raise RecordError(
            "the deck is not the one the game's seed deals "
            f"(first cards {' '.join(map(str, deck[:4]))} …, "
            f"the record has {' '.join(map(str, deal.deck[:4]))} …)",
            deal=deal.number,
        )


def final_state(record: GameRecord, codec: GameCodec) -> AnyState:
    """The state at the end of a record (replayed and checked)."""
    state: AnyState | None = None
    for step in replay(record, codec):
        state = step.after
    if state is None:
        first = record.deals[0]
        return codec.new_game(record.rules, record.seed, record.dealer, first.deck)
    return state


# -- pieces of every game's codec ---------------------------------------------------------
_R = TypeVar("_R")
_COUNT_WORDS: Final = {2: "two", 4: "four"}


def rules_and_start_scores(
    data: object, from_dict: Callable[[Mapping[str, Any]], _R], count: int
) -> tuple[_R, tuple[int, ...] | None]:
    """A record's rules object read by ``from_dict`` (a game's ``Rules.from_dict``), and the
    ``count`` starting scores if it names them as ``"start_scores"``.

    :raises RecordError: for rules that ``from_dict`` refuses or bad start scores.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"the rules must be an object, not {describe(data)}")
    options = dict(data)
    start = options.pop("start_scores", None)
    try:
        rules = from_dict(options)
    except CardrulesError as error:
        raise RecordError(f"bad rules: {error}") from error
    if start is None:
        return rules, None
    if (
        not isinstance(start, list | tuple)
        or len(start) != count
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in start)
    ):
        words = _COUNT_WORDS.get(count, str(count))
        raise RecordError(f"start_scores must be {words} ints, not {describe(start)}")
    return rules, tuple(start)


def rules_tag(header: Mapping[str, str]) -> object:
    """The JSON value of a text record's ``[Rules …]`` tag (``None`` if it has none).

    :raises RecordError: if the tag is not JSON.
    """
    return load_json(header.get("Rules", "null"), "the tag [Rules …]")


def check_turn(state: AnyState, seat: int, action: object) -> None:
    """A recorded step must be taken by the seat to act (when there is one).

    :raises IllegalActionError: with :attr:`Reason.NOT_YOUR_TURN` otherwise.
    :raises ArgumentError: for a seat that is not a plain int 0 .. 3 (a numpy int included).
    """
    seat = check_int(seat, name="seat", low=0, high=3)
    turn = state.current_player
    if turn is not None and seat != turn:
        raise IllegalActionError(
            Reason.NOT_YOUR_TURN,
            seat=seat,
            action=action,
            detail=f"it is seat {turn}'s turn, not seat {seat}'s",
        )


# -- the text notation's deal blocks -------------------------------------------------------
def parse_deal_blocks(
    lines: Sequence[str],
    first_line: int,
    parse_deal: Callable[[list[str], int], DealRecord],
    canonical: Callable[[DealRecord], list[str]],
) -> list[DealRecord]:
    """The deals of a text body made of blocks that each start with a ``Deal`` line.

    ``parse_deal(block, line_number)`` reads one block; ``canonical(deal)`` writes it back.  A
    block must read exactly as written back (one canonical form per deal), or the first line that
    differs is named.  ``first_line`` is the line number of ``lines[0]`` in the whole text.

    :raises RecordError: naming the line.
    """
    blocks: list[tuple[int, list[str]]] = []
    for index, line in enumerate(lines):
        if line.startswith("Deal "):
            blocks.append((index, [line]))
        elif not blocks:
            raise RecordError(
                f"line {first_line + index}: {describe(line)}: the body must start with a Deal line"
            )
        else:
            blocks[-1][1].append(line)
    deals = []
    for start, block in blocks:
        deal = parse_deal(block, first_line + start)
        expected = canonical(deal)
        for offset, (want, got) in enumerate(zip(expected, block, strict=False)):
            if want != got:
                raise RecordError(
                    f"line {first_line + start + offset}: {describe(got)} should read "
                    f"{describe(want)}",
                    deal=deal.number,
                )
        if len(expected) != len(block):
            raise RecordError(
                f"line {first_line + start}: the deal's block has {len(block)} lines, "
                f"{len(expected)} expected",
                deal=deal.number,
            )
        deals.append(deal)
    return deals


# -- saved states (one state on its own) ---------------------------------------------------
#: The ``format`` field of a saved state.
STATE_FORMAT: Final = "cardrules-state"
#: The version of the saved-state format that this release writes and reads.
STATE_VERSION: Final = 1
#: The fields of every saved state, whatever the game.
STATE_KEYS: Final = frozenset(
    {
        "format",
        "version",
        "game",
        "rules",
        "seed",
        "deal_number",
        "dealer",
        "scores",
        "history",
        "deck",
        "steps",
    }
)


def saved_field(
    data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str
) -> Any:
    """``data[key]``, which must be present and of ``kind`` (a bool is never an int here).

    :raises RecordError: naming ``where`` and the field.
    """
    if key not in data:
        raise RecordError(f"{where}: the field {describe(key)} is missing")
    value = data[key]
    if isinstance(value, bool) and kind is not bool:
        raise RecordError(f"{where}: {describe(key)} must not be a boolean, got {describe(value)}")
    if not isinstance(value, kind):
        raise RecordError(f"{where}: {describe(key)} has the wrong type: {describe(value)}")
    return value


def exact_fields(data: Mapping[str, Any], keys: set[str] | frozenset[str], where: str) -> None:
    """Check that ``data`` has exactly the fields ``keys``.

    :raises RecordError: naming the unknown or missing fields.
    """
    extra = sorted(set(data) - keys)
    missing = sorted(keys - set(data))
    if extra:
        raise RecordError(f"{where}: unknown field(s) {', '.join(map(describe, extra))}")
    if missing:
        raise RecordError(f"{where}: missing field(s) {', '.join(map(describe, missing))}")


def read_saved_state(text: str | bytes, game: str, title: str) -> dict[str, Any]:
    """The checked envelope of a saved state of ``game`` (its JSON object).

    :raises RecordError: for text that is not JSON, not a saved state, of another version, with
        a field missing or unknown, or of another game.
    """
    data = load_json(input_text(text, "a saved state"), "a saved state")
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise RecordError(f"not a saved state: 'format' must be {STATE_FORMAT!r}")
    _check_version(saved_field(data, "version", int, "state"), STATE_VERSION, "saved-state")
    exact_fields(data, STATE_KEYS, "state")
    if data["game"] != game:
        raise RecordError(f"a saved {describe(data['game'])} state is not {title} state")
    return data
