/**
 * From what the server sends to what the board draws. A player view (the engine's
 * `player_view`) becomes a board model — figures, stones, pools, teleporters, the monster —
 * and a status — phase, stage, whose turn, cards. Pure functions, no DOM; no rules: whatever
 * needs rules (legal moves, outcomes) is read from the view as the server worked it out.
 */

import { DIRECTIONS, ENTRANCE, EXIT } from "./geometry.js";
import { pt, t } from "./i18n.js";

/** A figure's two numbers add up to seven (RULES §2): red 5 shows 2 on its black side. */
const NUMBERS_ADD_UP_TO = 7;

/** The stone kinds in words, looked up in the page's language when used. */
const STONE_NAMES = Object.freeze({
  // TRANSLATORS: a kind of stone on the board (a plain stone, not a crystal).
  stone: () => t("stone"),
  crystal: () => t("crystal"),
  turn_right: () => t("right-turning stone"),
  turn_180: () => t("180° turning stone"),
});

/**
 * The same kinds with an article, as the object of a phrase ("places a crystal on c3",
 * "pushing the crystal on o9 to o8"): one text each, as a language makes the article agree
 * with the stone (la piedra, el cristal).
 */
const A_STONES = Object.freeze({
  stone: () => t("a stone"),
  crystal: () => t("a crystal"),
  turn_right: () => t("a right-turning stone"),
  turn_180: () => t("a 180° turning stone"),
});
const THE_STONES = Object.freeze({
  stone: () => t("the stone"),
  crystal: () => t("the crystal"),
  turn_right: () => t("the right-turning stone"),
  turn_180: () => t("the 180° turning stone"),
});

/** The players' colours in words (the API's colours are English words, also used in notation). */
const COLOUR_NAMES = Object.freeze({
  // TRANSLATORS: a player's colour: "Ann (red)".
  green: () => t("green"),
  red: () => t("red"),
  blue: () => t("blue"),
  yellow: () => t("yellow"),
  beige: () => t("beige"),
  purple: () => t("purple"),
  black: () => t("black"),
});

/** A figure's colour: words of their own, as a language may make them agree with its word
 * for a figure (ficha, postać) where a player's colour does not. */
const FIGURE_COLOURS = Object.freeze({
  // TRANSLATORS: a figure's colour, before its number: "red 5".
  green: () => pt("figure", "green"),
  red: () => pt("figure", "red"),
  blue: () => pt("figure", "blue"),
  yellow: () => pt("figure", "yellow"),
  beige: () => pt("figure", "beige"),
  purple: () => pt("figure", "purple"),
  black: () => pt("figure", "black"),
});

/**
 * Split the server's answer into game metadata and the player view. The API is expected to
 * send `{"game": {...}, "view": {...}}`; a bare player view (no metadata) is read too. This is
 * the one place that knows the API's wrapping.
 * @param {object} payload
 * @returns {{game: {id: string|null, title: string, players: Array<object>}, view: object}}
 *   `players`: `{seat, name}` each
 */
export function readPayload(payload) {
  const view = payload.view ?? payload;
  const meta = payload.view ? payload.game ?? {} : {};
  return {
    game: {
      id: meta.id ?? null,
      title: meta.title ?? "",
      players: (meta.players ?? []).map((p) => ({ seat: p.seat, name: p.name })),
    },
    view,
  };
}

/**
 * Read a figure key such as "red5" as its colour and coloured number.
 * @param {string} key
 * @returns {{colour: string, number: number}}
 */
export function parseFigure(key) {
  const match = /^([a-z]+)(\d)$/.exec(key);
  if (!match) throw new Error(`${JSON.stringify(key)} is not a figure key such as "red5"`);
  return { colour: match[1], number: Number(match[2]) };
}

/**
 * Name a colour for people, in the page's language: "red" (a colour the page does not know
 * is kept as it is).
 * @param {string} colour the API's colour, e.g. "red"
 * @returns {string}
 */
export function colourName(colour) {
  return Object.hasOwn(COLOUR_NAMES, colour) ? COLOUR_NAMES[colour]() : colour;
}

