import assert from "node:assert/strict";
import { test } from "node:test";

import { startInteraction } from "../js/model/interaction.js";
import {
  computerChange, historyLines, monsterCards, readSandbox, seatPlayers,
} from "../js/model/sandbox.js";
import { fixture } from "./helpers.js";

// A position as the API's sandbox gives it: a spectator's view, with the actor's choices.
const { view } = fixture("view_basic");
const position = { ...view, viewer: null };
const sandbox = (changes = {}) => ({
  id: "S1", name: "Friday night", version: 3, phase: "figures", to_move: position.to_move,
  seats: position.players.map((p) => ({ seat: p.seat, colour: p.colour,
    name: p.seat === 0 ? "Ann" : null })),
  computer: { 1: "hard" }, position, walks: [], cards: ["5", "7", "2hits"],
  entries: [
    { version: 1, seat: 0, notation: "red 5 +NN", action: {} },
    { version: 2, monster: { card: "8", set_aside: [], eaten: ["blue3"] } },
    { version: 3, seat: 1, takeback: { to_version: 1 } },
  ],
  ...changes,
});

test("one person moves every seat: the board offers the seat to move's choices", () => {
  const read = readSandbox(sandbox());
  const it = startInteraction(read.view);
  assert.equal(it.kind, "figure");
  assert.equal(it.seat, position.to_move);
  assert.ok(it.figures.length > 0);
  assert.equal(read.status.viewer, null, "no seat is \"you\"");
  assert.equal(read.board.players.find((p) => p.seat === 0).name, "Ann");
});

test("each seat is played by the person or the computer at its level", () => {
  assert.deepEqual(seatPlayers(sandbox()).map((s) => s.level), ["", "hard", ""]);
  assert.deepEqual(computerChange(1, ""), { 1: null });
  assert.deepEqual(computerChange(2, "easy"), { 2: "easy" });
});

test("the monster's cards are offered only when its turn is due, those that may come now", () => {
  assert.equal(monsterCards(sandbox()), null);
  assert.deepEqual(monsterCards(sandbox({ phase: "monster" })), ["5", "7", "2hits"]);
  const walks = ["5", "7"].map((card) => ({ card, chance: 0.5, path: [], eaten: [] }));
  assert.deepEqual(monsterCards(sandbox({ phase: "monster", walks })), ["5", "7"],
    "no hit card before the game's first card: the server walks none");
});

test("the history reads each entry in words, from the start, the last one now", () => {
  const { board } = readSandbox(sandbox());
  const lines = historyLines(sandbox(), board);
  assert.deepEqual(lines.map((l) => [l.version, l.now]), [[0, false], [1, false], [2, false],
    [3, true]]);
  assert.equal(lines[0].text, "The start.");
  assert.equal(lines[1].text, "\u2068Ann\u2069 (red): red 5 +NN");
  assert.equal(lines[2].text, "The monster turns up 8 and eats blue 3.");
  assert.match(lines[3].text, /^blue took back a move\.$/);
});
