"""Sphinx configuration for cardrules."""

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = "0.1.0"

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest", "sphinx.ext.viewcode"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False
html_theme = "alabaster"
exclude_patterns = ["_build"]
