"""The emails' words: subject, plain text and HTML of each kind of message.

Functions here take plain values (names, links, the engine's diagram and narration) and
return a :class:`Mail`; they read no database. The HTML is made by :mod:`.markup`, which
escapes everything it is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.features.mail import markup
from service.features.mail.seats import DIGEST, EVERY_EVENT, MY_TURN, NONE
from service.features.mail.words import said_as
from service.plumbing.i18n import (
    _,
    colour_name,
    current_language,
    format_moment,
    lazy_gettext,
    ngettext,
)
from service.plumbing.i18n.words import level_name

MODE_SENTENCES = {
    # TRANSLATORS: what a seat gets by email (this and the next three), a sentence each.
    EVERY_EVENT: lazy_gettext("You get an email when it is your turn, after each monster phase "
                              "and at the end."),
    MY_TURN: lazy_gettext("You get an email when it is your turn and at the end."),
    DIGEST: lazy_gettext("You get one summary a day at most."),
    NONE: lazy_gettext("You get no email."),
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
    game_name: str
    seat: int
    name: str
    colour: str
    link: str
    unsubscribe_url: str
    mode: str

    @property
    def greeting(self) -> str:
        """Return the first line of the email."""
        return _("Hello %(name)s,", name=self.name)

    def subject(self, words: str) -> str:
        """Return a subject about this reader's game: ``[Friday night] Your move``."""
        return f"[{self.game_name}] {words}"

    @property
    def home_url(self) -> str:
        """Return the page where the reader asks for a link to all their games: beside the
        game's page on the service's public address (``service.kernel.urls.home_page``)."""
        return self.link.partition("/play/")[0] + "/home"


def _page_open() -> str:
    """Why a player may miss a mail: none is sent while the seat has the game open on its page
    (an open live page only: ``service.features.live.presence``)."""
    return _("No email comes while you have the game open on its page (reading it any other "
             "way does not count); mail starts again about a minute after you close it.")


def _about(reader: Reader) -> str:
    # Seats are counted from 1 for people (the API counts from 0).
    return " ".join([_("You play %(colour)s (seat %(number)s) in %(game)s.",
                       colour=colour_name(reader.colour), number=reader.seat + 1,
                       game=reader.game_name), str(MODE_SENTENCES[reader.mode]),
                     _page_open()])


def _home_words() -> str:
    """Where a player finds every game of theirs, or a lost link: the page where they ask for
    a link by email (not a live link: a mail forwarded or left open must not open the others)."""
    # TRANSLATORS: followed by the address of the page (a link).
    return _("Lost a link, or want all your games in one list? Ask for a link by email at")


def _footer_html(reader: Reader) -> str:
    return (markup.text(f"{_page_open()} {_home_words()} ")
            + markup.link(reader.home_url, reader.home_url) + markup.text(f". {_about(reader)} ")
            + markup.link(reader.unsubscribe_url, _("Get no more emails about this game.")))


def game_mail(reader: Reader, subject: str, sections: Sequence[tuple[str, str | list[str]]],
              diagram: str | None, action: str, playing: bool = True) -> Mail:
    """Assemble a mail about a game: greeting, titled sections, the link, the board and where
    the game stands, footer; how to answer by mail while the game is being played
    (``playing``).

    A section's body is a paragraph (str) or a list of items.
    """
    text_parts = [reader.greeting, ""]
    html_parts = [markup.paragraph(reader.greeting)]
    for title, body in sections:
        if title:
            # TRANSLATORS: a section's title in the plain text of a mail: "Results:".
            text_parts.append(_("%(title)s:", title=title))
            html_parts.append(markup.heading(title))
        if isinstance(body, str):
            text_parts += [body, ""]
            html_parts.append(markup.paragraph(body))
        else:
            text_parts += [f"- {item}" for item in body] + [""]
            html_parts.append(markup.items(body))
    if playing:
        reply = reply_with_a_move(())
        text_parts += [reply, ""]
        html_parts.append(markup.paragraph(reply))
    text_parts += [f"{action}: {reader.link}", ""]
    html_parts.append(markup.button(reader.link, action))
    if diagram is not None:
        text_parts += [diagram, ""]
        html_parts.append(markup.board(diagram))
    text_parts += ["-- ", *_short_footer(reader), ""]
    return Mail(subject, "\n".join(text_parts),
                markup.document(subject, html_parts, _footer_html(reader)))


