/**
 * Events as animation frames. A scene (`{board, status}` from the view model) and the events
 * that followed it become a list of frames, each a whole scene after its events with a
 * caption, so a player can play, pause, skip back and forth, or start again. The events are
 * the engine's: the monster's (card, look, step, wall, turning_stone, teleport, push, eat,
 * stay, monster_done), the figure phase's (move, flip), the placement's (place) and the
 * game's (phase, stage_end, turn, game_over). Pure: no DOM, no timers, no rules.
 */

import {
  lookCaption, monsterCaption, playerCaption, stepCaption, withEffects,
} from "./captions.js";
import { EVENT } from "./events.js";
import { eventSentence } from "./logwords.js";

const STONE_KINDS = new Set(["stone", "crystal", "turn_right", "turn_180"]);
const EFFECTS = new Set([EVENT.EAT, EVENT.PUSH]);

/**
 * @typedef {object} Frame
 * @property {{board: object, status: object}} scene the whole scene after this frame's events
 * @property {string} caption what happened, in words (see captions.js)
 * @property {"monster"|"player"|"game"} actor who acted: the monster, a player, the game
 * @property {number|null} seat the acting player's seat, for player frames
 * @property {string[]} focus squares to point out (figures seen, the stone that turned it)
 * @property {object[]} events the events this frame shows (a step with its pushes, etc.)
 */

function copyScene(scene) {
  const b = scene.board;
  return {
    board: {
      players: b.players,
      figures: b.figures.map((f) => ({ ...f })),
      stones: b.stones.map((s) => ({ ...s })),
      pools: b.pools.map((p) => ({ ...p, squares: [...p.squares] })),
      teleporters: b.teleporters.map((t) => ({ ...t })),
      monster: { ...b.monster },
    },
    status: { ...scene.status, discard: [...scene.status.discard] },
  };
}

function freeze(scene) {
  const copy = copyScene(scene);
  for (const key of ["figures", "stones", "pools", "teleporters"]) {
    copy.board[key].forEach(Object.freeze);
    Object.freeze(copy.board[key]);
  }
  Object.freeze(copy.board.monster);
  Object.freeze(copy.status.discard);
  Object.freeze(copy.board);
  Object.freeze(copy.status);
  return Object.freeze(copy);
}

function figure(work, key) {
  const f = work.board.figures.find((g) => g.id === key);
  if (!f) throw new Error(`the events name ${key}, which is not on this board`);
  return f;
}

function turnOver(f) {
  f.face = f.face === "black" ? "coloured" : "black";
}

/** Move stones by (from, to) pairs all at once, so chains and swaps come out right. */
function moveStones(work, moves) {
  const moving = moves.map((m) => {
    const stone = work.board.stones.find((s) => s.square === m.from);
    if (!stone) throw new Error(`the events push a stone from ${m.from}, where there is none`);
    return { stone, to: m.to };
  });
  for (const { stone, to } of moving) stone.square = to;
  work.board.stones = work.board.stones.filter((s) => s.square !== null);
}

function newStoneId(work, square) {
  const taken = new Set(work.board.stones.map((s) => s.id));
  let id = `stone-${square}`;
  for (let n = 2; taken.has(id); n += 1) id = `stone-${square}-${n}`;
  return id;
}

function applyMove(work, e) {
  const f = figure(work, e.figure);
  moveStones(work, e.pushes);
  f.where = e.escapes ? "escaped" : "board";
  f.square = e.escapes ? null : e.to;
  f.shows = e.shows;
  f.moved = true;
  turnOver(f);
}

function applyFlip(work, e) {
  const f = figure(work, e.figure);
  f.shows = e.shows;
  f.moved = true;
  turnOver(f);
}

function applyPlace(work, e) {
  const b = work.board;
  if (STONE_KINDS.has(e.tile)) {
    b.stones.push({ id: newStoneId(work, e.square), square: e.square, kind: e.tile });
  } else if (e.tile.startsWith("teleporter_")) {
    b.teleporters.push({ pair: e.tile.slice(-1), square: e.square, arrow: e.arrow });
  } else {
    b.pools.push({ kind: e.tile === "pool_square" ? "square" : "long", squares: [...e.squares] });
  }
  work.status.tilesToPlace = [...work.status.tilesToPlace];
  const at = work.status.tilesToPlace.indexOf(e.tile);
  if (at >= 0) work.status.tilesToPlace.splice(at, 1);
}

function applyEffects(work, effects, fate) {
  for (const e of effects) {
    if (e.type === EVENT.EAT) {
      const f = figure(work, e.figure);
      f.where = fate;
      f.square = null;
      continue;
    }
    const stones = e.pieces.filter((p) => STONE_KINDS.has(p.piece));
    for (const p of e.pieces) {
      if (!STONE_KINDS.has(p.piece) && p.to !== null) figure(work, p.piece).square = p.to;
    }
    moveStones(work, stones);
  }
}

function takeEffects(events, from) {
  let end = from;
  while (end < events.length && EFFECTS.has(events[end].type)) end += 1;
  return events.slice(from, end);
}

