"""Agents for 400: a rule-based club player, its fast rollout twin, and the search agent.

:class:`RuleAgent` plays from its seat's observation as a sensible club player would:

* **bids** (FH-10 ... FH-14) from an estimate of its sure and likely tricks
  (:func:`estimate_tricks`: aces and guarded kings, the top hearts and long hearts, ruffs in
  short suits when it has hearts to spare), never below its minimum bid (FH-11); a high bid of
  10 or more only with the hand for it (FH-21); the dealer, who bids last, raises by one when
  that saves a hand it can make from being thrown in (FH-14);
* **leads** a master card (the highest of its suit still out) when it has one, draws trumps
  with master hearts when it is long in them, and otherwise leads low from its longest plain
  suit;
* **follows** to win tricks cheaply (the lowest card that wins, or a master card when others
  still play after it) and does **not waste its partner's** trick: when the partner has the
  trick for sure it plays its lowest card; it discards low from plain suits and keeps hearts.

:func:`rollout_policy` is the same play for a search's rollouts on sampled states, and
:func:`search_agent` the :class:`~cardrules.agents.SearchAgent` for 400.

>>> import random
>>> from cardrules.agents.four_hundred import RuleAgent, estimate_tricks
>>> from cardrules import CardSet
>>> estimate_tricks(CardSet.parse("AH KH QH JH 5H AS KS 3S AD 4D 2C 3C 4C").mask)
6.5
>>> from cardrules.four_hundred import new_game
>>> state = new_game(seed=7, dealer=0)
>>> RuleAgent().act(state.observe(1), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs

from cardrules.agents._cards import beats, bits, is_master, is_top, suit_cards, winning_offset
from cardrules.agents.base import check_turn
from cardrules.agents.search import Determinizer, SearchAgent
from cardrules.core.cardset import FULL_MASK
from cardrules.four_hundred.actions import BIDS, PLAYS, Action, Bid
from cardrules.four_hundred.scoring import is_thrown_in
from cardrules.four_hundred.state import Phase
from cardrules.four_hundred.view import Observation

__all__ = [
    "PIMC",
    "PimcFourHundred",
    "RuleAgent",
    "choose_bid",
    "choose_play",
    "estimate_tricks",
    "evaluate",
    "rollout_policy",
    "search_agent",
    "spec_budgets",
]

_HEARTS: Final = 2
_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9


def estimate_tricks(hand: int) -> float:
    """The tricks a 13-card ``hand`` (a card mask) should take with hearts as trumps: aces,
    guarded kings and queens, top and long hearts, and ruffs in short plain suits with hearts to
    spare.  Rounded to one decimal.

    >>> from cardrules import CardSet
    >>> estimate_tricks(CardSet.parse("2C 3C 4C 5C 6D 7D 8D 9D 2S 3S 4S 5S 6H").mask)
    0.0
    """
    hearts = suit_cards(hand, _HEARTS) >> (13 * _HEARTS)
    h = hearts.bit_count()
    tricks = 0.0
    # Top hearts, then length: hearts beyond four win by length.
    for rank, worth, needs in ((_ACE, 1.0, 1), (_KING, 0.9, 2), (_QUEEN, 0.7, 3), (_JACK, 0.5, 4)):
        if hearts >> rank & 1:
            tricks += worth if h >= needs else worth * 0.4
    tricks += 0.8 * max(0, h - 4)
    spare = max(0, h - 2)
    for suit in (0, 1, 3):
        cards = suit_cards(hand, suit) >> (13 * suit)
        n = cards.bit_count()
        if cards >> _ACE & 1:
            tricks += 0.95 if n <= 6 else 0.75
        if cards >> _KING & 1:
            tricks += 0.75 if n >= 2 else 0.2
        if cards >> _QUEEN & 1 and n >= 3:
            tricks += 0.35
        # Ruffs: a short plain suit lets spare hearts take tricks.
        ruffs = min(spare, 2 - n) if n < 2 else 0
        if ruffs > 0:
            tricks += 0.6 * ruffs
            spare -= ruffs
    return round(tricks, 1)


def choose_bid(
    hand: int,
    minimum: int,
    seat: int,
    dealer: int,
    bids: tuple[int | None, ...],
    scores: tuple[int, ...],
    rules: Any,
) -> int:
    """The bid for ``hand``: the estimate (rounded down, plus a little daring), never below
    ``minimum``; the dealer raises by one to save a makeable hand from a throw-in."""
    estimate = estimate_tricks(hand)
    bid = max(minimum, min(13, int(estimate + 0.3)))
    if seat == dealer:
        others = [b if b is not None else 0 for b in bids]
        others[seat] = bid
        if is_thrown_in(scores, others, rules) and bid < 13 and estimate + 0.8 >= bid + 1:
            others[seat] = bid + 1
            if not is_thrown_in(scores, others, rules):
                bid += 1
    return bid


def choose_play(
    legal: int,
    trick: tuple[int, ...],
    partner_position: int | None,
    others: int,
    hand: int,
    want: bool,
) -> int:
    """The card (index) to play, for the rule-based agent and the rollouts alike.

    :param legal: the mask of the legal plays.
    :param trick: the card indices played to the current trick, the lead first.
    :param partner_position: the partner's position in the trick, or ``None`` if not played yet.
    :param others: the cards that another player may hold.
    :param hand: the player's whole hand.
    :param want: whether the player still wants tricks (its bid not made yet).
    """
    cards = list(bits(legal))
    if len(cards) == 1:
        return cards[0]
    if not trick:
        return _lead(cards, others, hand, want)
    best_position = winning_offset(trick, _HEARTS)
    best = trick[best_position]
    last = len(trick) == 3
    if best_position == partner_position and (
        last or (is_master(best, others, _HEARTS) and best // 13 == _HEARTS)
    ):
        return _lowest(cards)
    winners = [i for i in cards if beats(i, best, _HEARTS)]
    if winners:
        if last:
            return min(winners, key=_rank_cost)
        safe = [i for i in winners if is_master(i, others, _HEARTS)]
        if safe:
            return min(safe, key=_rank_cost)
        ruffs = [i for i in winners if i // 13 == _HEARTS and best // 13 != _HEARTS]
        if ruffs and (want or best_position != partner_position):
            return min(ruffs)
    return _lowest(cards)


def _rank_cost(card: int) -> int:
    return card % 13 + (13 if card // 13 == _HEARTS else 0)


def _lowest(cards: list[int]) -> int:
    """The card to throw: the lowest plain card (from a short suit on a tie), else the lowest
    heart."""
    return min(cards, key=_rank_cost)


def _lead(cards: list[int], others: int, hand: int, want: bool) -> int:
    hearts = [i for i in cards if i // 13 == _HEARTS]
    plain = [i for i in cards if i // 13 != _HEARTS]
    out = suit_cards(others, _HEARTS).bit_count()
    if hearts and is_master(hearts[-1], others, _HEARTS) and out and len(hearts) >= out:
        return hearts[-1]  # draw the outstanding trumps
    masters = [i for i in plain if is_top(i, others)]
    if masters:
        return max(masters, key=lambda i: (i % 13, suit_cards(others, i // 13).bit_count()))
    if hearts and is_master(hearts[-1], others, _HEARTS):
        return hearts[-1]
    if plain:
        # Low from the longest plain suit (keep kings guarded: not from a suit headed by one).
        def key(card: int) -> tuple[int, int]:
            suit_len = suit_cards(hand, card // 13).bit_count()
            return (-suit_len, card % 13)

        return min(plain, key=key)
    return min(cards)


def _partner_position(seat: int, leader: int, played: int) -> int | None:
    position = (seat + 2 - leader) % 4
    return position if position < played else None


@attrs.frozen
class RuleAgent:
    """A sensible 400 club player (see the module's introduction)."""

    name: str = "rule"

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The action for ``observation``'s seat."""
        legal: tuple[Action, ...] = check_turn(observation, rng, Observation)
        if len(legal) == 1:
            return legal[0]
        obs = observation
        if obs.phase is Phase.BIDDING:
            minimum = min(a.tricks for a in legal if isinstance(a, Bid))
            bid = choose_bid(
                obs.hand.mask, minimum, obs.seat, obs.dealer, obs.bids, obs.scores, obs.rules
            )
            chosen = BIDS[bid]
            assert chosen is not None
            return chosen
        seen = obs.hand.mask
        for trick in obs.tricks:
            for card in trick.cards:
                seen |= card.mask
        trick_cards = tuple(card.index for card in obs.current_trick.cards)
        for index in trick_cards:
            seen |= 1 << index
        legal_mask = 0
        for play in legal:
            legal_mask |= play.card.mask  # type: ignore[union-attr]  # all Plays
        seat = obs.seat
        bid = obs.bids[seat] or 0
        return PLAYS[
            choose_play(
                legal_mask,
                trick_cards,
                _partner_position(seat, obs.current_trick.leader, len(trick_cards)),
                FULL_MASK & ~seen,
                obs.hand.mask,
                obs.tricks_taken[seat] < bid,
            )
        ]


def rollout_policy(state: Any, rng: random.Random) -> Action:
    """The rule-based bids and play for rollouts on a sampled state (seeing its hands)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        only: Action = legal[0]
        return only
    seat = state.current_player
    if state.phase is Phase.BIDDING:
        minimum = min(a.tricks for a in legal if isinstance(a, Bid))
        bid = choose_bid(
            state.hand(seat).mask,
            minimum,
            seat,
            state.dealer,
            state.bids,
            state.scores,
            state.rules,
        )
        action = BIDS[bid]
        assert action is not None
        return action
    others = 0
    for other in range(4):
        if other != seat:
            others |= state.hand(other).mask
    legal_mask = 0
    for play in legal:
        legal_mask |= play.card.mask
    trick = state.current_trick
    cards = tuple(card.index for card in trick.cards)
    bid = state.bids[seat] or 0
    return PLAYS[
        choose_play(
            legal_mask,
            cards,
            _partner_position(seat, trick.leader, len(cards)),
            others,
            state.hand(seat).mask,
            state.tricks_taken[seat] < bid,
        )
    ]


#: A hand's score swing (team against team) worth the whole value range of :func:`evaluate`.
SWING: Final = 60.0


def evaluate(observation: Observation, state: Any) -> tuple[float, float]:
    """The value of a rollout's end for each team: 1 / 0 for a game won / lost, else
    ``0.5 ± (team score swing since the observation) / SWING``, clipped inside ``(0, 1)``."""
    winner = state.winner
    if winner is not None:
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    before = observation.scores
    after = state.scores
    gains = [after[seat] - before[seat] for seat in range(4)]
    value = 0.5 + ((gains[0] + gains[2]) - (gains[1] + gains[3])) / SWING
    value = min(0.98, max(0.02, value))
    return value, 1.0 - value


def spec_budgets(iterations: int) -> dict[str, int]:
    """The per-phase budgets of the spec ``search:N`` in 400: ``N`` samples a bid, a quarter of
    that a card (at least 8): a hand has four bids and 52 cards.

    >>> spec_budgets(100)
    {'play': 25}
    """
    return {"play": max(8, iterations // 4)}


def search_agent(
    iterations: int = 200,
    *,
    seconds: float | None = None,
    rollout: str = "rule",
    exploration: float = 0.7,
    method: str = "flat",
    determinize: Determinizer | None = None,
    budgets: dict[str, int] | None = None,
    phases: tuple[str, ...] | None = None,
    name: str = "search",
) -> SearchAgent:
    """The ISMCTS :class:`~cardrules.agents.SearchAgent` for 400.

    :param iterations: samples per decision (or ``seconds`` per decision instead).
    :param rollout: ``"rule"`` (:func:`rollout_policy`) or ``"random"``.
    :param method: ``"flat"`` (determinized Monte Carlo with paired samples, the default: the
        stronger at small budgets) or ``"ismcts"`` (see :class:`~cardrules.agents.SearchAgent`).
    :param budgets: iterations per phase (e.g. ``{"play": 30}``), overriding ``iterations``.
    :param determinize: the determinizer (default :func:`cardrules.four_hundred.determinize`).
    :param phases: search only in these phases (``("bidding",)``: search the bids, play the
        cards as :class:`RuleAgent`); ``None`` searches every decision.
    """
    from cardrules.agents.search import random_rollout
    from cardrules.four_hundred.determinize import determinize as sample

    policies: dict[str, Callable[[Any, random.Random], Any]] = {
        "rule": rollout_policy,
        "random": random_rollout,
    }
    if rollout not in policies:
        raise ValueError(f"rollout must be one of {sorted(policies)}, not {rollout!r}")
    return SearchAgent(
        determinize or sample,
        evaluate,
        iterations=iterations,
        seconds=seconds,
        rollout=policies[rollout],
        exploration=exploration,
        method=method,
        budgets=budgets,
        phases=phases,
        fallback=RuleAgent() if phases is not None else None,
        name=name,
    )


@attrs.frozen
class PimcFourHundred:
    """400's part of the PIMC agent (:class:`~cardrules.agents.PimcAgent`), as :data:`PIMC`.

    A sample's value is its team's change of score minus the other team's, with every player's
    own bid made or failed (:func:`cardrules.four_hundred.bid_solve.bid_values`: in 400 a
    partner's trick does not make one's bid, and overtricks count for nothing; FH-19, FH-20).
    A card is each sample's solved value after it.  A bid (FH-10 ... FH-14) is simulated: for
    each bid within ``bid_window`` of the rule agent's, the sample's later bids are the rule
    agent's (:func:`rollout_policy`), and the hand is solved from its first lead, both teams
    playing their best; a hand thrown in (FH-14) is worth its change of score (none).  The
    solver takes a node budget, which a time budget sets (:class:`~cardrules.agents.pimc.Solving`).
    """

    #: The bids simulated: those within this many tricks of the rule agent's.
    bid_window: int = 2

    def tricks(self, observation: Observation) -> int:
        """The tricks left (thirteen while bidding)."""
        return 13 - sum(observation.tricks_taken)

    def is_card(self, observation: Observation) -> bool:
        """Whether a card is to be played."""
        return observation.phase is Phase.PLAY

    def samples(self, observation: Observation, count: int) -> int:
        """The samples for a decision: ``count``, a bid's as a card's."""
        return count

    def sample_values(
        self,
        sample: Any,
        observation: Observation,
        legal: tuple[Any, ...],
        solving: Any,
        rng: random.Random,
    ) -> dict[Any, float] | None:
        """One sample's value of each card, or of each bid simulated; ``None`` when a solve
        did not fit in the time left."""
        sign = 1 if observation.seat % 2 == 0 else -1
        if observation.phase is Phase.PLAY:
            values = self._solve(sample, solving)
            if values is None:
                return None
            return {play: float(sign * value) for play, value in values.items()}
        ruled = RuleAgent().act(observation, rng)
        assert isinstance(ruled, Bid)
        out: dict[Any, float] = {}
        for bid in legal:
            if abs(bid.tricks - ruled.tricks) > self.bid_window:
                continue
            state = sample.apply(bid)
            while state.phase is Phase.BIDDING and state.deal_number == observation.deal_number:
                state = state.apply(rollout_policy(state, rng))
            if state.deal_number != observation.deal_number or state.phase is not Phase.PLAY:
                # Thrown in (FH-14): the hand is dealt again, its change of score counted.
                before, after = observation.scores, state.scores
                change = (after[0] + after[2] - before[0] - before[2]) - (
                    after[1] + after[3] - before[1] - before[3]
                )
                out[bid] = float(sign * change)
                continue
            values = self._solve(state, solving)
            if values is None:
                return None
            # The leader's team takes the lead that is best for it.
            lead = max if state.current_player % 2 == 0 else min
            out[bid] = float(sign * lead(values.values()))
        return out

    def values(self, totals: Any, legal: tuple[Any, ...]) -> dict[Any, float]:
        """The total of each action simulated (the bids near the rule agent's, or every card)."""
        return {action: totals[action] for action in legal if action in totals}

    @staticmethod
    def _solve(state: Any, solving: Any) -> dict[Any, int] | None:
        from cardrules.four_hundred.bid_solve import bid_values
        from cardrules.four_hundred.solve import SolveBudgetExceeded

        result: dict[Any, int] | None = solving.solve_budgeted(
            lambda budget: bid_values(state, budget=budget), SolveBudgetExceeded
        )
        return result


#: 400's part of the PIMC agent.
PIMC: Final = PimcFourHundred()
