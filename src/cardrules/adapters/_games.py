"""What the adapters need to know of each game, and the match flow they share (internal).

:class:`Table` runs a game the way the adapters present it: every deal is dealt card by card
through chance outcomes (so that OpenSpiel sees every random event), a deal that ends hands the
match to the next deal, and a match can be capped at a number of deals.  It imports nothing
outside cardrules, so the core and this module work without the optional extras.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, Literal

from cardrules import all_fours as af
from cardrules import four_hundred as fh
from cardrules.core.cards import CARDS
from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick
from cardrules.errors import RulesError

__all__ = ["GAMES", "Game", "Mode", "Table"]

#: ``"match"``: a whole game to its winner (or to the deal cap); ``"hand"``: one deal.
Mode = Literal["match", "hand"]

_ALL: Final = (1 << 52) - 1


class Game:
    """One game as the adapters see it (subclassed per game)."""

    #: The short name, also the cardrules module name.
    name: str = ""
    #: The display name.
    title: str = ""
    #: The default preset.
    default_preset: str = ""
    #: The game module.
    module: Any = None

    # -- rules ------------------------------------------------------------------------------
    def make_rules(self, preset: str, rules_json: str = "") -> Any:
        """The ruleset named by ``preset``, or read from ``rules_json`` (``Rules.to_dict()`` as
        JSON) when that is not empty."""
        rules_type = self.module.Rules
        if rules_json:
            try:
                data = json.loads(rules_json)
            except ValueError as error:
                raise RulesError(f"rules: not valid JSON ({error})") from None
            return rules_type.from_dict(data)
        return rules_type.preset(preset)

    def players(self, rules: Any) -> int:
        """The number of seats."""
        raise NotImplementedError

    def parse_scores(self, rules: Any, text: str) -> tuple[int, ...]:
        """The starting scores written as ints separated by spaces or commas (empty: zeros)."""
        count = len(self.zero_scores(rules))
        if not text.strip():
            return self.zero_scores(rules)
        try:
            values = tuple(int(part) for part in text.replace(",", " ").split())
        except ValueError:
            raise RulesError(f"scores: expected {count} ints, got {text!r}") from None
        if len(values) != count:
            raise RulesError(f"scores: expected {count} ints, got {text!r}")
        return values

    def zero_scores(self, rules: Any) -> tuple[int, ...]:
        """The scores of a new game."""
        raise NotImplementedError

    def team_scores(self, scores: Sequence[int]) -> tuple[int, int]:
        """Each team's (side's) score: 400 adds the partners' scores."""
        raise NotImplementedError

    # -- bounds -----------------------------------------------------------------------------
    def max_runs(self, rules: Any) -> int:
        """How many times the pack can be run in one deal (0 in 400)."""
        return 0

    def max_tricks(self, rules: Any) -> int:
        """The most tricks one deal can have."""
        raise NotImplementedError

    def max_decisions(self, rules: Any) -> int:
        """The most decisions (non-chance moves) one deal can take."""
        raise NotImplementedError

    def hand_utility_bounds(self, rules: Any, scores: Sequence[int]) -> tuple[int, int]:
        """The least and the most a team's score can change in one deal from ``scores``."""
        raise NotImplementedError

    # -- the flow ---------------------------------------------------------------------------
    def start(self, rules: Any, dealer: int, deck: tuple[Any, ...], scores: Sequence[int]) -> Any:
        """The first deal of a game, dealt from ``deck``."""
        return self.module.new_game(rules, seed=0, dealer=dealer, deck=deck, scores=scores)

    def next_deal(self, rules: Any, pending: Any, result: Any, deck: tuple[Any, ...]) -> Any:
        """The next deal of the match after ``result``, dealt from ``deck``.

        ``pending`` is the state the engine moved to after the deal (its next deal shuffled
        from the seed); the adapter deals its own deck instead.
        """
        raise NotImplementedError

    def next_dealer(self, pending: Any, result: Any) -> int:
        """The dealer of the deal after ``result``."""
        raise NotImplementedError

    def match_winner(self, rules: Any, result: Any) -> int | None:
        """The team that won the game with the deal ``result``, if any."""
        raise NotImplementedError

    def first_result(self, state: Any) -> Any | None:
        """The result of a deal that ended as soon as it was dealt (an All Fours kick that
        reaches the target), else ``None``."""
        return None

    def deal_result(self, old: Any, new: Any) -> Any | None:
        """The result of ``old``'s deal if the move from ``old`` to ``new`` ended it."""
        if new.deal_number == old.deal_number and not new.is_terminal:
            return None
        number = old.deal_number
        for result in reversed(new.history):
            if result.deal_number == number:
                return result
        raise AssertionError("a finished deal without a result")  # pragma: no cover

    # -- text -------------------------------------------------------------------------------
    def result_text(self, result: Any) -> str:
        """One line for a finished deal."""
        raise NotImplementedError

    def observation_lines(self, obs: Any) -> list[str]:
        """The game-specific lines of an observation's text."""
        raise NotImplementedError

    def state_lines(self, state: Any) -> list[str]:
        """The full state (every hand), for debugging; not an observation."""
        raise NotImplementedError


