"""Card perft: count the legal action sequences from a state, like chess's perft.

``perft(state, depth)`` is the number of distinct sequences of exactly ``depth`` legal actions
from ``state`` (a game that ends sooner ends its sequence short of the depth: it counts 0, as a
mate does in chess).  Deals that end inside the sequence go on into the next deal, dealt from the
game's seed, so a fixed seed and deck give a fixed number.  The test suite pins these numbers for
a few fixed deals of every preset: any change to move generation changes them.

>>> from cardrules.all_fours import new_game
>>> from cardrules.all_fours.perft import perft
>>> state = new_game(seed=1, dealer=0)
>>> [perft(state, depth) for depth in range(4)]
[1, 2, 8, 29]
"""

from __future__ import annotations

from cardrules.core.perft import perft, perft_divide

__all__ = ["perft", "perft_divide"]
