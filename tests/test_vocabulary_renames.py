"""One vocabulary for both games: the new shared names, and the old ones that warn for one
release (see the vocabulary table of the architecture guide)."""

from __future__ import annotations

import pytest

from cardrules import all_fours, four_hundred
from cardrules.core.deprecated import renamed_module_attributes
from cardrules.errors import ArgumentError


def _first_result(module: object, seed: int) -> object:
    state = module.new_game(seed=seed, dealer=0)  # type: ignore[attr-defined]
    while not state.history:
        state = state.apply(state.legal_actions()[0])
    return state.history[0]


def test_hand_results_say_how_the_hand_ended_by_one_name() -> None:
    fh = _first_result(four_hundred, 3)
    af = _first_result(all_fours, 3)
    assert isinstance(fh.ending, four_hundred.HandEnd)  # type: ignore[attr-defined]
    assert isinstance(af.ending, all_fours.HandEnd)  # type: ignore[attr-defined]
    with pytest.deprecated_call(match=r"HandResult\.reason is deprecated: use .*\.ending"):
        assert af.reason is af.ending  # type: ignore[attr-defined]


def test_tricks_are_trick_objects_and_counts_are_tricks_taken() -> None:
    fh = _first_result(four_hundred, 3)
    taken = fh.tricks_taken  # type: ignore[attr-defined]
    assert len(taken) == 4
    assert all(isinstance(n, int) for n in taken)
    with pytest.deprecated_call(match=r"HandResult\.tricks is deprecated: use .*tricks_taken"):
        assert fh.tricks == taken  # type: ignore[attr-defined]


def test_the_old_package_name_of_the_endings_warns() -> None:
    with pytest.deprecated_call(match=r"four_hundred\.Ending is deprecated: use .*HandEnd"):
        old = four_hundred.Ending  # type: ignore[attr-defined]
    assert old is four_hundred.HandEnd
    with pytest.raises(AttributeError, match="has no attribute 'Endings'"):
        four_hundred.Endings  # type: ignore[attr-defined]  # noqa: B018
    serve = renamed_module_attributes("m", {"old": ("new", 1)})
    with pytest.deprecated_call(match=r"m\.old is deprecated: use m\.new"):
        assert serve("old") == 1


@pytest.mark.rule("FH-7")
def test_deal_layout_and_deck_for_have_one_signature_in_both_games() -> None:
    layout = four_hundred.deal_layout(four_hundred.Rules(), 3)
    assert len(layout) == 52
    assert [layout.count(seat) for seat in range(4)] == [13] * 4
    assert layout[0] == 0  # the dealer's right-hand neighbour first (dealer + 1)
    assert len(all_fours.deal_layout(all_fours.Rules(), 3)) == 24
    state = four_hundred.new_game(seed=8, dealer=1)
    deck = four_hundred.deck_for(state.hands, dealer=1)
    assert deck == four_hundred.new_game(seed=8, dealer=1, hands=state.hands).deck
    dealt = four_hundred.new_game(seed=8, dealer=1, deck=deck)
    assert [set(h) for h in dealt.hands] == [set(h) for h in state.hands]
    with pytest.raises(ArgumentError, match=r"rules: expected a four_hundred\.Rules or None"):
        four_hundred.deal_layout(all_fours.Rules(), 0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="dealer: expected a seat"):
        four_hundred.deck_for(state.hands, dealer=4)
