"""Every script in examples/ runs as it is and exits 0."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,  # a script that asks for input sees its end at once
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), f"{script.name} printed nothing"


def test_the_scorekeeper_asks_for_bids_and_tricks() -> None:
    script = Path(__file__).parent.parent / "examples" / "four_hundred_scorekeeper.py"
    typed = "2 4 3 2\n3 5 2 3\n3 2 2 2\n1 2 3\n6 3 5 3\n6 2 4 1\n\n"
    result = subprocess.run(
        [sys.executable, str(script)], input=typed, capture_output=True, text=True, check=True
    )
    out = result.stdout
    assert "bids (seats 0-3): 2 4 3 2" in out
    assert "changes [2, 4, -3, 2] -> scores [2, 4, -3, 2]" in out
    assert "the bids total 9, below 11: thrown in" in out
    assert "please type four whole numbers" in out
    assert out.rstrip().endswith("final scores [14, 1, -13, -1]")
    demo = subprocess.run(
        [sys.executable, str(script), "--demo"], capture_output=True, text=True, check=True
    )
    assert "replaying the sample hands" in demo.stdout
