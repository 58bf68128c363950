import { test } from "node:test";
import assert from "node:assert/strict";

import { createClient } from "../js/model/api.js";
import { TIME_LIMITS, duration } from "../js/view/host.js";

test("a time per move reads in days, hours and minutes", () => {
  assert.equal(duration(null), "no limit");
  assert.equal(duration(60), "1 minute");
  assert.equal(duration(3600), "1 hour");
  assert.equal(duration(4 * 3600), "4 hours");
  assert.equal(duration(86400 + 12 * 3600 + 120), "1 day 12 hours 2 minutes");
  assert.equal(duration(7 * 86400), "7 days");
});

test("every time offered is one the API takes (a minute to 30 days, or none)", () => {
  for (const seconds of TIME_LIMITS) {
    assert.ok(seconds === null || (seconds >= 60 && seconds <= 30 * 86400), String(seconds));
  }
});

test("the host's calls go to their addresses with the creator's token", async () => {
  const sent = [];
  const fetch = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body && JSON.parse(init.body),
      auth: init.headers.Authorization });
    const status = url.endsWith("/invite") ? 201 : url.endsWith("/ping") ? 202 : 200;
    return { status, headers: new Map(), json: async () => ({ id: "G1" }) };
  };
  const client = createClient({ fetch, token: "creator-token" });
  await client.hostAction("G1", "pause");
  await client.setMoveTimeLimit("G1", null);
  await client.inviteToSeat("G1", 1);
  await client.pingWebhook("G1", 7);
  await client.webhookDeliveries("G1", 7, 12);
  assert.deepEqual(sent.map((r) => `${r.method} ${r.url}`), [
    "POST /api/v1/games/G1/pause",
    "PUT /api/v1/games/G1/move-time-limit",
    "POST /api/v1/games/G1/seats/1/invite",
    "POST /api/v1/games/G1/webhooks/7/ping",
    "GET /api/v1/games/G1/webhooks/7/deliveries?after=12&limit=100",
  ]);
  assert.deepEqual(sent[1].body, { move_time_limit: null });
  assert.ok(sent.every((r) => r.auth === "Bearer creator-token"));
  await assert.rejects(client.hostAction("G1", "delete"), /no host action delete/);
});
