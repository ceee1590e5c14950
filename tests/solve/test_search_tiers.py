"""The two tiers of the core's double-dummy search, interpreted (lists, no numpy) and compiled
(numba), against plain minimax over ``legal_actions()`` / ``apply()`` (:mod:`minimax`) on
thousands of endings, and against each other on full deals.

The endings are drawn from seeded random games, each from its own ``random.Random(index)`` (a
failure names the index), and cut with one, two or three tricks to go, at a trick's start or in
its middle.  All Fours: every undertrump option (AF-20), two and four players (AF-1), the called
card (AF-25), deals lengthened by runs of the pack (AF-11, AF-12), the awards' options (AF-23)
and scores close to the target (AF-21), each ending checked on both objectives (undertrumping
arises with four players only: a trick of two has no trump before the follower's card).  400:
the card play has no options (FH-16, FH-17), so every ending is checked by trick count
(``solve``, ``play_values``, ``tricks_at_least``) and in score (``bid_values``) under the
presets' scoring tables (FH-19, FH-20), after random bids and scores.

``CARDRULES_ENDINGS`` sets the endings per game (default 2,000), each checked in both tiers;
``CARDRULES_ENDINGS=20000`` is the long run.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import minimax
import pytest

from cardrules import Rank, all_fours, four_hundred
from cardrules.all_fours import Phase as AfPhase
from cardrules.all_fours.solve import OBJECTIVES, WIN
from cardrules.all_fours.solve import play_values as af_play_values
from cardrules.all_fours.solve import value as af_value
from cardrules.core import search
from cardrules.core.compiled import available
from cardrules.core.search import Search, tier
from cardrules.four_hundred import Phase as FhPhase
from cardrules.four_hundred.bid_solve import bid_values
from cardrules.four_hundred.solve import follow as fh_follow
from cardrules.four_hundred.solve import play_values as fh_play_values

COUNT = int(os.environ.get("CARDRULES_ENDINGS", "2000"))

needs_numba = pytest.mark.skipif(not available(), reason="numba is not installed")
_TIERS = [
    pytest.param(False, id="interpreted"),
    pytest.param(True, id="compiled", marks=needs_numba),
]

AF_RULES = {
    "trinidad": all_fours.Rules(),
    "two": all_fours.Rules(players=2),
    "tournament": all_fours.Rules.preset("tournament"),
    "void": all_fours.Rules(undertrump="only_if_void", game_tie="non_dealer", hang_jack_value=2),
    "two-only-trumps": all_fours.Rules(players=2, undertrump="only_if_only_trumps", game_value=2),
    "two-void": all_fours.Rules(players=2, undertrump="only_if_void", game_tie="non_dealer"),
    "called": all_fours.Rules(exposed_cards=True),
    "two-called": all_fours.Rules(players=2, exposed_cards=True, undertrump="only_if_void"),
    "tobago-one-by-one": all_fours.Rules(
        kick_values={"A": 1, "2": 2, "J": 3}, deal_packet=1, target=10
    ),
    "two-no-hang": all_fours.Rules(players=2, hang_jack_value=0, game_value=3, target=21),
}
FH_RULES = {
    "standard": four_hundred.Rules(),
    "jawaker": four_hundred.Rules.preset("jawaker"),
    "pagat_41": four_hundred.Rules.preset("pagat_41"),
    "unreduced": four_hundred.Rules(reduce_five_six_at=None, high_bid_win="always"),
}


@attrs.frozen
class Ending:
    """An ending and its values by plain minimax: per objective, each legal play's value."""

    index: int
    variant: str
    state: Any
    expected: dict[str, dict[Any, int]]
    fixed: tuple[int, int] = (0, 0)


def _cut(rng: random.Random, state: Any, tricks_left: int, done: Callable[[Any], int]) -> Any:
    """Random play until ``tricks_left`` tricks are to go and a random number of cards of the
    first of them are down (``done``: the tricks played).  Low cards are played first more
    often than not (in half the games low plain cards), so that the tens and the honours (in All
    Fours the jack and most card points), or the trumps as well, are still out in the ending:
    the plays' values differ more often, and players ruff, overtrump and undertrump (AF-20)."""
    total = done(state) + len(state.hand(state.current_player))
    cut = rng.randrange(state.current_trick.players)
    keep = state.trump if rng.random() < 0.5 else None  # in 400 hearts (FH-5)
    while done(state) < total - tricks_left or (
        done(state) == total - tricks_left and len(state.current_trick.cards) < cut
    ):
        state = _expose(rng, state)
        actions = state.legal_actions()
        low = [a for a in actions if a.card.rank < Rank.TEN and a.card.suit != keep]
        state = state.apply(rng.choice(low if low and rng.random() < 0.7 else actions))
    return state


