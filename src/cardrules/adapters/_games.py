"""What the adapters need to know of each game, and the match flow they share (internal).

:class:`Table` runs a game the way the adapters present it, on the engine's explicit chance
(``new_game(..., chance="explicit")``, ``Deal``): the engine keeps the rules of the flow (dealer
rotation, void and thrown-in deals, the game's end); the table deals each pack card by card
through chance outcomes (so that OpenSpiel sees every random event), stops after one deal or a
whole game (or a deal cap), and shows the finished position at the end.  It imports nothing
outside cardrules, so the core and this module work without the optional extras.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any, Final, Literal

import attrs

from cardrules import all_fours as af
from cardrules import four_hundred as fh
from cardrules.all_fours import kernels as all_fours_kernels
from cardrules.core.cards import CARDS
from cardrules.core.cardset import CardSet
from cardrules.core.checks import refuse
from cardrules.core.tricks import Trick, winning_offset
from cardrules.errors import RulesError
from cardrules.games import GameInfo, find_game, games

__all__ = ["GAMES", "Game", "Mode", "Table", "adapter_for", "over", "render_text"]

#: ``"match"``: a whole game to its winner (or to the deal cap); ``"hand"``: one deal.
Mode = Literal["match", "hand"]

_ALL: Final = (1 << 52) - 1


class Game:
    """One game as the adapters see it (subclassed per game; the registry's
    ``GameInfo.adapter`` names the subclass, which :func:`adapter_for` makes).

    A game's module, titles and presets are the registry's; the subclass says how the game's
    match runs for the adapters, its bounds, its texts and its part of the observation tensor
    (:attr:`encoding`).  A game of your own subclasses it as ``tests/tiny_game.py`` does.
    """

    #: The game's id in the registry (:attr:`cardrules.games.GameInfo.name`).
    name: str = ""
    #: True when the game keeps undealt cards (a stock) that a global state shows.
    has_stock: bool = False
    #: The points a ``hand`` reward of 1 stands for (see the Gymnasium adapter).
    reward_unit: float = 1.0

    @functools.cached_property
    def info(self) -> GameInfo:
        """The game's entry in the registry."""
        return find_game(self.name)

    @property
    def title(self) -> str:
        """The display name: the registry's heading (``"400 (Four Hundred)"``)."""
        return self.info.heading

    @property
    def default_preset(self) -> str:
        """The default ruleset's preset (the registry's first)."""
        return self.info.presets[0]

    @property
    def module(self) -> Any:
        """The game's module."""
        return self.info.load()

    # The names a table reads at every move, kept on the description (a module does not
    # pickle, its functions and tuples do): a module look-up is a quarter of ``legal_ids``.
    @functools.cached_property
    def actions(self) -> tuple[Any, ...]:
        """The game's ``ACTIONS``: an action id is an index."""
        return tuple(self.module.ACTIONS)

    @functools.cached_property
    def action_id(self) -> Any:
        """The game's ``action_id``."""
        return self.module.action_id

    #: ``"module:attribute"`` of the game's part of the observation tensor, a subclass of
    #: :class:`cardrules.adapters.encoding.GameEncoding` (a name, imported by the encoder on
    #: first use, so that this module needs no numpy).
    encoding: str = ""

    # -- rules ------------------------------------------------------------------------------
    def make_rules(self, preset: str, rules_json: str = "", players: int = 0) -> Any:
        """The ruleset named by ``preset``, or read from ``rules_json`` (``Rules.to_dict()`` as
        JSON) when that is not empty; ``players`` (not 0) sets the number of seats of a game
        that has that option (All Fours: 2 or 4, AF-1)."""
        rules_type = self.module.Rules
        if rules_json:
            try:
                data = json.loads(rules_json)
            except ValueError as error:
                raise RulesError(f"rules: not valid JSON ({error})") from None
            rules = rules_type.from_dict(data)
        else:
            rules = rules_type.preset(preset)
        if players and players != self.players(rules):
            if len(self.info.seats) == 1:
                raise RulesError(f"players: {self.title} has {self.players(rules)} seats")
            rules = attrs.evolve(rules, players=players)
        return rules

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
    def new_game(self, rules: Any, dealer: int, scores: Sequence[int]) -> Any:
        """The engine's game with explicit chance: its first deal waits for ``Deal(deck)``."""
        return self.module.new_game(rules, seed=0, dealer=dealer, scores=scores, chance="explicit")

    def deal_result(self, old: Any, new: Any) -> Any | None:
        """The result of ``old``'s deal if the move from ``old`` to ``new`` ended it."""
        if new.deal_number == old.deal_number and not new.is_terminal:
            return None
        number = old.deal_number
        for result in reversed(new.history):
            if result.deal_number == number:
                return result
        raise AssertionError("a finished deal without a result")  # pragma: no cover

    def finished_observation(
        self, old: Any, seat: int, move: tuple[int, int] | None, result: Any, winner: int | None
    ) -> Any:
        """What ``seat`` sees when the deal is over: ``old``'s observation (the position before
        the last move) with ``move`` (seat, action id) made and ``result``'s public facts (bids,
        awards, tricks, scores after the deal).  The engine has moved on to the next deal by
        then, so the adapters show this instead of the next deal's chance state."""
        raise NotImplementedError

    # -- text -------------------------------------------------------------------------------
    def result_text(self, result: Any) -> str:
        """One line for a finished deal."""
        raise NotImplementedError

    def observation_lines(self, obs: Any) -> list[str]:
        """The game-specific lines of an observation's text (the tricks follow them)."""
        raise NotImplementedError

    def state_lines(self, state: Any) -> list[str]:
        """The full state (every hand), for debugging; not an observation (the tricks follow
        these lines)."""
        raise NotImplementedError

    def choose_rules(self, rules: Any = None, preset: str | None = None, players: int = 0) -> Any:
        """The ruleset an adapter's caller asks for: ``rules`` (a ``Rules`` of this game) or
        the preset (default: the game's default), with ``players`` seats where not 0 (a game
        with that option, AF-1).

        :raises ValueError: for ``rules`` of another type (``RulesError`` for a bad preset or
            number of seats).
        """
        if rules is None:
            return self.make_rules(preset or self.default_preset, "", players or 0)
        if not isinstance(rules, self.module.Rules):
            raise ValueError(f"rules: expected a {self.name}.Rules, got {rules!r}")
        if players:
            return self.make_rules("", json.dumps(rules.to_dict()), players)
        return rules


