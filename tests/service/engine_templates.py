"""The message templates the engine can raise, read from its source (for the catalog test).

An engine error is raised with its message as a template: ``Error.said(template, ...)``,
``IllegalPlacement.because(reason, template, ...)``, or through one of the engine's small
helpers that pass a template on (:data:`TEMPLATE_ARGUMENT`). A template is a literal marked
where it is written (``N_("...")``, ``engine.texts``; ``Nn_("...", "...", count)`` for one with
plural forms, found by its singular), either branch of ``a if ... else b``,
or a value of a module-level dict of them (``_STEP_REASONS[reason]``); a template that is not
marked is an error here, since the catalogs would not have it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from engine import errors

ENGINE = Path(__file__).resolve().parents[2] / "engine"

TEMPLATE_ARGUMENT = {"said": 0, "because": 1, "refuse": 2, "_refuse": 1, "_problem": 0}
"""The calls that take a template, and where: the position of the template argument."""


def engine_templates() -> dict[str, list[str]]:
    """Every template the engine's source can raise, with where it is (``file:line``)."""
    found: dict[str, list[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        dicts = _module_dicts(tree)
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            position = TEMPLATE_ARGUMENT.get(_name(call.func))
            if position is None or len(call.args) <= position:
                continue
            for text in _literals(call.args[position], dicts, f"{path.name}:{call.lineno}"):
                found.setdefault(text, []).append(f"{path.name}:{call.lineno}")
    return found


def untemplated_errors() -> list[str]:
    """Where the engine makes one of its errors with a bare message (``IllegalMove(text)``),
    which no reader could have in their language; only an error raised again as another
    (``InvalidPosition(exc.message, ...)``, its template lost) is let through."""
    kinds = {name for name, value in vars(errors).items()
             if isinstance(value, type) and issubclass(value, errors.EngineError)}
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "errors.py":
            continue
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(call, ast.Call) and _name(call.func) in kinds
                    and not (call.args and isinstance(call.args[0], ast.Attribute)
                             and call.args[0].attr == "message")):
                found.append(f"{path.name}:{call.lineno}")
    return found


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _module_dicts(tree: ast.Module) -> dict[str, ast.Dict]:
    dicts: dict[str, ast.Dict] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    dicts[target.id] = node.value
    return dicts


def _literals(node: ast.expr, dicts: dict[str, ast.Dict], where: str) -> Iterator[str]:
    if (isinstance(node, ast.Call) and _name(node.func) == "N_" and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        yield node.args[0].value
    elif (isinstance(node, ast.Call) and _name(node.func) == "Nn_" and len(node.args) == 3
          and isinstance(singular := node.args[0], ast.Constant)
          and isinstance(singular.value, str)):
        yield singular.value
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        raise AssertionError(f"{where}: the template {node.value!r} is not marked with N_()")
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body, dicts, where)
        yield from _literals(node.orelse, dicts, where)
    elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
            and node.value.id in dicts:
        for value in dicts[node.value.id].values:
            yield from _literals(value, dicts, where)
    elif isinstance(node, ast.Name) and node.id == "template":
        return  # a helper handing its own template argument on
    elif isinstance(node, ast.Attribute) and node.attr == "template":
        return  # an error raised again as another (its template is found where it was made)
    else:
        raise AssertionError(f"{where}: cannot read the template {ast.unparse(node)}")
