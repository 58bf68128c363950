import assert from "node:assert/strict";
import { test } from "node:test";

import {
  createViewer, currentFrame, frameVersions, readLog, seek, stepEntries, stepFrames,
} from "../js/model/timeline.js";
import { groupEvents, readGame, viewerLog } from "../js/model/gamelog.js";
import { boardModel, figureName } from "../js/model/viewmodel.js";
import { fixture, looks } from "./helpers.js";

const games = [fixture("game_basic"), fixture("game_experienced")];

test("after every logged action and monster phase the frames show the logged position", () => {
  for (const payload of games) {
    const log = readLog(payload);
    const viewer = createViewer(log);
    assert.equal(viewer.entries.length, log.entries.length);
    viewer.entries.forEach((entry, i) => {
      const frame = viewer.frames[entry.last];
      assert.deepEqual(looks(frame.scene.board), looks(boardModel(log.entries[i].position)),
        `${payload.game.title}, entry ${i + 1}`);
    });
  }
});

test("the status after each entry is the logged one: whose turn, cards left, version", () => {
  const log = readLog(games[0]);
  const viewer = createViewer(log);
  const entry = viewer.entries[10];
  const status = viewer.frames[entry.last].scene.status;
  const position = log.entries[10].position;
  assert.equal(status.toMove, position.to_move);
  assert.equal(status.cardsLeft, position.cards_left);
  assert.equal(status.version, position.version);
});

test("a whole game plays through placement, moves, monster phases, stages and the end", () => {
  const kinds = (payload) => new Set(createViewer(readLog(payload)).frames
    .flatMap((f) => f.events.map((e) => e.type)));
  const basic = kinds(games[0]);
  for (const kind of ["move", "flip", "card", "stage_end", "game_over"]) {
    assert.ok(basic.has(kind), kind);
  }
  assert.ok(kinds(games[1]).has("place"));
  const last = currentFrame(seek(createViewer(readLog(games[0])), Infinity));
  assert.equal(last.scene.status.phase, "over");
  assert.match(last.caption, /^The game is over: /);
});

test("an escape is told and the figure counted as escaped", () => {
  const frames = createViewer(readLog(games[0])).frames;
  const out = frames.find((f) => f.events.some((e) => e.type === "move" && e.escapes));
  const e = out.events[0];
  assert.match(out.caption,
    new RegExp(`^takes ${figureName(e.figure)} out through the exit \\(.*X\\)`));
  assert.equal(out.scene.board.figures.find((f) => f.id === e.figure).where, "escaped");
});

test("the viewer starts at the start and steps frame by frame, never past either end", () => {
  let viewer = createViewer(readLog(games[0]));
  assert.equal(viewer.index, 0);
  assert.equal(currentFrame(viewer).caption, "The game begins.");
  assert.equal(stepFrames(viewer, -1).index, 0);
  viewer = stepFrames(viewer, 3);
  assert.equal(viewer.index, 3);
  assert.equal(seek(viewer, 1e9).index, viewer.frames.length - 1);
});

test("the viewer steps entry by entry: to the end of the next or previous action", () => {
  let viewer = createViewer(readLog(games[1]));
  viewer = stepEntries(viewer, 1);
  assert.equal(viewer.index, viewer.entries[0].last);
  viewer = stepEntries(stepEntries(viewer, 1), 1);
  assert.equal(viewer.index, viewer.entries[2].last);
  viewer = stepEntries(viewer, -1);
  assert.equal(viewer.index, viewer.entries[1].last);
  viewer = stepEntries(stepEntries(stepEntries(viewer, -1), -1), -1);
  assert.equal(viewer.index, 0);
  const end = seek(viewer, Infinity);
  assert.equal(stepEntries(end, 1), end);
});

test("a log without positions is played from its events alone", () => {
  const payload = games[0];
  const bare = { ...payload, entries: payload.entries.map(({ position, ...rest }) => rest) };
  const viewer = createViewer(readLog(bare));
  const full = createViewer(readLog(payload));
  assert.deepEqual(looks(currentFrame(seek(viewer, Infinity)).scene.board),
    looks(currentFrame(seek(full, Infinity)).scene.board));
});

test("a takeback shows the position it went back to; each frame knows its version", () => {
  const api = fixture("api_game");
  const entries = groupEvents(api.events);
  const { game } = readGame(api.spectator);
  const start = { version: api.start.version, position: api.start.position };
  const viewer = createViewer(readLog(viewerLog(game, start, entries)));
  const back = entries.findIndex((e) => e.events.some((x) => x.type === "takeback"));
  const to = entries[back].events.find((x) => x.type === "takeback").to_version;
  const before = entries.findLastIndex((e) => e.version <= to && e.version > 0);
  assert.deepEqual(looks(viewer.frames[viewer.entries[back].last].scene.board),
    looks(viewer.frames[viewer.entries[before].last].scene.board));
  const versions = frameVersions(viewer, entries.map((e) => e.version), start.version);
  assert.equal(versions.length, viewer.frames.length);
  assert.equal(versions[0], start.version);
  assert.equal(versions[viewer.entries[0].last], entries[0].version);
  assert.equal(versions.at(-1), api.spectator.version);
});
