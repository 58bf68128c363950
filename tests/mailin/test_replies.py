"""service.features.mailin.replies: the answers' words, as text and escaped HTML."""

from __future__ import annotations

import engine
from service.features.mailin import replies

BOARD = engine.diagram(engine.new_game(["green", "red"], seed=7, start_seat=0))


def test_a_confirmation_has_the_move_the_board_and_the_link() -> None:
    text, html = replies.render(replies.applied("green 5 +", BOARD, "https://ff/play/g#t=x",
                                                "Bob"))
    assert text.startswith("Your move was made\n")
    assert "Done: green 5 +. Now Bob is to move." in text
    assert BOARD in text and "https://ff/play/g#t=x" in text
    assert "<table" in html and "Open your game" in html


def test_a_refusal_lists_the_legal_moves_and_cuts_a_long_list() -> None:
    legal = [f"green 5 +{'N' * i}" for i in range(replies.MAX_LEGAL_LINES + 5)]
    text, _ = replies.render(replies.refused_move("green 5 X", "it cannot", legal, None, None))
    assert "Your move 'green 5 X' was not made: it cannot" in text
    assert "  green 5 +\n" in text and "... and 5 more" in text


def test_words_from_the_sender_are_escaped_in_html() -> None:
    _, html = replies.render(replies.refused_move("<b>5</b>", "no <script>", [], None, None))
    assert "<b>5</b>" not in html and "<script>" not in html
    assert "&lt;script&gt;" in html
