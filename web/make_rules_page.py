"""Write the rules page, served at ``/rules``: the readings the rulebook leaves open, in players'
words, each with a small diagram drawn by the rules engine, once in each language the service
speaks (``web/rules.html`` in English, ``web/rules.de.html``, ``web/rules.es.html``, ...).

Run from the repository root with the service's packages: ``.venv/bin/python
web/make_rules_page.py``. Every diagram is cut from the engine's board of a position, and
every "what happens" line is what the engine does with that position, told as the service
tells it (``service.kernel.narration``, ``service.plumbing.errors.engine_message``), so the
page cannot say something the game does not do; ``tests/web/test_rules_page.py`` reruns this
and compares. The page's own words are wrapped in ``_()`` here, where they are written, and
found for the catalogs like the service's (``service.plumbing.i18n.extract``); each language's
page is written in that language's words. Which page a reader gets: ``/rules?lang=de``, else
their browser's Accept-Language (``service.plumbing.site``, ``deploy/nginx.conf``). The
decisions themselves are in ``docs/rules.md`` and the rules reference (``RULES.md``, D1…); the
page's section ids are the anchors the monster replay's "why?" links point to
(``web/js/model/decisions.js``).
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402 - the packages are importable once ROOT is on the path

from engine import (  # noqa: E402
    IllegalMove,
    Options,
    apply_action,
    new_game,
    parse_action,
    resolve_monster_phase,
    state_from_dict,
)
from engine.board import square_name  # noqa: E402
from engine.diagram import board_text  # noqa: E402
from engine.placement import NO_TILE_ZONE, legal_placements  # noqa: E402
from engine.state import PLACEMENT, GameState  # noqa: E402
from service.kernel.narration import narrate_monster  # noqa: E402
from service.plumbing import i18n  # noqa: E402
from service.plumbing.errors import engine_message  # noqa: E402
from service.plumbing.i18n import _, in_language  # noqa: E402
from service.plumbing.i18n.languages import LANGUAGE_NAMES, LANGUAGES  # noqa: E402
from service.plumbing.site import rules_file  # noqa: E402

PAGES = ROOT / "web"
COLUMNS = "abcdefghijklmnop"


def position(figures: dict[str, str], monster: str, stones: Iterable[str] = (),
             pools: Iterable[str] = (), teleporters: Iterable[str] = (),
             phase: str = "monster") -> GameState:
    """Return a position from short forms: ``{"red4": "k6"}``, ``"h6 N"``, ``"i6 turn_right"``,
    ``"long g5 h5 i5 j5"``, ``"A h6 E"``."""
    square, facing = monster.split()
    data: dict[str, Any] = {
        "options": {"experienced": True},
        "figures": [{"figure": key, "square": where} for key, where in figures.items()],
        "stones": [{"square": s.split()[0], "kind": s.split()[1]} for s in stones],
        "pools": [{"kind": p.split()[0], "squares": p.split()[1:]} for p in pools],
        "teleporters": [dict(zip(("kind", "square", "arrow"), t.split(), strict=True))
                        for t in teleporters],
        "monster": {"square": square, "facing": facing},
        "phase": phase, "to_move": None if phase == "monster" else 0,
        "first_card_drawn": True, "pile": ["5", "7", "7", "8", "8", "10", "1hit", "2hits"],
    }
    return state_from_dict(data)


def crop(state: GameState, corner: str, width: int, height: int) -> str:
    """Return the part of the engine's board of ``state`` with ``corner`` top left."""
    lines = board_text(state, doors=False).splitlines()
    left, top = COLUMNS.index(corner[0]), int(corner[1:]) - 1
    cut = slice(4 + 4 * left, 4 + 4 * (left + width))
    rows = [lines[0][:4] + lines[0][cut]] + [line[:4] + line[cut]
                                             for line in lines[1 + top:1 + top + height]]
    return "\n".join(row.rstrip() for row in rows)


def first_point(state: GameState, points: int = 1) -> str:
    """Return what the monster does in its first ``points`` points, in the engine's words."""
    events = resolve_monster_phase(state, "5").events
    return narrate_monster([e for e in events if 0 < e.get("point", 0) <= points])


