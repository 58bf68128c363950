/**
 * The creator's host tools on the game page: pause or resume the game, cancel it (after a
 * confirmation), the time per move, and a new invite for a seat whose player left. Each tool
 * is one call of the API, which decides what may be done (the creator's token only; nothing
 * on a game that is over); the panel draws the game as the answer has it, and after a
 * refusal reads the game again and shows the server's reason.
 */

import { t, tn } from "../model/i18n.js";
import { colourName } from "../model/viewmodel.js";
import { button, el } from "./panel.js";
import { levelName, seatLabel, spanWords, when, zoneOf } from "./words.js";

/** The times per move the creator chooses from, in seconds (null: no limit). */
export const TIME_LIMITS = [null, 3600, 4 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400,
  7 * 86400];

/** A number of seconds in words: "1 day", "4 hours", "1 day 12 hours", "no limit". */
export function duration(seconds) {
  if (seconds === null || seconds === undefined) return t("no limit");
  return spanWords(seconds) || tn("{n} second", "{n} seconds", seconds);
}

/** What the game's state means for its host, in one sentence. */
function stateLine(game) {
  if (game.status === "cancelled") return t("You cancelled this game: nothing more can be done.");
  if (game.status === "finished") return t("This game is over: nothing more can be done.");
  if (game.status === "open") {
    const open = game.seats.filter((s) => s.open).length;
    return tn("The game starts when {n} more player joins.",
      "The game starts when {n} more players join.", open);
  }
  if (game.paused_at) {
    return t("Paused since {moment}: no move is taken and no time runs out.",
      { moment: when(game.paused_at, zoneOf(game.viewer)) });
  }
  return t("The game is under way.");
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
 * The event the game page sends `document` with each new game view it reads (`detail`: the
 * API's view), so the host tools follow changes made elsewhere without a reload.
 */
export const GAME_VIEW_EVENT = "ff-game-view";

/** What the host tools show of a game view, to redraw only when it changed. */
function hostFacts(game) {
  return JSON.stringify([game.status, game.paused_at, game.move_time_limit, game.move_deadline,
    game.seats]);
}

/**
 * Show the host tools of the game `gameId` in `container` (the creator's page only), and
 * follow the game as the page reads it (`GAME_VIEW_EVENT`): a seat its player took back, the
 * computer taking an absent seat, a pause from another tab.
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
      // TRANSLATORS: {failure} is what did not happen ("The game was not paused"); {reason}
      // the server's reason
      ui.alert(t("{failure}: {reason}", { failure, reason: error.message }));
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
        ? button(t("Resume the game"), () => act(() => ui.client.hostAction(gameId, "resume"),
          t("The game was not resumed")))
        : button(t("Pause the game"), () => act(() => ui.client.hostAction(gameId, "pause"),
          t("The game was not paused"))));
    }
    const cancel = button(t("Cancel the game…"), () => {
      cancel.replaceWith(confirmBox(
        t("Cancel this game for everyone? It cannot be undone: nobody can move any more."),
        t("Yes, cancel the game"), t("Keep the game"),
        () => act(() => ui.client.hostAction(gameId, "cancel"), t("The game was not cancelled")),
        draw));
    });
    buttons.append(cancel);
    return [buttons];
  }

  function timeTools() {
    const limit = game.move_time_limit;
    // The move under way's deadline is said once on the page, as the time left (pace.js).
    const said = [limit
      ? t("Each player has {duration} for a move.", { duration: duration(limit) })
      : t("Each player has as long as they like for a move.")];
    const lines = [el("h3", {}, t("Time per move")),
      el("p", { class: "time-limit" }, said.join(" "))];
    if (game.status !== "active" && game.status !== "open") return lines;
    const choices = TIME_LIMITS.includes(limit) ? TIME_LIMITS : [...TIME_LIMITS, limit];
    const select = el("select", { id: "move-time-limit" }, ...choices.map((seconds) =>
      el("option", { value: seconds === null ? "" : String(seconds) }, duration(seconds))));
    select.value = limit === null ? "" : String(limit);
    const save = button(t("Set the time"), () => act(() => ui.client.setMoveTimeLimit(gameId,
      select.value === "" ? null : Number(select.value)), t("The time per move was not set")));
    return [...lines, el("div", { class: "host-row" },
      el("label", { for: "move-time-limit" }, t("New time per move")), select, save),
    el("p", { class: "hint" }, t("It counts from the next move on: the player to move now "
      + "keeps the time they were given."))];
  }

  function seatItem(seat) {
    const label = seatLabel(seat, { isolated: false });
    const item = el("li", {}, el("span", {},
      seat.open ? t("{seat}: open", { seat: label }) : label));
    const made = invites.get(seat.seat);
    if (made) {
      const link = el("input", { type: "text", readonly: "", value: made.invite_link,
        "aria-label": t("Invite link for seat {number} ({colour})",
          { number: seat.seat + 1, colour: colourName(seat.colour) }) });
      const copy = button(t("Copy"), async () => {
        link.select();
        try {
          await navigator.clipboard.writeText(made.invite_link);
          copy.textContent = t("Copied");
        } catch {
          copy.textContent = t("Select and copy it");
        }
      });
      item.append(el("p", { class: "invite" },
        t("Send this link to the new player for {colour}: it works once, and {name}'s old "
          + "links no longer do.", { colour: colourName(made.colour), name: made.name })),
      el("div", { class: "host-row" }, link, copy));
      return item;
    }
    if (seat.open || (game.status !== "active" && game.status !== "open")) return item;
    if (game.status === "active") item.append(" ", computerChoice(seat, label));
    const ask = button(t("New player…"), () => {
      ask.replaceWith(confirmBox(
        t("Give {seat}'s seat to someone else? {name}'s links and email stop working at "
          + "once; you get a link to send to the new player, who takes the seat as it is.",
        { seat: label, name: seat.name }),
        t("Yes, make a new invite"), t("Keep this player"),
        () => act(async () => {
          const invite = await ui.client.inviteToSeat(gameId, seat.seat);
          invites.set(seat.seat, invite);
          return invite;
        }, t("No new invite was made")),
        draw));
    }, { class: "small", "aria-label": t("New player for seat {number} ({seat})",
      { number: seat.seat + 1, seat: label }) });
    item.append(" ", ask);
    return item;
  }

  function computerChoice(seat, label) {
    const choices = [["", t("a person")], ...["easy", "normal", "hard"].map((level) =>
      [level, t("the computer ({level})", { level: levelName(level) })])];
    const select = el("select", { class: "computer-level",
      "aria-label": t("Who plays seat {number} ({seat})", { number: seat.seat + 1, seat: label }) },
    ...choices.map(([value, text]) => el("option", { value }, text)));
    select.value = seat.computer ?? "";
    select.addEventListener("change", () => act(() => ui.client.setComputer(gameId, seat.seat,
      select.value === "" ? null : select.value), t("Who plays the seat was not changed")));
    return el("label", { class: "computer-choice" }, t("played by"), " ", select);
  }

  function draw() {
    container.replaceChildren(
      el("h2", { id: "host-tools-title" }, t("Host tools")),
      el("p", { class: "host-state", "aria-live": "polite" }, stateLine(game)),
      ...lifeTools(),
      ...timeTools(),
      el("h3", {}, t("Players")),
      el("p", { class: "hint" }, t("If a player has left, give their seat to someone new, or "
        + "let the computer play it: their link keeps working, and they or you may take the "
        + "seat back at any time.")),
      el("ul", { class: "host-seats" }, ...game.seats.map(seatItem)),
    );
  }

  document.addEventListener(GAME_VIEW_EVENT, function follow(event) {
    if (!container.isConnected) {
      document.removeEventListener(GAME_VIEW_EVENT, follow);
      return;
    }
    if (!event.detail?.id || hostFacts(event.detail) === hostFacts(game)) return;
    game = event.detail;
    // A question being asked ("Cancel this game for everyone?") keeps its place until answered.
    if (!container.querySelector(".confirm")) draw();
  });
  draw();
}
