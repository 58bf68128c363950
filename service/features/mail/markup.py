"""HTML pieces of the emails, every piece of text escaped on the way in.

Names come from users, so nothing reaches the HTML unescaped: callers pass plain text and
these functions escape it; only their own tags are markup. Styles are inline, as mail
clients drop style sheets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from engine.board import HEIGHT
from service.plumbing.i18n import current_language

_COLOURS = {"g": "#2e8b3a", "r": "#c0392b", "b": "#2c6fbf", "y": "#d4ac0d", "e": "#c8ad7f",
            "p": "#7d3c98", "k": "#222222"}
# 16 cells and the row numbers fit a phone's 390 px (tests/mail/test_compose.py).
_CELL = "width:20px;height:20px;text-align:center;font:11px monospace;border:1px solid #ccc;"
_FIGURE = re.compile(r"^([a-zA-Z])(\d)~?$")


def text(value: str) -> str:
    """Return ``value`` escaped, its line breaks kept as ``<br>``."""
    return "<br>".join(escape(line) for line in value.split("\n"))


def paragraph(value: str) -> str:
    """Return a paragraph of plain text."""
    return f'<p style="margin:0 0 12px">{text(value)}</p>'


def heading(value: str) -> str:
    """Return a section heading."""
    return f'<h2 style="font-size:16px;margin:16px 0 8px">{escape(value)}</h2>'


def items(values: Iterable[str]) -> str:
    """Return a bulleted list of plain-text items."""
    return "<ul>" + "".join(f"<li>{text(v)}</li>" for v in values) + "</ul>"


def link(url: str, label: str) -> str:
    """Return a link to ``url`` labelled ``label``."""
    return f'<a href="{escape(url, quote=True)}">{escape(label)}</a>'


def button(url: str, label: str) -> str:
    """Return a link that looks like a button."""
    return (f'<p><a href="{escape(url, quote=True)}" style="display:inline-block;'
            'padding:8px 16px;background:#2c6fbf;color:#fff;text-decoration:none;'
            f'border-radius:4px">{escape(label)}</a></p>')


def preformatted(value: str) -> str:
    """Return fixed-width text (the diagram's status lines, its legend, lists of moves),
    wrapped rather than wider than a phone's screen."""
    return ('<pre style="font:12px monospace;white-space:pre-wrap;overflow-wrap:anywhere">'
            f"{escape(value)}</pre>")


def _cell_style(code: str) -> str:
    if code == "##":
        return _CELL + "background:#555;color:#555;"
    on_pool = code.startswith("~~") or code.endswith("~")
    base = _CELL + "background:#f5c6c6;" if on_pool else _CELL
    figure = _FIGURE.match(code)
    if figure and figure.group(1).lower() in _COLOURS:
        colour = _COLOURS[figure.group(1).lower()]
        if figure.group(1).isupper():  # the black side
            return base + f"background:#222;color:{colour};font-weight:bold;"
        return base + f"background:{colour};color:#fff;font-weight:bold;"
    if code.startswith("M"):
        return base + "background:#000;color:#ff5050;font-weight:bold;"
    return base


def board(diagram: str) -> str:
    """Return the board of an engine text diagram as an HTML table, then its other lines.

    The diagram's first line names the columns and the next :data:`HEIGHT` lines are the
    rows (``" 3  ..  []  M> ..."``); the lines after them (status, legend) follow as text.
    """
    lines = diagram.split("\n")
    columns = lines[0].split()
    head = "".join(f'<th style="font:12px monospace">{escape(c)}</th>' for c in columns)
    rows = []
    for line in lines[1:HEIGHT + 1]:
        number, *codes = line.split()
        cells = "".join(
            f'<td style="{_cell_style(code)}">{"" if code in ("..", "##") else escape(code)}'
            "</td>" for code in codes)
        rows.append(f'<tr><th style="font:12px monospace">{escape(number)}</th>{cells}</tr>')
    table = ('<div style="max-width:100%;overflow-x:auto">'
             '<table style="border-collapse:collapse" role="presentation">'
             f"<tr><th></th>{head}</tr>{''.join(rows)}</table></div>")
    return table + preformatted("\n".join(lines[HEIGHT + 1:]))


def document(title: str, body: Iterable[str], footer: str) -> str:
    """Return a whole HTML email: a title, the body's pieces (markup), a small footer; marked
    as written in the current language."""
    return (
        f'<!DOCTYPE html><html lang="{current_language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head>"
        '<body style="font-family:sans-serif;font-size:14px;color:#222;max-width:640px">'
        f"<h1 style=\"font-size:18px\">{escape(title)}</h1>{''.join(body)}"
        f'<hr><div style="font-size:12px;color:#666">{footer}</div></body></html>'
    )
