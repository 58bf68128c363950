import assert from "node:assert/strict";
import { test } from "node:test";

import {
  OUT, arrowChoices, chooseArrow, chooseDestination, chooseMove, chooseOrientation, chooseSpot,
  choices, chosenMove, clearSelection, clickSquare, describeMove, destinations, flipAction,
  highlightsOf,
  orientationChoices, pendingAction, placeableTiles, placementSpots, previewMove,
  previewPlacement, prompt, selectFigure, selectTile, selectableFigures, startInteraction,
} from "../js/model/interaction.js";
import { boardModel } from "../js/model/viewmodel.js";
import { findBy, fixture } from "./helpers.js";

// A position set by hand (make_fixtures.py near_the_exit): red 3 on c1 beside the exit, a
// stone on b2, red 4 waiting outside, blue 5 on h8. The engine may list its moves in any order.
const exit = fixture("view_exit").view;
const basic = fixture("view_basic").view;
const placement = fixture("view_placement").view;

/** A square where the server allows the long pool in `count` orientations. */
function longPoolSpot(count) {
  const { squares } = placement.legal.tiles.find((t) => t.tile === "pool_long");
  return squares.find((s) => squares.filter((t) => t.square === s.square).length === count);
}

/** The first square where the server lets `tile` be placed. */
function spotFor(tile) {
  return findBy(placement.legal.tiles, `${tile} among the tiles to place`, (t) => t.tile === tile)
    .squares[0].square;
}

/** Choose, among the moves that end on the chosen square, the one with `path`. */
function choosePath(it, path) {
  return chooseMove(it, choices(it).findIndex((m) => m.path === path));
}

test("the seat to act may select the figures the server lists", () => {
  const it = startInteraction(exit);
  assert.equal(it.kind, "figure");
  assert.deepEqual(selectableFigures(it), ["red3", "red4"]);
  assert.equal(prompt(it), "Choose a figure to move.");
});

test("another seat, or a spectator, gets nothing to choose", () => {
  for (const viewer of [1, null]) {
    const it = startInteraction({ ...exit, viewer });
    assert.equal(it.kind, null);
    assert.deepEqual(selectableFigures(it), []);
    assert.equal(pendingAction(clickSquare(it, boardModel(exit), "c1")), null);
  }
});

test("while the game is paused the seat to act gets nothing to choose", () => {
  const it = startInteraction(exit, { paused: true });
  assert.equal(it.kind, null);
  assert.deepEqual(selectableFigures(it), []);
  assert.deepEqual(destinations(selectFigure(it, "red3")), []);
  assert.equal(pendingAction(clickSquare(it, boardModel(exit), "c1")), null);
});

test("in the monster phase nobody acts", () => {
  const it = startInteraction({ ...exit, legal: { seat: null, kind: null }, viewer: null });
  assert.equal(it.kind, null);
});

test("a selected figure's destinations are the squares its moves end on, once each", () => {
  const it = selectFigure(startInteraction(exit), "red3");
  const dest = destinations(it);
  const tos = dest.map((d) => d.to);
  assert.equal(new Set(tos).size, tos.length);
  assert.ok(tos.includes(OUT));
  assert.deepEqual(dest.find((d) => d.to === "d1").moves.map((m) => m.path), ["E"]);
  assert.deepEqual(dest.find((d) => d.to === "b2").moves.map((m) => m.path).sort(), ["SW", "WS"]);
  assert.equal(prompt(it), "Choose where red 3 goes, or flip it.");
});

test("a destination reached by one move chooses it: the action is ready", () => {
  const it = chooseDestination(selectFigure(startInteraction(exit), "red3"), "d1");
  assert.deepEqual(chosenMove(it).pushes, []);
  assert.deepEqual(pendingAction(it), { type: "move", figure: "red3", path: "E" });
});

test("moves that end on one square but push differently must be chosen among", () => {
  const board = boardModel(exit);
  let it = chooseDestination(selectFigure(startInteraction(exit), "red3"), "b2");
  assert.equal(chosenMove(it), null);
  assert.equal(pendingAction(it), null);
  assert.match(prompt(it), /Several moves end there/);
  assert.deepEqual(choices(it).map((m) => describeMove(board, m)).sort(), [
    "SW: pushes the stone on b2 to a2",
    "WS: pushes the stone on b2 to b3",
  ]);
  it = choosePath(it, "WS");
  assert.deepEqual(pendingAction(it), { type: "move", figure: "red3", path: "WS" });
  assert.equal(chooseMove(it, 5), it);
});

