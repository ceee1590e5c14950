"""Fixed-size tensors of what a seat knows, shared by the OpenSpiel and PettingZoo adapters.

Everything is read from ``state.observe(seat)`` and the public record of the match, never from
another seat's hand.  Seats are *relative* to the observing seat (0 = itself, 1 = the next seat
in play order, ...); teams likewise (0 = its own team).  The tensor is flat ``float32``;
:meth:`Encoder.pieces` names its parts (name, shape) in order.

Observation pieces (both games): ``dealing`` (1 while the cards are being dealt), ``hand``
(52, own unplayed cards), ``current_trick`` (players x 52, by the seat that played the card),
``played`` (players x 52, the cards of the deal's completed tricks by who played them),
``dealer`` and ``to_play`` (players, one-hot), ``scores``.

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

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.adapters._games import AllFours, Table

__all__ = ["Encoder"]

_STAND, _BEG, _GIVE, _RUN = 52, 53, 54, 55


class Encoder:
    """The tensor layout for one game and ruleset; ``perfect_recall`` selects the
    information-state tensor."""

    def __init__(self, table: Table, *, perfect_recall: bool) -> None:
        game, rules = table.game, table.rules
        self.game = game
        self.players = n = table.players
        self.perfect_recall = perfect_recall
        self.all_fours = isinstance(game, AllFours)
        self.tricks = game.max_tricks(rules)
        self.kicks = 1 + game.max_runs(rules)
        self.target = float(getattr(rules, "target", 100))
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("dealing", (1,)),
            ("hand", (52,)),
            ("current_trick", (n, 52)),
            ("played", (n, 52)),
            ("dealer", (n,)),
            ("to_play", (n,)),
        ]
        if self.all_fours:
            pieces += [
                ("scores", (2,)),
                ("phase", (4,)),
                ("kicks", (self.kicks, 52)),
                ("trump", (4,)),
                ("hand_sizes", (n,)),
                ("stock", (1,)),
                ("tricks_won", (2,)),
                ("may_look", (1,)),
            ]
        else:
            pieces += [
                ("scores", (4,)),
                ("phase", (3,)),
                ("bids", (4, 14)),
                ("taken", (4, 14)),
                ("level", (1,)),
            ]
        if perfect_recall:
            pieces += [("seen", (2 if self.all_fours else 1, 52)), ("trick_of", (52, self.tricks))]
            if self.all_fours:
                pieces.append(("decisions", (4,)))
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

    def views(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Named, reshaped views into ``tensor`` (a flat array of :attr:`size`)."""
        return {name: tensor[a:b].reshape(shape) for name, a, b, shape in self._slices}

    def encode(
        self,
        table: Table,
        seat: int,
        tensor: npt.NDArray[np.float32],
        views: dict[str, npt.NDArray[np.float32]] | None = None,
    ) -> None:
        """Write what ``seat`` knows of ``table`` into ``tensor`` (zeroed first); ``views`` are
        :meth:`views` of ``tensor`` if the caller keeps them."""
        tensor.fill(0.0)
        v = self.views(tensor) if views is None else views
        n = self.players
        scores = table.scores
        if self.all_fours:
            for side in range(2):
                v["scores"][(side - seat) % 2] = scores[side] / self.target
        else:
            for s in range(4):
                v["scores"][(s - seat) % 4] = scores[s] / 100.0
        if table.is_chance:
            v["dealing"][0] = 1.0
            if table.state is not None:
                v["dealer"][(table.state.dealer - seat) % n] = 1.0
            if not self.all_fours:
                v["level"][0] = (table.past[-1].level if table.past else 41) / 100.0
            return
        obs: Any = table.observation(seat)
        v["dealer"][(obs.dealer - seat) % n] = 1.0
        _cards(v["hand"], obs.hand.mask)
        player = None if table.over else obs.current_player
        if player is not None:
            v["to_play"][(player - seat) % n] = 1.0
        for trick in obs.tricks:
            for s, card in trick.plays():
                v["played"][(s - seat) % n, card.index] = 1.0
        for s, card in obs.current_trick.plays():
            v["current_trick"][(s - seat) % n, card.index] = 1.0
        phase = "over" if table.over else obs.phase.value
        if self.all_fours:
            self._all_fours(v, obs, seat, phase)
        else:
            self._four_hundred(v, obs, seat, phase)
        if self.perfect_recall:
            deal = table.deal_index
            events = [cards for d, cards in table.seen[seat] if d == deal]
            for row, cards in enumerate(events[: v["seen"].shape[0]]):
                _cards(v["seen"][row], cards.mask)
            for number, trick in enumerate((*obs.tricks, obs.current_trick)):
                for card in trick.cards:
                    v["trick_of"][card.index, number] = 1.0
            if self.all_fours:
                for d, _, action in table.decisions:
                    if d == deal and action >= _STAND:
                        v["decisions"][action - _STAND] = 1.0

    def _four_hundred(
        self, v: dict[str, npt.NDArray[np.float32]], obs: Any, seat: int, phase: str
    ) -> None:
        v["phase"][("bidding", "play", "over").index(phase)] = 1.0
        for s in range(4):
            bid = obs.bids[s]
            v["bids"][(s - seat) % 4, 0 if bid is None else bid] = 1.0
            v["taken"][(s - seat) % 4, obs.tricks_taken[s]] = 1.0
        v["level"][0] = obs.level / 100.0

    def _all_fours(
        self, v: dict[str, npt.NDArray[np.float32]], obs: Any, seat: int, phase: str
    ) -> None:
        n = self.players
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


def _cards(row: npt.NDArray[np.float32], mask: int) -> None:
    while mask:
        low = mask & -mask
        row[low.bit_length() - 1] = 1.0
        mask ^= low
