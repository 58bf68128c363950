import assert from "node:assert/strict";
import { test } from "node:test";

import { frameText, isolate, monsterCaption, playerName } from "../js/model/captions.js";
import { setCatalog } from "../js/model/i18n.js";

const board = { players: [{ seat: 0, name: "אבי", colour: "red" }, { seat: 1, name: "blue", colour: "blue" }] };

test("a player's name is isolated from the sentence around it, as <bdi> would", () => {
  assert.equal(isolate("Ann"), "\u2068Ann\u2069");
  assert.equal(playerName(board, 0), "\u2068אבי\u2069 (red)");
  assert.equal(playerName(board, 1), "blue");
  assert.equal(playerName(board, 5), "seat 5");
});

test("a stay is told by its reason: a loop (rules version 2) or four turns (version 1)", () => {
  assert.equal(monsterCaption({ type: "stay", point: 1, square: "g5", reason: "loop" }),
    "turns round in a loop and stays on g5");
  assert.equal(monsterCaption({ type: "stay", point: 1, square: "f6", reason: "four_turns" }),
    "spins round four times and stays on f6");
});

test("a caption is told in the page's language, names and colours included", () => {
  setCatalog("de", {
    "The monster {action}.": "Das Monster {action}.",
    "stops on {square} facing {direction}; it ate {figures}, who waits outside again":
      ["hält auf {square} mit Blick nach {direction}; es fraß {figures}, die wieder draußen wartet",
        "hält auf {square} mit Blick nach {direction}; es fraß {figures}, die wieder draußen warten"],
    "{first} and {last}": "{first} und {last}",
    red: "rot", blue: "blau", north: "Norden",
  });
  try {
    const done = { type: "monster_done", square: "a2", facing: "N", eaten: ["red5", "blue2"],
      fate: "outside" };
    const caption = monsterCaption(done);
    assert.equal(caption, "hält auf a2 mit Blick nach Norden; es fraß rot 5 und blau 2, die "
      + "wieder draußen warten");
    assert.equal(frameText({ actor: "monster", caption }), `Das Monster ${caption}.`);
    assert.equal(playerName(board, 0), "\u2068אבי\u2069 (rot)");
  } finally {
    setCatalog("en", {});
  }
});
