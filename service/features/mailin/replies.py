"""The answers to inbound mail: subject, plain text and HTML of each, and writing them out.

Every answer goes through the outbox in the transaction that records what became of the
message, keyed by the message's log row, so it is written once however often the message
is delivered. Answers carry ``Auto-Submitted: auto-replied`` (RFC 3834) and
``In-Reply-To``, so mail clients thread them and no auto-responder answers them back. An
answer to a seat's own reply carries the seat's reply address, so answering it works too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from flask import current_app
from sqlalchemy.orm import Session

from service.features.mail import markup
from service.features.mail.notices import thread_key, turn_mail_prefix
from service.features.mailin.commands import help_lines
from service.features.mailin.models import InboundMail
from service.plumbing import outbox
from service.plumbing.columns import utcnow
from service.plumbing.i18n import _, ngettext
from service.plumbing.i18n.languages import LANGUAGE_NAMES

TOPIC = "mail_reply"
MAX_LEGAL_LINES = 60


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer's words: a title, paragraphs, an optional list and an optional board."""

    title: str
    paragraphs: Sequence[str]
    items: Sequence[str] = ()
    diagram: str | None = None
    link: str | None = None
    held: bool = False  # sent only if no mail to the seat about its game follows in a while


def write(session: Session, row: InboundMail, message_id: str | None, answer: Answer,
          reply_to: str | None = None) -> None:
    """Write the answer to the sender of ``row`` to the outbox (once per row); ``reply_to``,
    the seat's reply address, makes the answer itself answerable with a move."""
    headers = {"Auto-Submitted": "auto-replied", "X-FF-Kind": TOPIC}
    if message_id:
        headers["In-Reply-To"] = message_id
        headers["References"] = message_id
    subject = row.subject if row.subject.lower().startswith("re:") else f"Re: {row.subject}"
    if row.said_note:
        answer = replace(answer, paragraphs=[row.said_note, *answer.paragraphs])
    text, html = render(answer, answerable=reply_to is not None)
    # An answer to the seat joins the seat's thread of the game; one to a stranger does not.
    thread = (thread_key(row.game_id, row.seat)
              if reply_to and row.game_id is not None and row.seat is not None else None)
    # A held answer waits, and is dropped if a mail to the seat about its game goes first.
    superseded_by = (turn_mail_prefix(row.game_id, row.seat) if answer.held
                     and row.game_id is not None and row.seat is not None else None)
    not_before = None if superseded_by is None else utcnow() + timedelta(
        seconds=current_app.config["MAIL_CONFIRM_AFTER_SECONDS"])
    outbox.email_job(session, row.sender, subject.strip()[:200] or answer.title, text,
                     f"mailin:{row.id}:reply", html=html, reply_to=reply_to, headers=headers,
                     game_id=row.game_id, seat=row.seat, topic=TOPIC, thread=thread,
                     not_before=not_before, superseded_by=superseded_by)


def render(answer: Answer, answerable: bool = True) -> tuple[str, str]:
    """Return the answer as plain text and as HTML; the footer says what to answer with
    only when the answer can be answered (it goes to the seat, with its reply address)."""
    items = list(answer.items[:MAX_LEGAL_LINES])
    if len(answer.items) > MAX_LEGAL_LINES:
        items.append(ngettext("... and %(num)d more", "... and %(num)d more",
                              len(answer.items) - MAX_LEGAL_LINES))
    text_parts = [answer.title, ""]
    html_parts = []
    for paragraph in answer.paragraphs:
        text_parts += [paragraph, ""]
        html_parts.append(markup.paragraph(paragraph))
    if items:
        text_parts += [f"  {item}" for item in items] + [""]
        html_parts.append(markup.preformatted("\n".join(items)))
    if answer.diagram is not None:
        text_parts += [answer.diagram, ""]
        html_parts.append(markup.board(answer.diagram))
    if answer.link is not None:
        text_parts += [_("Your game: %(link)s", link=answer.link), ""]
        html_parts.append(markup.button(answer.link, _("Open your game")))
    if not answerable:
        return "\n".join(text_parts), markup.document(answer.title, html_parts, "")
    # TRANSLATORS: 'say', 'board' and 'help' are the words the player writes: keep them (the
    # help lists each language's own).
    footer = _("Answer with your move when it is your turn, 'say' and a message for the "
               "other players, 'board' for the board or 'help' for how to write moves.")
    text_parts += ["-- ", footer, ""]
    return "\n".join(text_parts), markup.document(answer.title, html_parts, markup.text(footer))


