"""What happened between two states, in words (for ``cardrules play`` and ``replay``).

:func:`narrate` tells one step (``before.apply(action) == after``) as lines: it renders the
structured events of :func:`cardrules.events.events` (the ones ``cardrules serve`` sends to a
page), so the terminal and the web tell the same story: the move, the trick's winner after every
trick, every scoring event with its reason (kicks, a gift, each run of the pack, an exhausted
pack, High, Low, Jack, hang jack and Game with their holders; made and failed bids; a throw-in
with the total and the minimum), a summary of each finished deal and the end of the game.

>>> from cardrules.all_fours import Beg, GiveOne, deck_for, new_game
>>> hands = ["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S", "5H TD KD QC 7S 8C"]
>>> state = new_game(deck=deck_for(hands, "7C"), dealer=0, seed=1).apply(Beg())
>>> for line in narrate(state, GiveOne(), state.apply(GiveOne())):
...     print(line)
seat 0 gives one: side 1 scores 1 (AF-11)
  clubs are trumps
"""

from __future__ import annotations

from typing import Any

from cardrules.cli.game_text import text_for
from cardrules.cli.render import PLAIN, Style, seat_label, suit_name
from cardrules.core.cards import Card, Rank, Suit
from cardrules.core.tricks import Trick
from cardrules.events import Event, events, start_events
from cardrules.events import completed_trick as _completed_trick
from cardrules.games import find_game

__all__ = ["completed_trick", "describe_deal_start", "describe_event", "narrate"]

_RANK_NAMES = {Rank.ACE: "an ace", Rank.KING: "a king", Rank.QUEEN: "a queen", Rank.JACK: "a jack"}


def _rank_name(rank: Rank) -> str:
    return _RANK_NAMES.get(rank, f"a {rank.letter if rank != Rank.TEN else '10'}")


def _players(state: Any) -> int:
    return find_game(state).players(state.rules)


def _trump(before: Any, after: Any) -> Suit | None:
    """The trumps of a step: ``after``'s, or ``before``'s when a new deal has none yet (a
    ``Suit`` test, not truth: clubs are suit 0)."""
    trump: Suit | None = after.trump if after.trump is not None else before.trump
    return trump


def completed_trick(before: Any, action: Any, after: Any) -> tuple[int, Trick, int] | None:
    """The trick that ``action`` completed, as ``(number, trick, winner)`` (``number`` from 1
    in its deal), or ``None`` when the step completed no trick."""
    card = getattr(action, "card", None)
    trump = _trump(before, after)
    return _completed_trick(
        before, card if isinstance(card, Card) else None, after, trump, _players(before)
    )


def narrate(
    before: Any, action: Any, after: Any, *, you: int | None = None, style: Style = PLAIN
) -> list[str]:
    """The lines to print after ``before.apply(action) == after`` (or a claim): the move, the
    trick's winner, the scoring events, a finished deal's summary and the end of the game.

    ``you`` marks the player's seat (and partner) in the text; ``style`` colours the cards.
    """
    seat = 0 if you is None else you
    kicks = text_for(before).has_kicks
    style = Style(style.colour, _trump(before, after))
    lines: list[str] = []
    told = events(before.observe(seat), action, after.observe(seat))
    tallied = any(event.kind == "trick" for event in told)  # the deal was played out
    stopped = False
    unseen_kick = False  # a deal known only from its result: its first kick comes next
    for event in told:
        # a new deal is set apart (not one known only from its result, which has no kick)
        if event.kind == "deal" and lines and (event["kick"] is not None or not kicks):
            lines.append("")
        if event.kind == "deal" and kicks:
            unseen_kick = event["kick"] is None
        elif event.kind == "kick" and unseen_kick:
            unseen_kick = False
            lines.extend(
                line.replace("  new kick ", "  kick ", 1)
                for line in describe_event(event, before, you=you, style=style)
            )
            continue
        if event.kind == "deal_over" and event["reason"] == "target_reached":
            stopped = tallied
        if event.kind == "deal_scores" and stopped:
            if not any(e.kind == "game_tied" or e.data.get("award") == "game" for e in told):
                lines.append(
                    "  the target is reached: the tally stops there, so Game is not scored "
                    "(AF-14, AF-23)"
                )
            stopped = False
        lines.extend(describe_event(event, before, you=you, style=style))
    return lines


