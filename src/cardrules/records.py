"""Game records for every game: JSON, the text notation, recording and replay.

This module finds the right game for a record by its ``game`` field (or for a state by its
module) and hands the work to the generic machinery of :mod:`cardrules.core.records` with that
game's codec.  Games register here by name; a variant of your own can too
(:func:`register_codec`).

The text notation, in the spirit of PGN and PBN, is tag lines then the game's body::

    [Game "four_hundred"]
    [Version "1"]
    [Seed "7"]
    ...

    <the game's deal lines>
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from cardrules.core.checks import check_int, refuse
from cardrules.core.protocol import GameState
from cardrules.core.records import (
    FORMAT_VERSION,
    MAX_LINE_CHARS,
    GameCodec,
    GameRecord,
    Recorder,
    RecordError,
    ReplayStep,
    format_tags,
    input_text,
    load_json,
    parse_int,
    parse_tags,
)
from cardrules.core.records import final_state as _final_state
from cardrules.core.records import replay as _replay
from cardrules.errors import describe
from cardrules.games import UnknownGameError, find_game, games

__all__ = [
    "codec_for",
    "final_state",
    "from_json",
    "from_text",
    "recorder",
    "register_codec",
    "replay",
    "to_json",
    "to_text",
]

#: Codecs registered here directly (games of the registry bring their own ``CODEC``).
_CODECS: dict[str, GameCodec] = {}
#: The ids and modules of the games registered when this module was imported (the registry,
#: :mod:`cardrules.games`, is the list that counts; this is what older code read).
_MODULES: Final[dict[str, str]] = {game.name: game.module for game in games()}


def register_codec(codec: GameCodec) -> None:
    """Make a game (or a variant of your own) known to records by its ``codec.name``.

    :raises ArgumentError: for a value that is not a codec (a ``name`` that is a non-empty
        string, and the codec's methods); the known games are unchanged then.
    """
    name = getattr(codec, "name", None)
    methods = ("new_game", "rules_of", "apply_step", "step_text", "text_body", "parse_text_body")
    if (
        not isinstance(name, str)
        or not name
        or not all(callable(getattr(codec, method, None)) for method in methods)
    ):
        refuse("codec", "a game codec (a name and the GameCodec methods)", codec)
    _CODECS[name] = codec


def _record(record: object) -> GameRecord:
    if not isinstance(record, GameRecord):
        refuse("record", "a GameRecord", record)
    return record


def codec_for(game: str | GameState[Any]) -> GameCodec:
    """The codec of a game, by the id records store (``"four_hundred"``, ``"all_fours"``: the
    registry's :attr:`GameInfo.name <cardrules.games.GameInfo>`; aliases are for people, not
    for files) or by one of its states.

    :raises RecordError: for an unknown game.
    """
    if isinstance(game, str):
        if game in _CODECS:
            return _CODECS[game]
        # A record names its game by id only: aliases are for people, not for files.
        found = [info for info in games() if info.name == game]
        if not found:
            known = ", ".join(sorted({*(info.name for info in games()), *_CODECS}))
            raise RecordError(f"unknown game {describe(game)}: known games are {known}")
        info = found[0]
    else:
        try:
            info = find_game(game)
        except UnknownGameError:
            raise RecordError(
                f"no record codec knows states of type {type(game).__qualname__}: "
                "make a Recorder with your codec"
            ) from None
    codec: GameCodec = info.codec
    return codec


def recorder(state: GameState[Any]) -> Recorder:
    """A :class:`~cardrules.core.records.Recorder` for a game fresh from ``new_game``."""
    return Recorder(codec_for(state), state)


def to_json(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text.

    :raises ArgumentError: for a value that is not a record, or an indent that is not an int
        from 0 to 16 or None.
    """
    if indent is not None:
        check_int(indent, name="indent", low=0, high=16)
    return _record(record).to_json(indent=indent)


def from_json(text: str | bytes) -> GameRecord:
    """A record from JSON text (``str`` or UTF-8 ``bytes``), checked for form (use
    :func:`replay` to check the game).  See :func:`cardrules.core.records.input_text` and
    :func:`~cardrules.core.records.load_json` for the limits."""
    record = GameRecord.from_json(text)
    codec_for(record.game)
    return record


def to_text(record: GameRecord) -> str:
    """The record in the text notation: tag lines, a blank line, the game's body.

    :raises ArgumentError: for a value that is not a record.
    """
    codec = codec_for(_record(record).game)
    tags = [
        ("Game", record.game),
        ("Version", str(record.version)),
        ("Seed", str(record.seed)),
        ("Dealer", str(record.dealer)),
        ("Rules", json.dumps(record.rules, separators=(",", ":"))),
        ("Result", "none" if record.winner is None else str(record.winner)),
        ("Scores", " ".join(str(s) for s in record.scores)),
    ]
    return "\n".join([*format_tags(tags), "", *codec.text_body(record)]) + "\n"


def _int_tag(tags: dict[str, str], name: str) -> int:
    if name not in tags:
        raise RecordError(f"the tag [{name} …] is missing")
    return parse_int(tags[name], f"the tag [{name} …]")


def from_text(text: str | bytes) -> GameRecord:
    """A record from the text notation (see :func:`to_text`), as ``str`` or UTF-8 ``bytes``,
    within the limits of :func:`cardrules.core.records.input_text` (lines of at most
    :data:`~cardrules.core.records.MAX_LINE_CHARS` characters).

    :raises RecordError: for a malformed header or body, naming the line.
    """
    lines = input_text(text).splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise RecordError(f"line {number} is over the limit of {MAX_LINE_CHARS:,} characters")
    try:
        blank = lines.index("")
    except ValueError:
        raise RecordError("a text record needs tag lines, a blank line, then the deals") from None
    tags = parse_tags(lines[:blank])
    version = _int_tag(tags, "Version")
    if version != FORMAT_VERSION:
        raise RecordError(
            f"record format version {version} is not supported: this release reads version "
            f"{FORMAT_VERSION}"
        )
    if "Game" not in tags:
        raise RecordError("the tag [Game …] is missing")
    codec = codec_for(tags["Game"])
    rules = load_json(tags.get("Rules", ""), "the tag [Rules …]")
    if not isinstance(rules, dict):
        raise RecordError("the tag [Rules …] is not a JSON object")
    result = tags.get("Result")
    if result is None:
        raise RecordError("the tag [Result …] is missing")
    winner = None if result == "none" else parse_int(result, "the tag [Result …]")
    scores = tuple(parse_int(s, "the tag [Scores …]") for s in tags.get("Scores", "").split())
    deals = codec.parse_text_body([line for line in lines[blank + 1 :] if line.strip()], tags)
    return GameRecord(
        game=codec.name,
        rules=rules,
        seed=_int_tag(tags, "Seed"),
        dealer=_int_tag(tags, "Dealer"),
        deals=tuple(deals),
        winner=winner,
        scores=scores,
        version=version,
    )


def replay(record: GameRecord, *, check_result: bool = True) -> Iterator[ReplayStep]:
    """Replay a record step by step, checking every step (see
    :func:`cardrules.core.records.replay`)."""
    if not isinstance(check_result, bool):
        refuse("check_result", "True or False", check_result)
    return _replay(record, codec_for(_record(record).game), check_result=check_result)


def final_state(record: GameRecord) -> GameState[Any]:
    """The state a record ends in, replayed and checked."""
    return _final_state(record, codec_for(_record(record).game))
