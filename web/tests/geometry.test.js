import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ENTRANCE, EXIT, SQUARES, WALL_LETTERS, halfTurn, isOnBoard, neighbour, parseSquare, squareName,
  tileSquares,
} from "../js/model/geometry.js";
import { fixture } from "./helpers.js";

const engine = fixture("geometry");

test("the board has the engine's 156 squares in the engine's order", () => {
  assert.equal(SQUARES.length, 156);
  assert.deepEqual([...SQUARES], engine.squares);
});

test("the staircases are cut off: p1 and a11 are no squares, l1 and e11 are", () => {
  assert.equal(squareName(15, 0), null);
  assert.equal(squareName(0, 10), null);
  assert.equal(squareName(11, 0), "l1");
  assert.equal(squareName(4, 10), "e11");
  assert.equal(isOnBoard(16, 0), false);
  assert.equal(isOnBoard(0.5, 0), false);
});

test("square names and coordinates round-trip", () => {
  for (const name of SQUARES) {
    const { x, y } = parseSquare(name);
    assert.equal(squareName(x, y), name);
  }
  assert.deepEqual(parseSquare("h5"), { x: 7, y: 4 });
});

test("names that are not squares are refused", () => {
  for (const bad of ["p1", "a11", "q1", "a0", "a12", "a01", "H5", "h", "", null]) {
    assert.equal(parseSquare(bad), null, String(bad));
  }
});

test("exit and entrance are the corners a1 and p11, half-turn images of each other", () => {
  assert.equal(EXIT, "a1");
  assert.equal(ENTRANCE, "p11");
  assert.equal(halfTurn(EXIT), ENTRANCE);
  assert.equal(halfTurn("h5"), "i7");
});

test("neighbours step one square and stop at the wall and the staircases", () => {
  assert.equal(neighbour("h5", "N"), "h4");
  assert.equal(neighbour("h5", "E"), "i5");
  assert.equal(neighbour("a1", "W"), null);
  assert.equal(neighbour("l1", "E"), null);
  assert.equal(neighbour("d11", "W"), null);
});

test("the wall letters are the engine's, letter for letter", () => {
  const key = (w) => `${w.square}${w.side}${w.letter}`;
  assert.deepEqual(WALL_LETTERS.map(key).sort(), engine.walls.map(key).sort());
});

test("every wall segment has a letter, each letter on two half-turn segments", () => {
  const edges = [];
  for (const sq of SQUARES) {
    for (const side of "NESW") if (neighbour(sq, side) === null) edges.push(`${sq}${side}`);
  }
  assert.equal(edges.length, 54);
  assert.deepEqual(WALL_LETTERS.map((w) => `${w.square}${w.side}`).sort(), edges.sort());
  const byLetter = new Map();
  for (const w of WALL_LETTERS) byLetter.set(w.letter, [...(byLetter.get(w.letter) ?? []), w]);
  assert.equal(byLetter.size, 27);
  for (const [letter, segments] of byLetter) {
    assert.equal(segments.length, 2, letter);
    assert.equal(halfTurn(segments[0].square), segments[1].square, letter);
  }
  assert.deepEqual(WALL_LETTERS.filter((w) => w.letter === "M").map((w) => `${w.square}${w.side}`),
    ["l1E", "e11W"]);
});

test("tiles cover one square, a 2×2 block or four in a line", () => {
  assert.deepEqual(tileSquares("crystal", "d4"), ["d4"]);
  assert.deepEqual(tileSquares("pool_square", "i3"), ["i3", "j3", "i4", "j4"]);
  assert.deepEqual(tileSquares("pool_long", "e9", "h"), ["e9", "f9", "g9", "h9"]);
  assert.deepEqual(tileSquares("pool_long", "e7", "v"), ["e7", "e8", "e9", "e10"]);
  assert.deepEqual(tileSquares("pool_long", "m11", "h"), ["m11", "n11", "o11", "p11"]);
  assert.deepEqual(tileSquares("pool_long", "n11", "h"), ["n11", "o11", "p11", null]);
});
