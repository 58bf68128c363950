import assert from "node:assert/strict";
import { test } from "node:test";

import { FRAME_MS, createPlayer } from "../js/view/animate.js";

/** A player on a hand-driven clock: `run()` fires the pending timer. */
function harness(count = 4) {
  const shown = [];
  const changes = [];
  const pending = new Map();
  let next = 1;
  const player = createPlayer({
    show: (frame, { smooth }) => shown.push(smooth ? `${frame.n}~` : frame.n),
    onChange: (state) => changes.push(state),
    schedule: (fn, ms) => { pending.set(next, { fn, ms }); return next++; },
    cancel: (id) => pending.delete(id),
  });
  player.load(Array.from({ length: count }, (_, n) => ({ n })));
  const run = () => {
    const [[id, { fn, ms }]] = pending;
    pending.delete(id);
    fn();
    return ms;
  };
  return { player, shown, changes, pending, run };
}

test("loading shows the first frame, paused", () => {
  const { player, shown, changes } = harness();
  assert.deepEqual(shown, [0]);
  assert.deepEqual(player.state, { index: 0, count: 4, playing: false });
  assert.equal(changes.at(-1).frame.n, 0);
});

test("playing shows each frame in turn and stops on the last", () => {
  const { player, shown, pending, run } = harness();
  player.play();
  assert.equal(player.state.playing, true);
  assert.equal(run(), FRAME_MS);
  run();
  run();
  assert.deepEqual(shown, [0, "1~", "2~", "3~"], "each next frame is shown smoothly");
  assert.equal(pending.size, 0);
  assert.deepEqual(player.state, { index: 3, count: 4, playing: false });
});

test("pause stops the clock; toggle resumes", () => {
  const { player, shown, pending, run } = harness();
  player.play();
  run();
  player.toggle();
  assert.equal(pending.size, 0);
  assert.equal(player.state.playing, false);
  player.toggle();
  run();
  assert.deepEqual(shown, [0, "1~", "2~"]);
});

test("stepping goes back and forth by hand, never past the ends, smoothly only onwards", () => {
  const { player, shown } = harness();
  player.step(1);
  player.step(1);
  player.step(-1);
  player.step(-5);
  player.step(2);
  assert.deepEqual(shown, [0, "1~", "2~", 1, 0, 2]);
});

test("skip shows the outcome; play after the end starts again; restart replays", () => {
  const { player, shown, run } = harness();
  player.skipToEnd();
  assert.equal(shown.at(-1), 3, "a jump to the end is not smooth");
  player.play();
  assert.equal(shown.at(-1), 0);
  run();
  player.restart();
  assert.deepEqual(shown.slice(-2), ["1~", 0]);
  assert.equal(player.state.playing, true);
});

test("the speed sets how long each frame stays, also while playing", () => {
  const { player, pending, run } = harness();
  player.setFrameMs(100);
  player.play();
  player.setFrameMs(50);
  assert.equal(pending.size, 1);
  assert.equal(run(), 50);
});
