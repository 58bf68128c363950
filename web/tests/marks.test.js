import assert from "node:assert/strict";
import { test } from "node:test";

import { groupEvents } from "../js/model/gamelog.js";
import { lastMove } from "../js/model/marks.js";
import { fixture } from "./helpers.js";

const api = fixture("api_game");

test("the last move is the log's last move, whatever came after it", () => {
  // The fixture's game ends with a move taken back: the log up to before the takeback.
  const all = groupEvents(api.events);
  const entries = all.slice(0, all.findIndex((e) => e.events.some((x) => x.type.startsWith(
    "takeback"))));
  const moves = entries.flatMap((e) => e.events).filter((e) => e.type === "move");
  const last = moves.at(-1);
  assert.ok(entries.at(-1).events.includes(last));
  assert.deepEqual(lastMove(entries), {
    figure: last.figure, from: last.from === "outside" ? null : last.from,
    to: last.escapes ? null : last.to, squares: [] });
  const first = moves[0];
  assert.equal(first.from, "outside");
  assert.deepEqual(lastMove(entries.slice(0, 1)),
    { figure: first.figure, from: null, to: first.to, squares: [] });
  assert.equal(lastMove([]), null);
});

test("a move taken back is not marked: the move before it is", () => {
  const entries = groupEvents(api.events);
  const back = entries.flatMap((e) => e.events).find((e) => e.type === "takeback");
  const kept = entries.filter((e) => e.version <= back.to_version)
    .flatMap((e) => e.events).filter((e) => e.type === "move").at(-1);
  assert.equal(lastMove(entries).figure, kept.figure);
  assert.equal(lastMove(entries).to, kept.escapes ? null : kept.to);
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
