"""All Fours (Trinidad rules): the complete game, rules AF-1 ... AF-25 (the rule ids of the
docs' All Fours rules page).

>>> from cardrules.all_fours import Rules, new_game
>>> state = new_game(Rules.preset("trinidad"), seed=1, dealer=0)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> state.winner in (0, 1), max(state.scores) >= 14
(True, True)
"""

from cardrules.all_fours.actions import (
    ACTIONS,
    PLAYS,
    Action,
    Beg,
    Deal,
    GiveOne,
    Play,
    RunPack,
    Stand,
    action_id,
    parse_action,
)
from cardrules.all_fours.dealing import deal_layout, deck_for
from cardrules.all_fours.determinize import determinize, void_suits
from cardrules.all_fours.engine import State, legal_play_mask, new_game, next_dealer
from cardrules.all_fours.perft import perft
from cardrules.all_fours.persist import load_state, save_state
from cardrules.all_fours.record import CODEC
from cardrules.all_fours.rules import GameTie, KickTable, Rules, Undertrump
from cardrules.all_fours.scoring import (
    CARD_POINTS,
    GIVE_ONE_VALUE,
    HIGH_VALUE,
    JACK_VALUE,
    KICK_VALUES,
    LOW_VALUE,
    TOBAGO_KICK_VALUES,
    Award,
    AwardKind,
    award_values,
    card_points,
    hand_awards,
    kick_points,
)
from cardrules.all_fours.solve import Solution, solve
from cardrules.all_fours.state import HandEnd, HandResult, Phase
from cardrules.all_fours.view import Observation

__all__ = [
    "ACTIONS",
    "CARD_POINTS",
    "CODEC",
    "GIVE_ONE_VALUE",
    "HIGH_VALUE",
    "JACK_VALUE",
    "KICK_VALUES",
    "LOW_VALUE",
    "PLAYS",
    "TOBAGO_KICK_VALUES",
    "Action",
    "Award",
    "AwardKind",
    "Beg",
    "Deal",
    "GameTie",
    "GiveOne",
    "HandEnd",
    "HandResult",
    "KickTable",
    "Observation",
    "Phase",
    "Play",
    "Rules",
    "RunPack",
    "Solution",
    "Stand",
    "State",
    "Undertrump",
    "action_id",
    "award_values",
    "card_points",
    "deal_layout",
    "deck_for",
    "determinize",
    "hand_awards",
    "kick_points",
    "legal_play_mask",
    "load_state",
    "new_game",
    "next_dealer",
    "parse_action",
    "perft",
    "save_state",
    "solve",
    "void_suits",
]
