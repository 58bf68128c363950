import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MOST_KEPT, STORAGE_KEY, forgetTokens, gamePath, keepGame, keepLink, keptGames, keptToken,
  myGamesRequest, nextWaiting, readMyGames, withKeptToken,
} from "../js/model/device.js";
import { createClient } from "../js/model/api.js";
import { isOn, keyBytes, markOn, needsHomeScreen, pushState } from "../js/model/push.js";

/** A Storage of a Map, as localStorage behaves. */
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

function apiGame(id, viewer, name = `Game ${id}`) {
  return { id, name, viewer, seats: [{ seat: 0, colour: "green", name: "Ann" },
    { seat: 1, colour: "red", name: "Bob" }] };
}

const at = (minute) => new Date(Date.UTC(2026, 10, 27, 12, minute));

test("keeps each game opened, the latest first, a newer token replacing the older", () => {
  const storage = memoryStorage();
  keepGame(storage, "tok-a0", apiGame("A", { kind: "seat", seat: 0 }), at(1));
  keepGame(storage, "tok-b1", apiGame("B", { kind: "seat", seat: 1 }), at(2));
  keepGame(storage, "tok-bc", apiGame("B", { kind: "creator" }), at(3));
  keepGame(storage, "tok-a0-new", apiGame("A", { kind: "seat", seat: 0 }, "Renamed"), at(4));
  const kept = keptGames(storage);
  assert.deepEqual(kept.map((g) => [g.gameId, g.token, g.kind, g.seat]), [
    ["A", "tok-a0-new", "seat", 0], ["B", "tok-bc", "creator", null], ["B", "tok-b1", "seat", 1]]);
  assert.deepEqual({ ...kept[0], lastSeen: undefined }, { gameId: "A", token: "tok-a0-new",
    kind: "seat", seat: 0, colour: "green", player: "Ann", name: "Renamed", lastSeen: undefined });
  assert.equal(kept[2].colour, "red");
  assert.deepEqual(myGamesRequest(kept).games[1], { game_id: "B", token: "tok-bc" });
});

test("a game opened without a token takes the seat's kept token, else the creator's", () => {
  const storage = memoryStorage();
  keepGame(storage, "tok-bc", apiGame("B", { kind: "creator" }), at(2));
  keepGame(storage, "tok-b1", apiGame("B", { kind: "seat", seat: 1 }), at(1));
  keepGame(storage, "tok-cc", apiGame("C", { kind: "creator" }), at(3));
  assert.equal(keptToken(storage, "B"), "tok-b1");
  assert.equal(keptToken(storage, "C"), "tok-cc");
  assert.equal(keptToken(storage, "Z"), null);
  const play = { page: "play", gameId: "B", token: null };
  assert.deepEqual(withKeptToken(storage, play), { ...play, token: "tok-b1", kept: true });
  const given = { ...play, token: "from-link" };
  assert.equal(withKeptToken(storage, given), given);
  assert.equal(withKeptToken(storage, { ...play, gameId: "Z" }).token, null);
  assert.equal(withKeptToken(storage, { page: "lobby", gameId: null, token: null }).token, null);
});

test("forgets tokens, keeps at most MOST_KEPT, and survives a broken store", () => {
  const storage = memoryStorage();
  for (let i = 0; i < MOST_KEPT + 5; i += 1) {
    keepGame(storage, `tok-${i}`, apiGame(`G${i}`, { kind: "seat", seat: 0 }), at(i));
  }
  const kept = keptGames(storage);
  assert.equal(kept.length, MOST_KEPT);
  assert.equal(kept[0].token, `tok-${MOST_KEPT + 4}`); // the least recent went first
  forgetTokens(storage, [kept[0].token, kept[1].token]);
  assert.equal(keptGames(storage).length, MOST_KEPT - 2);
  storage.setItem(STORAGE_KEY, "{not json");
  assert.deepEqual(keptGames(storage), []);
  storage.setItem(STORAGE_KEY, JSON.stringify([{ gameId: 3 }, null, "x"]));
  assert.deepEqual(keptGames(storage), []);
});

test("orders the answers: waiting for you (longest first), then under way, then over; "
  + "collects the gone", () => {
  const kept = ["W1", "A1", "W2", "F1", "X1", "A2"].map((gameId) => ({ gameId,
    token: `tok-${gameId}`, lastSeen: "2026-11-27T12:00:00Z" }));
  const answer = (game_id, since, extra = {}) => ({ game_id, gone: false, since,
    status: "active", your_move: false, ...extra });
  const { games, gone } = readMyGames(kept, { games: [
    answer("W1", "2026-11-27T10:00:00Z", { your_move: true }),
    answer("A1", "2026-11-27T09:00:00Z"),
    answer("W2", "2026-11-27T08:00:00Z", { your_move: true }),
    answer("F1", "2026-11-27T11:00:00Z", { status: "finished" }),
    { game_id: "X1", gone: true },
    answer("A2", "2026-11-27T11:30:00Z", { status: "open" }),
  ] });
  assert.deepEqual(games.map((g) => g.game_id), ["W2", "W1", "A2", "A1", "F1"]);
  assert.equal(games[0].token, "tok-W2");
  assert.deepEqual(gone, ["tok-X1"]);
  assert.equal(nextWaiting(games, "W2").game_id, "W1");
  assert.equal(nextWaiting(games, "A1").game_id, "W2");
  assert.equal(nextWaiting(games.filter((g) => g.game_id === "W1"), "W1"), null);
  assert.equal(gamePath(games[0]), "/play/W2#t=tok-W2");
});

