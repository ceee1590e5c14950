"""What one seat may know: :class:`Observation` (AF-15).

Until the beg is answered only the beggar and the dealer look at their hands, so the other
seats' observations show no own cards (hand sizes stay public).  Kicks, played cards, exposed
cards (AF-25), scores and the history are public; no other seat's unplayed card is ever shown.

>>> from cardrules.all_fours import new_game
>>> state = new_game(seed=3, dealer=0)
>>> [len(state.observe(seat).hand) for seat in range(4)]
[6, 6, 0, 0]
>>> [len(state.apply(state.legal_actions()[0]).observe(seat).hand) for seat in range(4)]
[6, 6, 6, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.all_fours.actions import Action, GiveOne, Play, action_id
from cardrules.all_fours.kernels import kick_place, may_look_at_hand
from cardrules.all_fours.rules import Rules
from cardrules.all_fours.scoring import Award, AwardKind, award_values
from cardrules.all_fours.state import HandEnd, HandResult, Phase, StateData
from cardrules.core.cards import Card, Suit
from cardrules.core.cardset import CardSet
from cardrules.core.checks import check_seat
from cardrules.core.tricks import Trick
from cardrules.events import (
    VIEW_VERSION,
    Event,
    completed_trick,
    legal_dicts,
    player_of,
    trick_dict,
    trick_event,
)

__all__ = ["Observation", "events", "observe", "start_events"]


@attrs.frozen(slots=True)
class Observation:
    """What ``seat`` may know of a state.

    ``hand`` is the seat's own unplayed cards (empty for a seat that may not look yet, AF-15);
    ``hand_sizes`` every seat's count; ``stock_size`` the undealt cards' count;
    ``exposed_by`` each seat's exposed cards (AF-25: shown face up, so public with their owner);
    ``legal_actions`` is empty unless it is this seat's turn.  The observation holds no seed and
    no deck: nothing from which a hidden card follows (see
    :func:`~cardrules.all_fours.determinize`).
    """

    seat: int
    rules: Rules
    phase: Phase
    dealer: int
    deal_number: int
    current_player: int | None
    scores: tuple[int, int]
    winner: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    stock_size: int
    kicks: tuple[Card, ...]
    trump: Suit | None
    decisions: tuple[Action, ...]
    awards: tuple[Award, ...]
    tricks: tuple[Trick, ...]
    trick_winners: tuple[int, ...]
    current_trick: Trick
    tricks_won: tuple[int, int]
    exposed: CardSet
    exposed_by: tuple[CardSet, ...]
    called: Card | None
    history: tuple[HandResult, ...]
    legal_actions: tuple[Action, ...]

    @property
    def kick(self) -> Card:
        """The current kick."""
        return self.kicks[-1]

    @property
    def may_look(self) -> bool:
        """Whether this seat may look at its hand yet (AF-15)."""
        return self.hand_sizes[self.seat] == len(self.hand)

    def to_dict(self) -> dict[str, Any]:
        """The JSON view of this observation (the same keys as in 400; see the "Build a UI"
        page), built from this observation only.

        >>> from cardrules.all_fours import new_game
        >>> view = new_game(seed=3, dealer=0).observe(1).to_dict()
        >>> view["game"], view["hand"], view["kicks"], [a["text"] for a in view["legal"]]
        ('all_fours', ['4C', '6C', '4D', '6D', '6S', 'JS'], ['9D'], ['stand', 'beg'])
        """
        last = None
        if self.tricks:
            last = {
                "number": len(self.tricks),
                "winner": self.trick_winners[-1],
                "plays": trick_dict(self.tricks[-1]),
            }
        return {
            "version": VIEW_VERSION,
            "game": "all_fours",
            "seat": self.seat,
            "players": self.rules.players,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "current_player": self.current_player,
            "your_turn": self.current_player == self.seat,
            "game_over": self.phase is Phase.OVER,
            "winner": self.winner,
            "scores": list(self.scores),
            "target": self.rules.target,
            "level": None,
            "hand": [str(card) for card in self.hand],
            "may_look": self.may_look,
            "hand_sizes": list(self.hand_sizes),
            "trump": None if self.trump is None else self.trump.letter,
            "kicks": [str(card) for card in self.kicks],
            "stock_size": self.stock_size,
            "bids": None,
            "decisions": [str(action) for action in self.decisions],
            "tricks_taken": None,
            "tricks_won": list(self.tricks_won),
            "trick": {"number": len(self.tricks) + 1, "plays": trick_dict(self.current_trick)},
            "last_trick": last,
            "awards": [_award_dict(award) for award in self.awards],
            "exposed": [[str(card) for card in cards] for cards in self.exposed_by],
            "legal": legal_dicts(self.legal_actions, action_id),
        }


def _award_dict(award: Award) -> dict[str, Any]:
    return {
        "award": award.kind.value,
        "side": award.side,
        "points": award.points,
        "card": None if award.card is None else str(award.card),
    }


def may_look(state: StateData, seat: int) -> bool:
    """AF-15: until trumps are fixed by the beggar's stand or the dealer's answer, only the
    beggar and the dealer look at their hands (the kernel :func:`~cardrules.all_fours.kernels.
    may_look_at_hand`)."""
    trump = -1 if state.trump is None else int(state.trump)
    return may_look_at_hand(seat, state.dealer, state.players, trump)


def observe(state: StateData, seat: int, legal_actions: tuple[Action, ...]) -> Observation:
    """The :class:`Observation` of ``seat`` in ``state``, whose legal actions (the engine's, or
    ``()`` when it is not ``seat``'s turn) are ``legal_actions``."""
    seat = check_seat(seat, state.players)
    own = state.hand(seat) if may_look(state, seat) else CardSet()
    sizes = tuple(len(state.hand(s)) for s in range(state.players))
    return Observation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        dealer=state.dealer,
        deal_number=state.deal_number,
        current_player=state.current_player,
        scores=state.scores,
        winner=state.winner,
        hand=own,
        hand_sizes=sizes,
        stock_size=len(state.stock),
        kicks=state.kicks,
        trump=state.trump,
        decisions=state.decisions,
        awards=state.awards,
        tricks=state.tricks,
        trick_winners=state.trick_winners,
        current_trick=state.current_trick,
        tricks_won=state.tricks_won,
        exposed=state.exposed,
        exposed_by=tuple(state.hand(s) & state.exposed for s in range(state.players)),
        called=state.called,
        history=state.history,
        legal_actions=legal_actions if state.current_player == seat else (),
    )