def over(obs: Any, result: Any, winner: int | None, phase: Any, **fields: Any) -> Any:
    """``obs`` (an attrs observation) at the end of its deal: in ``phase`` (the game's
    ``Phase.OVER``), no one to act, no legal action, the scores after ``result`` and ``result``
    in its history, ``winner`` the game's winner or ``None``; ``fields`` are the game's own
    changes (the last card played, the deal's public facts)."""
    return attrs.evolve(
        obs,
        phase=phase,
        current_player=None,
        legal_actions=(),
        scores=result.scores,
        history=(*obs.history, result),
        winner=winner,
        **fields,
    )


def _tricks_text(view: Any) -> list[str]:
    """The deal's tricks of a state or an observation, then the trick in play."""
    lines = [f"trick {i + 1}: {_trick_text(t)}" for i, t in enumerate(view.tricks)]
    lines.append(f"current trick: {_trick_text(view.current_trick)}")
    return lines


def render_text(table: Table, render_mode: str | None) -> str | None:
    """An environment's ``render()``: the whole table as text (every hand: a spectator's
    view), printed for ``"human"`` (then ``None``), returned otherwise."""
    text = str(table)
    if render_mode == "human":
        print(text)
        return None
    return text


def _trick_text(trick: Trick) -> str:
    return " ".join(f"{seat}:{card}" for seat, card in trick.plays())


def _opt(value: object) -> str:
    return "-" if value is None else str(value)


