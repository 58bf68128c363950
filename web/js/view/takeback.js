/**
 * Takebacks on the game page (model/takeback.js): "Take back my move" with what it would
 * take back and whom it asks; to the seats a request asks, "Agree" and "Say no"; to the seat
 * that asked, whom it waits for and "Withdraw"; to everyone else a line. The state is read
 * (`GET /games/<id>/takeback`) when the page opens and whenever it hears news of the game
 * while the game is under way; each answer of the API is drawn at once. Built with
 * createElement; every text goes in through textContent.
 */

import { listWords } from "../model/captions.js";
import { t } from "../model/i18n.js";
import { OFF, takebackPanel } from "../model/takeback.js";
import { button, el } from "./panel.js";
import { seatLabel } from "./words.js";

/**
 * Mount the takeback panel on the game page (before the turn signals).
 * @param {object} page the page's elements (`signals`)
 * @param {object} ui `client`, `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {function(object): Promise<void>} onGame told the game view an answer brings
 * @returns {{refresh: function(object): Promise<void>}} `refresh(info)`: read the state
 *   again for the game's facts `info` (model/gamelog.js `readGame`); never throws
 */
export function mountTakeback(page, ui, gameId, onGame) {
  const box = el("section", { class: "takeback", "aria-labelledby": "takeback-title" });
  box.hidden = true;
  page.signals.before(box);
  const s = { info: null, state: null, reads: 0, busy: false };

  const name = (seat) => {
    const found = s.info.seats.find((x) => x.seat === seat);
    return found ? seatLabel(found) : t("Seat {number}", { number: seat + 1 });
  };
  const names = (seats) => listWords(seats.map(name));
  // The moves a takeback takes back, each told as the log tells it (the server's words, in
  // the reader's language), with its notation beside it as the log shows it.
  const moves = (undo) => el("ul", { class: "takeback-moves" }, ...undo.map((u) => el("li", {},
    u.words, " ", el("code", { class: "log__notation" }, u.notation))));

  async function act(call, failure) {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      const answer = await call();
      if (answer?.game) await onGame(answer.game);
    } catch (error) {
      // TRANSLATORS: {failure} says what did not happen; {reason} is why.
      ui.alert(t("{failure}: {reason}", { failure, reason: error.message }));
    } finally {
      s.busy = false;
    }
    await read();
  }

  function parts(panel) {
    const out = [];
    if (panel.answer) {
      const r = panel.answer;
      out.push(el("p", {}, t("{player} asks to take back these moves:",
        { player: name(r.seat) })), moves(r.undoes),
      el("div", { class: "buttons" },
        button(t("Agree"), () => act(() => ui.client.answerTakeback(gameId, true,
          s.info.version), t("Not agreed")), { class: "primary" }),
        button(t("Say no"), () => act(() => ui.client.answerTakeback(gameId, false,
          s.info.version), t("Not said")))));
    }
    if (panel.waiting) {
      const { request, seats } = panel.waiting;
      out.push(el("p", {}, t("You asked to take back these moves:")), moves(request.undoes),
        el("p", { class: "takeback-waiting" },
          t("Waiting for {players} to agree.", { players: names(seats) })),
        el("div", { class: "buttons" }, button(t("Withdraw"), () => act(
          () => ui.client.withdrawTakeback(gameId), t("Not withdrawn")))));
    }
    if (panel.line) {
      const { request, seats } = panel.line;
      out.push(el("p", {}, t("{player} asks to take back these moves:",
        { player: name(request.seat) })), moves(request.undoes),
      el("p", {}, t("Waiting for {players}.", { players: names(seats) })));
    }
    if (panel.declined) {
      out.push(el("p", {}, panel.declined.by === null ? t("Your takeback was refused.")
        : t("{player} said no: your move stays.", { player: name(panel.declined.by) })));
    }
    if (panel.ask) {
      const { undo, needs } = panel.ask;
      out.push(el("p", {}, t("It would take back these moves:")), moves(undo),
        el("p", { class: "hint" }, needs.length
          ? t("{players} must agree.", { players: names(needs) })
          : t("No one needs to agree: it is taken back at once.")),
        el("div", { class: "buttons" }, button(t("Take back my move"), () => act(
          () => ui.client.askTakeback(gameId, s.info.version), t("Not taken back")))));
    }
    return out;
  }

  function draw() {
    const panel = takebackPanel(s.state, s.info);
    box.hidden = !panel.shown;
    if (!panel.shown) {
      box.replaceChildren();
      return;
    }
    // Keep the keyboard where it was: the panel is rebuilt, its buttons keep their texts.
    const focused = box.contains(document.activeElement) ? document.activeElement.textContent
      : null;
    box.replaceChildren(el("h2", { id: "takeback-title" }, t("Take back a move")),
      ...parts(panel));
    if (focused !== null) {
      [...box.querySelectorAll("button")].find((b) => b.textContent === focused)?.focus();
    }
  }

  async function read() {
    const mine = ++s.reads;
    try {
      const state = await ui.client.takeback(gameId);
      if (mine !== s.reads) return; // a later read was asked for meanwhile
      s.state = state;
    } catch {
      s.state = null; // only a convenience: the game itself is unaffected
    }
    draw();
  }

  return {
    async refresh(info) {
      s.info = info;
      if (info.status !== "active" || info.takebacks === OFF) {
        s.state = null;
        draw();
        return;
      }
      await read();
    },
  };
}
