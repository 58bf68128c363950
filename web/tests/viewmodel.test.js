import assert from "node:assert/strict";
import { test } from "node:test";

import {
  boardModel, bySquare, describeSquare, figureName, parseFigure, readPayload, rulesWords,
  shownNumber, sides, statusModel,
} from "../js/model/viewmodel.js";
import { findBy, fixture, positions } from "./helpers.js";

const basic = fixture("view_basic");
const experienced = fixture("view_experienced");
const { squares } = fixture("geometry");

/** A figure of the basic view on the board, showing its black side, moved this turn. */
const blackFigure = findBy(basic.view.figures, "a moved figure on its black side",
  (f) => f.where === "board" && f.face === "black" && f.moved);

/** A figure key's colour and coloured number, read here apart from the code under test. */
function keyParts(key) {
  const [, colour, number] = /^([a-z]+)(\d)$/.exec(key);
  return { colour, number: Number(number) };
}

/** A figure as a screen reader hears it, worked out from its key and face: "red 3 showing 4". */
function heard(figure) {
  const { colour, number } = keyParts(figure.figure);
  return `${colour} ${number} showing ${figure.face === "black" ? 7 - number : number}`;
}

/** The squares of a view where a figure, a stone, a tile or the monster is. */
function takenSquares(view) {
  return new Set([
    ...view.figures.filter((f) => f.where === "board").map((f) => f.square),
    ...view.stones.map((s) => s.square), ...view.pools.flatMap((p) => p.squares),
    ...view.teleporters.map((t) => t.square), view.monster.square,
  ]);
}

/** A square of the view with nothing on it that is neither the exit nor the entrance. */
function emptySquare(view) {
  const taken = takenSquares(view);
  return findBy(squares, "an empty square", (sq) => !taken.has(sq) && sq !== "a1" && sq !== "p11");
}

test("the API's wrapping is split into game metadata and the player view", () => {
  const { game, view } = readPayload(basic);
  assert.equal(game.id, "demo-basic");
  assert.deepEqual(game.players.map((p) => p.name), ["Ann", "Bob", "Cleo"]);
  assert.equal(view, basic.view);
});

test("a bare player view is read as a view without metadata", () => {
  const { game, view } = readPayload(basic.view);
  assert.equal(view, basic.view);
  assert.deepEqual(game, { id: null, title: "", players: [] });
});

test("figure keys name colour and coloured number; the black side shows seven minus it", () => {
  assert.deepEqual(parseFigure("yellow5"), { colour: "yellow", number: 5 });
  assert.equal(figureName("red1"), "red 1");
  assert.equal(shownNumber(5, "black"), 2);
  assert.equal(shownNumber(5, "coloured"), 5);
  assert.throws(() => parseFigure("red"), /not a figure key/);
});

test("the board model has every figure with its colour, coloured number and shown number", () => {
  const { game, view } = readPayload(basic);
  const board = boardModel(view, game);
  const { colour, number } = keyParts(blackFigure.figure);
  assert.deepEqual(board.figures.find((f) => f.id === blackFigure.figure), {
    id: blackFigure.figure, colour, number, face: "black", shows: 7 - number,
    where: "board", square: blackFigure.square, moved: true,
    seat: view.players.find((p) => p.colour === colour).seat,
  });
  assert.equal(board.figures.length, view.figures.length);
  assert.deepEqual(board.players[1], { seat: 1, colour: "blue", name: "Bob" });
  assert.deepEqual(board.monster, view.monster);
});

test("a player without a name in the metadata is called by their colour", () => {
  const board = boardModel(basic.view);
  assert.deepEqual(board.players.map((p) => p.name), ["red", "blue", "yellow"]);
});

test("stones, pools and teleporters are drawn as the view has them", () => {
  const board = boardModel(experienced.view);
  assert.deepEqual(new Set(board.stones.map((s) => s.kind)),
    new Set(["stone", "crystal", "turn_right", "turn_180"]));
  assert.equal(board.pools.length, 2);
  assert.equal(board.teleporters.length, 4);
  assert.deepEqual(Object.keys(board.teleporters[0]).sort(), ["arrow", "pair", "square"]);
  const ids = board.stones.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length);
});

