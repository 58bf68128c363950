/**
 * SVG shapes of the pieces, each drawn around (0, 0) in a one-unit cell: figures, stones,
 * teleporters, the monster. Elements are made with createElementNS; text goes in through
 * textContent. Colours come from CSS classes (app.css), so the shapes carry no styling.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Make an SVG element with attributes and children.
 * @param {string} name e.g. "rect"
 * @param {Record<string, string|number>} [attrs]
 * @param {Array<Element>} [children]
 * @returns {SVGElement}
 */
export function svg(name, attrs = {}, children = []) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

/**
 * Make an SVG text element centred on (x, y).
 * @param {string} text
 * @param {Record<string, string|number>} attrs
 * @returns {SVGTextElement}
 */
export function label(text, attrs) {
  const el = svg("text", { "text-anchor": "middle", "dominant-baseline": "central", ...attrs });
  el.textContent = text;
  return el;
}

/**
 * Draw a figure: a disc in its colour showing its current number; on its black side a black
 * disc ringed in its colour, with its coloured number on a small badge.
 * @param {{colour: string, number: number, face: string, shows: number}} figure
 * @returns {SVGElement[]} the shapes, for a `<g>` that places them
 */
export function figureShapes(figure) {
  // The numbers drawn are hidden from screen readers: a figure off the board is named with
  // them ("red 1 showing 6"), and one on the board by its square.
  const black = figure.face === "black";
  const shapes = [
    svg("circle", { class: "figure__disc", r: 0.36 }),
    label(String(figure.shows), { class: "figure__number", y: 0.02, "aria-hidden": "true" }),
  ];
  if (black) {
    shapes.splice(1, 0, svg("circle", { class: "figure__black-ring", r: 0.27 }));
    shapes.push(svg("circle", { class: "figure__badge", cx: 0.28, cy: -0.28, r: 0.15 }),
      label(String(figure.number), { class: "figure__badge-number", x: 0.28, y: -0.27,
        "aria-hidden": "true" }));
  }
  return shapes;
}

const TURN_RIGHT_ARROW = "M -0.17 0.08 A 0.17 0.17 0 1 1 0.17 0.08";
const TURN_BACK_ARROW = "M -0.14 0.2 L -0.14 -0.04 A 0.14 0.14 0 0 1 0.14 -0.04 L 0.14 0.08";

/**
 * Draw a stone by kind: a grey block, a see-through crystal, a block with a right-turn or a
 * U-turn arrow.
 * @param {string} kind stone, crystal, turn_right or turn_180
 * @returns {SVGElement[]}
 */
export function stoneShapes(kind) {
  if (kind === "crystal") {
    return [svg("polygon", { class: "stone__crystal", points: "0,-0.42 0.36,0 0,0.42 -0.36,0" }),
      svg("polyline", { class: "stone__facet", points: "-0.36,0 0,-0.12 0.36,0" })];
  }
  const block = svg("rect", {
    class: "stone__block", x: -0.37, y: -0.37, width: 0.74, height: 0.74, rx: 0.12,
  });
  if (kind === "turn_right") {
    return [block, svg("path", { class: "stone__arrow", d: TURN_RIGHT_ARROW }),
      svg("polygon", { class: "stone__arrowhead", points: "0.07,0.04 0.27,0.04 0.17,0.2" })];
  }
  if (kind === "turn_180") {
    return [block, svg("path", { class: "stone__arrow", d: TURN_BACK_ARROW }),
      svg("polygon", { class: "stone__arrowhead", points: "0.04,0.06 0.24,0.06 0.14,0.22" })];
  }
  return [block];
}

/**
 * Draw a teleporter: a portal with its pair letter and an arrow on its rim.
 * @param {{pair: string, arrow: string}} teleporter
 * @param {number} angle the arrow's direction in degrees clockwise from north
 * @returns {SVGElement[]}
 */
export function teleporterShapes(teleporter, angle) {
  return [
    svg("circle", { class: "teleporter__portal", r: 0.38 }),
    svg("circle", { class: "teleporter__inner", r: 0.24 }),
    label(teleporter.pair, { class: "teleporter__letter", y: 0.02 }),
    svg("polygon", {
      class: "teleporter__arrow", points: "0,-0.5 0.14,-0.3 -0.14,-0.3",
      transform: `rotate(${angle})`,
    }),
  ];
}

const TEETH = "M -0.16 0.1 L -0.08 0.18 L 0 0.1 L 0.08 0.18 L 0.16 0.1";

/**
 * Draw the monster facing north; the caller turns it.
 * @returns {SVGElement[]}
 */
export function monsterShapes() {
  return [
    svg("polygon", { class: "monster__snout", points: "0,-0.48 0.2,-0.22 -0.2,-0.22" }),
    svg("circle", { class: "monster__body", r: 0.36 }),
    svg("circle", { class: "monster__eye", cx: -0.13, cy: -0.14, r: 0.07 }),
    svg("circle", { class: "monster__eye", cx: 0.13, cy: -0.14, r: 0.07 }),
    svg("path", { class: "monster__teeth", d: TEETH }),
  ];
}
