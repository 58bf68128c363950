import assert from "node:assert/strict";
import { test } from "node:test";

import { isolate, monsterCaption, playerName } from "../js/model/captions.js";

const board = { players: [{ seat: 0, name: "אבי", colour: "red" }, { seat: 1, name: "blue", colour: "blue" }] };

test("a player's name is isolated from the sentence around it, as <bdi> would", () => {
  assert.equal(isolate("Ann"), "\u2068Ann\u2069");
  assert.equal(playerName(board, 0), "\u2068אבי\u2069 (red)");
  assert.equal(playerName(board, 1), "blue");
  assert.equal(playerName(board, 5), "seat 5");
});

test("a stay is told by its reason: a loop (rules version 2) or four turns (version 1)", () => {
  assert.equal(monsterCaption({ type: "stay", point: 1, square: "g5", reason: "loop" }),
    "turns round in a loop and stays on g5");
  assert.equal(monsterCaption({ type: "stay", point: 1, square: "f6", reason: "four_turns" }),
    "spins round four times and stays on f6");
});
