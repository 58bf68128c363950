import assert from "node:assert/strict";
import { test } from "node:test";

import {
  TAKEBACKS, createdLinks, gameSpec, heldInvitations, joinSpec, pagePath, tableSpec,
} from "../js/model/lobby.js";

const TWO = [{ name: " Ann ", email: "ann@example.com ", colour: "red" }, { name: "Bob", email: "" }];

test("the form becomes the API's create request: rules, seats, start, time per move", () => {
  const { spec, problems } = gameSpec({
    rules: "experienced", options: { three_hits: true }, seats: TWO, start: "1", hours: "1.5",
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(spec, {
    seats: [{ name: "Ann", email: "ann@example.com", colour: "red" }, { name: "Bob" }],
    options: { experienced: true, random_setup: false, three_hits: true,
      online_teleporter_rule: false, open_exit: false },
    start_seat: 1,
    move_time_limit: 5400,
  });
});

test("the game's name is sent trimmed, or not at all when empty, and at most 60 characters", () => {
  assert.equal(gameSpec({ rules: "basic", seats: TWO, title: " Friday night " }).spec.name,
    "Friday night");
  assert.equal("name" in gameSpec({ rules: "basic", seats: TWO, title: "  " }).spec, false);
  assert.match(gameSpec({ rules: "basic", seats: TWO, title: "N".repeat(61) }).problems[0],
    /at most 60 characters/);
});

test("a random start and no time limit are sent as null; an open seat takes no name", () => {
  const { spec } = gameSpec({ rules: "basic", seats: [TWO[1], { name: "x", open: true }] });
  assert.equal(spec.start_seat, null);
  assert.equal(spec.move_time_limit, null);
  assert.equal(spec.options.experienced, false);
  assert.deepEqual(spec.seats[1], { open: true });
});

test("a seat without a name, a wrong number of seats or hours is refused before sending", () => {
  assert.deepEqual(gameSpec({ rules: "basic", seats: [TWO[0], { name: " " }] }).problems,
    ["Seat 2: give the player's name, or leave the seat open."]);
  assert.match(gameSpec({ rules: "basic", seats: [TWO[0]] }).problems[0], /2 to 7 seats/);
  assert.equal(gameSpec({ rules: "basic", seats: Array(8).fill(TWO[1]) }).spec, null);
  assert.match(gameSpec({ rules: "basic", seats: TWO, hours: "soon" }).problems[0], /hours/);
  assert.match(gameSpec({ rules: "basic", seats: TWO, start: "5" }).problems[0], /start player/);
});

test("the links to hand out: each named seat, the invitation, the spectators, the creator", () => {
  const created = {
    seats: [
      { seat: 0, colour: "green", name: "Ann", open: false, link: "https://x/play/G#t=a" },
      { seat: 1, colour: "red", name: null, open: true, link: null },
    ],
    invite_code: "CODE", invite_link: "https://x/join/G#code=CODE",
    spectator_link: "https://x/play/G#t=s", creator_link: "https://x/play/G#t=c",
    creator_token: "c",
  };
  assert.deepEqual(createdLinks(created), [
    { kind: "seat", label: "Seat 1: \u2068Ann\u2069 (green)", url: "https://x/play/G#t=a" },
    { kind: "invite", label: "Invitation to the open seats (red)",
      url: "https://x/join/G#code=CODE", secret: "CODE" },
    { kind: "spectator", label: "Spectators", url: "https://x/play/G#t=s" },
    { kind: "creator", label: "You, the creator (cancel, pause)", url: "https://x/play/G#t=c",
      secret: "c" },
  ]);
});

test("the creator sees which seats' invitations were held back, and why", () => {
  const created = {
    seats: [
      { seat: 0, colour: "green", name: "Ann", open: false, link: "https://x/play/G#t=a" },
      { seat: 1, colour: "red", name: "Bob", open: false, link: "https://x/play/G#t=b" },
      { seat: 2, colour: "blue", name: null, open: true, link: null },
    ],
    held_invitations: [{ seat: 1, reason: "recipient", message: "Invitation not sent: …" }],
  };
  assert.deepEqual(heldInvitations(created), [
    { seat: 1, label: "Seat 2: \u2068Bob\u2069 (red)", reason: "recipient",
      message: "Invitation not sent: …" },
  ]);
  // The held seat's link is handed out like the others', to pass on by hand.
  assert.deepEqual(createdLinks(created).filter((l) => l.kind === "seat").map((l) => l.label),
    ["Seat 1: \u2068Ann\u2069 (green)", "Seat 2: \u2068Bob\u2069 (red)"]);
  assert.deepEqual(heldInvitations({ ...created, held_invitations: [] }), []);
});

test("the join form becomes the join request", () => {
  assert.deepEqual(joinSpec({ code: " C ", name: "Cy", email: "", seat: "" }),
    { join: { invite_code: "C", name: "Cy" }, problems: [] });
  assert.deepEqual(joinSpec({ code: "C", name: "Cy", email: "cy@example.com", seat: "2" }).join,
    { invite_code: "C", name: "Cy", email: "cy@example.com", seat: 2 });
  assert.deepEqual(joinSpec({ code: "", name: "" }).problems,
    ["Give the invite code from your invitation.", "Give your name."]);
});

test("the game's language and the joining player's language and time zone are sent", () => {
  assert.equal(gameSpec({ rules: "basic", seats: TWO, language: "pl" }).spec.language, "pl");
  assert.equal("language" in gameSpec({ rules: "basic", seats: TWO, language: "xx" }).spec, false);
  assert.deepEqual(joinSpec({ code: "C", name: "Cy", language: "de", timeZone: "Europe/Berlin" })
    .join, { invite_code: "C", name: "Cy", language: "de", time_zone: "Europe/Berlin" });
});

test("a link the service made opens on the page's own origin, fragment kept", () => {
  assert.equal(pagePath("https://ff.example/play/G1#t=abc"), "/play/G1#t=abc");
});

test("the takeback rule and the monster preview are sent as chosen", () => {
  const { spec } = gameSpec({ rules: "basic", seats: TWO, takebacks: "free", monsterPreview: true });
  assert.equal(spec.takebacks, "free");
  assert.equal(spec.monster_preview, true);
  const plain = gameSpec({ rules: "basic", seats: TWO, takebacks: "sometimes" }).spec;
  assert.equal("takebacks" in plain, false);
  assert.equal("monster_preview" in plain, false);
  assert.deepEqual(TAKEBACKS.map((m) => m.value), ["agreement", "free", "off"]);
});

test("a table is made of its name and its players, the computer among them, none open", () => {
  const { spec, problems } = tableSpec({ name: " Friday night ",
    seats: [TWO[0], { name: "", computer: "hard", open: true }], language: "de",
    takebacks: "off" });
  assert.deepEqual(problems, []);
  assert.deepEqual(spec, { name: "Friday night",
    members: [{ name: "Ann", email: "ann@example.com", colour: "red" }, { computer: "hard" }],
    language: "de", takebacks: "off" });
  assert.deepEqual(tableSpec({ name: "", seats: [TWO[0], { name: " " }] }).problems,
    ["Give the table a name.", "Player 2: give their name, or let the computer play."]);
  assert.match(tableSpec({ name: "x", seats: [TWO[0]] }).problems[0], /2 to 7 players/);
});
