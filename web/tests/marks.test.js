import assert from "node:assert/strict";
import { test } from "node:test";

import { groupEvents } from "../js/model/gamelog.js";
import { lastMove } from "../js/model/marks.js";
import { fixture } from "./helpers.js";

const api = fixture("api_game");

test("the last move is the log's last move, whatever came after it", () => {
  const entries = groupEvents(api.events);
  const moves = api.events.map((i) => i.event).filter((e) => e.type === "move");
  const last = moves.at(-1);
  assert.ok(entries.at(-1).monster || entries.at(-1).events.includes(last));
  assert.deepEqual(lastMove(entries), {
    figure: last.figure, from: last.from === "outside" ? null : last.from,
    to: last.escapes ? null : last.to, squares: [] });
  const first = moves[0];
  assert.equal(first.from, "outside");
  assert.deepEqual(lastMove(entries.slice(0, 1)),
    { figure: first.figure, from: null, to: first.to, squares: [] });
  assert.equal(lastMove([]), null);
});

test("a tile placed last marks its squares", () => {
  const entry = findPlace(fixture("game_experienced").entries);
  assert.deepEqual(lastMove([{ events: entry.events }]).squares, entry.events[0].squares);
});

function findPlace(entries) {
  const found = entries.find((e) => e.events[0]?.type === "place" && e.events[0].squares);
  assert.ok(found, "the fixtures hold a tile placed");
  return found;
}
