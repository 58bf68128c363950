import assert from "node:assert/strict";
import { test } from "node:test";

import { eventFrames, stillFrame } from "../js/model/replay.js";
import { boardModel, figureName, statusModel } from "../js/model/viewmodel.js";
import { findBy, fixture, looks } from "./helpers.js";

const phases = fixture("monster_phases");

function scene(view) {
  return { board: boardModel(view), status: statusModel(view) };
}

function phaseCovering(kind) {
  const phase = phases.find((p) => p.covers.includes(kind));
  assert.ok(phase, `a fixture shows ${kind}`);
  return phase;
}

function captions(phase) {
  return eventFrames(scene(phase.before), phase.events).map((f) => f.caption);
}

/** Every frame of every monster phase, each with its phase. */
function allFrames() {
  return phases.flatMap((phase) => eventFrames(scene(phase.before), phase.events)
    .map((frame) => ({ phase, frame })));
}

test("every monster phase ends its frames on the board the engine ended on", () => {
  for (const phase of phases) {
    const frames = eventFrames(scene(phase.before), phase.events);
    assert.deepEqual(looks(frames.at(-1).scene.board), looks(boardModel(phase.after)),
      phase.covers.join(","));
  }
});

test("every event is shown by exactly one frame, in order", () => {
  for (const phase of phases) {
    const frames = eventFrames(scene(phase.before), phase.events);
    assert.deepEqual(frames.flatMap((f) => f.events), phase.events);
  }
});

test("the scene given is left as it was, and frames cannot be changed", () => {
  const phase = phases[0];
  const before = scene(phase.before);
  const copy = structuredClone(before);
  const frames = eventFrames(before, phase.events);
  assert.deepEqual(before, copy);
  assert.throws(() => { frames[0].scene.board.monster.square = "a1"; }, TypeError);
});

test("the first frame is the card, counted off the pile onto the discard", () => {
  const phase = phases[0];
  const [first] = eventFrames(scene(phase.before), phase.events);
  const card = phase.events[0].card;
  assert.equal(first.actor, "monster");
  assert.match(first.caption, new RegExp(`^draws ${card.replace(/(\d)hits?/, "$1 hit")}`));
  assert.deepEqual(first.scene.status.discard, [...phase.before.discard, card]);
  assert.equal(first.scene.status.cardsLeft, phase.before.cards_left - 1);
});

test("a look says whom the monster sees, how far, and where it turns", () => {
  const phase = phaseCovering("look:turned");
  const frames = eventFrames(scene(phase.before), phase.events);
  const turned = frames.find((f) => f.events[0].type === "look" && f.events[0].turned);
  const e = turned.events[0];
  const nearest = e.seen.reduce((a, b) => (a.distance <= b.distance ? a : b));
  assert.match(turned.caption, new RegExp(
    `^looks: sees .*${figureName(nearest.figure)} on ${nearest.square} `
    + `\\(${nearest.distance} squares?\\).*; turns (north|east|south|west)$`));
  assert.deepEqual(turned.focus, e.seen.map((s) => s.square));
  assert.equal(turned.scene.board.monster.facing, e.facing);
  const last = findBy(phases, "a last look",
    (p) => p.events.some((l) => l.type === "look" && l.final));
  assert.ok(captions(last).some((c) => /^looks a last time: /.test(c)));
});

test("a step moves the monster; a walk through a wall is one frame with its step", () => {
  const phase = phaseCovering("wall");
  const frames = eventFrames(scene(phase.before), phase.events);
  const wall = frames.find((f) => f.events[0].type === "wall");
  const e = wall.events[0];
  assert.equal(wall.caption.startsWith(`walks through wall ${e.letter} to ${e.to}`), true);
  assert.equal(wall.events[1].type, "step");
  assert.equal(wall.scene.board.monster.square, e.to);
  const step = frames.find((f) => f.events[0].type === "step" && !f.events[0].slide);
  const to = step.events[0].to;
  assert.match(step.caption, new RegExp(`^steps (to|onto teleporter [AB] on) ${to}`));
});

test("sliding across a pool is told as sliding", () => {
  assert.ok(captions(phaseCovering("step:slide")).some((c) => /^slides on to [a-p]\d+/.test(c)));
});

