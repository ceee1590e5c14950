"""The All Fours ruleset: :class:`Rules`, its options and presets.

Every field is an option of the rules AF-1 ... AF-25, named and defaulted as the docs' rules
page "All Fours: the rules" states them, plus ``exposed_cards``, the switch for the optional
AF-25 API.

>>> from cardrules.all_fours import Rules
>>> Rules().target, Rules().players, Rules.preset("tournament").game_value
(14, 4, 2)
>>> Rules.PRESETS
('trinidad', 'tournament', 'tobago', 'all_twos')
>>> Rules.from_dict(Rules.preset("tobago").to_dict()) == Rules.preset("tobago")
True
>>> Rules(players=3)
Traceback (most recent call last):
...
cardrules.errors.RulesError: players: 3 is not accepted; expected one of 4, 2
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from cardrules.core.cards import Rank
from cardrules.core.options import enum_option, exact_keys, is_int
from cardrules.errors import ArgumentError, ParseError, RulesError, describe

__all__ = ["GameTie", "KickTable", "Rules", "Undertrump", "rules_or_default"]


class Undertrump(enum.StrEnum):
    """AF-20: when a player may play a lower trump than one already in the trick (non-trump
    lead)."""

    #: Always (the default).
    ALLOWED = "allowed"
    #: Only while holding nothing but trumps.
    ONLY_IF_ONLY_TRUMPS = "only_if_only_trumps"
    #: Only while void in the suit led.
    ONLY_IF_VOID = "only_if_void"


class GameTie(enum.StrEnum):
    """AF-23: who scores *game* when both sides count the same card points."""

    #: Nobody (the default).
    NOBODY = "nobody"
    #: The side of the player who did not deal.
    NON_DEALER = "non_dealer"


#: A kick table (AF-5) in canonical form: ``(rank, points)`` for each rank that scores, highest
#: rank first.
KickTable = tuple[tuple[Rank, int], ...]

#: Every count of the rules fits in 64 bits (so a saved game holding it loads again).
_LIMIT: Final = 2**63

_TRINIDAD_KICKS: Final[KickTable] = ((Rank.ACE, 1), (Rank.JACK, 3), (Rank.SIX, 2))


def _kick_table(value: object) -> KickTable:
    """Canonicalise a kick table: a mapping (or pairs) of rank -> points, ranks as :class:`Rank`,
    ints 2..14 or rank letters; ranks not named score 0."""
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, tuple | list):
        items = list(value)
    else:
        raise RulesError(
            f"kick_values: {describe(value)} is not accepted; expected a mapping of "
            "rank -> points, e.g. {'A': 1, '6': 2, 'J': 3}"
        )
    table: dict[Rank, int] = {}
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise RulesError(f"kick_values: {describe(item)} is not a (rank, points) pair")
        key, points = item
        try:
            if isinstance(key, bool) or not isinstance(key, str | int):
                raise ValueError(key)  # a float or a bool is not a rank
            rank = Rank.parse(key) if isinstance(key, str) else Rank(key)
        except (ParseError, ValueError):
            raise RulesError(
                f"kick_values: {describe(key)} is not a rank; expected 2-9, T, J, Q, K, A"
            ) from None
        if not is_int(points) or not 0 <= points < _LIMIT:
            raise RulesError(
                f"kick_values: {describe(points)} for {rank.letter} is not an int from 0 to "
                "2**63 - 1"
            )
        if rank in table:
            raise RulesError(f"kick_values: rank {rank.letter} is named twice")
        table[rank] = points
    return tuple(sorted(((r, p) for r, p in table.items() if p), reverse=True))


def _undertrump(value: object) -> Undertrump:
    return enum_option(Undertrump, "undertrump", value)


def _game_tie(value: object) -> GameTie:
    return enum_option(GameTie, "game_tie", value)


def _one_of(*accepted: object) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not type(accepted[0]) or value not in accepted:
            names = ", ".join(repr(a) for a in accepted)
            raise RulesError(
                f"{attribute.name}: {describe(value)} is not accepted; expected one of {names}"
            )

    return check


def _at_least(low: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not is_int(value) or not low <= value < _LIMIT:
            raise RulesError(
                f"{attribute.name}: {describe(value)} is not accepted; expected an int from "
                f"{low} to 2**63 - 1"
            )

    return check


@attrs.frozen(slots=True)
class Rules:
    """An All Fours ruleset (frozen, validated).  ``Rules()`` is the default game, "trinidad".

    Fields (the options of the rules):

    * ``players`` -- 4 (two partnerships) or 2 (AF-1);
    * ``kick_values`` -- the kick table (AF-5), a mapping rank -> points, kept in canonical form
      (:data:`KickTable`); default A = 1, 6 = 2, J = 3;
    * ``deal_packet`` -- 3 (two rounds of three) or 1 (six rounds of one) (AF-7);
    * ``give_one_needs_trump`` -- the dealer may give one only holding the kick's suit (AF-11);
    * ``undertrump`` -- :class:`Undertrump` (AF-20);
    * ``target`` -- the score that wins (AF-21), default 14;
    * ``game_tie`` -- :class:`GameTie` (AF-23);
    * ``game_value`` -- points for *game* (AF-23), default 1;
    * ``hang_jack_value`` -- points for hanging the jack (AF-23), default 3;
    * ``exposed_cards`` -- enables the exposed-card and call API of AF-25
      (:meth:`State.expose <cardrules.all_fours.State.expose>`,
      :meth:`State.call <cardrules.all_fours.State.call>`); default off.
    """

    #: The preset names, for :meth:`preset`.
    PRESETS: ClassVar[tuple[str, ...]] = ("trinidad", "tournament", "tobago", "all_twos")

    players: int = attrs.field(default=4, validator=_one_of(4, 2))
    kick_values: KickTable = attrs.field(default=_TRINIDAD_KICKS, converter=_kick_table)
    deal_packet: int = attrs.field(default=3, validator=_one_of(3, 1))
    give_one_needs_trump: bool = attrs.field(default=False, validator=_one_of(False, True))
    undertrump: Undertrump = attrs.field(default=Undertrump.ALLOWED, converter=_undertrump)
    target: int = attrs.field(default=14, validator=_at_least(1))
    game_tie: GameTie = attrs.field(default=GameTie.NOBODY, converter=_game_tie)
    game_value: int = attrs.field(default=1, validator=_at_least(0))
    hang_jack_value: int = attrs.field(default=3, validator=_at_least(0))
    exposed_cards: bool = attrs.field(default=False, validator=_one_of(False, True))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"trinidad"`` (the defaults), ``"tournament"`` (game 2, no
        undertrumping unless holding only trumps, give one only holding a trump), ``"tobago"``
        (kicks A = 1, 2 = 2, J = 3) or ``"all_twos"`` (two players).

        :raises RulesError: for an unknown name, listing the names.
        """
        if not isinstance(name, str) or name not in cls.PRESETS:
            raise RulesError(
                f"{describe(name)} is not a preset; expected one of {', '.join(cls.PRESETS)}"
            )
        if name == "trinidad":
            return cls()
        if name == "tournament":
            return cls(
                game_value=2,
                undertrump=Undertrump.ONLY_IF_ONLY_TRUMPS,
                give_one_needs_trump=True,
            )
        if name == "tobago":
            return cls(kick_values={Rank.ACE: 1, Rank.TWO: 2, Rank.JACK: 3})
        if name == "all_twos":
            return cls(players=2)
        raise RulesError(
            f"{describe(name)} is not a preset; expected one of {', '.join(cls.PRESETS)}"
        )

    def kick_value(self, rank: Rank) -> int:
        """The points that a kick of this rank scores for the dealer's side (AF-5, AF-9)."""
        for table_rank, points in self.kick_values:
            if table_rank == rank:
                return points
        return 0

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-compatible values, in field order (kick table: rank letter ->
        points)."""
        return {
            "players": self.players,
            "kick_values": {rank.letter: points for rank, points in self.kick_values},
            "deal_packet": self.deal_packet,
            "give_one_needs_trump": self.give_one_needs_trump,
            "undertrump": self.undertrump.value,
            "target": self.target,
            "game_tie": self.game_tie.value,
            "game_value": self.game_value,
            "hang_jack_value": self.hang_jack_value,
            "exposed_cards": self.exposed_cards,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """The ruleset that :meth:`to_dict` wrote.  Strict: every key must be present and known.

        :raises RulesError: for a missing or unknown key or a bad value.
        """
        names = [field.name for field in attrs.fields(cls)]
        data = exact_keys(data, names, "All Fours")
        kicks = data["kick_values"]
        if not isinstance(kicks, Mapping) or not all(isinstance(k, str) for k in kicks):
            raise RulesError(
                f"kick_values: {describe(kicks)} is not a mapping of rank letter -> points"
            )
        return cls(**{name: data[name] for name in names})


_DEFAULT: Final = Rules()


def rules_or_default(rules: object) -> Rules:
    """``rules``, or the default ruleset for ``None`` (the ``rules=`` argument of the helpers).

    :raises ArgumentError: for anything else (a 400 ruleset included).
    """
    if rules is None:
        return _DEFAULT
    if not isinstance(rules, Rules):
        raise ArgumentError(
            f"rules: expected an all_fours.Rules or None, got {describe(rules)}",
            name="rules",
            value=rules,
        )
    return rules
