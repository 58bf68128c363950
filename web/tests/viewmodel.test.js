import assert from "node:assert/strict";
import { test } from "node:test";

import {
  boardModel, bySquare, describeSquare, figureName, parseFigure, readPayload, rulesWords,
  shownNumber, sides, statusModel,
} from "../js/model/viewmodel.js";
import { fixture } from "./helpers.js";

const basic = fixture("view_basic");
const experienced = fixture("view_experienced");

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
  const red3 = board.figures.find((f) => f.id === "red3");
  assert.deepEqual(red3, {
    id: "red3", colour: "red", number: 3, face: "black", shows: 4, where: "board",
    square: "c2", moved: true, seat: 0,
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
  assert.equal(index.get("c2").figure.id, "red3");
  assert.equal(index.get(board.monster.square).monster.facing, board.monster.facing);
  assert.ok(index.get("i3").pool);
  assert.equal(index.get("h8"), undefined);
});

test("figures off the board are grouped per player: outside, escaped, removed", () => {
  const board = boardModel(basic.view);
  const [red, blue, yellow] = sides(board);
  assert.deepEqual(blue.outside.map((f) => f.id), ["blue4"]);
  assert.deepEqual(yellow.escaped.map((f) => f.id), ["yellow5"]);
  assert.deepEqual(red.outside, []);
  assert.deepEqual(red.removed, []);
});

test("the status says phase, stage, turn, whose turn, cards left and the discard", () => {
  const status = statusModel(basic.view);
  assert.equal(status.phase, "figures");
  assert.equal(status.stage, 1);
  assert.equal(status.gameTurn, basic.view.game_turn);
  assert.equal(status.toMove, 0);
  assert.equal(status.viewer, 0);
  assert.equal(status.cardsLeft, basic.view.cards_left);
  assert.deepEqual(status.discard, basic.view.discard);
  assert.equal(status.experienced, false);
});

test("squares are described for screen readers", () => {
  const board = boardModel(basic.view);
  const index = bySquare(board);
  assert.equal(describeSquare(index, "c2"), "c2: red 3 showing 4");
  assert.equal(describeSquare(index, "h8"), "h8: empty");
  assert.equal(describeSquare(index, "i3"), "i3: blood pool");
  assert.match(describeSquare(index, board.monster.square),
    /: the monster facing (north|east|south|west)$/);
  assert.equal(describeSquare(index, "a1"), "a1: the exit");
  assert.equal(describeSquare(index, "p11"), "p11: yellow 1 showing 6, the entrance");
});

test("the rules are told with their options and the game's rules version", () => {
  const status = statusModel({
    ...fixture("view_experienced").view,
    options: { experienced: true, random_setup: true, open_exit: true }, rules: 2,
  });
  assert.equal(rulesWords(status),
    "experienced game, random set-up, teleporters may not wall off the exit (rules version 2)");
  const old = statusModel({ ...fixture("view_basic").view, options: { experienced: false } });
  assert.equal(rulesWords(old), "basic game (rules version 1)");
});
