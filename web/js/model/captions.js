/**
 * Events told in words, one caption per animation frame. The monster's captions are verb
 * phrases ("steps to b1") for the page to put after "The monster"; players' captions follow
 * the player's name ("moves red 5 from h5 to h7"); the game's own are whole sentences.
 * Reads only the events and the board they happen on.
 */

import { DIRECTIONS } from "./geometry.js";
import { figureName, stoneName } from "./viewmodel.js";
import { EVENT } from "./events.js";

const STONE_KINDS = new Set(["stone", "crystal", "turn_right", "turn_180"]);

const TILE_NAMES = Object.freeze({
  teleporter_A: "teleporter A",
  teleporter_B: "teleporter B",
  pool_square: "the square blood pool",
  pool_long: "the long blood pool",
});

/**
 * Print a card as on the card: "8", "1 hit", "2 hits".
 * @param {string} card e.g. "8", "2hits"
 * @returns {string}
 */
export function cardLabel(card) {
  const hits = /^(\d)hits?$/.exec(card);
  if (!hits) return card;
  return hits[1] === "1" ? "1 hit" : `${hits[1]} hits`;
}

/**
 * Isolate a player's own text (a name) from the sentence around it, as <bdi> does: between
 * FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, a right-to-left name keeps the words
 * after it in their place ("אבי (red) moves ..." stays in that order).
 * @param {string} text
 * @returns {string}
 */
export function isolate(text) {
  return `\u2068${text}\u2069`;
}

/**
 * Name a seat for people: "Ann (red)", or just the colour when the player has no name; the
 * name is isolated (`isolate`).
 * @param {object} board
 * @param {number} seat
 * @returns {string}
 */
export function playerName(board, seat) {
  const p = board.players.find((q) => q.seat === seat);
  if (!p) return `seat ${seat}`;
  return p.name === p.colour ? p.colour : `${isolate(p.name)} (${p.colour})`;
}

function pieceName(piece) {
  return STONE_KINDS.has(piece) ? `a ${stoneName(piece)}` : figureName(piece);
}

