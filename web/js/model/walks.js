/**
 * Where the monster would walk, as the service tells it for each card that may come next
 * (`walks`: `{card, label, chance, path, eaten, square, facing}`, from the sandbox or the
 * monster preview): which walk to show, its path cut into legs of steps between neighbouring
 * squares (a jump through a wall or a teleporter starts a new leg), and its words. The walk
 * itself is the server's; this only draws it. Pure, no DOM.
 */

import { cardLabel, listWords } from "./captions.js";
import { parseSquare } from "./geometry.js";
import { language, t } from "./i18n.js";
import { figureName } from "./viewmodel.js";

function neighbours(a, b) {
  const p = parseSquare(a);
  const q = parseSquare(b);
  return Boolean(p && q) && Math.abs(p.x - q.x) + Math.abs(p.y - q.y) === 1;
}

/**
 * A walk's path as legs of steps and the jumps between them.
 * @param {string[]} path the squares the monster stands on in turn, from where it stands
 * @returns {{legs: string[][], jumps: Array<{from: string, to: string}>, steps: number}}
 *   each leg two squares or more, each step of it to a neighbour; `steps` the squares it
 *   moves through
 */
export function walkPath(path) {
  const legs = [];
  const jumps = [];
  let leg = path.length ? [path[0]] : [];
  for (let i = 1; i < path.length; i += 1) {
    const [from, to] = [path[i - 1], path[i]];
    if (from === to) continue;
    if (neighbours(from, to)) {
      leg.push(to);
    } else {
      jumps.push({ from, to });
      if (leg.length > 1) legs.push(leg);
      leg = [to];
    }
  }
  if (leg.length > 1) legs.push(leg);
  return { legs, jumps, steps: Math.max(0, path.length - 1) };
}

/**
 * The walk to show: the one of `card`, else the likeliest (the first of those equally likely).
 * @param {object[]} walks
 * @param {string|null} [card]
 * @returns {object|null}
 */
export function chosenWalk(walks, card = null) {
  const asked = walks.find((w) => w.card === card);
  if (asked) return asked;
  return walks.reduce((best, w) => (best === null || w.chance > best.chance ? w : best), null);
}

/**
 * A card's chance to come next, as a percentage in the reader's language ("33 %", "33%").
 * @param {number} chance 0..1
 * @returns {string}
 */
export function chanceWords(chance) {
  return new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 })
    .format(chance);
}

/**
 * A walk in words: its card, its chance, what it eats, where it ends.
 * @param {object} walk
 * @returns {{card: string, chance: string, eaten: string, end: string}}
 */
export function walkWords(walk) {
  const eaten = walk.eaten.map(figureName);
  return {
    card: cardLabel(walk.card),
    chance: chanceWords(walk.chance),
    // TRANSLATORS: what the monster would eat on a card's walk: {figures} lists them.
    eaten: eaten.length ? t("eats {figures}", { figures: listWords(eaten) }) : t("eats no one"),
    // TRANSLATORS: where the monster's walk ends: {square} as "h5".
    end: t("ends on {square}", { square: walk.square }),
  };
}
