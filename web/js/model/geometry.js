/**
 * The board's shape (RULES §1): 16 × 11 squares minus two staircases, 156 squares named
 * a1..p11 (column letter, row number), the wall letters printed around the edge, the exit a1
 * and the entrance p11. Pure data and arithmetic: no rules, no DOM.
 *
 * x is the column 0..15 (a..p) left to right, y the row 0..10 (1..11) top to bottom.
 */

import { t } from "./i18n.js";

export const WIDTH = 16;
export const HEIGHT = 11;
export const EXIT = "a1";
export const ENTRANCE = "p11";

/**
 * Direction letters clockwise from north, with their steps and names (`name` in the page's
 * language when read).
 */
export const DIRECTIONS = Object.freeze({
  // TRANSLATORS: a direction on the board, as in "turns north", "facing north".
  N: Object.freeze({ dx: 0, dy: -1, get name() { return t("north"); }, angle: 0 }),
  E: Object.freeze({ dx: 1, dy: 0, get name() { return t("east"); }, angle: 90 }),
  S: Object.freeze({ dx: 0, dy: 1, get name() { return t("south"); }, angle: 180 }),
  W: Object.freeze({ dx: -1, dy: 0, get name() { return t("west"); }, angle: 270 }),
});

const COLUMNS = "abcdefghijklmnop";

// The staircases cut off these squares: [row, first x, last x].
const CUT = [[0, 12, 15], [1, 13, 15], [2, 14, 15], [3, 15, 15],
  [7, 0, 0], [8, 0, 1], [9, 0, 2], [10, 0, 3]];

/**
 * Tell whether (x, y) is a square of the board.
 * @param {number} x column 0..15
 * @param {number} y row 0..10
 * @returns {boolean}
 */
export function isOnBoard(x, y) {
  if (!Number.isInteger(x) || !Number.isInteger(y)) return false;
  if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT) return false;
  return !CUT.some(([row, lo, hi]) => row === y && x >= lo && x <= hi);
}

/**
 * Name the square at (x, y), e.g. (7, 4) → "h5"; null when that is not on the board.
 * @param {number} x
 * @param {number} y
 * @returns {string|null}
 */
export function squareName(x, y) {
  return isOnBoard(x, y) ? `${COLUMNS[x]}${y + 1}` : null;
}

/**
 * Read a square name ("h5") as its coordinates; null for anything that is not a square.
 * @param {string} name
 * @returns {{x: number, y: number}|null}
 */
export function parseSquare(name) {
  const match = /^([a-p])(\d{1,2})$/.exec(typeof name === "string" ? name : "");
  if (!match || String(Number(match[2])) !== match[2]) return null;
  const x = COLUMNS.indexOf(match[1]);
  const y = Number(match[2]) - 1;
  return isOnBoard(x, y) ? { x, y } : null;
}

/** The 156 square names, row by row from a1, as the engine lists them. */
export const SQUARES = Object.freeze(
  Array.from({ length: WIDTH * HEIGHT }, (_, i) => squareName(i % WIDTH, Math.floor(i / WIDTH)))
    .filter((name) => name !== null),
);

/**
 * Return the square one step from `name` in direction `dir` ("N", "E", "S", "W"), or null
 * past the wall.
 * @param {string} name
 * @param {string} dir
 * @returns {string|null}
 */
export function neighbour(name, dir) {
  const at = parseSquare(name);
  const d = DIRECTIONS[dir];
  return at && d ? squareName(at.x + d.dx, at.y + d.dy) : null;
}

/**
 * Return the square that is the half-turn image of `name`: (x, y) → (15 − x, 10 − y). The
 * two segments of one wall letter face each other across this turn.
 * @param {string} name
 * @returns {string|null}
 */
export function halfTurn(name) {
  const at = parseSquare(name);
  return at ? squareName(WIDTH - 1 - at.x, HEIGHT - 1 - at.y) : null;
}

const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };

function wallLetters() {
  const letters = [];
  const pair = (letter, square, side) => {
    letters.push({ square, side, letter });
    letters.push({ square: halfTurn(square), side: OPPOSITE[side], letter });
  };
  "ABCDEFGHIJKL".split("").forEach((letter, c) => pair(letter, squareName(c, 0), "N"));
  pair("M", "l1", "E");
  pair("N", "m2", "N");
  pair("O", "m2", "E");
  pair("P", "n3", "N");
  pair("Q", "n3", "E");
  pair("R", "o4", "N");
  pair("S", "o4", "E");
  pair("T", "p5", "N");
  "UVWXYZ".split("").forEach((letter, i) => pair(letter, squareName(15, 4 + i), "E"));
  pair("*", "p11", "E");
  return letters;
}

/**
 * Every wall segment with its letter (RULES §1 table; "*" is the star): 27 letters, each on
 * two segments that are half-turn images of each other.
 * @type {ReadonlyArray<{square: string, side: string, letter: string}>}
 */
export const WALL_LETTERS = Object.freeze(wallLetters());

/**
 * Return the squares a tile covers when placed with `square` as its (top-left) square:
 * four for the 2×2 pool, four in a row ("h") or column ("v") for the long pool, else one.
 * Squares off the board come back as null.
 * @param {string} tile e.g. "stone", "teleporter_A", "pool_square", "pool_long"
 * @param {string} square
 * @param {string|null} [orientation] "h" or "v" for the long pool
 * @returns {Array<string|null>}
 */
export function tileSquares(tile, square, orientation = null) {
  const at = parseSquare(square);
  if (!at) return [null];
  if (tile === "pool_square") {
    return [[0, 0], [1, 0], [0, 1], [1, 1]].map(([dx, dy]) => squareName(at.x + dx, at.y + dy));
  }
  if (tile === "pool_long") {
    return [0, 1, 2, 3].map((i) => (orientation === "v"
      ? squareName(at.x, at.y + i) : squareName(at.x + i, at.y)));
  }
  return [square];
}
