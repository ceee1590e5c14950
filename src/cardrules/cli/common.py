"""Shared helpers of the ``cardrules`` command: games, rulesets and agents from arguments,
files read within the loaders' limit and written whole or not at all."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Any

from cardrules.agents.registry import game_name, make_agent
from cardrules.cli import InputError, UsageError
from cardrules.core.records import MAX_INPUT_BYTES
from cardrules.errors import ParseError, RulesError
from cardrules.games import find_game

__all__ = [
    "agent_from",
    "game_from",
    "module_of",
    "read_input",
    "rules_from",
    "write_atomic",
]


def game_from(text: str) -> str:
    """The canonical game name, or a usage error."""
    try:
        return game_name(text)
    except ParseError as error:
        raise UsageError(str(error)) from None


def module_of(game: str) -> Any:
    """The game module of a canonical game name."""
    return find_game(game).load()


def rules_from(game: str, preset: str | None, players: int | None) -> Any:
    """The ruleset named by ``--preset`` and ``--players``."""
    module = module_of(game)
    try:
        rules = module.Rules.preset(preset) if preset else module.Rules()
    except RulesError as error:
        raise UsageError(str(error)) from None
    seats = find_game(game).seats
    if players is not None:
        if len(seats) == 1:  # a game with one number of seats (400: four, FH-1)
            if players != seats[0]:
                raise UsageError(
                    f"{game} is played by {seats[0]} players: --players {seats[0]} only"
                )
        elif players != rules.players:
            import attrs

            try:
                rules = attrs.evolve(rules, players=players)
            except RulesError as error:
                raise UsageError(str(error)) from None
    return rules


def agent_from(game: str, spec: str) -> Any:
    """The agent named by ``spec``, or a usage error.

    ``module:attribute`` names are imported and called by the agents' registry, which refuses
    one that exits (``builtins:exit``) like any other object that is not an agent.
    """
    try:
        return make_agent(game, spec)
    except ParseError as error:
        raise UsageError(str(error)) from None


def read_input(path: Path) -> bytes:
    """The bytes of an input file, read in pieces and refused as soon as they pass the loaders'
    limit (:data:`~cardrules.core.records.MAX_INPUT_BYTES`, 16 MiB), so that ``/dev/zero`` or
    a huge file is never read whole.

    :raises InputError: for a file that cannot be read or is over the limit.
    """
    try:
        with path.open("rb") as file:
            data = file.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            f"{path} is over the limit of {MAX_INPUT_BYTES:,} bytes (16 MiB) that a record or "
            "saved game may take"
        )
    return data


def _write_all(file: Any, data: bytes) -> None:
    """Write ``data`` to the open binary ``file`` (one place, so that a test can make it fail
    part-way, as a full disk does)."""
    file.write(data)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: into a temporary file in the
    same directory, flushed to the disk, then renamed over ``path``.  A full disk or an
    interruption leaves the earlier file (or none), never a truncated one.

    :raises InputError: when the file cannot be written (the temporary file is removed).
    """
    # a hidden name of our own beside the target (a rename is atomic within one file system);
    # created as open() creates files (mode 0o666 less the umask), unlike mkstemp's 0o600
    temporary = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    done = False
    try:
        with os.fdopen(handle, "wb") as file:
            _write_all(file, text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        done = True
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
