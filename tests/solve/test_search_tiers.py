"""The shared search interpreted and compiled: the same answers, and both the same as plain
minimax over ``legal_actions()`` / ``apply()`` on small endings (every rule variant, two and four
players); the two tiers agree on full deals.  Larger counts: benchmarks/check_search.py."""

from __future__ import annotations

import attrs
import pytest
import test_solve_af as af
import test_solve_fh as fh

from cardrules import all_fours, four_hundred
from cardrules.core import search
from cardrules.four_hundred.bid_solve import bid_values


@pytest.fixture(params=["interpreted", "compiled"])
def tier(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "compiled":
        pytest.importorskip("numba")
    else:
        monkeypatch.setattr(search, "available", lambda: False)
    return str(request.param)


@pytest.mark.rule("FH-16")
@pytest.mark.rule("FH-17")
@pytest.mark.parametrize("tricks_left", [1, 2])
def test_400_tiers_match_minimax(tier: str, tricks_left: int) -> None:
    for seed in range(8):
        state = fh._ending(500 + seed, tricks_left)
        assert four_hundred.solve(state).tricks[0] == fh._minimax(state), seed


@pytest.mark.rule("AF-17")
@pytest.mark.rule("AF-20")
@pytest.mark.parametrize("rules", af._RULES, ids=["trinidad", "two", "tournament", "options"])
def test_all_fours_tiers_match_minimax(tier: str, rules: all_fours.Rules) -> None:
    checked = 0
    for seed in range(12):
        state = af._ending(seed, rules, 2)
        if state is None:
            continue
        result = all_fours.solve(state)
        assert result.value == af._minimax(state, state.deal_number), seed
        checked += 1
    assert checked >= 4


def _solutions() -> list[object]:
    results: list[object] = []
    state = fh._ending(77, 3)
    results.append(four_hundred.solve(state))
    results.append(bid_values(state))
    deal = af._in_play(3, all_fours.Rules())
    assert deal is not None
    results.append(all_fours.solve(deal))
    results.append(all_fours.solve(deal, objective="game"))
    two = af._in_play(4, all_fours.Rules(players=2))
    assert two is not None
    results.append(all_fours.solve(two))
    return results


def test_the_tiers_agree_on_full_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    fast = _solutions()
    monkeypatch.setattr(search, "available", lambda: False)
    slow = _solutions()
    assert [_plain(result) for result in fast] == [_plain(result) for result in slow]


def _plain(result: object) -> object:
    """A solution as plain data (every field compared, the node count included)."""
    if isinstance(result, dict):
        return result
    return attrs.asdict(result, recurse=False)  # type: ignore[arg-type]
