"""Many games stepped together as arrays, in compiled loops (extra ``cardrules[batch]``: numba
and numpy).

:func:`make` returns a batch of ``n`` games (lanes) of All Fours or 400.  Each step, every
lane's current player acts: ``batch.step(actions)`` takes one action id per lane, in the
adapters' numbering (:data:`cardrules.all_fours.ACTIONS`, :data:`cardrules.four_hundred.ACTIONS`),
and a game that ends is reported and replaced by the lane's next game (auto-reset).  Game
``j`` of lane ``i`` has the seed :func:`game_seed` ``(seed, i, j)``: with the default
``shuffle="seeded"`` it is, action for action, the per-state engine's ``new_game(rules,
seed=game_seed(seed, i, j))``.  See the docs page "Batch engine".

>>> import numpy as np
>>> from cardrules.batch import make
>>> batch = make("all-fours", 4, seed=7)
>>> batch.legal_mask().shape, batch.observe().shape
((4, 56), (4, 651))
>>> rng = np.random.default_rng(0)
>>> for _ in range(300):
...     step = batch.step(batch.random_actions(rng))
>>> int(batch.game_number.sum()) > 0
True
"""

from __future__ import annotations

from cardrules.core.compiled import EXTRA, CompilerMissingError, available

if not available():
    raise CompilerMissingError(
        f"cardrules.batch compiles its step loops with numba: pip install '{EXTRA}'",
        name="numba",
    )

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.batch._decks import game_seed
from cardrules.batch._lanes import MAX_LANES, check_lanes
from cardrules.batch._results import GameResults, StepResult
from cardrules.batch.all_fours import AllFoursBatch
from cardrules.batch.four_hundred import FourHundredBatch
from cardrules.core.cards import Card
from cardrules.core.checks import check_int, check_seat, check_seed, refuse
from cardrules.core.deck import parse_deck
from cardrules.errors import ParseError, RulesError, describe
from cardrules.games import UnknownGameError, find_game

__all__ = [
    "GAMES",
    "MAX_LANES",
    "MAX_THREADS",
    "AllFoursBatch",
    "FourHundredBatch",
    "GameResults",
    "StepResult",
    "game_seed",
    "make",
]

#: The game names that :func:`make` takes.
GAMES: Final = ("all-fours", "400")
_SHUFFLES: Final = ("seeded", "numpy")
#: The most threads a batch steps its lanes on.
MAX_THREADS: Final = 256


