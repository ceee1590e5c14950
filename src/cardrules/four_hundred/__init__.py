"""400 (Four Hundred): the Lebanese / Syrian partnership trick-taking game, exactly as
the project's rules page specifies (rules FH-1 ... FH-30).

>>> from cardrules.four_hundred import new_game, Bid
>>> state = new_game(seed=1, dealer=0)
>>> for tricks in (3, 3, 3, 2):
...     state = state.apply(Bid(tricks))
>>> state.phase, state.bids, state.current_player
(<Phase.PLAY: 'play'>, (2, 3, 3, 3), 1)

The package has one file per role: :mod:`~cardrules.four_hundred.rules` (``Rules``),
:mod:`~cardrules.four_hundred.scoring` (the tables and the scorekeeping),
:mod:`~cardrules.four_hundred.actions`, :mod:`~cardrules.four_hundred.state` (the data of a
state), :mod:`~cardrules.four_hundred.dealing` (FH-7), :mod:`~cardrules.four_hundred.engine`
(``new_game`` and every transition of ``State``), :mod:`~cardrules.four_hundred.view`
(``observe``), and the codecs, determinization, claim search and perft beside them.

Chance is a step of the game: with ``new_game(..., chance="explicit")`` every deal waits in a
chance state until ``state.apply(Deal(deck))``; the default ``chance="seeded"`` deals from the
game's seed.
"""

from cardrules.core.deprecated import renamed_module_attributes
from cardrules.four_hundred.actions import (
    ACTIONS,
    BIDS,
    PLAYS,
    Action,
    Bid,
    Claim,
    ConductAction,
    Deal,
    Move,
    Play,
    Redeal,
    TalkBeforePlay,
    TalkDuringPlay,
    action_id,
    parse_action,
)
from cardrules.four_hundred.claims import claim_holds
from cardrules.four_hundred.dealing import deal_layout, deck_for, next_dealer
from cardrules.four_hundred.determinize import determinize, void_suits
from cardrules.four_hundred.engine import State, new_game
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
from cardrules.four_hundred.state import HandEnd, HandResult, Outcome, Phase
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
    "Deal",
    "FiveToStart",
    "HandEnd",
    "HandResult",
    "HandScore",
    "HighBidWin",
    "MinTotalCounts",
    "Move",
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
    "deal_layout",
    "deck_for",
    "determinize",
    "end_of_game",
    "is_thrown_in",
    "load_state",
    "minimum_bid",
    "minimum_total",
    "new_game",
    "next_dealer",
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

#: Old names, kept one release: each warns and names its replacement.
__getattr__ = renamed_module_attributes("cardrules.four_hundred", {"Ending": ("HandEnd", HandEnd)})
