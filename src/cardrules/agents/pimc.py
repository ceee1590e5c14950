"""Perfect Information Monte Carlo (PIMC): sample the hidden cards, solve each sample exactly.

At each card to play, :class:`PimcAgent` draws deals that agree with everything its seat has
observed (the game's ``determinize``), solves each one double-dummy (the game's
``play_values``: the exact outcome of every legal play with every hand known) and plays the card
with the best average.  This is how bridge programs play (Ginsberg's GIB); its known weakness is
that the solver assumes every player sees every card, so it never plays to gather information.

* **All Fours**: a sample's value is the race to the target (the solver's ``"game"``
  objective): a win or a loss when the deal's awards, in their order (High, Low, Jack, Game),
  bring a side to the target, else its side's points minus the other side's.  The stand or beg
  of the beggar and the dealer's give one or run the pack are decided by simulation over solved
  samples (three times as many as for a card): each choice is applied to the sample and the rest
  of the deal solved, and the score changes (kicks, a gift) are added; a run of the pack counts
  the kicks it turns in the sample's own stock (the longer deal after it is not solved), and a
  choice that ends the game counts as a win or a loss.  A beg is worth the dealer's answer that
  is worse for the beggar on average over the samples (the dealer does not see the beggar's hand
  either: taking the worse answer sample by sample would let the dealer see it, and undervalue
  the beg); where a sample's dealer has no choice, its one answer counts for both.  Cards are
  solved from the last ``solve_from`` tricks: a deal lengthened by runs of the pack (most deals:
  begging is common, and a run gives three cards more each) starts with the search agent's cards
  (:func:`cardrules.agents.all_fours.search_agent` with the budget of ``search:100``), as an
  exact search of seven tricks already costs about half a second a sample.
* **400**: a sample's value is its team's change of score minus the other team's, with every
  player's own bid made or failed (:func:`cardrules.four_hundred.bid_solve.bid_values`: in 400
  a partner's trick does not make one's bid, and overtricks count for nothing).  That search grows
  fast with the tricks left, so the agent solves from ``solve_from`` tricks before the end (7 by
  default, with a node ``budget`` per sample); the bids and the earlier cards are the search
  agent's (:func:`cardrules.agents.four_hundred.search_agent` with the budget of ``search:100``:
  100 samples a bid, 25 a card).

>>> import random
>>> from cardrules.agents.pimc import PimcAgent
>>> from cardrules.all_fours import Stand, new_game
>>> state = new_game(seed=3, dealer=0).apply(Stand())
>>> agent = PimcAgent("all-fours", samples=4)
>>> agent.act(state.observe(1), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Final

import attrs

from cardrules.agents.base import check_turn
from cardrules.games import find_game

__all__ = ["PimcAgent"]

#: What winning (or losing) the game is worth, in deal points, to a simulated decision.
_GAME_WON: Final = 100.0
_GAMES: Final = ("400", "all-fours")
#: Averages closer than this (per sample) are a tie, broken by the rule agent's choice.
_TIE: Final = 1e-9
#: All Fours: how many times ``samples`` a stand, beg, gift or run of the pack is given.
_DECISION_FACTOR: Final = 3
#: The best card is clear when its mean lead over every other card (sample by sample) is more
#: than this many standard errors, or the two cards are worth the same in every sample.
_CLEAR_Z: Final = 2.0


@attrs.define(eq=False)
class PimcAgent:
    """Perfect Information Monte Carlo over the game's determinizer and solver.

    :param game: ``"400"`` or ``"all-fours"``.
    :param samples: deals sampled per card (the budget; reproducible).  An All Fours stand or
        beg, gift or run of the pack gets three times as many.
    :param seconds: a time budget per decision instead (at least one sample is always solved);
        the choice then depends on the machine's speed.
    :param solve_from: solve when at most this many tricks are left (the trick in progress
        included); earlier, play as the search agent with the budget of ``search:100``.
        ``None``: 7 in 400, 6 in All Fours (every trick of a deal without a run of the pack; a
        run makes the deal longer).
    :param max_samples: All Fours cards: past ``samples``, sample on one deal at a time, up to
        this many, while the best card is not clear: while its average lead over some other card
        (compared sample by sample) is within two standard errors of nothing, unless the two
        are worth the same in every sample.  ``None`` (the default): ``samples``, a fixed
        count.  Not used with ``seconds``.  ``max_samples=4 * samples`` spends about three
        times the time on cards (22 samples a card on average for ``samples=10``) and plays
        them better (figures on the docs page of the solvers, "Strength").
    :param budget: 400 only: the most trick starts searched per sample; a sample over budget
        ends the sampling (the samples solved so far decide, or the search agent if none).
    :param determinize: the sampler, ``determinize(observation, rng) -> state``; ``None`` (the
        default) for the game's own :func:`~cardrules.all_fours.determinize` (uniform over the
        deals the seat cannot tell apart).  Any sampler must return states whose
        ``observe(seat)`` is the observation; one that favours some deals (inference from
        the other players' plays) or returns the true state (to measure what seeing every hand
        is worth) changes nothing else.  The search agent that plays before the solved
        ending keeps the game's own sampler.
    :param name: the label in tables.

    A decision with a single legal action is played at once.
    """

    game: str
    samples: int = 10
    seconds: float | None = None
    solve_from: int | None = None
    max_samples: int | None = None
    budget: int = 20_000
    determinize: Any = None
    name: str = "pimc"
    _search: Any = attrs.field(default=None, init=False, repr=False)
    #: The average value of each legal action over the samples of the last decision (in the
    #: solver's units, for the agent's side), or ``None`` when it was not sampled (a forced
    #: move, or a decision left to the rule or search agent).
    last_values: dict[Any, float] | None = attrs.field(default=None, init=False, repr=False)
    #: The samples solved for the last decision.
    last_samples: int = attrs.field(default=0, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.game not in _GAMES:
            raise ValueError(f"game must be one of {_GAMES}, not {self.game!r}")
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, not {self.samples}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")
        if self.max_samples is not None and self.max_samples < self.samples:
            raise ValueError(
                f"max_samples must be at least samples ({self.samples}), not {self.max_samples}"
            )
        if self.determinize is not None and not callable(self.determinize):
            from cardrules.core.checks import refuse

            refuse(
                "determinize", "a function (observation, rng) -> state, or None", self.determinize
            )

    def act(self, observation: Any, rng: random.Random) -> Any:
        """The action with the best average over the solved samples."""
        legal = check_turn(observation, rng)
        self.last_values, self.last_samples = None, 0
        if len(legal) == 1:
            return legal[0]
        if self.game == "400":
            return self._four_hundred(observation, legal, rng)
        return self._all_fours(observation, legal, rng)

    def _most_samples(self) -> int:
        return self.samples if self.max_samples is None else self.max_samples

    def _budget(self) -> tuple[int, float | None]:
        if self.seconds is None:
            return self.samples, None
        return 1 << 62, time.perf_counter() + self.seconds

    # -- All Fours ---------------------------------------------------------------------------
    def _all_fours(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        from cardrules.all_fours import Beg, GiveOne, Phase, RunPack
        from cardrules.all_fours import determinize as uniform
        from cardrules.all_fours.solve import play_values

        determinize = self.determinize or uniform
        side = observation.seat % 2
        sign = 1 if side == 0 else -1
        solve_from = 6 if self.solve_from is None else self.solve_from
        # On its turn the seat holds one card per trick left, this one included.
        if observation.phase is Phase.PLAY and len(observation.hand) > solve_from:
            return self._lead_in().act(observation, rng)
        totals = dict.fromkeys(legal, 0.0)
        count, deadline = self._budget()
        if observation.phase is not Phase.PLAY:
            # One decision a deal, worth a whole deal: three times the samples of a card.
            count *= _DECISION_FACTOR
        #: A beg's value per answer of the dealer, summed over the samples.
        answers: dict[Any, float] = {GiveOne(): 0.0, RunPack(): 0.0}
        done = 0
        # Cards: each sample's values, to sample on while the best card is not yet clear.
        rows: list[dict[Any, float]] | None = [] if observation.phase is Phase.PLAY else None
        while done < count:
            sample = determinize(observation, rng)
            if rows is not None:
                row = {
                    play: float(sign * value)
                    for play, value in play_values(sample, objective="game").items()
                }
                rows.append(row)
                for play, value in row.items():
                    totals[play] += value
            else:
                cache: dict[Any, Any] = {}
                for action in legal:
                    after = sample.apply(action)
                    if after.phase is Phase.ANSWER:  # a beg: the dealer's answers apart
                        values = {
                            answer: self._simulate(after.apply(answer), observation, side, cache)
                            for answer in after.legal_actions()
                        }
                        for answer in answers:
                            answers[answer] += values.get(answer, min(values.values()))
                    else:
                        totals[action] += self._simulate(after, observation, side, cache)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if (
                rows is not None
                and done == count
                and deadline is None
                and count < self._most_samples()
                and not _clear(rows, totals)
            ):
                count += 1
        if observation.phase is Phase.BEG:
            for action in legal:
                if isinstance(action, Beg):
                    totals[action] = min(answers.values())
        return self._choose(legal, totals, done, observation, rng)

    def _simulate(self, state: Any, observation: Any, side: int, cache: dict[Any, Any]) -> float:
        """The value for ``side`` of a stand, gift or run applied to a sample: score changes so
        far, then High, Low and the solved play."""
        from cardrules.all_fours.solve import value as value_of

        if state.winner is not None:
            return _GAME_WON if state.winner == side else -_GAME_WON
        if state.deal_number != observation.deal_number:  # a void deal (AF-13)
            return self._score_change(state, observation, side)
        if len(state.kicks) > 1:
            # After a run the deal is longer and the hands new: its kicks count, the play is
            # not solved (it would cost more than the whole decision is worth).
            return self._score_change(state, observation, side)
        # The race depends on the scores: a gift (one point) is solved apart from a stand.
        key = (
            tuple(state.hand(seat).mask for seat in range(state.players)),
            state.trump,
            state.scores,
        )
        solution = cache.get(key)
        if solution is None:
            solution = cache[key] = value_of(state, objective="game")
        # The race objective: the deal's awards (High, Low, Jack, Game) in order, or a win.
        value = solution if side == 0 else -solution
        if abs(value) >= _GAME_WON:
            return float(value)
        return self._score_change(state, observation, side) + value

    @staticmethod
    def _score_change(state: Any, observation: Any, side: int) -> float:
        mine = state.scores[side] - observation.scores[side]
        theirs = state.scores[1 - side] - observation.scores[1 - side]
        return float(mine - theirs)

    # -- 400 ---------------------------------------------------------------------------------
    def _four_hundred(self, observation: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        from cardrules.four_hundred import Phase
        from cardrules.four_hundred import determinize as uniform
        from cardrules.four_hundred.bid_solve import bid_values
        from cardrules.four_hundred.solve import SolveBudgetExceeded

        determinize = self.determinize or uniform
        left = 13 - sum(observation.tricks_taken)
        if observation.phase is not Phase.PLAY or left > (
            7 if self.solve_from is None else self.solve_from
        ):
            return self._lead_in().act(observation, rng)
        sign = 1 if observation.seat % 2 == 0 else -1
        totals = dict.fromkeys(legal, 0.0)
        count, deadline = self._budget()
        done = 0
        while done < count:
            sample = determinize(observation, rng)
            try:
                values = bid_values(sample, budget=self.budget)
            except SolveBudgetExceeded:
                break
            for play, value in values.items():
                totals[play] += sign * value
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if not done:
            return self._lead_in().act(observation, rng)
        return self._choose(legal, totals, done, observation, rng)

    def _choose(
        self,
        legal: tuple[Any, ...],
        totals: dict[Any, float],
        done: int,
        observation: Any,
        rng: random.Random,
    ) -> Any:
        """The action with the best total; the averages are kept in :attr:`last_values`.

        Cards that tie (the solver, seeing every hand, often finds several cards equal) go to
        the game's rule agent when its card is among them, else to the lowest of them: with the
        hands hidden, a low card keeps the high ones for later."""
        self.last_values = {action: totals[action] / done for action in legal}
        self.last_samples = done
        best = max(totals[action] for action in legal)
        tied = [action for action in legal if totals[action] >= best - _TIE * done]
        if len(tied) == 1 or not all(hasattr(action, "card") for action in tied):
            return tied[0]
        ruled = find_game(self.game).load_attribute("agents").RuleAgent().act(observation, rng)
        if ruled in tied:
            return ruled
        return min(tied, key=lambda action: (action.card.rank, action.card.suit))

    def _lead_in(self) -> Any:
        """The search agent that plays before the solved ending, with the budget of
        ``search:100``: in 400 it also bids (100 samples a bid, 25 a card); in All Fours it plays
        the first cards of a deal lengthened by runs of the pack (100 samples a card)."""
        if self._search is None:
            module = find_game(self.game).load_attribute("agents")
            # A game whose search takes per-phase budgets (400: bids and cards) gets them.
            spec_budgets = getattr(module, "spec_budgets", None)
            if spec_budgets is None:
                self._search = module.search_agent(100, name=self.name)
            else:
                budgets = spec_budgets(100)
                self._search = module.search_agent(100, budgets=budgets, name=self.name)
        return self._search


def _clear(rows: list[dict[Any, float]], totals: dict[Any, float]) -> bool:
    """Whether the card with the best total leads every other card by more than
    :data:`_CLEAR_Z` standard errors of the mean of its sample-by-sample lead, or ties it in
    every sample (the samples in ``rows`` are the same for every card)."""
    best = max(totals, key=totals.__getitem__)
    k = len(rows)
    if k < 2:
        return False
    for other in totals:
        if other == best:
            continue
        leads = [row[best] - row[other] for row in rows]
        mean = sum(leads) / k
        spread = sum((lead - mean) ** 2 for lead in leads) / (k - 1)
        if spread == 0.0 and mean == 0.0:
            continue
        if mean <= _CLEAR_Z * math.sqrt(spread / k):
            return False
    return True