test("the index by square finds what stands where", () => {
  const board = boardModel(basic.view);
  const index = bySquare(board);
  assert.equal(index.get(blackFigure.square).figure.id, blackFigure.figure);
  assert.equal(index.get(board.monster.square).monster.facing, board.monster.facing);
  assert.ok(index.get(basic.view.pools[0].squares[0]).pool);
  assert.equal(index.get(emptySquare(basic.view)), undefined);
});

test("figures off the board are grouped per player: outside, escaped, removed", () => {
  const { view } = basic;
  const groups = sides(boardModel(view));
  assert.deepEqual(groups.map((s) => s.colour), view.players.map((p) => p.colour));
  for (const side of groups) {
    for (const where of ["outside", "escaped", "removed"]) {
      assert.deepEqual(side[where].map((f) => f.id), view.figures
        .filter((f) => f.where === where && keyParts(f.figure).colour === side.colour)
        .map((f) => f.figure),
      `${side.colour} ${where}`);
    }
  }
  for (const where of ["outside", "escaped"]) {
    assert.ok(groups.some((s) => s[where].length) && groups.some((s) => !s[where].length),
      `the basic view has players with and without figures ${where}`);
  }
});

test("the status says phase, stage, turn, whose turn, cards left and the discard", () => {
  const status = statusModel(basic.view);
  assert.equal(status.phase, "figures");
  assert.equal(status.stage, basic.view.stage);
  assert.equal(status.gameTurn, basic.view.game_turn);
  assert.equal(status.toMove, basic.view.to_move);
  assert.equal(status.viewer, basic.view.viewer);
  assert.equal(status.cardsLeft, basic.view.cards_left);
  assert.deepEqual(status.discard, basic.view.discard);
  assert.equal(status.experienced, false);
});

test("squares are described for screen readers", () => {
  const board = boardModel(basic.view);
  const index = bySquare(board);
  const { square } = blackFigure;
  assert.equal(describeSquare(index, square), `${square}: ${heard(blackFigure)}`);
  const empty = emptySquare(basic.view);
  assert.equal(describeSquare(index, empty), `${empty}: empty`);
  const onlyPool = findBy(basic.view.pools.flatMap((p) => p.squares), "a pool square alone",
    (sq) => !index.get(sq).figure && !index.get(sq).stone && !index.get(sq).monster);
  assert.equal(describeSquare(index, onlyPool), `${onlyPool}: blood pool`);
  assert.match(describeSquare(index, board.monster.square),
    /: the monster facing (north|east|south|west)$/);
  const exitFree = findBy(positions(), "a position with nothing on the exit",
    (v) => !takenSquares(v).has("a1"));
  assert.equal(describeSquare(bySquare(boardModel(exitFree)), "a1"), "a1: the exit");
  const entered = findBy(positions(), "a position with only a figure on the entrance",
    (v) => v.figures.some((f) => f.square === "p11") && v.monster.square !== "p11"
      && !v.stones.some((st) => st.square === "p11"));
  const newcomer = entered.figures.find((f) => f.square === "p11");
  assert.equal(describeSquare(bySquare(boardModel(entered)), "p11"),
    `p11: ${heard(newcomer)}, the entrance`);
});

test("the rules are told with their options and the game's rules version", () => {
  const status = statusModel({
    ...fixture("view_experienced").view,
    options: { experienced: true, random_setup: true, open_exit: true }, rules: 2,
  });
  assert.equal(rulesWords(status),
    "experienced game, random set-up, teleporters may not wall off the exit (rules version 2)");
  // A game from before rules versions: its view names none.
  const old = statusModel({ ...fixture("view_basic").view, options: { experienced: false },
    rules: undefined });
  assert.equal(rulesWords(old), "basic game (rules version 1)");
});

test("the monster preview, a rule of the service's, is said among the game's rules", () => {
  const { view } = fixture("view_basic");
  assert.equal(rulesWords(statusModel(view, { monsterPreview: true })),
    `basic game, monster preview (rules version ${view.rules ?? 1})`);
  assert.doesNotMatch(rulesWords(statusModel(view)), /preview/);
});
