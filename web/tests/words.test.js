import { test } from "node:test";
import assert from "node:assert/strict";

import { setCatalog } from "../js/model/i18n.js";
import { seatLabel, spanWords, when, zoneOf } from "../js/view/words.js";

const bare = (text) => text.replace(/[\u2066-\u2069]/g, "");

test("an API time reads as in the mails, in the seat's time zone", () => {
  assert.equal(when("2026-11-25T15:40:09.123456Z", "UTC"), "Wed, Nov 25, 3:40 PM UTC");
  assert.match(when("2026-11-25T15:40:09Z", "America/New_York"), /^Wed, Nov 25, 10:40\sAM EST$/);
  assert.equal(when(null, "UTC"), "");
});

test("a viewer without a time zone reads times in the browser's", () => {
  assert.equal(zoneOf({ kind: "seat", seat: 0, time_zone: "Europe/Berlin" }), "Europe/Berlin");
  assert.equal(zoneOf({ kind: "creator", seat: null, time_zone: null }), null);
  assert.equal(zoneOf({ kind: "spectator", seat: null }), null);
});

test("a span of time reads in its largest units, as many as asked", () => {
  assert.equal(spanWords(86400 + 12 * 3600 + 120), "1 day 12 hours 2 minutes");
  assert.equal(spanWords(86400 + 12 * 3600 + 120, 2), "1 day 12 hours");
  assert.equal(spanWords(59), "");
});

test("a seat is named by its player, or its number while open, and its colour", () => {
  assert.equal(bare(seatLabel({ seat: 1, name: "Bob", colour: "red" })), "Bob (red)");
  assert.equal(bare(seatLabel({ seat: 2, name: null, colour: "blue" })), "Seat 3 (blue)");
});

test("labels and counts read in the page's language, and in English without its texts", () => {
  setCatalog("de", { green: "grün", "{name} ({colour})": "{name} ({colour})",
    "{n} day": ["{n} Tag", "{n} Tage"] });
  try {
    assert.equal(bare(seatLabel({ seat: 1, name: "Bob", colour: "red" })), "Bob (red)",
      "a colour the catalog lacks stays English");
    assert.equal(bare(seatLabel({ seat: 0, name: "Ann", colour: "green" })), "Ann (grün)");
    assert.equal(spanWords(2 * 86400), "2 Tage");
  } finally {
    setCatalog("en", {});
  }
});

test("a seat's label can leave its name plain, for the labels of buttons", () => {
  assert.equal(seatLabel({ seat: 1, name: "Bob", colour: "red" }, { isolated: false }),
    "Bob (red)");
});
