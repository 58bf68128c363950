import assert from "node:assert/strict";
import { test } from "node:test";

import { createClient } from "../js/model/api.js";
import { dailyWords, HOURS, hourLabel, modeOf } from "../js/model/daily.js";
import { homeLines } from "../js/model/home.js";

const CHOICE = { email: "ann@example.com", daily: true, hour: 8, time_zone: "Europe/Berlin",
  language: "en" };

test("offers every hour of the day, written as the reader writes it", () => {
  assert.deepEqual([HOURS.length, HOURS[0], HOURS[23]], [24, 0, 23]);
  assert.equal(hourLabel(8, "en").replace(/\s/g, " "), "8:00 AM");
  assert.equal(hourLabel(19, "de"), "19:00");
});

test("says what the player gets: one mail a day at its hour, or each game's own mails", () => {
  assert.equal(modeOf(CHOICE), "daily");
  assert.equal(modeOf({ ...CHOICE, daily: false }), "per_game");
  const words = dailyWords(CHOICE).replace(/\s/g, " ");
  assert.match(words, /^At 8:00 AM \(Europe\/Berlin\) one mail lists every game waiting for your move/);
  assert.match(words, /The end of a game and invitations still come on their own/);
  assert.equal(dailyWords({ ...CHOICE, daily: false }),
    "Each game mails you as its own email setting says.");
});

test("the home page's lines carry the address's choice", () => {
  const lines = homeLines({ email: "ann@example.com", expires_at: "2026-12-02T12:00:00Z",
    games: [], daily_mail: CHOICE });
  assert.deepEqual(lines.dailyMail, CHOICE);
});

test("the client reads and sets the choice with a seat's token, and with a home token", async () => {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, method: init.method, auth: init.headers.Authorization,
      body: init.body === undefined ? undefined : JSON.parse(init.body) });
    return { status: 200, headers: { get: () => null }, json: async () => CHOICE };
  };
  const seat = createClient({ fetch, token: "seat" });
  assert.deepEqual(await seat.dailyMail("G1"), CHOICE);
  await seat.setDailyMail("G1", { daily: true });
  await createClient({ fetch, token: "home" }).setHomeDailyMail({ hour: 7 });
  assert.deepEqual(requests.map((r) => [r.method, r.url, r.auth, r.body]), [
    ["GET", "/api/v1/games/G1/daily-mail", "Bearer seat", undefined],
    ["PUT", "/api/v1/games/G1/daily-mail", "Bearer seat", { daily: true }],
    ["PUT", "/api/v1/home/daily-mail", "Bearer home", { hour: 7 }],
  ]);
});
