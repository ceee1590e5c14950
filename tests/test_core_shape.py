"""The shared core of the engine shape: errors as plain data, the one validation layer, the
chance action and an import graph without cycles."""

from __future__ import annotations

import ast
import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import STANDARD_DECK, Card, Suit, parse_cards
from cardrules.core.chance import Deal, check_chance, dealt_deck
from cardrules.core.checks import (
    MAX_SEED_BITS,
    check_count,
    check_hands,
    check_int,
    check_scores,
    check_seat,
    check_seed,
)
from cardrules.core.tricks import NO_TRUMP, beats, winning_offset, winning_position
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    IllegalActionError,
    ParseError,
    Reason,
    RulesError,
)

SRC = Path(__file__).resolve().parent.parent / "src" / "cardrules"


def _examples() -> list[CardrulesError]:
    return [
        CardrulesError("plain"),
        ParseError("'1H' is not a card", text="1H"),
        RulesError("players: expected 2 or 4"),
        ArgumentError("seat: expected a seat 0, 1, 2 or 3, got 5", name="seat", value=5),
        IllegalActionError(
            Reason.MUST_FOLLOW_SUIT, seat=2, action="JH", legal=("4C", "9C"), detail="clubs led"
        ),
        IllegalActionError(Reason.GAME_OVER, seat=None, action="QH"),
    ]


@pytest.mark.parametrize("error", _examples(), ids=lambda e: type(e).__name__)
def test_every_error_pickles_with_its_message_and_fields(error: CardrulesError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)


def _raise_illegal(seat: int) -> None:
    raise IllegalActionError(Reason.CARD_NOT_IN_HAND, seat=seat, action="AS", legal=("2C",))


def test_an_error_crosses_a_process_pool_intact() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_raise_illegal, 3)
        with pytest.raises(IllegalActionError) as info:
            future.result()
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    assert info.value.seat == 3
    assert info.value.legal == ("2C",)
    assert "card_not_in_hand" in str(info.value)


def test_argument_error_is_caught_as_parse_rules_and_value_error() -> None:
    for cls in (ParseError, RulesError, ValueError, CardrulesError):
        assert issubclass(ArgumentError, cls)


@pytest.mark.parametrize("bad", [4, -1, True, False, 1.0, "1", None, 2**70])
def test_check_seat_refuses_what_is_not_a_seat(bad: object) -> None:
    with pytest.raises(ArgumentError, match="seat: expected a seat 0, 1, 2 or 3") as info:
        check_seat(bad, 4)
    assert info.value.name == "seat"
    assert info.value.value is bad


def test_check_seat_names_the_argument_and_the_table() -> None:
    assert [check_seat(s, 2) for s in (0, 1)] == [0, 1]
    with pytest.raises(ArgumentError, match="dealer: expected a seat 0 or 1, got 2"):
        check_seat(2, 2, name="dealer")


def test_check_seed() -> None:
    assert check_seed(-5) == -5
    assert check_seed(2**MAX_SEED_BITS - 1) == 2**MAX_SEED_BITS - 1
    for bad in ("7", 7.0, True, None, 2**MAX_SEED_BITS, 10**5000):
        with pytest.raises(ArgumentError, match="seed: expected an int"):
            check_seed(bad)


def test_check_int_and_count() -> None:
    assert check_int(5, name="games", low=1, high=9) == 5
    with pytest.raises(ArgumentError, match="games: expected an int from 1 to 9, got 10"):
        check_int(10, name="games", low=1, high=9)
    with pytest.raises(ArgumentError, match="of at least 0, got -1"):
        check_count(-1, name="games")
    with pytest.raises(ArgumentError, match="got an int of 333 bits"):
        check_int(10**100, name="n", high=5)
    with pytest.raises(ArgumentError, match=r"got 1\.5"):
        check_count(1.5, name="n")


def test_check_scores() -> None:
    assert check_scores([1, -2], 2) == (1, -2)
    for bad in ((1,), (1, 2.0), "12", None, (True, 0), (2**70, 0)):
        with pytest.raises(ArgumentError, match="scores: expected 2 ints"):
            check_scores(bad, 2)


def test_check_hands() -> None:
    hands = check_hands(["AS KS", [Card.parse("2C")], parse_cards("3D")], (2, 1, 1))
    assert [h.bit_count() for h in hands] == [2, 1, 1]
    with pytest.raises(ArgumentError, match="expected 3 hands"):
        check_hands(["AS KS"], (2, 1, 1))
    with pytest.raises(ArgumentError, match="holds 1 cards, must hold 2"):
        check_hands(["AS", "2C", "3D"], (2, 1, 1))
    with pytest.raises(ArgumentError, match="AS dealt to more than one seat"):
        check_hands(["AS KS", "AS", "3D"], (2, 1, 1))
    with pytest.raises(ArgumentError, match="AS twice"):
        check_hands([["AS", "AS"], "2C", "3D"], (2, 1, 1))
    with pytest.raises(ArgumentError, match="5 in seat 0's hand is not a card"):
        check_hands([[5, "AS"], "2C", "3D"], (2, 1, 1))
    with pytest.raises(ParseError, match="is not a card"):
        check_hands(["ZZ KS", "2C", "3D"], (2, 1, 1))


def test_deal_checks_its_pack_when_applied() -> None:
    assert dealt_deck(Deal(STANDARD_DECK)) == STANDARD_DECK
    text = " ".join(str(card) for card in reversed(STANDARD_DECK))
    assert dealt_deck(Deal(text)) == tuple(reversed(STANDARD_DECK))
    assert Deal(text) == Deal(tuple(reversed(STANDARD_DECK)))
    for bad in (
        STANDARD_DECK[:51],
        (*STANDARD_DECK[:51], STANDARD_DECK[0]),
        (*STANDARD_DECK[:51], 5),
    ):
        with pytest.raises(IllegalActionError) as info:
            dealt_deck(Deal(bad))
        assert info.value.reason is Reason.BAD_DECK
        assert info.value.seat is None
        assert "chance" in str(info.value)


def test_check_chance() -> None:
    assert check_chance("seeded") == "seeded"
    assert check_chance("explicit") == "explicit"
    for bad in ("Explicit", None, 1, True):
        with pytest.raises(ArgumentError, match="chance: expected 'seeded' or 'explicit'"):
            check_chance(bad)


@pytest.mark.rule("FH-17", "AF-19")
@given(st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), st.integers(-1, 3))
def test_the_trick_winner_kernel_agrees_with_the_rule_written_plainly(
    cards: list[int], trump: int
) -> None:
    position = winning_offset(cards, trump)
    trumps = [c for c in cards if c // 13 == trump]
    led = [c for c in cards if c // 13 == cards[0] // 13]
    assert cards[position] == max(trumps or led)
    assert not any(beats(c, cards[position], trump) for c in cards)
    suit = None if trump == NO_TRUMP else Suit(trump)
    assert winning_position([Card.from_index(c) for c in cards], suit) == position


def _imports(path: Path, module: str) -> set[str]:
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def test_no_import_cycles_in_the_package() -> None:
    modules = {}
    for path in SRC.rglob("*.py"):
        name = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for target in _imports(path, name):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            # A package's __init__ importing its own modules, or a module its parents, is no
            # cycle of the code's design: only edges between distinct non-ancestor modules count.
            if target not in ("", name, "cardrules") and not name.startswith(target + "."):
                edges.add(target)
        graph[name] = edges
    # Depth-first search for a back edge.
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