def refused(state: GameState, notation: str) -> str:
    """Return the engine's answer to a figure's move it refuses."""
    try:
        apply_action(state, parse_action(notation, state, 0), 0)
    except IllegalMove as refusal:
        return engine_message(refusal)
    raise AssertionError(f"{notation!r} should be refused")


def no_tile_zone() -> str:
    """Return the exit's and the entrance's corners, X where no tile may go."""
    def corner(columns: str, rows: range) -> list[str]:
        lines = ["    " + "".join(c.ljust(4) for c in columns).rstrip()]
        for row in rows:
            cells = []
            for column in columns:
                name = f"{column}{row}"
                cells.append("XX" if any(square_name(s) == name for s in NO_TILE_ZONE) else "..")
            lines.append(f"{row:>2}  " + "  ".join(cells))
        return lines
    return "\n".join(corner("abc", range(1, 4)) + [""] + corner("nop", range(9, 12)))


def first_placements() -> tuple[str, str]:
    """Return who places each tile in a three-player game whose creator named seat 2, and
    who then starts, as the engine plays it."""
    state = new_game(["red", "blue", "green"], seed=1, options=Options(experienced=True),
                     start_seat=2)
    placers = []
    while state.phase == PLACEMENT:
        placers.append(state.to_move)
        place = legal_placements(state, state.tiles_to_place[0])[0]
        state = apply_action(state, place, state.to_move).state
    # TRANSLATORS: the labels of a table's two rows: each tile in the order it is placed,
    # and the seat that places it.
    labels = [_("tile:"), _("seat:")]
    width = max(len(label) for label in labels) + 2
    rows = [labels[0].ljust(width) + " ".join(f"{n:>2}" for n in range(1, len(placers) + 1)),
            labels[1].ljust(width) + " ".join(f"{seat:>2}" for seat in placers)]
    return "\n".join(rows), _(
        "With three players and seat 2 named, seat %(first)s places the first tile and seat "
        "%(last)s the 17th and last; seat %(start)s starts the first game turn.",
        first=placers[0], last=placers[-1], start=state.start_seat)


@dataclass(frozen=True)
class Decision:
    """One section of the page: its anchor, title, the rules reference's number, the text."""

    anchor: str
    title: str
    reference: str
    paragraphs: tuple[str, ...]
    picture: str
    engine_says: str


