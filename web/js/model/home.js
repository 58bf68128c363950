/**
 * The home page's data: the answer of `GET /home` → one line per seat of the address, in
 * the server's order (those waiting for the player first), with words for where each game
 * is. Pure, no DOM: whose move it is comes from the server.
 */

import { isolate } from "./captions.js";
import { formatMoment, t } from "./i18n.js";
import { pagePath } from "./lobby.js";
import { colourName } from "./viewmodel.js";

/**
 * Where a game is, for the player holding `entry`'s seat.
 * @param {object} entry one of `GET /home`'s games
 * @returns {string}
 */
export function gameState(entry) {
  if (entry.status === "open") return t("Waiting for players to join.");
  if (entry.status === "finished") return t("The game is over.");
  if (entry.status === "cancelled") return t("The game was cancelled.");
  if (entry.paused) return t("Paused by the game's creator.");
  if (entry.your_move) return t("Your move.");
  if (entry.to_move) {
    const colour = colourName(entry.to_move.colour);
    const who = entry.to_move.name
      ? t("{name} ({colour})", { name: isolate(entry.to_move.name), colour }) : colour;
    // TRANSLATORS: {who} is a player, "Ann (red)", or just their colour.
    return t("Waiting for {who}.", { who });
  }
  return t("The monster is on its way.");
}

/**
 * Which seat the reader plays in a game, for a list of their games.
 * @param {{colour: string, seat: number, player: string|null}} entry
 * @returns {string}
 */
export function seatWords(entry) {
  const words = { colour: colourName(entry.colour), number: entry.seat + 1 };
  return entry.player
    ? t("You play {colour} (seat {number}) as {name}", { ...words, name: isolate(entry.player) })
    : t("You play {colour} (seat {number})", words);
}

/**
 * The lines of the home page.
 * @param {object} home the answer of `GET /home`
 * @returns {{email: string, expiresAt: string, dailyMail: object, games: Array<{id: string,
 *   name: string, href: string, yourMove: boolean, state: string, seat: string,
 *   lastActivity: string, deadline: string|null}>}}
 */
export function homeLines(home) {
  return {
    email: home.email,
    expiresAt: home.expires_at,
    dailyMail: home.daily_mail,
    games: home.games.map((entry) => ({
      id: entry.game_id,
      name: entry.name,
      href: pagePath(entry.link),
      yourMove: entry.your_move,
      state: gameState(entry),
      seat: seatWords(entry),
      lastActivity: entry.last_activity,
      deadline: entry.move_deadline,
    })),
  };
}

/**
 * A moment for people, in the page's language and the browser's time zone: "Wed, Nov 25,
 * 2:03 PM GMT+1".
 * @param {string} iso an RFC 3339 time from the API
 * @returns {string}
 */
export function when(iso) {
  return formatMoment(iso);
}
