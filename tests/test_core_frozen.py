"""The shared layout of both games' states (cardrules.core.frozen) and game start
(cardrules.core.start): named slots sealed into an immutable value, the deal record copied
slot by slot, and one check of the arguments every new_game takes."""

from __future__ import annotations

import pickle

import attrs
import pytest

from cardrules import all_fours, four_hundred
from cardrules.core.frozen import Frozen, copier, restore, seal, slot_names
from cardrules.core.start import check_rules, game_start
from cardrules.errors import ArgumentError, RulesError


class _Slots:
    __slots__ = ("_hands", "_turn", "is_terminal")


class _Point(_Slots, Frozen):
    __slots__ = ()

    def _key(self) -> tuple[object, ...]:
        return (self._hands, self._turn)


def _point(hands: int, turn: int | None) -> _Point:
    storage = object.__new__(_Slots)
    storage._hands = hands
    storage._turn = turn
    storage.is_terminal = turn is None
    return seal(storage, _Point)


def test_a_sealed_state_refuses_every_write_and_is_a_value() -> None:
    point = _point(5, 1)
    assert type(point) is _Point
    with pytest.raises(AttributeError, match="immutable"):
        point._turn = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del point._hands
    with pytest.raises(AttributeError):
        point.anything = 1  # type: ignore[attr-defined]
    assert point == _point(5, 1)
    assert point != _point(5, 2)
    assert hash(point) == hash(_point(5, 1))
    assert point.__eq__(object()) is NotImplemented


def test_pickling_keeps_every_slot() -> None:
    point = _point(7, None)
    copy = pickle.loads(pickle.dumps(point))
    assert copy == point
    assert copy.is_terminal is True
    assert restore(_Point, (7, None, True)) == point
    assert slot_names(_Point) == ("_hands", "_turn", "is_terminal")


@attrs.define(slots=True, kw_only=True, eq=True, hash=True, weakref_slot=False)
class _Record:
    left: int
    right: tuple[int, ...] = ()


def test_copier_copies_every_slot_into_a_new_record() -> None:
    copy = copier(_Record)
    record = _Record(left=1, right=(2, 3))
    twin = copy(record)
    assert twin is not record
    assert twin == record
    twin.left = 4
    assert record.left == 1


def test_copier_takes_slot_names_only() -> None:
    class Odd:
        __slots__ = ("a",)

    Odd.__slots__ = ("a b",)  # a name that would not be an identifier in source text
    with pytest.raises(TypeError, match="identifiers"):
        copier(Odd)


@pytest.mark.rule("FH-6", "AF-6")
def test_game_start_draws_the_first_dealer_from_the_seed() -> None:
    """FH-6, AF-6: with no dealer given, the seed's draw names the first dealer, the same in
    both games' new_game; a given dealer is checked against the table."""
    seed, dealer, explicit = game_start(seed=11, dealer=None, chance="seeded", players=4)
    assert (seed, explicit) == (11, False)
    assert four_hundred.new_game(seed=11).dealer == dealer
    assert all_fours.new_game(seed=11).dealer == dealer
    two = all_fours.Rules.preset("all_twos")
    _, two_dealer, _ = game_start(seed=11, dealer=None, chance="explicit", players=2)
    assert all_fours.new_game(two, seed=11).dealer == two_dealer
    with pytest.raises(ArgumentError, match="dealer"):
        game_start(seed=1, dealer=2, chance="seeded", players=2)
    with pytest.raises(ArgumentError, match="chance"):
        game_start(seed=1, dealer=0, chance="shuffled", players=4)
    seed, _, _ = game_start(seed=None, dealer=0, chance="seeded", players=4)
    assert 0 <= seed < 2**64


def test_both_games_refuse_another_games_rules_alike() -> None:
    """The same mistake raises the same error in both games (an ArgumentError, which is a
    RulesError), naming the ruleset expected."""
    with pytest.raises(ArgumentError, match=r"expected a four_hundred\.Rules"):
        four_hundred.new_game(all_fours.Rules())  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"expected an all_fours\.Rules"):
        all_fours.new_game(four_hundred.Rules())  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        check_rules(3, four_hundred.Rules, game="four_hundred")
    assert check_rules(None, four_hundred.Rules, game="four_hundred") == four_hundred.Rules()


@pytest.mark.parametrize("game", [four_hundred, all_fours])
def test_both_games_states_share_one_layout(game: object) -> None:
    """Knowing one engine teaches the other: the same slots hold the same parts."""
    state = game.new_game(seed=3, dealer=0)  # type: ignore[attr-defined]
    names = set(slot_names(type(state)))
    assert {"_deal", "_hands", "_turn", "_leader", "_trick", "_tricks", "is_terminal"} <= names
    deal = state._deal
    for field in ("rules", "seed", "dealer", "deal_number", "scores", "history", "explicit"):
        assert hasattr(deal, field)
    assert deal.phase is state.phase
    assert isinstance(state, Frozen)