def decisions() -> list[Decision]:
    """Return the page's sections in the current language, in the order of a monster's point,
    then the set-up."""
    tie = position({"red3": "e6", "blue3": "k6"}, "h6 N", stones=["h5 turn_right"])
    slide = position({"red4": "k6"}, "i5 W",
                     stones=["f5 turn_right", "g4 turn_180", "g7 turn_right", "f6 turn_180"],
                     pools=["square g5 h5 g6 h6"])
    loop = position({"red4": "k3"}, "h6 N", stones=["h5 turn_180", "h7 turn_180"])
    turned = position({"red3": "e6"}, "h6 E", stones=["i6 turn_right"])
    teleport = position({"red3": "m5"}, "g6 E", teleporters=["A h6 E", "A m3 S"])
    pushed = position({"red3": "c2"}, "e5 E", stones=["f5 stone", "k5 stone"],
                      pools=["long g5 h5 i5 j5"])
    blocked = position({"red5": "e5"}, "c9 E", stones=["f5 stone"],
                       teleporters=["A g5 N", "A m9 S"], phase="figures")
    placers, placing_words = first_placements()
    return [
        Decision(
            "d3", _("A tie, then a turning stone"), "D3",
            (_("The monster looks ahead, left and right, and turns toward the nearest figure it "
               "sees. When two figures are equally near, it keeps its facing."),
             _("If a turning stone then stands ahead of it, the stone turns it: the tie does "
               "not stop the stone from acting. The monster then moves on in the new direction "
               "with the same point.")),
            crop(tie, "d4", 9, 4), first_point(tie)),
        Decision(
            "d4", _("Turning stones: only a loop stops the monster"),
            # TRANSLATORS: D4 is a decision's number in the rules reference.
            _("D4, rules version 2"),
            (_("After a turning stone turns the monster, it moves into the square in the new "
               "direction like any step: it eats, pushes, slides across a pool, takes a "
               "teleporter, walks through the wall or meets another turning stone."),
             _("Turns alone stop nothing, even in the middle of a slide across a pool. Only a "
               "loop stops it: if, within one point, it stands again on a square where it "
               "stood before in that point, facing the same way, it stays there and the point "
               "is spent. This is the one case where it may end a point on a pool."),
             _("Games started before 25 November 2026 keep the earlier reading (rules version "
               "1): four turns within one point stopped the monster where it stood.")),
            crop(slide, "e3", 6, 6) + "\n\n" + crop(loop, "f4", 5, 4),
            first_point(slide) + " / " + first_point(loop)),
        Decision(
            "look-once", _("No second look after a turn"), "RULES §3.3, §3.4",
            (_("Each point begins with one look. A turning stone turns the monster after that "
               "look, and it moves on without looking again: a figure that a new look would "
               "have seen does not turn it until its next point."),),
            crop(turned, "d4", 7, 4), first_point(turned)),
        Decision(
            "teleport", _("Looking after a teleporter"), "RULES §3.3",
            (_("Stepping onto a teleporter, the monster is moved with that same step onto the "
               "other teleporter of the pair and faces that tile's arrow. It saw nothing at the "
               "first one and does not look on arrival: its next point begins with a look from "
               "where it now stands, as every point does."),),
            crop(teleport, "f2", 9, 5), first_point(teleport, 2)),
        Decision(
            "d5", _("Teleporters and pushed pieces"), "D5, D15",
            (_("For figures a teleporter is a wall: a figure may not push a stone onto a "
               "teleporter, and a stone sliding across a pool stops before one."),
             _("The monster may push a stone (or a figure) onto a teleporter: the piece is "
               "removed, and a figure removed so counts as eaten.")),
            crop(blocked, "d4", 5, 3),
            # TRANSLATORS: %(refusal)s is the game's refusal of a move, as the game writes it.
            _("the game refuses %(refusal)s.", refusal=refused(blocked, "red 5 E"))),
        Decision(
            "d11", _("Pieces the monster pushes onto a pool"), "D11",
            (_("When the monster pushes a line whose front piece lands on a pool, that piece "
               "slides as far as it can: beyond the pool if the square there is free, else to "
               "the furthest free square of the pool. The pieces behind it move one square."),
             _("A piece sliding across a pool never pushes what stands beyond it. The rulebook "
               "says pushed pieces slide \u201ccorresponding to the rules for playing "
               "figures\u201d, and a moving figure does push a stone it meets; we do not follow "
               "that part, knowingly: a pushed piece is not a figure with points to spend, and "
               "pushing on would let one step of the monster move stones across the whole "
               "board.")),
            crop(pushed, "d4", 9, 3), first_point(pushed)),
        Decision(
            "d7", _("Where no tile may go"), "D7",
            (_("In the experienced game's set-up no tile may lie on the two corners, a1 and "
               "p11, or on the squares right beside them (b1, a2, p10, o11), as the English "
               "rulebook says. The diagonal squares b2 and o10 are allowed."),
             _("The Spanish rulebook can be read as keeping a wider area free; we follow the "
               "English text.")),
            no_tile_zone(), _("Marked XX: no tile may be placed there.")),
        Decision(
            "d19", _("Who places the first tile"), "D19",
            (_("If the game's creator named a start player, that player places the first "
               "tile; otherwise the first to place is drawn at random. Players then place one "
               "tile each, clockwise. The player after the one who placed the 17th tile "
               "starts the first game turn."),),
            placers, placing_words),
    ]


def _text(text: str) -> str:
    """``text`` as an element's content (quotes need no escaping there)."""
    return html.escape(text, quote=False)


def _code(text: str) -> str:
    return f"<code>{_text(text)}</code>"


