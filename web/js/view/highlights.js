/**
 * The highlights layer: marks on squares for the selected figure, its destinations, the
 * chosen one and the preview of its outcome (the figure's end square, each pushed stone's
 * path), the squares a tile may take, and the squares a replay frame points out. Returns a
 * note per marked square so the board can tell screen readers too.
 */

import { DIRECTIONS, parseSquare } from "../model/geometry.js";
import { t, tn } from "../model/i18n.js";
import { figureName, parseFigure } from "../model/viewmodel.js";
import { centre } from "./layout.js";
import { label, svg } from "./pieces.js";

function ring(square, cls, r = 0.46) {
  const c = centre(square);
  return svg("circle", { class: cls, cx: c.x, cy: c.y, r });
}

function frame(square, cls) {
  const { x, y } = parseSquare(square);
  return svg("rect", { class: cls, x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.1 });
}

function pushArrow(from, to, cls = "hl-push") {
  const a = centre(from);
  const b = centre(to);
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const tip = { x: b.x - ux * 0.2, y: b.y - uy * 0.2 };
  const back = { x: tip.x - ux * 0.22, y: tip.y - uy * 0.22 };
  return svg("g", { class: cls }, [
    svg("line", { x1: a.x, y1: a.y, x2: back.x, y2: back.y }),
    svg("polygon", {
      points: `${tip.x},${tip.y} ${back.x - uy * 0.13},${back.y + ux * 0.13} `
        + `${back.x + uy * 0.13},${back.y - ux * 0.13}`,
    }),
  ]);
}

function cross(square) {
  const { x, y } = centre(square);
  const [a, b, c, d] = [x - 0.25, x + 0.25, y - 0.25, y + 0.25];
  return svg("path", { class: "hl-removed", d: `M ${a} ${c} L ${b} ${d} M ${b} ${c} L ${a} ${d}` });
}

function ghost(figureId, square) {
  const { colour } = parseFigure(figureId);
  const c = centre(square);
  return svg("circle", { class: `hl-ghost figure--${colour}`, cx: c.x, cy: c.y, r: 0.33 });
}

function add(notes, square, note) {
  notes.set(square, notes.has(square) ? `${notes.get(square)}, ${note}` : note);
}

/**
 * Redraw the highlights.
 * @param {SVGGElement} layer
 * @param {object} h what to show; every field may be left out:
 *   `selectedSquare` (the selected figure's square), `destinations` ([{to, count}], `to` a
 *   square or "out"), `chosen` (a destination), `preview` (from `previewMove`), `spots`
 *   (squares a tile may take), `placement` ({squares, arrow}), `focus` (squares to point out),
 *   `last` (the last move, `model/marks.js`), `planned` (plan mode's arrows, `plannedBoard`)
 * @returns {Map<string, string>} a note per marked square ("a destination, 3 ways")
 */
export function drawHighlights(layer, h) {
  const notes = new Map();
  const marks = [];
  if (h.last) {
    const { from, to, squares } = h.last;
    if (from) {
      marks.push(frame(from, "hl-last"));
      add(notes, from, t("the last move started here"));
    }
    if (to) {
      marks.push(frame(to, "hl-last"));
      add(notes, to, t("the last move ended here"));
    }
    for (const square of squares) {
      marks.push(frame(square, "hl-last"));
      add(notes, square, t("placed last"));
    }
  }
  for (const { figure, from, to } of h.planned ?? []) {
    if (to === "out") continue;
    if (from) marks.push(pushArrow(from, to, "hl-plan"));
    marks.push(frame(to, "hl-plan-end"));
    add(notes, to, t("{figure} is planned to end here", { figure: figureName(figure) }));
  }
  if (h.selectedSquare) {
    marks.push(frame(h.selectedSquare, "hl-selected"));
    add(notes, h.selectedSquare, t("selected"));
  }
  // Once a destination is chosen the others step back, so its preview stands out.
  const dim = h.chosen ? " is-dim" : "";
  for (const { to, count } of h.destinations ?? []) {
    const c = centre(to);
    marks.push(svg("circle", { class: `hl-destination${dim}`, cx: c.x, cy: c.y, r: 0.14 }));
    if (count > 1) {
      marks.push(label(String(count), { class: `hl-count${dim}`, x: c.x + 0.3, y: c.y - 0.3 }));
    }
    add(notes, to, count > 1
      ? tn("a destination, {n} way to push", "a destination, {n} ways to push", count)
      : t("a destination"));
  }
  if (h.chosen) {
    marks.push(ring(h.chosen, "hl-chosen"));
    add(notes, h.chosen, t("chosen"));
  }
  if (h.preview) {
    const p = h.preview;
    if (p.to !== "out") marks.push(ghost(p.figure, p.to));
    for (const push of p.pushes) {
      marks.push(push.to === null ? cross(push.from) : pushArrow(push.from, push.to));
      add(notes, push.from,
        push.to === null ? t("its stone is removed")
          : t("its stone goes to {square}", { square: push.to }));
    }
  }
  for (const square of h.spots ?? []) {
    marks.push(frame(square, "hl-spot"));
    add(notes, square, t("the tile may go here"));
  }
  if (h.placement) {
    for (const square of h.placement.squares) marks.push(frame(square, "hl-placement"));
    if (h.placement.arrow) {
      const c = centre(h.placement.squares[0]);
      marks.push(svg("polygon", {
        class: "hl-placement-arrow", points: "0,-0.45 0.16,-0.2 -0.16,-0.2",
        transform: `translate(${c.x} ${c.y}) rotate(${DIRECTIONS[h.placement.arrow].angle})`,
      }));
    }
  }
  for (const square of h.focus ?? []) {
    marks.push(ring(square, "hl-focus", 0.44));
    add(notes, square, t("pointed out"));
  }
  layer.replaceChildren(...marks);
  return notes;
}
