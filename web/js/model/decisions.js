/**
 * Which of the rules page's decisions (web/rules.html, served at /rules) a replay frame uses,
 * so its caption can link there ("why?"): a tie before a turning stone, a turn and the step it
 * makes, a teleporter, a piece pushed onto a teleporter or across a pool. Pure, no DOM.
 */

import { EVENT } from "./events.js";
import { parseSquare } from "./geometry.js";

/** The sections of the rules page a frame may point to (checked against the page's ids). */
export const DECISIONS = Object.freeze(["d3", "d4", "teleport", "d5", "d11"]);

/**
 * The address of a decision's section on the rules page in the reader's language (the page
 * is written in each: /rules?lang=de).
 * @param {string} anchor one of DECISIONS
 * @param {string} lang the page's language, "de"
 * @returns {string}
 */
export function decisionLink(anchor, lang) {
  return `/rules?lang=${encodeURIComponent(lang)}#${anchor}`;
}

function apart(from, to) {
  const [a, b] = [parseSquare(from), parseSquare(to)];
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/** A look that saw two or more figures equally near, and so kept its facing (D3). */
function tie(look) {
  if (look.turned || look.seen.length < 2) return false;
  const nearest = Math.min(...look.seen.map((s) => s.distance));
  return look.seen.filter((s) => s.distance === nearest).length > 1;
}

/**
 * The anchor on the rules page of the decision this frame's events use, or null.
 * @param {{events?: object[]}|null} frame
 * @returns {string|null}
 */
export function decisionOf(frame) {
  for (const e of frame?.events ?? []) {
    if (e.type === EVENT.LOOK && tie(e)) return "d3";
    if (e.type === EVENT.TURNING_STONE || e.type === EVENT.STAY) return "d4";
    if (e.type === EVENT.TELEPORT) return "teleport";
    if (e.type === EVENT.EAT && e.how === "teleporter") return "d5";
    // The front piece of a pushed line slid across a pool: it moved more than one square.
    if (e.type === EVENT.PUSH && e.pieces.some((p) => p.to && apart(p.from, p.to) > 1)) {
      return "d11";
    }
  }
  return null;
}