/**
 * Name a figure for people: "red 5" (colour and coloured number, which never change).
 * @param {string} key e.g. "red5"
 * @returns {string}
 */
export function figureName(key) {
  const { colour, number } = parseFigure(key);
  const said = Object.hasOwn(FIGURE_COLOURS, colour) ? FIGURE_COLOURS[colour]() : colour;
  // TRANSLATORS: a figure: its colour ("red") and its coloured number ("5").
  return t("{colour} {number}", { colour: said, number });
}

/**
 * Name a stone kind for people: "right-turning stone".
 * @param {string} kind stone, crystal, turn_right or turn_180
 * @returns {string}
 */
export function stoneName(kind) {
  return Object.hasOwn(STONE_NAMES, kind) ? STONE_NAMES[kind]() : kind;
}

/**
 * Name a stone kind with its indefinite article: "a crystal".
 * @param {string} kind stone, crystal, turn_right or turn_180
 * @returns {string}
 */
export function aStoneName(kind) {
  return Object.hasOwn(A_STONES, kind) ? A_STONES[kind]() : kind;
}

/**
 * Name a stone kind with its definite article: "the crystal".
 * @param {string} kind stone, crystal, turn_right or turn_180
 * @returns {string}
 */
export function theStoneName(kind) {
  return Object.hasOwn(THE_STONES, kind) ? THE_STONES[kind]() : kind;
}

/**
 * Return the number a figure shows on the given face.
 * @param {number} number its coloured number
 * @param {string} face "coloured" or "black"
 * @returns {number}
 */
export function shownNumber(number, face) {
  return face === "black" ? NUMBERS_ADD_UP_TO - number : number;
}

/**
 * Build the board model of a player view (or of a position: `legal` is not read).
 * Stones get an `id` from the square they stand on in this view, so an animation can follow
 * one stone as it is pushed.
 * @param {object} view the engine's player view
 * @param {{players: Array<{seat: number, name: string}>}} [game] metadata from `readPayload`
 * @returns {object} `{players, figures, stones, pools, teleporters, monster}`
 */
export function boardModel(view, game = { players: [] }) {
  const names = new Map(game.players.map((p) => [p.seat, p.name]));
  const seatOf = new Map(view.players.map((p) => [p.colour, p.seat]));
  return {
    players: view.players.map((p) => ({
      seat: p.seat, colour: p.colour, name: names.get(p.seat) ?? p.colour,
    })),
    figures: view.figures.map((f) => {
      const { colour, number } = parseFigure(f.figure);
      const face = f.face ?? "coloured";
      return {
        id: f.figure, colour, number, face, shows: shownNumber(number, face),
        where: f.where ?? (f.square ? "board" : "outside"), square: f.square ?? null,
        moved: Boolean(f.moved), seat: seatOf.get(colour),
      };
    }),
    stones: view.stones.map((s) => ({
      id: `stone-${s.square}`, square: s.square, kind: s.kind ?? "stone",
    })),
    pools: view.pools.map((p) => ({ kind: p.kind, squares: [...p.squares] })),
    teleporters: view.teleporters.map((t) => ({ pair: t.kind, square: t.square, arrow: t.arrow })),
    monster: { square: view.monster.square, facing: view.monster.facing },
  };
}

/**
 * Read the game's progress from a player view.
 * @param {object} view
 * @param {{monsterPreview?: boolean}} [service] the service's own rules of the game: whether
 *   the page shows the monster preview (an option chosen at creation, not the engine's)
 * @returns {object} phase, stage, gameTurn, toMove, startSeat, viewer, cardsLeft, discard,
 *   tilesToPlace, version, outcome, experienced, monsterPreview
 */
export function statusModel(view, { monsterPreview = false } = {}) {
  return {
    monsterPreview,
    phase: view.phase,
    stage: view.stage,
    gameTurn: view.game_turn,
    toMove: view.to_move ?? null,
    startSeat: view.start_seat,
    viewer: view.viewer ?? null,
    cardsLeft: view.cards_left,
    discard: [...view.discard],
    tilesToPlace: [...(view.tiles_to_place ?? [])],
    version: view.version,
    outcome: view.outcome ?? null,
    experienced: Boolean(view.options?.experienced),
    options: { ...(view.options ?? {}) },
    rulesVersion: view.rules ?? 1,
  };
}

