/**
 * The interaction model: what the seat to act may pick and submit, read from `view.legal`.
 *
 * An interaction is an immutable value; every function returns a new one. Figure phase:
 * select a figure → its destinations → a destination (and, when moves ending there push stones
 * differently, one of them) → the action to submit, with a preview of its outcome. Placement
 * phase: a tile → a square → an orientation or arrow when the tile needs one → the action.
 * Nothing here knows a rule: every choice offered is one the server listed.
 */

import { listWords, pushedStone } from "./captions.js";
import { tileSquares } from "./geometry.js";
import { t } from "./i18n.js";
import { bySquare, figureName } from "./viewmodel.js";

/** The destination key of a move that takes the figure out through the exit. */
export const OUT = "out";

const EMPTY = Object.freeze({
  selected: null, destination: null, choice: null, square: null, orientation: null, arrow: null,
});

/**
 * Start interacting with a view. Only the viewer who is the seat to act gets choices; everyone
 * else gets an interaction with nothing to pick, and so does everyone while the game is paused
 * (the engine's view knows nothing of a pause: the service refuses any move then).
 * @param {object} view the engine's player view (with `legal` and `viewer`)
 * @param {{paused?: boolean}} [game] the service's facts: `paused` while the creator paused it
 * @returns {object} the interaction
 */
export function startInteraction(view, { paused = false } = {}) {
  const legal = view.legal ?? { seat: null, kind: null };
  const canAct = !paused && legal.seat !== null && legal.seat === view.viewer;
  return Object.freeze({
    ...EMPTY,
    kind: canAct ? legal.kind : null,
    seat: legal.seat,
    figures: canAct && legal.kind === "figure" ? legal.figures : [],
    tiles: canAct && legal.kind === "placement" ? legal.tiles : [],
  });
}

function update(it, changes) {
  return Object.freeze({ ...it, ...changes });
}

/**
 * Drop every pick: nothing selected.
 * @param {object} it
 * @returns {object}
 */
export function clearSelection(it) {
  return update(it, EMPTY);
}

/**
 * The figures the actor may move or flip now, by key ("red5").
 * @param {object} it
 * @returns {string[]}
 */
export function selectableFigures(it) {
  return it.figures.map((f) => f.figure);
}

/**
 * The server's entry for the selected figure (`figure`, `shows`, `where`, `can_flip`, `moves`).
 * @param {object} it
 * @returns {object|null}
 */
export function selectedFigure(it) {
  return it.figures.find((f) => f.figure === it.selected) ?? null;
}

/**
 * Select a figure of the actor; selecting the selected one again, or one that may not move,
 * selects nothing.
 * @param {object} it
 * @param {string} key
 * @returns {object}
 */
export function selectFigure(it, key) {
  if (key === it.selected || !selectableFigures(it).includes(key)) return clearSelection(it);
  return update(it, { ...EMPTY, selected: key });
}

/**
 * The selected figure's destinations, each with the moves that end there (one outcome each:
 * moves ending on the same square differ in the stones they push). `to` is a square or `OUT`.
 * @param {object} it
 * @returns {Array<{to: string, moves: object[]}>}
 */
export function destinations(it) {
  const groups = new Map();
  for (const move of selectedFigure(it)?.moves ?? []) {
    if (!groups.has(move.to)) groups.set(move.to, []);
    groups.get(move.to).push(move);
  }
  return [...groups].map(([to, moves]) => ({ to, moves }));
}

/**
 * The moves that end on the chosen destination; more than one means the user must choose.
 * @param {object} it
 * @returns {object[]}
 */
export function choices(it) {
  return destinations(it).find((d) => d.to === it.destination)?.moves ?? [];
}

/**
 * Choose where the selected figure goes; a destination reached by one move chooses that move.
 * @param {object} it
 * @param {string} to a square or `OUT`
 * @returns {object} unchanged when `to` is not a destination
 */
export function chooseDestination(it, to) {
  const group = destinations(it).find((d) => d.to === to);
  if (!group) return it;
  return update(it, { destination: to, choice: group.moves.length === 1 ? 0 : null });
}

/**
 * Choose one of the moves ending on the destination (an index into `choices`).
 * @param {object} it
 * @param {number} index
 * @returns {object}
 */
export function chooseMove(it, index) {
  return index >= 0 && index < choices(it).length ? update(it, { choice: index }) : it;
}

/**
 * The chosen move (`figure`, `path`, `to`, `escapes`, `pushes`), or null while undecided.
 * @param {object} it
 * @returns {object|null}
 */
