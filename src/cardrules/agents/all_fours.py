"""Agents for All Fours: a rule-based club player, its fast rollout twin, and the search agent.

:class:`RuleAgent` plays from its seat's observation as a sensible club player would:

* **stand or beg** (AF-10) by the strength of its hand in the kick's suit, and the score: a
  beggar whose side needs one point begs (a gift would win), a beggar facing opponents close to
  the target stands on less rather than let the dealer run for kick points;
* **give one or run** (AF-11) by the dealer's own strength in the kick's suit, and never gives
  the point that would win the game for the other side;
* in play (AF-16 ... AF-20) it **saves the jack** (plays the jack of trumps when its side takes
  the trick, or leads it once no higher trump is out), **hunts to hang the jack** (leads a
  master trump while the jack may be with an opponent), **wins tens** (takes a trick with points
  in it cheaply, throws its tens and the jack onto a trick its partner has surely won) and
  **keeps high trumps** (never spends a trump on a trick worth nothing, discards low cards).

:func:`rollout_policy` is the same trick play for a search's rollouts: it reads a sampled state
(it sees the sample's hands, which the search drew itself) and is a few times cheaper than
building observations.  :func:`search_agent` is the :class:`~cardrules.agents.SearchAgent` for
All Fours: :func:`cardrules.all_fours.determinize`, this rollout policy and :func:`evaluate`.

>>> import random
>>> from cardrules.agents.all_fours import RuleAgent
>>> from cardrules.all_fours import Stand, deck_for, new_game
>>> hands = ["5H TD KD QC 7S 8C", "AH KH JH 3C 8D 2S", "JC 3H AS KC 9D 4S", "2H KS TS 4C 5D 9S"]
>>> state = new_game(deck=deck_for(hands, "6H"), dealer=0, seed=1)
>>> RuleAgent().act(state.observe(1), random.Random(0))  # A K J of the kick's suit: stand
Stand()
"""

from __future__ import annotations

import random
from typing import Any, Final

import attrs

from cardrules.agents._cards import beats, bits, is_master, suit_cards, winning_offset
from cardrules.agents.base import check_turn
from cardrules.agents.search import Determinizer, SearchAgent
from cardrules.all_fours.actions import BEG, GIVE_ONE, PLAYS, RUN_PACK, STAND, Action
from cardrules.all_fours.engine import State
from cardrules.all_fours.kernels import CARD_POINT_VALUES, GIVE_ONE_VALUE, award_points
from cardrules.all_fours.state import Phase
from cardrules.all_fours.view import Observation
from cardrules.core.cardset import FULL_MASK

__all__ = [
    "PIMC",
    "PimcAllFours",
    "RuleAgent",
    "choose_play",
    "evaluate",
    "rollout_policy",
    "search_agent",
    "trump_strength",
]

#: Card points for game (AF-4) by rank offset (index % 13): the kernels' table.
_POINTS: Final = CARD_POINT_VALUES
#: How much a trump is worth to its holder when deciding to stand or give (2 .. A).
_TRUMP_WEIGHT: Final = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.5, 2.5, 2.0, 2.5, 3.5)
_JACK: Final = 9
_TEN: Final = 8
#: Stand (or give one) with a trump strength of at least this (e.g. A x x, K J, four small).
STAND_AT: Final = 5.0


def trump_strength(hand: int, suit: int) -> float:
    """The strength of ``hand`` (a card mask) in ``suit`` as trumps: a weight per trump, the
    ace, king, jack and ten weighing most.

    >>> from cardrules import CardSet, Suit
    >>> trump_strength(CardSet.parse("AH KH 3H 9S").mask, Suit.HEARTS)
    7.0
    """
    return sum(_TRUMP_WEIGHT[i % 13] for i in bits(suit_cards(hand, suit)))


def _cost(card: int, trump: int) -> float:
    """How much it hurts to throw ``card`` away: points, rank, and trumps cost extra."""
    rank = card % 13
    cost = _POINTS[rank] * 2.0 + rank * 0.5
    if card // 13 == trump:
        cost += 12.0 + (_POINTS[rank] * 4 if rank == _JACK else 0)
    return cost


