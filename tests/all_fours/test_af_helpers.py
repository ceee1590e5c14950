"""Tests of the helpers that the other All Fours tests use to stack decks."""

from __future__ import annotations

import pytest

from cardrules import CARDS, Card
from cardrules.all_fours import Rules, deck_for, new_game


def stack(
    hands: list[str], kicks: list[str], *, dealer: int = 0, rules: Rules | None = None
) -> tuple[Card, ...]:
    """A deck dealing ``hands`` (seat order) with ``kicks[0]`` turned first; each later kick
    comes after one run of the pack (three cards each, the lowest unused cards)."""
    rules = rules or Rules()
    used = {Card.parse(c) for h in hands for c in h.split()} | {Card.parse(k) for k in kicks}
    spare = [c for c in CARDS if c not in used]
    then: list[Card] = []
    for kick in kicks[1:]:
        then.extend(spare[: 3 * rules.players])
        del spare[: 3 * rules.players]
        then.append(Card.parse(kick))
    return deck_for(hands, kicks[0], dealer=dealer, rules=rules, then=then)


@pytest.mark.rule("AF-7")
def test_af7_stack_helper_deals_the_hands() -> None:
    """AF-7: the helper's deck deals the given hands and kick."""
    hands = ["5H TD KD QC 7S 8C", "2H KS TS 4C 5D 9S", "AH 7H QS 3C 8D 2S", "JH 3H AS KC 9D 4S"]
    state = new_game(deck=stack(hands, ["9H"]), dealer=0, seed=0)
    assert [" ".join(sorted(h.split())) for h in hands] == [
        " ".join(sorted(str(c) for c in hand)) for hand in state.hands
    ]


@pytest.mark.rule("AF-7")
def test_af7_written_out_deals_follow_the_layout() -> None:
    """The engine's written-out deals give what the layout kernel deals, for every dealer."""
    import random

    from cardrules.all_fours.dealing import dealer_of_hands
    from cardrules.all_fours.kernels import deal_hands
    from cardrules.all_fours.state import _pack

    rng = random.Random(7)
    for players in (4, 2):
        for packet in (3, 1):
            rules = Rules(players=players, deal_packet=packet)
            fast = dealer_of_hands(rules)
            for _ in range(20):
                deck = list(CARDS)
                rng.shuffle(deck)
                for dealer in range(players):
                    plain = deal_hands([c.index for c in deck], dealer, players, packet, 0)
                    assert fast(deck, dealer) == (plain[:players], _pack(plain[:players]))
