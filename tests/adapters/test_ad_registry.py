"""The adapters find each game's description and tensor part through the game registry."""

from __future__ import annotations

import attrs
import pytest

np = pytest.importorskip("numpy")

from cardrules import all_fours, four_hundred  # noqa: E402
from cardrules.adapters._games import GAMES, AllFours, Game, Table, adapter_for  # noqa: E402
from cardrules.adapters.encoding import (  # noqa: E402
    AllFoursEncoding,
    Encoder,
    FourHundredEncoding,
)
from cardrules.errors import ArgumentError, RulesError  # noqa: E402
from cardrules.games import GameInfo, UnknownGameError, find_game, register_game, unregister_game  # noqa: E402


def test_descriptions_come_from_the_registry() -> None:
    fh, af = adapter_for("400"), adapter_for("All Fours")
    assert (fh.name, af.name) == ("four_hundred", "all_fours")
    assert isinstance(fh, type(GAMES["four_hundred"]))
    assert fh.title == find_game("400").heading == "400 (Four Hundred)"
    assert af.default_preset == "trinidad"
    assert fh.module is four_hundred
    assert af.info is find_game("all_fours")
    with pytest.raises(UnknownGameError, match="got 'bridge'"):
        adapter_for("bridge")


def test_each_game_has_its_tensor_part() -> None:
    for name, part in (("four_hundred", FourHundredEncoding), ("all_fours", AllFoursEncoding)):
        game = GAMES[name]
        encoder = Encoder(Table(game, game.choose_rules()), perfect_recall=True)
        assert type(encoder.part) is part
        names = [piece for piece, _ in encoder.pieces()]
        assert names[:6] == ["dealing", "hand", "current_trick", "played", "dealer", "to_play"]
        assert names[names.index("seen") + 1] == "trick_of"


def test_choose_rules() -> None:
    af = GAMES["all_fours"]
    assert af.choose_rules() == all_fours.Rules()
    assert af.choose_rules(preset="tobago") == all_fours.Rules.preset("tobago")
    assert af.choose_rules(all_fours.Rules(target=21), players=2) == all_fours.Rules(
        target=21, players=2
    )
    with pytest.raises(ValueError, match=r"rules: expected a all_fours\.Rules"):
        af.choose_rules(four_hundred.Rules())
    with pytest.raises(RulesError, match=r"players: 400 \(Four Hundred\) has 4 seats"):
        GAMES["four_hundred"].choose_rules(players=2)


class _NoPart(AllFours):
    encoding = "cardrules.adapters.encoding:Encoder"  # a class, but not a GameEncoding


def test_a_description_is_checked() -> None:
    table = Table(GAMES["all_fours"], all_fours.Rules())
    bad = _NoPart()
    with pytest.raises(ArgumentError, match=r"_NoPart\.encoding: expected 'module:attribute'"):
        Encoder(_with_game(table, bad), perfect_recall=False)
    info = GameInfo(name="other", key="other", title="t", module="tests.tiny_game")
    register_game(attrs.evolve(info, adapter="cardrules.adapters._games:AllFours"))
    try:
        with pytest.raises(ArgumentError, match="adapter: expected a Game whose name is 'other'"):
            adapter_for("other")
    finally:
        unregister_game("other")


def _with_game(table: Table, game: Game) -> Table:
    other = table.copy()
    other.game = game
    return other
