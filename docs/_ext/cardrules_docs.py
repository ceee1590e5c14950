"""Sphinx extension for the cardrules docs: rule entries and tables rendered from the code.

* ``.. rule:: FH-11 Minimum bid`` -- one entry of a game's rules reference: the id, a title, the
  statement (the directive's content), then, generated from the code, the ``Rules`` options that
  select the rule with their defaults and values, and links to the public names that apply it
  (``:code: minimum_bid State.legal_actions``).  ``:rule:`FH-11``` links to the entry.  A name
  that the game's package does not export fails the build, so an entry cannot point at code
  that has gone.
* ``.. cardrules-table:: four_hundred.bid_values`` -- a table computed at build time from the
  package's own data (see ``TABLES`` below for the names), so the docs cannot drift from the code.

Every field of each game's ``Rules`` must have an entry in ``OPTIONS`` below (the rule it belongs
to and, for fields that are not enums or bools, the values it takes); a field without one fails
the build.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.std import GenericObject
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

GAMES = {"FH": "four_hundred", "AF": "all_fours"}

#: Each ``Rules`` field: (the rule ids it belongs to, the values it takes when the type alone
#: does not say: enums list their members, bools are True / False).
OPTIONS: dict[str, dict[str, tuple[tuple[str, ...], str | None]]] = {
    "four_hundred": {
        "deal_packets": (("FH-7",), "packet sizes: the first 1 or 3, the others 2 or 3, sum 13"),
        "min_bid_base": (("FH-11",), "an int from 1 to 13"),
        "min_bid_ladder_from": (("FH-11",), "a score, or None (the minimum never rises)"),
        "min_bid_cap": (("FH-11",), "None (no cap) or an int from ``min_bid_base`` to 13"),
        "min_total_rises": (("FH-13",), None),
        "min_total_counts": (("FH-13",), None),
        "claims": (("FH-18",), None),
        "reduce_five_six_at": (("FH-20",), "a score, or None (5 and 6 never drop)"),
        "bid_values": (("FH-20",), "None (the standard table) or a table bid -> value"),
        "high_bid_win": (("FH-21",), None),
        "partner_condition": (("FH-22",), None),
        "simultaneous": (("FH-24",), None),
        "conduct_penalties": (("FH-26", "FH-27", "FH-28"), None),
        "five_to_start": (("FH-29",), None),
        "no_picture_redeal": (("FH-30",), None),
    },
    "all_fours": {
        "players": (("AF-1",), "4 or 2"),
        "kick_values": (("AF-5",), "a table rank -> points (ranks not named score 0)"),
        "deal_packet": (("AF-7",), "3 or 1"),
        "give_one_needs_trump": (("AF-11",), None),
        "undertrump": (("AF-20",), None),
        "target": (("AF-21",), "an int, 1 or more"),
        "game_tie": (("AF-23",), None),
        "game_value": (("AF-23",), "an int, 0 or more"),
        "hang_jack_value": (("AF-23",), "an int, 0 or more"),
        "exposed_cards": (("AF-25",), None),
    },
}


def _module(game: str) -> Any:
    return importlib.import_module(f"cardrules.{game}")


def _fields(game: str) -> list[attrs.Attribute[Any]]:
    fields = list(attrs.fields(_module(game).Rules))
    known = OPTIONS[game]
    missing = [f.name for f in fields if f.name not in known]
    extra = [name for name in known if name not in {f.name for f in fields}]
    if missing or extra:
        raise ExtensionError(
            f"cardrules_docs: {game}.Rules fields without an entry in OPTIONS: {missing}; "
            f"entries that are no field: {extra}"
        )
    return fields


def _show(value: Any, literal: bool = True) -> str:
    """A ``Rules`` value as a reader writes it (as code, or plain for a bold cell)."""
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return ", ".join(f"{getattr(k, 'letter', k)} = {v}" for k, v in value)
    if isinstance(value, enum.Enum):
        text = f'"{value.value}"'
    elif isinstance(value, bool) or value is None:
        text = str(value)
    else:
        text = repr(value)
    return f"``{text}``" if literal else text


def _values(game: str, field: attrs.Attribute[Any]) -> str:
    """What a field accepts: its enum's members, True / False, or the hand-written text."""
    default = getattr(_module(game).Rules(), field.name)
    described = OPTIONS[game][field.name][1]
    if described is not None:
        return described
    if isinstance(default, enum.Enum):
        return ", ".join(f'``"{member.value}"``' for member in type(default))
    if isinstance(default, bool):
        return "``False``, ``True``"
    raise ExtensionError(f"cardrules_docs: say what {game}.Rules.{field.name} accepts")


