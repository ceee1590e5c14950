"""400 (Four Hundred): the Lebanese / Syrian partnership trick-taking game, exactly as
``shared/rules/four-hundred.md`` specifies (rules FH-1 ... FH-30).

>>> from cardrules.four_hundred import new_game, Bid
>>> state = new_game(seed=1, dealer=0)
>>> for tricks in (3, 3, 3, 2):
...     state = state.apply(Bid(tricks))
>>> state.phase, state.bids, state.current_player
(<Phase.PLAY: 'play'>, (2, 3, 3, 3), 1)
"""

from cardrules.four_hundred.actions import (
    ACTIONS,
    BIDS,
    PLAYS,
    Action,
    Bid,
    Claim,
    ConductAction,
    Play,
    Redeal,
    TalkBeforePlay,
    TalkDuringPlay,
    action_id,
    parse_action,
)
from cardrules.four_hundred.claims import claim_holds
from cardrules.four_hundred.determinize import determinize, void_suits
from cardrules.four_hundred.engine import new_game
from cardrules.four_hundred.hand import Ending, HandResult, Outcome, Phase
from cardrules.four_hundred.perft import perft
from cardrules.four_hundred.persist import load_state, save_state
from cardrules.four_hundred.record import CODEC
from cardrules.four_hundred.rules import (
    PAGAT_41_BID_VALUES,
    Claims,
    FiveToStart,
    HighBidWin,
    MinTotalCounts,
    PartnerCondition,
    Rules,
    Simultaneous,
)
from cardrules.four_hundred.scoring import (
    BID_VALUES,
    HIGH_BID,
    LEVEL_STEP,
    REDUCED_BID_VALUES,
    START_LEVEL,
    HandScore,
    bid_value,
    bids_total,
    end_of_game,
    is_thrown_in,
    minimum_bid,
    minimum_total,
    qualifies,
    score_hand,
    value_table,
)
from cardrules.four_hundred.solve import Solution, SolveBudgetExceeded, solve, tricks_at_least
from cardrules.four_hundred.state import State
from cardrules.four_hundred.view import Observation

__all__ = [
    "ACTIONS",
    "BIDS",
    "BID_VALUES",
    "CODEC",
    "HIGH_BID",
    "LEVEL_STEP",
    "PAGAT_41_BID_VALUES",
    "PLAYS",
    "REDUCED_BID_VALUES",
    "START_LEVEL",
    "Action",
    "Bid",
    "Claim",
    "Claims",
    "ConductAction",
    "Ending",
    "FiveToStart",
    "HandResult",
    "HandScore",
    "HighBidWin",
    "MinTotalCounts",
    "Observation",
    "Outcome",
    "PartnerCondition",
    "Phase",
    "Play",
    "Redeal",
    "Rules",
    "Simultaneous",
    "Solution",
    "SolveBudgetExceeded",
    "State",
    "TalkBeforePlay",
    "TalkDuringPlay",
    "action_id",
    "bid_value",
    "bids_total",
    "claim_holds",
    "determinize",
    "end_of_game",
    "is_thrown_in",
    "load_state",
    "minimum_bid",
    "minimum_total",
    "new_game",
    "parse_action",
    "perft",
    "qualifies",
    "save_state",
    "score_hand",
    "solve",
    "tricks_at_least",
    "value_table",
    "void_suits",
]