def _expose(rng: random.Random, state: Any) -> Any:
    """AF-25: now and then a player not to move shows a card (with ``exposed_cards``)."""
    rules = state.rules
    if not isinstance(rules, all_fours.Rules) or not rules.exposed_cards or rng.random() > 0.3:
        return state
    seat = rng.choice([s for s in range(state.players) if s != state.current_player])
    hidden = [card for card in state.hand(seat) if card not in state.exposed]
    return state.expose(seat, rng.choice(hidden)) if hidden else state


def af_ending(index: int, variant: str) -> all_fours.State:
    """Ending ``index`` of the variant: 1 + index % 3 tricks to go; every other pair of indices
    with both sides 1 to 5 points short of the target."""
    rules = AF_RULES[variant]
    rng = random.Random(index)
    tricks_left = 1 + index % 3
    target = rules.target
    while True:
        if index // 3 % 2:
            scores = (target - rng.randrange(2, 7), target - rng.randrange(2, 7))
        else:
            scores = (rng.randrange(target - 5), rng.randrange(target - 5))
        state = all_fours.new_game(
            rules, seed=rng.randrange(1 << 30), dealer=rng.randrange(rules.players), scores=scores
        )
        while state.phase not in (AfPhase.PLAY, AfPhase.OVER):
            state = state.apply(rng.choice(state.legal_actions()))  # stand, beg, give one, run
        if state.phase is AfPhase.PLAY:
            break
    state = _cut(rng, state, tricks_left, lambda s: len(s.tricks))
    mover = state.current_player
    called = [card for card in state.hand(mover) if card in state.exposed]
    legal = {action.card for action in state.legal_actions()}
    if called and rng.random() < 0.8 and called[0] in legal:  # AF-25: an opponent calls it
        state = state.call((mover + 1) % state.players, called[0])
    return state


def fh_ending(index: int, variant: str) -> four_hundred.State:
    """Ending ``index`` of the variant: 1 + index % 3 tricks to go, after random bids (low ones
    more often) and random scores."""
    rules = FH_RULES[variant]
    rng = random.Random(index)
    tricks_left = 1 + index % 3
    while True:
        scores = tuple(rng.choice((0, 3, 12, 25, 29, 31, 38, -8, -30)) for _ in range(4))
        state = four_hundred.new_game(
            rules, seed=rng.randrange(1 << 30), dealer=rng.randrange(4), scores=scores
        )
        while state.phase is FhPhase.BIDDING:
            bids = state.legal_actions()
            state = state.apply(rng.choice(bids[:4] if rng.random() < 0.7 else bids))
        if state.phase is FhPhase.PLAY:
            break
    return _cut(rng, state, tricks_left, lambda s: sum(s.tricks_taken))