def describe_deal_start(state: Any, style: Style = PLAIN) -> list[str]:
    """The lines that open a deal: its number and dealer, and in All Fours the kick (and its
    points, AF-9)."""
    lines: list[str] = []
    for event in start_events(state.observe(0)):
        lines.extend(describe_event(event, state, style=style))
    return lines


def describe_event(
    event: Event, game: Any, *, you: int | None = None, style: Style = PLAIN
) -> list[str]:
    """The lines that tell ``event`` of the game of ``game`` (a state or an observation of
    it, for the rules and the words: 400 has teams, All Fours sides)."""
    kind = event.kind
    players = _players(game)

    def who(seat: int | None) -> str:
        return "?" if seat is None else seat_label(seat, you, players)

    def card(text: str) -> str:
        return style.card(Card.parse(text))

    if kind == "play":
        return [f"{who(event['seat'])} plays {card(event['card'])}"]
    if kind == "bid":
        return [f"{who(event['seat'])} bids {event['bid']}"]
    if kind == "claim":
        return [f"{who(event['seat'])} claims every remaining trick: the claim holds (FH-18)"]
    if kind == "redeal_asked":
        return [f"{who(event['seat'])} holds no picture card and asks for a redeal (FH-30)"]
    if kind == "stand":
        return [f"{who(event['seat'])} stands"]
    if kind == "beg":
        return [f"{who(event['seat'])} begs"]
    if kind == "give_one":
        return [
            f"{who(event['seat'])} gives one: side {event['side']} scores {event['points']} (AF-11)"
        ]
    if kind == "run_pack":
        return [f"{who(event['seat'])} runs the pack: three more cards each and a new kick (AF-11)"]
    if kind == "trick":
        plays = ", ".join(f"seat {p['seat']}: {card(p['card'])}" for p in event["plays"])
        return [
            "  "
            + style.emphasis(f"{who(event['winner'])} wins trick {event['number']}")
            + f" with {card(event['card'])}  ({plays})"
        ]
    if kind == "kick":
        kick = Card.parse(event["card"])
        line = f"  new kick {kick}"
        if event["side"] is not None:
            line += (
                f": {_rank_name(kick.rank)} turned up scores {event['points']} for the dealer's "
                f"side, side {event['side']} (AF-9)"
            )
        if event["again"]:
            line += f"; {suit_name(kick.suit)} again, so the pack is run again (AF-12)"
        return [line]
    if kind == "trumps":
        return [f"  {suit_name(Suit.parse(event['suit']))} are trumps"]
    if kind == "deal":
        lines = [f"deal {event['deal_number'] + 1}: seat {event['dealer']} deals"]
        if event["kick"] is not None:
            kick = Card.parse(event["kick"])
            line = f"  kick {card(event['kick'])}: {suit_name(kick.suit)} proposed as trumps"
            if event["side"] is not None:
                line += (
                    f"; {_rank_name(kick.rank)} turned up scores {event['points']} for the "
                    f"dealer's side, side {event['side']} (AF-9)"
                )
            lines.append(line)
        return lines
    if kind == "deal_over":
        title = f"deal {event['deal_number'] + 1} over"
        if event["reason"] == "target_reached":
            return [f"{title}: a side reaches the target of {game.rules.target} (AF-14):"]
        return [f"{title}:"] if event["reason"] == "played" else []
    if kind == "pack_exhausted":
        return [
            f"deal {event['deal_number'] + 1} over: the pack is exhausted: a run needs "
            f"{event['need']} cards in the stock and fewer are left; the deal is void, the kick "
            f"points stand and seat {event['dealer']} deals again (AF-13)"
        ]
    if kind == "award":
        return ["  " + _award_text(event, who)]
    if kind == "game_tied":
        points = event["card_points"]
        return [f"  Game: card points {points[0]} to {points[1]}, a tie: nobody scores"]
    if kind == "no_trump":
        return ["  no trump in play: no High, Low or Jack"]
    if kind == "deal_scores":
        scores = event["scores"]
        return [f"  scores: side 0 {scores[0]}, side 1 {scores[1]}"]
    if kind == "thrown_in":
        why = (
            f"the bids total {event['total']} {event['counts']}, less than the minimum total of "
            f"{event['minimum']} (from the highest score, {event['highest']}; FH-13)"
        )
        if event["cause"] == "nobody_bid_five":
            why = "nobody bid 5 or more (FH-29)"
        return [
            f"deal {event['deal_number'] + 1} thrown in: {why}; nothing scores and the deal "
            "passes (FH-14)"
        ]
    if kind == "deal_void":
        title = f"deal {event['deal_number'] + 1} over"
        if event["ending"] == "void_redeal":
            return [f"{title}: a redeal was asked for (FH-30): the deal is void, nothing scores"]
        return [f"{title}: talk before play, a redeal was demanded (FH-26): nothing scores"]
    if kind == "hand_scored":
        return _hand_scored(event, who, game.rules)
    if kind == "game_over":
        return [text_for(game).game_over(event)]
    return [f"{who(event.data.get('seat'))}: {event.data.get('text', kind)}"]


