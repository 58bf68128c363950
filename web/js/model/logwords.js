/**
 * Every event the log can show, as a sentence in the reader's language: the engine's events
 * (a player's action, the game's turns and stages, the monster's walk) through the replay's
 * captions, and the service's own (a pause, a timeout, a seat handed to the computer...).
 * The log shows these for an entry whose action's words it does not have; an event's type is
 * an internal name and is never shown. Pure, no DOM.
 */

import {
  gameCaption, listWords, lookCaption, monsterCaption, pieceName, playerCaption, playerName,
  stepCaption,
} from "./captions.js";
import { EVENT } from "./events.js";
import { t, tn } from "./i18n.js";
import { figureName } from "./viewmodel.js";
import { levelName } from "../view/words.js";

/**
 * The service's event types (service/kernel/vocabulary.py); web/tests check the list against
 * the service's own (the fixture service_event_types.json, written by make_fixtures.py).
 */
export const SERVICE_EVENT = Object.freeze({
  TIMEOUT: "timeout",
  REMINDER: "reminder",
  PAUSED: "paused",
  RESUMED: "resumed",
  VACATION: "vacation",
  NUDGED: "nudged",
  COMPUTER: "computer",
  COMPUTER_SEAT: "computer_seat",
  TAKEBACK_ASKED: "takeback_asked",
  TAKEBACK_DECLINED: "takeback_declined",
});

function computerSeat(e, player) {
  const level = e.level === null ? null : levelName(e.level);
  if (level === null) {
    // TRANSLATORS: the computer stopped playing a seat; {player} is "Bob (red)".
    return e.by === "creator" ? t("The creator took the seat of {player} back from the computer.",
      { player }) : t("{player} took the seat back from the computer.", { player });
  }
  // TRANSLATORS: {level} is the computer's level: easy, normal, hard.
  if (e.by === "creator") {
    return t("The creator handed the seat of {player} to the computer ({level}).",
      { player, level });
  }
  if (e.by === "absent") {
    return t("{player} missed too many deadlines: the computer ({level}) plays the seat now.",
      { player, level });
  }
  return t("{player} handed the seat to the computer ({level}).", { player, level });
}

function takebackAsked(e, board, player) {
  const asked = listWords((e.approvers ?? []).map((seat) => playerName(board, seat)));
  // TRANSLATORS: {player} asked to take back a move; {asked} lists those whose yes it needs.
  return asked ? t("{player} asked to take back their last move; {asked} may agree or say no.",
    { player, asked }) : t("{player} asked to take back their last move.", { player });
}

function takebackDeclined(e, board, player) {
  if (e.by === e.seat) return t("{player} withdrew their request to take back a move.", { player });
  // TRANSLATORS: {by} said no to the request of {player} to take back a move.
  return t("{by} said no: the move of {player} stays.", { by: playerName(board, e.by), player });
}

function serviceSentence(e, board) {
  const player = e.seat === undefined ? "" : playerName(board, e.seat);
  switch (e.type) {
    case SERVICE_EVENT.TIMEOUT: return t("{player} ran out of time.", { player });
    case SERVICE_EVENT.REMINDER:
      return t("{player} was reminded that the time for the move runs out soon.", { player });
    case SERVICE_EVENT.PAUSED: return t("The game was paused.");
    case SERVICE_EVENT.RESUMED: return t("The game was resumed.");
    case SERVICE_EVENT.VACATION:
      // TRANSLATORS: a seat's deadline passed and days of its vacation moved it on.
      return tn("The time of {player} ran out: {n} vacation day was used.",
        "The time of {player} ran out: {n} vacation days were used.", e.days, { player });
    case SERVICE_EVENT.NUDGED:
      return e.by === null || e.by === undefined
        ? t("The creator nudged {player}.", { player })
        // TRANSLATORS: {by} is the player who nudged, {player} the one the game waits for.
        : t("{by} nudged {player}.", { by: playerName(board, e.by), player });
    case SERVICE_EVENT.COMPUTER: return t("The computer played for {player}.", { player });
    case SERVICE_EVENT.COMPUTER_SEAT: return computerSeat(e, player);
    case SERVICE_EVENT.TAKEBACK_ASKED: return takebackAsked(e, board, player);
    case SERVICE_EVENT.TAKEBACK_DECLINED: return takebackDeclined(e, board, player);
    default: return null;
  }
}

function monsterSentence(e) {
  let action;
  switch (e.type) {
    case EVENT.LOOK: action = lookCaption(e); break;
    case EVENT.STEP: action = stepCaption(e); break;
    case EVENT.PUSH:
      // TRANSLATORS: a phrase after "The monster"; {pieces} lists the pieces pushed.
      action = t("pushes {pieces}", { pieces: listWords(e.pieces.map((p) => pieceName(p.piece))) });
      break;
    case EVENT.EAT:
      action = t("eats {figure}", { figure: figureName(e.figure) });
      break;
    default: action = monsterCaption(e);
  }
  return t("The monster {action}.", { action });
}

/**
 * Say one event as a sentence.
 * @param {object} e an event of the log (`{type, ...}`)
 * @param {object} board a board model, for the players' names and the stones' kinds
 * @returns {string}
 */
export function eventSentence(e, board) {
  const said = serviceSentence(e, board);
  if (said !== null) return said;
  switch (e.type) {
    case EVENT.MOVE: case EVENT.FLIP: case EVENT.PLACE: {
      if (e.type === EVENT.FLIP && e.automatic) return playerCaption(e, board);
      // TRANSLATORS: {player} is "Ann (red)", {action} one of the players' phrases.
      return t("{player} {action}.",
        { player: playerName(board, e.seat), action: playerCaption(e, board) });
    }
    case EVENT.TAKEBACK:
      // TRANSLATORS: a takeback was made: the game is at the position before {player}'s move.
      return t("{player} took back their move: the game is back where it was before it.",
        { player: playerName(board, e.seat) });
    case EVENT.CARD: case EVENT.FIRST_CARD_REDRAW: case EVENT.LOOK: case EVENT.STEP:
    case EVENT.WALL: case EVENT.TURNING_STONE: case EVENT.TELEPORT: case EVENT.STAY:
    case EVENT.PUSH: case EVENT.EAT: case EVENT.MONSTER_DONE:
      return monsterSentence(e);
    // The game's own (phase, stage, turn, end); a type this page does not know yet is named.
    default: return gameCaption(e, board);
  }
}

/**
 * Say the events of a log entry, one sentence each.
 * @param {object[]} events
 * @param {object} board
 * @returns {string}
 */
export function eventsText(events, board) {
  return events.map((e) => eventSentence(e, board)).join(" ");
}
