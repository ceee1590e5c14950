"""Fixed-size tensors of what a seat knows, shared by the OpenSpiel and PettingZoo adapters.

Everything is read from ``state.observe(seat)`` and the public record of the match, never from
another seat's hand.  Seats are *relative* to the observing seat (0 = itself, 1 = the next seat
in play order, ...); teams likewise (0 = its own team).  The tensor is flat ``float32``;
:meth:`Encoder.pieces` names its parts (name, shape) in order.

Observation pieces (every game): ``dealing`` (1 while the cards are being dealt), ``hand``
(52, own unplayed cards), ``current_trick`` (players x 52, by the seat that played the card),
``played`` (players x 52, the cards of the deal's completed tricks by who played them),
``dealer`` and ``to_play`` (players, one-hot); then the game's own pieces, which its
:class:`GameEncoding` lays out and writes (the adapters' description of the game names it:
:attr:`cardrules.adapters._games.Game.encoding`, found through the game registry):

* 400: ``scores`` (4, per relative seat, divided by 100), ``phase`` (bidding, play, over),
  ``bids`` and ``taken`` (4 x 14: one-hot, column 0 = no bid yet / 0 tricks), ``level``
  (divided by 100);
* All Fours: ``scores`` (2, per relative side, divided by the target), ``phase`` (beg, answer,
  play, over), ``kicks`` (kicks x 52, the cards turned up this deal in order), ``trump``
  (4, one-hot), ``hand_sizes`` (players, divided by the largest hand), ``stock`` (cards left,
  divided by 52), ``tricks_won`` (2, per relative side, divided by the most tricks),
  ``may_look`` (1 once the seat may look at its hand, AF-15).

The information-state tensor adds what makes the current deal perfect-recall: ``seen``
(2 x 52 for All Fours, 1 x 52 for 400: the own cards in the order they were first seen, e.g.
the first six then the run cards), ``trick_of`` (52 x tricks: the trick in which each card was
played) and, for All Fours, ``decisions`` (stood, begged, gave one, ran).  Earlier deals are
summarised by the scores (and the level); the information-state *string* holds them in full.
"""

from __future__ import annotations

import importlib
import math
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.adapters._games import Game, Table
from cardrules.core.checks import refuse

__all__ = ["AllFoursEncoding", "Encoder", "FourHundredEncoding", "GameEncoding", "write_cards"]

_STAND, _BEG, _GIVE, _RUN = 52, 53, 54, 55

#: Named views into a tensor (see :meth:`Encoder.views`).
Views = dict[str, npt.NDArray[np.float32]]


def write_cards(row: npt.NDArray[np.float32], mask: int) -> None:
    """Set ``row[i]`` to 1 for every card index ``i`` in the 52-bit ``mask``."""
    while mask:
        low = mask & -mask
        row[low.bit_length() - 1] = 1.0
        mask ^= low


