"""service.features.mail.markup: the board as an HTML table, and text always escaped."""

from __future__ import annotations

import re

import engine
from service.features.mail import markup


def test_the_board_table_has_a_head_row_and_one_row_per_board_row_of_sixteen_cells() -> None:
    html = markup.board(engine.diagram(engine.new_game(["red", "blue"], seed=7, start_seat=0)))
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    assert len(rows) == 12
    assert [len(re.findall(r"<td ", row)) for row in rows[1:]] == [16] * 11
    assert "<td" not in rows[0] and ">a</th>" in rows[0] and ">p</th>" in rows[0]


def test_the_board_shows_the_monster_and_the_figures_by_their_codes() -> None:
    state = engine.new_game(["red", "blue"], seed=7, start_seat=0)
    state = engine.apply_action(state, engine.parse_action("red 5 +WWNN", state), 0).state
    html = markup.board(engine.diagram(state))
    assert "M&gt;</td>" in html  # the monster facing east, escaped
    assert ">r5</td>" in html or ">R5</td>" in html
    assert "<pre" in html and "Legend:" in html  # the status lines and legend follow


def test_text_is_escaped_and_keeps_its_line_breaks() -> None:
    assert markup.text('<a href="x">&\nnext') == "&lt;a href=&quot;x&quot;&gt;&amp;<br>next"
    assert markup.paragraph("<b>") == '<p style="margin:0 0 12px">&lt;b&gt;</p>'
    assert markup.items(["<i>"]) == "<ul><li>&lt;i&gt;</li></ul>"


def test_links_escape_their_address_and_label() -> None:
    html = markup.link('https://x.example/?a=1&b="2"', "<go>")
    assert html == '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">&lt;go&gt;</a>'
    assert 'href="https://x.example/?a=1&amp;b=&quot;2&quot;"' in markup.button(
        'https://x.example/?a=1&b="2"', "go")


def test_the_document_escapes_its_title() -> None:
    html = markup.document("<Title>", ["<p>body</p>"], "foot")
    assert "<title>&lt;Title&gt;</title>" in html and "<p>body</p>" in html
