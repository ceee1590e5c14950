"""A tiny trick game on the core, used to test the conformance kit (and to show its use).

Two players, three cards each from a seeded deck, must follow suit, no trumps, three tricks;
the player with more tricks wins.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardrules import CARDS, Card, CardSet, IllegalActionError, Reason, shuffled_deck, trick_winner
from cardrules.core.tricks import must_follow_mask


@attrs.frozen
class ToyObservation:
    seat: int
    hand: CardSet
    trick: tuple[Card, ...]
    tricks: tuple[int, int]
    current_player: int | None
    legal: tuple[Card, ...]
    leak: Any = None


@attrs.frozen
class ToyState:
    hands: tuple[int, int]
    trick: tuple[Card, ...] = ()
    leader: int = 0
    tricks: tuple[int, int] = (0, 0)
    leaky: bool = False

    @property
    def is_terminal(self) -> bool:
        return sum(self.tricks) == 3

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else (self.leader + len(self.trick)) % 2

    @property
    def winner(self) -> int | None:
        return (0 if self.tricks[0] > self.tricks[1] else 1) if self.is_terminal else None

    def legal_actions(self) -> tuple[Card, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        lead = self.trick[0].suit if self.trick else None
        return tuple(CardSet.from_mask(must_follow_mask(self.hands[seat], lead)))

    def apply(self, action: object) -> ToyState:
        legal = self.legal_actions()
        if not isinstance(action, Card):
            raise IllegalActionError(
                Reason.NOT_AN_ACTION, seat=self.current_player, action=action, legal=legal
            )
        if action not in legal:
            raise IllegalActionError(
                Reason.CARD_NOT_IN_HAND, seat=self.current_player, action=action, legal=legal
            )
        seat = self.current_player
        assert seat is not None
        hands = list(self.hands)
        hands[seat] &= ~action.mask
        trick = (*self.trick, action)
        if len(trick) < 2:
            return attrs.evolve(self, hands=tuple(hands), trick=trick)
        winner = trick_winner(trick, self.leader, None, 2)
        tricks = list(self.tricks)
        tricks[winner] += 1
        return attrs.evolve(
            self, hands=tuple(hands), trick=(), leader=winner, tricks=(tricks[0], tricks[1])
        )

    def observe(self, seat: int) -> ToyObservation:
        return ToyObservation(
            seat=seat,
            hand=CardSet.from_mask(self.hands[seat]),
            trick=self.trick,
            tricks=self.tricks,
            current_player=self.current_player,
            legal=self.legal_actions() if seat == self.current_player else (),
            leak=self.hands[1 - seat] if self.leaky else None,
        )

    def with_hidden_cards(self, seat: int, rng: random.Random) -> ToyState:
        """The other player's hand replaced by as many random cards no one has seen."""
        other = 1 - seat
        seen = self.hands[seat]
        for card in self.trick:
            seen |= card.mask
        pool = [c.mask for c in CARDS if not seen & c.mask and not self.hands[other] & c.mask]
        new = 0
        for card in rng.sample(pool, self.hands[other].bit_count()):
            new |= card
        hands = list(self.hands)
        hands[other] = new
        return attrs.evolve(self, hands=(hands[0], hands[1]))


def new_toy_game(seed: int, *, leaky: bool = False) -> ToyState:
    deck = shuffled_deck(seed, "toy")
    return ToyState(hands=(CardSet(deck[:3]).mask, CardSet(deck[3:6]).mask), leaky=leaky)
