/** Shared by the tests: the engine's fixtures, and boards compared by what they show. */

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
