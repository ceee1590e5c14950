"""Sphinx configuration for cardrules."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "cardrules_docs",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False
html_theme = "alabaster"
exclude_patterns = ["_build"]
# Both games have an ``Observation`` (and ``Rules``, ``State`` ...): a bare name in a signature
# that autodoc cannot resolve to one module is ambiguous by design, not a broken link.
suppress_warnings = ["ref.python"]
# The docs extra brings what autodoc imports (numpy, gymnasium, pettingzoo) but not OpenSpiel, a
# large install (with SciPy): its adapter's page is built against a stand-in for ``pyspiel``.
autodoc_mock_imports = ["pyspiel"]
