"""cardrules: the reference implementation of the card games 400 and All Fours.

The core vocabulary is re-exported here; the games live in :mod:`cardrules.four_hundred` and
:mod:`cardrules.all_fours`.

>>> import cardrules
>>> cardrules.Card.parse("QH"), cardrules.parse_cards("AS 10D")
(Card('QH'), (Card('AS'), Card('TD')))
"""

from cardrules import errors
from cardrules.core import *  # noqa: F403
from cardrules.core import __all__ as _core_all
from cardrules.errors import CardrulesError, IllegalActionError, ParseError, Reason, RulesError

__version__ = "0.1.0"

__all__ = [
    *_core_all,
    "CardrulesError",
    "IllegalActionError",
    "ParseError",
    "Reason",
    "RulesError",
    "__version__",
    "errors",
]
