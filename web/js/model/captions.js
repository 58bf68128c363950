/**
 * Events told in words, one caption per animation frame. The monster's captions are verb
 * phrases ("steps to b1") for the page to put after "The monster"; players' captions follow
 * the player's name ("moves red 5 from h5 to h7"); the game's own are whole sentences.
 * Reads only the events and the board they happen on. Every text is in the page's language
 * (i18n.js); the verb phrases are translated as phrases, each with its placeholders.
 */

import { DIRECTIONS } from "./geometry.js";
import { t, tn } from "./i18n.js";
import { aStoneName, colourName, figureName, theStoneName } from "./viewmodel.js";
import { EVENT } from "./events.js";

const STONE_KINDS = new Set(["stone", "crystal", "turn_right", "turn_180"]);

const TILE_NAMES = Object.freeze({
  teleporter_A: () => t("teleporter A"),
  teleporter_B: () => t("teleporter B"),
  pool_square: () => t("the square blood pool"),
  pool_long: () => t("the long blood pool"),
});

function tileName(tile) {
  return Object.hasOwn(TILE_NAMES, tile) ? TILE_NAMES[tile]() : tile;
}

/**
 * Print a card as on the card: "8", "1 hit", "2 hits".
 * @param {string} card e.g. "8", "2hits"
 * @returns {string}
 */
export function cardLabel(card) {
  const hits = /^(\d)hits?$/.exec(card);
  if (!hits) return card;
  // TRANSLATORS: a monster card that counts hits, "2 hits".
  return tn("{n} hit", "{n} hits", Number(hits[1]));
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
  if (!p) return t("seat {number}", { number: seat });
  const colour = colourName(p.colour);
  // TRANSLATORS: a player, their name and their colour: "Ann (red)".
  return p.name === p.colour ? colour : t("{name} ({colour})", { name: isolate(p.name), colour });
}

/** A piece by name: a stone with its article ("a crystal"), a figure ("red 5"). */
export function pieceName(piece) {
  return STONE_KINDS.has(piece) ? aStoneName(piece) : figureName(piece);
}

/**
 * Several things in one phrase: "red 4", "red 4 and blue 2", "red 4, blue 2 and green 1".
 * @param {string[]} parts
 * @returns {string}
 */
export function listWords(parts) {
  if (parts.length < 2) return parts.join("");
  // TRANSLATORS: the end of a list: {first} is the items before the last, joined by ", ".
  return t("{first} and {last}", { first: parts.slice(0, -1).join(", "), last: parts.at(-1) });
}

const list = listWords;

function direction(letter) {
  return DIRECTIONS[letter].name;
}

/**
 * The monster's look: "looks: sees red 5 on h1 (7 squares); turns south".
 * @param {object} e a `look` event
 * @returns {string}
 */
export function lookCaption(e) {
  const seen = e.seen.map((s) => tn("{figure} on {square} ({n} square)",
    "{figure} on {square} ({n} squares)", s.distance,
    { figure: figureName(s.figure), square: s.square }));
  // TRANSLATORS: what the monster sees when it looks; {figures} lists "red 5 on h1 (7 squares)".
  const sees = seen.length ? t("sees {figures}", { figures: list(seen) }) : t("sees nobody");
  // TRANSLATORS: these phrases follow "The monster": "The monster looks: sees red 5 on h1".
  const look = e.final ? t("looks a last time: {sees}", { sees }) : t("looks: {sees}", { sees });
  // TRANSLATORS: {look} is the look above; the monster then turns to face {direction}.
  return e.turned ? t("{look}; turns {direction}", { look, direction: direction(e.facing) }) : look;
}

/**
 * A monster's step told with what it did on arriving: `step` and its eating and pushing.
 * @param {string} step the step's phrase ("steps to h5")
 * @param {object[]} effects the `eat` and `push` events of the step
 * @returns {string}
 */