def _trick_text(trick: Trick) -> str:
    return " ".join(f"{seat}:{card}" for seat, card in trick.plays())


def _opt(value: object) -> str:
    return "-" if value is None else str(value)


class FourHundred(Game):
    """400 for the adapters."""

    name = "four_hundred"
    title = "400 (Four Hundred)"
    default_preset = "standard"
    module = fh

    def players(self, rules: Any) -> int:
        """Always four (FH-1)."""
        return 4

    def zero_scores(self, rules: Any) -> tuple[int, ...]:
        """Four zeros (FH-3)."""
        return (0, 0, 0, 0)

    def team_scores(self, scores: Sequence[int]) -> tuple[int, int]:
        """The partners' scores added (FH-3 keeps them per player)."""
        return (scores[0] + scores[2], scores[1] + scores[3])

    def max_tricks(self, rules: Any) -> int:
        """Thirteen (FH-7)."""
        return 13

    def max_decisions(self, rules: Any) -> int:
        """Four bids (or a redeal, FH-30) and 52 cards."""
        return 4 + 52

    def hand_utility_bounds(self, rules: Any, scores: Sequence[int]) -> tuple[int, int]:
        """Each partner wins or loses at most the largest value of the table (FH-19, FH-20)."""
        top = max(max(values) for _, values in fh.value_table(rules)[1:])
        return (-2 * top, 2 * top)

    def next_deal(self, rules: Any, pending: Any, result: Any, deck: tuple[Any, ...]) -> Any:
        """The engine's next deal (level, offences and history kept) with the hands ``deck``
        deals by FH-7."""
        hands = fh.new_game(rules, seed=0, dealer=pending.dealer, deck=deck).hands
        return pending.with_hidden_cards(hands)

    def next_dealer(self, pending: Any, result: Any) -> int:
        """FH-8: the deal passes after every hand."""
        return int(pending.dealer)

    def match_winner(self, rules: Any, result: Any) -> int | None:
        """The hand's winner (FH-21 ... FH-24)."""
        return result.winner  # type: ignore[no-any-return]

    def result_text(self, result: Any) -> str:
        """Bids, tricks, changes and scores of a finished hand."""
        bids = " ".join(_opt(b) for b in result.bids)
        return (
            f"deal {result.deal_number} dealer {result.dealer} {result.ending.value}: "
            f"bids {bids} tricks {' '.join(map(str, result.tricks))} "
            f"changes {' '.join(map(str, result.changes))} "
            f"scores {' '.join(map(str, result.scores))} level {result.level}"
        )

    def observation_lines(self, obs: Any) -> list[str]:
        """Level, bids, tricks taken, tricks."""
        lines = [
            f"level {obs.level} minimum total "
            f"{fh.minimum_total(obs.scores, obs.rules)} offences "
            f"{obs.offences[0]} {obs.offences[1]}",
            f"bids {' '.join(_opt(b) for b in obs.bids)}",
            f"taken {' '.join(map(str, obs.tricks_taken))}",
        ]
        lines.extend(f"trick {i + 1}: {_trick_text(t)}" for i, t in enumerate(obs.tricks))
        lines.append(f"current trick: {_trick_text(obs.current_trick)}")
        return lines

    def state_lines(self, state: Any) -> list[str]:
        """Every hand, the bids and the tricks."""
        lines = [f"hand {seat}: {state.hand(seat)}" for seat in range(4)]
        lines.append(f"level {state.level} bids {' '.join(_opt(b) for b in state.bids)}")
        lines.extend(f"trick {i + 1}: {_trick_text(t)}" for i, t in enumerate(state.tricks))
        lines.append(f"current trick: {_trick_text(state.current_trick)}")
        return lines


