import assert from "node:assert/strict";
import { test } from "node:test";

import { stillAsked, takebackPanel } from "../js/model/takeback.js";

const info = (seat, extra = {}) => ({ status: "active", version: 7,
  viewer: seat === null ? { kind: "spectator" } : { kind: "seat", seat }, ...extra });
const request = (changes = {}) => ({ id: 1, seat: 0, status: "asked", asked_version: 7,
  to_version: 5, undoes: [{ seat: 0, version: 6, notation: "green 5 +NN" },
    { seat: 1, version: 7, notation: "red 4 +W" }], approvers: [1, 2], answers: {}, ...changes });
const state = (changes = {}) => ({ mode: "agreement", request: null, may_ask: false,
  why_not: null, would_undo: [], ...changes });

test("a seat that may ask is offered what it would take back and whom it asks", () => {
  const undo = [{ seat: 0, version: 7, notation: "green 5 +NN" }];
  const panel = takebackPanel(state({ may_ask: true, would_undo: undo, needs: [1] }), info(0));
  assert.equal(panel.shown, true);
  assert.deepEqual(panel.ask, { undo, needs: [1] });
  assert.equal(panel.answer, null);
  assert.deepEqual(takebackPanel(state({ may_ask: true, would_undo: undo }), info(0)).ask.needs,
    [], "free: no one is asked");
});

test("nothing shows when the rule is off, the game is not under way, or there is nothing", () => {
  assert.equal(takebackPanel(state({ mode: "off", may_ask: true }), info(0)).shown, false);
  assert.equal(takebackPanel(state({ may_ask: true }), info(0, { status: "finished" })).shown,
    false);
  assert.equal(takebackPanel(state(), info(0)).shown, false);
  assert.equal(takebackPanel(null, info(0)).shown, false);
});

test("a request asks each approver who has not answered; the asker waits; others see a line", () => {
  const asked = state({ request: request({ answers: { 2: true } }) });
  const bob = takebackPanel(asked, info(1));
  assert.equal(bob.answer, asked.request);
  assert.equal(bob.ask, null);
  const cy = takebackPanel(asked, info(2));
  assert.equal(cy.answer, null, "Cy has agreed already");
  assert.deepEqual(cy.line.seats, [1]);
  const ann = takebackPanel({ ...asked, may_ask: true }, info(0));
  assert.deepEqual(ann.waiting.seats, [1]);
  assert.equal(ann.ask, null, "one request at a time");
  assert.deepEqual(takebackPanel(asked, info(null)).line.seats, [1]);
  assert.deepEqual(stillAsked(request()), [1, 2]);
});

test("a request of an older version has lapsed: nobody is asked any more", () => {
  const old = state({ request: request({ asked_version: 6 }) });
  assert.equal(takebackPanel(old, info(1)).shown, false);
  assert.equal(takebackPanel({ ...old, may_ask: true }, info(1)).ask !== null, true);
});

test("a no is told to the asker while the game stays where it was", () => {
  const said = state({ request: request({ status: "declined", answers: { 2: true, 1: false } }) });
  assert.deepEqual(takebackPanel(said, info(0)).declined, { by: 1 });
  assert.equal(takebackPanel(said, info(1)).shown, false);
  assert.equal(takebackPanel(said, info(0, { version: 8 })).shown, false);
});
