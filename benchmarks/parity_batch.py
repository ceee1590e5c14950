"""The batch engine plays the per-state engine's games, action for action, over many games:
``python benchmarks/parity_batch.py [GAMES [GAME ...]] [--jobs K] [--only NAME,...] [--chunk N]``
(default 20,000 games of
each game; ``GAME`` is ``all-fours`` or ``400``, default both; ``--jobs K`` compares K rulesets
at a time, each in its own process; ``--only NAME,...`` only those rulesets; ``--chunk N``
batches of at most N games, default 100).

The test suite compares a few thousand games (tests/batch); this script compares the full
count, over every rule option the batch engine supports (the rulesets of the tests, the games
split evenly between them).  Random legal actions (400: random plays and mostly the smallest
legal bid, from scores near the end, so that games end) are applied in a batch and in
per-state games from the same seeds (``new_game(rules, seed=game_seed(seed, lane, game))``);
at every step each lane's legal action ids, current player, scores, dealer and deal number
(400: also its level) must agree, and every finished game's number, winner and final scores,
and the step's ``done`` and rewards.  A disagreement stops the script with the lane and the
step.

The games are played in batches of 64 lanes, a batch ending once ``--chunk`` of its games have
ended (then the next batch, with the next seed).  The games counted are those that end in
their batch, each compared action for action from its first deal to its end; a game still
going when its batch ends (in 400 from scores near the end, random play can go on for
hundreds of deals) is compared as far as it went and not counted, so the count leans to the
games that end sooner.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
import time
from typing import Any

import numpy as np

from cardrules import all_fours as af
from cardrules import four_hundred as fh
from cardrules.batch import game_seed, make

LANES = 64
GAMES = 20_000
#: A batch ends once this many of its games have ended (then a new batch, with the next seed).
CHUNK = 100

ALL_FOURS_RULES = {
    "trinidad": af.Rules(),
    "all_twos": af.Rules.preset("all_twos"),
    "tournament": af.Rules.preset("tournament"),
    "tobago": af.Rules.preset("tobago"),
    "packet1_void_tie": af.Rules(deal_packet=1, undertrump="only_if_void", game_tie="non_dealer"),
    "two_tournament": af.Rules(
        players=2, undertrump="only_if_only_trumps", give_one_needs_trump=True
    ),
    "values": af.Rules(target=9, game_value=2, hang_jack_value=5, kick_values={"A": 1, "K": 4}),
    "short": af.Rules(target=2, kick_values={"2": 2, "A": 1}, exposed_cards=True),
    # A game ends at its first kick 12 times in 13: more games in a step than a lane's slots.
    "every_kick": af.Rules(target=1, kick_values=dict.fromkeys("3456789TJQKA", 1)),
}
FOUR_HUNDRED_RULES = {
    "standard": fh.Rules(),
    "jawaker": fh.Rules.preset("jawaker"),
    "pagat_41": fh.Rules.preset("pagat_41"),
    "options_a": fh.Rules(
        deal_packets=(3, 2, 2, 2, 2, 2),
        high_bid_win="always",
        partner_condition="non_negative",
        five_to_start="additional",
        no_picture_redeal=True,
        min_bid_cap=4,
    ),
    "options_b": fh.Rules(
        high_bid_win="partner_not_negative",
        partner_condition="none",
        five_to_start="replace",
        reduce_five_six_at=None,
        min_total_rises=False,
        claims="off",
        conduct_penalties=True,
    ),
    "options_c": fh.Rules(
        deal_packets=(1, 3, 3, 3, 3),
        min_bid_ladder_from=None,
        min_total_counts="points",
        no_picture_redeal=True,
        simultaneous="higher_team_total",
    ),
}
#: 400's games start near the end (FH: 41 wins), so that random play ends them.
START_400 = (38, 33, 36, 39)


class Mismatch(AssertionError):
    """The batch and the per-state engine disagree."""


def _check(ok: bool, what: str, lane: int, step: int) -> None:
    if not ok:
        raise Mismatch(f"{what} differs in lane {lane} at step {step}")


def _choose(game: str, batch: Any, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    choice: np.ndarray = batch.random_actions(rng)
    if game == "400":
        # Mostly the smallest legal bid: uniform bids fail so often that games go on for
        # hundreds of deals (and a long game's per-state states grow dear).
        low = mask[:, 52:65].argmax(axis=1) + 52
        bidding = mask[:, 52:].any(axis=1) & (rng.random(low.size) < 0.9)
        choice = np.where(bidding, low, choice)
    return choice


def compare(game: str, rules: Any, games: int, seed: int) -> tuple[int, int]:
    """Play until ``games`` games have finished in a batch and in the per-state engine,
    compared at every step; returns the games and the actions compared."""
    module = fh if game == "400" else af
    start = START_400 if game == "400" else None
    batch = make(game, LANES, seed=seed, rules=rules, scores=start)
    rng = np.random.default_rng(seed)
    numbers = [0] * LANES
    states: list[Any] = []
    for lane in range(LANES):
        state = module.new_game(rules, seed=game_seed(seed, lane, 0), scores=start)
        while state.is_terminal:  # over at its first kick: reported by the first step
            numbers[lane] += 1
            state = module.new_game(rules, seed=game_seed(seed, lane, numbers[lane]), scores=start)
        states.append(state)
    finished = actions = step_number = 0
    first = True
    while finished < games:
        mask = batch.legal_mask()
        players, scores = batch.current_player, batch.scores
        deals, dealers = batch.deal_number, batch.dealer
        levels = batch.level if game == "400" else None
        for lane, state in enumerate(states):
            ids = sorted(module.action_id(action) for action in state.legal_actions())
            _check(list(np.flatnonzero(mask[lane])) == ids, "the legal ids", lane, step_number)
            _check(players[lane] == state.current_player, "the player", lane, step_number)
            _check(tuple(scores[lane]) == state.scores, "the scores", lane, step_number)
            _check(deals[lane] == state.deal_number, "the deal number", lane, step_number)
            _check(dealers[lane] == state.dealer, "the dealer", lane, step_number)
            if levels is not None:
                _check(levels[lane] == state.level, "the level", lane, step_number)
        choice = _choose(game, batch, mask, rng)
        step = batch.step(choice)
        res = step.results
        reported: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for k in range(res.lane.size):
            lane = int(res.lane[k])
            if first and res.game[k] < numbers[lane] and not step.done[lane]:
                continue  # over at its first kick when the batch was made
            entry = (int(res.game[k]), int(res.winner[k]), tuple(int(v) for v in res.scores[k]))
            reported.setdefault(lane, []).append(entry)
        for lane in range(LANES):
            state = states[lane].apply(module.ACTIONS[int(choice[lane])])
            expected = []
            while state.is_terminal:
                expected.append((numbers[lane], state.winner, state.scores))
                numbers[lane] += 1
                state = module.new_game(
                    rules, seed=game_seed(seed, lane, numbers[lane]), scores=start
                )
            _check(reported.get(lane, []) == expected, "the games ended", lane, step_number)
            _check(bool(step.done[lane]) == bool(expected), "done", lane, step_number)
            players_here = rules.players if game != "400" else 4
            rewards = (
                [1.0 if s % 2 == expected[0][1] else -1.0 for s in range(players_here)]
                if expected
                else [0.0] * players_here
            )
            _check(list(step.rewards[lane]) == rewards, "the rewards", lane, step_number)
            finished += len(expected)
            states[lane] = state
        _check(list(batch.game_number) == numbers, "the game numbers", -1, step_number)
        actions += LANES
        step_number += 1
        first = False
    return finished, actions


def _ruleset(task: tuple[str, str, int, int]) -> tuple[str, str, int, int, float]:
    """One ruleset's games (in a worker process with ``--jobs``), in batches of at most
    ``chunk`` games (each batch's count printed as it ends): its games and actions compared,
    and the seconds they took."""
    game, name, count, chunk = task
    rulesets = ALL_FOURS_RULES if game == "all-fours" else FOUR_HUNDRED_RULES
    rules = rulesets[name]
    start = time.perf_counter()
    played = compared = 0
    seed = 1000 * list(rulesets).index(name)
    while played < count:
        # Batches of at most `chunk` games: a lane whose game of 400 runs for hundreds of deals
        # (both teams far below the level) is left there, not played out.
        more, steps = compare(game, rules, min(chunk, count - played), seed)
        played += more
        compared += steps
        seed += 1
        print(f"({game} {name}: {played:,} games so far, all equal)", flush=True)
    return game, name, played, compared, time.perf_counter() - start


def run(
    count: float = GAMES,
    games: tuple[str, ...] = ("all-fours", "400"),
    jobs: int = 1,
    only: tuple[str, ...] = (),
    chunk: int = CHUNK,
) -> None:
    """Compare ``count`` games of each of ``games`` (a budget below 1 compares a few, as a
    smoke test), split evenly between the rulesets (``only``: just those of these names);
    ``jobs`` rulesets at a time, each in its own process (the games are the same whatever
    ``jobs``), in batches of at most ``chunk`` games."""
    every = (("all-fours", ALL_FOURS_RULES), ("400", FOUR_HUNDRED_RULES))
    tasks = []
    for game, rulesets in (pair for pair in every if pair[0] in games):
        total = max(len(rulesets), int(count)) if count >= 1 else len(rulesets)
        per_ruleset = -(-total // len(rulesets))
        tasks += [(game, name, per_ruleset, chunk) for name in rulesets if not only or name in only]
    start = time.perf_counter()
    totals: dict[str, list[float]] = {game: [0, 0, 0.0] for game in games}
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        done = map(_ruleset, tasks) if pool is None else pool.imap_unordered(_ruleset, tasks)
        for game, name, played, compared, seconds in done:
            print(
                f"({game} {name}: {played:,} games, {compared:,} actions, all equal, "
                f"{seconds:,.0f} s)",
                flush=True,
            )
            totals[game][0] += played
            totals[game][1] += compared
            totals[game][2] += seconds
    for game, (played, compared, seconds) in totals.items():
        print(
            f"{game}: {int(played):,} games compared, {int(compared):,} actions, "
            f"{compared / max(seconds, 1e-9):,.0f} actions/s per process"
        )
    print(f"({time.perf_counter() - start:,.0f} s in all, {jobs} process(es))")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    options = {"--jobs": "1", "--only": "", "--chunk": str(CHUNK)}
    for flag in options:
        if flag in arguments:
            at = arguments.index(flag)
            options[flag] = arguments[at + 1]
            del arguments[at : at + 2]
    chosen = tuple(arguments[1:]) or ("all-fours", "400")
    only = tuple(name for name in options["--only"].split(",") if name)
    budget = float(arguments[0]) if arguments else GAMES
    run(budget, chosen, int(options["--jobs"]), only, int(options["--chunk"]))
