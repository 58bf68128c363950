"""The extractor reads the engine's contexts and plural templates where they are written, and
the rules page's texts stay out of the page's own catalog."""

from __future__ import annotations

import io

from service.plumbing.i18n.catalogs import page_catalog, page_key, used_by_page
from service.plumbing.i18n.extract import extract_engine, extract_template

ENGINE_SOURCE = b'''
def name(say):
    # TRANSLATORS: a figure's colour.
    return say("red", context="figure") + say("red") + say("%(n)s", n=say("blue"))

REFUSED = Nn_("%(count)s way", "%(count)s ways", "count")
'''


def test_a_say_with_a_context_and_a_plural_marker_are_read_as_gettext_reads_them() -> None:
    found = [(keyword, messages, comments) for _line, keyword, messages, comments
             in extract_engine(io.BytesIO(ENGINE_SOURCE), {}, ["TRANSLATORS:"], {})]
    assert ("pgettext", ("figure", "red"), ["TRANSLATORS: a figure's colour."]) in found
    assert ("_", "red", []) in [(k, m if isinstance(m, str) else m[0], c) for k, m, c in found]
    assert ("ngettext", ("%(count)s way", "%(count)s ways", "count"), []) in found


def test_the_catalogs_hold_a_figures_colour_beside_a_players() -> None:
    template = extract_template()
    figure, player = template.get("red", context="figure"), template.get("red")
    assert figure is not None and player is not None
    assert {path for path, _line in figure.locations} == {"engine/narrate.py",
                                                          "web/js/model/viewmodel.js"}
    assert page_key(figure) == "figure\x04red" and page_key(player) == "red"
    plural = template.get("%(name)s %(path)s: step %(step)s: %(name)s shows %(points)s, so it "
                          "can take at most %(points)s step, not %(steps)s")
    assert plural is not None and plural.pluralizable


def test_the_rules_pages_texts_are_in_the_catalogs_but_not_in_the_pages() -> None:
    rules = [m for m in extract_template()
             if any(path == "web/make_rules_page.py" for path, _line in m.locations)]
    assert len(rules) > 30
    only_there = [m for m in rules if not used_by_page(m)]
    assert only_there and not set(map(page_key, only_there)) & set(page_catalog("de"))
    assert page_catalog("de")["figure\x04red"] == "Rot"
    assert page_catalog("pl")["figure\x04red"] == "czerwona"