def _bid_worth(bid: int, change: int, score: int, rules: Any) -> str:
    """Why a bid gained or lost more or less than its number of tricks (FH-20)."""
    value = abs(change)
    if value == bid:
        return ""
    before = score - change
    reduce_at = rules.reduce_five_six_at
    if rules.bid_values is None and reduce_at is not None and bid in (5, 6):
        band = f"below a score of {reduce_at}" if before < reduce_at else f"from {reduce_at} on"
        return f" (a bid of {bid} counts {value} {band}, FH-20)"
    return f" (a bid of {bid} counts {value}, FH-20)"


def _hand_scored(event: Event, who: Any, rules: Any) -> list[str]:
    how = {"claimed": " (by a claim)", "conduct_penalty": " (a conduct penalty, FH-27)"}
    lines = [f"deal {event['deal_number'] + 1} over{how.get(event['ending'], '')}:"]
    for line in event["seats"]:
        verdict = "made" if line["made"] else "failed"
        worth = _bid_worth(line["bid"], line["change"], line["score"], rules)
        lines.append(
            f"  {who(line['seat'])}: bid {line['bid']}, took {line['took']}: {verdict}, "
            f"{line['change']:+d} -> {line['score']}{worth}"
        )
    teams = event["teams"]
    lines.append(f"  teams: team 0 {teams[0]}, team 1 {teams[1]} (the partners' scores added)")
    if event["high_bid_winner"] is not None:
        lines.append(
            f"  seat {event['high_bid_winner']} made a bid of 10 or more: the game is won (FH-21)"
        )
    if event["level"] > event["level_before"]:
        lines.append(f"  both teams qualify: the game goes on to {event['level']} (FH-24)")
    elif event["level"] < event["level_before"]:
        lines.append("  neither team qualifies at 41 any more: the level is back to 41 (FH-24)")
    return lines


def _award_text(event: Event, who: Any) -> str:
    kind = event["award"]
    gain = f"side {event['side']} +{event['points']}"
    card = event["card"]
    holder = event["holder"]
    by = f", dealt to {who(holder)}" if holder is not None else ""
    if kind == "high":
        return f"High: {card}, the highest trump in play{by}: {gain}"
    if kind == "low":
        return f"Low: {card}, the lowest trump in play{by}: {gain}"
    if kind == "jack":
        return f"Jack: {card}{by}, won by its own side: {gain}"
    if kind == "hang_jack":
        taker = event["taker"]
        took = f" and taken by {who(taker)}" if taker is not None else ""
        return f"hang jack! {card}{by}{took}: {gain}"
    if kind == "game":
        points = event["card_points"]
        return f"Game: card points {points[0]} to {points[1]}: {gain}"
    return f"{kind}: {gain}"