class GameEncoding:
    """One game's part of the tensor: its pieces after the shared ones, and how to write them.

    Made by :class:`Encoder` for one table (its rules and seats); a game's adapter description
    names its subclass (:attr:`~cardrules.adapters._games.Game.encoding`).
    """

    def __init__(self, table: Table, *, players: int, tricks: int) -> None:
        self.rules = table.rules
        self.players = players
        self.tricks = tricks

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The game's observation pieces: (name, shape), in order."""
        raise NotImplementedError

    #: The rows of the information state's ``seen``: the own cards in the order they were
    #: first seen, one row per time the hand grows in a deal.
    seen_rows: int = 1

    def recall_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The game's information-state pieces after the shared ``seen`` and ``trick_of``
        (default: none)."""
        return []

    def encode_dealing(self, v: Views, table: Table, seat: int) -> None:
        """Write what ``seat`` knows while the cards are dealt (by default nothing)."""

    def encode(self, v: Views, table: Table, obs: Any, seat: int, phase: str) -> None:
        """Write the game's pieces from ``obs``, ``seat``'s observation of ``table`` (``phase``
        is ``"over"`` at the end)."""
        raise NotImplementedError

    def encode_recall(self, v: Views, table: Table, seat: int, deal: int) -> None:
        """Write the game's information-state pieces for the deal ``deal`` (beyond ``seen``,
        which :class:`Encoder` writes)."""


class FourHundredEncoding(GameEncoding):
    """400's pieces: ``scores`` (4, per relative seat, divided by 100), ``phase`` (bidding,
    play, over), ``bids`` and ``taken`` (4 x 14: one-hot, column 0 = no bid yet / 0 tricks),
    ``level`` (divided by 100)."""

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """Scores, phase, bids, tricks taken, level."""
        return [
            ("scores", (4,)),
            ("phase", (3,)),
            ("bids", (4, 14)),
            ("taken", (4, 14)),
            ("level", (1,)),
        ]

    def _scores(self, v: Views, scores: tuple[int, ...], seat: int) -> None:
        for s in range(4):
            v["scores"][(s - seat) % 4] = scores[s] / 100.0

    def encode_dealing(self, v: Views, table: Table, seat: int) -> None:
        """The scores and the level of the last finished deal (41 before the first)."""
        self._scores(v, table.scores, seat)
        v["level"][0] = (table.past[-1].level if table.past else 41) / 100.0

    def encode(self, v: Views, table: Table, obs: Any, seat: int, phase: str) -> None:
        """Scores, phase, every bid and every seat's tricks taken, the level."""
        self._scores(v, table.scores, seat)
        v["phase"][("bidding", "play", "over").index(phase)] = 1.0
        for s in range(4):
            bid = obs.bids[s]
            v["bids"][(s - seat) % 4, 0 if bid is None else bid] = 1.0
            v["taken"][(s - seat) % 4, obs.tricks_taken[s]] = 1.0
        v["level"][0] = obs.level / 100.0


class AllFoursEncoding(GameEncoding):
    """All Fours' pieces: ``scores`` (2, per relative side, divided by the target), ``phase``
    (beg, answer, play, over), ``kicks`` (kicks x 52), ``trump`` (4, one-hot), ``hand_sizes``
    (players, divided by the largest hand), ``stock`` (divided by 52), ``tricks_won`` (2, per
    relative side, divided by the most tricks), ``may_look`` (1 once the seat may look at its
    hand, AF-15); recall: ``seen`` (2 x 52) and ``decisions`` (stood, begged, gave one, ran)."""

    def __init__(self, table: Table, *, players: int, tricks: int) -> None:
        super().__init__(table, players=players, tricks=tricks)
        self.kicks = 1 + table.game.max_runs(table.rules)
        self.target = float(table.rules.target)

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """Scores, phase, kicks, trump, hand sizes, stock, tricks won, may look."""
        return [
            ("scores", (2,)),
            ("phase", (4,)),
            ("kicks", (self.kicks, 52)),
            ("trump", (4,)),
            ("hand_sizes", (self.players,)),
            ("stock", (1,)),
            ("tricks_won", (2,)),
            ("may_look", (1,)),
        ]

    #: The first six cards, then the run cards (AF-11).
    seen_rows = 2

    def recall_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """``decisions``."""
        return [("decisions", (4,))]

    def _scores(self, v: Views, scores: tuple[int, ...], seat: int) -> None:
        for side in range(2):
            v["scores"][(side - seat) % 2] = scores[side] / self.target

    def encode_dealing(self, v: Views, table: Table, seat: int) -> None:
        """The scores."""
        self._scores(v, table.scores, seat)

    def encode(self, v: Views, table: Table, obs: Any, seat: int, phase: str) -> None:
        """Scores, phase, the deal's kicks, trumps, hand sizes, the stock, tricks won and
        whether the seat may look at its hand."""
        n = self.players
        self._scores(v, table.scores, seat)
        v["phase"][("beg", "answer", "play", "over").index(phase)] = 1.0
        for row, kick in enumerate(obs.kicks[: self.kicks]):
            v["kicks"][row, kick.index] = 1.0
        if obs.trump is not None:
            v["trump"][int(obs.trump)] = 1.0
        for s in range(n):
            v["hand_sizes"][(s - seat) % n] = obs.hand_sizes[s] / self.tricks
        v["stock"][0] = obs.stock_size / 52.0
        for side in range(2):
            v["tricks_won"][(side - seat) % 2] = obs.tricks_won[side] / self.tricks
        v["may_look"][0] = 1.0 if obs.may_look else 0.0

    def encode_recall(self, v: Views, table: Table, seat: int, deal: int) -> None:
        """The deal's public decisions."""
        for d, _, action in table.decisions:
            if d == deal and action >= _STAND:
                v["decisions"][action - _STAND] = 1.0