def _languages(language: str) -> list[str]:
    """The links to the page in the other languages, each named in itself."""
    links = [f'<a href="/rules?lang={code}" hreflang="{code}" lang="{code}">'
             f"{_text(LANGUAGE_NAMES[code])}</a>" if code != language
             else f'<strong lang="{code}">{_text(LANGUAGE_NAMES[code])}</strong>'
             for code in LANGUAGES]
    label = html.escape(_("Language"))
    return [f'    <nav class="languages" aria-label="{label}">',
            "      " + " \u00b7 ".join(links), "    </nav>"]


def page(sections: list[Decision], language: str) -> str:
    """Return the whole HTML page in ``language`` (its words said in the current language)."""
    codes = {"monster": _code("M>"), "figure": _code("r4"), "stone": _code("[]"),
             "turning": _code("@R") + " " + _code("@U"), "pool": _code("~~"),
             "teleporter": _code("A>")}
    intro = _text(_(
        "The rulebook leaves a few cases open. This is how this game decides them. The "
        "monster's replay links here (\u201cwhy?\u201d) when a step uses one of them."))
    # TRANSLATORS: each %(name)s is a code of the board's diagram (M>, r4, [], ...), kept as
    # it is.
    legend = _text(_(
        "Diagrams as in the mails: %(monster)s the monster and its facing, %(figure)s a "
        "figure, %(stone)s a stone, %(turning)s turning stones (right, 180°), %(pool)s a "
        "pool, %(teleporter)s a teleporter and its arrow.")) % codes
    title = _text(_("Fearsome Floors by mail: how we read the rules"))
    name = _text(_("Fearsome Floors by mail"))
    heading = _text(_("How we read the rules"))
    decisions_label = html.escape(_("The decisions"))
    open_exit = _text(_("Teleporters that wall off the exit"))
    option = _text(_("an option"))
    parts = [
        "<!doctype html>",
        f'<html lang="{language}">',
        "<head>",
        '  <meta charset="utf-8">',
        '  <meta name="viewport" content="width=device-width, initial-scale=1">',
        f"  <title>{title}</title>",
        '  <link rel="icon" href="data:,">',
        '  <link rel="stylesheet" href="/css/app.css">',
        "</head>",
        "<body>",
        "  <header>",
        f'    <h1><a href="/">{name}</a></h1>',
        "  </header>",
        '  <main class="rules">',
        *_languages(language),
        f"    <h2>{heading}</h2>",
        f"    <p>{intro} {legend}</p>",
        f'    <nav aria-label="{decisions_label}"><ul>',
        *(f'      <li><a href="#{d.anchor}">{_text(d.title)}</a></li>' for d in sections),
        f'      <li><a href="#open-exit">{open_exit}</a></li>',
        "    </ul></nav>",
    ]
    for d in sections:
        says = _("What happens: %(told)s", told=d.engine_says)
        parts += [
            f'    <section id="{d.anchor}">',
            f"      <h3>{_text(d.title)} <small>({_text(d.reference)})</small></h3>",
            *(f"      <p>{_text(p)}</p>" for p in d.paragraphs),
            # In the tab order: on a phone the diagram is wider than the screen, and a
            # keyboard scrolls it sideways once it has the focus.
            f'      <pre class="diagram" tabindex="0">{_text(d.picture)}</pre>',
            f'      <p class="engine-says">{_text(says)}</p>',
            "    </section>",
        ]
    parts += [
        '    <section id="open-exit">',
        f"      <h3>{open_exit} <small>({option})</small></h3>",
        "      <p>" + _text(_(
            "Teleporters are walls for figures, so three of them (say on c1, b2 and a3) can "
            "wall off the exit for the whole game. A game created with the option "
            "\u201cTeleporters may not wall off the exit\u201d refuses a teleporter that would "
            "leave no way from p11 to a1; the game's rules, shown beside the board, say "
            "whether it is on.")) + "</p>",
        "    </section>",
        "  </main>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    """Write the page in every language."""
    app = Flask(__name__)
    i18n.init_app(app)
    with app.app_context():
        for language in LANGUAGES:
            with in_language(language):
                path = PAGES / rules_file(language)
                path.write_text(page(decisions(), language), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
