/**
 * The game page's own panels: who is looking and how the game stands (open seats, the clock,
 * paused, over), and the log of actions and monster phases with their replay buttons.
 * Built with createElement; user text (names) goes in through textContent.
 */

import { isolate } from "../model/captions.js";
import { logLines } from "../model/gamelog.js";
import { t } from "../model/i18n.js";
import { colourName } from "../model/viewmodel.js";
import { el } from "./panel.js";
import { turnOf } from "./signals.js";
import { levelName } from "./words.js";

function whoYouAre(game, info) {
  if (info.viewer.kind === "spectator") return t("You are watching.");
  if (info.viewer.kind === "creator") return t("You created this game; you are watching it.");
  const seat = info.seats.find((s) => s.seat === info.viewer.seat);
  return t("You play {colour}, as {name}.",
    { colour: colourName(seat.colour), name: isolate(seat.name) });
}

/**
 * Show the game's title and the facts of the service: who you are, where the game stands
 * (whose move, open seats, paused, over). The clock is the pace panel's (view/pace.js): the
 * deadline is said once, as the time left.
 * @param {Element} container
 * @param {{title: string}} game from `readGame`
 * @param {object} info from `readGame`
 */
export function renderInfo(container, game, info) {
  const turn = turnOf(info);
  const lines = [el("p", { class: "info" }, whoYouAre(game, info)),
    el("p", { class: `info turn${turn.mine ? " is-mine" : ""}` }, turn.text)];
  const computers = info.seats.filter((s) => s.computer).map((s) =>
    // TRANSLATORS: a seat the computer plays: its name, colour and the computer's level
    t("{name} ({colour}, {level})",
      { name: isolate(s.name), colour: colourName(s.colour), level: levelName(s.computer) }));
  if (computers.length) {
    // TRANSLATORS: {seats} lists the seats the computer plays, "Hal (red, easy), Ann (green,
    // normal)"
    lines.push(el("p", { class: "info computer-seats" },
      t("Played by the computer: {seats}.", { seats: computers.join(", ") })));
  }
  container.replaceChildren(el("h2", { class: "game-title" }, game.title || t("A game")), ...lines);
}

/**
 * Show the log, oldest first: each action in words with its notation beside them, each
 * monster phase with a button that replays it, and a button that steps through the game.
 * @param {Element} container
 * @param {object[]} entries from `groupEvents`
 * @param {Map<number, object>} actions action records by seq
 * @param {object} board for the players' names
 * @param {object} on `replay(entry)`, `wholeGame()` (null: not offered); `position(entry)`, the
 *   link to the position after an entry (null: none), and `stepTo(entry)`, which opens the
 *   step-through there
 */
export function renderLog(container, entries, actions, board, on) {
  const lines = logLines(entries, actions, board);
  const items = lines.map((line, i) => {
    // The line links to its position (a permalink); a click opens the step-through there.
    const href = on.position?.(entries[i]);
    const text = href ? el("a", { href, class: "log__at" }, line.text) : line.text;
    if (href) {
      text.addEventListener("click", (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        on.stepTo(entries[i]);
      });
    }
    const item = el("li", { class: line.monster ? "log__monster" : "" }, text);
    if (line.notation) item.append(" ", el("code", { class: "log__notation" }, line.notation));
    if (line.monster) {
      const b = el("button", { type: "button", class: "small",
        "aria-label": t("Replay this monster phase: {phase}", { phase: line.text }) },
      t("Replay"));
      b.addEventListener("click", () => on.replay(entries[i]));
      item.append(" ", b);
    }
    return item;
  });
  const parts = [el("h2", {}, t("Log"))];
  if (on.wholeGame) {
    const b = el("button", { type: "button" }, t("Step through the game"));
    b.addEventListener("click", on.wholeGame);
    parts.push(el("div", { class: "buttons" }, b));
  }
  // In the tab order: a long log scrolls in its box, and a keyboard scrolls it once focused.
  parts.push(items.length ? el("ol", { class: "log", tabindex: "0" }, ...items)
    : el("p", {}, t("Nothing has happened yet.")));
  container.replaceChildren(...parts);
  const list = container.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
}