test("an answer that does not match what is kept is left out", () => {
  const kept = [{ gameId: "A", token: "a" }];
  assert.deepEqual(readMyGames(kept, { games: [{ game_id: "B", gone: true }] }),
    { games: [], gone: [] });
});

test("the button's state: on, off, blocked, not supported, or add to the Home Screen", () => {
  const facts = { supported: true, homeScreen: false, permission: "granted", on: true };
  assert.equal(pushState(facts), "on");
  assert.equal(pushState({ ...facts, on: false }), "off");
  assert.equal(pushState({ ...facts, permission: "default" }), "off");
  assert.equal(pushState({ ...facts, permission: "denied" }), "blocked");
  assert.equal(pushState({ ...facts, supported: false }), "unsupported");
  assert.equal(pushState({ ...facts, supported: false, homeScreen: true }), "home-screen");
});

test("iOS outside the Home Screen needs it first; elsewhere, or added, it does not", () => {
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15";
  const ipad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15";
  const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124";
  assert.equal(needsHomeScreen(iphone, { standalone: false, touchPoints: 5 }), true);
  assert.equal(needsHomeScreen(iphone, { standalone: true, touchPoints: 5 }), false);
  assert.equal(needsHomeScreen(ipad, { standalone: false, touchPoints: 5 }), true);
  assert.equal(needsHomeScreen(ipad, { standalone: false, touchPoints: 0 }), false); // a Mac
  assert.equal(needsHomeScreen(android, { standalone: false, touchPoints: 5 }), false);
});

test("reads the server's key and remembers the seats turned on with a subscription", () => {
  assert.deepEqual([...keyBytes("BAEC_-8")], [4, 1, 2, 255, 239]);
  const storage = memoryStorage();
  const seats = [{ game_id: "A", seat: 0 }, { game_id: "B", seat: 1 }];
  assert.equal(isOn(storage, seats, "https://push.example/1"), false);
  markOn(storage, seats, "https://push.example/1");
  assert.equal(isOn(storage, seats, "https://push.example/1"), true);
  assert.equal(isOn(storage, seats, "https://push.example/2"), false); // a new subscription
  assert.equal(isOn(storage, seats, null), false);
  markOn(storage, [seats[1]], null);
  assert.equal(isOn(storage, seats, "https://push.example/1"), false);
  assert.equal(isOn(storage, [seats[0]], "https://push.example/1"), true);
  assert.equal(isOn(storage, [], "https://push.example/1"), false);
});

test("asks for every kept game in one POST with the tokens in its body, and for push", async () => {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, method: init.method, headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body) });
    return { status: 200, headers: { get: () => null }, json: async () => ({ games: [] }) };
  };
  const anyone = createClient({ fetch });
  const kept = { games: [{ game_id: "G1", token: "secret-1" }] };
  assert.deepEqual(await anyone.myGames(kept), { games: [] });
  const seat = createClient({ fetch, token: "seat-tok" });
  await seat.subscribePush("G1", { endpoint: "https://push.example/1", keys: {} });
  await seat.unsubscribePush("G1", "https://push.example/1");
  await seat.setPushSettings("G1", { channels: "both" });
  assert.deepEqual(requests.map((r) => [r.method, r.url, r.body]), [
    ["POST", "/api/v1/my-games", kept],
    ["PUT", "/api/v1/games/G1/push/subscription", { endpoint: "https://push.example/1", keys: {} }],
    ["DELETE", "/api/v1/games/G1/push/subscription", { endpoint: "https://push.example/1" }],
    ["PUT", "/api/v1/games/G1/push", { channels: "both" }],
  ]);
  assert.equal(requests[0].headers.Authorization, undefined); // no token in a header or URL
  assert.equal(requests[1].headers.Authorization, "Bearer seat-tok");
});

test("a link handed to the page is kept before its game is opened, and then replaced", () => {
  const storage = memoryStorage();
  assert.deepEqual(keepLink(storage, "https://ff.example/play/G2#t=tok-new", { kind: "creator",
    name: "Friday #2" }, at(1)), { gameId: "G2", token: "tok-new" });
  assert.equal(keptToken(storage, "G2"), "tok-new");
  assert.deepEqual(keptGames(storage)[0].kind, "creator");
  keepGame(storage, "tok-new", apiGame("G2", { kind: "creator" }, "Friday #2"), at(2));
  assert.equal(keptGames(storage).length, 1);
  assert.equal(keepLink(storage, "https://ff.example/sandbox/S1#t=x"), null);
  assert.equal(keepLink(storage, "not a link"), null);
});
