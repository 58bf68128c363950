import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ApiError, createClient, positionLink, readFragment, route,
} from "../js/model/api.js";

/** A fake `fetch` that answers from a list and records each request. */
function fakeFetch(...answers) {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, ...init, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    const { status = 200, body = null, headers = {} } = next;
    return {
      status,
      statusText: "",
      headers: { get: (name) => headers[name] ?? null },
      json: async () => {
        if (body === null) throw new SyntaxError("Unexpected end of JSON input");
        return body;
      },
    };
  };
  return { fetch, requests };
}

const ERROR = (code, message, details = {}) => ({ error: { code, message, details } });

test("reads the token, the invite code, a home token and a confirmation code from a link's fragment", () => {
  const none = { token: null, code: null, home: null, confirm: null, at: null };
  assert.deepEqual(readFragment("#t=abc-_1"), { ...none, token: "abc-_1" });
  assert.deepEqual(readFragment("code=XYZ"), { ...none, code: "XYZ" });
  assert.deepEqual(readFragment("#h=H1"), { ...none, home: "H1" });
  assert.deepEqual(readFragment("#c=C1"), { ...none, confirm: "C1" });
  assert.deepEqual(readFragment(""), none);
  assert.deepEqual(readFragment("#t=abc&v=12"), { ...none, token: "abc", at: 12 });
  assert.equal(readFragment("#t=abc&v=twelve").at, null);
});

test("a position's link is the page's own with the game version beside the token", () => {
  const link = positionLink("https://ff.example/play/G1#t=abc", 12);
  assert.equal(link, "https://ff.example/play/G1#t=abc&v=12");
  assert.equal(positionLink(link, 3), "https://ff.example/play/G1#t=abc&v=3");
  assert.deepEqual(route("/play/G1", "", new URL(link).hash).at, 12);
});

test("routes the lobby, a game, joining, home and the demos", () => {
  const none = { token: null, code: null, home: null, confirm: null, demo: null, at: null };
  assert.equal(route("/", "", "").page, "lobby");
  assert.deepEqual(route("/play/G1", "", "#t=tok"),
    { ...none, page: "play", gameId: "G1", token: "tok" });
  assert.deepEqual(route("/join/G1", "", "#code=C"),
    { ...none, page: "join", gameId: "G1", code: "C" });
  assert.deepEqual(route("/home", "", "#h=H"), { ...none, page: "home", gameId: null, home: "H" });
  assert.equal(route("/home", "", "#c=C").confirm, "C");
  assert.equal(route("/", "?demo=basic", "").demo, "basic");
  assert.equal(route("/nothing/here", "", "").page, "unknown");
});

test("sends the token as a bearer token and reads a game with its ETag", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { id: "G1", version: 3 }, headers: { ETag: 'W/"G1.3"' } });
  const client = createClient({ fetch, token: "tok" });
  const read = await client.readGame("G1");
  assert.deepEqual(read, { changed: true, game: { id: "G1", version: 3 }, etag: 'W/"G1.3"' });
  assert.equal(requests[0].url, "/api/v1/games/G1");
  assert.equal(requests[0].method, "GET");
  assert.equal(requests[0].headers.Authorization, "Bearer tok");
  assert.equal(requests[0].headers["If-None-Match"], undefined);
});

test("a conditional read sends If-None-Match and takes 304 as no change", async () => {
  const { fetch, requests } = fakeFetch({ status: 304 });
  const client = createClient({ fetch, token: "tok" });
  const read = await client.readGame("G1", 'W/"G1.3"');
  assert.deepEqual(read, { changed: false, game: null, etag: 'W/"G1.3"' });
  assert.equal(requests[0].headers["If-None-Match"], 'W/"G1.3"');
});

test("a submission names the expected version and carries a new idempotency key", async () => {
  const keys = ["k1", "k2"];
  const { fetch, requests } = fakeFetch({ status: 201, body: { game: {} } },
    { status: 201, body: { game: {} } });
  const client = createClient({ fetch, token: "tok", newKey: () => keys.shift() });
  const action = { type: "move", figure: "red5", path: "+WWNN" };
  await client.submit("G1", action, 7);
  await client.submit("G1", action, 8);
  assert.equal(requests[0].url, "/api/v1/games/G1/actions");
  assert.equal(requests[0].method, "POST");
  assert.deepEqual(requests[0].body, { expected_version: 7, action });
  assert.equal(requests[0].headers["Content-Type"], "application/json");
  assert.deepEqual(requests.map((r) => r.headers["Idempotency-Key"]), ["k1", "k2"]);
});

test("a retry may send the same idempotency key again", async () => {
  const { fetch, requests } = fakeFetch({ status: 201, body: {} });
  const client = createClient({ fetch, token: "tok", newKey: () => "fresh" });
  await client.submit("G1", { type: "flip", figure: "red5" }, 2, "same-key");
  assert.equal(requests[0].headers["Idempotency-Key"], "same-key");
});

