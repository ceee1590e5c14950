"""One seat of 400 in Gymnasium against the rule-based agents: a masked random "policy" plays a
few deals, seeded, and the rewards are each deal's score change of the learner's team.

Needs ``pip install 'cardrules[gymnasium]'``.
"""

import sys

try:
    import gymnasium
    import numpy as np

    import cardrules.adapters.gymnasium  # noqa: F401  (registers the ids)
except ImportError:
    print("this example needs the gymnasium extra: pip install 'cardrules[gymnasium]'")
    sys.exit(0)

env = gymnasium.make("cardrules/FourHundred-v0", mode="hand", seat=0)
rng = np.random.default_rng(7)
for episode in range(3):
    observation, info = env.reset(seed=episode)
    done, reward = False, 0.0
    while not done:
        legal = np.flatnonzero(env.unwrapped.action_masks())
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        done = terminated or truncated
    result = info["result"]
    print(
        f"deal {episode}: {result.ending.value}, team 0 changes "
        f"{result.changes[0]} + {result.changes[2]}, reward {reward}, scores {info['scores']}"
    )
