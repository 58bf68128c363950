"""Finding every text the code wraps for translation, and refreshing the catalogs from them.

``python -m service.plumbing.i18n.extract`` (``make i18n``) writes the template ``messages.pot``
from the code and merges it into each language's ``messages.po``: new texts come in empty, texts
gone from the code are dropped, changed texts come in fuzzy (a guess to check), as
``pybabel update`` does. Translators then fill in the ``.po`` files (``docs/translating.md``).

Where texts are found:

* Python under ``service/`` and ``worker/``: ``_("...")``, ``ngettext("...", "...", n)`` and
  ``lazy_gettext("...")``, with ``%(name)s`` placeholders.
* The page's JavaScript under ``web/js/``: ``t("...")`` and ``tn("...", "...", n)``, with
  ``{name}`` placeholders.
* The page's HTML: the text of an element marked ``data-t``, and the value of each attribute
  named in ``data-t-attrs`` (``data-t-attrs="aria-label placeholder"``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from service.plumbing.i18n.catalogs import TRANSLATIONS, po_path
from service.plumbing.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

ROOT = Path(__file__).resolve().parents[3]

METHODS = [
    ("service/**.py", "python"),
    ("worker/**.py", "python"),
    ("engine/narrate.py", "service.kernel.narration:extract_templates"),
    ("engine/diagram.py", "service.kernel.narration:extract_templates"),
    ("web/js/**.js", "javascript"),
    ("web/index.html", "service.plumbing.i18n.extract:extract_html"),
]
KEYWORDS: Mapping[str, Any] = {
    "_": None, "ngettext": (1, 2), "lazy_gettext": None, "t": None, "tn": (1, 2),
}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text`` (``%(name)s`` and ``{name}`` alike)."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


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


def refresh() -> None:
    """Write the template and merge it into every language's catalog."""
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
