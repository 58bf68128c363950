/**
 * Where the monster would walk (model/walks.js): a card picker, one button per card that may
 * come next with its chance and whom it would eat, and the chosen card's walk drawn on the
 * board's walks layer: its path as lines between the squares it steps on (dashed where it
 * jumps through a wall or a teleporter), an arrow where it ends facing, a ring on each figure
 * it would eat. Used by the sandbox page and by the monster preview on a game page. Built
 * with createElement; every text goes in through textContent.
 */

import { DIRECTIONS } from "../model/geometry.js";
import { t } from "../model/i18n.js";
import { chosenWalk, walkPath, walkWords } from "../model/walks.js";
import { centre } from "./layout.js";
import { button, el } from "./panel.js";
import { svg } from "./pieces.js";

function points(squares) {
  return squares.map((square) => {
    const c = centre(square);
    return `${c.x},${c.y}`;
  }).join(" ");
}

/** Draw a walk in the layer: its legs, its jumps, where it ends, the figures it eats. */
function drawWalk(layer, walk, board) {
  const { legs, jumps } = walkPath(walk.path);
  const marks = [];
  for (const leg of legs) marks.push(svg("polyline", { class: "walk__leg", points: points(leg) }));
  for (const { from, to } of jumps) {
    const [a, b] = [centre(from), centre(to)];
    marks.push(svg("line", { class: "walk__jump", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
  }
  const start = centre(walk.path[0] ?? walk.square);
  marks.push(svg("circle", { class: "walk__start", cx: start.x, cy: start.y, r: 0.12 }));
  const end = centre(walk.square);
  marks.push(svg("polygon", {
    class: "walk__end", points: "0,-0.42 0.22,-0.05 -0.22,-0.05",
    transform: `translate(${end.x} ${end.y}) rotate(${DIRECTIONS[walk.facing]?.angle ?? 0})`,
  }));
  for (const key of walk.eaten) {
    const square = board?.figures.find((f) => f.id === key && f.where === "board")?.square;
    if (!square) continue;
    const c = centre(square);
    marks.push(svg("circle", { class: "walk__eaten", cx: c.x, cy: c.y, r: 0.44 }));
  }
  layer.replaceChildren(...marks);
}

/**
 * Create the walk picker in `container`, drawing on `boardView`'s walks layer.
 * @param {Element} container
 * @param {object} boardView from `createBoard`
 * @param {{title: string}} words the panel's heading
 * @returns {{show: function(object[], object, string=): void, clear: function(): void,
 *   card: function(): string|null}} `show(walks, board, hint)`: list the walks, draw the
 *   chosen card's (the card chosen before, else the likeliest); `clear()`: nothing shown
 */
export function createWalks(container, boardView, { title }) {
  let chosen = null; // the card the reader chose, kept across new walks
  let shown = { walks: [], board: null, hint: "" };

  function draw() {
    const { walks, board, hint } = shown;
    const walk = chosenWalk(walks, chosen);
    if (!walk) {
      clear();
      return;
    }
    drawWalk(boardView.walks, walk, board);
    const words = walkWords(walk);
    const picker = el("div", { class: "buttons walk-cards", role: "group",
      "aria-label": t("Cards the monster may turn up") },
    ...walks.map((w) => {
      const ww = walkWords(w);
      // TRANSLATORS: a card the monster may turn up next, its chance, and whom it would eat:
      // "7 (33%): eats red 3"
      return button(t("{card} ({chance}): {eaten}", ww), () => {
        chosen = w.card;
        draw();
        container.querySelector(`[data-card="${CSS.escape(w.card)}"]`)?.focus();
      }, { "aria-pressed": String(w === walk), "data-card": w.card });
    }));
    container.hidden = false;
    container.replaceChildren(el("h2", {}, title),
      ...(hint ? [el("p", { class: "hint" }, hint)] : []),
      picker,
      // TRANSLATORS: the chosen card's walk: "With 7 the monster ends on k1 and eats red 3."
      // {end} is "ends on k1", {eaten} "eats red 3" or "eats no one"
      el("p", { class: "walk-chosen", "aria-live": "polite" },
        t("With {card} the monster {end} and {eaten}.", words)));
  }

  function clear() {
    boardView.walks.replaceChildren();
    container.replaceChildren();
    container.hidden = true;
  }

  return {
    show(walks, board, hint = "") {
      shown = { walks, board, hint };
      draw();
    },
    clear,
    card: () => chosenWalk(shown.walks, chosen)?.card ?? null,
  };
}
