"""Starting a game of 400: :func:`new_game`.

The transitions themselves are :meth:`State.apply <cardrules.four_hundred.State.apply>`,
:meth:`~cardrules.four_hundred.State.claim` and :meth:`~cardrules.four_hundred.State.penalize`
(in :mod:`cardrules.four_hundred.state`, beside the state they work on).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from cardrules.core.cards import Card
from cardrules.core.cardset import CardSet
from cardrules.core.deck import draw_for_dealer, parse_deck
from cardrules.errors import ParseError, RulesError
from cardrules.four_hundred.dealing import deck_from_hands, parse_hands
from cardrules.four_hundred.rules import Rules
from cardrules.four_hundred.scoring import START_LEVEL
from cardrules.four_hundred.state import State, _start_deal

__all__ = ["new_game"]


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: Sequence[Card] | str | None = None,
    hands: Sequence[Sequence[Card] | CardSet | str] | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """A new game of 400, dealt and ready for the first bid.

    * ``rules`` -- a :class:`~cardrules.four_hundred.Rules` (default ``Rules()``);
    * ``seed`` -- drives every random choice of the game (the first dealer when ``dealer`` is
      ``None``, every shuffle); ``None`` draws 64 bits from the operating system.  Deal ``k``
      uses ``shuffled_deck(seed, "deal", k)``;
    * ``dealer`` -- the first dealer; ``None`` draws for it from the seed (FH-6);
    * ``deck`` -- fixes the first deal: 52 distinct cards, top first, dealt by FH-7;
    * ``hands`` -- fixes the first deal as four 13-card hands in seat order; ``state.deck`` is
      then the deck that FH-7 would deal into them;
    * ``scores`` -- the four scores to start from (default zeros), e.g. to go on with a match
      kept on paper.

    >>> state = new_game(seed=2026, dealer=3)
    >>> state.dealer, state.current_player, [len(h) for h in state.hands]
    (3, 0, [13, 13, 13, 13])
    >>> new_game(seed=2026, dealer=3) == state
    True

    :raises RulesError: for ``rules`` that is not a ``Rules`` or a dealer that is not a seat.
    :raises ParseError: for a bad seed, deck or hands (FH-9), or both ``deck`` and ``hands``.
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise RulesError(f"rules: expected a four_hundred.Rules, got {rules!r}")
    if seed is None:
        seed = secrets.randbits(64)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise ParseError(f"seed: expected an int, got {seed!r}", text=seed)
    if dealer is None:
        dealer = draw_for_dealer(seed, 4)
    elif dealer not in (0, 1, 2, 3) or isinstance(dealer, bool):
        raise RulesError(f"dealer: expected a seat 0, 1, 2 or 3, got {dealer!r}")
    if deck is not None and hands is not None:
        raise ParseError("give deck= or hands=, not both: either one fixes the first deal")
    start = (0, 0, 0, 0)
    if scores is not None:
        if (
            isinstance(scores, str)
            or not isinstance(scores, Sequence)
            or len(scores) != 4
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
        ):
            raise ParseError(f"scores: expected four ints in seat order, got {scores!r}")
        start = (scores[0], scores[1], scores[2], scores[3])
    first_deck = None
    if deck is not None:
        first_deck = parse_deck(deck)
    elif hands is not None:
        first_deck = deck_from_hands(parse_hands(hands), dealer, rules.deal_packets)
    return _start_deal(rules, seed, 0, dealer, first_deck, start, START_LEVEL, (), 1, (0, 0))
