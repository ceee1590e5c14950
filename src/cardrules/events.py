"""What a screen draws and what it animates: the JSON view's shared parts and the events between
two observations, the same for both games.

* ``observation.to_dict()`` (each game's ``Observation``) is the JSON view of one seat: plain
  ``dict``/``list``/``str``/``int``/``bool``/``None`` values, with :data:`VIEW_VERSION` in its
  ``"version"`` key and the same keys in both games (``None`` or empty where a key does not
  apply).
* :func:`events` lists what happened between two observations of the same seat, one step
  apart (``before.apply(action)``): the move, the trick won, the kicks, trumps, awards, throw-ins,
  hand summaries, a new deal and the end of the game, each an :class:`Event` with a ``kind`` and
  JSON values.  :func:`start_events` opens a game.  The terminal's ``play`` and ``replay`` print
  the same events in words (:mod:`cardrules.cli.events`), and ``cardrules serve`` sends them to
  the page.

Events are built from observations only (public information: every card in them was played face
up or turned up), so they never tell a seat a hidden card.

>>> from cardrules.all_fours import Beg, GiveOne, deck_for, new_game
>>> hands = ["2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S", "5H TD KD QC 7S 8C"]
>>> state = new_game(deck=deck_for(hands, "7C"), dealer=0, seed=1).apply(Beg())
>>> for event in events(state.observe(0), GiveOne(), state.apply(GiveOne()).observe(0)):
...     print(event.to_dict())
{'kind': 'give_one', 'seat': 0, 'side': 1, 'points': 1}
{'kind': 'trumps', 'suit': 'C'}
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules.core.cards import Card, Suit
from cardrules.core.tricks import Trick

__all__ = [
    "EVENT_KINDS",
    "VIEW_VERSION",
    "Event",
    "completed_trick",
    "events",
    "legal_dicts",
    "player_of",
    "start_events",
    "trick_dict",
    "trick_event",
]

#: The version of the JSON view and of the events; it changes when a key changes meaning or
#: goes away (new keys may be added within a version).
VIEW_VERSION: Final = 1

#: Every event kind, in no particular order (see the "Build a UI" page for their keys).
EVENT_KINDS: Final = frozenset(
    {
        "deal",
        "play",
        "bid",
        "claim",
        "redeal_asked",
        "stand",
        "beg",
        "give_one",
        "run_pack",
        "action",
        "trick",
        "kick",
        "trumps",
        "deal_over",
        "pack_exhausted",
        "award",
        "game_tied",
        "no_trump",
        "deal_scores",
        "hand_scored",
        "thrown_in",
        "deal_void",
        "game_over",
    }
)


@attrs.frozen(slots=True, hash=False)
class Event:
    """One thing that happened: its ``kind`` (one of :data:`EVENT_KINDS`) and its ``data``, JSON
    values keyed by name (cards as text such as ``"QH"``, suits as letters, seats and sides as
    ints)."""

    kind: str
    data: Mapping[str, Any] = attrs.field(factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_dict(self) -> dict[str, Any]:
        """The event as one JSON object: ``{"kind": ..., **data}``."""
        return {"kind": self.kind, **self.data}


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def trick_dict(trick: Trick) -> list[dict[str, Any]]:
    """The cards of a trick in play order: ``[{"seat": 1, "card": "7C"}, ...]``."""
    return [{"seat": seat, "card": str(card)} for seat, card in trick.plays()]


def legal_dicts(actions: Iterable[Any], action_id: Callable[[Any], int]) -> list[dict[str, Any]]:
    """The legal actions as ``{"id", "text", "card"}``: the action id of the game's adapters,
    the text that the game's ``parse_action`` reads, and the card of a play (else ``None``)."""
    return [
        {
            "id": action_id(action),
            "text": str(action),
            "card": _card(getattr(action, "card", None)),
        }
        for action in actions
    ]


def _over(view: Any) -> bool:
    return bool(view.phase.value == "over")


def completed_trick(
    before: Any, card: Card | None, after: Any, trump: Suit | None, players: int
) -> tuple[int, Trick, int] | None:
    """The trick that playing ``card`` completed between ``before`` and ``after`` (states or
    observations), as ``(number, trick, winner)`` with ``number`` from 1 in its deal, or
    ``None`` when the step completed no trick."""
    same_deal = after.deal_number == before.deal_number and not (
        _over(after) and not _over(before) and len(after.history) > len(before.history)
    )
    if same_deal:
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            return len(after.tricks), trick, trick.winner(trump)
        return None
    current = before.current_trick
    if card is None or len(current.cards) != players - 1:
        return None
    full = current.played(card)
    return len(before.tricks) + 1, full, full.winner(trump)


def trick_event(done: tuple[int, Trick, int], trump: Suit | None) -> Event:
    """The ``trick`` event of a completed trick."""
    number, trick, winner = done
    return Event(
        "trick",
        {
            "number": number,
            "winner": winner,
            "card": str(trick.winning_card(trump)),
            "plays": trick_dict(trick),
        },
    )


def _view_module(view: Any) -> Any:
    return sys.modules[type(view).__module__]


def events(before: Any, action: Any, after: Any) -> list[Event]:
    """The events between two observations of one seat, ``before`` and ``after``, when
    ``action`` (the move of ``before.current_player``, or a 400 ``Claim``) led from one to the
    other."""
    result: list[Event] = _view_module(before).events(before, action, after)
    return result


def start_events(view: Any) -> list[Event]:
    """The events that open a game (or a deal) at ``view``: a ``deal`` event."""
    result: list[Event] = _view_module(view).start_events(view)
    return result


def player_of(plays: Sequence[tuple[int, Card]], card: Card) -> int | None:
    """The seat that played ``card`` among ``plays``, or ``None``."""
    for seat, played in plays:
        if played == card:
            return seat
    return None