def _after_play(
    obs: Any, old: Any, move: tuple[int, int] | None, plays: Sequence[Any], n: int
) -> tuple[CardSet, tuple[int, ...], tuple[Trick, ...], Trick]:
    """``obs``'s hand, hand sizes, tricks and current trick once ``move`` is made, if it is a
    card: the card leaves its player's hand and joins the trick (a full trick is completed,
    its winner by the core kernel, and the next one is empty)."""
    hand, sizes = obs.hand, list(obs.hand_sizes)
    tricks, current = obs.tricks, obs.current_trick
    if move is not None and move[1] < len(plays):
        mover, card = move[0], plays[move[1]].card
        if mover == obs.seat:
            hand = CardSet.from_mask(hand.mask & ~(1 << card.index))
        sizes[mover] -= 1
        cards = (*current.cards, card)
        if len(cards) < n:
            current = Trick.of(current.leader, cards, n)
        else:
            trump = -1 if old.trump is None else int(old.trump)
            winner = (current.leader + winning_offset([c.index for c in cards], trump)) % n
            tricks = (*tricks, Trick.of(current.leader, cards, n))
            current = Trick.of(winner, (), n)
    return hand, tuple(sizes), tricks, current


class FourHundred(Game):
    """400 for the adapters."""

    name = "four_hundred"
    #: A bid of 10 or more (FH-20).
    reward_unit = 40.0
    encoding = "cardrules.adapters.encoding:FourHundredEncoding"

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

    def finished_observation(
        self, old: Any, seat: int, move: tuple[int, int] | None, result: Any, winner: int | None
    ) -> Any:
        """The last card in its trick (or the last bid made), the bids, tricks taken, scores
        and level after the hand (FH-19 ... FH-24)."""
        obs = old.observe(seat)
        hand, sizes, tricks, current = _after_play(obs, old, move, fh.PLAYS, 4)
        return over(
            obs,
            result,
            winner,
            fh.Phase.OVER,
            hand=hand,
            hand_sizes=sizes,
            tricks=tricks,
            current_trick=current,
            bids=result.bids,
            tricks_taken=result.tricks_taken,
            level=result.level,
            offences=result.offences,
        )

    def result_text(self, result: Any) -> str:
        """Bids, tricks, changes and scores of a finished hand."""
        bids = " ".join(_opt(b) for b in result.bids)
        return (
            f"deal {result.deal_number} dealer {result.dealer} {result.ending.value}: "
            f"bids {bids} tricks {' '.join(map(str, result.tricks_taken))} "
            f"changes {' '.join(map(str, result.changes))} "
            f"scores {' '.join(map(str, result.scores))} level {result.level}"
        )

    def observation_lines(self, obs: Any) -> list[str]:
        """Level, minimum total, offences, bids, tricks taken."""
        return [
            f"level {obs.level} minimum total "
            f"{fh.minimum_total(obs.scores, obs.rules)} offences "
            f"{obs.offences[0]} {obs.offences[1]}",
            f"bids {' '.join(_opt(b) for b in obs.bids)}",
            f"taken {' '.join(map(str, obs.tricks_taken))}",
        ]

    def state_lines(self, state: Any) -> list[str]:
        """Every hand, the level and the bids."""
        lines = [f"hand {seat}: {state.hand(seat)}" for seat in range(4)]
        lines.append(f"level {state.level} bids {' '.join(_opt(b) for b in state.bids)}")
        return lines


