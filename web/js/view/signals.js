/**
 * Turn signals: where the game stands for the viewer, in one line (`turnOf`); when it is the
 * viewer's move, the tab's title starts with "(Your move)" and the favicon gets a badge; a
 * browser notification, once the player has allowed it with a button, when the page learns
 * that it became their move while the tab is in the background.
 *
 * `showTurn` is called each time the game is drawn, whatever made the page redraw (a poll, a
 * server-sent event, a move of the viewer's own); it keeps what it last saw on the page's
 * signals element. The functions above it are pure and tested with `node --test`.
 */

import { t, tn } from "../model/i18n.js";
import { seatLabel } from "./words.js";

const BADGE = "#e65100";

/**
 * Where the game stands, as the viewer reads it: whose move it is, or why nobody moves.
 * @param {object} info the service's facts, from `readGame` (model/gamelog.js): status,
 *   phase, toMove, viewer `{kind, seat}`, seats `[{seat, name, colour, open}]`, pausedAt
 * @returns {{mine: boolean, text: string}} `mine`: the viewer is the seat to move now
 */
export function turnOf(info) {
  const open = info.seats.filter((s) => s.open).length;
  const idle = (text) => ({ mine: false, text });
  if (info.status === "open") {
    return idle(tn("Waiting for {n} more player to join; the game starts when every seat is "
      + "taken.", "Waiting for {n} more players to join; the game starts when every seat is "
      + "taken.", open));
  }
  if (info.status === "finished" || info.phase === "over") return idle(t("The game is over."));
  if (info.status === "cancelled") return idle(t("The game was cancelled."));
  if (info.pausedAt) {
    return idle(t("The game is paused: no moves until the creator resumes it."));
  }
  if (info.toMove === null || info.toMove === undefined) {
    return idle(info.phase === "monster" ? t("The monster is moving.")
      : t("Nobody is to move now."));
  }
  if (info.viewer.kind === "seat" && info.viewer.seat === info.toMove) {
    return { mine: true, text: t("It is your move.") };
  }
  const seat = info.seats.find((s) => s.seat === info.toMove);
  return idle(seat ? t("{seat} is to move.", { seat: seatLabel(seat) })
    : t("A player is to move."));
}

/**
 * The tab's title: the game's, marked when it is the viewer's move.
 * @param {string} gameTitle e.g. "Friday night — Ann, Bob"
 * @param {boolean} mine
 * @returns {string}
 */
export function tabTitle(gameTitle, mine) {
  const title = [gameTitle || t("A game"), t("Fearsome Floors by mail")].join(" · ");
  // TRANSLATORS: the browser tab's title when it is the reader's move; keep the mark first
  return mine ? t("(Your move) {title}", { title }) : title;
}

/**
 * Whether to send a browser notification: the page learnt just now that it became the
 * viewer's move (not on opening the page), nobody is looking at the tab, and the player
 * allowed notifications.
 * @param {boolean|null} wasMine what the page knew before (null: nothing yet)
 * @param {boolean} mine
 * @param {{hidden: boolean, permission: string}} where `document.hidden` and
 *   `Notification.permission`
 * @returns {boolean}
 */
export function shouldNotify(wasMine, mine, { hidden, permission }) {
  return wasMine === false && mine && hidden && permission === "granted";
}

/**
 * The notification's words.
 * @param {string} gameTitle
 * @returns {{title: string, body: string}}
 */
export function notificationText(gameTitle) {
  const game = plain(gameTitle);
  return { title: t("Your move"), body: game ? t("It is your move in {game}.", { game })
    : t("It is your move in your game.") };
}

/** Text without the bidi isolates the page puts around names (a notification shows them). */
function plain(text) {
  return (text ?? "").replace(/[\u2066-\u2069]/g, "");
}

// --- The page: title, favicon, notification (DOM from here on) ---

const seen = new WeakMap();
const icons = new Map();

/** Draw the favicon: a floor of four squares in the fortress's wall; a badge for your move. */
function favicon(mine) {
  if (!icons.has(mine)) {
    const canvas = document.createElement("canvas");
    canvas.width = 32;
    canvas.height = 32;
    const g = canvas.getContext("2d");
    g.fillStyle = "#3b3024";
    g.fillRect(0, 0, 32, 32);
    for (const [x, y, colour] of [[4, 4, "#efe6d2"], [16, 4, "#e3d7bd"], [4, 16, "#e3d7bd"],
      [16, 16, "#efe6d2"]]) {
      g.fillStyle = colour;
      g.fillRect(x, y, 12, 12);
    }
    if (mine) {
      g.fillStyle = BADGE;
      g.beginPath();
      g.arc(23, 9, 9, 0, 2 * Math.PI);
      g.fill();
      g.fillStyle = "#fff";
      g.beginPath();
      g.arc(23, 9, 4, 0, 2 * Math.PI);
      g.fill();
    }
    icons.set(mine, canvas.toDataURL("image/png"));
  }
  return icons.get(mine);
}

function setFavicon(href) {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  link.href = href;
}

function canNotify() {
  return typeof Notification === "function";
}

/** The button that asks the browser for leave to notify (only on a click), or what was said. */
function drawPermission(box) {
  const permission = canNotify() ? Notification.permission : "unsupported";
  if (box.dataset.permission === permission) return;
  box.dataset.permission = permission;
  if (permission === "default") {
    const ask = document.createElement("button");
    ask.type = "button";
    ask.className = "small";
    ask.textContent = t("Tell me when it is my move");
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      drawPermission(box);
    });
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = t("A browser notification, while this page is in the background.");
    box.replaceChildren(ask, hint);
  } else if (permission === "granted") {
    box.replaceChildren(t("You get a browser notification when it becomes your move."));
  } else {
    box.replaceChildren();
  }
}

/**
 * Show the turn on the tab (title, favicon) and, for a seat, the notification button; notify
 * when it became the viewer's move while the tab is hidden. Call it each time the game is
 * drawn.
 * @param {{signals: Element}} page the page's elements: `signals` holds the button
 * @param {{title: string}} game from `readGame`
 * @param {object} info from `readGame`
 */
export function showTurn(page, game, info) {
  const { mine } = turnOf(info);
  document.title = tabTitle(plain(game.title), mine);
  setFavicon(favicon(mine));
  const box = page.signals;
  if (!box) return;
  if (info.viewer.kind === "seat" && info.status !== "finished" && info.status !== "cancelled") {
    drawPermission(box);
  } else {
    delete box.dataset.permission;
    box.replaceChildren();
  }
  const wasMine = seen.has(box) ? seen.get(box) : null;
  seen.set(box, mine);
  const permission = canNotify() ? Notification.permission : "unsupported";
  if (shouldNotify(wasMine, mine, { hidden: document.hidden, permission })) {
    const { title, body } = notificationText(game.title);
    const note = new Notification(title, { body, tag: `ff-turn-${info.id}` });
    note.addEventListener("click", () => {
      window.focus();
      note.close();
    });
  }
}
