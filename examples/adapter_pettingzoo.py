"""A whole game of All Fours in PettingZoo with random legal moves, seeded.

Needs ``pip install 'cardrules[pettingzoo]'``.
"""

import sys

try:
    import numpy as np

    from cardrules.adapters.pettingzoo import all_fours_env
except ImportError:
    print("this example needs the pettingzoo extra: pip install 'cardrules[pettingzoo]'")
    sys.exit(0)

env = all_fours_env()
env.reset(seed=42)
rng = np.random.default_rng(42)
moves = 0
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    if termination or truncation:
        print(f"{agent}: reward {reward}")
        env.step(None)
        continue
    legal = np.flatnonzero(observation["action_mask"])
    env.step(int(rng.choice(legal)))
    moves += 1

table = env.unwrapped.table
print(f"{moves} moves in {len(table.past)} deals; winner: team {table.winner}")
print("final scores:", table.scores)
# player_0's last observation: the finished deal, with the scores after it
print(table.observation_text(0))
