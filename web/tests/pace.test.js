import { test } from "node:test";
import assert from "node:assert/strict";

import { createClient } from "../js/model/api.js";
import { paceOf, timeLeft } from "../js/view/pace.js";

const NOW = Date.parse("2030-01-07T09:00:00Z");
const SEATS = [
  { seat: 0, name: "Ann", colour: "green", open: false, vacation_days_left: 0,
    missed_deadlines: 0, absent: false },
  { seat: 1, name: "Bob", colour: "red", open: false, vacation_days_left: 2,
    missed_deadlines: 3, absent: true },
];
const GAME = {
  id: "G1", status: "active", version: 4, to_move: 1,
  viewer: { kind: "seat", seat: 0, time_zone: "UTC" },
  seats: SEATS, move_deadline: "2030-01-08T12:30:00Z", paused_at: null, next_nudge_at: null,
  vacation_days: 2, missed_deadlines_limit: 3,
};
const bare = (text) => text.replace(/[\u2066-\u2069]/g, "");

test("the time left reads to the minute, in its two largest units", () => {
  assert.equal(timeLeft("2030-01-09T12:05:30Z", NOW), "2 days 3 hours");
  assert.equal(timeLeft("2030-01-07T10:01:00Z", NOW), "1 hour 1 minute");
  assert.equal(timeLeft("2030-01-07T09:00:59Z", NOW), "less than a minute");
  assert.equal(timeLeft("2030-01-07T08:00:00Z", NOW), "less than a minute");
});

test("another seat sees the time left of the player to move, their vacation, and a nudge", () => {
  const pace = paceOf(GAME, NOW);
  assert.equal(bare(pace.clock), "Bob (red) has 1 day 3 hours left for this move, then 2 "
    + "vacation days.");
  assert.deepEqual({ ...pace.nudge, text: bare(pace.nudge.text) },
    { can: true, text: "Nudge Bob (red)" });
  assert.deepEqual(pace.absent, []);
});

test("the player to move sees their own time and no nudge", () => {
  const pace = paceOf({ ...GAME, viewer: { kind: "seat", seat: 1 } }, NOW);
  assert.equal(pace.clock, "You have 1 day 3 hours left for this move, then 2 vacation days.");
  assert.equal(pace.nudge, null);
});

test("a nudge sent less than a day ago waits, and says until when, in the seat's time zone",
  () => {
    const pace = paceOf({ ...GAME, next_nudge_at: "2030-01-07T15:00:00Z" }, NOW);
    assert.deepEqual(pace.nudge, { can: false,
      text: "Nudged already: the next nudge may go at Mon, Jan 7, 3:00 PM UTC (one a day)." });
    const berlin = paceOf({ ...GAME, next_nudge_at: "2030-01-07T15:00:00Z",
      viewer: { ...GAME.viewer, time_zone: "Europe/Berlin" } }, NOW);
    assert.match(berlin.nudge.text, /at Mon, Jan 7, 4:00\sPM GMT\+1 \(one a day\)/);
    assert.equal(paceOf({ ...GAME, next_nudge_at: "2030-01-07T08:00:00Z" }, NOW).nudge.can,
      true);
  });

test("nobody is nudged in a paused game, in the monster phase or by the spectators", () => {
  const paused = paceOf({ ...GAME, paused_at: "2030-01-07T08:00:00Z" }, NOW);
  assert.equal(paused.clock, "The clock is stopped while the game is paused.");
  assert.equal(paused.nudge, null);
  assert.deepEqual(paceOf({ ...GAME, to_move: null, move_deadline: null }, NOW),
    { clock: null, nudge: null, absent: [], back: null });
  assert.equal(paceOf({ ...GAME, viewer: { kind: "spectator", seat: null } }, NOW).nudge, null);
});

test("the creator is told of the seats that missed as many deadlines as they allow", () => {
  const pace = paceOf({ ...GAME, viewer: { kind: "creator", seat: null } }, NOW);
  assert.deepEqual(pace.absent.map(bare), ["Bob (red) has missed 3 deadlines: you may hand "
    + "the seat to someone else (Host tools, \u201cNew player\u2026\u201d) or to the "
    + "computer (\u201cplayed by\u201d)."]);
  assert.equal(pace.nudge.can, true);
  assert.equal(pace.back, null);
});

test("the creator reads that the computer plays an absent seat it took", () => {
  const seats = [SEATS[0], { ...SEATS[1], computer: "normal" }];
  const pace = paceOf({ ...GAME, seats, viewer: { kind: "creator", seat: null } }, NOW);
  assert.deepEqual(pace.absent.map(bare), ["Bob (red, computer: normal) has missed 3 "
    + "deadlines: the computer plays the seat now."]);
});

test("a player whose seat the computer plays is offered it back, nobody else is", () => {
  const seats = [SEATS[0], { ...SEATS[1], computer: "hard" }];
  const own = paceOf({ ...GAME, seats, viewer: { kind: "seat", seat: 1 } }, NOW);
  assert.equal(own.back, "The computer plays your seat for now, at the hard level. Take it "
    + "back whenever you like: its next move is yours again.");
  assert.equal(paceOf({ ...GAME, seats }, NOW).back, null);
  assert.equal(paceOf({ ...GAME, seats, status: "finished",
    viewer: { kind: "seat", seat: 1 } }, NOW).back, null);
});

test("the pace calls go to their addresses with the token", async () => {
  const sent = [];
  const fetch = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body && JSON.parse(init.body) });
    return { status: 200, json: async () => ({}) };
  };
  const client = createClient({ fetch, token: "T" });
  await client.nudge("G1");
  await client.setPace("G1", { vacation_days: 3, missed_deadlines_limit: null });
  assert.deepEqual(sent, [
    { url: "/api/v1/games/G1/nudge", method: "POST", body: undefined },
    { url: "/api/v1/games/G1/pace", method: "PUT",
      body: { vacation_days: 3, missed_deadlines_limit: null } },
  ]);
});

test("nobody nudges the computer: it plays its seat at once", () => {
  const seats = SEATS.map((s) => (s.seat === 1 ? { ...s, computer: "easy" } : s));
  for (const viewer of [GAME.viewer, { kind: "creator", seat: null }]) {
    const pace = paceOf({ ...GAME, seats, viewer }, NOW);
    assert.equal(pace.nudge, null);
    assert.match(bare(pace.clock), /^Bob \(red, computer: easy\) has 1 day 3 hours left/);
  }
});
