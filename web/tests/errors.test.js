import assert from "node:assert/strict";
import { test } from "node:test";

import { brokenLink, playerMessage } from "../js/model/errors.js";

test("a missing or foreign token reads as a link that opens no game, with what to do", () => {
  const bearer = "This needs 'Authorization: Bearer <token>' from your link.";
  assert.equal(playerMessage("auth/missing_token", bearer), brokenLink());
  assert.equal(playerMessage("auth/forbidden", "This token does not belong to this game."),
    brokenLink());
  assert.match(brokenLink(), /new link/);
  assert.match(brokenLink(), /Lost your link to a game\?/);
  assert.equal(playerMessage("auth/forbidden", "Only creator tokens may do this; this is a seat "
    + "token.", { token_kind: "seat" }), "Your link does not let you do that.");
});

test("no sentence a player reads speaks of headers, tokens, versions or request bodies", () => {
  const technical = [
    ["request/invalid", "The request is not valid; see details.fields."],
    ["request/malformed", "The request could not be read."],
    ["request/invalid_json", "Expecting value: line 1 column 1"],
    ["rate/limited", "Too many requests; try again after the Retry-After delay."],
    ["server/database_unavailable", "... (with the same Idempotency-Key, if you sent one)."],
    ["idempotency/key_reused", "This Idempotency-Key was used for a different request"],
    ["game/stale_version", "The game is at version 9, not 8: someone moved first."],
    ["network/unreachable", "The server could not be reached (Failed to fetch)."],
    ["http/unexpected", "The server answered 502 Bad Gateway"],
  ];
  for (const [code, message] of technical) {
    const words = playerMessage(code, message);
    assert.notEqual(words, message, code);
    assert.doesNotMatch(words,
      /token|header|Bearer|Idempotency|version|request|details|fetch|\d{3}/i, code);
  }
});

test("the fields a form got wrong are named", () => {
  const fields = {
    json: {
      move_time_limit: ["Too big."], seats: { 0: { email: ["Not a valid email address."] } },
    },
  };
  assert.equal(playerMessage("request/invalid", "The request is not valid; see details.fields.",
    { fields }),
  "Please check: move time limit: Too big; seat 1 email: Not a valid email address.");
});

test("a message the service wrote for people, naming what was wrong, is kept", () => {
  const text = "The message has 612 characters; the limit is 500.";
  assert.equal(playerMessage("talk/too_long", text, { length: 612 }), text);
  const illegal = "red 5 +W: step 1: a wall";
  assert.equal(playerMessage("move/illegal", illegal), illegal);
});

test("a refused plan says which move cannot be played and why, with no data in it", () => {
  const message = "Line 2 of your plan (\"{'type': 'move', 'figure': 'red5', 'path': '+N'}\") "
    + "cannot be planned: red 5 cannot go north from m8: a wall.";
  assert.equal(playerMessage("plan/invalid_line", message, { line: 1, reason: "move/illegal" }),
    "Move 2 of your plan cannot be played: red 5 cannot go north from m8: a wall.");
  assert.doesNotMatch(playerMessage("plan/empty", "A plan needs at least one line, or "
    + "flip_rest: to have no plan, delete it."), /flip_rest/);
});

// The codes of the table beyond one game (docs/table.md), each said for players.
const TABLE_CODES = ["takeback/off", "takeback/nothing", "takeback/card_drawn", "takeback/none",
  "takeback/lapsed", "takeback/not_asked", "takeback/not_yours", "rematch/not_over",
  "rematch/none", "rematch/started", "rematch/not_started", "rematch/invalid",
  "table/not_found", "table/same_colour", "sandbox/not_found", "sandbox/stale_version",
  "sandbox/monster_due", "sandbox/no_such_version", "sandbox/unknown_level", "preview/off",
  "record/invalid", "replay/mismatch", "record/unavailable", "note/too_long",
  "note/invalid_text"];

test("every code of takebacks, tables, records, sandboxes, the preview and notes has words", () => {
  for (const code of TABLE_CODES) {
    const words = playerMessage(code, "", {});
    assert.ok(words, code);
    assert.doesNotMatch(words, /\/|_|version|token|request|\{/i, `${code}: ${words}`);
  }
  const stale = "The sandbox is at version 9, not 8: it changed in another window.";
  assert.doesNotMatch(playerMessage("sandbox/stale_version", stale), /version/);
});

test("a record refused names its entry and the server's reason, in the reader's words", () => {
  assert.equal(playerMessage("replay/mismatch",
    "entry 2: the record says version 7, the replay is at version 2", { entry: 2 }),
  "This record cannot be opened: entry 2: the record says version 7, the replay is at "
    + "version 2");
  assert.equal(playerMessage("record/invalid", "a wall is in the way", { entry: 4 }),
    "This record cannot be opened: entry 4: a wall is in the way");
  assert.match(playerMessage("record/invalid", "this is not a Fearsome Floors record", {}),
    /^This record cannot be opened: this is not/);
});

test("notes too long say how long they are and the limit", () => {
  assert.equal(playerMessage("note/too_long", "The note has 4,012 characters; the limit is 4000.",
    { length: 4012, limit: 4000 }), "Your notes have 4012 characters; they may have at most 4000.");
});
