"""What the adapters need of the tiny game (``tests/tiny_game.py``): its description
(:class:`Adapter`, which ``GameInfo(adapter="tests.tiny_adapter:Adapter")`` names) and its part
of the observation tensor (:class:`Encoding`).  Apart from the game module, so that the game
itself needs no numpy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules import CardSet, Trick
from cardrules.adapters._games import Game, over
from cardrules.adapters.encoding import GameEncoding
from tests.tiny_game import ACTIONS, CARDS_EACH, PLAYERS, Phase


class Adapter(Game):
    """The tiny game for the adapters: two seats, two tricks a deal, scores per seat."""

    name = "tiny"
    encoding = "tests.tiny_adapter:Encoding"

    def players(self, rules: Any) -> int:
        return PLAYERS

    def zero_scores(self, rules: Any) -> tuple[int, ...]:
        return (0, 0)

    def team_scores(self, scores: Sequence[int]) -> tuple[int, int]:
        return (scores[0], scores[1])

    def max_tricks(self, rules: Any) -> int:
        return CARDS_EACH

    def max_decisions(self, rules: Any) -> int:
        return PLAYERS * CARDS_EACH

    def hand_utility_bounds(self, rules: Any, scores: Sequence[int]) -> tuple[int, int]:
        return (0, 1)

    def finished_observation(
        self, old: Any, seat: int, move: tuple[int, int] | None, result: Any, winner: int | None
    ) -> Any:
        """The deal's last card in its trick, the scores after the deal."""
        obs = old.observe(seat)
        hand, tricks, current = obs.hand, obs.tricks, obs.current_trick
        if move is not None:
            card = ACTIONS[move[1]]
            if move[0] == seat:
                hand = CardSet.from_mask(hand.mask & ~card.mask)
            tricks = (*tricks, Trick(current.leader, (*current.cards, card), PLAYERS))
            current = Trick(0, (), PLAYERS)
        return over(
            obs,
            result,
            winner,
            Phase.OVER,
            hand=hand,
            tricks=tricks,
            current_trick=current,
            hand_sizes=(0, 0),
        )

    def result_text(self, result: Any) -> str:
        return f"deal {result.deal_number} tricks {result.tricks_taken} scores {result.scores}"

    def observation_lines(self, obs: Any) -> list[str]:
        return [f"tricks {len(obs.tricks)} current {obs.current_trick}"]

    def state_lines(self, state: Any) -> list[str]:
        return [f"hand {seat}: {state.hand(seat)}" for seat in range(PLAYERS)]


class Encoding(GameEncoding):
    """The tiny game's pieces of the tensor: the scores (per relative seat, over the target)
    and the phase (play, over)."""

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [("scores", (2,)), ("phase", (2,))]

    def _scores(self, v: Any, table: Any, seat: int) -> None:
        for s in range(PLAYERS):
            v["scores"][(s - seat) % PLAYERS] = table.scores[s] / self.rules.target

    def encode_dealing(self, v: Any, table: Any, seat: int) -> None:
        self._scores(v, table, seat)

    def encode(self, v: Any, table: Any, obs: Any, seat: int, phase: str) -> None:
        self._scores(v, table, seat)
        v["phase"][("play", "over").index(phase)] = 1.0
