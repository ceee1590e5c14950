"""The ruleset of 400: every option of the rules as a field of a frozen, validated :class:`Rules`.

``Rules()`` is the standard game; :meth:`Rules.preset` gives the named presets, each only a set
of overrides.  Options that take strings accept the plain strings or the members of the
``StrEnum`` classes below (which are equal to those strings).

>>> from cardrules.four_hundred import Rules
>>> Rules().min_bid_base, Rules().simultaneous
(2, <Simultaneous.CONTINUE_TO_51: 'continue_to_51'>)
>>> Rules.preset("jawaker").min_bid_cap
5
>>> Rules(high_bid_win="sometimes")
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.high_bid_win: 'sometimes' is not accepted; expected one of ...
>>> Rules.from_dict(Rules.preset("pagat_41").to_dict()) == Rules.preset("pagat_41")
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

import attrs

from cardrules.core.options import enum_option, exact_keys, is_int
from cardrules.errors import RulesError, describe

__all__ = [
    "PAGAT_41_BID_VALUES",
    "Claims",
    "FiveToStart",
    "HighBidWin",
    "MinTotalCounts",
    "PartnerCondition",
    "Rules",
    "Simultaneous",
]


class HighBidWin(enum.StrEnum):
    """Who must not be negative for a made bid of 10 or more to win the game at once (FH-21)."""

    #: The bidder's own score before the hand is not negative (the standard game).
    BIDDER_NOT_NEGATIVE = "bidder_not_negative"
    #: The bidder's partner's score after the hand (all four changes applied) is not negative.
    PARTNER_NOT_NEGATIVE = "partner_not_negative"
    #: A made high bid always wins the game.
    ALWAYS = "always"
    #: A high bid only ever scores its value.
    NEVER = "never"


class PartnerCondition(enum.StrEnum):
    """What the partner of the player at the level needs for the team to qualify (FH-22)."""

    #: The partner's score is strictly positive (the standard game).
    POSITIVE = "positive"
    #: The partner's score is zero or more.
    NON_NEGATIVE = "non_negative"
    #: No condition on the partner.
    NONE = "none"


class Simultaneous(enum.StrEnum):
    """What happens when both teams qualify after the same hand (FH-24)."""

    #: Play on with the level raised to 51 (then 61 ...), back to 41 when neither qualifies.
    CONTINUE_TO_51 = "continue_to_51"
    #: The team with the higher single score wins; an exact tie plays on.
    HIGHER_SCORE = "higher_score"
    #: The team with the higher sum of its two scores wins; a tie plays on.
    HIGHER_TEAM_TOTAL = "higher_team_total"


class MinTotalCounts(enum.StrEnum):
    """What the minimum total of the four bids counts (FH-13)."""

    #: The tricks bid.
    TRICKS = "tricks"
    #: The bids' values ``V(b, s)`` (pagat's 41).
    POINTS = "points"


class Claims(enum.StrEnum):
    """Whether claims are allowed (FH-18)."""

    #: A claim is checked by an exact search and accepted only if it holds.
    VALIDATED = "validated"
    #: No claims.
    OFF = "off"


class FiveToStart(enum.StrEnum):
    """The five-to-start variant (FH-29)."""

    #: Not used.
    OFF = "off"
    #: A bid of 5 or more replaces the minimum total.
    REPLACE = "replace"
    #: A bid of 5 or more is needed as well as the minimum total.
    ADDITIONAL = "additional"


#: pagat's 41 values: bids 1 to 6 score their face value, 7 and more score double (FH-20).
PAGAT_41_BID_VALUES: Final[Mapping[int, int]] = MappingProxyType(
    {bid: (bid if bid <= 6 else 2 * bid) for bid in range(1, 14)}
)


def _check_bool(field: str) -> Any:
    def check(_instance: object, _attribute: object, value: object) -> None:
        if not isinstance(value, bool):
            raise RulesError(f"Rules.{field}: expected True or False, got {describe(value)}")

    return check


def _packets(value: object) -> tuple[int, ...]:
    if isinstance(value, list | tuple) and all(is_int(v) for v in value):
        packets = tuple(value)
        if (
            packets
            and packets[0] in (1, 3)
            and all(p in (2, 3) for p in packets[1:])
            and sum(packets) == 13
        ):
            return packets
    raise RulesError(
        f"Rules.deal_packets: {describe(value)} is not accepted; expected a sequence of "
        "packet sizes whose first is 1 or 3, the others 2 or 3, summing to 13 (FH-7), "
        "e.g. (1, 2, 2, 2, 2, 2, 2)"
    )


def _int_or_none(field: str, value: object, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise RulesError(
        f"Rules.{field}: {describe(value)} is not accepted; expected None or an int "
        f"from {low} to {high}"
    )


def _min_bid_base(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return value
    raise RulesError(
        f"Rules.min_bid_base: {describe(value)} is not accepted; expected an int from 1 to 13"
    )


def _min_bid_ladder_from(value: object) -> int | None:
    return _int_or_none("min_bid_ladder_from", value, 0, 140)


def _min_bid_cap(value: object) -> int | None:
    return _int_or_none("min_bid_cap", value, 1, 13)


def _reduce_five_six_at(value: object) -> int | None:
    return _int_or_none("reduce_five_six_at", value, 0, 140)


def _min_total_counts(value: object) -> MinTotalCounts:
    return enum_option(MinTotalCounts, "min_total_counts", value)


def _high_bid_win(value: object) -> HighBidWin:
    return enum_option(HighBidWin, "high_bid_win", value)


def _partner_condition(value: object) -> PartnerCondition:
    return enum_option(PartnerCondition, "partner_condition", value)


def _simultaneous(value: object) -> Simultaneous:
    return enum_option(Simultaneous, "simultaneous", value)


def _claims(value: object) -> Claims:
    return enum_option(Claims, "claims", value)


def _five_to_start(value: object) -> FiveToStart:
    return enum_option(FiveToStart, "five_to_start", value)


def _bid_values(value: object) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    error = RulesError(
        f"Rules.bid_values: {describe(value)} is not accepted; expected None or a table "
        "mapping each bid (1..13, as ints or their strings) to a positive int value"
    )
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, list | tuple) and all(
        isinstance(p, list | tuple) and len(p) == 2 for p in value
    ):
        items = [(p[0], p[1]) for p in value]
    else:
        raise error
    table: dict[int, int] = {}
    for key, val in items:
        if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2:
            key = int(key)
        if not (is_int(key) and 1 <= key <= 13 and is_int(val) and val > 0) or key in table:
            raise error
        table[key] = val
    return tuple(sorted(table.items()))


@attrs.frozen(slots=True)
class Rules:
    """A ruleset of 400: the defaults are the standard game.

    Every field is an option of the rules FH-1 ... FH-30 (the docs' page "400: the rules"):

    * ``deal_packets`` -- the packet schedule of the deal (FH-7);
    * ``min_bid_base``, ``min_bid_ladder_from``, ``min_bid_cap`` -- the minimum bid (FH-11);
    * ``min_total_rises``, ``min_total_counts`` -- the minimum total of the bids (FH-13);
    * ``reduce_five_six_at``, ``bid_values`` -- the value table (FH-20); ``bid_values`` replaces
      the whole table with one value per bid, whatever the bidder's score;
    * ``high_bid_win`` (FH-21), ``partner_condition`` (FH-22), ``simultaneous`` (FH-24);
    * ``claims`` (FH-18), ``conduct_penalties`` (FH-26 ... FH-28), ``five_to_start`` (FH-29),
      ``no_picture_redeal`` (FH-30).

    :raises RulesError: for a value or a combination that the rules do not allow, naming the
        field and the accepted values.
    """

    #: The names accepted by :meth:`preset`.
    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "jawaker", "pagat_41")

    deal_packets: tuple[int, ...] = attrs.field(default=(1, 2, 2, 2, 2, 2, 2), converter=_packets)
    min_bid_base: int = attrs.field(default=2, converter=_min_bid_base)
    min_bid_ladder_from: int | None = attrs.field(default=30, converter=_min_bid_ladder_from)
    min_bid_cap: int | None = attrs.field(default=None, converter=_min_bid_cap)
    min_total_rises: bool = attrs.field(default=True, validator=_check_bool("min_total_rises"))
    min_total_counts: MinTotalCounts = attrs.field(
        default=MinTotalCounts.TRICKS, converter=_min_total_counts
    )
    reduce_five_six_at: int | None = attrs.field(default=30, converter=_reduce_five_six_at)
    bid_values: tuple[tuple[int, int], ...] | None = attrs.field(
        default=None, converter=_bid_values
    )
    high_bid_win: HighBidWin = attrs.field(
        default=HighBidWin.BIDDER_NOT_NEGATIVE,
        converter=_high_bid_win,
    )
    partner_condition: PartnerCondition = attrs.field(
        default=PartnerCondition.POSITIVE,
        converter=_partner_condition,
    )
    simultaneous: Simultaneous = attrs.field(
        default=Simultaneous.CONTINUE_TO_51, converter=_simultaneous
    )
    claims: Claims = attrs.field(default=Claims.VALIDATED, converter=_claims)
    conduct_penalties: bool = attrs.field(default=False, validator=_check_bool("conduct_penalties"))
    five_to_start: FiveToStart = attrs.field(default=FiveToStart.OFF, converter=_five_to_start)
    no_picture_redeal: bool = attrs.field(default=False, validator=_check_bool("no_picture_redeal"))

    def __attrs_post_init__(self) -> None:
        if self.min_bid_cap is not None and self.min_bid_cap < self.min_bid_base:
            raise RulesError(
                f"Rules.min_bid_cap: {self.min_bid_cap} is below min_bid_base="
                f"{self.min_bid_base}; expected None or an int from {self.min_bid_base} to 13"
            )
        if self.bid_values is not None:
            if self.reduce_five_six_at is not None:
                raise RulesError(
                    "Rules.reduce_five_six_at: bid_values replaces the whole value table, so "
                    "reduce_five_six_at must be None with it"
                )
            given = {bid for bid, _ in self.bid_values}
            missing = [b for b in range(self.min_bid_base, 14) if b not in given]
            if missing:
                raise RulesError(
                    f"Rules.bid_values: no value for the bids {missing}; the table must give a "
                    f"value to every bid from min_bid_base={self.min_bid_base} to 13"
                )
        elif self.min_bid_base < 2:
            raise RulesError(
                f"Rules.min_bid_base: {self.min_bid_base} needs bid_values with a value for every "
                "bid from it to 13 (the standard table starts at 2, FH-20)"
            )

    @property
    def bid_value_table(self) -> Mapping[int, int] | None:
        """``bid_values`` as a dict (bid -> value), or ``None`` for the standard table."""
        return None if self.bid_values is None else dict(self.bid_values)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"``, ``"jawaker"`` or ``"pagat_41"``.

        :raises RulesError: for an unknown name, listing the names.
        """
        overrides = _PRESETS.get(name) if isinstance(name, str) else None
        if overrides is None:
            raise RulesError(
                f"unknown preset {describe(name)}; expected one of {', '.join(cls.PRESETS)}"
            )
        return cls(**overrides)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-compatible values, in field order.

        >>> Rules().to_dict()["deal_packets"], Rules().to_dict()["claims"]
        ([1, 2, 2, 2, 2, 2, 2], 'validated')
        """
        data: dict[str, Any] = {}
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if field.name == "deal_packets":
                value = list(value)
            elif field.name == "bid_values":
                value = None if value is None else {str(b): v for b, v in value}
            elif isinstance(value, enum.StrEnum):
                value = value.value
            data[field.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """The ruleset of :meth:`to_dict`; strict about keys and values.

        :raises RulesError: for an unknown or missing key, or a bad value.
        """
        names = [f.name for f in attrs.fields(Rules)]
        data = exact_keys(data, names, "400")
        return cls(**{name: data[name] for name in names})


_PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "jawaker": {"high_bid_win": "never", "simultaneous": "higher_score", "min_bid_cap": 5},
    "pagat_41": {
        "min_bid_base": 1,
        "min_bid_ladder_from": None,
        "bid_values": PAGAT_41_BID_VALUES,
        "reduce_five_six_at": None,
        "min_total_rises": False,
        "min_total_counts": "points",
        "high_bid_win": "never",
        "simultaneous": "higher_team_total",
    },
}