def choose_play(
    legal: int,
    trick: tuple[int, ...],
    position_of_partner: int | None,
    players: int,
    trump: int,
    others: int,
) -> int:
    """The card (index) to play, for the rule-based agent and the rollouts alike.

    :param legal: the mask of the legal plays.
    :param trick: the card indices played to the current trick, the lead first.
    :param position_of_partner: the partner's position in this trick (0 = the lead), or ``None``
        with two players or when the partner has not played yet.
    :param players: the number of players.
    :param trump: the trump suit's number.
    :param others: the cards that another player may hold (not played, not ours, not a kick).
    """
    cards = list(bits(legal))
    if len(cards) == 1:
        return cards[0]
    jack = 13 * trump + _JACK
    ten = 13 * trump + _TEN
    if not trick:
        return _lead(cards, trump, others, jack, ten)
    best_position = winning_offset(trick, trump)
    best = trick[best_position]
    last = len(trick) == players - 1
    points = sum(_POINTS[i % 13] for i in trick) + (4 if jack in trick else 0)
    if best_position == position_of_partner and (
        last or (best // 13 == trump and is_master(best, others, trump))
    ):
        # The partner has the trick for sure: save the jack, then feed it points.
        if jack in cards:
            return jack
        return max(cards, key=lambda i: (_POINTS[i % 13] if i // 13 != trump else -1, -(i % 13)))
    winners = [i for i in cards if beats(i, best, trump)]
    if winners:
        if last:
            if jack in winners:
                return jack
            if ten in winners:
                return ten
            if points or best // 13 == trump:
                return min(winners, key=lambda i: _cost(i, trump))
        else:
            safe = [i for i in winners if is_master(i, others, trump)]
            if safe and (points or safe[0] // 13 != trump):
                return min(safe, key=lambda i: _cost(i, trump))
            if points >= 10:
                return min(winners, key=lambda i: _cost(i, trump))
    return min(cards, key=lambda i: _cost(i, trump))


def _lead(cards: list[int], trump: int, others: int, jack: int, ten: int) -> int:
    trumps = [i for i in cards if i // 13 == trump]
    if trumps:
        top = trumps[-1]
        if is_master(top, others, trump):
            if top in (jack, ten):  # the jack or ten is master: cash it
                return top
            if others >> jack & 1 or others >> ten & 1:
                return top  # draw trumps to hang the jack or catch the ten
    plain = [i for i in cards if i // 13 != trump]
    masters = [i for i in plain if is_master(i, others, trump)]
    if masters:
        return max(masters, key=lambda i: _POINTS[i % 13])
    if plain:
        return min(plain, key=lambda i: _cost(i, trump) + (6 if i % 13 == _TEN else 0))
    return min(cards, key=lambda i: _cost(i, trump))


def _gift_wins(score: int, target: int) -> bool:
    """Whether a gift of one (AF-11) to a side on ``score`` reaches the target (AF-21)."""
    return award_points(score, 0, 0, GIVE_ONE_VALUE, target)[2] == 0


@attrs.frozen
class RuleAgent:
    """A sensible All Fours club player (see the module's introduction).

    :param stand_at: the trump strength (:func:`trump_strength`) needed to stand, or for the
        dealer to give one.
    """

    stand_at: float = STAND_AT
    name: str = "rule"

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The action for ``observation``'s seat."""
        legal: tuple[Action, ...] = check_turn(observation, rng, Observation)
        if len(legal) == 1:
            return legal[0]
        if observation.phase is Phase.BEG:
            return self._beg(observation)
        if observation.phase is Phase.ANSWER:
            return self._answer(observation)
        return PLAYS[self._play(observation)]

    def _beg(self, obs: Observation) -> Action:
        side = obs.seat % 2
        target = obs.rules.target
        mine, theirs = obs.scores[side], obs.scores[1 - side]
        if _gift_wins(mine, target):
            return BEG  # a gift of one wins; a run gives the dealer's side kick points only
        strength = trump_strength(obs.hand.mask, obs.kick.suit)
        threshold = self.stand_at - (1.5 if target - theirs <= 3 else 0.0)
        return STAND if strength >= threshold else BEG

    def _answer(self, obs: Observation) -> Action:
        side = obs.seat % 2
        target = obs.rules.target
        theirs = obs.scores[1 - side]
        if GIVE_ONE not in obs.legal_actions or _gift_wins(theirs, target):
            return RUN_PACK
        strength = trump_strength(obs.hand.mask, obs.kick.suit)
        return GIVE_ONE if strength >= self.stand_at else RUN_PACK

    def _play(self, obs: Observation) -> int:
        n = obs.rules.players
        assert obs.trump is not None
        trump = int(obs.trump)
        seen = obs.hand.mask
        for card in obs.kicks:
            seen |= card.mask
        for trick in obs.tricks:
            for card in trick.cards:
                seen |= card.mask
        trick_cards = tuple(card.index for card in obs.current_trick.cards)
        for index in trick_cards:
            seen |= 1 << index
        legal = 0
        for action in obs.legal_actions:
            legal |= action.card.mask  # type: ignore[union-attr]  # all are Plays here
        return choose_play(
            legal,
            trick_cards,
            _partner_position(obs.seat, obs.current_trick.leader, len(trick_cards), n),
            n,
            trump,
            FULL_MASK & ~seen,
        )


def _partner_position(seat: int, leader: int, played: int, players: int) -> int | None:
    if players != 4:
        return None
    position = (seat + 2 - leader) % 4
    return position if position < played else None


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The rule-based play for rollouts on a sampled state (stand, beg, give and run by trump
    strength; tricks by :func:`choose_play`, seeing the sample's hands)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    seat = state.current_player
    assert seat is not None
    if phase is not Phase.PLAY:
        strength = trump_strength(state.hand(seat).mask, state.kick.suit)
        if phase is Phase.BEG:
            return STAND if strength >= STAND_AT else BEG
        return GIVE_ONE if strength >= STAND_AT else RUN_PACK
    n = state.players
    others = 0
    for other in range(n):
        if other != seat:
            others |= state.hand(other).mask
    legal_mask = 0
    for action in legal:
        legal_mask |= action.card.mask  # type: ignore[union-attr]  # as above
    trick = state.current_trick
    cards = tuple(card.index for card in trick.cards)
    trump = state.trump
    assert trump is not None
    return PLAYS[
        choose_play(
            legal_mask,
            cards,
            _partner_position(seat, trick.leader, len(cards), n),
            n,
            int(trump),
            others,
        )
    ]


#: A deal's score swing worth the whole value range of :func:`evaluate`.
SWING: Final = 16.0


def evaluate(observation: Observation, state: Any) -> tuple[float, float]:
    """The value of a rollout's end for each side: 1 / 0 for a game won / lost, else
    ``0.5 ± (score swing since the observation) / SWING``, clipped inside ``(0, 1)``."""
    winner = state.winner
    if winner is not None:
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    before = observation.scores
    after = state.scores
    value = 0.5 + ((after[0] - before[0]) - (after[1] - before[1])) / SWING
    value = min(0.98, max(0.02, value))
    return value, 1.0 - value


def search_agent(
    iterations: int = 200,
    *,
    seconds: float | None = None,
    rollout: str = "rule",
    exploration: float = 0.7,
    method: str = "flat",
    determinize: Determinizer | None = None,
    budgets: dict[str, int] | None = None,
    name: str = "search",
) -> SearchAgent:
    """The ISMCTS :class:`~cardrules.agents.SearchAgent` for All Fours.

    :param iterations: samples per decision (or ``seconds`` per decision instead).
    :param rollout: ``"rule"`` (:func:`rollout_policy`) or ``"random"``.
    :param method: ``"flat"`` (determinized Monte Carlo with paired samples, the default: the
        stronger at small budgets) or ``"ismcts"`` (see :class:`~cardrules.agents.SearchAgent`).
    :param budgets: iterations per phase (e.g. ``{"play": 30}``), overriding ``iterations``.
    :param determinize: the determinizer (default :func:`cardrules.all_fours.determinize`).
    """
    from cardrules.agents.search import random_rollout
    from cardrules.all_fours.determinize import determinize as sample

    policies = {"rule": rollout_policy, "random": random_rollout}
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
        name=name,
    )


@attrs.frozen
class PimcAllFours:
    """All Fours' part of the PIMC agent (:class:`~cardrules.agents.PimcAgent`), as
    :data:`PIMC`.

    A sample's value is the race to the target (the solver's ``"game"`` objective, AF-21,
    AF-23): a win or a loss (:data:`~cardrules.all_fours.solve.WIN`) when the deal's awards, in
    their order (High, Low, Jack, Game), bring a side to the target, else its side's points
    minus the other side's.  A card is each sample's solved value after it.  A stand or beg
    (AF-10), a gift or a run of the pack (AF-11) is applied to the sample and the rest of the
    deal solved, the score changes so far (kicks, the gift) added, with ``deal_samples`` times
    the samples of a card (one decision a deal, worth the whole deal); a choice that ends the
    game counts as a win or a loss, a void deal (AF-13) its score changes.  A run's longer deal
    is solved when the agent solves positions that long (its ``solve_from`` and time budget),
    else it counts its kicks only.  A beg is worth the dealer's answer that is worse for the
    beggar on average over the samples (the dealer does not see the beggar's hand either:
    taking the worse answer sample by sample would let the dealer see it, and undervalue the
    beg); where a sample's dealer has no choice, its one answer counts for both.
    """

    #: A stand, beg, gift or run gets this many times the samples of a card.
    deal_samples: int = 3

    def tricks(self, observation: Observation) -> int:
        """The cards in the seat's hand: one a trick left, the trick in progress included."""
        return len(observation.hand)

    def is_card(self, observation: Observation) -> bool:
        """Whether a card is to be played."""
        return observation.phase is Phase.PLAY

    def sample_values(
        self,
        sample: State,
        observation: Observation,
        legal: tuple[Any, ...],
        solving: Any,
        rng: random.Random,
    ) -> dict[Any, float] | None:
        """One sample's value of each legal action (a beg's by the dealer's answers); ``None``
        when a solve did not finish in the time left."""
        from cardrules.all_fours.solve import SolveBudgetExceeded, play_values

        side = observation.seat % 2
        sign = 1 if side == 0 else -1
        if observation.phase is Phase.PLAY:
            values = solving.solve_budgeted(
                lambda budget: play_values(sample, objective="game", budget=budget),
                SolveBudgetExceeded,
            )
            if values is None:
                return None
            return {play: float(sign * value) for play, value in values.items()}
        cache: dict[Any, int] = {}
        out: dict[Any, float] = {}
        for action in legal:
            after = sample.apply(action)
            if after.phase is Phase.ANSWER:  # a beg: the dealer's answers apart
                answers: dict[Any, float] = {}
                for answer in after.legal_actions():
                    worth = self._simulate(after.apply(answer), observation, cache, solving)
                    if worth is None:
                        return None
                    answers[answer] = worth
                for answer in (GIVE_ONE, RUN_PACK):
                    out[action, answer] = answers.get(answer, min(answers.values()))
            else:
                worth = self._simulate(after, observation, cache, solving)
                if worth is None:
                    return None
                out[action] = worth
        return out

    def values(self, totals: Any, legal: tuple[Any, ...]) -> dict[Any, float]:
        """Each legal action's total; a beg's is its worse answer's."""
        return {
            action: totals[action]
            if action in totals
            else min(totals[action, GIVE_ONE], totals[action, RUN_PACK])
            for action in legal
        }

    def samples(self, observation: Observation, count: int) -> int:
        """The samples for a decision: ``count`` for a card, ``deal_samples`` times as many for
        a stand, beg, gift or run."""
        return count if observation.phase is Phase.PLAY else count * self.deal_samples

    @staticmethod
    def _simulate(
        state: State, observation: Observation, cache: dict[Any, int], solving: Any
    ) -> float | None:
        """The value for the observing seat's side of a stand, gift or run applied to a sample:
        the score changes so far, then High, Low and the solved play (``None``: not solved in
        the time left)."""
        from cardrules.all_fours.solve import WIN, SolveBudgetExceeded, value

        side = observation.seat % 2
        if state.winner is not None:
            return float(WIN if state.winner == side else -WIN)
        mine = state.scores[side] - observation.scores[side]
        theirs = state.scores[1 - side] - observation.scores[1 - side]
        change = float(mine - theirs)
        if state.deal_number != observation.deal_number:  # a void deal (AF-13)
            return change
        tricks = len(state.hand(state.dealer))  # before the first lead every hand is as long
        if not solving.fits(tricks):
            return change
        # The race depends on the scores: a gift (one point) is solved apart from a stand.
        key = (
            tuple(state.hand(seat).mask for seat in range(state.players)),
            state.trump,
            state.scores,
        )
        solved = cache.get(key)
        if solved is None:
            solved = solving.solve_budgeted(
                lambda budget: value(state, objective="game", budget=budget),
                SolveBudgetExceeded,
            )
            if solved is None:
                return None
            cache[key] = solved
        worth = solved if side == 0 else -solved
        if abs(worth) >= WIN:
            return float(worth)
        return change + worth


#: All Fours' part of the PIMC agent.
PIMC: Final = PimcAllFours()
