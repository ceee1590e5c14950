"""A third game, registered through the public API only, to prove the game registry.

"High card": two players, two cards each from a seeded pack, must follow suit, no trumps, the
higher card of the led suit wins the trick; the player with more tricks scores a point (none on
a tie); the first to ``Rules.target`` points wins.  The dealer alternates every deal.  The
module offers what :class:`cardrules.games.GameInfo` says a game module offers;
``tests/tiny_adapter.py`` adds what the adapters need.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from cardrules import Card, CardSet, IllegalActionError, Reason, Trick, shuffled_deck, trick_winner
from cardrules.core.chance import Deal, check_chance, dealt_deck
from cardrules.core.deck import derive_seed, draw_for_dealer, parse_deck
from cardrules.core.records import DealRecord, GameRecord, RecordError, Step, check_turn
from cardrules.core.tricks import must_follow_mask
from cardrules.errors import RulesError

PLAYERS = 2
CARDS_EACH = 2
#: Every action: a card, by its index.
ACTIONS: tuple[Card, ...] = tuple(sorted(CardSet.from_mask((1 << 52) - 1), key=lambda c: c.index))


@attrs.frozen
class Rules:
    """The points that win."""

    PRESETS: ClassVar[tuple[str, ...]] = ("short", "long")
    target: int = 2

    @classmethod
    def preset(cls, name: str) -> Rules:
        if name not in cls.PRESETS:
            raise RulesError(f"unknown preset {name!r}; expected one of {', '.join(cls.PRESETS)}")
        return cls(target=2 if name == "short" else 3)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}


class Phase(enum.Enum):
    """The part of the game: a deal waiting for its cards, play, or the end."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class HandResult:
    deal_number: int
    dealer: int
    tricks_taken: tuple[int, int]
    scores: tuple[int, int]


@attrs.frozen
class Observation:
    seat: int
    hand: CardSet
    tricks: tuple[Trick, ...]
    current_trick: Trick
    hand_sizes: tuple[int, int]
    scores: tuple[int, int]
    dealer: int
    deal_number: int
    current_player: int | None
    legal_actions: tuple[Card, ...]
    phase: Phase
    rules: Rules
    winner: int | None
    history: tuple[HandResult, ...]


