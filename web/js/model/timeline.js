/**
 * The whole-game viewer: a game's log (its start and every action or monster phase since, with
 * their events) as one list of frames to step through, frame by frame or entry by entry.
 * A takeback shows the position it went back to again, from the entries' versions. Pure
 * values: a viewer is `{frames, entries, index}` and every function returns a new one.
 */

import { EVENT } from "./events.js";
import { t } from "./i18n.js";
import { eventFrames, stillFrame } from "./replay.js";
import { boardModel, readPayload, statusModel } from "./viewmodel.js";

/**
 * Read a game log as the server sends it: `{"game", "start", "entries": [{"seat", "action",
 * "events", "position", "version"}]}`, `start` and each `position` being a player view or
 * position (`position` and `version`, the game's version after the entry, may be left out).
 * The one place that knows the log's shape.
 * @param {object} payload
 * @returns {{game: object, start: object, entries: object[]}}
 */
export function readLog(payload) {
  const { game } = readPayload({ game: payload.game, view: payload.start });
  return {
    game,
    start: payload.start,
    entries: payload.entries.map((e) => ({
      seat: e.seat ?? null, action: e.action ?? null, events: e.events,
      position: e.position ?? null, version: e.version ?? e.position?.version ?? null,
    })),
  };
}

/**
 * Build the viewer of a log, at its first frame (the start position). Each entry's frames end
 * with the status of its logged position when there is one (whose turn, cards left: what the
 * events do not say). A takeback's frame shows the scene after the last entry at or before
 * the version it went back to.
 * @param {{game: object, start: object, entries: object[]}} log from `readLog`
 * @returns {{frames: object[], entries: Array<{first: number, last: number}>, index: number}}
 */
export function createViewer(log) {
  let scene = { board: boardModel(log.start, log.game), status: statusModel(log.start) };
  const frames = [stillFrame(scene, t("The game begins."))];
  const entries = [];
  const scenes = [{ version: log.start.version ?? 0, scene }]; // the scene after each version
  for (const entry of log.entries) {
    const back = entry.events.find((e) => e.type === EVENT.TAKEBACK);
    const from = back ? scenes.findLast((s) => s.version <= back.to_version)?.scene : null;
    const produced = eventFrames(from ?? scene, entry.events);
    if (entry.position) {
      const last = produced.at(-1);
      produced[produced.length - 1] = Object.freeze({
        ...last,
        scene: Object.freeze({ board: last.scene.board, status: statusModel(entry.position) }),
      });
    }
    entries.push({ first: frames.length, last: frames.length + produced.length - 1 });
    frames.push(...produced);
    scene = produced.at(-1).scene;
    if (entry.version !== null && entry.version !== undefined) {
      scenes.push({ version: entry.version, scene });
    }
  }
  return Object.freeze({ frames, entries, index: 0 });
}

/**
 * The frame the viewer shows.
 * @param {object} viewer
 * @returns {object}
 */
export function currentFrame(viewer) {
  return viewer.frames[viewer.index];
}

/**
 * Go to a frame (clamped to the first and last).
 * @param {object} viewer
 * @param {number} index
 * @returns {object}
 */
export function seek(viewer, index) {
  const clamped = Math.max(0, Math.min(viewer.frames.length - 1, index));
  return Object.freeze({ ...viewer, index: clamped });
}

/**
 * Go `delta` frames on (negative: back).
 * @param {object} viewer
 * @param {number} delta
 * @returns {object}
 */
export function stepFrames(viewer, delta) {
  return seek(viewer, viewer.index + delta);
}

/**
 * Go to the end of the next entry (`delta` 1) or of the previous one (−1): one action or
 * monster phase at a time. Before the first entry is the start.
 * @param {object} viewer
 * @param {number} delta 1 or -1
 * @returns {object}
 */
export function stepEntries(viewer, delta) {
  const ends = [0, ...viewer.entries.map((e) => e.last)];
  const here = delta > 0
    ? ends.findIndex((end) => end > viewer.index)
    : ends.findLastIndex((end) => end < viewer.index);
  return here < 0 ? viewer : seek(viewer, ends[here]);
}

/**
 * The game's version each frame of a viewer shows: that of the last entry it has shown whole
 * (the start's before the first), for "Try it in a sandbox" at the position on the board.
 * @param {{frames: object[], entries: Array<{last: number}>}} viewer
 * @param {number[]} versions the version after each of the viewer's entries
 * @param {number} startVersion the version of its first position
 * @returns {number[]}
 */
export function frameVersions(viewer, versions, startVersion) {
  let version = startVersion;
  let next = 0;
  return viewer.frames.map((_frame, index) => {
    while (next < viewer.entries.length && viewer.entries[next].last <= index) {
      version = versions[next];
      next += 1;
    }
    return version;
  });
}