class AllFours(Game):
    """All Fours for the adapters."""

    name = "all_fours"
    title = "All Fours (Trinidad)"
    default_preset = "trinidad"
    module = af

    def players(self, rules: Any) -> int:
        """Four or two (AF-1)."""
        return int(rules.players)

    def zero_scores(self, rules: Any) -> tuple[int, ...]:
        """Two zeros: scores are per side (AF-2)."""
        return (0, 0)

    def team_scores(self, scores: Sequence[int]) -> tuple[int, int]:
        """The sides' scores."""
        return (scores[0], scores[1])

    def max_runs(self, rules: Any) -> int:
        """AF-11, AF-13: a run needs ``3n + 1`` cards in the stock after the ``6n + 1`` dealt."""
        n = int(rules.players)
        return (52 - (6 * n + 1)) // (3 * n + 1)

    def max_tricks(self, rules: Any) -> int:
        """Six, and three more per run (AF-19)."""
        return 6 + 3 * self.max_runs(rules)

    def max_decisions(self, rules: Any) -> int:
        """Stand or beg, the dealer's answer, and every card of the largest hands."""
        return 2 + self.players(rules) * self.max_tricks(rules)

    def hand_utility_bounds(self, rules: Any, scores: Sequence[int]) -> tuple[int, int]:
        """Scores only grow; a side stops one award past ``target - 1`` (AF-21)."""
        kicks = max(af.kick_points(card, rules) for card in CARDS)
        top = max(kicks, *af.award_values(rules).values())
        return (0, rules.target - 1 + top - min(scores))

    def next_deal(self, rules: Any, pending: Any, result: Any, deck: tuple[Any, ...]) -> Any:
        """A deal from ``deck`` at the scores after ``result`` (the kick scores, AF-9)."""
        return af.new_game(
            rules,
            seed=0,
            dealer=self.next_dealer(pending, result),
            deck=deck,
            scores=result.scores,
        )

    def next_dealer(self, pending: Any, result: Any) -> int:
        """AF-8: the same dealer after a void deal, else the next seat."""
        if result.reason == af.HandEnd.EXHAUSTED_PACK:
            return int(result.dealer)
        return (int(result.dealer) + 1) % len(pending.hands)

    def match_winner(self, rules: Any, result: Any) -> int | None:
        """The side on the target, if the deal ended there (AF-14, AF-21)."""
        if result.reason != af.HandEnd.TARGET_REACHED:
            return None
        return 0 if result.scores[0] >= rules.target else 1

    def first_result(self, state: Any) -> Any | None:
        """AF-14: the first kick may end the game."""
        return state.history[-1] if state.is_terminal else None

    def result_text(self, result: Any) -> str:
        """Kicks, decisions, awards and scores of a finished deal."""
        kicks = " ".join(map(str, result.kicks))
        decisions = " ".join(map(str, result.decisions)) or "-"
        awards = "; ".join(map(str, result.awards)) or "-"
        return (
            f"deal {result.deal_number} dealer {result.dealer} {result.reason.value}: "
            f"kicks {kicks} trump {_opt(result.trump and result.trump.name.lower())} "
            f"decisions {decisions} awards {awards} "
            f"scores {result.scores[0]} {result.scores[1]}"
        )

    def observation_lines(self, obs: Any) -> list[str]:
        """Kicks, trumps, decisions, awards, hand sizes and tricks."""
        trump = "-" if obs.trump is None else obs.trump.name.lower()
        lines = [
            f"kicks {' '.join(map(str, obs.kicks))} trump {trump}",
            f"decisions {' '.join(map(str, obs.decisions)) or '-'}",
            f"awards {'; '.join(map(str, obs.awards)) or '-'}",
            f"hand sizes {' '.join(map(str, obs.hand_sizes))} stock {obs.stock_size}",
            f"tricks won {obs.tricks_won[0]} {obs.tricks_won[1]}",
        ]
        lines.extend(f"trick {i + 1}: {_trick_text(t)}" for i, t in enumerate(obs.tricks))
        lines.append(f"current trick: {_trick_text(obs.current_trick)}")
        return lines

    def state_lines(self, state: Any) -> list[str]:
        """Every hand, the stock, the kicks and the tricks."""
        lines = [f"hand {seat}: {state.hand(seat)}" for seat in range(state.players)]
        lines.append(f"stock: {' '.join(map(str, state.stock))}")
        lines.append(f"kicks {' '.join(map(str, state.kicks))} trump {_opt(state.trump)}")
        lines.extend(f"trick {i + 1}: {_trick_text(t)}" for i, t in enumerate(state.tricks))
        lines.append(f"current trick: {_trick_text(state.current_trick)}")
        return lines