def applied(notation: str, diagram: str, link: str, to_move: str | None,
            plan: Sequence[str] = ()) -> Answer:
    """Return the confirmation of an applied move, with the new board; ``plan`` says what
    became of the reply's further moves (the turn plan)."""
    # TRANSLATORS: notation is the move as the engine writes it (green 5 +NNW); player is a
    # player's name or a colour.
    done = (_("Done: %(notation)s. Now %(player)s is to move.", notation=notation,
              player=to_move) if to_move else _("Done: %(notation)s.", notation=notation))
    return Answer(_("Your move was made"), [done, *plan], diagram=diagram, link=link)


MADE_NEXT = "next"  # another player is to move
MADE_AGAIN = "again"  # the seat is to move again
MADE_MONSTER = "monster"  # the monster phase comes
MADE_OVER = "over"  # the game is over


def made(notation: str, then: str, player: str | None, link: str,
         plan: Sequence[str] = ()) -> Answer:
    """Return the short answer to a move made by mail when the seat needs one: one line, the
    move and what comes now (``then``: one of ``MADE_*``; ``player``, who is next), and what
    became of the reply's further moves (``plan``)."""
    # TRANSLATORS: notation is the move as the engine writes it (green 5 +NNW); player is a
    # player's name or a colour.
    line = {MADE_NEXT: _("Your move %(notation)s was made; %(player)s is next.",
                         notation=notation, player=player),
            MADE_AGAIN: _("Your move %(notation)s was made; it is your turn again.",
                          notation=notation),
            MADE_MONSTER: _("Your move %(notation)s was made; the monster moves next.",
                            notation=notation),
            MADE_OVER: _("Your move %(notation)s was made; the game is over.",
                         notation=notation)}[then]
    return Answer(_("Your move was made"), [line, *plan], link=link)


def plan_words(lines: Sequence[str], flip_rest: bool) -> list[str]:
    """Return the paragraphs that tell a seat its turn plan was made."""
    items = [f"{number}. {line}" for number, line in enumerate(lines, start=1)]
    if flip_rest:
        items.append(_("then flip the rest"))
    # TRANSLATORS: moves lists the planned moves: "1. green 5 +NNW; 2. flip 4".
    return [_("Your plan for your coming turns of this game turn: %(moves)s.",
              moves="; ".join(items)),
            _("Each move is made when your turn comes, if it still does what it does now; "
              "else you get an email. A new plan replaces this one.")]


def planned(lines: Sequence[str], flip_rest: bool, link: str) -> Answer:
    """Return the answer to a reply that planned moves (none made now)."""
    return Answer(_("Your plan was made"), plan_words(lines, flip_rest), link=link)


def refused_move(line: str, message: str, legal: Sequence[str], diagram: str | None,
                 link: str | None) -> Answer:
    """Return the answer to a move that was not made: why, and the legal moves."""
    # TRANSLATORS: line is the move as the player wrote it, in quotes; reason says why.
    paragraphs = [_("Your move %(line)s was not made: %(reason)s", line=repr(line),
                    reason=message)]
    if legal:
        paragraphs.append(_("These are the moves you can make now (answer with one line):"))
    return Answer(_("Your move was not made"), paragraphs, legal, diagram, link)


def said(your_turn: bool, link: str) -> Answer:
    """Return the answer to a message that only spoke to the table (what became of it comes
    first, from the log row)."""
    after = [_("It is still your turn: reply with your move.")] if your_turn else []
    return Answer(_("Your message to the table"), after, link=link)


def wrong_sender(sender: str) -> str:
    """Say that only the seat's own address may send its moves (``sender``: who did)."""
    if not sender:
        return _("Moves for this seat are taken only from the seat's own email address, not "
                 "from an unnamed sender.")
    return _("Moves for this seat are taken only from the seat's own email address, not "
             "from %(sender)s.", sender=sender)


def not_your_turn(player: str | None, colour: str) -> str:
    """Say that it is another seat's turn: its ``player`` (None: an open seat) and
    ``colour``, in the reader's words."""
    if player:
        # TRANSLATORS: player is a player's name, colour their colour (green).
        return _("Now %(player)s (%(colour)s) is to move, not you. Your move is taken when it "
                 "is your turn: you will get an email then.", player=player, colour=colour)
    # TRANSLATORS: colour names the player to move by their colour (green).
    return _("Now %(colour)s is to move, not you. Your move is taken when it is your turn: "
             "you will get an email then.", colour=colour)


