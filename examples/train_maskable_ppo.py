"""Train sb3-contrib's MaskablePPO on one seat of 400 (one deal per episode, the other three
seats played by the rule-based agent), on the CPU; then play the same seeded deals at that seat
with the trained policy, with random legal moves and with the rule-based agent, and print each
one's mean score change per deal (the learner's team, in points) with a 95% interval.

Install (the CPU build of torch first, else pip may fetch a CUDA build of several GB)::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install 'cardrules[gymnasium]' stable-baselines3 sb3-contrib

Run ``python examples/train_maskable_ppo.py --steps 20000 --deals 500`` for the figures of the
adapters page; without arguments it trains 512 steps (one short PPO rollout) and plays 50
deals, a quick check that everything runs.  ``--game all-fours`` trains at All Fours instead.
"""

import argparse
import math
import random
import sys
import time

try:
    import gymnasium
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO

    import cardrules.adapters.gymnasium  # noqa: F401  (registers the ids)
    from cardrules.agents import make_agent
except ImportError:
    print(
        "this example needs torch, stable-baselines3 and sb3-contrib (see its docstring for "
        "the install lines) and the gymnasium extra: pip install 'cardrules[gymnasium]'"
    )
    sys.exit(0)

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--game", choices=("400", "all-fours"), default="400")
parser.add_argument("--steps", type=int, default=512, help="training steps (default 512)")
parser.add_argument("--deals", type=int, default=50, help="deals played for each policy")
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args()

ENV_ID = "cardrules/FourHundred-v0" if args.game == "400" else "cardrules/AllFours-v0"
env = gymnasium.make(ENV_ID, mode="hand", seat=0)
torch.set_num_threads(1)  # a small network: more threads only wait for each other
start = time.perf_counter()
model = MaskablePPO(
    "MlpPolicy", env, n_steps=min(2048, args.steps), seed=args.seed, device="cpu", verbose=0
)
model.learn(total_timesteps=args.steps)
print(
    f"{args.game}: MaskablePPO trained {args.steps:,} steps in {time.perf_counter() - start:.0f} s"
)

rule = make_agent(args.game, "rule")
rng = np.random.default_rng(args.seed)


def trained(inner):
    obs = inner._observation()
    action, _ = model.predict(obs, action_masks=inner.action_masks(), deterministic=True)
    return int(action)


def random_legal(inner):
    return int(rng.choice(np.flatnonzero(inner.action_masks())))


def rule_based(inner):
    table = inner.table
    action = rule.act(table.state.observe(inner.seat), rule_rng)
    return table.game.module.action_id(action)


def changes(info, seat=0):
    """The learner's team's (side's) score change in the deal and the other's, in points."""
    before = env.unwrapped.table.start_scores
    after = info["result"].scores
    if len(after) == 4:  # 400: the partners' scores added
        return tuple(after[s] + after[s + 2] - before[s] - before[s + 2] for s in (seat, seat + 1))
    return tuple(after[s % 2] - before[s % 2] for s in (seat, seat + 1))


def interval(values):
    """The mean and its 95% interval (normal)."""
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = 1.96 * spread / math.sqrt(len(values))
    return f"{mean:+6.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"


rule_rng = random.Random(args.seed)
print(
    f"per deal over {args.deals} deals, in points, the mean and its 95% interval: the "
    "learner's team's score change, and its margin over the other team (the reward, times "
    f"{env.unwrapped.reward_unit:g})"
)
for name, policy in (("MaskablePPO", trained), ("random", random_legal), ("rule", rule_based)):
    own, margin = [], []
    for deal in range(args.deals):
        _, info = env.reset(seed=10_000 + deal)  # the same deals for every policy
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(policy(env.unwrapped))
            done = terminated or truncated
        mine, theirs = changes(info)
        own.append(mine)
        margin.append(mine - theirs)
    print(f"  {name:<12} change {interval(own)}   margin {interval(margin)}")