export function chosenMove(it) {
  return it.choice === null ? null : choices(it)[it.choice] ?? null;
}

/**
 * Preview a move's outcome on the board: where the figure ends and which stones go where
 * (`to` null: the stone is removed).
 * @param {object} board from `boardModel`
 * @param {object} move a move from `view.legal`
 * @returns {{figure: string, from: string|null, to: string, pushes: Array<object>}} each push
 *   `{id, kind, from, to}`: the stone's id and kind on the board, where it goes
 */
export function previewMove(board, move) {
  const figure = board.figures.find((f) => f.id === move.figure);
  const index = bySquare(board);
  return {
    figure: move.figure,
    from: figure?.square ?? null,
    to: move.to,
    pushes: move.pushes.map((p) => {
      const stone = index.get(p.from)?.stone;
      return { id: stone?.id ?? `stone-${p.from}`, kind: stone?.kind ?? "stone", ...p };
    }),
  };
}

/**
 * Describe a move for a choice button: "+NWNN: pushes the stone on o9 to o7".
 * @param {object} board
 * @param {object} move
 * @returns {string}
 */
export function describeMove(board, move) {
  const { pushes } = previewMove(board, move);
  const stones = pushes.map((p) => pushedStone(p.kind, p));
  // TRANSLATORS: a choice among moves: {path} is the move in notation ("+NWNN"), {stones}
  // lists the stones it pushes and where ("the stone on o9 to o7").
  return stones.length ? t("{path}: pushes {stones}", { path: move.path, stones: listWords(stones) })
    : t("{path}: pushes no stone", { path: move.path });
}

/**
 * The tiles the actor may place, with how many of each are left.
 * @param {object} it
 * @returns {Array<{tile: string, left: number}>}
 */
export function placeableTiles(it) {
  return it.tiles.map((t) => ({ tile: t.tile, left: t.left }));
}

/**
 * Select a tile to place (again: select nothing).
 * @param {object} it
 * @param {string} tile e.g. "teleporter_A"
 * @returns {object}
 */
export function selectTile(it, tile) {
  if (tile === it.selected || !it.tiles.some((t) => t.tile === tile)) return clearSelection(it);
  return update(it, { ...EMPTY, selected: tile });
}

function selectedTile(it) {
  return it.tiles.find((t) => t.tile === it.selected) ?? null;
}

/**
 * Where the selected tile may go: each square (a pool's top-left square) with the
 * orientations allowed there (`[null]` for tiles without one).
 * @param {object} it
 * @returns {Array<{square: string, orientations: Array<string|null>}>}
 */
export function placementSpots(it) {
  const spots = new Map();
  for (const s of selectedTile(it)?.squares ?? []) {
    if (!spots.has(s.square)) spots.set(s.square, []);
    spots.get(s.square).push(s.orientation);
  }
  return [...spots].map(([square, orientations]) => ({ square, orientations }));
}

/**
 * Choose the square for the selected tile; an only orientation is chosen with it.
 * @param {object} it
 * @param {string} square
 * @returns {object} unchanged when the tile may not go there
 */
export function chooseSpot(it, square) {
  const spot = placementSpots(it).find((s) => s.square === square);
  if (!spot) return it;
  const only = spot.orientations.length === 1 ? spot.orientations[0] : null;
  return update(it, { square, orientation: only, arrow: null });
}

/**
 * The orientations the user must choose among at the chosen square ("h", "v"); empty when
 * there is nothing to choose.
 * @param {object} it
 * @returns {string[]}
 */
export function orientationChoices(it) {
  const spot = placementSpots(it).find((s) => s.square === it.square);
  return spot && spot.orientations.length > 1 ? spot.orientations : [];
}

/**
 * Choose the long pool's orientation among those allowed at the chosen square.
 * @param {object} it
 * @param {string} orientation "h" or "v"
 * @returns {object}
 */
export function chooseOrientation(it, orientation) {
  return orientationChoices(it).includes(orientation) ? update(it, { orientation }) : it;
}

/**
 * The arrows the selected tile may carry (teleporters: N, E, S, W; other tiles: none).
 * @param {object} it
 * @returns {string[]}
 */
export function arrowChoices(it) {
  return selectedTile(it)?.arrows ?? [];
}

/**
 * Choose the teleporter's arrow.
 * @param {object} it
 * @param {string} arrow "N", "E", "S" or "W"
 * @returns {object}
 */
