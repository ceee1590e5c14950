"""The phases of a hand and the record of a finished hand (:class:`HandResult`)."""

from __future__ import annotations

import enum

import attrs

__all__ = ["Ending", "HandResult", "Outcome", "Phase"]


class Phase(enum.StrEnum):
    """Where the game is: bidding (FH-10), play (FH-15), or over (FH-23)."""

    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a hand ended."""

    #: All 13 tricks were played (FH-19).
    PLAYED = "played"
    #: A claim was accepted (FH-18).
    CLAIMED = "claimed"
    #: The bids were too low (FH-14, FH-29): nothing scored.
    THROWN_IN = "thrown_in"
    #: A player without pictures demanded a redeal (FH-30): nothing scored.
    VOID_REDEAL = "void_redeal"
    #: Talk before play; the other team demanded a redeal (FH-26): nothing scored.
    CONDUCT_REDEAL = "conduct_redeal"
    #: Talk during play (FH-27): scored as failed / made.
    CONDUCT_PENALTY = "conduct_penalty"


class Outcome(enum.StrEnum):
    """A player's result in a scored hand (FH-19)."""

    MADE = "made"
    FAILED = "failed"


@attrs.frozen(slots=True)
class HandResult:
    """A finished hand, as a scoresheet line.

    Hands that were not scored (thrown in, void) have ``hand_number=None``, no outcomes and zero
    changes; they are in the history all the same, because the deal passed (FH-8).
    """

    #: The scoresheet line, 1 for the first scored hand; ``None`` for a hand not scored.
    hand_number: int | None
    #: The deal number ``k`` (0 for the first deal; every deal counts), the seed label.
    deal_number: int
    #: The dealer of the hand.
    dealer: int
    #: Each seat's bid, ``None`` for a seat that had not bid when the hand ended.
    bids: tuple[int | None, int | None, int | None, int | None]
    #: Tricks taken per seat (claimed tricks included).
    tricks: tuple[int, int, int, int]
    #: Each seat's score change.
    changes: tuple[int, int, int, int]
    #: The four scores after the hand.
    scores: tuple[int, int, int, int]
    #: Each seat's outcome, or ``None`` for every seat when the hand was not scored.
    outcomes: tuple[Outcome | None, Outcome | None, Outcome | None, Outcome | None]
    #: How the hand ended.
    ending: Ending
    #: The seat whose claim ended the hand (FH-18), or ``None``.
    claimer: int | None
    #: The offending team of a conduct penalty (FH-26, FH-27), or ``None``.
    offender: int | None
    #: The seat whose made high bid won the game (FH-21), or ``None``.
    high_bid_winner: int | None
    #: The level of FH-24 for the next hand.
    level: int
    #: Each team's offences so far in the game (FH-28).
    offences: tuple[int, int]
    #: The team that won the game with this hand, or ``None``.
    winner: int | None

    @property
    def scored(self) -> bool:
        """True when the hand changed the scores' record (played, claimed or penalised)."""
        return self.hand_number is not None
