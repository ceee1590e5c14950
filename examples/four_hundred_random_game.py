"""Play a whole game of 400 with simple bots and print each hand's scoresheet line.

    python examples/four_hundred_random_game.py [SEED]

The bots bid their minimum (the dealer bids just enough to avoid a throw-in) and play a random
legal card; the engine deals every hand itself until a team wins.
"""

from __future__ import annotations

import random
import sys

from cardrules.four_hundred import Bid, Phase, State, is_thrown_in, new_game


def choose(state: State, rng: random.Random) -> object:
    """A modest bot: the least bid that keeps the hand alive, then a random legal card."""
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING:
        if state.current_player == state.dealer:
            for bid in legal:
                if isinstance(bid, Bid):
                    bids = tuple(b if b is not None else bid.tricks for b in state.bids)
                    if not is_thrown_in(state.scores, bids, state.rules):
                        return bid
        return legal[0]
    return rng.choice(legal)


def main(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    print(f"seed {state.seed}, first dealer {state.dealer}")
    while not state.is_terminal:
        before = len(state.history)
        state = state.apply(choose(state, rng))  # type: ignore[arg-type]
        if len(state.history) > before:
            hand = state.history[-1]
            print(
                f"deal {hand.deal_number:>3} dealer {hand.dealer} {hand.ending.value:<9} "
                f"bids {hand.bids} tricks {hand.tricks} scores {hand.scores}"
            )
    print(f"team {state.winner} wins with scores {state.scores}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
