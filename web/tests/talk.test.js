import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MAX_LENGTH, composerOf, counterOf, mergeMessages, messageLines, muteChoices,
} from "../js/model/talk.js";

const at = "2030-01-07T09:00:00.000000Z";
const message = (seq, seat, text, name = ["Ann", "Bob"][seat]) => ({
  seq, seat, name, colour: ["green", "red"][seat], text, created_at: at,
});
const SEATS = [
  { seat: 0, colour: "green", name: "Ann", open: false },
  { seat: 1, colour: "red", name: "Bob", open: false },
  { seat: 2, colour: "blue", name: null, open: true },
];
const info = (kind, seat = null, status = "active") => ({
  status, viewer: { kind, seat }, seats: SEATS,
});

test("pages of messages merge in order, each message once", () => {
  const first = [message(1, 0, "hi"), message(2, 1, "hello")];
  const posted = message(4, 0, "mine, just sent");
  const merged = mergeMessages(mergeMessages(first, [posted]),
    [message(2, 1, "hello"), message(3, 1, "before yours"), posted]);
  assert.deepEqual(merged.map((m) => m.seq), [1, 2, 3, 4]);
  assert.deepEqual(first.map((m) => m.seq), [1, 2], "the known messages are not changed");
});

test("a line names the player, keeps the text as written and marks the viewer's own", () => {
  const lines = messageLines([message(1, 0, "<b>hi</b> & bye"), message(2, 1, "x", null)],
    { kind: "seat", seat: 0 });
  assert.deepEqual(lines, [
    { seq: 1, who: "Ann", colour: "green", text: "<b>hi</b> & bye", at, own: true },
    { seq: 2, who: "red", colour: "red", text: "x", at, own: false },
  ]);
  assert.equal(messageLines([message(1, 0, "hi")], { kind: "creator", seat: null })[0].own,
    false);
});

test("the counter counts characters once stripped, as the server does", () => {
  assert.deepEqual(counterOf("  hello \n"), { count: 5, text: "5/500", empty: false, over: false });
  assert.deepEqual(counterOf(" \n "), { count: 0, text: "0/500", empty: true, over: false });
  assert.equal(counterOf("😀".repeat(MAX_LENGTH)).over, false, "an emoji is one character");
  assert.equal(counterOf("x".repeat(MAX_LENGTH + 1)).over, true);
});

test("a seat writes unless muted or the game was cancelled; others only read", () => {
  assert.deepEqual(composerOf(info("seat", 1), []), { shown: true, enabled: true, note: "" });
  assert.deepEqual(composerOf(info("seat", 1, "finished"), []).enabled, true);
  const muted = composerOf(info("seat", 1), [1]);
  assert.equal(muted.shown && !muted.enabled, true);
  assert.match(muted.note, /muted your seat/);
  assert.equal(composerOf(info("seat", 0), [1]).enabled, true);
  assert.match(composerOf(info("seat", 0, "cancelled"), []).note, /cancelled/);
  assert.equal(composerOf(info("seat", 0, "cancelled"), []).enabled, false);
  for (const kind of ["creator", "spectator"]) {
    assert.equal(composerOf(info(kind), []).shown, false);
    assert.match(composerOf(info(kind), []).note, /Only the players write here/);
  }
});

test("the creator gets a mute button per seat with a player, saying what it does", () => {
  assert.deepEqual(muteChoices(info("creator"), [1]), [
    { seat: 0, who: "Ann", colour: "green", muted: false, text: "Mute",
      label: "Mute Ann (green)" },
    { seat: 1, who: "Bob", colour: "red", muted: true, text: "Unmute",
      label: "Unmute Bob (red)" },
  ]);
  assert.deepEqual(muteChoices(info("seat", 0), []), []);
  assert.deepEqual(muteChoices(info("spectator"), []), []);
});
