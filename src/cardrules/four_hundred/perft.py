"""Card perft: count the legal action sequences from a state, like chess's perft.

``perft(state, depth)`` is the number of distinct sequences of exactly ``depth`` legal actions
(``state.legal_actions()``: bids, ``Redeal()`` and plays) from ``state``; a game that ends sooner
ends its sequence short of the depth and counts 0, as a mate does in chess.  Claims and conduct
penalties are not chosen moves (they are made with ``state.claim`` and ``state.penalize``) and
are not counted.  Hands that end inside the sequence (played, thrown in, void) go on into the next
deal, dealt from the game's seed, so a fixed seed and deck give a fixed number.  The test suite
pins these numbers for a few fixed deals of every preset: any change to move generation changes
them.

>>> from cardrules.four_hundred import new_game
>>> from cardrules.four_hundred.perft import perft
>>> state = new_game(seed=1, dealer=0)
>>> [perft(state, depth) for depth in range(4)]
[1, 12, 144, 1728]
"""

from __future__ import annotations

from cardrules.core.perft import perft, perft_divide

__all__ = ["perft", "perft_divide"]