# -- rule entries -------------------------------------------------------------------------------


def _role_for(obj: Any, attr: str | None) -> str:
    if attr is not None:
        method = inspect.isfunction(obj) or isinstance(obj, classmethod | staticmethod)
        return "meth" if method else "attr"
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "func"
    return "data"


def code_link(game: str, name: str) -> str:
    """A cross-reference to the public ``name`` of ``cardrules.<game>`` (``State.apply``,
    ``score_hand``), checked against what the package exports."""
    module = _module(game)
    head, _, attr = name.partition(".")
    if head not in getattr(module, "__all__", ()):
        raise ExtensionError(f"cardrules_docs: cardrules.{game} exports no {head!r} ({name})")
    obj = getattr(module, head)
    if attr:
        found = inspect.getattr_static(obj, attr, None)
        if found is None:
            raise ExtensionError(f"cardrules_docs: cardrules.{game}.{head} has no {attr!r}")
        role = _role_for(found, attr)
    else:
        role = _role_for(obj, None)
    shown = f"{name}()" if role in ("func", "meth") else name
    return f":{role}:`{shown} <cardrules.{game}.{name}>`"


def _parse_rule(env: BuildEnvironment, sig: str, signode: addnodes.desc_signature) -> str:
    rule_id, _, title = sig.strip().partition(" ")
    if not re.fullmatch(r"(FH|AF)-\d+", rule_id):
        raise ExtensionError(f"cardrules_docs: {rule_id!r} is not a rule id (FH-n, AF-n)")
    signode += addnodes.desc_name(rule_id, rule_id)
    if title:
        signode += nodes.inline("", "  " + title.strip(), classes=["rule-title"])
    return rule_id


class RuleDirective(GenericObject):
    """One rule of the reference: ``.. rule:: FH-11 Minimum bid`` and its statement."""

    indextemplate = "pair: %s; rule"
    parse_node = staticmethod(_parse_rule)
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        **GenericObject.option_spec,
        "code": directives.unchanged,
    }

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        rule_id = self.names[0] if self.names else ""
        game = GAMES[rule_id.split("-")[0]]
        lines: list[str] = []
        options = [f for f in _fields(game) if rule_id in OPTIONS[game][f.name][0]]
        if options:
            defaults = _module(game).Rules()
            lines.append(f"**Options** (fields of :class:`~cardrules.{game}.Rules`):")
            lines.append("")
            for field in options:
                lines.append(
                    f"* ``{field.name}`` -- default {_show(getattr(defaults, field.name))}; "
                    f"{_values(game, field)}."
                )
            lines.append("")
        code = self.options.get("code", "").split()
        if code:
            links = ", ".join(code_link(game, name) for name in code)
            lines.append(f"**In the code:** {links}.")
        if lines:
            self.state.nested_parse(StringList(lines, source="cardrules_docs"), 0, content_node)


# -- tables -------------------------------------------------------------------------------------


def _ranks() -> list[Any]:
    from cardrules import Rank

    return sorted(Rank, reverse=True)


def _fh_bid_values() -> tuple[list[str], list[list[str]]]:
    fh = _module("four_hundred")
    bids = sorted(fh.BID_VALUES)
    reduced = {**fh.BID_VALUES, **fh.REDUCED_BID_VALUES}
    at = fh.Rules().reduce_five_six_at
    header = ["bid", *(str(b) for b in range(1, 14))]
    rows = [
        [f"standard, bidder's score below {at}", "--", *(str(fh.BID_VALUES[b]) for b in bids)],
        [f"standard, bidder's score {at} or more", "--", *(str(reduced[b]) for b in bids)],
        [
            "pagat_41 (any score)",
            *(str(fh.PAGAT_41_BID_VALUES[b]) for b in range(1, 14)),
        ],
    ]
    # the table as the engine reads it: every cell through bid_value itself
    for b in bids:
        assert fh.bid_value(b, at - 1) == fh.BID_VALUES[b]
        assert fh.bid_value(b, at) == reduced[b]
    return header, rows


_BANDS = [(None, 29), *((low, low + 9) for low in range(30, 130, 10)), (130, None)]


