"""Text rendering of observations, tricks and hand results for the terminal (internal to the
``cardrules`` command, but usable by any text UI).

>>> from cardrules.all_fours import new_game
>>> print(format_hand(new_game(seed=3, dealer=0).observe(1).hand))
♠ S: J 6   ♥ H: -   ♦ D: 6 4   ♣ C: 6 4
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardrules.core.cards import Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.tricks import Trick

__all__ = ["format_actions", "format_hand", "format_observation", "format_trick"]

_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def format_hand(hand: CardSet | Iterable[Card]) -> str:
    """A hand grouped by suit, high cards first: ``♠ S: A K 7   ♥ H: Q 9 …``."""
    cards = hand if isinstance(hand, CardSet) else CardSet(hand)
    groups = cards.by_suit()
    parts = []
    for suit in _ORDER:
        ranks = " ".join(c.rank.letter for c in reversed(groups[suit])) or "-"
        parts.append(f"{suit.symbol} {suit.letter}: {ranks}")
    return "   ".join(parts)


def format_trick(trick: Trick) -> str:
    """The cards of a trick with their seats: ``seat 1: 7C, seat 2: KC``."""
    if not trick.cards:
        return "(no card yet)"
    return ", ".join(f"seat {seat}: {card}" for seat, card in trick.plays())


def format_actions(actions: Iterable[Any]) -> str:
    """The legal actions in their text forms, as typed at the prompt."""
    return " ".join(str(action) for action in actions)


def _seat_label(seat: int, you: int, players: int) -> str:
    if seat == you:
        return f"seat {seat} (you)"
    if players == 4 and seat == (you + 2) % 4:
        return f"seat {seat} (partner)"
    return f"seat {seat}"


def format_observation(obs: Any) -> str:
    """Everything the seat sees, for the terminal: scores, dealer, bids or kicks and trumps, the
    trick so far, the hand grouped by suit, and the legal moves."""
    lines: list[str] = []
    you = obs.seat
    if hasattr(obs, "bids"):  # 400
        lines.append(
            "scores: "
            + ", ".join(f"{_seat_label(s, you, 4)} {obs.scores[s]}" for s in range(4))
            + f"   (hearts are trumps; dealer: seat {obs.dealer})"
        )
        bids = ", ".join(
            f"seat {s}: {'-' if b is None else b}"
            + (f" (took {obs.tricks_taken[s]})" if b is not None else "")
            for s, b in enumerate(obs.bids)
        )
        lines.append(f"bids: {bids}")
    else:  # All Fours
        lines.append(
            f"scores: side 0 {obs.scores[0]}, side 1 {obs.scores[1]} (target {obs.rules.target}); "
            f"you are seat {you}, side {you % 2}; dealer: seat {obs.dealer}"
        )
        kicks = " ".join(str(card) for card in obs.kicks)
        proposed = obs.kick.suit.letter
        trump = obs.trump.letter if obs.trump is not None else f"not fixed ({proposed} proposed)"
        won = obs.tricks_won
        lines.append(f"kick: {kicks}   trumps: {trump}   tricks won: {won[0]}-{won[1]}")
    if obs.phase.value == "play":
        lines.append(f"trick {len(obs.tricks) + 1}: {format_trick(obs.current_trick)}")
    if len(obs.hand) or obs.hand_sizes[you] == 0:
        lines.append(f"your hand: {format_hand(obs.hand)}")
    else:
        lines.append("your hand: (you may not look at your cards until the beg is answered)")
    if obs.legal_actions:
        lines.append(f"legal: {format_actions(obs.legal_actions)}")
    return "\n".join(lines)
