"""Collection rules for the whole repository (doctests of src/ and docs/ included).

The adapters, the batch engine and the web app need optional extras (``[openspiel]``,
``[pettingzoo]``, ``[gymnasium]``, ``[batch]``, ``[web]``); without them their modules, tests and
docs pages are not collected, so that the README's test command works on a plain
``pip install -e '.[test]'``.  CI installs the extras and runs everything.  The batch engine
compiles its step loops with numba (``[batch]`` brings numba and numpy): its modules and tests,
and the Gymnasium vector environments over it, need both.  (The docs pages are named in
docs/conftest.py.)
"""

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(name) is None for name in modules)


collect_ignore: list[str] = []
if _missing("numpy"):
    # encoding.py needs numpy; the test file feeds numpy values to every entry point.
    collect_ignore += [
        "src/cardrules/adapters/encoding.py",
        "tests/test_hardening.py",
        "tests/tiny_adapter.py",  # the tiny game's adapter description (its encoding: numpy)
    ]
if _missing("numpy", "pyspiel"):
    collect_ignore += ["src/cardrules/adapters/openspiel.py"]
if _missing("numpy", "pettingzoo", "gymnasium"):
    collect_ignore += ["src/cardrules/adapters/pettingzoo.py"]
if _missing("numpy", "numba"):
    collect_ignore += ["src/cardrules/batch", "tests/batch"]
if _missing("numpy", "gymnasium"):
    collect_ignore += ["src/cardrules/adapters/gymnasium.py"]
if _missing("numpy", "gymnasium", "numba"):
    collect_ignore += [
        "src/cardrules/adapters/gymnasium_vector.py",
        "tests/adapters/test_ad_gymnasium_vector.py",
    ]
if _missing("starlette", "uvicorn"):
    collect_ignore += ["src/cardrules/web/app.py", "src/cardrules/cli/serve.py"]
