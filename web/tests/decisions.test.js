import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DECISIONS, decisionLink, decisionOf } from "../js/model/decisions.js";
import { eventFrames } from "../js/model/replay.js";
import { boardModel, statusModel } from "../js/model/viewmodel.js";
import { fixture } from "./helpers.js";

const rulesPage = readFileSync(new URL("../rules.html", import.meta.url), "utf8");

function framesCovering(kind) {
  const phase = fixture("monster_phases").find((p) => p.covers.includes(kind));
  assert.ok(phase, `a fixture shows ${kind}`);
  return eventFrames({ board: boardModel(phase.before), status: statusModel(phase.before) },
    phase.events);
}

test("every decision a frame may point to is a section of the rules page", () => {
  for (const anchor of DECISIONS) assert.ok(rulesPage.includes(`<section id="${anchor}">`), anchor);
});

test("a decision's link opens the rules page in the reader's language, at its section", () => {
  assert.equal(decisionLink("teleport", "de"), "/rules?lang=de#teleport");
  assert.equal(decisionLink("d3", "en"), "/rules?lang=en#d3");
});

test("turns, loops, teleporters and pushes onto a teleporter say which decision they use", () => {
  const whys = (kind) => framesCovering(kind).map(decisionOf);
  assert.ok(whys("turning_stone").includes("d4"));
  assert.ok(whys("stay").includes("d4"));
  assert.ok(whys("teleport").includes("teleport"));
  assert.ok(whys("eat:teleporter").includes("d5"));
  assert.equal(decisionOf(framesCovering("card")[0]), null); // drawing a card needs no reason
});

test("a tie before a turning stone, and a piece slid across a pool, are pointed out", () => {
  const look = { type: "look", point: 1, square: "h6", final: false, facing: "N", turned: false,
    seen: [{ figure: "red3", square: "e6", direction: "W", distance: 3 },
      { figure: "blue3", square: "k6", direction: "E", distance: 3 }] };
  assert.equal(decisionOf({ events: [look] }), "d3");
  assert.equal(decisionOf({ events: [{ ...look, seen: look.seen.slice(0, 1) }] }), null);
  const push = { type: "push", point: 1, direction: "E",
    pieces: [{ piece: "stone", from: "f5", to: "j5" }] };
  assert.equal(decisionOf({ events: [push] }), "d11");
  assert.equal(decisionOf({ events: [{ ...push, pieces: [{ piece: "stone", from: "f5",
    to: "g5" }] }] }), null);
  assert.equal(decisionOf(null), null);
});