def _band(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return f"{low} to {high}"


def _constant(fn: Callable[[int], int], low: int | None, high: int | None) -> str:
    scores = range(-60 if low is None else low, (high if high is not None else low + 60) + 1)
    values = {fn(s) for s in scores}
    if len(values) != 1:
        raise ExtensionError(f"cardrules_docs: the ladder is not constant on {_band(low, high)}")
    return str(values.pop())


def _fh_ladders() -> tuple[list[str], list[list[str]]]:
    fh = _module("four_hundred")
    presets = fh.Rules.PRESETS
    header = ["score", *(f"{p}: bid / total" for p in presets)]
    rows = []
    for low, high in _BANDS:
        row = [_band(low, high)]
        for name in presets:
            rules = fh.Rules.preset(name)
            bid = _constant(lambda s, r=rules: fh.minimum_bid(s, r), low, high)
            total = _constant(lambda s, r=rules: fh.minimum_total((s, 0, 0, 0), r), low, high)
            row.append(f"{bid} / {total}")
        rows.append(row)
    return header, rows


def _af_rank_table(tables: Mapping[str, Mapping[Any, int]]) -> tuple[list[str], list[list[str]]]:
    ranks = _ranks()
    header = ["rank", *(r.letter if r.letter != "T" else "10" for r in ranks)]
    rows = [[label, *(str(table[r]) for r in ranks)] for label, table in tables.items()]
    return header, rows


def _af_card_points() -> tuple[list[str], list[list[str]]]:
    af = _module("all_fours")
    return _af_rank_table({"points for game": af.CARD_POINTS})


def _af_kick_values() -> tuple[list[str], list[list[str]]]:
    af = _module("all_fours")
    tables = {f"kick: {name}": af.Rules.preset(name) for name in af.Rules.PRESETS}
    # one row per distinct table, named by the presets that use it
    rows: dict[tuple[int, ...], list[str]] = {}
    for label, rules in tables.items():
        key = tuple(rules.kick_value(r) for r in _ranks())
        rows.setdefault(key, []).append(label.removeprefix("kick: "))
    assert dict(af.KICK_VALUES) == {r: af.Rules().kick_value(r) for r in _ranks()}
    assert dict(af.TOBAGO_KICK_VALUES) == {
        r: af.Rules.preset("tobago").kick_value(r) for r in _ranks()
    }
    header = ["rank", *(r.letter if r.letter != "T" else "10" for r in _ranks())]
    return header, [[", ".join(names), *(str(v) for v in key)] for key, names in rows.items()]


def _af_awards() -> tuple[list[str], list[list[str]]]:
    af = _module("all_fours")
    presets = af.Rules.PRESETS
    values = {name: af.award_values(af.Rules.preset(name)) for name in presets}
    kinds = list(values[presets[0]])
    header = ["award", *presets]
    rows = [[kind.replace("_", " "), *(str(values[p][kind]) for p in presets)] for kind in kinds]
    return header, rows


def _presets(game: str) -> tuple[list[str], list[list[str]]]:
    module = _module(game)
    names = module.Rules.PRESETS
    rules = {name: module.Rules.preset(name) for name in names}
    default = module.Rules()
    header = ["option", "rule", *names]
    rows = []
    for field in _fields(game):
        row = [f"``{field.name}``", ", ".join(f":rule:`{r}`" for r in OPTIONS[game][field.name][0])]
        for name in names:
            value = getattr(rules[name], field.name)
            changed = value != getattr(default, field.name)
            shown = _show(value, literal=not changed)
            if field.name == "bid_values" and value is not None:
                shown = f"its own table ({name})"
            row.append(f"**{shown}**" if changed else shown)
        rows.append(row)
    return header, rows


TABLES: dict[str, Callable[[], tuple[list[str], list[list[str]]]]] = {
    "four_hundred.bid_values": _fh_bid_values,
    "four_hundred.ladders": _fh_ladders,
    "four_hundred.presets": lambda: _presets("four_hundred"),
    "all_fours.card_points": _af_card_points,
    "all_fours.kick_values": _af_kick_values,
    "all_fours.awards": _af_awards,
    "all_fours.presets": lambda: _presets("all_fours"),
}


def list_table(
    header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "auto"
) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return lines


class TableDirective(SphinxDirective):
    """``.. cardrules-table:: NAME``: a table computed from the code (see ``TABLES``)."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in TABLES:
            raise self.error(f"unknown table {name!r}; expected one of {', '.join(TABLES)}")
        header, rows = TABLES[name]()
        container = nodes.container(classes=["cardrules-table"])
        self.state.nested_parse(
            StringList(list_table(header, rows), source=f"cardrules-table {name}"), 0, container
        )
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_object_type("rule", "rule", indextemplate="pair: %s; rule", objname="rule")
    app.add_directive_to_domain("std", "rule", RuleDirective, override=True)
    app.add_directive("cardrules-table", TableDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
