"""The code wraps its texts so the extractor finds them and they translate at run time."""

from __future__ import annotations

import ast

from service.plumbing.i18n.extract import ROOT

SOURCES = sorted([*(ROOT / "service").rglob("*.py"), *(ROOT / "worker").rglob("*.py"),
                  ROOT / "web" / "make_rules_page.py"])
TRANSLATING = {"_", "ngettext", "lazy_gettext"}


def calls_of(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in TRANSLATING]


def binds_underscore(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.arg) and node.arg == "_":
            return True
    return False


def test_every_wrapped_text_is_a_plain_literal() -> None:
    """``_(f"...")`` or ``_(text)`` would never reach the catalog."""
    wrong = []
    for path in SOURCES:
        for call in calls_of(ast.parse(path.read_text(encoding="utf-8"))):
            count = 2 if call.func.id == "ngettext" else 1  # type: ignore[attr-defined]
            texts = call.args[:count]
            if len(texts) < count or not all(
                    isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    for arg in texts):
                wrong.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert wrong == []


def test_no_function_both_translates_and_binds_the_underscore() -> None:
    """``_, caller = ...`` in a function that calls ``_("...")`` makes ``_`` a local there:
    the call would fail at run time."""
    wrong = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and any(
                    call.func.id == "_" for call in calls_of(node)  # type: ignore[attr-defined]
            ) and binds_underscore(node):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []


def test_no_wrapped_text_is_inside_another_ones_arguments() -> None:
    """The extractor does not look inside a wrapped text's arguments:
    ``_("... %(x)s", x=_("..."))`` leaves the inner text out of the catalogs."""
    wrong = []
    for path in SOURCES:
        for call in calls_of(ast.parse(path.read_text(encoding="utf-8"))):
            arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
            if any(calls_of(argument) for argument in arguments):
                wrong.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert wrong == []
