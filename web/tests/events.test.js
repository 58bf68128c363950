import assert from "node:assert/strict";
import { test } from "node:test";

import { EVENT } from "../js/model/events.js";
import { fixture } from "./helpers.js";

test("the page knows exactly the engine's event types", () => {
  assert.deepEqual(Object.values(EVENT).sort(), fixture("event_types"));
});

test("every event type of the engine has its own name on the page", () => {
  for (const [name, type] of Object.entries(EVENT)) assert.equal(name, type.toUpperCase());
});