def start_events(view: Observation) -> list[Event]:
    """The ``deal`` event that opens the deal of ``view``: its dealer and kick, and the kick's
    points (AF-9)."""
    kick = view.kicks[-1]
    award = _award_of(view.awards, AwardKind.KICK, kick)
    return [
        Event(
            "deal",
            {
                "deal_number": view.deal_number,
                "dealer": view.dealer,
                "kick": str(kick),
                "points": 0 if award is None else award.points,
                "side": None if award is None else award.side,
            },
        )
    ]


def events(before: Observation, action: Action, after: Observation) -> list[Event]:
    """The events between ``before`` and ``after``, two observations of one seat, when
    ``action`` (the move of ``before.current_player``) led from one to the other (see
    :mod:`cardrules.events`)."""
    seat = before.current_player
    card = action.card if isinstance(action, Play) else None
    out = [_move(before, action, seat)]
    trump = after.trump or before.trump
    done = completed_trick(before, card, after, trump, before.rules.players)
    if done is not None:
        out.append(trick_event(done, trump))
    new_results = after.history[len(before.history) :]
    if after.deal_number == before.deal_number and not new_results:
        out.extend(_kicks(before.kicks, before.awards, after.kicks, after.awards))
        if after.trump is not None and before.trump is None:
            out.append(Event("trumps", {"suit": after.trump.letter}))
    for result in new_results:
        out.extend(_summary(before, result))
    if after.phase is Phase.OVER:
        out.append(
            Event(
                "game_over",
                {
                    "winner": after.winner,
                    "scores": list(after.scores),
                    "target": after.rules.target,
                },
            )
        )
    elif after.deal_number != before.deal_number:
        out.extend(start_events(after))
    return out