class AllFours(Game):
    """All Fours for the adapters."""

    name = "all_fours"
    has_stock = True
    #: The four end-of-hand awards (AF-23).
    reward_unit = 4.0
    encoding = "cardrules.adapters.encoding:AllFoursEncoding"

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
        """AF-11, AF-13: a run needs ``3n + 1`` cards in the stock after the ``6n + 1`` dealt
        (the kernel :func:`cardrules.all_fours.kernels.max_runs`)."""
        return all_fours_kernels.max_runs(int(rules.players))

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

    def finished_observation(
        self, old: Any, seat: int, move: tuple[int, int] | None, result: Any, winner: int | None
    ) -> Any:
        """The last card in its trick, the deal's kicks, decisions, awards, tricks and the
        scores after it (AF-9 ... AF-23)."""
        obs = old.observe(seat)
        n = len(obs.hand_sizes)
        hand, sizes, _, current = _after_play(obs, old, move, af.PLAYS, n)
        if len(result.tricks) > len(obs.tricks):
            current = Trick.of(result.trick_winners[-1], (), n)
        won = [0, 0]
        for taker in result.trick_winners:
            won[taker % 2] += 1
        return over(
            obs,
            result,
            winner,
            af.Phase.OVER,
            hand=hand,
            hand_sizes=sizes,
            tricks=result.tricks,
            trick_winners=result.trick_winners,
            current_trick=current,
            tricks_won=(won[0], won[1]),
            kicks=result.kicks,
            trump=result.trump,
            decisions=result.decisions,
            awards=result.awards,
        )

    def result_text(self, result: Any) -> str:
        """Kicks, decisions, awards and scores of a finished deal."""
        kicks = " ".join(map(str, result.kicks))
        trump = "-" if result.trump is None else result.trump.name.lower()  # CLUBS is 0: falsy
        decisions = " ".join(map(str, result.decisions)) or "-"
        awards = "; ".join(map(str, result.awards)) or "-"
        return (
            f"deal {result.deal_number} dealer {result.dealer} {result.ending.value}: "
            f"kicks {kicks} trump {trump} "
            f"decisions {decisions} awards {awards} "
            f"scores {result.scores[0]} {result.scores[1]}"
        )

    def observation_lines(self, obs: Any) -> list[str]:
        """Kicks, trumps, decisions, awards, hand sizes and tricks won."""
        trump = "-" if obs.trump is None else obs.trump.name.lower()
        return [
            f"kicks {' '.join(map(str, obs.kicks))} trump {trump}",
            f"decisions {' '.join(map(str, obs.decisions)) or '-'}",
            f"awards {'; '.join(map(str, obs.awards)) or '-'}",
            f"hand sizes {' '.join(map(str, obs.hand_sizes))} stock {obs.stock_size}",
            f"tricks won {obs.tricks_won[0]} {obs.tricks_won[1]}",
        ]

    def state_lines(self, state: Any) -> list[str]:
        """Every hand, the stock and the kicks."""
        lines = [f"hand {seat}: {state.hand(seat)}" for seat in range(state.players)]
        lines.append(f"stock: {' '.join(map(str, state.stock))}")
        lines.append(f"kicks {' '.join(map(str, state.kicks))} trump {_opt(state.trump)}")
        return lines


def adapter_for(game: object) -> Game:
    """The adapters' description of ``game`` (any name the registry knows, or a
    :class:`~cardrules.games.GameInfo`), made from the registry's ``adapter`` entry.

    :raises UnknownGameError: for a game the registry does not know or that has no adapter
        description.
    :raises ArgumentError: when the entry names something that is not a :class:`Game`.
    """
    info = find_game(game)
    made = info.load_attribute("adapter")()
    if not isinstance(made, Game) or made.name != info.name:
        refuse("adapter", f"a Game whose name is {info.name!r}", made)
    return made


#: The built-in games that the adapters offer, by id (``Game.name``), as the registry had them
#: at import; :func:`adapter_for` finds any game registered since.
GAMES: Final[dict[str, Game]] = {game.name: adapter_for(game) for game in games() if game.adapter}


