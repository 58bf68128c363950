"""service.features.mail.compose: the emails as a mail client shows them, in real Chromium.

Each kind of email is rendered from engine data with hostile names; the HTML is loaded into
a page (scripts on, as the worst mail client would have them) and must show its board and
links and run nothing. A screenshot of each goes to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

import engine
from engine.diagram import board_text, status_lines
from service.features.mail import compose
from service.features.mail.compose import Mail, Reader
from service.features.mail.seats import EVERY_EVENT
from service.features.mailin import replies

HOSTILE = '<img src=x onerror="window.pwned=1">Ann'
GAME_NAME = '<b>Friday</b> "night"'
READER = Reader(game_id="G" * 22, game_name=GAME_NAME, seat=0, name=HOSTILE, colour="red",
                link="https://ff.example/play/g#t=tok", unsubscribe_url="https://ff.example/u/t",
                mode=EVERY_EVENT)


def state() -> engine.GameState:
    """Return a position with a figure on the board."""
    start = engine.new_game(["red", "blue"], seed=7, start_seat=0)
    return engine.apply_action(start, engine.parse_action("red 5 +WWNN", start), 0).state


def mails() -> dict[str, Mail]:
    """Return one email of each kind about the same position."""
    diagram = engine.diagram(state())
    history = [f"{HOSTILE} (blue): blue 3 +", "The monster drew 5 and stopped on a1."]
    said = [f"{HOSTILE} (blue): <i>good luck</i>"]
    examples = ["red 4 +WWN   (onto the board, to n10)", "red 5 NN   (to m8)",
                "flip red 4   (turns it over without moving it)"]
    items = ["red 4 +WWN (to n10)", "red 5 NN (to m8)", "flip red 4"]
    return {
        "your_move": compose.your_move(READER, "turn 3, stage 1", items, history, said,
                                       "\n".join([board_text(state(), doors=False),
                                                  *status_lines(state(), head=False)]),
                                       last_move="red 5 +WWNN"),
        "monster": compose.monster_result(READER, "turn 3, stage 1", "The monster drew <5>.",
                                          diagram),
        "over": compose.game_over(READER, "The game is over.", [f"{HOSTILE}: 2 escaped"], None,
                                  diagram),
        "digest": compose.digest(READER, history, said, "It is your turn.", diagram),
        "invitation": compose.invitation(HOSTILE, GAME_NAME, "red",
                                         "https://ff.example/play/g#t=tok", examples),
        "links": compose.lost_links([(HOSTILE, "https://ff.example/play/g#t=tok")]),
    }


@pytest.mark.parametrize("kind", sorted(mails()))
def test_each_email_renders_with_its_links_and_runs_nothing_a_name_carries(
    page: Page, artifacts_dir: Path, kind: str
) -> None:
    mail = mails()[kind]
    page.set_content(mail.html)
    assert page.evaluate("window.pwned") is None
    assert page.locator("img").count() == 0
    assert HOSTILE in page.inner_text("body")  # shown as text, exactly as typed
    assert page.locator('a[href="https://ff.example/play/g#t=tok"]').count() >= 1
    if kind not in ("invitation", "links"):
        assert page.locator("table tr").count() == 12
        assert page.locator("table td").count() == 11 * 16
        assert page.locator('a[href="https://ff.example/u/t"]').count() == 1
    page.screenshot(path=str(artifacts_dir / f"mail-{kind}.png"), full_page=True)


def test_the_text_and_the_html_say_the_same_things() -> None:
    for mail in mails().values():
        assert HOSTILE in mail.text
        assert "https://ff.example/play/g#t=tok" in mail.text


@pytest.mark.parametrize("kind", ["your_move", "monster", "over", "digest", "invitation"])
def test_the_subject_names_the_game(kind: str) -> None:
    assert mails()[kind].subject.startswith(f"[{GAME_NAME}] ")
    assert mails()["your_move"].subject == f"[{GAME_NAME}] Your move — turn 3, stage 1"


def test_your_move_says_in_its_first_lines_how_to_reply_with_a_move(page: Page) -> None:
    mail = mails()["your_move"]
    reply = ("Reply with your move, for example red 4 +WWN (to n10), red 5 NN (to m8) or flip "
             "red 4; or 'board', 'help' or 'say' and a message.")
    assert reply in mail.text.split("\n")[:10]
    page.set_content(mail.html)
    assert reply in " ".join(page.inner_text("body").split())


@pytest.mark.parametrize("kind", ["invitation"])
def test_the_first_lines_say_how_to_reply_with_a_move_with_examples(page: Page,
                                                                    kind: str) -> None:
    mail = mails()[kind]
    text = mail.text.split("\n")
    start = text.index("Reply to this email with your move to play it, for example:")
    assert start < 8  # in the first lines
    for example in ("red 4 +WWN   (onto the board, to n10)", "red 5 NN   (to m8)",
                    "flip red 4   (turns it over without moving it)"):
        assert any(line.endswith(example) for line in text[start + 1:start + 5])
    assert "'say' and a message for the other players" in mail.text
    page.set_content(mail.html)
    body = page.inner_text("body")
    assert "Reply to this email with your move to play it" in body
    assert "red 4 +WWN (onto the board, to n10)" in " ".join(body.split())


def test_an_invitation_before_the_seats_move_says_how_without_examples() -> None:
    mail = compose.invitation("Ann", "Game ab", "red", "https://ff.example/p", [])
    assert ("When it is your turn, reply to the email that says so with your move, like "
            "'red 5 +NNW'") in mail.text
    assert "for example" not in mail.text


def test_table_talk_is_shown_escaped() -> None:
    mail = mails()["your_move"]
    assert "Said at the table" in mail.text and "<i>good luck</i>" in mail.text
    assert "&lt;i&gt;good luck&lt;/i&gt;" in mail.html and "<i>good" not in mail.html


def test_the_your_move_text_has_the_board_the_history_and_the_footer_and_no_legend() -> None:
    text = mails()["your_move"].text
    assert text.startswith(f"Hello {HOSTILE}, it is your move (red) in {GAME_NAME}, turn 3, "
                           "stage 1.\nSince your move red 5 +WWNN was made:\n- ")
    assert "\n 1  M>  " in text and "\nred: 5 on n9; 1, 3 and 4 wait outside.\nblue: " in text
    assert "exit: a1" not in text and "Legend:" not in text  # in the invitation and 'help'
    assert text.rstrip().endswith("https://ff.example/u/t")


def test_a_first_your_move_tells_the_game_so_far() -> None:
    mail = compose.your_move(READER, "turn 1, stage 1", ["flip red 4"], ["Ann moved."], [],
                             "board")
    assert "\nSo far in the game:\n- Ann moved.\n" in mail.text


@pytest.mark.parametrize("kind", ["your_move", "monster", "over", "digest"])
def test_the_footer_counts_seats_from_1_and_says_why_mail_may_pause(kind: str) -> None:
    mail = mails()[kind]
    for body in (mail.text, mail.html):
        assert "You play red (seat 1) in " in body
        assert "No email comes while you have the game open on its page" in body
    # A game that is over is not answered with moves; one under way says what a reply can do.
    assert ("'board'" in mail.text) == (kind != "over")
    assert "your move" not in mail.text.lower() or kind == "your_move"


def answer_mails() -> dict[str, str]:
    """Return the HTML of the mail-in answers that carry the most: legal moves and a board."""
    diagram = engine.diagram(state())
    legal = [f"green 5 +{'W' * n}   (to {'ponmlk'[n]}11)" for n in range(6)]
    return {
        "refused": replies.render(replies.refused_move("green 5 +E", "a wall is in the way",
                                                       legal, diagram, "https://ff.example/p"))[1],
        "help": replies.render(replies.help_text("https://ff.example/p"))[1],
    }


@pytest.mark.parametrize("kind", [*sorted(mails()), "answer-refused", "answer-help"])
def test_each_email_fits_a_phone_screen(page: Page, artifacts_dir: Path, kind: str) -> None:
    # 390 px wide, as a phone: nothing may make the mail scroll sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    html = (answer_mails()[kind.removeprefix("answer-")] if kind.startswith("answer-")
            else mails()[kind].html)
    page.set_content(html)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=str(artifacts_dir / f"mail-{kind}-390.png"), full_page=True)
    assert width <= 390, f"{kind} is {width} px wide"