def _encoding_of(game: Game) -> type[GameEncoding]:
    """The :class:`GameEncoding` subclass that ``game.encoding`` names.

    :raises ArgumentError: when it names none.
    """
    module, _, name = game.encoding.partition(":")
    found = getattr(importlib.import_module(module), name, None) if module and name else None
    if not (isinstance(found, type) and issubclass(found, GameEncoding)):
        refuse(
            f"{type(game).__name__}.encoding",
            "'module:attribute' of a GameEncoding subclass",
            game.encoding,
        )
    return found


class Encoder:
    """The tensor layout for one game and ruleset; ``perfect_recall`` selects the
    information-state tensor.  The shared pieces come first, then the game's own (its
    :class:`GameEncoding`, from the adapters' description of the game)."""

    def __init__(self, table: Table, *, perfect_recall: bool) -> None:
        game, rules = table.game, table.rules
        self.game = game
        self.players = n = table.players
        self.perfect_recall = perfect_recall
        self.tricks = game.max_tricks(rules)
        #: The game's part of the tensor.
        self.part = _encoding_of(game)(table, players=n, tricks=self.tricks)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("dealing", (1,)),
            ("hand", (52,)),
            ("current_trick", (n, 52)),
            ("played", (n, 52)),
            ("dealer", (n,)),
            ("to_play", (n,)),
            *self.part.pieces(),
        ]
        if perfect_recall:
            pieces += [
                ("seen", (self.part.seen_rows, 52)),
                ("trick_of", (52, self.tricks)),
                *self.part.recall_pieces(),
            ]
        self._pieces = tuple(pieces)
        slices: list[tuple[str, int, int, tuple[int, ...]]] = []
        start = 0
        for name, shape in pieces:
            size = math.prod(shape)
            slices.append((name, start, start + size, shape))
            start += size
        self._slices = tuple(slices)
        #: The length of the flat tensor.
        self.size = start

    def pieces(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The named parts of the tensor, in order: (name, shape)."""
        return self._pieces

    def slices(self) -> tuple[tuple[str, int, int], ...]:
        """Where each part lies in the flat tensor: (name, start, end)."""
        return tuple((name, a, b) for name, a, b, _ in self._slices)

    def views(self, tensor: npt.NDArray[np.float32]) -> Views:
        """Named, reshaped views into ``tensor`` (a flat array of :attr:`size`)."""
        return {name: tensor[a:b].reshape(shape) for name, a, b, shape in self._slices}

    def encode(
        self,
        table: Table,
        seat: int,
        tensor: npt.NDArray[np.float32],
        views: Views | None = None,
    ) -> None:
        """Write what ``seat`` knows of ``table`` into ``tensor`` (zeroed first); ``views`` are
        :meth:`views` of ``tensor`` if the caller keeps them."""
        tensor.fill(0.0)
        v = self.views(tensor) if views is None else views
        n = self.players
        if table.is_chance:
            v["dealing"][0] = 1.0
            if table.state is not None:
                v["dealer"][(table.state.dealer - seat) % n] = 1.0
            self.part.encode_dealing(v, table, seat)
            return
        obs: Any = table.observation(seat)
        v["dealer"][(obs.dealer - seat) % n] = 1.0
        write_cards(v["hand"], obs.hand.mask)
        player = None if table.over else obs.current_player
        if player is not None:
            v["to_play"][(player - seat) % n] = 1.0
        for trick in obs.tricks:
            for s, card in trick.plays():
                v["played"][(s - seat) % n, card.index] = 1.0
        for s, card in obs.current_trick.plays():
            v["current_trick"][(s - seat) % n, card.index] = 1.0
        phase = "over" if table.over else obs.phase.value
        self.part.encode(v, table, obs, seat, phase)
        if self.perfect_recall:
            deal = table.deal_index
            events = [cards for d, cards in table.seen[seat] if d == deal]
            for row, cards in enumerate(events[: v["seen"].shape[0]]):
                write_cards(v["seen"][row], cards.mask)
            for number, trick in enumerate((*obs.tricks, obs.current_trick)):
                for card in trick.cards:
                    v["trick_of"][card.index, number] = 1.0
            self.part.encode_recall(v, table, seat, deal)
