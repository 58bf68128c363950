import assert from "node:assert/strict";
import { test } from "node:test";

import { chanceWords, chosenWalk, walkPath, walkWords } from "../js/model/walks.js";

test("a walk's path is one leg of steps between neighbouring squares", () => {
  assert.deepEqual(walkPath(["a1", "b1", "c1", "c2"]),
    { legs: [["a1", "b1", "c1", "c2"]], jumps: [], steps: 3 });
  assert.deepEqual(walkPath(["a1"]), { legs: [], jumps: [], steps: 0 });
  assert.deepEqual(walkPath([]), { legs: [], jumps: [], steps: 0 });
});

test("a jump (through a wall, a teleporter) starts a new leg", () => {
  const { legs, jumps } = walkPath(["n6", "o6", "p6", "a6", "b6", "h5"]);
  assert.deepEqual(legs, [["n6", "o6", "p6"], ["a6", "b6"]]);
  assert.deepEqual(jumps, [{ from: "p6", to: "a6" }, { from: "b6", to: "h5" }]);
});

test("a walk that turns back keeps each step, and a square twice in a row is no step", () => {
  assert.deepEqual(walkPath(["c3", "d3", "d3", "c3", "b3"]).legs, [["c3", "d3", "c3", "b3"]]);
});

const walks = [
  { card: "10", label: "10", chance: 1 / 6, path: ["a1", "b1"], eaten: [], square: "b1", facing: "E" },
  { card: "7", label: "7", chance: 1 / 3, path: ["a1", "b1"], eaten: ["red3", "blue5"],
    square: "h1", facing: "S" },
  { card: "8", label: "8", chance: 1 / 3, path: ["a1"], eaten: [], square: "i1", facing: "E" },
];

test("the walk shown is the card chosen, else the likeliest, the first of equals", () => {
  assert.equal(chosenWalk(walks, "10").card, "10");
  assert.equal(chosenWalk(walks).card, "7");
  assert.equal(chosenWalk(walks, "2hits").card, "7", "a card no longer there");
  assert.equal(chosenWalk([]), null);
});

test("a walk says its card, its chance, whom it eats and where it ends", () => {
  assert.deepEqual(walkWords(walks[1]),
    { card: "7", chance: "33%", eaten: "eats red 3 and blue 5", end: "ends on h1" });
  assert.equal(walkWords(walks[0]).eaten, "eats no one");
  assert.equal(walkWords({ ...walks[0], card: "2hits" }).card, "2 hits");
  assert.equal(chanceWords(0.5), "50%");
});