test("a refusal becomes an ApiError with the server's code, details and status, in players' "
  + "words", async () => {
  const current = { id: "G1", version: 9 };
  const { fetch } = fakeFetch(
    { status: 409, body: ERROR("game/stale_version", "The game is at version 9.", { game: current }) },
    { status: 422, body: ERROR("move/illegal", "red 5 cannot go +W: a wall.") });
  const client = createClient({ fetch, token: "tok" });
  await assert.rejects(client.submit("G1", {}, 8), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.code, "game/stale_version");
    assert.equal(error.serverMessage, "The game is at version 9.");
    assert.equal(error.message, "The game moved on while you were choosing. Choose again.",
      "the message is for players (model/errors.js)");
    assert.deepEqual(error.details.game, current);
    assert.equal(error.isStale, true);
    return true;
  });
  await assert.rejects(client.submit("G1", {}, 9), (error) => error.code === "move/illegal"
    && error.status === 422 && !error.isStale);
});

test("an answer that is not our error shape, or no answer, is still a typed error", async () => {
  const { fetch } = fakeFetch({ status: 502 }, new TypeError("Failed to fetch"));
  const client = createClient({ fetch, token: "tok" });
  await assert.rejects(client.readGame("G1"),
    (e) => e instanceof ApiError && e.status === 502 && e.code === "http/unexpected");
  await assert.rejects(client.readGame("G1"),
    (e) => e instanceof ApiError && e.status === 0 && e.code === "network/unreachable"
      && e.serverMessage.includes("Failed to fetch")
      && e.message === "The server cannot be reached: check your connection.");
});

test("creating and joining send no token and expect 201", async () => {
  const { fetch, requests } = fakeFetch({ status: 201, body: { creator_token: "c" } },
    { status: 201, body: { token: "s" } }, { status: 200, body: {} });
  const client = createClient({ fetch });
  assert.deepEqual(await client.createGame({ seats: [] }), { creator_token: "c" });
  assert.deepEqual(await client.joinGame("G 1", { invite_code: "X", name: "Cy" }), { token: "s" });
  assert.equal(requests[0].headers.Authorization, undefined);
  assert.equal(requests[1].url, "/api/v1/games/G%201/join");
  await assert.rejects(client.createGame({}), (e) => e.code === "http/unexpected");
});

test("eventsSince follows the cursor page after page", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { items: [{ seq: 1 }, { seq: 2 }], next_after: 2, has_more: true, version: 5 } },
    { body: { items: [{ seq: 3 }], next_after: 3, has_more: false, version: 5 } });
  const client = createClient({ fetch, token: "tok" });
  const all = await client.eventsSince("G1", 0);
  assert.deepEqual(all.items.map((e) => e.seq), [1, 2, 3]);
  assert.equal(all.next_after, 3);
  assert.deepEqual(requests.map((r) => r.url), [
    "/api/v1/games/G1/events?after=0&limit=500", "/api/v1/games/G1/events?after=2&limit=500",
  ]);
});

test("webhooks and notification settings go to their addresses", async () => {
  const { fetch, requests } = fakeFetch({ body: { items: [] } },
    { status: 201, body: { id: 4, secret: "s" } }, { status: 204 },
    { body: { email_mode: "my_turn" } }, { body: { answers: "every" } });
  const client = createClient({ fetch, token: "tok" });
  await client.webhooks("G1");
  await client.addWebhook("G1", { url: "https://example.com/hook" });
  assert.equal(await client.deleteWebhook("G1", 4), undefined);
  await client.setNotifications("G1", "my_turn");
  await client.setAnswers("G1", "every");
  assert.deepEqual(requests.map((r) => `${r.method} ${r.url}`), [
    "GET /api/v1/games/G1/webhooks", "POST /api/v1/games/G1/webhooks",
    "DELETE /api/v1/games/G1/webhooks/4", "PUT /api/v1/games/G1/notifications",
    "PUT /api/v1/games/G1/notifications",
  ]);
  assert.deepEqual(requests[3].body, { email_mode: "my_turn" });
  assert.deepEqual(requests[4].body, { answers: "every" });
});

test("table talk: read after a cursor, post a text, mute a seat", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { items: [], next_after: 3, has_more: false, version: 5, muted: [] } },
    { status: 201, body: { seq: 4, text: "hi" } }, { body: { seat: 1, muted: true } },
    { status: 429, body: ERROR("talk/too_many", "Wait 300 seconds.", { retry_after: 300 }) });
  const client = createClient({ fetch, token: "tok" });
  await client.messages("G1", 3);
  assert.deepEqual(await client.postMessage("G1", "hi"), { seq: 4, text: "hi" });
  assert.deepEqual(await client.setMute("G1", 1, true), { seat: 1, muted: true });
  await assert.rejects(client.postMessage("G1", "again"),
    (e) => e.code === "talk/too_many" && e.message === "Wait 300 seconds.");
  assert.deepEqual(requests.map((r) => `${r.method} ${r.url}`), [
    "GET /api/v1/games/G1/messages?after=3&limit=100", "POST /api/v1/games/G1/messages",
    "PUT /api/v1/games/G1/seats/1/mute", "POST /api/v1/games/G1/messages",
  ]);
  assert.deepEqual(requests[1].body, { text: "hi" });
  assert.deepEqual(requests[2].body, { muted: true });
});

