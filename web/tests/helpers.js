/**
 * Shared by the tests: the engine's fixtures, examples found in them by property, and boards
 * compared by what they show.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/**
 * Read `web/tests/fixtures/<name>.json`, written by make_fixtures.py from the rules engine.
 * @param {string} name
 * @returns {any}
 */
export function fixture(name) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}

/**
 * The first of `items` that has a property, for a test that needs an example of it: the
 * fixtures are written anew whenever the engine changes, so tests name what they need rather
 * than where it once was. Fails the test, naming the property, when no item has it.
 * @template T
 * @param {T[]} items
 * @param {string} what the property in words, for the failure
 * @param {(item: T) => boolean} has
 * @returns {T}
 */
export function findBy(items, what, has) {
  const found = items.find(has);
  assert.ok(found !== undefined, `the fixtures hold ${what}`);
  return found;
}

/**
 * Every position the fixtures hold: the views, each position of the logged games, and the
 * board before and after each monster phase.
 * @returns {object[]}
 */
export function positions() {
  const views = ["view_basic", "view_experienced", "view_placement", "view_exit"]
    .map((name) => fixture(name).view);
  const logged = ["game_basic", "game_experienced"].flatMap((name) => {
    const log = fixture(name);
    return [log.start, ...log.entries.map((e) => e.position)];
  });
  const phases = fixture("monster_phases").flatMap((p) => [p.before, p.after]);
  return [...views, ...logged, ...phases];
}

/**
 * What a board shows, in a form that compares equal when two boards look the same (stone ids,
 * order and the `moved` marks left out).
 * @param {object} board from `boardModel` or a frame's scene
 * @returns {object}
 */
export function looks(board) {
  return {
    figures: board.figures.map((f) => `${f.id} ${f.where} ${f.square} ${f.face} ${f.shows}`).sort(),
    stones: board.stones.map((s) => `${s.square} ${s.kind}`).sort(),
    pools: board.pools.map((p) => p.squares.join(" ")).sort(),
    teleporters: board.teleporters.map((t) => `${t.pair} ${t.square} ${t.arrow}`).sort(),
    monster: `${board.monster.square} ${board.monster.facing}`,
  };
}
