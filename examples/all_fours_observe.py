"""What each seat sees at the start of an All Fours deal (AF-15), and a determinized copy.

python examples/all_fours_observe.py
"""

from __future__ import annotations

import random

from cardrules.all_fours import Beg, new_game


def main() -> None:
    state = new_game(seed=7, dealer=0)
    print(f"kick {state.kick}, the beggar is seat {state.beggar}")
    for seat in range(state.players):
        view = state.observe(seat)
        print(f"seat {seat} sees {view.hand or '(nothing yet)'}; sizes {view.hand_sizes}")
    state = state.apply(Beg())
    print("after the beg the dealer chooses from", [str(a) for a in state.legal_actions()])
    # A bot at seat 0 re-deals the cards it cannot see (seats 1-3 and the stock).
    hidden = [c for seat in (1, 2, 3) for c in state.hands[seat]] + list(state.stock)
    random.Random(1).shuffle(hidden)
    hands = [list(state.hands[0])]
    for seat in (1, 2, 3):
        size = len(state.hands[seat])
        hands.append(hidden[:size])
        del hidden[:size]
    guess = state.with_hidden_cards(hands, hidden)
    print("a determinized seat 1:", " ".join(map(str, guess.hands[1])))


if __name__ == "__main__":
    main()
