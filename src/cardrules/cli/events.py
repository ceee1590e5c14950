"""What happened between two states, in words (for ``cardrules play`` and ``replay``)."""

from __future__ import annotations

from typing import Any

__all__ = ["describe_hand", "describe_step"]


def describe_hand(result: Any) -> list[str]:
    """A finished hand (a ``HandResult`` of either game) in a few lines."""
    if hasattr(result, "bids"):  # 400
        ending = result.ending.value.replace("_", " ")
        lines = [f"hand over ({ending}): bids {_ints(result.bids)}, tricks {_ints(result.tricks)}"]
        if result.scored:
            lines.append(f"  changes {_ints(result.changes)} -> scores {_ints(result.scores)}")
        if result.high_bid_winner is not None:
            lines.append(f"  seat {result.high_bid_winner} made a high bid: the game is won")
        return lines
    reason = result.reason.value.replace("_", " ")
    lines = [f"hand over ({reason}): " + ("; ".join(str(a) for a in result.awards) or "no award")]
    if result.card_points is not None:
        lines.append(f"  card points {result.card_points[0]}-{result.card_points[1]}")
    lines.append(f"  scores: side 0 {result.scores[0]}, side 1 {result.scores[1]}")
    return lines


def _ints(values: Any) -> str:
    return " ".join("-" if v is None else str(v) for v in values)


def describe_step(before: Any, action: Any, after: Any) -> list[str]:
    """The lines to print after ``before.apply(action) == after``: the move, a trick won, new
    kicks, a finished hand, the end of the game."""
    seat = before.current_player
    lines = [f"seat {seat}: {action}"]
    same_deal = after.deal_number == before.deal_number and not after.is_terminal
    if same_deal:
        if len(after.tricks) > len(before.tricks):
            lines.append(f"  seat {after.trick_winners[-1]} wins the trick")
        kicks = getattr(after, "kicks", None)
        if kicks is not None and len(kicks) > len(before.kicks):
            lines.append(
                f"  the pack is run: new kick{'s' if len(kicks) - len(before.kicks) > 1 else ''} "
                + " ".join(str(c) for c in kicks[len(before.kicks) :])
            )
        if getattr(after, "trump", None) is not None and getattr(before, "trump", 0) is None:
            lines.append(f"  trumps: {after.trump.letter}")
    else:
        for result in after.history[len(before.history) :]:
            lines.extend(describe_hand(result))
        if not after.is_terminal:
            lines.append(f"new deal: dealer seat {after.dealer}")
            kick = getattr(after, "kick", None)
            if kick is not None:
                lines.append(f"  kick {kick}")
    if after.is_terminal:
        lines.append(f"game over: team {after.winner} wins, scores {_ints(after.scores)}")
    return lines
