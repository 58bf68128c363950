/**
 * The creator's host tools on the game page: pause or resume the game, cancel it (after a
 * confirmation), the time per move, and a new invite for a seat whose player left. Each tool
 * is one call of the API, which decides what may be done (the creator's token only; nothing
 * on a game that is over); the panel draws the game as the answer has it, and after a
 * refusal reads the game again and shows the server's reason.
 */

import { el } from "./panel.js";

/** The times per move the creator chooses from, in seconds (null: no limit). */
export const TIME_LIMITS = [null, 3600, 4 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400,
  7 * 86400];

/** A number of seconds in words: "1 day", "4 hours", "1 day 12 hours", "no limit". */
export function duration(seconds) {
  if (seconds === null || seconds === undefined) return "no limit";
  const parts = [];
  let left = seconds;
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    const count = Math.floor(left / size);
    if (count) parts.push(`${count} ${unit}${count === 1 ? "" : "s"}`);
    left -= count * size;
  }
  return parts.join(" ") || `${seconds} seconds`;
}

/** An API time ("2026-11-25T15:40:00Z") as people read it in mails: "2026-11-25 15:40 UTC". */
export function when(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "";
}

function button(text, onClick, attrs = {}) {
  const b = el("button", { type: "button", ...attrs }, text);
  b.addEventListener("click", onClick);
  return b;
}

/** What the game's state means for its host, in one sentence. */
function stateLine(game) {
  if (game.status === "cancelled") return "You cancelled this game: nothing more can be done.";
  if (game.status === "finished") return "This game is over: nothing more can be done.";
  if (game.status === "open") {
    const open = game.seats.filter((s) => s.open).length;
    return `The game starts when ${open} more player${open === 1 ? "" : "s"} join${open === 1 ? "s" : ""}.`;
  }
  if (game.paused_at) {
    return `Paused since ${when(game.paused_at)}: no move is taken and no time runs out.`;
  }
  return "The game is under way.";
}

/**
 * Ask before doing something that cannot be undone: a question and two buttons in place of
 * the one that asked; `onYes` runs on the first.
 */
function confirmBox(question, yes, no, onYes, onNo) {
  const box = el("div", { class: "confirm", role: "group", "aria-label": question },
    el("p", {}, question));
  box.append(el("div", { class: "buttons" },
    button(yes, onYes, { class: "danger" }), button(no, onNo)));
  return box;
}

/**
 * Show the host tools of the game `gameId` in `container` (the creator's page only).
 * @param {Element} container
 * @param {object} ui `client` (model/api.js), `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {function(object): void} [onGame] told of the game view each tool answers with
 */
export async function renderHostTools(container, ui, gameId, onGame = () => {}) {
  let game = (await ui.client.readGame(gameId)).game;
  const invites = new Map(); // seat → the invite made on this page, to copy

  async function act(call, failure) {
    ui.clear?.();
    try {
      const answer = await call();
      if (answer?.id) {
        game = answer;
        onGame(game);
      }
      return answer;
    } catch (error) {
      ui.alert(`${failure}: ${error.message}`);
      game = (await ui.client.readGame(gameId)).game;
      return null;
    } finally {
      draw();
    }
  }

  function lifeTools() {
    if (game.status !== "active" && game.status !== "open") return [];
    const buttons = el("div", { class: "buttons" });
    if (game.status === "active") {
      buttons.append(game.paused_at
        ? button("Resume the game", () => act(() => ui.client.hostAction(gameId, "resume"),
          "The game was not resumed"))
        : button("Pause the game", () => act(() => ui.client.hostAction(gameId, "pause"),
          "The game was not paused")));
    }
    const cancel = button("Cancel the game…", () => {
      cancel.replaceWith(confirmBox(
        "Cancel this game for everyone? It cannot be undone: nobody can move any more.",
        "Yes, cancel the game", "Keep the game",
        () => act(() => ui.client.hostAction(gameId, "cancel"), "The game was not cancelled"),
        draw));
    });
    buttons.append(cancel);
    return [buttons];
  }

  function timeTools() {
    const limit = game.move_time_limit;
    const said = [`Each player has ${limit ? duration(limit) : "as long as they like"} for a move.`];
    if (game.move_deadline) said.push(`The move under way ends at ${when(game.move_deadline)}.`);
    const lines = [el("h3", {}, "Time per move"), el("p", { class: "time-limit" }, said.join(" "))];
    if (game.status !== "active" && game.status !== "open") return lines;
    const choices = TIME_LIMITS.includes(limit) ? TIME_LIMITS : [...TIME_LIMITS, limit];
    const select = el("select", { id: "move-time-limit" }, ...choices.map((seconds) =>
      el("option", { value: seconds === null ? "" : String(seconds) }, duration(seconds))));
    select.value = limit === null ? "" : String(limit);
    const save = button("Set the time", () => act(() => ui.client.setMoveTimeLimit(gameId,
      select.value === "" ? null : Number(select.value)), "The time per move was not set"));
    return [...lines, el("div", { class: "host-row" },
      el("label", { for: "move-time-limit" }, "New time per move"), select, save),
    el("p", { class: "hint" }, "It counts from the next move on: the player to move now "
      + "keeps the time they were given.")];
  }

  function seatItem(seat) {
    const label = `${seat.name ?? `Seat ${seat.seat + 1}`} (${seat.colour})`;
    const item = el("li", {}, el("span", {}, seat.open ? `${label}: open` : label));
    const made = invites.get(seat.seat);
    if (made) {
      const link = el("input", { type: "text", readonly: "", value: made.invite_link,
        "aria-label": `Invite link for seat ${seat.seat + 1} (${seat.colour})` });
      const copy = button("Copy", async () => {
        link.select();
        try {
          await navigator.clipboard.writeText(made.invite_link);
          copy.textContent = "Copied";
        } catch {
          copy.textContent = "Select and copy it";
        }
      });
      item.append(el("p", { class: "invite" },
        `Send this link to the new player for ${made.colour}: it works once, and `
        + `${made.name}'s old links no longer do.`), el("div", { class: "host-row" }, link, copy));
      return item;
    }
    if (seat.open || (game.status !== "active" && game.status !== "open")) return item;
    const ask = button("New player…", () => {
      ask.replaceWith(confirmBox(
        `Give ${label}'s seat to someone else? ${seat.name}'s links and email stop working `
        + "at once; you get a link to send to the new player, who takes the seat as it is.",
        "Yes, make a new invite", "Keep this player",
        () => act(async () => {
          const invite = await ui.client.inviteToSeat(gameId, seat.seat);
          invites.set(seat.seat, invite);
          return invite;
        }, "No new invite was made"),
        draw));
    }, { class: "small", "aria-label": `New player for seat ${seat.seat + 1} (${label})` });
    item.append(" ", ask);
    return item;
  }

  function draw() {
    container.replaceChildren(
      el("h2", { id: "host-tools-title" }, "Host tools"),
      el("p", { class: "host-state", "aria-live": "polite" }, stateLine(game)),
      ...lifeTools(),
      ...timeTools(),
      el("h3", {}, "Players"),
      el("p", { class: "hint" }, "If a player has left, give their seat to someone new."),
      el("ul", { class: "host-seats" }, ...game.seats.map(seatItem)),
    );
  }

  draw();
}
