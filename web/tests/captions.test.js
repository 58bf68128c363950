import assert from "node:assert/strict";
import { test } from "node:test";

import {
  frameText, isolate, monsterCaption, playerCaption, playerName, pushedStone,
} from "../js/model/captions.js";
import { setCatalog } from "../js/model/i18n.js";
import { eventFrames } from "../js/model/replay.js";

const board = { players: [{ seat: 0, name: "אבי", colour: "red" }, { seat: 1, name: "blue", colour: "blue" }] };

/** A scene of `board` with red 3 waiting outside, for events to happen on. */
function scene() {
  return {
    board: { ...board, figures: [{ id: "red3", where: "outside", face: "coloured", shows: 3 }],
      stones: [], pools: [], teleporters: [], monster: { square: "a1", facing: "E" } },
    status: { discard: [] },
  };
}

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
    red: "Rot", "figure\u0004red": "rot", "figure\u0004blue": "blau", north: "Norden",
  });
  try {
    const done = { type: "monster_done", square: "a2", facing: "N", eaten: ["red5", "blue2"],
      fate: "outside" };
    const caption = monsterCaption(done);
    assert.equal(caption, "hält auf a2 mit Blick nach Norden; es fraß rot 5 und blau 2, die "
      + "wieder draußen warten");
    assert.equal(frameText({ actor: "monster", caption }), `Das Monster ${caption}.`);
    assert.equal(playerName(board, 0), "\u2068אבי\u2069 (Rot)"); // a player's colour
  } finally {
    setCatalog("en", {});
  }
});

test("a flip the game made is told as the game's doing, not the player's", () => {
  const frames = eventFrames(scene(), [{ type: "flip", seat: 0, figure: "red3", shows: 4,
    automatic: true }]);
  assert.equal(frames[0].actor, "game");
  assert.equal(frameText(frames[0]), "The game flips red 3, still waiting outside; it now "
    + "shows 4.");
  const flipped = eventFrames(scene(), [{ type: "flip", seat: 0, figure: "red3", shows: 4 }]);
  assert.equal(frameText(flipped[0]), "\u2068אבי\u2069 (red) flips red 3; it now shows 4.");
});

test("stones are named with their articles, each kind its own text", () => {
  setCatalog("es", {
    "a crystal": "un cristal", "the stone": "la piedra",
    "places {stone} on {square}": "coloca {stone} en {square}",
    "{stone} on {from} to {to}": "{stone} de {from} a {to}",
    "is turned {direction} by the right-turning stone on {square}":
      "la piedra de giro de {square} lo gira hacia el {direction}",
    east: "este",
  });
  try {
    assert.equal(playerCaption({ type: "place", tile: "crystal", square: "c3" }, scene().board),
      "coloca un cristal en c3");
    assert.equal(pushedStone("stone", { from: "o9", to: "o8" }), "la piedra de o9 a o8");
    assert.equal(monsterCaption({ type: "turning_stone", facing: "E", kind: "turn_right",
      stone: "h5" }), "la piedra de giro de h5 lo gira hacia el este");
  } finally {
    setCatalog("en", {});
  }
});