def _split(count: int, variants: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """``count`` (index, variant) pairs, each variant about as often."""
    for index in range(count):
        yield index // len(variants), list(variants)[index % len(variants)]


@functools.cache
def af_endings(count: int) -> tuple[Ending, ...]:
    endings = []
    for index, variant in _split(count, AF_RULES):
        state = af_ending(index, variant)
        points = minimax.plays(state, minimax.af_points)
        race = minimax.plays(state, minimax.af_race)
        end = state
        while end.deal_number == state.deal_number and end.phase is AfPhase.PLAY:
            end = end.apply(end.legal_actions()[0])
        fixed = minimax.af_fixed(end, state)
        expected = {"points": points, "game": race}
        endings.append(Ending(index, variant, state, expected, fixed))
    return tuple(endings)


@functools.cache
def fh_endings(count: int) -> tuple[Ending, ...]:
    endings = []
    for index, variant in _split(count, FH_RULES):
        state = fh_ending(index, variant)
        tricks = minimax.plays(state, minimax.fh_tricks)
        score = minimax.plays(state, minimax.fh_score)
        endings.append(Ending(index, variant, state, {"tricks": tricks, "score": score}))
    return tuple(endings)


def _best(state: Any, values: dict[Any, int]) -> int:
    return max(values.values()) if state.current_player % 2 == 0 else min(values.values())


def check_af(ending: Ending) -> None:
    """Every All Fours entry point of the solver against the minimax values of ``ending``."""
    state = ending.state
    for objective, plays in ending.expected.items():
        best = _best(state, plays)
        where = (ending.index, ending.variant, objective)
        # play_values and value first: solve's line of best play needs consistent values.
        assert af_play_values(state, objective=objective) == plays, where
        assert af_value(state, objective=objective) == best, where
        result = all_fours.solve(state, objective=objective)
        assert result.plays == plays, where
        assert result.value == best, where
        assert set(result.best_plays) == {a for a, v in plays.items() if v == best}, where
        assert result.fixed == ending.fixed, where
        if objective == "points":
            assert result.points[0] - result.points[1] == best, where


def check_fh(ending: Ending) -> None:
    """Every 400 entry point of the solvers against the minimax values of ``ending``."""
    state = ending.state
    left = 13 - sum(state.tricks_taken)
    tricks = {play: (value, left - value) for play, value in ending.expected["tricks"].items()}
    best = _best(state, ending.expected["tricks"])
    result = four_hundred.solve(state)
    assert result.plays == tricks, (ending.index, ending.variant)
    assert result.tricks == (best, left - best), (ending.index, ending.variant)
    assert fh_play_values(state) == tricks, (ending.index, ending.variant)
    for team, taken in enumerate(result.tricks):
        assert four_hundred.tricks_at_least(state, team, taken) is True, ending.index
        assert four_hundred.tricks_at_least(state, team, taken + 1) is False, ending.index
    assert bid_values(state) == ending.expected["score"], (ending.index, ending.variant)


@pytest.mark.rule("AF-1")
@pytest.mark.rule("AF-16")
@pytest.mark.rule("AF-17")
@pytest.mark.rule("AF-18")
@pytest.mark.rule("AF-19")
@pytest.mark.rule("AF-20")
@pytest.mark.rule("AF-21")
@pytest.mark.rule("AF-23")
@pytest.mark.rule("AF-25")
@pytest.mark.parametrize("compiled", _TIERS)
def test_all_fours_endings_match_minimax(compiled: bool) -> None:
    endings = af_endings(COUNT)
    with tier(compiled):
        for ending in endings:
            check_af(ending)


@pytest.mark.rule("FH-16")
@pytest.mark.rule("FH-17")
@pytest.mark.rule("FH-19")
@pytest.mark.rule("FH-20")
@pytest.mark.parametrize("compiled", _TIERS)
def test_400_endings_match_minimax(compiled: bool) -> None:
    endings = fh_endings(COUNT)
    with tier(compiled):
        for ending in endings:
            check_fh(ending)


@pytest.mark.rule("AF-1")
@pytest.mark.rule("AF-12")
@pytest.mark.rule("AF-25")
def test_the_all_fours_endings_cover_every_variant() -> None:
    """The endings are what the checks above claim: each variant, each count of tricks to go,
    at a trick's start and in its middle, deals with runs of the pack, called cards, and races
    won and lost under best play."""
    endings = af_endings(COUNT)
    assert len(endings) == COUNT
    counts: dict[str, int] = {}

    def count(what: str) -> None:
        counts[what] = counts.get(what, 0) + 1

    for ending in endings:
        state = ending.state
        count(ending.variant)
        count(f"{len(state.hand(state.current_player))} tricks left")
        count(f"{state.players} players, {len(state.current_trick.cards)} cards down")
        if len(state.tricks) + len(state.hand(state.current_player)) > 6:
            count("run the pack")
        if state.called is not None:
            count("called")
        if abs(_best(state, ending.expected["game"])) == WIN:
            count("race decided")
        if len(set(ending.expected["points"].values())) > 1:
            count("plays differ")
    share = COUNT // 40
    for what in (*AF_RULES, "1 tricks left", "2 tricks left", "3 tricks left"):
        assert counts.get(what, 0) >= 2 * share, (what, counts)
    for seats in (2, 4):
        for down in range(seats):
            assert counts.get(f"{seats} players, {down} cards down", 0) >= share, counts
    for what in ("run the pack", "called", "race decided", "plays differ"):
        assert counts.get(what, 0) >= share, (what, counts)


def test_the_400_endings_cover_every_table() -> None:
    endings = fh_endings(COUNT)
    assert len(endings) == COUNT
    share = COUNT // 40
    for variant in FH_RULES:
        assert sum(e.variant == variant for e in endings) >= 4 * share
    for down in range(4):
        assert sum(len(e.state.current_trick.cards) == down for e in endings) >= 2 * share
    assert sum(len(set(e.expected["score"].values())) > 1 for e in endings) >= share
    assert sum(len(set(e.expected["tricks"].values())) > 1 for e in endings) >= share


# -- the two tiers on full deals -------------------------------------------------------------
def _both(function: Callable[[Any], Any], state: Any) -> tuple[Any, Any]:
    with tier(False):
        slow = function(state)
    with tier(True):
        fast = function(state)
    return slow, fast


def _af_deals(rules: all_fours.Rules, count: int) -> Iterator[all_fours.State]:
    """The first ``count`` deals in play of seeded games (random stands, begs, gifts and runs)
    at their first card; a four-player deal lengthened by a run of the pack from six tricks to go
    (the interpreted search of nine tricks takes a minute)."""
    found = 0
    for seed in range(100):
        rng = random.Random(seed)
        state = all_fours.new_game(rules, seed=seed, dealer=seed % rules.players)
        while state.phase not in (AfPhase.PLAY, AfPhase.OVER):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is not AfPhase.PLAY:
            continue
        if rules.players == 4 and len(state.hand(state.current_player)) > 6:
            state = _cut(rng, state, 6, lambda s: len(s.tricks))
        yield state
        found += 1
        if found == count:
            return


@needs_numba
@pytest.mark.parametrize("variant", list(AF_RULES))
def test_the_tiers_agree_on_all_fours_deals(variant: str) -> None:
    """Values, every play's value, the line's points and the fixed points alike; node counts
    too, the search being deterministic, while both tiers' tables have the same size (the
    interpreted table is capped at 2**17 rows: from nine tricks on, the compiled one is larger
    and the counts may differ)."""
    deals = list(_af_deals(AF_RULES[variant], 3))
    assert len(deals) == 3
    searched = 0
    for state in deals:
        for objective in OBJECTIVES:
            slow, fast = _both(functools.partial(all_fours.solve, objective=objective), state)
            assert (slow.value, slow.points, slow.fixed) == (fast.value, fast.points, fast.fixed)
            assert slow.plays == fast.plays
            if len(state.hand(state.current_player)) <= 8:
                assert slow.nodes == fast.nodes
            searched += slow.nodes
    assert searched > 0


def _fh_position(seed: int, tricks_left: int) -> four_hundred.State:
    rng = random.Random(seed)
    state = four_hundred.new_game(seed=seed, dealer=seed % 4)
    for _ in range(4):
        state = state.apply(four_hundred.Bid(3))
    return _cut(rng, state, tricks_left, lambda s: sum(s.tricks_taken))


@needs_numba
@pytest.mark.parametrize("seed", range(4))
def test_the_tiers_agree_on_400_positions(seed: int) -> None:
    """Eight tricks to go: every play's tricks and the node counts; five tricks to go, in
    score."""
    slow, fast = _both(four_hundred.solve, _fh_position(700 + seed, 8))
    assert slow == fast
    slow, fast = _both(bid_values, fh_ending(800 + seed, "standard"))
    assert slow == fast


@needs_numba
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_tiers_agree_on_full_400_hands(seed: int) -> None:
    """A whole hand, before the bids (the value of the play to come): the same tricks in both
    tiers; and the core's search asked the same questions with tables of one size in both
    tiers: the same bounds and node counts.  (The seeds are hands that the interpreted tier
    solves in about a second; others take it minutes.)"""
    state = four_hundred.new_game(seed=seed, dealer=seed % 4)
    slow, fast = _both(four_hundred.solve, state)
    assert slow.tricks == fast.tricks
    hands = [state.hand(seat).mask for seat in range(4)]
    leader = (state.dealer + 1) % 4
    answers = []
    for compiled in (False, True):
        asked = []
        for need in (fast.tricks[0], fast.tricks[0] + 1):
            search = Search(
                fh_follow,
                players=4,
                trump=2,
                table_bits=16,
                compile_it=compiled,
            )
            asked.append((search.ask(hands, leader, (), need) >= need, search.nodes))
        answers.append(asked)
    assert answers[0] == answers[1]
    assert [made for made, _ in answers[0]] == [True, False]


@pytest.mark.parametrize("compiled", _TIERS)
def test_a_kept_workspace_answers_as_a_fresh_one(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A solve's workspace is kept for the next solve of its size, its table rows stamped with
    # an epoch instead of cleared: the reused one must answer exactly as a fresh one.
    monkeypatch.setattr(search, "_SPARE", {})
    state, other = _fh_position(600, 5), _fh_position(601, 5)
    with tier(compiled):
        fresh = four_hundred.solve(state)
        four_hundred.solve(other)
        assert search._SPARE, "the workspace was not kept"
        assert four_hundred.solve(state) == fresh  # values, plays and node counts alike
