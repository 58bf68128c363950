/**
 * Your games on this device (model/device.js): the lobby's list of the games this browser
 * opened, those waiting for you first, read in one request; on a game page, the link to the
 * next game waiting for you; and the game page's part: keep the game just opened, forget a
 * kept token the service refuses. The mailed link to all your games stays, for other devices.
 */

import { createClient } from "../model/api.js";
import { isolate } from "../model/captions.js";
import {
  deviceStorage, forgetTokens, gamePath, keepGame, keptGames, myGamesRequest, nextWaiting, readMyGames,
} from "../model/device.js";
import { gameState, seatWords, when } from "../model/home.js";
import { t } from "../model/i18n.js";
import { el } from "./panel.js";
import { mountDevicePush, registerWorker } from "./push.js";

/**
 * Read what each kept game is now (one request), forget the tokens answered `gone`.
 * @param {object} client model/api.js, any token
 * @param {Storage} storage
 * @returns {Promise<object[]>} the games, those waiting for you first (model/device.js)
 */
export async function readKeptGames(client, storage) {
  const kept = keptGames(storage);
  if (!kept.length) return [];
  const { games, gone } = readMyGames(kept, await client.myGames(myGamesRequest(kept)));
  forgetTokens(storage, gone);
  return games;
}

function whose(game) {
  if (game.kind === "creator") return t("The creator's page");
  if (game.kind === "spectator") return t("Watching");
  return seatWords(game);
}

function gameItem(game) {
  const facts = [whose(game), t("last move {moment}", { moment: when(game.since) })];
  if (game.move_deadline) facts.push(t("move by {moment}", { moment: when(game.move_deadline) }));
  return el("li", { class: game.your_move ? "home-game is-my-move" : "home-game",
    "data-game": game.game_id },
  el("a", { href: gamePath(game) }, game.name),
  ...(game.your_move ? [" ", el("strong", { class: "badge" }, t("Your move"))] : []),
  el("p", { class: "state" }, gameState(game)),
  el("p", { class: "hint" }, `${facts.join(" · ")}.`));
}

/**
 * Show "Your games" at the top of the lobby when this device keeps any: the list (one request)
 * and the button that turns notifications on for all their seats (view/push.js).
 * @param {Element} container the lobby
 * @param {object} ui `client` (model/api.js), `alert(message)`
 */
export async function showMyGames(container, ui) {
  registerWorker(); // the app is installable from the lobby, and ready for notifications
  const storage = deviceStorage();
  if (!keptGames(storage).length) return;
  const box = el("section", { class: "my-games", "aria-labelledby": "my-games-title" },
    el("h2", { id: "my-games-title" }, t("Your games on this device")));
  container.prepend(box);
  let games;
  try {
    games = await readKeptGames(ui.client, storage);
  } catch (error) {
    box.append(el("p", {}, t("Your games could not be read: {reason}",
      { reason: error.message })));
    return;
  }
  if (!games.length) {
    box.remove();
    return;
  }
  box.append(
    el("ul", { class: "links home-games" }, ...games.map(gameItem)),
    el("p", { class: "hint" }, t("The games opened on this device, those waiting for you "
      + "first. On another device, open the link to all your games from your email.")));
  const seats = games.filter((g) => g.kind === "seat" && !["finished", "cancelled"]
    .includes(g.status));
  if (seats.length) mountDevicePush(box, ui, seats);
}

/**
 * Keep the game just opened on this device, and show the link to the next game waiting for
 * you (read again whenever the page is shown again).
 * @param {object} page the page's elements (`signals`)
 * @param {object} ui `client` (the game's token)
 * @param {object} apiGame the game's view
 */
export function mountDeviceGames(page, ui, apiGame) {
  const storage = deviceStorage();
  if (ui.client.token) keepGame(storage, ui.client.token, apiGame);
  // Each game's own token goes in the body: this request carries none of its own.
  const client = createClient({ fetch: window.fetch.bind(window) });
  const box = el("nav", { class: "next-game", "aria-label": t("Your games on this device") });
  box.hidden = true;
  page.signals.after(box);
  async function show() {
    let next;
    try {
      next = nextWaiting(await readKeptGames(client, storage), apiGame.id);
    } catch {
      return; // only a convenience: the game itself is unaffected
    }
    box.hidden = !next;
    box.replaceChildren(...(next ? [el("a", { href: gamePath(next) },
      t("Next game waiting for you: {name}", { name: isolate(next.name) }))] : []));
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") show();
  });
  return show();
}

/**
 * Show a game through `show()`; when the page took a kept token (`where.kept`) that the
 * service now refuses, forget it first.
 * @param {{token: string|null, kept?: boolean}} where
 * @param {function(): Promise<void>} show
 */
export async function showKept(where, show) {
  try {
    await show();
  } catch (error) {
    if (where.kept && [401, 403, 404].includes(error.status)) {
      forgetTokens(deviceStorage(), [where.token]);
    }
    throw error;
  }
}