/** Apply one monster walking event with what follows it; return the frame's fields. */
function monsterWalk(work, events, i, fate) {
  const e = events[i];
  const m = work.board.monster;
  let caption;
  let used = [e];
  if (e.type === EVENT.WALL) {
    // The step onto the square beyond the wall follows; it is this same move.
    const step = events[i + 1]?.type === EVENT.STEP ? [events[i + 1]] : [];
    used = [e, ...step];
    caption = monsterCaption(e);
    m.square = e.to;
  } else {
    const teleporter = work.board.teleporters.find((t) => t.square === e.to);
    caption = stepCaption(e, teleporter);
    m.square = e.to;
    m.facing = e.facing;
  }
  const effects = takeEffects(events, i + used.length);
  applyEffects(work, effects, fate);
  return { caption: withEffects(caption, effects), events: [...used, ...effects], focus: [] };
}

function monsterEvent(work, e) {
  const m = work.board.monster;
  const status = work.status;
  let focus = [];
  if (e.type === EVENT.CARD) {
    status.discard.push(e.card);
    status.cardsLeft -= 1;
  } else if (e.type === EVENT.LOOK) {
    m.facing = e.facing;
    focus = e.seen.map((s) => s.square);
    return { caption: lookCaption(e), focus };
  } else if (e.type === EVENT.TURNING_STONE) {
    m.facing = e.facing;
    focus = [e.stone];
  } else if (e.type === EVENT.TELEPORT) {
    m.square = e.to;
    m.facing = e.facing;
  } else if (e.type === EVENT.MONSTER_DONE) {
    m.square = e.square;
    m.facing = e.facing;
  }
  return { caption: monsterCaption(e), focus };
}

function gameEvent(work, e) {
  const status = work.status;
  if (e.type === EVENT.PHASE) {
    status.phase = e.phase;
    if (e.start_seat !== undefined) status.startSeat = e.start_seat;
  } else if (e.type === EVENT.STAGE_END) {
    if (e.stage === 1) {
      status.cardsLeft += status.discard.length;
      status.discard = [];
      status.stage = 2;
    } else {
      for (const key of e.eaten_inside) {
        Object.assign(figure(work, key), { where: "removed", square: null });
      }
    }
  } else if (e.type === EVENT.TURN) {
    status.gameTurn = e.game_turn;
    status.startSeat = e.start_seat;
    status.phase = "figures";
    for (const f of work.board.figures) f.moved = false;
  } else if (e.type === EVENT.TAKEBACK) {
    status.toMove = e.to_move; // the scene is the one it went back to (model/timeline.js)
  } else if (e.type === EVENT.GAME_OVER) {
    status.phase = "over";
    status.toMove = null;
    status.outcome = { winners: e.winners, reason: e.reason, escaped: e.escaped, eaten: e.eaten };
  }
  // The service's own events (a pause, a seat handed to the computer) in words too.
  return { caption: eventSentence(e, work.board), focus: [] };
}

const MONSTER_EVENTS = new Set([
  EVENT.CARD, EVENT.FIRST_CARD_REDRAW, EVENT.LOOK, EVENT.TURNING_STONE, EVENT.TELEPORT, EVENT.STAY,
  EVENT.MONSTER_DONE,
]);
const PLAYER_EVENTS = {
  [EVENT.MOVE]: applyMove, [EVENT.FLIP]: applyFlip, [EVENT.PLACE]: applyPlace,
};

/**
 * Turn events into frames, starting from `scene`, which is not changed.
 * A monster's step (or walk through a wall) is one frame together with what it eats and
 * pushes on arriving; every other event is a frame of its own. An event of a kind this page
 * does not know yet becomes a frame that changes nothing; the service's own events (a pause,
 * a seat handed to the computer) are frames that change nothing, told in words.
 * @param {{board: object, status: object}} scene the board model and status before the events
 * @param {object[]} events as the engine emits them
 * @returns {Frame[]}
 */
export function eventFrames(scene, events) {
  const work = copyScene(scene);
  const done = events.find((e) => e.type === EVENT.MONSTER_DONE);
  const fate = done?.fate ?? (work.status.stage === 2 ? "removed" : "outside");
  const frames = [];
  let i = 0;
  while (i < events.length) {
    const e = events[i];
    let frame;
    if (e.type === EVENT.STEP || e.type === EVENT.WALL) {
      frame = { actor: "monster", seat: null, ...monsterWalk(work, events, i, fate) };
    } else if (MONSTER_EVENTS.has(e.type)) {
      frame = { actor: "monster", seat: null, events: [e], ...monsterEvent(work, e) };
    } else if (PLAYER_EVENTS[e.type]) {
      const caption = playerCaption(e, work.board);
      PLAYER_EVENTS[e.type](work, e);
      // A flip the game made (the first game turn's) is its doing, not the player's.
      const actor = e.automatic ? "game" : "player";
      frame = { actor, seat: e.seat, events: [e], caption, focus: [] };
    } else {
      frame = { actor: "game", seat: null, events: [e], ...gameEvent(work, e) };
    }
    frames.push(Object.freeze({ ...frame, scene: freeze(work) }));
    i += frame.events.length;
  }
  return frames;
}

/**
 * The frame that shows a scene as it is, before any event: the start of a replay.
 * @param {{board: object, status: object}} scene
 * @param {string} caption
 * @returns {Frame}
 */
export function stillFrame(scene, caption) {
  return Object.freeze({
    actor: "game", seat: null, events: [], caption, focus: [], scene: freeze(scene),
  });
}
