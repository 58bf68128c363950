/**
 * The sandbox page (`/sandbox/<id>#t=<token>`, docs/table.md "Sandboxes"): a private copy of
 * a position where one person moves every seat, on the board as on a game page (the view's
 * `legal` is the seat to move's, whoever it is); the monster's turn with a chosen card or
 * one its own pile turns up; the computer at a level for any seat; the history, with "Go back
 * here" on each line; and, all along, where the monster would walk for each card that may
 * come (view/walks.js). Every change is made at the version the page shows; one made in
 * another window first redraws the sandbox as it is, with a notice.
 */

import { cardLabel, playerName } from "./model/captions.js";
import { t } from "./model/i18n.js";
import {
  clearSelection, clickSquare, highlightsOf, selectFigure, startInteraction,
} from "./model/interaction.js";
import {
  LEVELS, computerChange, historyLines, monsterCards, readSandbox, seatPlayers,
} from "./model/sandbox.js";
import { createBoard } from "./view/board.js";
import { button, el, renderActions, renderStatus } from "./view/panel.js";
import { createWalks } from "./view/walks.js";
import { levelName, when } from "./view/words.js";

/**
 * Show the sandbox `route.gameId` with the token from the link.
 * @param {object} page the page's elements: board, side, title, actions, status, log, settings
 * @param {object} ui `client` (the sandbox's token), `alert(message)`, `notice(message)`,
 *   `clear()`
 * @param {{gameId: string}} route
 */
export async function showSandbox(page, ui, { gameId }) {
  const s = { sandbox: null, read: null, it: null, busy: false };
  const boardView = createBoard(page.board, {
    onActivate(target) {
      if (!s.it) return;
      if (target.cancel) interact(clearSelection(s.it));
      else if (target.figure) interact(selectFigure(s.it, target.figure));
      else interact(clickSquare(s.it, s.read.board, target.square));
    },
  });
  const monster = el("section", { class: "sandbox-monster", "aria-labelledby": "monster-title" });
  const walksBox = el("section", { class: "walks",
    "aria-label": t("Where the monster would walk") });
  page.actions.after(monster, walksBox);
  const walks = createWalks(walksBox, boardView, { title: t("Where the monster would walk") });
  const on = {
    update: interact,
    preview(move) {
      const h = highlightsOf(s.it, s.read.board);
      boardView.highlight(move ? { ...h, preview: move } : h);
    },
    send: (action) => change((v) => ui.client.sandboxAction(gameId, v, action),
      t("Not played")),
    words: {
      // TRANSLATORS: the sandbox's actor's panel: whose move it is ("Ann (green) to move")
      get title() {
        return t("{player} to move", { player: playerName(s.read.board, s.it.seat) });
      },
    },
  };

  function interact(next) {
    s.it = next;
    boardView.highlight(highlightsOf(s.it, s.read.board));
    renderActions(page.actions, s.it, s.read.board, on);
  }

  /** Make one change at the version shown; a change made elsewhere first redraws. */
  async function change(call, failure) {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      show(await call(s.sandbox.version));
    } catch (error) {
      if (error.code === "sandbox/stale_version") {
        ui.notice(error.message);
        show(await ui.client.sandbox(gameId));
      } else {
        // A step the sandbox's record refuses: the server's reason, not a record's opening.
        const reason = error.code === "record/invalid" ? error.serverMessage : error.message;
        ui.alert(t("{failure}: {reason}", { failure, reason }));
        if (s.it) interact(s.it);
      }
    } finally {
      s.busy = false;
    }
  }

  function drawTitle() {
    const sb = s.sandbox;
    page.title.replaceChildren(el("h2", { class: "game-title" }, s.read.game.title),
      el("p", { class: "info" }, t("A sandbox, only for you: move every seat, choose the "
        + "monster's card, go back. The game it came from is not touched.")),
      el("p", { class: "hint" }, t("Kept until {moment}, and longer with each change.",
        { moment: when(sb.expires_at) })));
  }

  function drawMonster() {
    const cards = monsterCards(s.sandbox);
    monster.hidden = cards === null;
    if (cards === null) {
      monster.replaceChildren();
      return;
    }
    const play = (card) => change((v) => ui.client.sandboxMonster(gameId, v, card),
      t("The monster did not move"));
    monster.replaceChildren(el("h2", { id: "monster-title" }, t("Monster's turn")),
      el("p", { class: "prompt" }, t("Choose the card the monster turns up, or draw one.")),
      el("div", { class: "buttons", role: "group", "aria-label": t("The monster's card") },
        // TRANSLATORS: a button that plays the monster's turn with this card: "Turn up 7"
        ...cards.map((card) => button(t("Turn up {card}", { card: cardLabel(card) }),
          () => play(card), { "data-card": card })),
        button(t("Draw a card"), () => play(null), { class: "primary" })));
  }

  function drawSeats() {
    const rows = seatPlayers(s.sandbox).map((seat) => {
      const id = `sandbox-seat-${seat.seat}`;
      const select = el("select", { id },
        el("option", { value: "" }, t("you")),
        ...LEVELS.map((level) => el("option", { value: level },
          t("the computer ({level})", { level: levelName(level) }))));
      select.value = seat.level;
      select.addEventListener("change", () => change((v) => ui.client.sandboxComputer(gameId,
        v, computerChange(seat.seat, select.value)), t("Who plays the seat was not changed")));
      return el("div", { class: "host-row" },
        el("label", { for: id }, playerName(s.read.board, seat.seat)), select);
    });
    page.settings.replaceChildren(el("h2", {}, t("Who plays each seat")),
      el("p", { class: "hint" }, t("The computer plays its seats at once when one is to move; "
        + "the monster's card is always yours to choose.")), ...rows);
  }

  function drawHistory() {
    const items = historyLines(s.sandbox, s.read.board).map((line) => el("li",
      line.now ? { class: "is-now", "aria-current": "step" } : {}, line.text, " ",
      line.now ? el("span", { class: "hint" }, t("(now)"))
        : button(t("Go back here"), () => change((v) => ui.client.sandboxBack(gameId, v,
          line.version), t("Not gone back")), { class: "small",
          "aria-label": t("Go back here: {position}", { position: line.text }) })));
    page.log.replaceChildren(el("h2", {}, t("History")),
      el("ol", { class: "log sandbox-history", tabindex: "0" }, ...items));
    const list = page.log.querySelector("ol");
    list.scrollTop = list.scrollHeight;
  }

  function show(sandbox) {
    s.sandbox = sandbox;
    s.read = readSandbox(sandbox);
    s.it = startInteraction(s.read.view);
    page.board.hidden = false;
    boardView.draw(s.read.board, { instant: true });
    drawTitle();
    renderStatus(page.status, s.read.board, s.read.status);
    interact(s.it);
    drawMonster();
    if (sandbox.walks.length) {
      walks.show(sandbox.walks, s.read.board, sandbox.phase === "monster"
        ? t("For each card the monster may turn up now: its walk, and whom it would eat.")
        : t("If the monster's turn came now: for each card it may turn up, its walk, and "
          + "whom it would eat."));
    } else {
      walks.clear();
    }
    drawSeats();
    drawHistory();
  }

  // A sandbox has no table talk and no replay; its settings are who plays each seat.
  page.chat.hidden = true;
  page.replay.hidden = true;
  page.settings.setAttribute("aria-label", t("Who plays each seat"));
  page.log.setAttribute("aria-label", t("History"));
  page.side.hidden = false;
  show(await ui.client.sandbox(gameId));
}
