"""The rules page (``/rules``): written from the engine in every language, served by the app,
and the target of every "why?" link the monster's replay makes; in German, no English
sentence of it is left."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


def load_generator(monkeypatch: pytest.MonkeyPatch) -> Any:
    spec = importlib.util.spec_from_file_location("make_rules_page", WEB / "make_rules_page.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


PAGES = {"en": "rules.html", "de": "rules.de.html", "es": "rules.es.html", "pl": "rules.pl.html"}


def test_the_page_in_every_language_is_what_the_engine_writes_today(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    generator = load_generator(monkeypatch)
    monkeypatch.setattr(generator, "PAGES", tmp_path)
    monkeypatch.setattr(generator, "ROOT", tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        generator.main()
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(PAGES.values())
    for language, name in PAGES.items():
        written = (tmp_path / name).read_text()
        assert written == (WEB / name).read_text(), (
            f"web/{name} is out of date: run .venv/bin/python web/make_rules_page.py")
        assert f'<html lang="{language}">' in written


@pytest.mark.parametrize("name", PAGES.values())
def test_every_decision_the_replay_links_to_has_its_section(name: str) -> None:
    linked = re.search(r"DECISIONS = Object\.freeze\(\[(.*?)\]\)",
                       (WEB / "js" / "model" / "decisions.js").read_text(), re.S)
    assert linked is not None
    anchors = re.findall(r'"([\w-]+)"', linked.group(1))
    sections = set(re.findall(r'<section id="([\w-]+)"', (WEB / name).read_text()))
    assert anchors and set(anchors) <= sections, set(anchors) - sections


def test_each_section_has_a_diagram_and_what_the_engine_does() -> None:
    page = (WEB / "rules.html").read_text()
    sections = re.findall(r'<section id="([\w-]+)">(.*?)</section>', page, re.S)
    assert {name for name, _ in sections} >= {"d3", "d4", "look-once", "teleport", "d5", "d11",
                                              "d7", "d19", "open-exit"}
    for name, body in sections:
        if name != "open-exit":
            assert '<pre class="diagram" tabindex="0">' in body and "What happens:" in body, name
