/**
 * Where things go in the board's viewBox, in cell units: the board's squares at (x, y)..(x+1,
 * y+1), the escaped figures and the exit door in a row above it, the waiting figures and the
 * entrance in a row below it.
 */

import { HEIGHT, WIDTH, parseSquare } from "../model/geometry.js";

/** The centre line of the row of escaped figures, above the board by the exit. */
export const TOP_PANEL_Y = -1.3;
/** The centre line of the row of waiting figures, below the board by the entrance. */
export const BOTTOM_PANEL_Y = HEIGHT + 1.3;
/** The whole drawing: the board, its wall letters and both rows. */
export const VIEW_BOX = `-0.75 -2.5 ${WIDTH + 1.5} ${HEIGHT + 5}`;
/** The centre of the exit door, the target of a move out of the fortress ("out"). */
export const EXIT_DOOR = Object.freeze({ x: 0.5, y: TOP_PANEL_Y });

/**
 * Return the centre of a square, or of the exit door for "out".
 * @param {string} square
 * @returns {{x: number, y: number}}
 */
export function centre(square) {
  if (square === "out") return EXIT_DOOR;
  const { x, y } = parseSquare(square);
  return { x: x + 0.5, y: y + 0.5 };
}
