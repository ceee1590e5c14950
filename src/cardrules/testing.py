"""A conformance kit for game states: run any state type of the game protocol through it.

The test suite runs every preset of both games through :func:`check_conformance`; a user who
writes a variant (a new ruleset, a new game on the core) runs the same checks on it.  Each check
raises :class:`ConformanceError` (an :class:`AssertionError`) naming the game, the seed, the step
and what went wrong, so a failure is a bug report that can be replayed.

What is checked, over seeded random playouts:

* **legality** -- every action of ``legal_actions()`` applies, every other action of the game's
  action universe raises :class:`~cardrules.errors.IllegalActionError` (and so do values that are
  not actions at all), and a terminal state has no legal action;
* **immutability** -- a state is byte-for-byte the same (pickled) after ``apply`` as before;
* **value semantics** -- ``==`` and ``hash`` agree, a pickled copy is equal, applying the same
  action twice gives equal states;
* **no leak** -- two states that differ only in cards hidden from a seat give that seat the same
  observation (needs ``hidden_variant``);
* **determinizer consistency** -- a state sampled from a seat's observation gives that seat the
  same observation (needs ``determinize``);
* **records** -- a game's record replays to the same final state and round-trips (needs
  ``replay``).

>>> from cardrules.testing import GameSubject, check_conformance
>>> # check_conformance(GameSubject(name="mine", new_game=my_new_game, actions=MY_ACTIONS))
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.core.protocol import GameState
from cardrules.errors import IllegalActionError, Reason

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "GameSubject",
    "check_conformance",
    "check_state",
    "random_playout",
]

AnyState = GameState[Any]

#: Values that are no game's actions: each must be refused with ``Reason.NOT_AN_ACTION``.
NOT_ACTIONS: tuple[object, ...] = (None, 42, "not an action", ("Play", "QH"))


class ConformanceError(AssertionError):
    """A state that breaks the contract of the game protocol."""


@attrs.frozen
class GameSubject:
    """What the kit needs to know about a game (or one ruleset of it).

    :param name: shown in failure messages.
    :param new_game: a new game from a seed.
    :param actions: every distinct action of the game (its action universe).
    :param players: the number of seats (observations are checked for each).
    :param hidden_variant: ``(state, seat, rng) -> state`` -- the same state with the cards hidden
        from ``seat`` dealt differently (e.g. through ``state.with_hidden_cards``).
    :param determinize: ``(state, seat, rng) -> state`` -- a state sampled from what ``seat``
        observes in ``state``.
    :param replay: ``(states) -> None`` -- given the states of one playout (the first is the
        new game), builds the record of the last, checks that it round-trips and replays to it,
        raising :class:`AssertionError` otherwise.
    """

    name: str
    new_game: Callable[[int], AnyState]
    actions: Sequence[object]
    players: int = 4
    hidden_variant: Callable[[AnyState, int, random.Random], AnyState] | None = None
    determinize: Callable[[AnyState, int, random.Random], AnyState] | None = None
    replay: Callable[[Sequence[AnyState]], None] | None = None


@attrs.frozen
class ConformanceReport:
    """What :func:`check_conformance` ran: games, states checked, terminal games reached."""

    name: str
    games: int
    states: int
    finished: int

    def __str__(self) -> str:
        return (
            f"{self.name}: {self.games} games, {self.states} states checked, "
            f"{self.finished} games played to the end"
        )


def _fail(where: str, message: str) -> ConformanceError:
    return ConformanceError(f"{where}: {message}")


def random_playout(
    state: AnyState, rng: random.Random, max_actions: int = 10_000
) -> list[AnyState]:
    """The states of a playout of uniformly random legal actions (the first is ``state``)."""
    states = [state]
    for _ in range(max_actions):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def check_state(
    subject: GameSubject, state: AnyState, rng: random.Random, where: str = "state"
) -> None:
    """Run the per-state checks (legality, immutability, value semantics, observations)."""
    try:
        snapshot = pickle.dumps(state)
        copy = pickle.loads(snapshot)
    except Exception as error:  # any pickling failure is the finding
        raise _fail(where, f"the state does not pickle ({error})") from error
    if copy != state or hash(copy) != hash(state):
        raise _fail(where, "a pickled copy is not equal, or hashes differently")
    legal = state.legal_actions()
    if legal != state.legal_actions():
        raise _fail(where, "legal_actions() is not stable between calls")
    if state.is_terminal != (state.current_player is None):
        raise _fail(where, "is_terminal disagrees with current_player being None")
    if state.is_terminal:
        if legal:
            raise _fail(where, f"a terminal state lists legal actions {legal}")
        if state.winner is None:
            raise _fail(where, "a terminal state has no winner")
    elif state.winner is not None:
        raise _fail(where, "a state that is not terminal has a winner")
    if len(set(legal)) != len(legal):
        raise _fail(where, f"legal_actions() repeats an action: {legal}")
    legal_set = set(legal)
    for action in legal:
        if action not in subject.actions:
            raise _fail(where, f"legal action {action!r} is not in the game's action universe")
        after = state.apply(action)
        if after != state.apply(action) or hash(after) != hash(state.apply(action)):
            raise _fail(where, f"applying {action} twice gives different states")
    for action in subject.actions:
        if action in legal_set:
            continue
        try:
            state.apply(action)
        except IllegalActionError as error:
            if error.seat != state.current_player:
                raise _fail(
                    where, f"{action} was refused for seat {error.seat}, not the player to act"
                ) from error
        else:
            raise _fail(where, f"{action} is not in legal_actions() but apply() accepted it")
    for junk in NOT_ACTIONS:
        try:
            state.apply(junk)
        except IllegalActionError as error:
            if error.reason is not Reason.NOT_AN_ACTION and not state.is_terminal:
                raise _fail(where, f"{junk!r} was refused with {error.reason}") from error
        else:
            raise _fail(where, f"apply() accepted {junk!r}")
    for seat in range(subject.players):
        observation = state.observe(seat)
        if observation != state.observe(seat):
            raise _fail(where, f"observe({seat}) is not stable")
        if subject.hidden_variant is not None:
            variant = subject.hidden_variant(state, seat, rng)
            if variant.observe(seat) != observation:
                raise _fail(
                    where, f"seat {seat} observes a difference in cards hidden from it (a leak)"
                )
        if subject.determinize is not None:
            sampled = subject.determinize(state, seat, rng)
            if sampled.observe(seat) != observation:
                raise _fail(where, f"a determinization for seat {seat} observes differently")
    if pickle.dumps(state) != snapshot:
        raise _fail(where, "the state changed while it was used (it must be immutable)")


def check_conformance(
    subject: GameSubject,
    *,
    games: int = 5,
    seed: int = 0,
    max_actions: int = 2_000,
    every: int = 1,
) -> ConformanceReport:
    """Play ``games`` seeded random games and check every ``every``-th state of each.

    :raises ConformanceError: at the first broken promise, naming the game, seed and step.
    """
    states_checked = 0
    finished = 0
    for game in range(games):
        game_seed = seed + game
        rng = random.Random(game_seed)
        states = random_playout(subject.new_game(game_seed), rng, max_actions)
        for step, state in enumerate(states):
            if step % every == 0 or state.is_terminal:
                where = f"{subject.name}, seed {game_seed}, step {step}"
                check_state(subject, state, rng, where)
                states_checked += 1
        finished += states[-1].is_terminal
        if subject.replay is not None:
            try:
                subject.replay(states)
            except AssertionError as error:
                raise _fail(f"{subject.name}, seed {game_seed}", f"record: {error}") from error
    return ConformanceReport(subject.name, games, states_checked, finished)
