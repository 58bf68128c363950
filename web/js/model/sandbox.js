/**
 * A sandbox as its page reads it (`GET /api/v1/sandboxes/<id>`, docs/table.md "Sandboxes"):
 * its position for the board, with the seat to move's choices for the one person who moves
 * every seat; who plays each seat; its history as lines to go back to. The sandbox's view is
 * the server's: what may be played, where the monster would walk. Pure, no DOM.
 */

import { cardLabel, isolate, listWords, playerName } from "./captions.js";
import { t } from "./i18n.js";
import { boardModel, figureName, statusModel } from "./viewmodel.js";

/** The levels the computer plays a sandbox's seat at ("": a person). */
export const LEVELS = Object.freeze(["easy", "normal", "hard"]);

/**
 * The sandbox's game, board and status, and the view the interaction reads: its `legal` is
 * the seat to move's, whoever that is (one person moves them all).
 * @param {object} sandbox the API's
 * @returns {{game: object, view: object, board: object, status: object}}
 */
export function readSandbox(sandbox) {
  const players = sandbox.seats.map((s) => ({ seat: s.seat, name: s.name ?? s.colour }));
  const game = { id: sandbox.id, title: isolate(sandbox.name), players };
  const view = { ...sandbox.position, viewer: sandbox.position.legal?.seat ?? null };
  // The status is nobody's in particular: no seat is "you" more than another.
  return { game, view, board: boardModel(view, game), status: statusModel(sandbox.position) };
}

/**
 * Who plays each seat: a person ("") or the computer at a level.
 * @param {object} sandbox
 * @returns {Array<{seat: number, colour: string, level: string}>}
 */
export function seatPlayers(sandbox) {
  return sandbox.seats.map((s) => ({ seat: s.seat, colour: s.colour,
    level: sandbox.computer?.[String(s.seat)] ?? sandbox.computer?.[s.seat] ?? "" }));
}

/**
 * The body of `PUT .../computer` for one seat's new player.
 * @param {number} seat
 * @param {string} level "" (a person) or a level
 * @returns {Record<string, string|null>}
 */
export function computerChange(seat, level) {
  return { [String(seat)]: LEVELS.includes(level) ? level : null };
}

/**
 * The cards the monster may turn up now, when its turn is due (null: it is not): those the
 * server walks (before the game's first card no hit card may come, though the pile holds
 * them), else every card the pile still holds.
 * @param {object} sandbox
 * @returns {string[]|null}
 */
export function monsterCards(sandbox) {
  if (sandbox.phase !== "monster") return null;
  const walked = sandbox.walks.map((w) => w.card);
  return walked.length ? sandbox.cards.filter((card) => walked.includes(card)) : sandbox.cards;
}

function entryText(entry, board) {
  if (entry.monster) {
    const eaten = (entry.monster.eaten ?? []).map(figureName);
    const card = cardLabel(entry.monster.card);
    // TRANSLATORS: a monster turn of a sandbox's history; {figures} lists those it ate.
    return eaten.length ? t("The monster turns up {card} and eats {figures}.",
      { card, figures: listWords(eaten) })
      : t("The monster turns up {card}.", { card });
  }
  const player = playerName(board, entry.seat);
  if (entry.takeback) return t("{player} took back a move.", { player });
  // TRANSLATORS: a move of a sandbox's history: "Ann (green): green 5 +NN".
  return t("{player}: {notation}", { player, notation: entry.notation ?? "" });
}

/**
 * The sandbox's history, oldest first, from its start: each line the position after it,
 * to go back to (the last is where it stands now).
 * @param {object} sandbox
 * @param {object} board for the players' names
 * @returns {Array<{version: number, text: string, now: boolean}>}
 */
export function historyLines(sandbox, board) {
  const lines = [{ version: 0, text: t("The start.") },
    ...sandbox.entries.map((entry) => ({ version: entry.version, text: entryText(entry, board) }))];
  return lines.map((line) => ({ ...line, now: line.version === sandbox.version }));
}
