/**
 * What the board marks beside the player's choices: the last move made (its start and end,
 * or the squares of the tile placed last), so a player coming back sees at once what
 * changed. Read from the log's entries (`gamelog.js` `groupEvents`); pure, no DOM. A move
 * that a takeback took back is no longer on the board: the mark is the last move before it.
 */

import { EVENT } from "./events.js";

/**
 * The last move or placement of the log.
 * @param {Array<{events: object[], version?: number}>} entries the log's entries, oldest
 *   first (`version`: the game's version after each)
 * @returns {{figure: string|null, from: string|null, to: string|null, squares: string[]}|null}
 *   a move's figure, its start (null: it came in from outside) and end square (null: it
 *   left by the exit); a placement's squares; null before any
 */
export function lastMove(entries) {
  let upTo = Infinity; // the last version still on the board, once a takeback went back
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const back = entries[i].events.find((x) => x.type === EVENT.TAKEBACK);
    if (back) upTo = Math.min(upTo, back.to_version);
    if (back || entries[i].version > upTo) continue;
    const e = entries[i].events.find((x) => x.type === EVENT.MOVE || x.type === EVENT.PLACE);
    if (e?.type === EVENT.MOVE) {
      return { figure: e.figure, from: e.from === "outside" ? null : e.from,
        to: e.escapes ? null : e.to, squares: [] };
    }
    if (e) return { figure: null, from: null, to: null, squares: e.squares ?? [e.square] };
  }
  return null;
}
