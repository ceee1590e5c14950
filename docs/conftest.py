"""pytest collects the doctests of docs/*.rst.  The Sphinx extension is not a doctest module (and
needs Sphinx, which the test extra does not install), and the pages of the optional parts need
their extras: without them those pages are not collected (this conftest's list is the one pytest
reads for docs/, so the pages are named here rather than in the root conftest)."""

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(name) is None for name in modules)


collect_ignore = ["_ext"]
if _missing("numpy", "pyspiel", "pettingzoo", "gymnasium", "numba"):
    collect_ignore.append("adapters.rst")
if _missing("numpy", "numba"):
    collect_ignore.append("batch.rst")
if _missing("numpy"):  # its examples feed numpy values to the checks
    collect_ignore.append("errors.rst")
if _missing("starlette", "uvicorn"):
    collect_ignore.append("ui.rst")
