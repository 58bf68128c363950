import assert from "node:assert/strict";
import { test } from "node:test";

import { headToHead, memberName, rematchPanel, standingsRows, tableGames } from "../js/model/table.js";

const I = (name) => `\u2068${name}\u2069`;
const members = [{ member: 0, name: "Ann", colour: "green", computer: null },
  { member: 1, name: "Bob", colour: "red", computer: null },
  { member: 2, name: null, colour: null, computer: "hard" }];
const table = (rematch, you = 1) => ({ id: "T1", name: "Friday", you, members, games: [],
  standings: { games: 0, lines: [], head_to_head: [] }, rematch });
const finished = (kind = "seat") => ({ status: "finished", viewer: { kind } });
const asking = { status: "asking", asked_by: 0, answers: { 0: true, 2: true }, waiting: [1],
  waiting_names: ["Bob"], starts_by: "2026-12-02T18:00:00Z", game_id: null, decided_at: null };

test("a finished game with no rematch offers one to a seat and the creator, not spectators", () => {
  assert.equal(rematchPanel(table(null), finished()).canAsk, true);
  assert.equal(rematchPanel(table(null, null), finished("creator")).canAsk, true);
  assert.equal(rematchPanel(table(null, null), finished("spectator")).canAsk, false);
  assert.equal(rematchPanel(table(null), { status: "active", viewer: { kind: "seat" } }), null);
  assert.equal(rematchPanel(null, finished()), null);
});

test("a rematch asking says who plays, who is still asked and until when; the asked answer", () => {
  const panel = rematchPanel(table(asking), finished());
  assert.deepEqual(panel.rematch, { status: "asking", askedBy: I("Ann"),
    yes: [I("Ann"), "Computer (hard)"], no: [], waiting: [I("Bob")],
    startsBy: "2026-12-02T18:00:00Z" });
  assert.equal(panel.canAnswer, true);
  assert.equal(panel.canAsk, false);
  assert.equal(rematchPanel(table(asking, 0), finished()).canAnswer, false, "Ann asked");
  assert.equal(rematchPanel(table({ ...asking, asked_by: null }), finished()).rematch.askedBy,
    null, "the creator asked");
});

test("a rematch started opens for those who play and the creator; one who said no sits out", () => {
  const started = { ...asking, status: "started", answers: { 0: true, 1: false, 2: true },
    waiting: [], game_id: "G2" };
  assert.equal(rematchPanel(table(started, 0), finished()).canOpen, true);
  const bob = rematchPanel(table(started, 1), finished());
  assert.equal(bob.canOpen, false);
  assert.equal(bob.sitsOut, true);
  assert.deepEqual(bob.rematch.no, [I("Bob")]);
  assert.equal(rematchPanel(table(started, null), finished("creator")).canOpen, true);
});

const standings = {
  games: 3,
  lines: [
    { key: "member:1", name: "Bob", member: 1, games: 3, wins: 2, escaped: 9, rating: 4.2561 },
    { key: "member:0", name: "Ann", member: 0, games: 3, wins: 1, escaped: 5, rating: -0.5 },
    { key: "computer:hard", name: "Computer (hard)", member: null, games: 1, wins: 0,
      escaped: 1, rating: 0 },
  ],
  head_to_head: [
    { player: "member:0", other: "member:1", games: 3, above: 1, below: 2 },
    { player: "member:1", other: "member:0", games: 3, above: 2, below: 1 },
    { player: "member:0", other: "computer:hard", games: 1, above: 1, below: 0 },
    { player: "computer:hard", other: "member:0", games: 1, above: 0, below: 1 },
    { player: "member:1", other: "computer:hard", games: 0, above: 0, below: 0 },
  ],
};

test("the standings read one row a player, the rating to one decimal", () => {
  assert.deepEqual(standingsRows(standings)[0], { key: "member:1", name: I("Bob"), games: 3,
    wins: 2, escaped: 9, rating: "4.3" });
  assert.equal(standingsRows(standings)[1].rating, "-0.5");
});

test("the head to head says each pair once, the higher in the standings first", () => {
  assert.deepEqual(headToHead(standings), [
    { a: I("Bob"), b: I("Ann"), games: 3, aAbove: 2, bAbove: 1 },
    { a: I("Ann"), b: I("Computer (hard)"), games: 1, aAbove: 1, bAbove: 0 },
  ]);
});

test("a table's games link only where this device holds a token, the newest first", () => {
  const games = [
    { number: 1, game_id: "G1", name: "Friday #1", status: "finished", members: [0, 1],
      winners: [1], finished_at: null },
    { number: 2, game_id: "G2", name: "Friday #2", status: "active", members: [0, 1],
      winners: [], finished_at: null },
  ];
  const listed = tableGames({ ...table(null), games }, (id) => (id === "G2" ? "/play/G2#t=x" : null));
  assert.deepEqual(listed.map((g) => [g.number, g.path, g.winners]),
    [[2, "/play/G2#t=x", []], [1, null, [I("Bob")]]]);
  assert.equal(memberName(table(null), 2), "Computer (hard)");
  assert.equal(memberName(table(null), 5), "Player 6");
});