def instructions(examples: Sequence[str], colour: str) -> tuple[str, list[str], str]:
    """Return how to play by replying: a first line, ``examples`` (the seat's moves now, each
    with what it does; none when it is not its move) and a last line. They are the first
    lines of "your move" and of an invitation."""
    if not examples:
        # TRANSLATORS: %(example)s is a move as it is written ('green 5 +NNW'); keep it.
        return (_("When it is your turn, reply to the email that says so with your move, like "
                  "%(example)s.", example=f"'{colour} 5 +NNW'"), [],
                # TRANSLATORS: 'help' is the word a reply starts with; keep it.
                _("Reply %(help)s for how to write moves.", help="'help'"))
    return (_("Reply to this email with your move to play it, for example:"), list(examples),
            # TRANSLATORS: 'board', 'help' and 'say' are the words a reply starts with.
            _("Or reply %(board)s for the board, %(help)s for how to write moves, or %(say)s "
              "and a message for the other players.", board="'board'", help="'help'",
              say="'say'"))


def _instruction_sections(examples: Sequence[str], colour: str
                          ) -> list[tuple[str, str | list[str]]]:
    first, lines, last = instructions(examples, colour)
    return [("", first), *([("", lines)] if lines else []), ("", last)]


def time_left(deadline: datetime, now: datetime) -> str:
    """Return the time from ``now`` to ``deadline`` in words: ``2 days 3 hours``,
    ``40 minutes``, ``less than a minute`` (nothing finer than minutes, rounded down)."""
    left = max(deadline - now, timedelta(0))
    minutes = int(left.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [words for count, words in (
        (days, ngettext("%(num)d day", "%(num)d days", days)),
        (hours, ngettext("%(num)d hour", "%(num)d hours", hours)),
        (minutes, ngettext("%(num)d minute", "%(num)d minutes", minutes))) if count]
    return " ".join(parts[:2]) or _("less than a minute")


def clock_line(deadline: datetime | None, now: datetime, vacation_days: int) -> str | None:
    """Return what a mail says of the time the seat has for its move (None: no limit):
    until when, how long that is, and the vacation days that would be spent after it."""
    if deadline is None:
        return None
    # TRANSLATORS: %(deadline)s is a day and time; %(left)s a time like "2 days 3 hours".
    line = _("You have until %(deadline)s for this move (%(left)s left).",
             deadline=format_moment(deadline), left=time_left(deadline, now))
    if vacation_days:
        line += " " + ngettext(
            "Then your vacation (%(num)d day left) is spent a day at a time before your time "
            "runs out.",
            "Then your vacation (%(num)d days left) is spent a day at a time before your time "
            "runs out.", vacation_days)
    return line


def your_move(reader: Reader, when: str, examples: Sequence[str], history: Sequence[str],
              messages: Sequence[str], diagram: str, clock: str | None = None,
              note: str | None = None, *, last_move: str | None = None) -> Mail:
    """Return the "it is your turn" email, short enough to read at a glance: why the seat's
    turn plan stopped (``note``), how long the seat has (``clock``, from :func:`clock_line`),
    that its last move (``last_move``, as written) was made and what happened since
    (``history``), what was said at the table, how to answer with a move (``examples``),
    the link, and the board with where the game stands in words (``diagram``, without its
    legend: :func:`service.kernel.narration.board_and_status`)."""
    # TRANSLATORS: the first line of a "your move" mail; %(when)s is "turn 3, stage 1".
    head = _("Hello %(name)s, it is your move (%(colour)s) in %(game)s, %(when)s.",
             name=reader.name, colour=colour_name(reader.colour), game=reader.game_name,
             when=when)
    text = [head, *([note] if note else []), *([clock] if clock else [])]
    html = [markup.paragraph(head), *(markup.paragraph(line) for line in (note, clock) if line)]
    if history:
        # TRANSLATORS: %(move)s is the reader's last move as written: "green 5 +NNW".
        since = (_("Since your move %(move)s was made:", move=last_move) if last_move
                 else _("So far in the game:"))
        text += [since, *(f"- {line}" for line in history), ""]
        html += [markup.paragraph(since), markup.items(history)]
    if messages:
        said = _("Said at the table:")
        text += [said, *(f"- {line}" for line in messages), ""]
        html += [markup.paragraph(said), markup.items(messages)]
    reply = reply_with_a_move(examples)
    text += [reply, _("Your game: %(link)s", link=reader.link), "", diagram]
    html += [markup.paragraph(reply), markup.button(reader.link, _("Make your move")),
             markup.board(diagram)]
    subject = reader.subject(_("Your move — %(when)s", when=when))
    return Mail(subject, "\n".join([*text, "-- ", *_short_footer(reader), ""]),
                markup.document(subject, html, _footer_html(reader)))


def reply_with_a_move(examples: Sequence[str]) -> str:
    """Return how to answer with a move, in one line: a few of the seat's moves now (each
    with what it does) and the words that ask for the board, the notation or the table."""
    words = command_words()
    if not examples:
        # TRANSLATORS: %(board)s, %(help)s and %(say)s are the words a reply starts with.
        return _("Reply %(board)s for the board, %(help)s for how to write moves, or %(say)s "
                 "and a message for the other players.", **words)
    # TRANSLATORS: %(moves)s lists moves as written, "green 5 +NNW (to n9) or flip green 1";
    # %(board)s, %(help)s and %(say)s are the words a reply starts with.
    return _("Reply with your move, for example %(moves)s; or %(board)s, %(help)s or %(say)s "
             "and a message.", moves=or_list(list(examples)), **words)


def or_list(parts: list[str]) -> str:
    """Join ``a``, ``a or b``, ``a, b or c``."""
    if len(parts) == 1:
        return parts[0]
    # TRANSLATORS: the last of things to choose from: "green 5 +NNW, green 3 N or flip green 1".
    return _("%(items)s or %(last)s", items=", ".join(parts[:-1]), last=parts[-1])


def command_words() -> dict[str, str]:
    """Return the words that ask for the board, the notation and the table, quoted, as the
    reader writes them in the current language (``'board'``, ``'Brett'``: the mail door
    reads them from the seat, ``service.features.mail.words``)."""
    language = current_language()
    return {command: f"'{said_as(command, language)}'" for command in ("board", "help", "say")}


def _short_footer(reader: Reader) -> list[str]:
    """The two lines under a mail about a game: where all one's games are; who the reader
    plays, what mail they get and when it pauses, how to have no more about this game."""
    # TRANSLATORS: followed by the address of the link.
    stop = _("To get no more emails about this game:")
    return [f"{_home_words()} {reader.home_url}",
            f"{_about(reader)} {stop} {reader.unsubscribe_url}"]


def _news(history: Sequence[str], messages: Sequence[str]
          ) -> list[tuple[str, str | list[str]]]:
    sections: list[tuple[str, str | list[str]]] = []
    if messages:
        sections.append((_("Said at the table"), list(messages)))
    if history:
        sections.append((_("Since your last move"), list(history)))
    return sections


def nudge(reader: Reader, by: str, when: str, examples: Sequence[str], clock: str | None,
          diagram: str) -> Mail:
    """Return the email of a nudge: ``by`` (a player, or the game's creator) reminds the seat
    that the table waits for its move, how long it has and how to answer."""
    sections: list[tuple[str, str | list[str]]] = [
        # TRANSLATORS: %(by)s is a player, or "The game's creator"; %(when)s "turn 3, stage 1".
        ("", _("%(by)s sent you a nudge: the table is waiting for your move (%(colour)s) in "
               "%(game)s, %(when)s.", by=by, colour=colour_name(reader.colour),
               game=reader.game_name, when=when)),
        *([("", clock)] if clock else []),
        *_instruction_sections(examples, reader.colour)]
    return game_mail(reader, reader.subject(_("A nudge: your move — %(when)s", when=when)),
                     sections, diagram, _("Make your move"))


def computer_plays(reader: Reader, missed: int, level: str) -> Mail:
    """Return the email that tells a player the computer plays their seat now, since they
    missed ``missed`` deadlines, at ``level``, and how to take the seat back."""
    sections: list[tuple[str, str | list[str]]] = [
        # TRANSLATORS: %(level)s is "easy", "normal" or "hard".
        ("", ngettext("You have missed %(num)d deadline in %(game)s, so the computer plays "
                      "your seat (%(colour)s) from now on, at the %(level)s level, as the "
                      "game's creator chose.",
                      "You have missed %(num)d deadlines in %(game)s, so the computer plays "
                      "your seat (%(colour)s) from now on, at the %(level)s level, as the "
                      "game's creator chose.", missed, game=reader.game_name,
                      colour=colour_name(reader.colour), level=level_name(level))),
        ("", _("Whenever you are back, open the game and press \u201cTake my seat back\u201d: "
               "the seat's next move is yours again. Until then, this game sends you no "
               "\u201cyour move\u201d emails."))]
    return game_mail(reader, reader.subject(_("The computer plays for you now")), sections,
                     None, _("Open the game"))


def monster_result(reader: Reader, when: str, narration: str, diagram: str) -> Mail:
    """Return the email that tells a monster phase in words."""
    return game_mail(reader, reader.subject(_("The monster has moved — %(when)s", when=when)),
                     [("", narration)], diagram, _("See the game"))


def game_over(reader: Reader, summary: str, results: Sequence[str], note: str | None,
              diagram: str, after: Sequence[str] = ()) -> Mail:
    """Return the email that tells the end of the game: who won and why, each player's
    result and a ``note`` on them, then what follows the game (``after``: the table's
    standings, how to ask for a rematch). It invites no move."""
    sections: list[tuple[str, str | list[str]]] = [("", summary), (_("Results"), list(results))]
    return game_mail(reader, reader.subject(_("The game is over")),
                     [*sections, *([("", note)] if note else []),
                      *(("", paragraph) for paragraph in after)], diagram, _("See the game"),
                     playing=False)


def digest(reader: Reader, history: Sequence[str], messages: Sequence[str], status: str,
           diagram: str) -> Mail:
    """Return the daily summary of a game: whose turn, what was said at the table and what
    happened since the last one."""
    sections: list[tuple[str, str | list[str]]] = [("", status)]
    if messages:
        sections.append((_("Said at the table"), list(messages)))
    if history:
        sections.append((_("What happened"), list(history)))
    return game_mail(reader, reader.subject(_("Today in your game")), sections, diagram,
                     _("Open the game"))


def invitation(name: str, game_name: str, colour: str, link: str,
               examples: Sequence[str]) -> Mail:
    """Return the email that gives a player their private link when the game is created, and
    says how to play by replying (with ``examples`` when it is their move already)."""
    # TRANSLATORS: follows "Hello <name>,"; Fearsome Floors is the game's name.
    intro = _("you have been invited to %(game)s, a game of Fearsome Floors played by mail; "
              "you play %(colour)s.", game=game_name, colour=colour_name(colour))
    keep = _("This is your private link; it lets you play, so keep it to yourself:")
    lost = _("If you lose it, ask for it again on the game page with this email address.")
    first, lines, last = instructions(examples, colour)
    shown = "".join(f"  {line}\n" for line in lines)
    hello = _("Hello %(name)s,", name=name)
    text = f"{hello}\n\n{intro}\n\n{first}\n{shown}{last}\n\n{keep}\n\n  {link}\n\n{lost}\n"
    subject = f"[{game_name}] " + _("Your seat in a game of Fearsome Floors")
    html = markup.document(subject, [
        markup.paragraph(hello), markup.paragraph(intro), markup.paragraph(first),
        *([markup.items(lines)] if lines else []), markup.paragraph(last),
        markup.paragraph(keep), markup.button(link, _("Open your seat")),
        markup.paragraph(link)], markup.text(lost))
    return Mail(subject, text, html)


def lost_links(links: Sequence[tuple[str, str]]) -> Mail:
    """Return the email that answers "I lost my link": one line per game, name and link."""
    # TRANSLATORS: follows "Hello,".
    asked = _("you asked for your links to your games of Fearsome Floors. Here they are:")
    note = _("The links you were first given keep working; those in any earlier email like "
             "this one do not. If you did not ask for this, you can ignore this email.")
    lines = "\n".join(f"  {name}: {link}" for name, link in links)
    hello = _("Hello,")
    text = f"{hello}\n\n{asked}\n\n{lines}\n\n{note}\n"
    subject = _("Your links to Fearsome Floors")
    html = markup.document(subject, [
        markup.paragraph(hello), markup.paragraph(asked),
        "<ul>" + "".join(f"<li>{markup.link(link, name)}</li>" for name, link in links)
        + "</ul>"], markup.text(note))
    return Mail(subject, text, html)


def _short(subject: str, lines: Sequence[str], link: str, action: str, note: str,
           greeting: str | None = None) -> Mail:
    """Return a short mail that is not about a game's play: lines, one link, a note, after
    ``greeting`` (none: "Hello,")."""
    greeting = greeting or _("Hello,")
    text = "\n\n".join([greeting, *lines, f"  {link}", note]) + "\n"
    html = markup.document(subject, [
        markup.paragraph(greeting), *(markup.paragraph(line) for line in lines),
        markup.button(link, action), markup.paragraph(link)], markup.text(note))
    return Mail(subject, text, html)


def home_link(link: str, days: int) -> Mail:
    """Return the email with a link to the list of all the address's games."""
    return _short(_("Your games of Fearsome Floors"), [
        # TRANSLATORS: follows "Hello,".
        ngettext("you asked for a link to all your games of Fearsome Floors: which wait for "
                 "your move, and a link to each. It works for %(num)d day; keep it to "
                 "yourself.",
                 "you asked for a link to all your games of Fearsome Floors: which wait for "
                 "your move, and a link to each. It works for %(num)d days; keep it to "
                 "yourself.", days)],
        link, _("See your games"),
        # TRANSLATORS: 'Sign out everywhere' is the name of a button on the page.
        _("On that page, 'Sign out everywhere' stops this link and every other one sent to "
          "you. If you did not ask for this, you can ignore this email."))


def email_confirmation(game_name: str, colour: str, email: str, link: str,
                       hours: int) -> Mail:
    """Return the email that asks the new address of a seat to confirm it."""
    return _short(f"[{game_name}] " + _("Confirm your email address"), [
        # TRANSLATORS: follows "Hello,".
        ngettext("someone playing %(colour)s in %(game)s asked that the game's emails go to "
                 "%(email)s from now on. To confirm, open this link (it works for %(num)d "
                 "hour):",
                 "someone playing %(colour)s in %(game)s asked that the game's emails go to "
                 "%(email)s from now on. To confirm, open this link (it works for %(num)d "
                 "hours):", hours, colour=colour_name(colour), game=game_name, email=email)],
        link, _("Confirm this address"),
        _("Until you do, the game's emails go where they went before. If you did not ask for "
          "this, ignore this email: nothing changes."))


def your_link(name: str, game_name: str, colour: str, link: str) -> Mail:
    """Return the email with a seat's own link: its player asked for it on the page, or
    confirmed this address for the seat."""
    return _short(f"[{game_name}] " + _("Your link to the game"), [
        # TRANSLATORS: follows "Hello <name>,".
        _("here is your link to %(game)s, where you play %(colour)s. It lets you play, so "
          "keep it to yourself:", game=game_name, colour=colour_name(colour))],
        link, _("Open your seat"),
        _("If you lose it, ask for it again on the game's site with this email address."),
        greeting=_("Hello %(name)s,", name=name))
