"""The narration of ``play`` and ``replay``: every point scored is told, with its reason, and adds
up to the scores; every trick's winner; throw-ins with the total and the minimum."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent
from cardrules.all_fours import Beg, GiveOne, RunPack, Stand
from cardrules.cli.events import narrate
from cardrules.cli.render import Style, format_actions, format_hand, use_colour
from cardrules.core.cards import Suit, parse_cards

POINTS = re.compile(r"side (\d) \+(\d+)|scores (\d+) for the dealer's side, side (\d)")


def af_points(lines: list[str]) -> list[int]:
    """The points each side is told it scored."""
    totals = [0, 0]
    for line in lines:
        for match in POINTS.finditer(line):
            if match.group(1) is not None:
                totals[int(match.group(1))] += int(match.group(2))
            else:
                totals[int(match.group(4))] += int(match.group(3))
        gift = re.search(r"gives one: side (\d) scores (\d+)", line)
        if gift:
            totals[int(gift.group(1))] += int(gift.group(2))
    return totals


def play_af(seed: int, policy: Any, rules: Any = None) -> tuple[Any, list[str]]:
    state = all_fours.new_game(rules, seed=seed)
    lines: list[str] = []
    from cardrules.cli.events import describe_deal_start

    lines.extend(describe_deal_start(state))
    rng = random.Random(seed)
    while not state.is_terminal:
        action = policy(state, rng)
        after = state.apply(action)
        lines.extend(narrate(state, action, after))
        state = after
    return state, lines


def beg_and_run(state: Any, rng: random.Random) -> Any:
    """Beg and run the pack whenever possible (to meet runs, repeated kicks, exhausted packs)."""
    legal = state.legal_actions()
    for action in (Beg(), RunPack()):
        if action in legal:
            return action
    return RuleAgent().act(state.observe(state.current_player), rng)


def mixed(state: Any, rng: random.Random) -> Any:
    legal = state.legal_actions()
    if GiveOne() in legal and rng.random() < 0.5:
        return GiveOne()
    if Stand() in legal and rng.random() < 0.3:
        return Beg()
    return RuleAgent().act(state.observe(state.current_player), rng)


@pytest.mark.parametrize("policy", [beg_and_run, mixed])
@pytest.mark.parametrize("seed", range(8))
def test_every_all_fours_point_is_told_and_adds_up(seed: int, policy: Any) -> None:
    state, lines = play_af(seed, policy)
    assert af_points(lines) == list(state.scores)
    tricks = sum(len(result.tricks) for result in state.history)
    assert sum(" wins trick " in line for line in lines) == tricks
    assert lines[-1].startswith(f"game over: side {state.winner} reaches 14 and wins")


def test_all_fours_events_in_words() -> None:
    text = "\n".join(
        line for seed in range(12) for line in play_af(seed, beg_and_run)[1]
    ) + "\n".join(line for seed in range(12) for line in play_af(seed, mixed)[1])
    for phrase in (
        "runs the pack: three more cards each and a new kick (AF-11)",
        "so the pack is run again (AF-12)",
        "the pack is exhausted: a run needs 13 cards",
        "the kick points stand and seat",
        "gives one: side ",
        "High: ",
        "the highest trump in play, dealt to seat ",
        "Low: ",
        "Jack: ",
        "hang jack! ",
        "and taken by seat ",
        "Game: card points ",
        "turned up scores 2 for the dealer's side",
        " are trumps",
    ):
        assert phrase in text, phrase
    assert "give_one" not in text
    assert "hang_jack" not in text


def test_a_tied_game_is_told() -> None:
    # AF-E5: two players, game 10-10: nobody scores game.
    rules = all_fours.Rules(players=2)
    deck = all_fours.deck_for(["JS TS QH 7D 8C 6H", "AS 2S KH 5D 9C 4H"], "3S", rules=rules)
    state = all_fours.new_game(rules, deck=deck, dealer=0, seed=1)
    lines: list[str] = []
    for text in ("stand", "2S", "TS", "QH", "KH", "AS", "JS", "9C", "8C", "5D", "7D", "6H", "4H"):
        action = all_fours.parse_action(text)
        after = state.apply(action)
        lines.extend(narrate(state, action, after, you=0))
        state = after
    text = "\n".join(lines)
    assert "Game: card points 10 to 10, a tie: nobody scores" in text
    assert "hang jack! JS, dealt to seat 0 (you) and taken by seat 1: side 1 +3" in text
    assert "seat 0 (you) wins trick 6 with 6H" in text  # the last trick of the deal
    assert "scores: side 0 0, side 1 5" in text


def play_400(seed: int, agents: list[Any]) -> tuple[Any, list[str]]:
    state = four_hundred.new_game(seed=seed)
    lines: list[str] = []
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < 3000:
        seat = state.current_player
        action = agents[seat % 2].act(state.observe(seat), rng)
        after = state.apply(action)
        lines.extend(narrate(state, action, after, you=0))
        state = after
        steps += 1
    return state, lines


def test_400_deals_are_summed_up_in_words() -> None:
    from cardrules.agents.four_hundred import RuleAgent as FourHundredRule

    state, lines = play_400(3, [FourHundredRule(), FourHundredRule()])
    text = "\n".join(lines)
    thrown = [r for r in state.history if r.ending.value == "thrown_in"]
    assert text.count(" thrown in: the bids total ") == len(thrown) > 0
    assert "less than the minimum total of 11 (from the highest score" in text
    played = [r for r in state.history if r.ending.value == "played"]
    assert text.count(" wins trick 13 with ") == len(played)
    assert "seat 0 (you): bid " in text
    assert ": made, +" in text
    assert ": failed, -" in text
    last = dict.fromkeys(range(4))
    for line in lines:
        match = re.match(r"  seat (\d)[^:]*: bid \d+, took \d+: \w+, [-+]\d+ -> (-?\d+)", line)
        if match:
            last[int(match.group(1))] = int(match.group(2))
    assert tuple(last.values()) == state.scores
    assert lines[-1].startswith(f"game over: team {state.winner} (seats ")


def test_400_against_random_shows_failed_bids_and_no_internal_names() -> None:
    from cardrules.agents.four_hundred import RuleAgent as FourHundredRule

    _, lines = play_400(5, [FourHundredRule(), RandomAgent()])
    text = "\n".join(lines)
    assert ": failed, -" in text
    for internal in ("thrown_in", "high_bid", "Bid(", "Play("):
        assert internal not in text


def test_claims_are_told() -> None:
    hands = [
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    state = four_hundred.new_game(hands=hands, dealer=3, seed=1)
    for bid in (13, 2, 2, 2):
        state = state.apply(four_hundred.Bid(bid))
    after = state.claim(0)
    lines = narrate(state, four_hundred.Claim(0), after, you=0)
    assert lines[0] == "seat 0 (you) claims every remaining trick: the claim holds (FH-18)"
    assert "deal 1 over (by a claim):" in lines
    assert "  seat 0 made a bid of 10 or more: the game is won (FH-21)" in lines


def test_colour_and_order() -> None:
    cards = parse_cards("AS 7S KH 2H TD 3C")
    hand = format_hand(cards, Suit.CLUBS)
    assert hand == "♣ C: 3 (trumps)   ♠ S: A 7   ♥ H: K 2   ♦ D: T"
    plays = [all_fours.Play(card) for card in sorted(cards)]
    assert format_actions(plays, Suit.CLUBS) == "3C AS 7S KH 2H TD"
    coloured = format_actions(plays, Suit.CLUBS, Style(colour=True))
    assert "\x1b[1m3C\x1b[0m" in coloured
    assert "\x1b[31mKH\x1b[0m" in coloured
    assert "AS" in coloured


def test_use_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour("auto", Terminal())  # type: ignore[arg-type]
    assert not use_colour("never", Terminal())  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour("auto", Terminal())  # type: ignore[arg-type]
    assert use_colour("always", Terminal())  # type: ignore[arg-type]


def test_a_player_claims_at_the_prompt() -> None:
    import io

    from cardrules.agents.four_hundred import RuleAgent as FourHundredRule
    from cardrules.cli.play import Session, play_session

    hands = [
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    start = four_hundred.new_game(hands=hands, dealer=3, seed=1)
    session = Session("400", start, 0, FourHundredRule())
    out = io.StringIO()
    assert play_session(session, io.StringIO("13\nclaim\n"), out) == 0
    text = out.getvalue()
    assert "seat 0 (you) claims every remaining trick: the claim holds (FH-18)" in text
    assert "game over: team 0 (seats 0 and 2) wins" in text
    assert text.rstrip().endswith("you win! (seed 1)")
    assert session.record().winner == 0


def test_rules_name_their_preset() -> None:
    from cardrules.cli.rules import describe_rules

    assert describe_rules("all-fours", all_fours.Rules.preset("tournament"))[0].endswith(
        "preset tournament"
    )
    assert describe_rules("all-fours", all_fours.Rules(players=2))[0].endswith("preset all_twos")
    assert describe_rules("all-fours", all_fours.Rules(target=21))[0].endswith(
        "preset none (custom options)"
    )