def _move(before: Observation, action: Action, seat: int | None) -> Event:
    if isinstance(action, Play):
        return Event("play", {"seat": seat, "card": str(action.card)})
    if isinstance(action, GiveOne):
        gift = award_values(before.rules)["give_one"]
        return Event("give_one", {"seat": seat, "side": (before.dealer + 1) % 2, "points": gift})
    kind = {"stand": "stand", "beg": "beg", "run": "run_pack"}.get(str(action), "action")
    data: dict[str, Any] = {"seat": seat}
    if kind == "action":
        data["text"] = str(action)
    return Event(kind, data)


def _award_of(awards: Sequence[Award], kind: AwardKind, card: Card | None = None) -> Award | None:
    for award in awards:
        if award.kind is kind and (card is None or award.card == card):
            return award
    return None


def _run_size(players: int) -> int:
    """AF-11, AF-13: the cards a run of the pack takes from the stock (three each and a kick)."""
    return kick_place(1, players) - kick_place(0, players)


def _kicks(
    old_kicks: Sequence[Card],
    old_awards: Sequence[Award],
    kicks: Sequence[Card],
    awards: Sequence[Award],
) -> list[Event]:
    """The kicks turned up after ``old_kicks`` with the points they scored (AF-9), and whether
    each repeats the suit of the kick before it, so that the pack is run again (AF-12)."""
    out = []
    fresh = list(awards[len(old_awards) :])
    previous = old_kicks[-1] if old_kicks else None
    for kick in kicks[len(old_kicks) :]:
        award = _award_of(fresh, AwardKind.KICK, kick)
        out.append(
            Event(
                "kick",
                {
                    "card": str(kick),
                    "points": 0 if award is None else award.points,
                    "side": None if award is None else award.side,
                    "again": previous is not None and previous.suit is kick.suit,
                },
            )
        )
        previous = kick
    return out


def _summary(before: Observation, result: HandResult) -> list[Event]:
    same = result.deal_number == before.deal_number
    old_awards = before.awards if same else ()
    out = []
    if not same:  # a deal known only from its result (it ended as it began)
        out.append(
            Event(
                "deal",
                {
                    "deal_number": result.deal_number,
                    "dealer": result.dealer,
                    "kick": None,
                    "points": 0,
                    "side": None,
                },
            )
        )
    out.extend(_kicks(before.kicks if same else (), old_awards, result.kicks, result.awards))
    if result.ending is HandEnd.EXHAUSTED_PACK:
        out.append(
            Event(
                "pack_exhausted",
                {
                    "deal_number": result.deal_number,
                    "need": _run_size(before.rules.players),
                    "dealer": result.dealer,
                },
            )
        )
    else:
        out.append(
            Event("deal_over", {"deal_number": result.deal_number, "reason": result.ending.value})
        )
    fresh = list(result.awards[len(old_awards) :])
    plays = [play for trick in result.tricks for play in trick.plays()]
    for award in fresh:
        if award.kind in (AwardKind.KICK, AwardKind.GIVE_ONE):  # told with the kick and the move
            continue
        out.append(_award_event(award, result, plays))
    played = result.ending is HandEnd.PLAYED
    tie = played and not any(a.kind is AwardKind.GAME for a in fresh)
    if tie and result.card_points is not None:
        out.append(Event("game_tied", {"card_points": list(result.card_points)}))
    if played and result.trump is not None and not any(a.kind is AwardKind.HIGH for a in fresh):
        out.append(Event("no_trump", {}))
    out.append(
        Event("deal_scores", {"deal_number": result.deal_number, "scores": list(result.scores)})
    )
    return out


def _award_event(award: Award, result: HandResult, plays: Sequence[tuple[int, Card]]) -> Event:
    """An end-of-hand award (AF-23) with the seat that held its card (the card was played, so
    that is public) and, for a hanged jack, the seat that took it."""
    card = award.card
    holder = player_of(plays, card) if card is not None else None
    taker = None
    if award.kind is AwardKind.HANG_JACK:
        for trick, winner in zip(result.tricks, result.trick_winners, strict=True):
            if card in trick.cards:
                taker = winner
    points = (award.card_points or result.card_points) if award.kind is AwardKind.GAME else None
    return Event(
        "award",
        {
            "award": award.kind.value,
            "side": award.side,
            "points": award.points,
            "card": None if card is None else str(card),
            "holder": holder,
            "taker": taker,
            "card_points": None if points is None else list(points),
        },
    )
