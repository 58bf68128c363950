import assert from "node:assert/strict";
import { test } from "node:test";

import {
  notificationText, shouldNotify, tabTitle, turnOf,
} from "../js/view/signals.js";

const SEATS = [
  { seat: 0, name: "Ann", colour: "green", open: false },
  { seat: 1, name: "Bob", colour: "red", open: false },
];

function info(changes = {}) {
  return {
    status: "active", phase: "figures", toMove: 0, pausedAt: null, seats: SEATS,
    viewer: { kind: "seat", seat: 0 }, ...changes,
  };
}

test("the seat to move reads that it is their move; the others whose move it is", () => {
  assert.deepEqual(turnOf(info()), { mine: true, text: "It is your move." });
  const bob = turnOf(info({ viewer: { kind: "seat", seat: 1 } }));
  assert.deepEqual(bob, { mine: false, text: "\u2068Ann\u2069 (green) is to move." });
  for (const kind of ["spectator", "creator"]) {
    assert.deepEqual(turnOf(info({ viewer: { kind, seat: null } })), bob,
      `a ${kind} sees whose move it is, never "your move"`);
  }
});

test("a paused, open, finished or cancelled game, or the monster's turn, is nobody's move", () => {
  const cases = [
    [{ pausedAt: "2026-01-01T00:00:00Z" }, /^The game is paused/],
    [{ status: "open", toMove: null, seats: [SEATS[0], { ...SEATS[1], open: true }] },
      /^Waiting for 1 more player to join/],
    [{ status: "finished", phase: "over", toMove: null }, /^The game is over\.$/],
    [{ status: "cancelled" }, /^The game was cancelled\.$/],
    [{ phase: "monster", toMove: null }, /^The monster is moving\.$/],
  ];
  for (const [changes, text] of cases) {
    const turn = turnOf(info(changes));
    assert.equal(turn.mine, false, JSON.stringify(changes));
    assert.match(turn.text, text);
  }
});

test("the tab's title starts with the mark only when it is the viewer's move", () => {
  assert.equal(tabTitle("Friday — Ann, Bob", true),
    "(Your move) Friday — Ann, Bob · Fearsome Floors by mail");
  assert.equal(tabTitle("Friday — Ann, Bob", false),
    "Friday — Ann, Bob · Fearsome Floors by mail");
});

test("a notification only when the page learns it became the move of a player who allowed it "
  + "and is not looking", () => {
  const away = { hidden: true, permission: "granted" };
  assert.equal(shouldNotify(false, true, away), true);
  assert.equal(shouldNotify(null, true, away), false, "not on opening the page");
  assert.equal(shouldNotify(true, true, away), false, "not again while it stays their move");
  assert.equal(shouldNotify(false, false, away), false);
  assert.equal(shouldNotify(false, true, { ...away, hidden: false }), false,
    "the tab is on screen");
  for (const permission of ["default", "denied", "unsupported"]) {
    assert.equal(shouldNotify(false, true, { ...away, permission }), false, permission);
  }
});

test("the notification names the game, without the page's bidi isolates", () => {
  assert.deepEqual(notificationText("\u2068Friday\u2069 — \u2068Ann\u2069"),
    { title: "Your move", body: "It is your move in Friday — Ann." });
});
