"""The core and the game modules import neither optional framework (issue 7)."""

import subprocess
import sys

CODE = """
import sys
import cardrules, cardrules.four_hundred, cardrules.all_fours, cardrules.adapters
import cardrules.adapters._games
heavy = [m for m in ("pyspiel", "numpy", "pettingzoo", "gymnasium") if m in sys.modules]
print(",".join(heavy))
"""


def test_core_imports_no_framework() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == ""
