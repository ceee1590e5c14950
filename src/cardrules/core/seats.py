"""Seats and partnerships.

Seats are ints numbered in the order of play: seat ``s + 1 (mod n)`` acts after seat ``s``
(400 FH-2, All Fours AF-2).  With four players the partnerships are the seats of equal parity:
team 0 = seats {0, 2}, team 1 = seats {1, 3}; partners sit opposite (``s`` and ``s + 2``).  With
two players each player is their own side.

>>> from cardrules import next_seat, partner, team_of, team_seats
>>> next_seat(3), partner(1), team_of(3), team_seats(0)
(0, 3, 1, (0, 2))
>>> next_seat(1, players=2), team_of(1, players=2), team_seats(1, players=2)
(0, 1, (1,))
"""

from __future__ import annotations

from typing import Final, TypeAlias

from cardrules.core.checks import check_seat, refuse

__all__ = ["TEAMS", "Seat", "Team", "next_seat", "partner", "team_of", "team_seats"]

#: A seat number, ``0 .. players - 1``, in the order of play.
Seat: TypeAlias = int
#: A team (side) number: 0 or 1.
Team: TypeAlias = int

#: The two teams of a four-player game, as seat pairs.
TEAMS: Final[tuple[tuple[int, int], tuple[int, int]]] = ((0, 2), (1, 3))


def _table(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 4):
        refuse("players", "2 or 4", players)
    return int(players)


def next_seat(seat: Seat, players: int = 4) -> Seat:
    """The seat that acts after ``seat`` (its right-hand neighbour at the table).

    :raises ArgumentError: unless ``seat`` is a seat of a table of ``players`` (2 or 4).
    """
    return (check_seat(seat, _table(players)) + 1) % players


def partner(seat: Seat) -> Seat:
    """The partner of ``seat`` in a four-player game (the seat opposite)."""
    return (check_seat(seat, 4) + 2) % 4


def team_of(seat: Seat, players: int = 4) -> Team:
    """The team (side) of ``seat``: its parity with four players, the seat itself with two."""
    return check_seat(seat, _table(players)) % 2


def team_seats(team: Team, players: int = 4) -> tuple[Seat, ...]:
    """The seats of a team (side), in seat order."""
    team = check_seat(team, 2, name="team")
    return TEAMS[team] if _table(players) == 4 else (team,)