#: The games by name.
GAMES: Final[dict[str, Game]] = {"four_hundred": FourHundred(), "all_fours": AllFours()}


class Table:
    """A game in progress as the adapters see it: chance outcomes deal every card, one deal or a
    whole match, with the public record and each seat's own-card record that the information
    states are built from.  Mutable; :meth:`copy` is cheap (the engine states are immutable).
    """

    __slots__ = (
        "_seen_mask",
        "dealer",
        "deals",
        "decisions",
        "deck",
        "game",
        "max_deals",
        "mode",
        "over",
        "past",
        "pending",
        "players",
        "result",
        "returns",
        "rules",
        "seen",
        "start_scores",
        "state",
        "winner",
    )

    def __init__(
        self,
        game: Game,
        rules: Any,
        *,
        mode: Mode = "match",
        max_deals: int = 0,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        players = game.players(rules)
        if dealer is not None and not 0 <= dealer < players:
            raise RulesError(f"dealer: expected -1 (drawn) or a seat 0..{players - 1}")
        if mode not in ("match", "hand"):
            raise RulesError(f"mode: expected 'match' or 'hand', got {mode!r}")
        if max_deals < 0:
            raise RulesError(f"max_deals: expected 0 (no cap) or more, got {max_deals}")
        start = tuple(scores) if scores is not None else game.zero_scores(rules)
        game.module.new_game(rules, seed=0, dealer=0, scores=start)  # validates the scores
        self.game = game
        self.rules = rules
        self.players = players
        self.mode: Mode = mode
        self.max_deals = 1 if mode == "hand" else max_deals
        self.start_scores = start
        #: The first dealer, ``None`` until drawn by chance.
        self.dealer = dealer
        #: Card indices dealt so far in the deal being dealt.
        self.deck: tuple[int, ...] = ()
        #: The engine state, ``None`` while a deal is being dealt.
        self.state: Any = None
        self.pending: Any = None
        self.result: Any = None
        #: The results of the finished deals.
        self.past: tuple[Any, ...] = ()
        #: Deals started.
        self.deals = 0
        #: Every decision so far: (deal, seat, action id).  All decisions are public.
        self.decisions: tuple[tuple[int, int, int], ...] = ()
        #: Per seat, (deal, cards newly seen in the own hand) in the order they were seen.
        self.seen: tuple[tuple[tuple[int, CardSet], ...], ...] = ((),) * players
        self._seen_mask: tuple[int, ...] = (0,) * players
        self.over = False
        self.winner: int | None = None
        self.returns: tuple[float, ...] = (0.0,) * players

    def copy(self) -> Table:
        """An independent copy."""
        other = object.__new__(Table)
        for name in Table.__slots__:
            object.__setattr__(other, name, getattr(self, name))
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    # -- chance -----------------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        """True while the dealer is drawn or cards are dealt."""
        return not self.over and self.state is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the current chance node: a seat for the first dealer (uniform, as a
        cut for high card is), else the next card of the deck, uniform over the undealt ones."""
        if self.dealer is None:
            p = 1.0 / self.players
            return [(seat, p) for seat in range(self.players)]
        used = 0
        for index in self.deck:
            used |= 1 << index
        free = [i for i in range(52) if not used >> i & 1]
        p = 1.0 / len(free)
        return [(i, p) for i in free]

    def apply_chance(self, outcome: int) -> None:
        """Draw the dealer or deal the next card; the deal starts when 51 are out (the last
        card has one outcome, so it is dealt with the 51st)."""
        if self.dealer is None:
            if not 0 <= outcome < self.players:
                raise ValueError(f"{outcome} is not a seat")
            self.dealer = outcome
            return
        if not 0 <= outcome < 52 or outcome in self.deck:
            raise ValueError(f"{outcome} is not an undealt card")
        deck = (*self.deck, outcome)
        if len(deck) == 51:
            deck = (*deck, (_ALL ^ sum(1 << i for i in deck)).bit_length() - 1)
            self.deck = deck
            self._start_deal()
        else:
            self.deck = deck

    def chance_text(self, outcome: int) -> str:
        """The text of a chance outcome at the current node."""
        if self.dealer is None:
            return f"dealer {outcome}"
        return f"deal {CARDS[outcome]}"

    @property
    def dealing_dealer(self) -> int | None:
        """The dealer of the deal in progress or being dealt."""
        if self.state is not None:
            return int(self.state.dealer)
        if self.pending is not None:
            return self.game.next_dealer(self.pending, self.result)
        return self.dealer

    @property
    def deal_index(self) -> int:
        """The number of the deal in progress or being dealt (0 for the first)."""
        return self.deals if self.state is None else self.deals - 1

    @property
    def scores(self) -> tuple[int, ...]:
        """The current scores (at a chance node: after the last finished deal)."""
        if self.state is not None:
            return tuple(self.state.scores)
        if self.result is not None:
            return tuple(self.result.scores)
        return self.start_scores

    def _start_deal(self) -> None:
        cards = tuple(CARDS[i] for i in self.deck)
        if self.pending is None:
            assert self.dealer is not None
            state = self.game.start(self.rules, self.dealer, cards, self.start_scores)
        else:
            state = self.game.next_deal(self.rules, self.pending, self.result, cards)
        self.pending = None
        self.state = state
        self.deals += 1
        self._seen_mask = (0,) * self.players
        self._look()
        result = self.game.first_result(state)
        if result is not None:
            self._end_deal(result, state, state)

    def _look(self) -> None:
        """Record the cards each seat sees newly in its own hand (its observation)."""
        state = self.state
        seen = list(self.seen)
        masks = list(self._seen_mask)
        for seat in range(self.players):
            mask = state.observe(seat).hand.mask
            new = mask & ~masks[seat]
            if new:
                masks[seat] |= new
                seen[seat] = (*seen[seat], (self.deals - 1, CardSet.from_mask(new)))
        self.seen = tuple(seen)
        self._seen_mask = tuple(masks)

    # -- decisions --------------------------------------------------------------------------
    def legal_ids(self) -> list[int]:
        """The legal action ids of the player to move, ascending."""
        if self.state is None or self.over:
            return []
        action_id = self.game.module.action_id
        return sorted(action_id(a) for a in self.state.legal_actions())

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` at chance nodes and at the end."""
        if self.state is None or self.over:
            return None
        player = self.state.current_player
        return None if player is None else int(player)

    def apply_decision(self, action: int) -> None:
        """Apply the action with this id (raises IllegalActionError when illegal)."""
        old = self.state
        if old is None or self.over:
            raise ValueError("no player is to move")
        seat = int(old.current_player)
        move = self.game.module.ACTIONS[action]
        new = old.apply(move)
        self.decisions = (*self.decisions, (self.deals - 1, seat, action))
        result = self.game.deal_result(old, new)
        if result is None:
            self.state = new
            if old.phase.value != "play":
                self._look()
        else:
            self._end_deal(result, new, old)

    def _end_deal(self, result: Any, new: Any, old: Any) -> None:
        self.past = (*self.past, result)
        self.result = result
        winner = self.game.match_winner(self.rules, result)
        # At the end, keep the finished deal (the engine may have dealt the next one already).
        final = new if new.deal_number == old.deal_number else old
        if self.mode == "hand":
            self.state = final
            self.over = True
            before = self.game.team_scores(self.start_scores)
            after = self.game.team_scores(result.scores)
            self.returns = tuple(
                float(after[seat % 2] - before[seat % 2]) for seat in range(self.players)
            )
            self.winner = winner
        elif winner is not None or (self.max_deals and self.deals >= self.max_deals):
            self.state = final
            self.over = True
            self.winner = winner
            if winner is not None:
                self.returns = tuple(
                    1.0 if seat % 2 == winner else -1.0 for seat in range(self.players)
                )
        else:
            self.pending = new
            self.state = None
            self.deck = ()

    # -- text -------------------------------------------------------------------------------
    def observation_text(self, seat: int) -> str:
        """What ``seat`` observes now, as text, from ``observe(seat)`` (no hidden card)."""
        scores = " ".join(map(str, self.scores))
        head = f"seat {seat} deal {self.deal_index}"
        if self.state is None:
            lines = [
                f"{head} dealing: {len(self.deck)} of 52 cards dealt face down",
                f"dealer {_opt(self.dealing_dealer)} scores {scores}",
            ]
            if self.past:
                lines.append(f"last deal: {self.game.result_text(self.past[-1])}")
            return "\n".join(lines)
        obs = self.state.observe(seat)
        turn = "-" if self.over else _opt(obs.current_player)
        lines = [
            f"{head} phase {'over' if self.over else obs.phase.value} dealer {obs.dealer} "
            f"to play {turn} scores {scores}",
            f"hand: {obs.hand}",
            *self.game.observation_lines(obs),
        ]
        if self.over:
            lines.append(f"result: {self.game.result_text(self.past[-1])}")
        return "\n".join(lines)

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has observed so far, as text: its own cards as it saw them, every
        public decision and every finished deal, then its current observation."""
        names = self.game.module.ACTIONS
        lines = [f"{self.game.name} {self.mode} seat {seat} first dealer {_opt(self.dealer)}"]
        for deal in range(max(self.deals, 1)):
            seen = " | ".join(str(cards) for d, cards in self.seen[seat] if d == deal)
            moves = " ".join(f"{s}:{names[a]}" for d, s, a in self.decisions if d == deal)
            lines.append(f"deal {deal} own cards: {seen or '-'}")
            lines.append(f"deal {deal} moves: {moves or '-'}")
            if deal < len(self.past):
                lines.append(f"deal {deal} result: {self.game.result_text(self.past[deal])}")
        lines.append(self.observation_text(seat))
        return "\n".join(lines)

    def __str__(self) -> str:
        head = (
            f"{self.game.name} {self.mode} deals {self.deals} dealer {_opt(self.dealing_dealer)} "
            f"scores {' '.join(map(str, self.scores))}"
        )
        if self.over:
            head += f" over winner {_opt(self.winner)} returns {list(self.returns)}"
        if self.state is None:
            return f"{head}\ndealing: {' '.join(str(CARDS[i]) for i in self.deck)}"
        lines = [head, f"phase {self.state.phase.value} turn {_opt(self.current_player)}"]
        lines.extend(self.game.state_lines(self.state))
        return "\n".join(lines)