test("a teleport moves the monster to the other tile, facing its arrow", () => {
  const phase = phaseCovering("teleport");
  const frames = eventFrames(scene(phase.before), phase.events);
  const i = frames.findIndex((f) => f.events[0].type === "teleport");
  const e = frames[i].events[0];
  assert.match(frames[i - 1].caption, new RegExp(`^steps onto teleporter [AB] on ${e.square}`));
  assert.match(frames[i].caption, new RegExp(`^teleports to ${e.to} facing `));
  assert.deepEqual(frames[i].scene.board.monster, { square: e.to, facing: e.facing });
});

test("eating takes the figure off the board to where the stage sends it", () => {
  const caught = (e) => e.type === "eat" && e.how === "caught";
  const { phase, frame: eat } = findBy(allFrames(), "a figure caught by a step (no slide)",
    ({ frame }) => frame.events[0].type === "step" && !frame.events[0].slide
      && frame.events.some(caught));
  const e = eat.events.find(caught);
  assert.equal(eat.caption, `steps to ${e.square} and eats ${figureName(e.figure)}`);
  const eaten = eat.scene.board.figures.find((f) => f.id === e.figure);
  assert.equal(eaten.where, phase.before.stage === 1 ? "outside" : "removed");
  assert.equal(eaten.square, null);
  assert.equal(eat.scene.board.monster.square, e.square);
});

test("a push moves the line ahead in the same frame as the step", () => {
  const phase = phaseCovering("push:figure");
  const frames = eventFrames(scene(phase.before), phase.events);
  const isFigure = (piece) => phase.before.figures.some((f) => f.figure === piece);
  const pushedAlong = (p) => p.to !== null && isFigure(p.piece);
  const isPush = (e) => e.type === "push" && e.pieces.some(pushedAlong);
  const push = frames.find((f) => f.events.some(isPush));
  assert.equal(push.events[0].type, "step");
  assert.match(push.caption, /^steps to [a-p]\d+, pushing /);
  const moved = push.events.find(isPush).pieces.filter(pushedAlong);
  for (const p of moved) {
    assert.equal(push.scene.board.figures.find((f) => f.id === p.piece).square, p.to);
    assert.match(push.caption, new RegExp(`${figureName(p.piece)} to ${p.to}`));
  }
});

test("a figure pushed off the board is told as eaten", () => {
  const told = (kind, pattern) => captions(phaseCovering(kind)).some((c) => pattern.test(c));
  assert.ok(told("eat:pushed_off", /off the board \(eaten\)/));
  assert.ok(told("eat:teleporter", /onto a teleporter \(eaten\)/));
});

test("turning stones and the four-turn stay are told", () => {
  const stay = captions(phaseCovering("stay"));
  assert.ok(stay.includes("is turned south by the right-turning stone on g6"));
  assert.ok(stay.includes("is turned east by the right-turning stone on f5"));
  assert.ok(stay.includes("spins round four times and stays on f6"));
});

test("the first card rule, the end of the walk, the next turn are told", () => {
  const redraw = captions(phaseCovering("first_card_redraw"));
  assert.match(redraw[1],
    /^may not open the game with a hit card: .+ set aside, \d+ drawn instead$/);
  const phase = phaseCovering("turn");
  const frames = eventFrames(scene(phase.before), phase.events);
  assert.match(frames.find((f) => f.events[0].type === "monster_done").caption,
    /^stops on [a-p]\d+ facing (north|east|south|west)/);
  const turn = frames.at(-1);
  assert.equal(turn.actor, "game");
  assert.match(turn.caption, /^Game turn \d+: (red|blue|green|yellow) starts\.$/);
  assert.ok(turn.scene.board.figures.every((f) => !f.moved));
});

test("an event this page does not know changes nothing and is named", () => {
  const before = scene(phases[0].before);
  const [frame] = eventFrames(before, [{ type: "earthquake" }]);
  assert.equal(frame.caption, "earthquake");
  assert.deepEqual(looks(frame.scene.board), looks(before.board));
});

test("events naming pieces the board lacks are refused", () => {
  const before = scene(phases[0].before);
  assert.throws(() => eventFrames(before, [{ type: "flip", figure: "black1", shows: 6 }]),
    /black1, which is not on this board/);
  assert.throws(() => eventFrames(before, [{
    type: "move", figure: before.board.figures[0].id, path: "N", from: "outside", to: "p11",
    escapes: false, pushes: [{ from: "h8", to: "h9" }], shows: 2,
  }]), /push a stone from h8, where there is none/);
});

test("a still frame shows a scene with no event", () => {
  const frame = stillFrame(scene(phases[0].before), "The game begins.");
  assert.deepEqual(frame.events, []);
  assert.equal(frame.caption, "The game begins.");
});