def said_note(refusal: str | None) -> str:
    """Say what became of a message to the table: posted, or not and why (``refusal``)."""
    if refusal is None:
        return _("Your message was posted to the table.")
    return _("Your message was not posted to the table: %(reason)s", reason=refusal)


def noted_note(refusal: str | None) -> str:
    """Return what became of a reply's ``note`` line, said first in its answer."""
    if refusal is None:
        return _("Your note was saved.")
    return _("Your note was not saved: %(reason)s", reason=refusal)


def note_shown(text: str, link: str) -> Answer:
    """Return the answer to ``note``: the seat's private note as it stands."""
    if not text:
        return Answer(_("Your note"), [_("Your note of this game is empty. Write 'note' and "
                                         "a line to add it.")], link=link)
    return Answer(_("Your note"), [_("Your private note of this game (no one else reads "
                                     "it):"), text], link=link)


def not_understood(reason: str, suggestions: Sequence[str], moves: bool,
                   diagram: str | None, link: str) -> Answer:
    """Return the answer to an email with nothing in it to act on: why, and what to write
    (``moves``: the moves the seat can make now, with the board; else the commands)."""
    ask = (_("These are the moves you can make now (answer with one line):") if moves
           else _("You can answer with one of these lines:"))
    return Answer(_("Your email was not understood"), [reason, ask], suggestions,
                  diagram if moves else None, link)


def refused(title: str, message: str) -> Answer:
    """Return the answer to a message that could not be acted on at all."""
    return Answer(title, [message])


def board(diagram: str, link: str) -> Answer:
    """Return the answer to ``board``."""
    return Answer(_("The board"), [_("This is the game as it is now.")], diagram=diagram,
                  link=link)


def help_text(link: str | None) -> Answer:
    """Return the answer to ``help``."""
    return Answer(_("How to play by email"), [], help_lines(), link=link)


def language_set(language: str, link: str) -> Answer:
    """Return the answer to ``language ...`` that set the seat's language (written in it)."""
    return Answer(_("Your language"), [
        # TRANSLATORS: language is the language's name in itself (Deutsch, Español, Polski).
        _("From now on your emails from this game are in %(language)s.",
          language=LANGUAGE_NAMES[language]),
        _("You may write your moves in its words too: answer 'help' to see them.")], link=link)


def language_choices(asked: str, current: str, link: str) -> Answer:
    """Return the answer to ``language ...`` that named no language the game speaks: the
    choices, and the language the seat reads now."""
    choices = [f"language {code}    {name}" for code, name in LANGUAGE_NAMES.items()]
    # TRANSLATORS: asked is what the player wrote after "language", in quotes.
    first = (_("I do not know the language %(asked)s.", asked=repr(asked)) if asked
             else _("Which language?"))
    return Answer(_("Your language"), [
        first,
        _("Your emails from this game are in %(language)s. Answer with one of these lines to "
          "change it:", language=LANGUAGE_NAMES[current])], choices, link=link)


def nudged(player: str, emailed: bool, next_moment: str, link: str) -> Answer:
    """Return the answer to ``nudge``: who was nudged, how, and when the next may go."""
    # TRANSLATORS: player is a player's name or a colour.
    how = (_("%(player)s got an email: the game waits for their move.", player=player)
           if emailed else
           _("%(player)s gets no email from this game: the nudge is shown on the game's page.",
             player=player))
    # TRANSLATORS: moment is a day and time.
    return Answer(_("Your nudge was sent"), [
        how, _("One nudge a day: the next may go at %(moment)s.", moment=next_moment)],
        link=link)


def seat_back(legal: Sequence[str], diagram: str | None, link: str) -> Answer:
    """Return the answer to ``back`` that took the seat back from the computer; ``legal``,
    the moves the seat can make now when it is its turn (and the board)."""
    paragraphs = [_("The computer no longer plays your seat: its moves are yours again.")]
    if legal:
        paragraphs += [_("It is your turn: answer with your move."),
                       _("These are the moves you can make now (answer with one line):")]
    return Answer(_("Your seat is yours again"), paragraphs, legal,
                  diagram if legal else None, link)


def seat_yours(link: str) -> Answer:
    """Return the answer to ``back`` from a seat the computer does not play."""
    return Answer(_("Your seat is yours"),
                  [_("The computer does not play your seat: it is yours already.")], link=link)


