import assert from "node:assert/strict";
import { test } from "node:test";

import {
  chooseDestination, pendingAction, selectableFigures, selectFigure,
} from "../js/model/interaction.js";
import {
  addLine, canPlan, canSave, hasSavedPlan, lineText, planInteraction, planPrompt, planRequest,
  plannedBoard, readPlan, removeLine, setFlipRest, setOrFlip,
} from "../js/model/plan.js";
import { boardModel, figureName } from "../js/model/viewmodel.js";
import { findBy, fixture } from "./helpers.js";

const { legal } = fixture("view_basic").view;
const moves = legal.figures.flatMap((f) => f.moves);
/** A move of the seat to act that is the only one to its square: choosing the square is enough. */
const MOVE = findBy(moves, "a move alone on its square",
  (m) => moves.filter((n) => n.figure === m.figure && n.to === m.to).length === 1);
const MOVE_ACTION = { type: "move", figure: MOVE.figure, path: MOVE.path };
/** The seat's other figures that may act. */
const OTHERS = legal.figures.map((f) => f.figure).filter((f) => f !== MOVE.figure);
const EMPTY = { lines: [], flip_rest: false, game_turn: null, stopped: null, legal };
const SAVED = {
  lines: [{ notation: "red 1 N or flip", action: { type: "move", figure: "red1", path: "N" },
    or_flip: true, to: "e2", pushes: [] }],
  flip_rest: true, game_turn: 3, stopped: null,
  legal: { ...legal, figures: legal.figures.filter((f) => f.figure !== "red1") },
};
const INFO = { viewer: { kind: "seat", seat: 0 }, status: "active", phase: "figures",
  pausedAt: null };

test("a seat may plan in the figures' phase of a game under way, and no one else", () => {
  assert.equal(canPlan(INFO), true);
  assert.equal(canPlan({ ...INFO, viewer: { kind: "spectator" } }), false);
  assert.equal(canPlan({ ...INFO, viewer: { kind: "creator" } }), false);
  assert.equal(canPlan({ ...INFO, phase: "placement" }), false);
  assert.equal(canPlan({ ...INFO, status: "over" }), false);
  assert.equal(canPlan({ ...INFO, pausedAt: "2026-11-25T17:00:00Z" }), false);
  assert.equal(canPlan(null), false);
});

test("plan mode offers the plan's legal moves, out of turn too, less the planned figures", () => {
  assert.ok(OTHERS.length > 0, "the seat to act has two figures or more to plan");
  const plan = readPlan(EMPTY);
  const it = planInteraction(plan, legal.seat);
  assert.deepEqual(selectableFigures(it), legal.figures.map((f) => f.figure));
  const chosen = chooseDestination(selectFigure(it, MOVE.figure), MOVE.to);
  const action = pendingAction(chosen);
  assert.deepEqual(action, MOVE_ACTION);
  const planned = addLine(plan, action, MOVE.to);
  assert.deepEqual(selectableFigures(planInteraction(planned, legal.seat)), OTHERS);
  assert.equal(planPrompt(chosen),
    `Add the move of ${figureName(MOVE.figure)} to your plan, or choose another.`);
  const all = OTHERS.reduce((p, figure) => addLine(p, { type: "flip", figure }), planned);
  assert.equal(planPrompt(planInteraction(all, legal.seat)),
    "Each of your figures that has yet to act has a line in your plan.");
});

test("lines are added, flipped-or-not, removed, and sent as structured actions", () => {
  let plan = addLine(readPlan(EMPTY), { type: "move", figure: "red1", path: "N" }, "e2");
  plan = addLine(plan, { type: "flip", figure: "red5" });
  plan = setOrFlip(plan, 0, true);
  plan = setFlipRest(plan, true);
  assert.equal(plan.changed, true);
  assert.deepEqual(plan.lines.map(lineText), ["red 1 to e2 (N)", "flip red 5"]);
  assert.deepEqual(planRequest(plan, 12), {
    lines: [{ action: { type: "move", figure: "red1", path: "N" }, or_flip: true },
      { action: { type: "flip", figure: "red5" }, or_flip: false }],
    flip_rest: true, expected_version: 12,
  });
  plan = removeLine(plan, 0);
  assert.deepEqual(plan.lines.map(lineText), ["flip red 5"]);
  assert.equal(lineText({ action: { type: "move", figure: "red5", path: "+NN" }, to: "out" }),
    "red 5 leaves by the exit (+NN)");
});

test("an empty plan cannot be saved, and one with only \"flip the rest\" can", () => {
  const plan = readPlan(EMPTY);
  assert.equal(canSave(plan), false);
  assert.equal(canSave(setFlipRest(plan, true)), true);
  assert.equal(hasSavedPlan(plan), false);
  assert.equal(hasSavedPlan(setFlipRest(plan, true)), false);
});

test("a saved plan is read whole, with why it stopped and what it did", () => {
  const plan = readPlan({ ...SAVED, stopped: "Your planned move red 1 N can no longer be made.",
    report: "Your plan: red 1 N broke (it can no longer be made), so the plan stopped there." });
  assert.equal(plan.changed, false);
  assert.equal(plan.flipRest, true);
  assert.equal(hasSavedPlan(plan), true);
  assert.deepEqual(plan.lines,
    [{ action: SAVED.lines[0].action, orFlip: true, to: "e2", pushes: [] }]);
  assert.match(plan.stopped, /can no longer be made/);
  assert.match(plan.report, /^Your plan: red 1 N broke/);
  assert.equal(readPlan(EMPTY).report, null);
});

test("news keeps the lines being edited, less those whose figure has acted", () => {
  let editing = addLine(readPlan(EMPTY), MOVE_ACTION, MOVE.to);
  editing = addLine(editing, { type: "flip", figure: OTHERS[0] });
  const moved = { ...EMPTY,
    legal: { ...legal, figures: legal.figures.filter((f) => f.figure !== MOVE.figure) } };
  const after = readPlan(moved, editing);
  assert.equal(after.changed, true);
  assert.deepEqual(after.lines.map(lineText), [`flip ${figureName(OTHERS[0])}`]);
  assert.equal(readPlan(moved, readPlan(EMPTY)).changed, false);
});

test("plan mode shows the board after the planned moves, with an arrow for each", () => {
  const board = boardModel(fixture("view_basic").view);
  const pushing = findBy(moves, "a move that pushes a stone onto the board",
    (m) => m.to !== "out" && m.pushes.some((p) => p.to !== null));
  const figure = board.figures.find((f) => f.id === pushing.figure);
  let plan = addLine(readPlan(EMPTY), { type: "move", figure: pushing.figure, path: pushing.path },
    pushing.to, pushing.pushes);
  plan = addLine(plan, { type: "flip", figure: OTHERS[0] });
  const after = plannedBoard(board, plan.lines);
  assert.deepEqual(after.arrows, [{ figure: pushing.figure, from: figure.square, to: pushing.to }]);
  const moved = after.board.figures.find((f) => f.id === pushing.figure);
  assert.deepEqual([moved.square, moved.where, moved.moved], [pushing.to, "board", true]);
  for (const push of pushing.pushes.filter((p) => p.to !== null)) {
    assert.ok(after.board.stones.some((st) => st.square === push.to), `a stone on ${push.to}`);
  }
  assert.equal(board.figures.find((f) => f.id === pushing.figure).square, figure.square,
    "the board the plan starts from is left as it is");
  assert.deepEqual(plannedBoard(board, []).board, board);
});