def make(
    game: str,
    n: int,
    *,
    seed: int,
    rules: Any = None,
    dealer: int | Sequence[int] | None = None,
    decks: npt.ArrayLike | Sequence[Sequence[Card] | str] | None = None,
    shuffle: str = "seeded",
    scores: Sequence[int] | None = None,
    threads: int = 1,
) -> AllFoursBatch | FourHundredBatch:
    """A batch of ``n`` games of ``game`` (``"all-fours"`` or ``"400"``) under ``rules`` (the
    game's ``Rules``, default ``Rules()``; every option is supported).

    :param seed: the batch's seed: game ``j`` of lane ``i`` has the seed ``game_seed(seed, i,
        j)`` (first dealer, every shuffle).
    :param dealer: the first dealer of each lane's first game (a seat, or one per lane), as
        ``new_game(dealer=...)``; ``None`` draws it from the game's seed.
    :param decks: fixes the first deal of each lane's first game, as ``new_game(deck=...)``: an
        (n, 52) array of card indices, top first, or ``n`` decks of cards or text.
    :param scores: the scores every game of the batch starts from (default zeros), as
        ``new_game(scores=...)``: e.g. to train the end of games.
    :param shuffle: ``"seeded"`` (the per-state engine's shuffle of each game seed) or
        ``"numpy"`` (numpy's PCG64 generator seeded with ``seed``: faster dealing, reproducible
        within the batch engine, but not the per-state engine's decks).
    :param threads: the threads that step the lanes (numba's ``prange``; at most numba's
        thread count): the same games as one thread.
    :raises RulesError: for an unknown game or a ruleset of another game.
    :raises ArgumentError: for a bad argument (``n`` from 1 to :data:`MAX_LANES`).
    :raises ParseError: for decks that are not ``n`` full decks.
    """
    try:
        if not isinstance(game, str):
            raise UnknownGameError("game: not a name", name="game", value=game)
        info = find_game(game)
        kind: type[Any] = info.load_attribute("batch")
    except UnknownGameError:
        expected = " or ".join(repr(name) for name in GAMES)
        raise RulesError(f"game: expected {expected}, got {describe(game)}") from None
    rules_type: type[Any] = info.rules_type
    new_game = info.new_game
    module = info.name
    if rules is None:
        rules = rules_type()
    elif not isinstance(rules, rules_type):
        kind_name = f"{type(rules).__module__}.{type(rules).__qualname__}"
        raise RulesError(f"rules must be a {module}.Rules, not {kind_name}")
    n = check_lanes(n)
    threads = check_int(threads, name="threads", low=1, high=min(MAX_THREADS, _thread_limit()))
    start = None
    if scores is not None:
        new_game(rules, seed=0, dealer=0, scores=scores)  # the engine's own checks
        start = np.array(scores, dtype=np.int64)
    check_seed(seed)
    if not isinstance(shuffle, str) or shuffle not in _SHUFFLES:
        raise RulesError(f"shuffle: expected 'seeded' or 'numpy', got {describe(shuffle)}")
    players = 4 if kind is FourHundredBatch else rules.players
    first_dealer: npt.NDArray[np.int64] | None = None
    if dealer is not None:
        if isinstance(dealer, int | np.integer) and not isinstance(dealer, bool | np.bool_):
            seats = [check_seat(int(dealer), players, name="dealer")] * n
        else:
            if isinstance(dealer, str | bytes) or not isinstance(dealer, Sequence | np.ndarray):
                refuse("dealer", f"a seat or {n} seats (one per lane)", dealer)
            seats = [
                check_seat(int(d) if isinstance(d, np.integer) else d, players, name="dealer")
                for d in dealer
            ]
            if len(seats) != n:
                refuse("dealer", f"a seat or {n} seats (one per lane)", dealer)
        first_dealer = np.array(seats, dtype=np.int64)
    batch: AllFoursBatch | FourHundredBatch = kind(
        n,
        seed=seed,
        rules=rules,
        dealer=first_dealer,
        decks=None if decks is None else _first_decks(decks, n),
        shuffle=shuffle,
        scores=start,
        threads=threads,
    )
    return batch


def _thread_limit() -> int:
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # numba.config is untyped


def _first_decks(decks: Any, n: int) -> npt.NDArray[np.int64]:
    """The first decks as card indices (n, 52), each checked to hold the 52 cards once."""
    if isinstance(decks, np.ndarray) and decks.dtype.kind in "iu":
        if decks.shape != (n, 52):
            raise ParseError(f"decks: expected shape ({n}, 52), got {decks.shape}", text=decks)
        array = decks.astype(np.int64)
    else:
        if isinstance(decks, str | bytes) or not isinstance(decks, Sequence) or len(decks) != n:
            raise ParseError(
                f"decks: expected {n} decks, one per lane, got {describe(decks)}", text=decks
            )
        rows = []
        for deck in decks:
            if (isinstance(deck, np.ndarray) and deck.dtype.kind in "iu") or (
                isinstance(deck, Sequence)
                and not isinstance(deck, str)
                and all(isinstance(c, int) and not isinstance(c, bool) for c in deck)
            ):
                rows.append([int(c) for c in deck])
            else:
                rows.append([card.index for card in parse_deck(deck)])
        if any(len(row) != 52 for row in rows):
            raise ParseError(
                f"decks: each deck must hold 52 cards, got {describe(decks)}", text=decks
            )
        array = np.array(rows, dtype=np.int64)
    if not (np.sort(array, axis=1) == np.arange(52)).all():
        lane = int(np.flatnonzero((np.sort(array, axis=1) != np.arange(52)).any(axis=1))[0])
        raise ParseError(f"decks: deck {lane} does not hold each of the 52 cards once", text=decks)
    return array
