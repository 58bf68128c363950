import assert from "node:assert/strict";
import { test } from "node:test";

import { gameState, homeLines } from "../js/model/home.js";

const FSI = "\u2068";
const PDI = "\u2069";

function entry(overrides = {}) {
  return {
    game_id: "G1", name: "Friday", status: "active", phase: "figures", seat: 1,
    colour: "red", player: "Ann", to_move: { seat: 0, name: "Bob", colour: "green" },
    your_move: false, paused: false, last_activity: "2026-11-25T12:00:00Z",
    move_deadline: null, link: "https://ff.example/play/G1#t=tok", ...overrides,
  };
}

test("says where each game is for the player", () => {
  assert.equal(gameState(entry()), `Waiting for ${FSI}Bob${PDI} (green).`);
  assert.equal(gameState(entry({ your_move: true, to_move: { seat: 1, name: "Ann", colour: "red" } })),
    "Your move.");
  assert.equal(gameState(entry({ paused: true })), "Paused by the game's creator.");
  assert.equal(gameState(entry({ status: "open", to_move: null })), "Waiting for players to join.");
  assert.equal(gameState(entry({ status: "finished", to_move: null })), "The game is over.");
  assert.equal(gameState(entry({ to_move: null })), "The monster is on its way.");
});

test("keeps the server's order and opens each seat on this page's origin", () => {
  const lines = homeLines({ email: "ann@example.com", expires_at: "2026-12-02T12:00:00Z",
    games: [entry({ game_id: "G2", your_move: true, link: "https://ff.example/play/G2#t=x" }),
      entry({ move_deadline: "2026-11-26T12:00:00Z" })] });
  assert.deepEqual(lines.games.map((g) => [g.id, g.yourMove, g.href]),
    [["G2", true, "/play/G2#t=x"], ["G1", false, "/play/G1#t=tok"]]);
  assert.equal(lines.games[0].seat, `You play red (seat 2) as ${FSI}Ann${PDI}`);
  assert.equal(lines.games[1].deadline, "2026-11-26T12:00:00Z");
  assert.equal(lines.expiresAt, "2026-12-02T12:00:00Z");
});
