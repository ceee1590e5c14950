"""Play one deal of All Fours in OpenSpiel: an ISMCTS bot (seat 0) against uniform random bots.

OpenSpiel's own ``ismcts.ISMCTSBot`` searches over deals drawn by the game's determinizer
(``resample_from_infostate``).  The last observation shows the finished deal: every trick and
the scores after it, which match the printed returns.

Needs ``pip install 'cardrules[openspiel]'``.
"""

import sys

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    print("this example needs the openspiel extra: pip install 'cardrules[openspiel]'")
    sys.exit(0)

import cardrules.adapters.openspiel  # noqa: F401  (registers the games)

game = pyspiel.load_game("cardrules_all_fours_hand", {"dealer": 0})
rng = np.random.RandomState(2026)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=100, random_state=rng)]
bots += [pyspiel.make_uniform_random_bot(seat, 7 + seat) for seat in (1, 2, 3)]

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        continue
    seat = state.current_player()
    action = bots[seat].step(state)
    print(f"seat {seat}: {state.action_to_string(action)}")
    state.apply_action(action)

print(state.observation_string(0))
print("returns (points per side in this deal):", state.returns())
