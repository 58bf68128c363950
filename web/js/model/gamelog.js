/**
 * The game as the API sends it, made ready for the page: a game view → the board's input
 * (`readGame`), the event log's pages → entries, one per action or monster phase
 * (`groupEvents`), entries → the lines of the log panel (`logLines`) and → the whole-game
 * viewer's log (`viewerLog`). Pure, no DOM, no rules: the positions and events are the
 * server's.
 */

import { cardLabel, isolate, monsterCaption } from "./captions.js";
import { EVENT } from "./events.js";
import { t } from "./i18n.js";
import { eventsText } from "./logwords.js";
import { colourName } from "./viewmodel.js";

const MONSTER_TYPES = new Set(["card", "first_card_redraw", "monster_done"]);

/**
 * Split a game view of the API (`GET /games/{id}`) into what the board and panels read.
 * @param {object} apiGame the API's game view
 * @returns {{game: object, view: object|null, info: object}} `game` shaped as `readPayload` makes it
 *   (id, title: the game's name and its players, players), `view` the engine's player view (null before the game starts),
 *   `info` the service's facts: status, version, viewer, seats, options, deadline, outcome,
 *   the takeback rule and whether the monster preview is on
 */
export function readGame(apiGame) {
  const names = apiGame.seats.filter((s) => s.name).map((s) => s.name);
  return {
    game: {
      id: apiGame.id,
      title: [apiGame.name && isolate(apiGame.name), names.map(isolate).join(", ")]
        .filter(Boolean).join(" — "),
      players: apiGame.seats.map((s) => ({ seat: s.seat,
        name: s.name ?? t("{colour} (open)", { colour: colourName(s.colour) }) })),
    },
    view: apiGame.position ?? null,
    info: {
      id: apiGame.id,
      status: apiGame.status,
      version: apiGame.version,
      phase: apiGame.phase,
      toMove: apiGame.to_move,
      viewer: apiGame.viewer,
      seats: apiGame.seats,
      options: apiGame.options,
      moveTimeLimit: apiGame.move_time_limit,
      moveDeadline: apiGame.move_deadline,
      pausedAt: apiGame.paused_at,
      outcome: apiGame.outcome,
      takebacks: apiGame.takebacks ?? "off",
      monsterPreview: Boolean(apiGame.monster_preview),
    },
  };
}

/**
 * Group the log's events (in `seq` order) into entries: the events of one action, or those
 * the service added on its own at one version (a monster phase, a timeout...).
 * @param {object[]} items event records `{seq, version, action_seq, event}`
 * @returns {Array<{seq: number, version: number, actionSeq: number|null, monster: boolean,
 *   events: object[]}>} `seq` is the entry's last event's; `monster` when the monster moved
 */
export function groupEvents(items) {
  const entries = [];
  for (const item of items) {
    const last = entries.at(-1);
    const same = last && (item.action_seq !== null
      ? last.actionSeq === item.action_seq
      : last.actionSeq === null && last.version === item.version);
    if (same) {
      last.events.push(item.event);
      last.seq = item.seq;
    } else {
      entries.push({ seq: item.seq, version: item.version, actionSeq: item.action_seq,
        monster: false, events: [item.event] });
    }
    entries.at(-1).monster ||= MONSTER_TYPES.has(item.event.type);
  }
  return entries;
}

function monsterLine(events) {
  const cards = events.filter((e) => e.type === EVENT.CARD).map((e) => cardLabel(e.card));
  const done = events.find((e) => e.type === EVENT.MONSTER_DONE);
  const draws = cards.length ? t("draws {card}", { card: cards.join(", ") }) : t("draws no card");
  // TRANSLATORS: a monster phase in the log: what it drew, then where it stopped ("stops on
  // b1 facing north").
  return done ? t("The monster {draws} and {stops}.", { draws, stops: monsterCaption(done) })
    : t("The monster {action}.", { action: draws });
}

/**
 * The lines of the log panel, oldest first: an action in the service's words ("Ann (green)
 * moved green 5 from h5 to h7.") with its notation beside them ("green 5 NNW", for those who
 * type it), "The monster draws 8 and stops on ..." for a monster phase, and any other entry
 * (a new turn, a pause, a seat handed to the computer; an action until its record is known)
 * a sentence per event (`model/logwords.js`).
 * @param {object[]} entries from `groupEvents`
 * @param {Map<number, object>} actions action records by `seq` (seat, notation, words)
 * @param {object} board a board model, for the players' names
 * @returns {Array<{key: string, text: string, notation: string|null, monster: boolean}>}
 */
export function logLines(entries, actions, board) {
  return entries.map((entry) => {
    const key = `e${entry.seq}`;
    if (entry.monster) {
      return { key, text: monsterLine(entry.events), notation: null, monster: true };
    }
    const record = entry.actionSeq === null ? null : actions.get(entry.actionSeq);
    if (record) {
      return { key, text: isolateSeat(record.words, board, record.seat),
        notation: record.notation, monster: false };
    }
    return { key, text: eventsText(entry.events, board), notation: null, monster: false };
  });
}

/**
 * Isolate the player's name where the service's words begin with it ("Ann (green) moved
 * ..."), as the page does with every name (`isolate`): a right-to-left name keeps the words
 * after it in their place.
 * @param {string} words
 * @param {object} board
 * @param {number} seat
 * @returns {string}
 */
function isolateSeat(words, board, seat) {
  const p = board.players.find((q) => q.seat === seat);
  // The colour after the name is in the words' language, which may not be the page's.
  if (!p || !words.startsWith(`${p.name} (`)) return words;
  return isolate(p.name) + words.slice(p.name.length);
}

/**
 * The whole-game viewer's log (model/timeline.js `readLog`) from a position and the entries
 * that followed it.
 * @param {object} game from `readGame`
 * @param {{version: number, position: object}} start a position and the version it is at
 * @param {object[]} entries from `groupEvents`; only those after `start.version` are used
 * @returns {{game: object, start: object, entries: object[]}}
 */
export function viewerLog(game, start, entries) {
  return {
    game,
    start: start.position,
    entries: entries.filter((e) => e.version > start.version)
      .map((e) => ({ seat: e.events.find((x) => x.seat !== undefined)?.seat ?? null,
        action: null, events: e.events, version: e.version })),
  };
}
