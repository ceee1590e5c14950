"""The shared core: cards, card sets, the deck and seeded dealing, seats, tricks, the game
protocol.  Nothing here knows that a particular game exists."""

from cardrules.core.cards import CARDS, Card, Rank, Suit, iter_cards, parse_cards
from cardrules.core.cardset import FULL_MASK, SUIT_MASKS, CardSet, mask_of
from cardrules.core.deck import (
    SHUFFLE_VERSION,
    STANDARD_DECK,
    SeededRng,
    deal_packets,
    derive_seed,
    draw_for_dealer,
    parse_deck,
    shuffled_deck,
)
from cardrules.core.protocol import GameObservation, GameState
from cardrules.core.seats import TEAMS, Seat, Team, next_seat, partner, team_of, team_seats
from cardrules.core.tricks import (
    Trick,
    follow_or_trump,
    follow_or_trump_mask,
    must_follow,
    must_follow_mask,
    trick_winner,
    winning_position,
)

__all__ = [
    "CARDS",
    "FULL_MASK",
    "SHUFFLE_VERSION",
    "STANDARD_DECK",
    "SUIT_MASKS",
    "TEAMS",
    "Card",
    "CardSet",
    "GameObservation",
    "GameState",
    "Rank",
    "Seat",
    "SeededRng",
    "Suit",
    "Team",
    "Trick",
    "deal_packets",
    "derive_seed",
    "draw_for_dealer",
    "follow_or_trump",
    "follow_or_trump_mask",
    "iter_cards",
    "mask_of",
    "must_follow",
    "must_follow_mask",
    "next_seat",
    "parse_cards",
    "parse_deck",
    "partner",
    "shuffled_deck",
    "team_of",
    "team_seats",
    "trick_winner",
    "winning_position",
]