def plan_shown(lines: Sequence[str], flip_rest: bool, stopped: str | None, clear: str,
               link: str) -> Answer:
    """Return the answer to ``plan``: the seat's turn plan (its lines in notation), why it
    last stopped, and how to drop it (``clear``: the command in the seat's words)."""
    paragraphs = []
    if stopped:
        # TRANSLATORS: reason says why the plan stopped, as the plan's email said it.
        paragraphs.append(_("Your turn plan stopped: %(reason)s", reason=stopped))
    if lines or flip_rest:
        paragraphs += plan_words(lines, flip_rest)
        # TRANSLATORS: command is what the player writes, in quotes ('plan clear').
        paragraphs.append(_("To drop it, answer %(command)s.", command=f"'{clear}'"))
    else:
        paragraphs.append(_("You have no turn plan for this game turn. To make one, answer "
                            "with several moves, one per line."))
    return Answer(_("Your turn plan"), paragraphs, link=link)


def plan_cleared(had: bool, link: str) -> Answer:
    """Return the answer to ``plan clear``: dropped, or there was none."""
    return Answer(_("Your turn plan"), [
        _("Your turn plan was dropped: your coming turns are yours to play.") if had
        else _("You had no turn plan: nothing was dropped.")], link=link)


def answers_setting(every: bool, change: str, link: str) -> Answer:
    """Return the answer to ``answers ...``: which of the seat's emails are answered now
    (``every``: all), and how to change it (``change``: the command in the seat's words)."""
    now = (_("You get an answer to every email you send to this game; to a move, with the "
             "new board.") if every else
           _("You get an answer only when you need one: when something was not done; to "
             "board, help, a plan, a message to the table or a setting; and to a move when "
             "your next email from this game will not come soon. A move that your next "
             "email follows at once gets none: when it is your turn again, when the monster "
             "moves next and you get its email, or when computers or plans move until your "
             "turn."))
    # TRANSLATORS: command is what the player writes, in quotes ('answers all').
    return Answer(_("Your answers"), [now, _("To change it, answer %(command)s.",
                                             command=f"'{change}'")], link=link)


def taken_back(legal: Sequence[str], diagram: str | None, link: str) -> Answer:
    """Return the answer to ``undo`` that took the seat's last move back at once; ``legal``,
    the moves it can make now (with the board) when the move is its again."""
    paragraphs = [_("Your last move was taken back: the game is as it was before it.")]
    if legal:
        paragraphs.append(_("These are the moves you can make now (answer with one line):"))
    return Answer(_("Your move was taken back"), paragraphs, legal, diagram, link)


def takeback_news(status: str, own: bool, waiting: Sequence[str], link: str) -> Answer:
    """Return the answer to ``undo``, ``yes`` or ``no`` that took nothing back yet: the
    request sent (``own``), agreed while others are still asked (``waiting``: their
    names), taken back, or refused."""
    names = ", ".join(waiting)
    if status == "declined":
        return Answer(_("Nothing was taken back"),
                      [_("You said no: the moves stand, and the game goes on.")], link=link)
    if status == "done":
        return Answer(_("The move was taken back"),
                      [_("You agreed, and the move was taken back: the game is as it was "
                         "before it.")], link=link)
    if own:
        # TRANSLATORS: %(names)s are the players asked, "Bob (red), Cy (blue)".
        return Answer(_("Your takeback was asked"), [
            _("%(names)s must agree first; you get an email when they have answered. If "
              "someone moves meanwhile, your move stands.", names=names)], link=link)
    return Answer(_("You agreed"), [
        _("Thank you. The move is taken back once %(names)s agree too.", names=names)],
        link=link)


def rematch_news(status: str, plays: bool | None, waiting: Sequence[str], link: str) -> Answer:
    """Return the answer to ``rematch``, ``yes`` or ``no`` about a rematch: started, lapsed,
    or asking (whether the reader plays, and who is still asked: their names)."""
    if status == "started":
        return Answer(_("The rematch has started"), [
            _("Your link to the new game comes by email; it is on this game's page too.")
            if plays else _("The rematch has started without you.")], link=link)
    if status == "lapsed":
        return Answer(_("No rematch this time"), [
            _("Fewer than two players said yes in time.")], link=link)
    said = (_("You play the rematch.") if plays else _("You sit this rematch out."))
    # TRANSLATORS: %(names)s are the players still asked, "Bob, Cy".
    return Answer(_("The rematch"), [said, _("Still asked: %(names)s. It starts once they "
                                            "have answered.", names=", ".join(waiting))],
                  link=link)
