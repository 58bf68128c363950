import assert from "node:assert/strict";
import { test } from "node:test";

import { groupEvents, logLines, readGame, viewerLog } from "../js/model/gamelog.js";
import { createViewer, readLog } from "../js/model/timeline.js";
import { boardModel } from "../js/model/viewmodel.js";
import { fixture, looks } from "./helpers.js";

// A basic game played through the real API (make_api_fixtures.py): the start, two monster
// phases, and the logs as the API sent them.
const api = fixture("api_game");

test("a game view of the API splits into names, the engine's view and the service's facts", () => {
  const { game, view, info } = readGame(api.seat0);
  assert.equal(game.id, api.seat0.id);
  assert.equal(game.title, `\u2068${api.seat0.name}\u2069 — \u2068Ann\u2069, \u2068Bob\u2069`);
  assert.match(api.seat0.name, /^Game .{6}$/);
  assert.deepEqual(game.players.map((p) => p.name), ["Ann", "Bob"]);
  assert.equal(view, api.seat0.position);
  assert.deepEqual(info.viewer, api.seat0.viewer);
  assert.deepEqual([info.viewer.kind, info.viewer.seat], ["seat", 0]);
  assert.equal(info.version, api.seat0.version);
  assert.equal(boardModel(view, game).players[0].name, "Ann");
});

test("an open game has no position yet", () => {
  const open = { ...api.start, status: "open", position: null,
    seats: [api.start.seats[0], { seat: 1, colour: "red", name: null, open: true }] };
  const { view, game } = readGame(open);
  assert.equal(view, null);
  assert.equal(game.players[1].name, "red (open)");
});

test("events group into one entry per action and one per monster phase", () => {
  const entries = groupEvents(api.events);
  const monsters = entries.filter((e) => e.monster);
  assert.equal(monsters.length, 2);
  // The service's takeback events (asked, said no, asked again) come at the version of the
  // move they concern, and the takeback itself at its own.
  const takebacks = entries.filter((e) => e.actionSeq === null && !e.monster
    && e.events.some((x) => x.type.startsWith("takeback")));
  assert.equal(takebacks.length, 2);
  assert.equal(entries.length, api.actions.length + monsters.length + takebacks.length);
  for (const m of monsters) {
    assert.equal(m.actionSeq, null);
    assert.equal(m.events[0].type, "card");
  }
  assert.deepEqual(entries.flatMap((e) => e.events), api.events.map((e) => e.event));
  assert.equal(entries.at(-1).seq, api.events.at(-1).seq);
});

test("the log reads each action in the service's words, its notation beside them", () => {
  const entries = groupEvents(api.events);
  const actions = new Map(api.actions.map((a) => [a.seq, a]));
  const { game, view } = readGame(api.spectator);
  const lines = logLines(entries, actions, boardModel(view, game));
  const first = api.actions[0];
  assert.match(first.words, /^Ann \(green\) brought green \d in at p11/);
  assert.deepEqual(lines[0], { key: `e${entries[0].seq}`, monster: false,
    text: `\u2068Ann\u2069${first.words.slice("Ann".length)}`, notation: first.notation });
  const monster = lines.find((l) => l.monster);
  assert.match(monster.text, /^The monster draws \S+ and stops on [a-p]\d+ facing \w+/);
  assert.equal(monster.notation, null);
  assert.equal(new Set(lines.map((l) => l.key)).size, lines.length);
});

test("an action whose record has not come yet is told by its events", () => {
  const entries = groupEvents(api.events);
  const { game, view } = readGame(api.spectator);
  const [line] = logLines(entries.slice(0, 1), new Map(), boardModel(view, game));
  assert.deepEqual([line.text, line.notation],
    ["\u2068Ann\u2069 (green) brings green 5 in to p7 (+NNNN).", null]);
});

test("words that do not begin with the seat's name are shown as they are", () => {
  const entries = groupEvents(api.events).slice(0, 1);
  const { game, view } = readGame(api.spectator);
  const record = { ...api.actions[0], words: "seat 1 (green) flipped green 1 without moving it." };
  const [line] = logLines(entries, new Map([[record.seq, record]]), boardModel(view, game));
  assert.equal(line.text, record.words);
});

test("the viewer from the start through the API's events ends on the game's position now", () => {
  const entries = groupEvents(api.events);
  const { game } = readGame(api.spectator);
  const start = { version: api.start.version, position: api.start.position };
  const viewer = createViewer(readLog(viewerLog(game, start, entries)));
  assert.equal(viewer.entries.length, entries.length);
  const last = viewer.frames.at(-1).scene.board;
  assert.deepEqual(looks(last), looks(boardModel(api.spectator.position)));
});

test("the viewer from a later position uses only the entries after it", () => {
  const entries = groupEvents(api.events);
  const { game } = readGame(api.spectator);
  const log = viewerLog(game, { version: 5, position: api.start.position }, entries);
  assert.ok(log.entries.length > 0);
  assert.equal(log.entries.length, entries.filter((e) => e.version > 5).length);
});
