import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MAX_FAILURES, POLL_MS, RETRY_MS, RETRY_STREAM_EVERY, startLive,
} from "../js/model/live.js";

/** A clock whose timers run when the test says. */
function fakeClock() {
  const timers = [];
  return {
    timers,
    schedule(what, ms) {
      const timer = { what, ms, done: false };
      timers.push(timer);
      return timer;
    },
    cancel(timer) {
      if (timer) timer.done = true;
    },
    /** Run the pending timers (not the ones they set); return their delays. */
    async tick() {
      const due = timers.filter((t) => !t.done);
      for (const t of due) t.done = true;
      for (const t of due) await t.what();
      return due.map((t) => t.ms);
    },
  };
}

/** An EventSource stand-in that remembers every source made. */
function fakeSources() {
  const made = [];
  class Source {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.listeners = {};
      this.closed = false;
      made.push(this);
    }
    addEventListener(type, listener) {
      (this.listeners[type] ??= []).push(listener);
    }
    emit(type, data = "{}") {
      for (const listener of this.listeners[type] ?? []) listener({ data });
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    refuse() { // the server answered 401 or 503: the browser gives up on this source
      this.readyState = 2;
      this.onerror?.();
    }
    drop() { // the connection broke: the browser reconnects by itself
      this.readyState = 0;
      this.onerror?.();
    }
    close() {
      this.closed = true;
    }
  }
  return { Source, made };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a page with EventSource opens the stream with a ticket and reads on each event", async () => {
  const clock = fakeClock();
  const { Source, made } = fakeSources();
  let reads = 0;
  let tickets = 0;
  const live = startLive({
    ticket: async () => ({ url: `/live?ticket=${++tickets}` }),
    onNews: async () => { reads += 1; },
    EventSource: Source, schedule: clock.schedule, cancel: clock.cancel,
  });
  await settle();
  assert.equal(made.length, 1);
  assert.equal(made[0].url, "/live?ticket=1");
  made[0].open();
  made[0].emit("game");
  await settle();
  assert.equal(reads, 1);
  assert.equal(live.mode(), "stream");
  assert.deepEqual(clock.timers.filter((t) => !t.done), [], "no polling while streaming");
  made[0].drop(); // the browser reconnects this one itself
  assert.equal(made.length, 1);
  live.stop();
  assert.ok(made[0].closed);
});

test("a refused stream gets a new ticket; after repeated failures the page polls", async () => {
  const clock = fakeClock();
  const { Source, made } = fakeSources();
  let reads = 0;
  const live = startLive({
    ticket: async () => ({ url: "/live" }), onNews: async () => { reads += 1; },
    EventSource: Source, schedule: clock.schedule, cancel: clock.cancel,
  });
  await settle();
  for (let failure = 1; failure < MAX_FAILURES; failure += 1) {
    made.at(-1).refuse();
    assert.deepEqual(await clock.tick(), [RETRY_MS]); // opens again with a new ticket
    await settle();
    assert.equal(made.length, failure + 1);
  }
  made.at(-1).refuse();
  assert.equal(live.mode(), "poll");
  for (let poll = 1; poll < RETRY_STREAM_EVERY; poll += 1) {
    assert.deepEqual(await clock.tick(), [POLL_MS]);
  }
  assert.equal(reads, RETRY_STREAM_EVERY - 1);
  await clock.tick(); // the tenth poll tries the stream again
  await settle();
  assert.equal(made.length, MAX_FAILURES + 1);
  made.at(-1).open();
  assert.equal(live.mode(), "stream");
  assert.deepEqual(clock.timers.filter((t) => !t.done), [], "polling stopped");
});

test("without EventSource the page polls", async () => {
  const clock = fakeClock();
  let reads = 0;
  const live = startLive({
    ticket: async () => assert.fail("no ticket without a stream"),
    onNews: async () => { reads += 1; }, EventSource: null,
    schedule: clock.schedule, cancel: clock.cancel,
  });
  assert.equal(live.mode(), "poll");
  await clock.tick();
  await clock.tick();
  assert.equal(reads, 2);
});

test("news that comes while the page reads makes one more read, never two at once", async () => {
  const clock = fakeClock();
  const { Source, made } = fakeSources();
  let running = 0;
  let most = 0;
  let reads = 0;
  let release;
  startLive({
    ticket: async () => ({ url: "/live" }),
    onNews: async () => {
      running += 1;
      most = Math.max(most, running);
      reads += 1;
      if (reads === 1) await new Promise((resolve) => { release = resolve; });
      running -= 1;
    },
    EventSource: Source, schedule: clock.schedule, cancel: clock.cancel,
  });
  await settle();
  made[0].emit("game");
  made[0].emit("game");
  made[0].emit("game");
  release();
  await settle();
  await settle();
  assert.equal(most, 1);
  assert.equal(reads, 2);
});

test("a read that fails while streaming is tried again", async () => {
  const clock = fakeClock();
  const { Source, made } = fakeSources();
  let reads = 0;
  startLive({
    ticket: async () => ({ url: "/live" }),
    onNews: async () => {
      reads += 1;
      if (reads === 1) throw new Error("offline");
    },
    EventSource: Source, schedule: clock.schedule, cancel: clock.cancel,
  });
  await settle();
  made[0].open();
  made[0].emit("game");
  await settle();
  assert.equal(reads, 1);
  assert.deepEqual(await clock.tick(), [RETRY_MS]);
  assert.equal(reads, 2);
  assert.deepEqual(clock.timers.filter((t) => !t.done), [], "no retry after a success");
});

test("each event is news; a ticket that says the game changed, or that the table has "
  + "messages, is news too", async () => {
  const clock = fakeClock();
  const { Source, made } = fakeSources();
  const heard = [];
  const answers = [{ url: "/live?1", messages: 0, changed: false },
    { url: "/live?2", messages: 3, changed: false }, { url: "/live?3", messages: 3, changed: true }];
  const live = startLive({
    ticket: async () => answers.shift(), onNews: async (news) => { heard.push(news); },
    EventSource: Source, schedule: clock.schedule, cancel: clock.cancel,
  });
  await settle();
  made[0].open();
  assert.deepEqual(heard, [], "a ticket that saw nothing new: no read");
  made[0].emit("game", JSON.stringify({ version: 7, messages: 2 }));
  await settle();
  made[0].emit("game", "not json");
  await settle();
  made[0].refuse(); // a new ticket: the table has messages
  await clock.tick();
  await settle();
  made[1].refuse(); // and another: the game changed while the page had no stream
  await clock.tick();
  await settle();
  assert.deepEqual(heard, [
    { version: 7, messages: 2 },
    { version: null, messages: null },
    { table: true },
    null,
  ]);
  assert.deepEqual(made.map((source) => source.url), ["/live?1", "/live?2", "/live?3"]);
  live.stop();
});
