"""The emails' words: subject, plain text and HTML of each kind of message.

Functions here take plain values (names, links, the engine's diagram and narration) and
return a :class:`Mail`; they read no database. The HTML is made by :mod:`.markup`, which
escapes everything it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.mail import markup
from service.mail.seats import DIGEST, EVERY_EVENT, MY_TURN, NONE

MODE_WORDS = {
    EVERY_EVENT: "an email when it is your turn, after each monster phase and at the end",
    MY_TURN: "an email when it is your turn and at the end",
    DIGEST: "one summary a day at most",
    NONE: "no email",
}


@dataclass(frozen=True, slots=True)
class Mail:
    """One email's subject and its two bodies."""

    subject: str
    text: str
    html: str


@dataclass(frozen=True, slots=True)
class Reader:
    """Who an email about a game is for: their seat, name, colour, links and preference."""

    game_id: str
    seat: int
    name: str
    colour: str
    link: str
    unsubscribe_url: str
    mode: str

    @property
    def greeting(self) -> str:
        """Return the first line of the email."""
        return f"Hello {self.name},"


# Why a player may miss a mail: none is sent while the seat has the game open on its page.
PAGE_OPEN = ("No email comes while you have the game open on its page; mail starts again a "
             "minute after you leave it.")


def _about(reader: Reader) -> str:
    # Seats are counted from 1 for people (the API counts from 0).
    return (f"You play {reader.colour} (seat {reader.seat + 1}) in game {reader.game_id}; "
            f"you get {MODE_WORDS[reader.mode]}. {PAGE_OPEN}")


def _footer_text(reader: Reader) -> str:
    return f"{_about(reader)} To get no more emails about this game: {reader.unsubscribe_url}"


def _footer_html(reader: Reader) -> str:
    return (markup.text(f"{_about(reader)} ")
            + markup.link(reader.unsubscribe_url, "Get no more emails about this game."))


def _game_mail(reader: Reader, subject: str, sections: Sequence[tuple[str, str | list[str]]],
               diagram: str | None, action: str) -> Mail:
    """Assemble a mail about a game: greeting, titled sections, the board, the link, footer.

    A section's body is a paragraph (str) or a list of items.
    """
    text_parts = [reader.greeting, ""]
    html_parts = [markup.paragraph(reader.greeting)]
    for title, body in sections:
        if title:
            text_parts += [title, "-" * len(title)]
            html_parts.append(markup.heading(title))
        if isinstance(body, str):
            text_parts += [body, ""]
            html_parts.append(markup.paragraph(body))
        else:
            text_parts += [f"- {item}" for item in body] + [""]
            html_parts.append(markup.items(body))
    text_parts += [f"{action}:", f"  {reader.link}", ""]
    html_parts.append(markup.button(reader.link, action))
    if diagram is not None:
        text_parts += [diagram, ""]
        html_parts.append(markup.board(diagram))
    text_parts += ["-- ", _footer_text(reader), ""]
    return Mail(subject, "\n".join(text_parts),
                markup.document(subject, html_parts, _footer_html(reader)))


def your_move(reader: Reader, history: Sequence[str], diagram: str) -> Mail:
    """Return the "it is your turn" email: what happened since the seat last moved, the board."""
    sections: list[tuple[str, str | list[str]]] = [
        ("", f"It is your turn ({reader.colour}) in your game of Fearsome Floors.")]
    if history:
        sections.append(("Since your last move", list(history)))
    return _game_mail(reader, "Your move in Fearsome Floors", sections, diagram,
                      "Make your move")


def monster_result(reader: Reader, narration: str, diagram: str) -> Mail:
    """Return the email that tells a monster phase in words."""
    return _game_mail(reader, "The monster has moved in Fearsome Floors",
                      [("The monster's walk", narration)], diagram, "See the game")


def game_over(reader: Reader, summary: str, results: Sequence[str], diagram: str) -> Mail:
    """Return the email that tells the end of the game and the results."""
    return _game_mail(reader, "Your game of Fearsome Floors is over",
                      [("", summary), ("Results", list(results))], diagram, "See the game")


def digest(reader: Reader, history: Sequence[str], status: str, diagram: str) -> Mail:
    """Return the daily summary of a game: what happened since the last one, whose turn."""
    return _game_mail(reader, "Today in your game of Fearsome Floors",
                      [("", status), ("What happened", list(history))], diagram,
                      "Open the game")


def invitation(name: str, link: str) -> Mail:
    """Return the email that gives a player their private link when the game is created."""
    intro = "you have been invited to a game of Fearsome Floors, played by mail."
    keep = "This is your private link; it lets you play, so keep it to yourself:"
    lost = "If you lose it, ask for it again on the game page with this email address."
    text = f"Hello {name},\n\n{intro}\n{keep}\n\n  {link}\n\n{lost}\n"
    subject = "Your seat in a game of Fearsome Floors"
    html = markup.document(subject, [
        markup.paragraph(f"Hello {name},"), markup.paragraph(f"{intro} {keep}"),
        markup.button(link, "Open your seat"), markup.paragraph(link)], markup.text(lost))
    return Mail(subject, text, html)


def lost_links(links: Sequence[tuple[str, str]]) -> Mail:
    """Return the email that answers "I lost my link": one line per game, name and link."""
    asked = "you asked for your links to your games of Fearsome Floors. Here they are:"
    note = ("The links you were first given keep working; those in any earlier email like "
            "this one do not. If you did not ask for this, you can ignore this email.")
    lines = "\n".join(f"  {name}: {link}" for name, link in links)
    text = f"Hello,\n\n{asked}\n\n{lines}\n\n{note}\n"
    subject = "Your links to Fearsome Floors"
    html = markup.document(subject, [
        markup.paragraph("Hello,"), markup.paragraph(asked),
        "<ul>" + "".join(f"<li>{markup.link(link, name)}</li>" for name, link in links)
        + "</ul>"], markup.text(note))
    return Mail(subject, text, html)
