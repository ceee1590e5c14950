"""Collection rules for the whole repository (doctests of src/ and docs/ included).

The adapters need the optional extras (``[openspiel]``, ``[pettingzoo]``); without them their
modules and their docs page are not collected, so that the README's test command works on a plain
``pip install -e '.[test]'``.  CI installs the extras and runs everything.
"""

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(name) is None for name in modules)


collect_ignore: list[str] = []
if _missing("numpy"):
    collect_ignore += ["src/cardrules/adapters/encoding.py"]
if _missing("numpy", "pyspiel"):
    collect_ignore += ["src/cardrules/adapters/openspiel.py"]
if _missing("numpy", "pettingzoo", "gymnasium"):
    collect_ignore += ["src/cardrules/adapters/pettingzoo.py"]
if _missing("numpy", "pyspiel", "pettingzoo", "gymnasium"):
    collect_ignore += ["docs/adapters.rst"]
if _missing("starlette", "uvicorn"):
    collect_ignore += ["src/cardrules/web/app.py", "src/cardrules/cli/serve.py", "docs/ui.rst"]
