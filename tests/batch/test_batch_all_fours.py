"""The batch engine plays exactly the per-state engine's All Fours: every legal mask, every score
and every result, with random legal actions from the same seeds (AF-1 ... AF-24)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardrules import all_fours as af
from cardrules.batch import game_seed, make
from cardrules.core.cards import CARDS
from cardrules.errors import IllegalActionError

pytest.importorskip("numpy")


def _ids(state: af.State) -> list[int]:
    return sorted(af.action_id(action) for action in state.legal_actions())


def play_both(
    rules: af.Rules,
    n: int,
    steps: int,
    seed: int,
    dealer: list[int] | None = None,
    decks: np.ndarray | None = None,
    start: tuple[int, int] | None = None,
) -> int:
    """Random legal play in a batch and in per-state games from the same seeds (and the same
    first dealers and decks, if given), compared at every step; returns the number of finished
    games (games over at their first kick, reported by the first step, are not checked)."""
    batch = make("all-fours", n, seed=seed, rules=rules, dealer=dealer, decks=decks, scores=start)
    rng = np.random.default_rng(seed)
    states: list[Any] = []
    games = [0] * n
    for lane in range(n):
        state = af.new_game(
            rules,
            seed=game_seed(seed, lane, 0),
            dealer=None if dealer is None else dealer[lane],
            deck=None if decks is None else [CARDS[i] for i in decks[lane]],
            scores=start,
        )
        while state.is_terminal:  # over at its first kick
            games[lane] += 1
            state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]), scores=start)
        states.append(state)
    first = True
    finished = 0
    for _ in range(steps):
        mask = batch.legal_mask()
        players, scores = batch.current_player, batch.scores
        deals, dealers = batch.deal_number, batch.dealer
        for lane in range(n):
            state = states[lane]
            assert list(np.flatnonzero(mask[lane])) == _ids(state), lane
            assert players[lane] == state.current_player
            assert tuple(scores[lane]) == state.scores
            assert deals[lane] == state.deal_number
            assert dealers[lane] == state.dealer
        choice = ((rng.random(mask.shape) + 1.0) * mask).argmax(axis=1)
        step = batch.step(choice)
        reported: dict[int, list[tuple[int, int, tuple[int, int]]]] = {}
        res = step.results
        for k in range(res.lane.size):
            if first and res.game[k] < games[int(res.lane[k])] and not step.done[res.lane[k]]:
                continue
            reported.setdefault(int(res.lane[k]), []).append(
                (
                    int(res.game[k]),
                    int(res.winner[k]),
                    (int(res.scores[k][0]), int(res.scores[k][1])),
                )
            )
        for lane in range(n):
            state = states[lane].apply(af.ACTIONS[int(choice[lane])])
            expected = []
            if state.is_terminal:
                expected.append((games[lane], state.winner, state.scores))
                games[lane] += 1
                state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]), scores=start)
                while state.is_terminal:
                    expected.append((games[lane], state.winner, state.scores))
                    games[lane] += 1
                    state = af.new_game(
                        rules, seed=game_seed(seed, lane, games[lane]), scores=start
                    )
            assert reported.get(lane, []) == expected, lane
            assert bool(step.done[lane]) == bool(expected)
            if expected:
                winner = expected[0][1]
                assert list(step.rewards[lane]) == [
                    1.0 if seat % 2 == winner else -1.0 for seat in range(rules.players)
                ]
            else:
                assert not step.rewards[lane].any()
            finished += len(expected)
            states[lane] = state
        assert list(batch.game_number) == games
        first = False
    return finished


RULESETS = {
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


FINISHED: dict[str, int] = {}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_parity(name: str) -> None:
    """Thousands of games over the nine rulesets (every option), compared at every step."""
    FINISHED[name] = play_both(RULESETS[name], 32, 1200, seed=len(name))
    assert FINISHED[name] > 150


def _encoded(rules: af.Rules, state: af.State, seat: int) -> np.ndarray:
    from types import SimpleNamespace

    from cardrules.adapters._games import GAMES
    from cardrules.adapters.encoding import Encoder

    game = GAMES["all_fours"]
    table: Any = SimpleNamespace(
        game=game,
        rules=rules,
        players=rules.players,
        dealing_dealer=state.dealer,
        scores=state.scores,
        state=state,
        over=False,
        past=(),
        is_chance=False,
        observation=state.observe,
    )
    encoder = Encoder(table, perfect_recall=False)
    tensor = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode(table, seat, tensor)
    return tensor


@pytest.mark.parametrize("name", ["trinidad", "all_twos"])
def test_observations_equal_the_adapters_tensor(name: str) -> None:
    rules = RULESETS[name]
    n, seed = 6, 11
    batch = make("all-fours", n, seed=seed, rules=rules)
    rng = np.random.default_rng(seed)
    games = [0] * n
    states = [af.new_game(rules, seed=game_seed(seed, lane, 0)) for lane in range(n)]
    for _ in range(120):
        for seat in range(rules.players):
            rows = batch.observe(seat)
            for lane in range(n):
                assert np.array_equal(rows[lane], _encoded(rules, states[lane], seat))
        current = batch.observe()
        for lane in range(n):
            assert np.array_equal(
                current[lane], _encoded(rules, states[lane], states[lane].current_player)
            )
        mask = batch.legal_mask()
        choice = ((rng.random(mask.shape) + 1.0) * mask).argmax(axis=1)
        batch.step(choice)
        for lane in range(n):
            state = states[lane].apply(af.ACTIONS[int(choice[lane])])
            while state.is_terminal:
                games[lane] += 1
                state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]))
            states[lane] = state


def test_parity_from_given_scores() -> None:
    """Every game from 12-11: kicks, gifts and the tally race to 14 (AF-14, AF-21)."""
    assert play_both(af.Rules(), 24, 300, seed=8, start=(12, 11)) > 100


def test_given_dealers_and_decks() -> None:
    rules = af.Rules()
    n, seed = 12, 5
    rng = np.random.default_rng(3)
    decks = np.array([rng.permutation(52) for _ in range(n)])
    dealer = [lane % 4 for lane in range(n)]
    assert play_both(rules, n, 300, seed, dealer=dealer, decks=decks) > 5


def _swap_hidden(deck: np.ndarray, rules: af.Rules, dealer: int, seat: int) -> np.ndarray:
    """``deck`` with the first card dealt to ``seat`` (AF-7's layout) and the bottom card of
    the stock exchanged."""
    place = af.deal_layout(rules, dealer).index(seat)
    other = deck.copy()
    other[place], other[51] = deck[51], deck[place]
    return other


@pytest.mark.parametrize("name", ["trinidad", "all_twos"])
def test_observations_hide_other_seats_cards(name: str) -> None:
    """Two batches that differ only in another seat's cards look the same to a seat (AF-15)."""
    rules = RULESETS[name]
    players = rules.players
    n = 40
    rng = np.random.default_rng(9)
    decks = np.array([rng.permutation(52) for _ in range(n)])
    for seat in range(players):
        other = (seat + 1) % players
        swapped = np.array([_swap_hidden(d, rules, 0, other) for d in decks])
        one = make("all-fours", n, seed=1, rules=rules, dealer=0, decks=decks)
        two = make("all-fours", n, seed=1, rules=rules, dealer=0, decks=swapped)
        assert np.array_equal(one.observe(seat), two.observe(seat))
        assert not np.array_equal(one.hands, two.hands)
        # Stand, beg and the dealer's answers are public: still the same view.
        for _ in range(2):
            mask = one.legal_mask()
            assert np.array_equal(mask[:, 52:], two.legal_mask()[:, 52:])
            if mask[:, :52].any():
                break
            choice = ((rng.random(mask.shape) + 1.0) * mask).argmax(axis=1)
            one.step(choice)
            two.step(choice)
            assert np.array_equal(one.observe(seat), two.observe(seat))


def test_dealers_and_decks_in_other_forms() -> None:
    from cardrules.core.deck import shuffled_deck

    text = " ".join(str(card) for card in shuffled_deck(1, "x"))
    batch = make("all-fours", 2, seed=1, dealer=np.array([0, 1]), decks=[text, list(range(52))])
    assert list(batch.dealer) == [0, 1]
    first = [card.index for card in shuffled_deck(1, "x")]
    again = make("all-fours", 2, seed=1, dealer=0, decks=np.array([first, list(range(52))]))
    assert np.array_equal(
        again.hands[0], make("all-fours", 2, seed=1, dealer=0, decks=[text, text]).hands[0]
    )


def test_random_actions_are_legal_and_reach_every_legal_id() -> None:
    batch = make("all-fours", 64, seed=2)
    rng = np.random.default_rng(0)
    for _ in range(200):
        mask = batch.legal_mask()
        seen = np.zeros_like(mask)
        for _ in range(60):
            choice = batch.random_actions(rng)
            assert mask[np.arange(64), choice].all()
            seen[np.arange(64), choice] = True
        assert (seen == mask).mean() > 0.99
        batch.step(batch.random_actions(rng))


def test_numpy_shuffle_plays_legal_games() -> None:
    batch = make("all-fours", 32, seed=4, shuffle="numpy")
    rng = np.random.default_rng(0)
    done = 0
    for _ in range(600):
        done += batch.step(batch.random_actions(rng)).results.lane.size
    assert done > 20
    assert (batch.scores < 14).all()


def test_refusals_name_the_game_or_argument() -> None:
    with pytest.raises(ValueError, match="game"):
        make("bridge", 4, seed=1)
    with pytest.raises(ValueError, match="shuffle"):
        make("all-fours", 4, seed=1, shuffle="fast")
    with pytest.raises(ValueError, match="dealer"):
        make("all-fours", 4, seed=1, dealer=4)
    with pytest.raises(ValueError, match="decks"):
        make("all-fours", 2, seed=1, decks=np.zeros((2, 52), dtype=np.int64))
    from cardrules import four_hundred

    with pytest.raises(ValueError, match="rules"):
        make("all-fours", 2, seed=1, rules=four_hundred.Rules())
    with pytest.raises(ValueError, match=r"four_hundred\.Rules"):
        make("400", 2, seed=1, rules=af.Rules())
    with pytest.raises(ValueError, match="scores"):
        make("all-fours", 2, seed=1, scores=(14, 0))
    with pytest.raises(ValueError, match="scores"):
        make("400", 2, seed=1, scores=(1, 2))
    with pytest.raises(ValueError, match="seed"):
        make("400", 2, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n"):
        make("400", 0, seed=1)


def test_an_illegal_action_is_refused_and_nothing_changes() -> None:
    batch = make("all-fours", 3, seed=1)
    before = batch.observe(0)
    bad = np.full(3, 52)
    bad[1] = 0  # a card in the beg phase
    with pytest.raises(IllegalActionError, match="lane 1"):
        batch.step(bad)
    assert np.array_equal(before, batch.observe(0))


def test_parity_played_thousands_of_games() -> None:
    if len(FINISHED) < len(RULESETS):
        pytest.skip("runs after the parity tests")
    assert sum(FINISHED.values()) >= 2000


def test_the_core_and_the_engines_do_not_import_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, cardrules, cardrules.all_fours, cardrules.four_hundred; "
        "assert 'numpy' not in sys.modules, 'numpy imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("bad_id", [-1, 56, 63, 64, 100, 2**40, -(2**62)])
def test_ids_out_of_range_are_refused(bad_id: int) -> None:
    batch = make("all-fours", 3, seed=1)
    actions = np.full(3, 52, dtype=np.int64)  # every beggar stands
    actions[2] = bad_id
    with pytest.raises(IllegalActionError, match="lane 2"):
        batch.step(actions)
    batch.step(np.full(3, 52))  # nothing was applied: the stands are still legal
