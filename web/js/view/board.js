/**
 * The board in SVG (cm-chessboard's way): a viewBox in cell units, layered groups (board,
 * tiles, highlights, the monster's walks, pieces, monster), one `<rect data-cell="h5">` per
 * square, one delegated click handler and one keydown handler. It draws a board model and
 * highlights; it knows no rule, and reports what the user activates: a square, a figure off
 * the board, or the exit.
 *
 * Above the board, by the exit a1: the figures that escaped (and those out for good); below
 * it, by the entrance p11: the figures waiting outside.
 */

import {
  DIRECTIONS, ENTRANCE, EXIT, HEIGHT, SQUARES, WALL_LETTERS, WIDTH, neighbour, parseSquare,
} from "../model/geometry.js";
import { t } from "../model/i18n.js";
import { bySquare, describeFigure, describeSquare, sides } from "../model/viewmodel.js";
import { drawHighlights } from "./highlights.js";
import { BOTTOM_PANEL_Y, TOP_PANEL_Y, VIEW_BOX } from "./layout.js";
import {
  figureShapes, label, monsterShapes, stoneShapes, svg, teleporterShapes,
} from "./pieces.js";

const SLOT = 0.9;
const WALL_OFFSET = { N: [0.5, -0.28], E: [1.28, 0.5], S: [0.5, 1.28], W: [-0.28, 0.5] };
// On a staircase two letters share one cut-off square: move them apart, along their walls.
const STAIR_OFFSET = { N: [0.7, -0.25], E: [1.25, 0.3], S: [0.3, 1.25], W: [-0.25, 0.7] };
// Functions, not texts: the catalog is loaded after this module.
const OFF_BOARD = {
  outside: () => t("waiting outside"), escaped: () => t("escaped"),
  removed: () => t("out of the game"),
};
const WALL_LINE = { N: [0, 0, 1, 0], E: [1, 0, 1, 1], S: [0, 1, 1, 1], W: [0, 0, 0, 1] };
// A door's sign: its font size (app.css's .door__label), the room left around it in its
// frame, and the widest frame (a door grows outwards, into the margin of the viewBox).
const DOOR_FONT = 0.28;
const DOOR_PAD = 0.16;
const DOOR_MAX = 1.7;

/**
 * On a narrow screen the board is drawn with squares big enough to tap, and pans in its
 * holder; this button shows the whole board instead, and back.
 */
function zoomButton(container) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "board-zoom small";
  button.textContent = t("Bigger squares");
  button.setAttribute("aria-pressed", "true");
  container.classList.add("is-zoomed");
  button.addEventListener("click", () => {
    const zoomed = container.classList.toggle("is-zoomed");
    button.setAttribute("aria-pressed", String(zoomed));
  });
  return button;
}

function cellOrigin(square) {
  const { x, y } = parseSquare(square);
  return { x, y };
}

function place(el, x, y, extra = "") {
  el.style.transform = `translate(${x}px, ${y}px)${extra}`;
}

/**
 * How wide a door's frame is for its sign: a square, wider for a long word ("ENTRADA"), up to
 * the margin beside the board. Reckoned from the word's length, since the board may be drawn
 * while hidden (nothing to measure): an upper-case letter of the bold font is at most 0.75 of
 * its size wide.
 */
function doorWidth(text) {
  return Math.min(DOOR_MAX, Math.max(1, 0.75 * DOOR_FONT * [...text].length + DOOR_PAD));
}

/** The sign on a door, inside its frame `width` wide: smaller if even the widest is short. */
function doorLabel(text, x, y, width) {
  const sign = label(text, { class: "door__label", x, y });
  const size = Math.min(DOOR_FONT, (width - DOOR_PAD) / (0.75 * [...text].length));
  if (size < DOOR_FONT) sign.style.fontSize = `${size}px`; // the style's, as the CSS's
  return sign;
}

