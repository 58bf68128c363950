/**
 * The home page's data: the answer of `GET /home` → one line per seat of the address, in
 * the server's order (those waiting for the player first), with words for where each game
 * is. Pure, no DOM: whose move it is comes from the server.
 */

import { isolate } from "./captions.js";
import { pagePath } from "./lobby.js";

/**
 * Where a game is, for the player holding `entry`'s seat.
 * @param {object} entry one of `GET /home`'s games
 * @returns {string}
 */
export function gameState(entry) {
  if (entry.status === "open") return "Waiting for players to join.";
  if (entry.status === "finished") return "The game is over.";
  if (entry.status === "cancelled") return "The game was cancelled.";
  if (entry.paused) return "Paused by the game's creator.";
  if (entry.your_move) return "Your move.";
  if (entry.to_move) {
    const who = entry.to_move.name ? `${isolate(entry.to_move.name)} (${entry.to_move.colour})`
      : entry.to_move.colour;
    return `Waiting for ${who}.`;
  }
  return "The monster is on its way.";
}

/**
 * The lines of the home page.
 * @param {object} home the answer of `GET /home`
 * @returns {{email: string, expiresAt: string, games: Array<{id: string, name: string,
 *   href: string, yourMove: boolean, state: string, seat: string, lastActivity: string,
 *   deadline: string|null}>}}
 */
export function homeLines(home) {
  return {
    email: home.email,
    expiresAt: home.expires_at,
    games: home.games.map((entry) => ({
      id: entry.game_id,
      name: entry.name,
      href: pagePath(entry.link),
      yourMove: entry.your_move,
      state: gameState(entry),
      seat: `You play ${entry.colour} (seat ${entry.seat + 1})`
        + (entry.player ? ` as ${isolate(entry.player)}` : ""),
      lastActivity: entry.last_activity,
      deadline: entry.move_deadline,
    })),
  };
}

/**
 * A moment for people, in the browser's language and time zone: "25 Nov 2026, 14:03".
 * @param {string} iso an RFC 3339 time from the API
 * @returns {string}
 */
export function when(iso) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