test("the preview shows where the figure ends and where each stone goes", () => {
  const board = boardModel(exit);
  const it = choosePath(chooseDestination(selectFigure(startInteraction(exit), "red3"), "b2"),
    "SW");
  assert.deepEqual(previewMove(board, chosenMove(it)), {
    figure: "red3", from: "c1", to: "b2",
    pushes: [{ id: "stone-b2", kind: "stone", from: "b2", to: "a2" }],
  });
});

test("a move without pushes is described as pushing nothing", () => {
  const board = boardModel(exit);
  const it = chooseDestination(selectFigure(startInteraction(exit), "red3"), "b1");
  assert.deepEqual(choices(it).map((m) => describeMove(board, m)).sort(), [
    "SWN: pushes the stone on b2 to a2",
    "W: pushes no stone",
    "WSN: pushes the stone on b2 to b3",
  ]);
});

test("leaving through the exit is the destination OUT", () => {
  const it = chooseDestination(selectFigure(startInteraction(exit), "red3"), OUT);
  assert.deepEqual(pendingAction(it), { type: "move", figure: "red3", path: "WWX" });
});

test("a figure waiting outside enters with '+'", () => {
  const it = chooseDestination(selectFigure(startInteraction(exit), "red4"), "n11");
  assert.deepEqual(choices(it).map((m) => m.path), ["+WW"]);
  assert.deepEqual(pendingAction(it), { type: "move", figure: "red4", path: "+WW" });
  assert.equal(previewMove(boardModel(exit), chosenMove(it)).from, null);
});

test("a selected figure may be flipped instead", () => {
  const it = selectFigure(startInteraction(exit), "red3");
  assert.deepEqual(flipAction(it), { type: "flip", figure: "red3" });
  assert.equal(flipAction(startInteraction(exit)), null);
});

test("clicks select a figure, choose a destination, or select nothing", () => {
  const board = boardModel(exit);
  let it = clickSquare(startInteraction(exit), board, "c1");
  assert.equal(it.selected, "red3");
  it = clickSquare(it, board, "e1");
  assert.equal(it.destination, "e1");
  assert.deepEqual(pendingAction(it), { type: "move", figure: "red3", path: "EE" });
  it = clickSquare(it, board, "h8");
  assert.equal(it.selected, null, "a figure of another player is not selectable");
  it = clickSquare(clickSquare(it, board, "c1"), board, "c1");
  assert.equal(it.selected, null, "clicking the selected figure again drops it");
  it = clickSquare(clickSquare(it, board, "c1"), board, "p1");
  assert.equal(it.selected, null);
});

test("a click on a destination chooses it even where the figure stands", () => {
  const board = boardModel(basic);
  const { where } = findBy(basic.legal.figures, "a figure that may end where it stands",
    (f) => f.moves.some((m) => m.to === f.where));
  const it = clickSquare(clickSquare(startInteraction(basic), board, where), board, where);
  assert.equal(it.destination, where);
  assert.ok(choices(it).length > 1);
  assert.ok(choices(it).every((m) => m.pushes.length > 0));
});

test("selecting another figure or clearing starts over", () => {
  let it = chooseDestination(selectFigure(startInteraction(exit), "red3"), "d1");
  it = selectFigure(it, "red4");
  assert.equal(it.destination, null);
  assert.equal(clearSelection(it).selected, null);
  assert.equal(chooseDestination(it, "a1"), it, "not a destination of red 4");
});

