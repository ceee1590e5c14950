"""pytest collects the doctests of docs/*.rst; the Sphinx extension is not a doctest module
(and needs Sphinx, which the test extra does not install)."""

collect_ignore = ["_ext"]
