import assert from "node:assert/strict";
import { test } from "node:test";

import { groupEvents, logLines, readGame } from "../js/model/gamelog.js";
import { SERVICE_EVENT, eventSentence } from "../js/model/logwords.js";
import { boardModel } from "../js/model/viewmodel.js";
import { fixture } from "./helpers.js";

// A game played through the real API, and monster phases the engine played, hold an example
// of every event type the engine writes (make_fixtures.py sees to it; "stay" has a phase of
// its own there).
const api = fixture("api_game");
const { game, view } = readGame(api.seat0);
const board = boardModel(view, game);
const engineEvents = [...api.events.map((item) => item.event),
  ...fixture("game_experienced").entries.flatMap((entry) => entry.events),
  ...fixture("monster_phases").flatMap((phase) => phase.events)];

// The service's own events, in the shapes the service writes them (service/features/...:
// deadlines/expiry.py, deadlines/service.py, deadlines/pacing.py, deadlines/nudge.py,
// actions/service.py, computer/service.py, takebacks/service.py).
const SERVICE_EXAMPLES = {
  timeout: [{ type: "timeout", seat: 1, deadline: "2026-01-02T12:00:00Z" }],
  reminder: [{ type: "reminder", seat: 1, deadline: "2026-01-02T12:00:00Z" }],
  paused: [{ type: "paused", deadline: null }],
  resumed: [{ type: "resumed", paused_seconds: 60, deadline: null }],
  vacation: [{ type: "vacation", seat: 0, days: 1, days_left: 4, deadline: null },
    { type: "vacation", seat: 0, days: 2, days_left: 2, deadline: null }],
  nudged: [{ type: "nudged", seat: 1, by: 0 }, { type: "nudged", seat: 1, by: null }],
  computer: [{ type: "computer", seat: 1, level: "easy" }],
  computer_seat: ["creator", "player", "absent"].flatMap((by) => [
    { type: "computer_seat", seat: 1, level: "hard", by },
    { type: "computer_seat", seat: 1, level: null, by }]),
  takeback_asked: [{ type: "takeback_asked", seat: 0, to_version: 4, approvers: [1], request: 3 },
    { type: "takeback_asked", seat: 0, to_version: 4, approvers: [], request: 4 }],
  takeback_declined: [{ type: "takeback_declined", seat: 0, by: 1, request: 3 },
    { type: "takeback_declined", seat: 0, by: 0, request: 3 }],
};

function assertSaid(sentence, e) {
  const what = JSON.stringify(e);
  assert.equal(typeof sentence, "string", what);
  assert.match(sentence, /^\S.*[.!]$/s, `a sentence for ${what}: ${sentence}`);
  assert.doesNotMatch(sentence, /[a-z]+_[a-z]+|\{|undefined|null|NaN/,
    `no internal name in the sentence for ${what}: ${sentence}`);
  assert.ok(!sentence.toLowerCase().startsWith(`${e.type}`), `${what}: ${sentence}`);
}

test("every event type of the engine has a sentence, with no internal name in it", () => {
  for (const type of fixture("event_types")) {
    const examples = engineEvents.filter((e) => e.type === type);
    assert.ok(examples.length, `the fixtures hold a ${type} event`);
    for (const e of examples) assertSaid(eventSentence(e, board), e);
  }
});

test("every event type of the service has a sentence, with no internal name in it", () => {
  const types = fixture("service_event_types");
  assert.deepEqual(Object.values(SERVICE_EVENT).sort(), types);
  for (const type of types) {
    assert.ok(SERVICE_EXAMPLES[type], `an example of the service's ${type} event`);
    for (const e of SERVICE_EXAMPLES[type]) assertSaid(eventSentence(e, board), e);
  }
});

test("the log says a pause and a seat handed to the computer in words", () => {
  const items = [
    { seq: 1, version: 3, action_seq: null, event: { type: "paused", deadline: null } },
    { seq: 2, version: 3, action_seq: null,
      event: { type: "computer_seat", seat: 1, level: "normal", by: "player" } },
    { seq: 3, version: 3, action_seq: null,
      event: { type: "computer_seat", seat: 1, level: null, by: "player" } },
  ];
  const lines = logLines(groupEvents(items), new Map(), board);
  assert.deepEqual(lines.map((l) => l.text), [
    "The game was paused. \u2068Bob\u2069 (red) handed the seat to the computer (normal). "
      + "\u2068Bob\u2069 (red) took the seat back from the computer.",
  ]);
});

test("an action whose record is not read yet is told by its events", () => {
  const items = api.events.filter((item) => item.action_seq === 3);
  const [line] = logLines(groupEvents(items), new Map(), board);
  assert.match(line.text, /^\u2068Ann\u2069 \(green\) brings green 4 in to p8 \(\+NNN\)\. The game flips green 1/);
});

test("a takeback asked, refused, withdrawn and made reads as what happened", () => {
  const said = (e) => eventSentence(e, board);
  assert.equal(said({ type: "takeback_asked", seat: 0, to_version: 4, approvers: [1] }),
    "\u2068Ann\u2069 (green) asked to take back their last move; \u2068Bob\u2069 (red) may "
    + "agree or say no.");
  assert.equal(said({ type: "takeback_declined", seat: 0, by: 1 }),
    "\u2068Bob\u2069 (red) said no: the move of \u2068Ann\u2069 (green) stays.");
  assert.equal(said({ type: "takeback_declined", seat: 0, by: 0 }),
    "\u2068Ann\u2069 (green) withdrew their request to take back a move.");
  const made = api.events.map((i) => i.event).find((e) => e.type === "takeback");
  assert.match(said(made), /took back their move/);
});