/** The rule options in players' words, as the status shows them (engine.Options). */
const OPTION_WORDS = Object.freeze({
  random_setup: () => t("random set-up"),
  three_hits: () => t("the \"3 hits\" card"),
  online_teleporter_rule: () => t("teleporters placed as on the online site"),
  open_exit: () => t("teleporters may not wall off the exit"),
});

/**
 * The rules a game is played under, in words: basic or experienced, its options (the
 * monster preview among them), and its rules version (a game keeps the version it started with; docs/rules.md).
 * @param {object} status from `statusModel`
 * @returns {string}
 */
export function rulesWords(status) {
  const chosen = Object.keys(OPTION_WORDS).filter((name) => status.options?.[name]);
  const rules = [status.experienced ? t("experienced game") : t("basic game"),
    ...chosen.map((name) => OPTION_WORDS[name]()),
    // TRANSLATORS: among a game's rules: the page shows where the monster would walk
    ...(status.monsterPreview ? [t("monster preview")] : [])].join(", ");
  // TRANSLATORS: {rules} is "basic game" or "experienced game" and the options chosen.
  return t("{rules} (rules version {version})", { rules, version: status.rulesVersion });
}

/**
 * Index a board by square: what stands on each (figure, stone, teleporter, pool, monster).
 * @param {object} board from `boardModel`
 * @returns {Map<string, object>} per square: `figure`, `stone`, `teleporter`, `pool`,
 *   `monster`, whichever stand there
 */
export function bySquare(board) {
  const index = new Map();
  const at = (square) => {
    if (!index.has(square)) index.set(square, {});
    return index.get(square);
  };
  for (const pool of board.pools) for (const sq of pool.squares) at(sq).pool = pool;
  for (const t of board.teleporters) at(t.square).teleporter = t;
  for (const s of board.stones) at(s.square).stone = s;
  for (const f of board.figures) if (f.where === "board") at(f.square).figure = f;
  at(board.monster.square).monster = board.monster;
  return index;
}

/**
 * Group the figures that are not on the board by player: waiting outside the entrance,
 * escaped through the exit, and removed for good (eaten in stage 2).
 * @param {object} board
 * @returns {Array<object>} per player: `seat`, `colour`, `name`, and the figures `outside`,
 *   `escaped` and `removed`
 */
export function sides(board) {
  return board.players.map((p) => {
    const own = board.figures.filter((f) => f.colour === p.colour);
    return {
      ...p,
      outside: own.filter((f) => f.where === "outside"),
      escaped: own.filter((f) => f.where === "escaped"),
      removed: own.filter((f) => f.where === "removed"),
    };
  });
}

/**
 * Describe a figure for people: "red 5 showing 2".
 * @param {object} figure from the board model
 * @returns {string}
 */
export function describeFigure(figure) {
  return t("{figure} showing {number}",
    { figure: figureName(figure.id), number: figure.shows });
}

/**
 * Describe what stands on a square, for a screen reader: "h5: red 5 showing 2".
 * @param {Map} index from `bySquare`
 * @param {string} square
 * @returns {string}
 */
export function describeSquare(index, square) {
  const here = index.get(square) ?? {};
  const parts = [];
  if (here.monster) {
    parts.push(t("the monster facing {direction}",
      { direction: DIRECTIONS[here.monster.facing].name }));
  }
  if (here.figure) parts.push(describeFigure(here.figure));
  if (here.stone) parts.push(stoneName(here.stone.kind));
  if (here.teleporter) {
    const { pair, arrow } = here.teleporter;
    parts.push(t("teleporter {pair} with its arrow {direction}",
      { pair, direction: DIRECTIONS[arrow].name }));
  }
  if (here.pool) parts.push(t("blood pool"));
  if (square === EXIT) parts.push(t("the exit"));
  if (square === ENTRANCE) parts.push(t("the entrance"));
  // TRANSLATORS: a square of the board ("h5") and what stands on it, for screen readers.
  return t("{square}: {things}", { square, things: parts.length ? parts.join(", ") : t("empty") });
}