function drawFloor(layer) {
  for (const square of SQUARES) {
    const { x, y } = cellOrigin(square);
    const cell = svg("rect", {
      x, y, width: 1, height: 1, "data-cell": square, role: "button", tabindex: -1,
      class: `cell cell--${(x + y) % 2 ? "dark" : "light"}`
        + (square === EXIT ? " cell--exit" : "") + (square === ENTRANCE ? " cell--entrance" : ""),
    });
    layer.append(cell, label(square, { class: "cell__name", x: x + 0.8, y: y + 0.86 }));
  }
  for (const { square, side, letter } of WALL_LETTERS) {
    const { x, y } = cellOrigin(square);
    const [x1, y1, x2, y2] = WALL_LINE[side];
    const d = DIRECTIONS[side];
    const onStair = x + d.dx >= 0 && x + d.dx < WIDTH && y + d.dy >= 0 && y + d.dy < HEIGHT;
    const [dx, dy] = (onStair ? STAIR_OFFSET : WALL_OFFSET)[side];
    layer.append(
      svg("line", { class: "wall", x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2 }),
      label(letter === "*" ? "★" : letter, { class: "wall__letter", x: x + dx, y: y + dy }),
    );
  }
  const door = (attrs, text, x, y, outwards) => {
    const width = doorWidth(text);
    const left = outwards < 0 ? x + 1 - width : x;
    return svg("g", { ...attrs, class: `door ${attrs.class}` }, [
      svg("rect", { class: "door__frame", x: left, y, width, height: 1, rx: 0.12 }),
      doorLabel(text, left + width / 2, y + 0.5, width),
    ]);
  };
  layer.append(
    door({ class: "door--exit", "data-door": "out", role: "button", tabindex: -1,
      "aria-label": t("the exit: leave the fortress") },
    // TRANSLATORS: the sign on the board's exit door; keep it short (one square wide)
    t("EXIT"), 0, TOP_PANEL_Y - 0.5, -1),
    door({ class: "door--entrance", "aria-hidden": "true" },
      // TRANSLATORS: the sign on the board's entrance; keep it short (one square wide)
      t("IN"), WIDTH - 1, BOTTOM_PANEL_Y - 0.5, 1),
    label(OFF_BOARD.escaped(), {
      class: "panel__title", x: 1.2, y: TOP_PANEL_Y - 0.75, "text-anchor": "start",
    }),
    label(OFF_BOARD.outside(), {
      class: "panel__title", x: WIDTH - 1.2, y: BOTTOM_PANEL_Y + 0.75, "text-anchor": "end",
    }),
  );
}

/** Where each figure off the board goes in the panels: {id: [x, y, scale]}. */
function panelSlots(board) {
  const slots = new Map();
  const row = (figures, fromX, dir, y) => {
    const step = Math.min(SLOT, (WIDTH - 2) / Math.max(1, figures.length));
    figures.forEach((f, i) => slots.set(f.id, [fromX + dir * (i + 0.5) * step, y, step / SLOT]));
  };
  const groups = sides(board);
  const top = [...groups.flatMap((s) => s.escaped), ...groups.flatMap((s) => s.removed)];
  row(top, 1.2, 1, TOP_PANEL_Y);
  row(groups.flatMap((s) => s.outside), WIDTH - 1.2, -1, BOTTOM_PANEL_Y);
  return slots;
}

/** Keep one element per key; make missing ones, drop the rest, update all with `update`. */
function reconcile(layer, items, key, make, update) {
  const old = new Map([...layer.children].map((el) => [el.dataset.key, el]));
  for (const item of items) {
    let el = old.get(key(item));
    old.delete(key(item));
    if (!el) {
      el = make(item);
      el.dataset.key = key(item);
      layer.append(el);
    }
    update(el, item);
  }
  for (const el of old.values()) el.remove();
}

/**
 * Create a board in `container`.
 * @param {Element} container
 * @param {object} handlers
 * @param {function({square?: string, figure?: string, cancel?: boolean}): void} handlers.onActivate
 *   told `square` (a square name, or "out" for the exit), `figure` (a figure off the board),
 *   or `cancel` when the user presses Escape
 * @returns {{svg: SVGSVGElement, draw: function(object): void, highlight: function(object): void,
 *   walks: SVGGElement}} `walks`: the layer where the monster's walks are drawn (view/walks.js)
 */