test("placement: the tiles left, the squares a tile may take, then the action", () => {
  let it = startInteraction(placement);
  assert.equal(it.kind, "placement");
  const left = (tile) => placement.tiles_to_place.filter((t) => t === tile).length;
  const twice = findBy(placement.tiles_to_place, "a tile with two or more left",
    (tile) => left(tile) > 1);
  assert.deepEqual(placeableTiles(it).find((t) => t.tile === twice),
    { tile: twice, left: left(twice) });
  assert.equal(prompt(it), "Choose a tile to place.");
  it = selectTile(it, "stone");
  const spots = placementSpots(it).map((s) => s.square);
  assert.ok(!spots.includes("a1") && !spots.includes("b1"), "the no-tile zone is not offered");
  assert.equal(spots.length, placement.legal.tiles.find((t) => t.tile === "stone").squares.length);
  const spot = spotFor("stone");
  it = clickSquare(it, boardModel(placement), spot);
  assert.deepEqual(pendingAction(it), { type: "place", tile: "stone", square: spot });
  assert.deepEqual(previewPlacement(it), { tile: "stone", squares: [spot], arrow: null });
});

test("placement: a teleporter needs its arrow", () => {
  const spot = spotFor("teleporter_A");
  let it = chooseSpot(selectTile(startInteraction(placement), "teleporter_A"), spot);
  assert.deepEqual(arrowChoices(it), ["N", "E", "S", "W"]);
  assert.equal(pendingAction(it), null);
  assert.equal(prompt(it), "Choose the tile's direction.");
  assert.equal(chooseArrow(it, "X"), it);
  it = chooseArrow(it, "W");
  assert.deepEqual(pendingAction(it),
    { type: "place", tile: "teleporter_A", square: spot, arrow: "W" });
});

test("placement: the long pool needs an orientation where both fit", () => {
  const both = longPoolSpot(2);
  let it = chooseSpot(selectTile(startInteraction(placement), "pool_long"), both.square);
  assert.deepEqual(orientationChoices(it), ["h", "v"]);
  assert.equal(pendingAction(it), null);
  assert.equal(previewPlacement(it).squares.length, 4);
  it = chooseOrientation(it, "v");
  assert.deepEqual(pendingAction(it),
    { type: "place", tile: "pool_long", square: both.square, orientation: "v" });
});

test("placement: where only one orientation fits it is chosen with the square", () => {
  const one = longPoolSpot(1);
  const it = chooseSpot(selectTile(startInteraction(placement), "pool_long"), one.square);
  assert.deepEqual(orientationChoices(it), []);
  assert.deepEqual(pendingAction(it),
    { type: "place", tile: "pool_long", square: one.square, orientation: one.orientation });
});

test("placement: a click off the allowed squares drops the square, not the tile", () => {
  let it = chooseSpot(selectTile(startInteraction(placement), "stone"), spotFor("stone"));
  it = clickSquare(it, boardModel(placement), "a1");
  assert.equal(it.selected, "stone");
  assert.equal(it.square, null);
  assert.equal(previewPlacement(it), null);
});

test("the board highlights the selected figure, its destinations and the chosen preview", () => {
  const board = boardModel(exit);
  let it = selectFigure(startInteraction(exit), "red3");
  let h = highlightsOf(it, board);
  assert.equal(h.selectedSquare, "c1");
  assert.deepEqual(h.choosable, selectableFigures(it), "the figures the actor may choose");
  assert.ok(h.choosable.length && h.choosable.every((f) => f.startsWith("red")));
  assert.deepEqual(highlightsOf(startInteraction({ ...exit, viewer: null }), board).choosable, [],
    "a viewer who is not the actor has nothing to choose");
  assert.deepEqual(h.destinations.find((d) => d.to === OUT), { to: OUT, count: 1 });
  assert.equal(h.preview, null);
  it = choosePath(chooseDestination(it, "b2"), "WS");
  h = highlightsOf(it, board);
  assert.equal(h.chosen, "b2");
  assert.deepEqual(h.preview.pushes.map((p) => [p.from, p.to]), [["b2", "b3"]]);
  h = highlightsOf(selectFigure(it, "red4"), board);
  assert.equal(h.selectedSquare, null, "a figure waiting outside has no square");
  assert.equal(h.selectedFigure, "red4");
});

test("the board highlights the squares for a tile and the tile's preview", () => {
  const board = boardModel(placement);
  const tile = selectTile(startInteraction(placement), "teleporter_B");
  const spot = spotFor("teleporter_B");
  const it = chooseArrow(chooseSpot(tile, spot), "E");
  const h = highlightsOf(it, board);
  assert.ok(h.spots.includes(spot));
  assert.deepEqual(h.placement, { tile: "teleporter_B", squares: [spot], arrow: "E" });
});