export function withEffects(step, effects) {
  const caught = effects.filter((e) => e.type === EVENT.EAT && e.how === "caught");
  const push = effects.find((e) => e.type === EVENT.PUSH);
  let text = step;
  if (caught.length) {
    // TRANSLATORS: {step} is the monster's step ("steps to h5"), {figures} those it eats there.
    text = t("{step} and eats {figures}",
      { step: text, figures: list(caught.map((e) => figureName(e.figure))) });
  }
  if (push) {
    const eaten = new Map(effects.filter((e) => e.type === EVENT.EAT).map((e) => [e.figure, e.how]));
    const parts = push.pieces.map((p) => {
      const piece = pieceName(p.piece);
      if (p.to !== null) return t("{piece} to {square}", { piece, square: p.to });
      if (eaten.get(p.piece) === "teleporter") {
        return t("{piece} onto a teleporter (eaten)", { piece });
      }
      if (eaten.has(p.piece)) return t("{piece} off the board (eaten)", { piece });
      return t("{piece} out of the game", { piece });
    });
    // TRANSLATORS: {step} is the monster's step; {pieces} lists where the pieces it pushes go.
    text = t("{step}, pushing {pieces}", { step: text, pieces: list(parts) });
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
  // TRANSLATORS: this phrase and the monster's others follow "The monster".
  if (teleporter) {
    return t("steps onto teleporter {pair} on {square}", { pair: teleporter.pair, square: e.to });
  }
  const words = { square: e.to };
  return e.slide ? t("slides on to {square}", words) : t("steps to {square}", words);
}

/**
 * Caption the monster's events that need no board: card, wall, turning stone, teleport,
 * stay, the end of its walk.
 * @param {object} e
 * @returns {string}
 */
export function monsterCaption(e) {
  switch (e.type) {
    case EVENT.CARD: return t("draws {card}", { card: cardLabel(e.card) });
    case EVENT.FIRST_CARD_REDRAW:
      // TRANSLATORS: {cards} lists the hit cards put aside, {card} is the card drawn for them.
      return t("may not open the game with a hit card: {cards} set aside, {card} drawn instead",
        { cards: list(e.set_aside.map(cardLabel)), card: cardLabel(e.card) });
    case EVENT.WALL:
      return t("walks through wall {letter} to {square}", { letter: e.letter, square: e.to });
    case EVENT.TURNING_STONE: {
      const words = { direction: direction(e.facing), square: e.stone };
      // TRANSLATORS: a turning stone turns the monster; one text for each kind of stone.
      return e.kind === "turn_180"
        ? t("is turned {direction} by the 180° turning stone on {square}", words)
        : t("is turned {direction} by the right-turning stone on {square}", words);
    }
    case EVENT.TELEPORT:
      return t("teleports to {square} facing {direction}",
        { square: e.to, direction: direction(e.facing) });
    case EVENT.STAY:
      // Rules version 2 stops the monster on a loop; version 1 after four turns (D4).
      return e.reason === "loop"
        ? t("turns round in a loop and stays on {square}", { square: e.square })
        : t("spins round four times and stays on {square}", { square: e.square });
    case EVENT.MONSTER_DONE: {
      const stop = { square: e.square, direction: direction(e.facing) };
      if (!e.eaten.length) return t("stops on {square} facing {direction}", stop);
      const figures = list(e.eaten.map(figureName));
      const n = e.eaten.length;
      return e.fate === "outside"
        ? tn("stops on {square} facing {direction}; it ate {figures}, who waits outside again",
          "stops on {square} facing {direction}; it ate {figures}, who wait outside again", n,
          { ...stop, figures })
        : tn("stops on {square} facing {direction}; it ate {figures}, who is out for good",
          "stops on {square} facing {direction}; it ate {figures}, who are out for good", n,
          { ...stop, figures });
    }
    default: return e.type;
  }
}

function placed(e) {
  if (STONE_KINDS.has(e.tile)) {
    // TRANSLATORS: {stone} is a stone with its article: "places a crystal on c3".
    return t("places {stone} on {square}", { stone: aStoneName(e.tile), square: e.square });
  }
  if (e.tile.startsWith("teleporter_")) {
    return t("places {tile} on {square}, its arrow {direction}",
      { tile: tileName(e.tile), square: e.square, direction: direction(e.arrow) });
  }
  // TRANSLATORS: a blood pool placed on the squares from {first} to {last}.
  return t("places {tile} on {first}–{last}",
    { tile: tileName(e.tile), first: e.squares[0], last: e.squares.at(-1) });
}

/**
 * Caption a player's event, to follow the player's name: "moves red 5 from h5 to h7 (NNW)";
 * but for a flip the game made (the first game turn's, of a figure left outside), which is
 * the game's doing and is told as a sentence of its own.
 * @param {object} e a `move`, `flip` or `place` event
 * @param {object} board the board before the event, for the kinds of the stones pushed
 * @returns {string}
 */
export function playerCaption(e, board) {
  // TRANSLATORS: these phrases follow a player, "Ann (red)": "Ann (red) flips red 5; ...".
  if (e.type === EVENT.FLIP) {
    const words = { figure: figureName(e.figure), number: e.shows };
    // TRANSLATORS: in the first game turn a player enters at most two figures; the game
    // flips the others still waiting outside.
    return e.automatic ? t("The game flips {figure}, still waiting outside; it now shows {number}.",
      words) : t("flips {figure}; it now shows {number}", words);
  }
  if (e.type === EVENT.PLACE) return placed(e);
  const words = { figure: figureName(e.figure), from: e.from, to: e.to, path: e.path };
  let text;
  if (e.escapes) text = t("takes {figure} out through the exit ({path})", words);
  else if (e.from === "outside") text = t("brings {figure} in to {to} ({path})", words);
  else text = t("moves {figure} from {from} to {to} ({path})", words);
  const kind = (square) => board.stones.find((s) => s.square === square)?.kind ?? "stone";
  const pushes = e.pushes.map((p) => pushedStone(kind(p.from), p));
  // TRANSLATORS: {move} is a player's move, {stones} lists the stones it pushes and where.
  return pushes.length ? t("{move}, pushing {stones}", { move: text, stones: list(pushes) }) : text;
}

/**
 * A stone a move pushes, for people: "the stone on o9 to o7", "the crystal on o9 out of the
 * game".
 * @param {string} kind the stone's kind
 * @param {{from: string, to: string|null}} push
 * @returns {string}
 */
export function pushedStone(kind, push) {
  // TRANSLATORS: {stone} is a stone with its article, "the crystal", after "pushing".
  const words = { stone: theStoneName(kind), from: push.from, to: push.to };
  return push.to === null ? t("{stone} on {from} out of the game", words)
    : t("{stone} on {from} to {to}", words);
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
      return e.phase === "monster" ? t("Every figure has moved: the monster's turn.")
        : t("Every tile is placed; {player} starts.", { player: playerName(board, e.start_seat) });
    case EVENT.STAGE_END:
      return e.stage === 1
        ? t("Stage 1 is over: the cards are shuffled, and from now on eaten figures are out for good.")
        : t("Stage 2 is over: the figures still inside count as eaten.");
    case EVENT.TURN:
      return t("Game turn {number}: {player} starts.",
        { number: e.game_turn, player: playerName(board, e.start_seat) });
    case EVENT.GAME_OVER: {
      const winners = e.winners.map((s) => playerName(board, s));
      // TRANSLATORS: {winners} lists the players who win.
      return winners.length ? tn("The game is over: {winners} wins.",
        "The game is over: {winners} win.", winners.length, { winners: list(winners) })
        : t("The game is over: nobody wins.");
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
  // TRANSLATORS: {action} is one of the monster's phrases: "steps to b1", "draws 8".
  if (frame.actor === "monster") return t("The monster {action}.", { action: frame.caption });
  if (frame.actor === "player") {
    // TRANSLATORS: {player} is "Ann (red)", {action} one of the players' phrases: "flips red 5".
    return t("{player} {action}.",
      { player: playerName(frame.scene.board, frame.seat), action: frame.caption });
  }
  return frame.caption;
}