test("a turn plan is read, saved and cancelled at the game's plan address", async () => {
  const plan = { lines: [], flip_rest: true, game_turn: 1, stopped: null, legal: {} };
  const { fetch, requests } = fakeFetch({ body: plan }, { body: plan }, { status: 204 });
  const client = createClient({ fetch, token: "tok" });
  assert.deepEqual(await client.plan("G1"), plan);
  await client.savePlan("G1", { lines: [], flip_rest: true, expected_version: 3 });
  assert.equal(await client.cancelPlan("G1"), undefined);
  assert.deepEqual(requests.map((r) => `${r.method} ${r.url}`), [
    "GET /api/v1/games/G1/plan", "PUT /api/v1/games/G1/plan", "DELETE /api/v1/games/G1/plan",
  ]);
  assert.deepEqual(requests[1].body, { lines: [], flip_rest: true, expected_version: 3 });
  assert.equal(requests[0].headers.Authorization, "Bearer tok");
});

test("the table's calls go to their addresses, with the versions they were chosen on", async () => {
  const answers = Array.from({ length: 17 }, () => ({ status: 200, body: {} }));
  for (const i of [1, 4, 7, 8, 11]) answers[i] = { status: 201, body: {} };
  answers.push({ status: 200, body: null, headers: {} });
  const { fetch, requests } = fakeFetch(...answers);
  const client = createClient({ fetch, token: "tok" });
  await client.takeback("G1");
  await client.askTakeback("G1", 12);
  await client.answerTakeback("G1", false, 12);
  await client.withdrawTakeback("G1");
  await client.askRematch("G1");
  await client.answerRematch("G1", true);
  await client.gameTable("G1");
  await client.rematchLinks("G1");
  await client.openSandbox("G1", 4);
  await client.sandboxMonster("S1", 9, null);
  await client.sandboxComputer("S1", 9, { 1: "easy" });
  await client.importRecord({ format: "x" });
  await client.sandboxBack("S1", 10, 3);
  await client.preview("G1", null);
  await client.saveNote("G1", "hm");
  await client.readTable("T1");
  await client.sandboxAction("S1", 2, { type: "flip", figure: "red5" });
  assert.deepEqual(requests.map((r) => `${r.method} ${r.url}`), [
    "GET /api/v1/games/G1/takeback", "POST /api/v1/games/G1/takeback",
    "POST /api/v1/games/G1/takeback/answer", "DELETE /api/v1/games/G1/takeback",
    "POST /api/v1/games/G1/rematch", "POST /api/v1/games/G1/rematch/answer",
    "GET /api/v1/games/G1/table", "POST /api/v1/games/G1/rematch/links",
    "POST /api/v1/games/G1/sandbox", "POST /api/v1/sandboxes/S1/monster",
    "PUT /api/v1/sandboxes/S1/computer", "POST /api/v1/sandboxes",
    "POST /api/v1/sandboxes/S1/back", "POST /api/v1/games/G1/preview", "PUT /api/v1/games/G1/note",
    "GET /api/v1/tables/T1", "POST /api/v1/sandboxes/S1/actions",
  ]);
  const bodies = requests.map((r) => r.body);
  assert.deepEqual(bodies[1], { expected_version: 12 });
  assert.deepEqual(bodies[2], { agree: false, expected_version: 12 });
  assert.deepEqual(bodies[4], {});
  assert.deepEqual(bodies[8], { version: 4 });
  assert.deepEqual(bodies[9], { expected_version: 9 }, "no card: the pile turns one up");
  assert.deepEqual(bodies[10], { expected_version: 9, seats: { 1: "easy" } });
  assert.deepEqual(bodies[11], { record: { format: "x" } });
  assert.deepEqual(bodies[12], { expected_version: 10, version: 3 });
  assert.deepEqual(bodies[13], {}, "no move chosen: the board as it is");
  assert.ok(requests.every((r) => r.headers.Authorization === "Bearer tok"));
});

test("a record is read as text with the file name the service gives", async () => {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, accept: init.headers.Accept });
    return { status: 200, headers: { get: (name) => (name === "Content-Disposition"
      ? 'attachment; filename="Friday-G1.txt"' : null) }, text: async () => "  1. Ann: ..." };
  };
  const record = await createClient({ fetch, token: "tok" }).record("G1", "text");
  assert.deepEqual(record, { body: "  1. Ann: ...", type: "text/plain",
    fileName: "Friday-G1.txt" });
  assert.deepEqual(requests, [{ url: "/api/v1/games/G1/record?format=text", accept: "text/plain" }]);
});

test("a sandbox's and a table's addresses are their own pages", () => {
  assert.deepEqual([route("/sandbox/S1", "", "#t=x").page, route("/sandbox/S1", "", "#t=x").gameId],
    ["sandbox", "S1"]);
  assert.equal(route("/table/T1", "", "#t=y").page, "table");
  assert.equal(route("/table/T1", "", "#t=y").token, "y");
});
