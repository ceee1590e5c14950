"""What happened between two states, in words (for ``cardrules play`` and ``replay``).

:func:`narrate` turns one step (``before.apply(action) == after``) into lines: the move, the
trick's winner after every trick (the last one of a deal too), every scoring event with its
reason (kicks, a gift, each run of the pack, an exhausted pack, High, Low, Jack, hang jack and
Game with their holders; made and failed bids; a throw-in with the total and the minimum), a
summary of each finished deal and the end of the game.  Everything is derived from the public
states and their history.

>>> from cardrules.all_fours import Beg, GiveOne, deck_for, new_game
>>> hands = ["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S", "5H TD KD QC 7S 8C"]
>>> state = new_game(deck=deck_for(hands, "7C"), dealer=0, seed=1).apply(Beg())
>>> for line in narrate(state, GiveOne(), state.apply(GiveOne())):
...     print(line)
seat 0 gives one: side 1 scores 1 (AF-11)
  clubs are trumps
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cli.render import PLAIN, Style, format_trick, seat_label, suit_name
from cardrules.core.cards import Card, Rank, Suit
from cardrules.core.tricks import Trick

__all__ = ["completed_trick", "describe_deal_start", "narrate"]

_RANK_NAMES = {Rank.ACE: "an ace", Rank.KING: "a king", Rank.QUEEN: "a queen", Rank.JACK: "a jack"}


def _rank_name(rank: Rank) -> str:
    return _RANK_NAMES.get(rank, f"a {rank.letter if rank != Rank.TEN else '10'}")


def _is_400(state: Any) -> bool:
    return hasattr(state, "bids")


def _players(state: Any) -> int:
    return int(getattr(state.rules, "players", 4))


def _side_word(state: Any) -> str:
    return "team" if _is_400(state) else "side"


def completed_trick(before: Any, action: Any, after: Any) -> tuple[int, Trick, int] | None:
    """The trick that ``action`` completed, as ``(number, trick, winner)`` (``number`` from 1
    in its deal), or ``None`` when the step completed no trick."""
    same_deal = after.deal_number == before.deal_number and not (
        after.is_terminal and not before.is_terminal and len(after.history) > len(before.history)
    )
    if same_deal:
        if len(after.tricks) > len(before.tricks):
            return len(after.tricks), after.tricks[-1], after.trick_winners[-1]
        return None
    card = getattr(action, "card", None)
    trick = before.current_trick
    if not isinstance(card, Card) or len(trick.cards) != _players(before) - 1:
        return None
    full = trick.played(card)
    trump = Suit.HEARTS if _is_400(before) else before.trump
    return len(before.tricks) + 1, full, full.winner(trump)


def narrate(
    before: Any, action: Any, after: Any, *, you: int | None = None, style: Style = PLAIN
) -> list[str]:
    """The lines to print after ``before.apply(action) == after`` (or a claim): the move, the
    trick's winner, the scoring events, a finished deal's summary and the end of the game.

    ``you`` marks the player's seat (and partner) in the text; ``style`` colours the cards.
    """
    players = _players(before)
    trump = Suit.HEARTS if _is_400(before) else (after.trump or before.trump)
    style = Style(style.colour, trump)
    seat = before.current_player
    lines = [_move(before, action, after, seat, you, players, style)]
    done = completed_trick(before, action, after)
    if done is not None:
        number, trick, winner = done
        lines.append(
            "  "
            + style.emphasis(f"{seat_label(winner, you, players)} wins trick {number}")
            + f" with {style.card(trick.winning_card(trump))}  ({format_trick(trick, style)})"
        )
    new_results = after.history[len(before.history) :]
    if not _is_400(before) and after.deal_number == before.deal_number and not new_results:
        lines.extend(_af_kicks(before.kicks, before.awards, after.kicks, after.awards))
        if after.trump is not None and before.trump is None:
            lines.append(f"  {suit_name(after.trump)} are trumps")
    for result in new_results:
        lines.extend(_deal_summary(before, result, you, style))
    if after.is_terminal:
        lines.extend(_game_over(after, you))
    elif after.deal_number != before.deal_number:
        lines.append("")
        lines.extend(describe_deal_start(after, style))
    return lines


def _move(
    before: Any,
    action: Any,
    after: Any,
    seat: int | None,
    you: int | None,
    players: int,
    style: Style,
) -> str:
    who = seat_label(seat, you, players) if seat is not None else "?"
    text = str(action)
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        return f"{who} plays {style.card(card)}"
    if _is_400(before):
        if text.isdigit():
            return f"{who} bids {text}"
        if text.startswith("claim"):
            return f"{who} claims every remaining trick: the claim holds (FH-18)"
        if text == "redeal":
            return f"{who} holds no picture card and asks for a redeal (FH-30)"
        return f"{who}: {text}"
    if text == "stand":
        return f"{who} stands"
    if text == "beg":
        return f"{who} begs"
    if text == "give":
        from cardrules.all_fours import award_values

        gift = award_values(before.rules)["give_one"]
        return f"{who} gives one: side {(before.dealer + 1) % 2} scores {gift} (AF-11)"
    if text == "run":
        return f"{who} runs the pack: three more cards each and a new kick (AF-11)"
    return f"{who}: {text}"


def _award_of(awards: Sequence[Any], kind: str, card: Card | None = None) -> Any:
    for award in awards:
        if award.kind.value == kind and (card is None or award.card == card):
            return award
    return None


def _af_kicks(
    old_kicks: Sequence[Card],
    old_awards: Sequence[Any],
    kicks: Sequence[Card],
    awards: Sequence[Any],
) -> list[str]:
    """The kicks turned up after ``old_kicks`` with the points they scored (AF-9, AF-12)."""
    lines = []
    fresh = list(awards[len(old_awards) :])
    previous = old_kicks[-1] if old_kicks else None
    for kick in kicks[len(old_kicks) :]:
        line = f"  new kick {kick}"
        award = _award_of(fresh, "kick", kick)
        if award is not None:
            line += (
                f": {_rank_name(kick.rank)} turned up scores {award.points} for the dealer's "
                f"side, side {award.side} (AF-9)"
            )
        if previous is not None and previous.suit is kick.suit:
            line += f"; {suit_name(kick.suit)} again, so the pack is run again (AF-12)"
        lines.append(line)
        previous = kick
    return lines


def describe_deal_start(state: Any, style: Style = PLAIN) -> list[str]:
    """The lines that open a deal: its number and dealer, and in All Fours the kick (and its
    points, AF-9)."""
    lines = [f"deal {state.deal_number + 1}: seat {state.dealer} deals"]
    if not _is_400(state):
        line = f"  kick {style.card(state.kick)}: {suit_name(state.kick.suit)} proposed as trumps"
        award = _award_of(state.awards, "kick", state.kick)
        if award is not None:
            line += (
                f"; {_rank_name(state.kick.rank)} turned up scores {award.points} for the "
                f"dealer's side, side {award.side} (AF-9)"
            )
        lines.append(line)
    return lines


def _deal_summary(before: Any, result: Any, you: int | None, style: Style) -> list[str]:
    if _is_400(before):
        return _fh_summary(before, result, you)
    return _af_summary(before, result, you, style)


def _fh_summary(before: Any, result: Any, you: int | None) -> list[str]:
    ending = result.ending.value
    title = f"deal {result.deal_number + 1} over"
    if ending == "thrown_in":
        return [_throw_in(before, result)]
    if ending == "void_redeal":
        return [f"{title}: a redeal was asked for (FH-30): the deal is void, nothing scores"]
    if ending == "conduct_redeal":
        return [f"{title}: talk before play, a redeal was demanded (FH-26): nothing scores"]
    how = {"claimed": " (by a claim)", "conduct_penalty": " (a conduct penalty, FH-27)"}
    lines = [f"{title}{how.get(ending, '')}:"]
    for seat in range(4):
        bid, took, change = result.bids[seat], result.tricks[seat], result.changes[seat]
        outcome = result.outcomes[seat]
        verdict = "made" if outcome is not None and outcome.value == "made" else "failed"
        lines.append(
            f"  {seat_label(seat, you, 4)}: bid {bid}, took {took}: {verdict}, "
            f"{change:+d} -> {result.scores[seat]}"
        )
    totals = [result.scores[t] + result.scores[t + 2] for t in (0, 1)]
    lines.append(f"  teams: team 0 {totals[0]}, team 1 {totals[1]} (the partners' scores added)")
    if result.high_bid_winner is not None:
        lines.append(
            f"  seat {result.high_bid_winner} made a bid of 10 or more: the game is won (FH-21)"
        )
    if result.level > before.level:
        lines.append(f"  both teams qualify: the game goes on to {result.level} (FH-24)")
    elif result.level < before.level:
        lines.append("  neither team qualifies at 41 any more: the level is back to 41 (FH-24)")
    return lines


def _throw_in(before: Any, result: Any) -> str:
    from cardrules.four_hundred import bids_total, minimum_total

    rules = before.rules
    scores = before.scores
    bids = [0 if b is None else b for b in result.bids]
    total = bids_total(scores, bids, rules)
    low = minimum_total(scores, rules)
    counts = "points" if rules.min_total_counts.value == "points" else "tricks"
    mode = rules.five_to_start.value
    why = (
        f"the bids total {total} {counts}, less than the minimum total of {low} "
        f"(from the highest score, {max(scores)}; FH-13)"
    )
    if mode == "replace" or (mode == "additional" and total >= low):
        why = "nobody bid 5 or more (FH-29)"
    return (
        f"deal {result.deal_number + 1} thrown in: {why}; nothing scores and the deal passes "
        "(FH-14)"
    )


def _af_summary(before: Any, result: Any, you: int | None, style: Style) -> list[str]:
    same = result.deal_number == before.deal_number
    old_kicks = before.kicks if same else ()
    old_awards = before.awards if same else ()
    lines = []
    if not same:
        lines.extend(_deal_start_of_result(result))
    lines.extend(_af_kicks(old_kicks, old_awards, result.kicks, result.awards))
    reason = result.reason.value
    title = f"deal {result.deal_number + 1} over"
    if reason == "exhausted_pack":
        need = 3 * before.rules.players + 1
        lines.append(
            f"{title}: the pack is exhausted: a run needs {need} cards in the stock and fewer are "
            f"left; the deal is void, the kick points stand and seat {result.dealer} deals "
            "again (AF-13)"
        )
    elif reason == "played":
        lines.append(f"{title}:")
    fresh = list(result.awards[len(old_awards) :])
    dealt = getattr(before, "dealt", None) if same else None
    for award in fresh:
        if award.kind.value in ("kick", "give_one"):  # told with the kick and the move
            continue
        lines.append("  " + _award_text(award, result, dealt, you, _players(before)))
    if (
        reason == "played"
        and result.card_points is not None
        and not any(a.kind.value == "game" for a in fresh)
    ):
        points = result.card_points
        lines.append(f"  Game: card points {points[0]} to {points[1]}, a tie: nobody scores")
    if (
        reason == "played"
        and result.trump is not None
        and not any(a.kind.value == "high" for a in fresh)
    ):
        lines.append("  no trump in play: no High, Low or Jack")
    lines.append(f"  scores: side 0 {result.scores[0]}, side 1 {result.scores[1]}")
    return lines


def _deal_start_of_result(result: Any) -> list[str]:
    """The opening line of a deal known only from its result (one that ended as it began)."""
    return [f"deal {result.deal_number + 1}: seat {result.dealer} deals"]


def _holder(card: Card, dealt: Any) -> int | None:
    if dealt is None:
        return None
    for seat, cards in enumerate(dealt):
        if card in cards:
            return seat
    return None


def _award_text(award: Any, result: Any, dealt: Any, you: int | None, players: int) -> str:
    kind = award.kind.value
    gain = f"side {award.side} +{award.points}"
    card = award.card
    holder = _holder(card, dealt) if card is not None else None
    by = f", dealt to {seat_label(holder, you, players)}" if holder is not None else ""
    if kind == "give_one":
        return f"gift: {gain} (AF-11)"
    if kind == "high":
        return f"High: {card}, the highest trump in play{by}: {gain}"
    if kind == "low":
        return f"Low: {card}, the lowest trump in play{by}: {gain}"
    if kind == "jack":
        return f"Jack: {card}{by}, won by its own side: {gain}"
    if kind == "hang_jack":
        taker = None
        for trick, winner in zip(result.tricks, result.trick_winners, strict=True):
            if card in trick.cards:
                taker = winner
        took = f" and taken by {seat_label(taker, you, players)}" if taker is not None else ""
        return f"hang jack! {card}{by}{took}: {gain}"
    if kind == "game":
        points = award.card_points or result.card_points
        return f"Game: card points {points[0]} to {points[1]}: {gain}"
    return str(award)


def _game_over(state: Any, you: int | None) -> list[str]:
    word = _side_word(state)
    winner = state.winner
    if _is_400(state):
        scores = " ".join(str(s) for s in state.scores)
        if winner is None:
            return [f"game over: no winner (scores {scores})"]
        seats = f"seats {winner} and {winner + 2}"
        return [f"game over: {word} {winner} ({seats}) wins; scores by seat {scores}"]
    scores = f"side 0 {state.scores[0]}, side 1 {state.scores[1]}"
    target = state.rules.target
    return [f"game over: side {winner} reaches {target} and wins; {scores}"]