@attrs.frozen
class State:
    rules: Rules
    seed: int
    deal_number: int
    dealer: int
    deck: tuple[Card, ...]
    scores: tuple[int, int]
    hand_masks: tuple[int, int]
    current_trick: Trick
    tricks: tuple[Trick, ...] = ()
    taken: tuple[int, int] = (0, 0)
    history: tuple[HandResult, ...] = ()
    #: ``"explicit"``: every deal waits for ``apply(Deal(deck))``.
    chance: str = "seeded"
    trump: None = None

    @property
    def is_chance(self) -> bool:
        return not self.deck and not self.is_terminal

    @property
    def phase(self) -> Phase:
        if self.is_terminal:
            return Phase.OVER
        return Phase.DEAL if self.is_chance else Phase.PLAY

    def hand(self, seat: int) -> CardSet:
        return CardSet.from_mask(self.hand_masks[seat])

    @property
    def hands(self) -> tuple[CardSet, CardSet]:
        return self.hand(0), self.hand(1)

    @property
    def is_terminal(self) -> bool:
        return max(self.scores) >= self.rules.target

    @property
    def winner(self) -> int | None:
        return self.scores.index(max(self.scores)) if self.is_terminal else None

    @property
    def current_player(self) -> int | None:
        if self.is_terminal or self.is_chance:
            return None
        return (self.current_trick.leader + len(self.current_trick.cards)) % PLAYERS

    def legal_actions(self) -> tuple[Card, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        cards = self.current_trick.cards
        lead = int(cards[0].suit) if cards else None
        return tuple(CardSet.from_mask(must_follow_mask(self.hand_masks[seat], lead)))

    def apply(self, action: object) -> State:
        if self.is_chance and isinstance(action, Deal):
            return _deal(self, dealt_deck(action))
        seat = self.current_player
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(Reason.NOT_AN_ACTION, seat=seat, action=action, legal=legal)
        assert seat is not None
        assert isinstance(action, Card)
        masks = list(self.hand_masks)
        masks[seat] &= ~action.mask
        leader = self.current_trick.leader
        cards = (*self.current_trick.cards, action)
        if len(cards) < PLAYERS:
            return attrs.evolve(
                self, hand_masks=(masks[0], masks[1]), current_trick=Trick(leader, cards, PLAYERS)
            )
        winner = trick_winner(cards, leader, None, PLAYERS)
        taken = list(self.taken)
        taken[winner] += 1
        tricks = (*self.tricks, Trick(leader, cards, PLAYERS))
        if masks[0] or masks[1]:
            return attrs.evolve(
                self,
                hand_masks=(masks[0], masks[1]),
                current_trick=Trick(winner, (), PLAYERS),
                tricks=tricks,
                taken=(taken[0], taken[1]),
            )
        scores = list(self.scores)
        if taken[0] != taken[1]:
            scores[taken.index(max(taken))] += 1
        result = HandResult(
            self.deal_number, self.dealer, (taken[0], taken[1]), (scores[0], scores[1])
        )
        after = State(
            self.rules,
            self.seed,
            self.deal_number + 1,
            (self.dealer + 1) % PLAYERS,
            (),
            (scores[0], scores[1]),
            (0, 0),
            Trick(0, (), PLAYERS),
            history=(*self.history, result),
            chance=self.chance,
        )
        return after if self.chance == "explicit" or after.is_terminal else _deal(after)

    def observe(self, seat: int) -> Observation:
        sizes = (len(self.hand(0)), len(self.hand(1)))
        return Observation(
            seat=seat,
            hand=self.hand(seat),
            tricks=self.tricks,
            current_trick=self.current_trick,
            hand_sizes=sizes,
            scores=self.scores,
            dealer=self.dealer,
            deal_number=self.deal_number,
            current_player=self.current_player,
            legal_actions=self.legal_actions() if seat == self.current_player else (),
            phase=self.phase,
            rules=self.rules,
            winner=self.winner,
            history=self.history,
        )


def _deal(state: State, deck: tuple[Card, ...] | None = None) -> State:
    """``state`` (waiting for its deal) with the pack dealt: ``deck``, or the seeded shuffle."""
    if deck is None:
        deck = shuffled_deck(state.seed, "tiny", state.deal_number)
    first = (state.dealer + 1) % PLAYERS
    masks = [0, 0]
    for position, card in enumerate(deck[: PLAYERS * CARDS_EACH]):
        masks[(first + position) % PLAYERS] |= card.mask
    return attrs.evolve(
        state, deck=deck, hand_masks=(masks[0], masks[1]), current_trick=Trick(first, (), PLAYERS)
    )


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: Sequence[Card] | str | None = None,
    scores: Sequence[int] = (0, 0),
    chance: str = "seeded",
) -> State:
    """A new game, dealt (or, with ``chance="explicit"``, waiting for its first ``Deal``)."""
    seed = derive_seed(0, "tiny") if seed is None else seed
    dealer = draw_for_dealer(seed, PLAYERS, "tiny") if dealer is None else dealer
    start = State(
        rules or Rules(),
        seed,
        0,
        dealer,
        (),
        (int(scores[0]), int(scores[1])),
        (0, 0),
        Trick(0, (), PLAYERS),
        chance=check_chance(chance),
    )
    if deck is not None:
        return _deal(start, parse_deck(deck))
    return start if chance == "explicit" else _deal(start)


def action_id(action: Card) -> int:
    return action.index


def parse_action(text: str) -> Card:
    return Card.parse(text)


@attrs.frozen
class _Codec:
    name: str = "tiny"
    title: str = "High card"

    def new_game(
        self, rules: Mapping[str, Any], seed: int, dealer: int, deck: Sequence[Card]
    ) -> State:
        return new_game(Rules(**rules), seed=seed, dealer=dealer, deck=deck)

    def rules_of(self, state: State) -> Mapping[str, Any]:
        return state.rules.to_dict()

    def apply_step(self, state: State, seat: int, action: str) -> State:
        card = parse_action(action)
        check_turn(state, seat, card)
        return state.apply(card)

    def step_text(self, action: object) -> str:
        return str(action)

    def trick_number(self, state: State) -> int | None:
        return len(state.tricks) + 1

    def text_body(self, record: GameRecord) -> list[str]:
        return [
            json.dumps(
                {
                    "number": deal.number,
                    "dealer": deal.dealer,
                    "deck": " ".join(map(str, deal.deck)),
                    "steps": [[s.seat, s.action] for s in deal.steps],
                    "scores": list(deal.scores),
                }
            )
            for deal in record.deals
        ]

    def parse_text_body(self, lines: Sequence[str], header: Mapping[str, str]) -> list[DealRecord]:
        deals = []
        for line in lines:
            try:
                data = json.loads(line)
            except ValueError:
                raise RecordError(f"not a deal line: {line!r}") from None
            deals.append(
                DealRecord(
                    number=data["number"],
                    dealer=data["dealer"],
                    deck=parse_deck(data["deck"]),
                    steps=tuple(Step(seat, action) for seat, action in data["steps"]),
                    scores=tuple(data["scores"]),
                )
            )
        return deals


#: The record codec.
CODEC = _Codec()