class Table:
    """A game in progress as the adapters see it, driven by the engine's explicit chance
    (``new_game(..., chance="explicit")``): the engine rotates the dealer, scores, ends the game
    and waits in a chance state before every deal; the table deals that pack card by card
    through chance outcomes (so that OpenSpiel sees every random event), stops after one deal or
    at the game's end (or the deal cap), and keeps the public record and each seat's own-card
    record that the information states are built from.  Mutable; :meth:`copy` is cheap (the
    engine states are immutable).
    """

    __slots__ = (
        "_seen_mask",
        "dealer",
        "deals",
        "decisions",
        "deck",
        "game",
        "last",
        "last_move",
        "max_deals",
        "mode",
        "over",
        "past",
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
        game.new_game(rules, 0, start)  # checks the scores
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
        #: The engine state (a chance state while a deal is dealt); ``None`` until the first
        #: dealer is drawn.  At the end, the engine's state after the last move.
        self.state: Any = None if dealer is None else game.new_game(rules, dealer, start)
        #: At the end: the engine state before the last move, and that move (seat, action id;
        #: ``None`` for a deal), from which the finished position is shown.
        self.last: Any = None
        self.last_move: tuple[int, int] | None = None
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
        return not self.over and (self.state is None or bool(self.state.is_chance))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the current chance node: a seat for the first dealer (uniform, as a
        cut for high card is), else the next card of the deck, uniform over the undealt ones."""
        if self.state is None:
            p = 1.0 / self.players
            return [(seat, p) for seat in range(self.players)]
        used = 0
        for index in self.deck:
            used |= 1 << index
        free = [i for i in range(52) if not used >> i & 1]
        p = 1.0 / len(free)
        return [(i, p) for i in free]

    def apply_chance(self, outcome: int) -> None:
        """Draw the dealer or deal the next card; the engine deals the pack (``Deal``) when 51
        are out (the last card has one outcome, so it goes with the 51st)."""
        if not self.is_chance:
            raise ValueError("not a chance node")
        if self.state is None:
            if not 0 <= outcome < self.players:
                raise ValueError(f"{outcome} is not a seat")
            self.dealer = outcome
            self.state = self.game.new_game(self.rules, outcome, self.start_scores)
            return
        if not 0 <= outcome < 52 or outcome in self.deck:
            raise ValueError(f"{outcome} is not an undealt card")
        deck = (*self.deck, outcome)
        if len(deck) < 51:
            self.deck = deck
            return
        deck = (*deck, (_ALL ^ sum(1 << i for i in deck)).bit_length() - 1)
        self.deck = ()
        old = self.state
        new = old.apply(self.game.module.Deal(tuple(CARDS[i] for i in deck)))
        self._new_deal(new)
        self._after(old, new, None)

    def chance_text(self, outcome: int) -> str:
        """The text of a chance outcome at the current node."""
        if self.state is None:
            return f"dealer {outcome}"
        return f"deal {CARDS[outcome]}"

    @property
    def deal_index(self) -> int:
        """The number of the deal in progress or being dealt (0 for the first)."""
        return self.deals if self.is_chance else self.deals - 1

    @property
    def scores(self) -> tuple[int, ...]:
        """The current scores (while dealing: after the last finished deal; at the end: after
        the last deal)."""
        if self.over:
            return tuple(self.result.scores) if self.result is not None else self.start_scores
        if self.state is not None:
            return tuple(self.state.scores)
        return self.start_scores

    def _new_deal(self, state: Any) -> None:
        """A deal was dealt: each seat looks at what it may see."""
        self.state = state
        self.deals += 1
        self._seen_mask = (0,) * self.players
        self._look()

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
        if self.is_chance or self.over:
            return []
        action_id = self.game.action_id
        return sorted(action_id(a) for a in self.state.legal_actions())

    @property
    def current_player(self) -> int | None:
        """The seat to move, ``None`` at chance nodes and at the end."""
        if self.is_chance or self.over:
            return None
        player = self.state.current_player
        return None if player is None else int(player)

    def apply_decision(self, action: int) -> None:
        """Apply the action with this id (raises IllegalActionError when illegal)."""
        if self.is_chance or self.over:
            raise ValueError("no player is to move")
        old = self.state
        seat = int(old.current_player)
        new = old.apply(self.game.actions[action])
        self.decisions = (*self.decisions, (self.deals - 1, seat, action))
        self._after(old, new, (seat, action))

    def _after(self, old: Any, new: Any, move: tuple[int, int] | None) -> None:
        """Go on from ``old`` to ``new`` after ``move``: the same deal, or the deal's end (and
        the episode's, in one-deal mode, at the game's end or at the deal cap)."""
        result = self.game.deal_result(old, new)
        if result is None:
            self.state = new
            if old.phase.value != "play":
                self._look()
            return
        self.past = (*self.past, result)
        self.result = result
        winner = new.winner if new.is_terminal else None
        if self.mode == "hand" or winner is not None or self.deals >= (self.max_deals or 1 << 62):
            self.state = new
            self.last = old
            self.last_move = move
            self.over = True
            self.winner = winner
            if self.mode == "hand":
                before = self.game.team_scores(self.start_scores)
                after = self.game.team_scores(result.scores)
                self.returns = tuple(
                    float(after[seat % 2] - before[seat % 2]) for seat in range(self.players)
                )
            elif winner is not None:
                self.returns = tuple(
                    1.0 if seat % 2 == winner else -1.0 for seat in range(self.players)
                )
        elif new.is_chance:
            self.state = new
        else:  # a determinized (seeded) sample deals its next deal itself
            self._new_deal(new)

    # -- observations -----------------------------------------------------------------------
    def observation(self, seat: int) -> Any:
        """``seat``'s observation (the game's ``Observation``); at the end, of the finished
        position: every card played and the scores after the deal."""
        if self.over and (self.state.deal_number != self.last.deal_number or self.state.is_chance):
            return self.game.finished_observation(
                self.last, seat, self.last_move, self.result, self.winner
            )
        return self.state.observe(seat)

    def resampled(self, seat: int, sample: Any) -> Table:
        """A copy whose engine state is ``sample`` (a state that ``seat`` cannot tell from this
        one, e.g. the game's ``determinize``): the other seats' own-card records of the deal
        are rebuilt from the sample, so that nothing of the true hands remains."""
        other = self.copy()
        if self.is_chance or self.over:
            return other
        other.state = sample
        deal = self.deals - 1
        seen = list(self.seen)
        masks = list(self._seen_mask)
        for s in range(self.players):
            if s == seat or not any(d == deal for d, _ in self.seen[s]):
                continue
            obs = sample.observe(s)
            mask = obs.hand.mask
            for trick in (*obs.tricks, obs.current_trick):
                for player, card in trick.plays():
                    if player == s:
                        mask |= 1 << card.index
            kept = tuple(event for event in self.seen[s] if event[0] != deal)
            seen[s] = (*kept, (deal, CardSet.from_mask(mask)))
            masks[s] = mask
        other.seen = tuple(seen)
        other._seen_mask = tuple(masks)
        return other

    # -- text -------------------------------------------------------------------------------
    def observation_text(self, seat: int) -> str:
        """What ``seat`` observes now, as text, from ``observe(seat)`` (no hidden card)."""
        scores = " ".join(map(str, self.scores))
        head = f"seat {seat} deal {self.deal_index}"
        if self.is_chance:
            dealer = None if self.state is None else self.state.dealer
            lines = [
                f"{head} dealing: {len(self.deck)} of 52 cards dealt face down",
                f"dealer {_opt(dealer)} scores {scores}",
            ]
            if self.past:
                lines.append(f"last deal: {self.game.result_text(self.past[-1])}")
            return "\n".join(lines)
        obs = self.observation(seat)
        turn = "-" if self.over else _opt(obs.current_player)
        lines = [
            f"{head} phase {'over' if self.over else obs.phase.value} dealer {obs.dealer} "
            f"to play {turn} scores {scores}",
            f"hand: {obs.hand}",
            *self.game.observation_lines(obs),
            *_tricks_text(obs),
        ]
        if self.over:
            lines.append(f"result: {self.game.result_text(self.past[-1])}")
        return "\n".join(lines)

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has observed so far, as text: its own cards as it saw them, every
        public decision and every finished deal, then its current observation."""
        names = self.game.actions
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
        dealer = None if self.state is None else self.state.dealer
        head = (
            f"{self.game.name} {self.mode} deals {self.deals} dealer {_opt(dealer)} "
            f"scores {' '.join(map(str, self.scores))}"
        )
        if self.over:
            head += f" over winner {_opt(self.winner)} returns {list(self.returns)}"
            return "\n".join([head, *self.game.state_lines(self.last), *_tricks_text(self.last)])
        if self.is_chance:
            return f"{head}\ndealing: {' '.join(str(CARDS[i]) for i in self.deck)}"
        lines = [head, f"phase {self.state.phase.value} turn {_opt(self.current_player)}"]
        lines.extend(self.game.state_lines(self.state))
        lines.extend(_tricks_text(self.state))
        return "\n".join(lines)