export function createBoard(container, { onActivate }) {
  const root = svg("svg", {
    class: "board", viewBox: VIEW_BOX, preserveAspectRatio: "xMidYMid meet",
    role: "group", "aria-label": t("Fearsome Floors board"), tabindex: -1,
  });
  const layers = {};
  for (const name of ["board", "tiles", "highlights", "walks", "pieces", "monster", "focus"]) {
    layers[name] = svg("g", { class: `layer layer--${name}` });
    root.append(layers[name]);
  }
  const tiles = { pools: svg("g"), teleporters: svg("g"), stones: svg("g") };
  layers.tiles.append(tiles.pools, tiles.teleporters, tiles.stones);
  drawFloor(layers.board);
  // A keyboard's focus ring drawn in cell units, inside its square: a CSS outline on an SVG
  // element is drawn in the viewBox's units, several squares wide.
  const ring = svg("rect", {
    class: "focus-ring", width: 0.88, height: 0.88, rx: 0.08, visibility: "hidden",
  });
  layers.focus.append(ring);
  // Zoomed in, the board pans in this frame; the zoom button stays put above it.
  const pan = document.createElement("div");
  pan.className = "board-pan";
  pan.append(root);
  container.append(zoomButton(container), pan);

  const cells = new Map([...root.querySelectorAll("[data-cell]")].map((c) => [c.dataset.cell, c]));
  let focused = cells.get(ENTRANCE);
  focused.tabIndex = 0;
  let labels = new Map();
  let monsterAngle = null;
  let choosable = new Set();

  function activate(el) {
    if (el.dataset.cell) onActivate({ square: el.dataset.cell });
    else if (el.dataset.door) onActivate({ square: el.dataset.door });
    else if (el.dataset.figure) onActivate({ figure: el.dataset.figure });
  }

  root.addEventListener("click", (event) => {
    const el = event.target.closest("[data-cell], [data-door], [data-figure]");
    if (el) activate(el);
  });

  root.addEventListener("keydown", (event) => {
    const el = event.target.closest("[data-cell], [data-door], [data-figure]");
    if (!el) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(el);
    } else if (event.key === "Escape") {
      onActivate({ cancel: true });
    } else if (el.dataset.cell && event.key.startsWith("Arrow")) {
      event.preventDefault();
      const dir = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" }[event.key];
      // The staircases only cut the ends of rows and columns: no gaps to jump.
      const next = neighbour(el.dataset.cell, dir);
      if (next) cells.get(next).focus();
    }
  });

  // One cell is in the tab order (a roving tabindex): the one focused last, by key or click.
  root.addEventListener("focusin", (event) => {
    const cell = event.target.closest("[data-cell]");
    ring.setAttribute("visibility", cell?.matches(":focus-visible") ? "visible" : "hidden");
    if (cell) {
      const { x, y } = cellOrigin(cell.dataset.cell);
      ring.setAttribute("x", x + 0.06);
      ring.setAttribute("y", y + 0.06);
    }
    if (!cell || cell === focused) return;
    focused.tabIndex = -1;
    focused = cell;
    focused.tabIndex = 0;
  });
  root.addEventListener("focusout", () => ring.setAttribute("visibility", "hidden"));

  /**
   * Only the figures off the board that the viewer may choose now are buttons to Tab to. The
   * button is the figure's hit area, a shape without text: its name is the figure's in words,
   * and the numbers drawn are not its label.
   */
  function markChoosable(el) {
    const can = choosable.has(el.dataset.key);
    el.classList.toggle("is-choosable", can);
    const hit = el.querySelector(".figure__hit");
    hit?.setAttribute("tabindex", can ? 0 : -1);
    hit?.setAttribute("role", can ? "button" : "img");
  }

  function drawFigures(board, slots) {
    const figures = board.figures.filter((f) => f.where === "board" || slots.has(f.id));
    reconcile(layers.pieces, figures, (f) => f.id, () => svg("g"), (el, f) => {
      el.setAttribute("class", [
        "figure", `figure--${f.colour}`, f.face === "black" ? "figure--black-side" : "",
        f.where !== "board" ? `figure--off-board figure--${f.where}` : "",
      ].join(" ").trim());
      el.replaceChildren(...figureShapes(f));
      if (f.where === "board") {
        const { x, y } = cellOrigin(f.square);
        place(el, x + 0.5, y + 0.5);
        return;
      }
      // Off the board a figure has no cell: its hit area is focusable and labelled.
      const [x, y, scale] = slots.get(f.id);
      place(el, x, y, ` scale(${scale})`);
      el.append(svg("circle", { class: "figure__hit", r: 0.5, "data-figure": f.id,
        "aria-label": `${describeFigure(f)}, ${OFF_BOARD[f.where]()}` }));
      markChoosable(el);
    });
  }

  function drawMonster(monster, jump) {
    const angle = DIRECTIONS[monster.facing].angle;
    // Turn the short way round: keep the angle within half a turn of the last one.
    monsterAngle = monsterAngle === null ? angle
      : monsterAngle + ((((angle - monsterAngle) % 360) + 540) % 360) - 180;
    let el = layers.monster.firstElementChild;
    if (!el) {
      el = svg("g", { class: "monster", "aria-hidden": "true" }, monsterShapes());
      layers.monster.append(el);
    }
    el.classList.toggle("is-jumping", jump);
    const { x, y } = cellOrigin(monster.square);
    place(el, x + 0.5, y + 0.5, ` rotate(${monsterAngle}deg)`);
  }

  /**
   * Draw a board model: tiles, figures (on the board and in the panels), the monster.
   * Pieces that were drawn before move to their new places (CSS transitions animate them).
   * @param {object} board from `boardModel` or a replay frame's scene
   * @param {{instant?: boolean, jump?: boolean}} [options] `instant`: every piece appears on
   *   its place at once; `jump`: the monster does
   */
  function draw(board, { instant = false, jump = false } = {}) {
    root.classList.toggle("is-instant", instant);
    tiles.pools.replaceChildren(...board.pools.map((p) => {
      const at = p.squares.map(cellOrigin);
      const x = Math.min(...at.map((c) => c.x));
      const y = Math.min(...at.map((c) => c.y));
      return svg("rect", {
        class: "pool", x: x + 0.06, y: y + 0.06, rx: 0.25,
        width: Math.max(...at.map((c) => c.x)) - x + 0.88,
        height: Math.max(...at.map((c) => c.y)) - y + 0.88,
      });
    }));
    tiles.teleporters.replaceChildren(...board.teleporters.map((t) => {
      const { x, y } = cellOrigin(t.square);
      const el = svg("g", { class: `teleporter teleporter--${t.pair}` },
        teleporterShapes(t, DIRECTIONS[t.arrow].angle));
      place(el, x + 0.5, y + 0.5);
      return el;
    }));
    reconcile(tiles.stones, board.stones, (s) => s.id, () => svg("g"), (el, s) => {
      el.setAttribute("class", `stone stone--${s.kind}`);
      if (el.dataset.kind !== s.kind) el.replaceChildren(...stoneShapes(s.kind));
      el.dataset.kind = s.kind;
      const { x, y } = cellOrigin(s.square);
      place(el, x + 0.5, y + 0.5);
    });
    drawFigures(board, panelSlots(board));
    drawMonster(board.monster, jump);
    const index = bySquare(board);
    labels = new Map(SQUARES.map((sq) => [sq, describeSquare(index, sq)]));
    for (const [sq, cell] of cells) cell.setAttribute("aria-label", labels.get(sq));
  }

  /**
   * Show the interaction on the board: the selected figure, its destinations, a chosen
   * destination and the preview of its outcome, the squares for a tile, replay focus.
   * @param {object} h see `drawHighlights` in highlights.js; and `choosable`, the figures
   *   off the board the viewer may choose now (the others are left out of the tab order)
   */
  function highlight(h) {
    const notes = drawHighlights(layers.highlights, h);
    for (const [sq, cell] of cells) {
      const note = notes.get(sq);
      cell.setAttribute("aria-label", note ? `${labels.get(sq)}; ${note}` : labels.get(sq));
    }
    choosable = new Set(h.choosable ?? []);
    for (const el of layers.pieces.querySelectorAll(".figure--off-board")) {
      el.classList.toggle("is-selected", el.dataset.key === h.selectedFigure);
      markChoosable(el);
    }
    const door = root.querySelector("[data-door]");
    door.classList.toggle("is-destination", notes.has("out"));
    door.setAttribute("tabindex", notes.has("out") ? 0 : -1);
  }

  return { svg: root, draw, highlight, walks: layers.walks };
}
