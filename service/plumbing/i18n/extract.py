"""Finding every text the code wraps for translation, and refreshing the catalogs from them.

``python -m service.plumbing.i18n.extract`` (``make i18n``) writes the template ``messages.pot``
from the code and merges it into each language's ``messages.po``: new texts come in empty, texts
gone from the code are dropped, changed texts come in fuzzy (a guess to check), as
``pybabel update`` does. Translators then fill in the ``.po`` files (``docs/translating.md``).

Where texts are found:

* Python under ``service/`` and ``worker/``: ``_("...")``, ``ngettext("...", "...", n)`` and
  ``lazy_gettext("...")``, with ``%(name)s`` placeholders; ``N_("...")`` marks a text that is
  translated elsewhere (marshmallow's messages, ``service.plumbing.errors``).
* The engine (``engine/``), which translates nothing: its errors' templates, marked where
  they are written with ``N_("...")`` (``engine.texts``), or ``Nn_("...", "...", "count")``
  for one with plural forms, and the templates of its narration and diagram, the literals
  of their ``say("...")`` calls, each with its ``context="..."`` when it has one
  (:func:`extract_engine`).
* The page's JavaScript under ``web/js/``: ``t("...")``, ``tn("...", "...", n)`` and
  ``pt("context", "...")``, with ``{name}`` placeholders.
* The page's HTML: the text of an element marked ``data-t``, and the value of each attribute
  named in ``data-t-attrs`` (``data-t-attrs="aria-label placeholder"``).
* The rules page's generator, ``web/make_rules_page.py``: ``_("...")`` as in the service (it
  writes the page once in each language; the page's catalog leaves its texts out).
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.pofile import read_po, write_po

from service.plumbing.i18n.catalogs import TRANSLATIONS, po_path
from service.plumbing.i18n.languages import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES

ROOT = Path(__file__).resolve().parents[3]

METHODS = [
    ("service/**.py", "python"),
    ("worker/**.py", "python"),
    ("engine/**.py", "service.plumbing.i18n.extract:extract_engine"),
    ("web/js/**.js", "javascript"),
    ("web/index.html", "service.plumbing.i18n.extract:extract_html"),
    ("web/make_rules_page.py", "python"),
]
KEYWORDS: Mapping[str, Any] = {
    "_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "lazy_gettext": None,
    "N_": None, "t": None, "tn": (1, 2), "pt": ((1, "c"), 2),
}
ENGINE_KEYWORDS: Mapping[str, Any] = {"N_": None, "Nn_": (1, 2), "say": None}
"""What marks a text in the engine. (``say`` is no keyword elsewhere: the page's JavaScript
has functions of that name, and texts nested in their calls would be lost.)"""
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text`` (``%(name)s`` and ``{name}`` alike)."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def extract_engine(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, Any, Any]]:
    """Babel extraction method for the engine: its marked texts (:data:`ENGINE_KEYWORDS`) as
    if wrapped in ``_()``, ``Nn_`` as in ``ngettext()``, and a ``say`` with a ``context``
    as in ``pgettext()``."""
    source = fileobj.read()
    contexts = _say_contexts(source)
    for line, keyword, messages, comments in extract_python(
            io.BytesIO(source), ENGINE_KEYWORDS, comment_tags, options):
        told = tuple(messages) if isinstance(messages, tuple | list) else (messages,)
        # Babel gives a call's string literals in order: a context is one after the template.
        context = contexts.get((line, str(told[0])))
        if keyword == "Nn_":
            yield line, "ngettext", messages, comments
        elif keyword == "say" and context is not None and context in told[1:]:
            yield line, "pgettext", (context, told[0]), comments
        else:
            yield line, "_", messages, comments


def _say_contexts(source: bytes) -> dict[tuple[int, str], str]:
    """The context of each ``say("...", context="...")`` call in ``source``, by the line of
    its template and the template (Babel's tokens keep no keyword's name, the syntax tree
    does)."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "say" and node.args
                and isinstance(node.args[0], ast.Constant)):
            for keyword in node.keywords:
                if keyword.arg == "context" and isinstance(keyword.value, ast.Constant):
                    found[node.args[0].lineno, str(node.args[0].value)] = str(keyword.value.value)
    return found


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for the page's HTML (see the module's docstring)."""
    parser = _MarkedText()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, text in parser.found:
        yield line, "_", text, []


def squeeze(text: str) -> str:
    """Text as the browser shows it: runs of white space as one space, none at the ends."""
    return " ".join(text.split())


class _MarkedText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-t-attrs") or "").split():
            if values.get(name):
                self.found.append((line, squeeze(values[name] or "")))
        if self._open:
            self._open[-1][2].append(f"<{tag}>")
        if "data-t" in values:
            self._open.append((tag, line, []))

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _tag, line, parts = self._open.pop()
            self.found.append((line, squeeze("".join(parts))))
        elif self._open:
            self._open[-1][2].append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)


def extract_template() -> Catalog:
    """Every text the code wraps, with where it is used, as a template catalog."""
    template = Catalog(project="fearsome-floors", msgid_bugs_address="",
                       charset="utf-8")
    for path, line, message, comments, context in extract_from_dir(
            ROOT, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        template.add(message, None, [(path, line)], auto_comments=comments,
                     context=context, flags=_flags(message))
    return template


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    texts = message if isinstance(message, tuple) else (message,)
    if any("%(" in text for text in texts):
        return ("python-format",)
    return ()


PAGE_LANGUAGES = ROOT / "web" / "js" / "model" / "languages.js"
"""The page's list of languages and their names, written from :mod:`.languages` (the one
place they are written) by :func:`refresh`."""


def page_languages() -> str:
    """The page's module of languages (``web/js/model/languages.js``), as :func:`refresh`
    writes it from :data:`~.languages.LANGUAGES` and :data:`~.languages.LANGUAGE_NAMES`."""
    codes = ", ".join(json.dumps(code) for code in LANGUAGES)
    names = ", ".join(f"{code}: {json.dumps(LANGUAGE_NAMES[code], ensure_ascii=False)}"
                      for code in LANGUAGES)
    return ("// The languages the service speaks, each named in itself, for the page. Written by\n"
            "// `make i18n` from service/plumbing/i18n/languages.py: change them there.\n\n"
            f"export const LANGUAGES = Object.freeze([{codes}]);\n\n"
            f"export const LANGUAGE_NAMES = Object.freeze({{ {names} }});\n")


def refresh() -> None:
    """Write the template and merge it into every language's catalog; write the page's list
    of languages."""
    PAGE_LANGUAGES.write_text(page_languages(), encoding="utf-8")
    template = extract_template()
    with (TRANSLATIONS / "messages.pot").open("wb") as file:
        write_po(file, template, width=100, sort_output=True)
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        path = po_path(language)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, charset="utf-8")
        catalog.update(template, update_header_comment=False)
        with path.open("wb") as file:
            write_po(file, catalog, width=100, sort_output=True, ignore_obsolete=True)


if __name__ == "__main__":
    refresh()
    sys.stdout.write(f"refreshed the catalogs in {TRANSLATIONS.relative_to(ROOT)}\n")