export function chooseArrow(it, arrow) {
  return arrowChoices(it).includes(arrow) ? update(it, { arrow }) : it;
}

/**
 * Preview a placement: the squares the tile would cover (once its square is chosen).
 * @param {object} it
 * @returns {{tile: string, squares: string[], arrow: string|null}|null}
 */
export function previewPlacement(it) {
  if (it.kind !== "placement" || it.square === null) return null;
  const orientation = it.orientation ?? orientationChoices(it)[0] ?? null;
  return { tile: it.selected, squares: tileSquares(it.selected, it.square, orientation),
    arrow: it.arrow };
}

/**
 * The action to submit once every choice is made, as the API takes it; else null.
 * Moves: `{"type": "move", "figure": "red5", "path": "+WWNN"}`; placements:
 * `{"type": "place", "tile", "square", "orientation"?, "arrow"?}`.
 * @param {object} it
 * @returns {object|null}
 */
export function pendingAction(it) {
  if (it.kind === "figure") {
    const move = chosenMove(it);
    return move && { type: "move", figure: move.figure, path: move.path };
  }
  if (it.kind !== "placement" || it.square === null) return null;
  const needsArrow = arrowChoices(it).length > 0;
  const needsOrientation = it.selected === "pool_long";
  if ((needsArrow && it.arrow === null) || (needsOrientation && it.orientation === null)) {
    return null;
  }
  return {
    type: "place", tile: it.selected, square: it.square,
    ...(needsOrientation ? { orientation: it.orientation } : {}),
    ...(needsArrow ? { arrow: it.arrow } : {}),
  };
}

/**
 * The flip of the selected figure (turn it over without moving), when the server allows it.
 * @param {object} it
 * @returns {{type: "flip", figure: string}|null}
 */
export function flipAction(it) {
  const figure = selectedFigure(it);
  return figure?.can_flip ? { type: "flip", figure: figure.figure } : null;
}

/**
 * React to a click (or Enter) on a square, or on the exit (`OUT`): choose it as the
 * destination or the tile's square when it is one, else select the actor's figure standing
 * there, else select nothing.
 * @param {object} it
 * @param {object} board from `boardModel`
 * @param {string} square
 * @returns {object}
 */
export function clickSquare(it, board, square) {
  if (it.kind === "placement") {
    return placementSpots(it).some((s) => s.square === square)
      ? chooseSpot(it, square) : update(it, { square: null, orientation: null, arrow: null });
  }
  if (destinations(it).some((d) => d.to === square)) return chooseDestination(it, square);
  const figure = bySquare(board).get(square)?.figure;
  return figure ? selectFigure(it, figure.id) : clearSelection(it);
}

/**
 * Say what the actor is asked to do now, for a status line.
 * @param {object} it
 * @returns {string}
 */
export function prompt(it) {
  if (it.kind === "figure") {
    if (it.selected === null) return t("Choose a figure to move.");
    const name = figureName(it.selected);
    if (it.destination === null) {
      return t("Choose where {figure} goes, or flip it.", { figure: name });
    }
    if (it.choice === null) {
      return t("Several moves end there; choose which stones {figure} pushes.", { figure: name });
    }
    return t("Send the move of {figure}, or choose another.", { figure: name });
  }
  if (it.kind === "placement") {
    if (it.selected === null) return t("Choose a tile to place.");
    if (it.square === null) return t("Choose the square for the tile.");
    return pendingAction(it) ? t("Send the placement.") : t("Choose the tile's direction.");
  }
  return "";
}

/**
 * What the board should highlight for this interaction (see view/highlights.js): the figures
 * the actor may choose, the selected figure, its destinations with how many ways lead there,
 * the chosen one and the preview of the chosen move, or the squares for the selected tile and
 * the preview of its placement.
 * @param {object} it
 * @param {object} board from `boardModel`
 * @returns {object}
 */
export function highlightsOf(it, board) {
  if (it.kind === "placement") {
    return {
      spots: placementSpots(it).map((s) => s.square),
      placement: previewPlacement(it),
    };
  }
  const figure = board.figures.find((f) => f.id === it.selected);
  const move = chosenMove(it);
  return {
    selectedSquare: figure?.where === "board" ? figure.square : null,
    selectedFigure: it.selected,
    choosable: selectableFigures(it),
    destinations: destinations(it).map((d) => ({ to: d.to, count: d.moves.length })),
    chosen: it.destination,
    preview: move && previewMove(board, move),
  };
}
