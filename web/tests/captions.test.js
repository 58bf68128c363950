import assert from "node:assert/strict";
import { test } from "node:test";

import { isolate, playerName } from "../js/model/captions.js";

const board = { players: [{ seat: 0, name: "אבי", colour: "red" }, { seat: 1, name: "blue", colour: "blue" }] };

test("a player's name is isolated from the sentence around it, as <bdi> would", () => {
  assert.equal(isolate("Ann"), "\u2068Ann\u2069");
  assert.equal(playerName(board, 0), "\u2068אבי\u2069 (red)");
  assert.equal(playerName(board, 1), "blue");
  assert.equal(playerName(board, 5), "seat 5");
});