function list(parts) {
  return parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function direction(letter) {
  return DIRECTIONS[letter].name;
}

/**
 * The monster's look: "looks: sees red 5 on h1 (7 squares); turns south".
 * @param {object} e a `look` event
 * @returns {string}
 */
export function lookCaption(e) {
  const verb = e.final ? "looks a last time" : "looks";
  const seen = e.seen.map((s) => `${figureName(s.figure)} on ${s.square} `
    + `(${s.distance} square${s.distance === 1 ? "" : "s"})`);
  const turn = e.turned ? `; turns ${direction(e.facing)}` : "";
  return `${verb}: ${seen.length ? `sees ${list(seen)}` : "sees nobody"}${turn}`;
}

/**
 * What a monster's step did after arriving: eating or pushing ("and eats red 4",
 * ", pushing a stone to h6 and blue 3 off the board").
 * @param {object[]} effects the `eat` and `push` events of one step
 * @returns {string}
 */
export function effectsCaption(effects) {
  const caught = effects.filter((e) => e.type === EVENT.EAT && e.how === "caught");
  const push = effects.find((e) => e.type === EVENT.PUSH);
  let text = caught.length ? ` and eats ${list(caught.map((e) => figureName(e.figure)))}` : "";
  if (push) {
    const eaten = new Map(effects.filter((e) => e.type === EVENT.EAT).map((e) => [e.figure, e.how]));
    const parts = push.pieces.map((p) => {
      if (p.to !== null) return `${pieceName(p.piece)} to ${p.to}`;
      const name = pieceName(p.piece);
      if (eaten.get(p.piece) === "teleporter") return `${name} onto a teleporter (eaten)`;
      if (eaten.has(p.piece)) return `${name} off the board (eaten)`;
      return `${name} out of the game`;
    });
    text += `, pushing ${list(parts)}`;
  }
  return text;
}

/**
 * Caption a monster step: "steps to b1", "slides on to j4", "steps onto teleporter A on c5".
 * @param {object} e a `step` event
 * @param {object|undefined} teleporter the teleporter on the square stepped onto
 * @returns {string}
 */
export function stepCaption(e, teleporter) {
  if (teleporter) return `steps onto teleporter ${teleporter.pair} on ${e.to}`;
  return e.slide ? `slides on to ${e.to}` : `steps to ${e.to}`;
}

/**
 * Caption the monster's events that need no board: card, wall, turning stone, teleport,
 * stay, the end of its walk.
 * @param {object} e
 * @returns {string}
 */
export function monsterCaption(e) {
  switch (e.type) {
    case EVENT.CARD: return `draws ${cardLabel(e.card)}`;
    case EVENT.FIRST_CARD_REDRAW:
      return `may not open the game with a hit card: ${list(e.set_aside.map(cardLabel))} `
        + `set aside, ${cardLabel(e.card)} drawn instead`;
    case EVENT.WALL: return `walks through wall ${e.letter} to ${e.to}`;
    case EVENT.TURNING_STONE:
      return `is turned ${direction(e.facing)} by the ${stoneName(e.kind)} on ${e.stone}`;
    case EVENT.TELEPORT: return `teleports to ${e.to} facing ${direction(e.facing)}`;
    case EVENT.STAY:
      // Rules version 2 stops the monster on a loop; version 1 after four turns (D4).
      return e.reason === "loop"
        ? `turns round in a loop and stays on ${e.square}`
        : `spins round four times and stays on ${e.square}`;
    case EVENT.MONSTER_DONE: {
      const stop = `stops on ${e.square} facing ${direction(e.facing)}`;
      if (!e.eaten.length) return stop;
      const one = e.eaten.length === 1;
      const fate = e.fate === "outside"
        ? (one ? "who waits outside again" : "who wait outside again")
        : (one ? "who is out for good" : "who are out for good");
      return `${stop}; it ate ${list(e.eaten.map(figureName))}, ${fate}`;
    }
    default: return e.type;
  }
}

function placed(e) {
  if (STONE_KINDS.has(e.tile)) return `a ${stoneName(e.tile)} on ${e.square}`;
  if (e.tile.startsWith("teleporter_")) {
    return `${TILE_NAMES[e.tile]} on ${e.square}, its arrow ${direction(e.arrow)}`;
  }
  return `${TILE_NAMES[e.tile] ?? e.tile} on ${e.squares[0]}–${e.squares.at(-1)}`;
}

/**
 * Caption a player's event, to follow the player's name: "moves red 5 from h5 to h7 (NNW)".
 * @param {object} e a `move`, `flip` or `place` event
 * @param {object} board the board before the event, for the kinds of the stones pushed
 * @returns {string}
 */
export function playerCaption(e, board) {
  if (e.type === EVENT.FLIP) {
    return `${e.automatic ? "has" : "flips"} ${figureName(e.figure)}`
      + `${e.automatic ? " flipped automatically" : ""}; it now shows ${e.shows}`;
  }
  if (e.type === EVENT.PLACE) return `places ${placed(e)}`;
  const name = figureName(e.figure);
  let text;
  if (e.escapes) text = `takes ${name} out through the exit`;
  else if (e.from === "outside") text = `brings ${name} in to ${e.to}`;
  else text = `moves ${name} from ${e.from} to ${e.to}`;
  const kind = (square) => board.stones.find((s) => s.square === square)?.kind ?? "stone";
  const pushes = e.pushes.map((p) => `the ${stoneName(kind(p.from))} on ${p.from} `
    + (p.to === null ? "out of the game" : `to ${p.to}`));
  return `${text} (${e.path})${pushes.length ? `, pushing ${list(pushes)}` : ""}`;
}

/**
 * Caption an event of the game itself (phases, stages, turns, the end) as a sentence.
 * @param {object} e
 * @param {object} board for the players' names
 * @returns {string}
 */
export function gameCaption(e, board) {
  switch (e.type) {
    case EVENT.PHASE:
      return e.phase === "monster" ? "Every figure has moved: the monster's turn."
        : `Every tile is placed; ${playerName(board, e.start_seat)} starts.`;
    case EVENT.STAGE_END:
      return e.stage === 1
        ? "Stage 1 is over: the cards are shuffled, and from now on eaten figures are out for good."
        : "Stage 2 is over: the figures still inside count as eaten.";
    case EVENT.TURN: return `Game turn ${e.game_turn}: ${playerName(board, e.start_seat)} starts.`;
    case EVENT.GAME_OVER: {
      const winners = e.winners.map((s) => playerName(board, s));
      return `The game is over: ${winners.length ? `${list(winners)} wins` : "nobody wins"}.`;
    }
    default: return e.type;
  }
}

/**
 * Tell a replay frame as a sentence: "The monster steps to b1.", "Ann (red) moves red 5 ...".
 * @param {{actor: string, seat: number|null, caption: string, scene: {board: object}}} frame
 * @returns {string}
 */
export function frameText(frame) {
  if (frame.actor === "monster") return `The monster ${frame.caption}.`;
  if (frame.actor === "player") {
    return `${playerName(frame.scene.board, frame.seat)} ${frame.caption}.`;
  }
  return frame.caption;
}
