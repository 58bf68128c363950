/**
 * A table's data for the page (`GET /games/<id>/table`, `GET /tables/<id>`): its players by
 * name, the rematch of a finished game for the reader (who said yes or no, who is still
 * asked, whether the reader may ask, answer or open it), the standings' rows and the head to
 * head, one line per pair. Who may do what is the server's to decide; this reads its answers.
 * Pure, no DOM.
 */

import { isolate } from "./captions.js";
import { t } from "./i18n.js";
import { levelName } from "../view/words.js";

/**
 * A member of the table by name: theirs, or the computer's at its level.
 * @param {object} table the API's table
 * @param {number} member
 * @returns {string}
 */
export function memberName(table, member) {
  const m = table.members.find((x) => x.member === member);
  if (!m) return t("Player {number}", { number: member + 1 });
  if (m.name) return isolate(m.name);
  // TRANSLATORS: the computer as a player of a table, at one level: "Computer (hard)".
  return m.computer ? t("Computer ({level})", { level: levelName(m.computer) })
    : t("Player {number}", { number: member + 1 });
}

/**
 * The rematch of a finished game as its reader sees it.
 * @param {object|null} table the API's table of the game (null: not read)
 * @param {{status: string, viewer: {kind: string}}} info the game's facts
 * @returns {{canAsk: boolean, rematch: object|null, canAnswer: boolean, canOpen: boolean,
 *   sitsOut: boolean}|null} null before the game is over; `rematch`: its `status`,
 *   `askedBy` (a name, null: the creator), `yes`, `no` and `waiting` (names), `startsBy`
 */
export function rematchPanel(table, info) {
  if (!table || info.status !== "finished") return null;
  const may = info.viewer?.kind === "seat" || info.viewer?.kind === "creator";
  const r = table.rematch;
  if (!r) {
    return { canAsk: may, rematch: null, canAnswer: false, canOpen: false, sitsOut: false };
  }
  const said = (yes) => Object.entries(r.answers).filter(([, play]) => play === yes)
    .map(([member]) => memberName(table, Number(member)));
  const you = table.you;
  const plays = you !== null && r.answers[String(you)] === true;
  return {
    canAsk: false,
    rematch: {
      status: r.status, askedBy: r.asked_by === null ? null : memberName(table, r.asked_by),
      yes: said(true), no: said(false), waiting: r.waiting.map((m) => memberName(table, m)),
      startsBy: r.starts_by,
    },
    canAnswer: r.status === "asking" && you !== null && r.waiting.includes(you),
    canOpen: r.status === "started" && (info.viewer.kind === "creator" || plays),
    sitsOut: r.status === "started" && info.viewer.kind === "seat" && !plays,
  };
}

/**
 * The standings' rows, as the service orders them: name, games, wins, figures brought out,
 * rating (one decimal, as OpenSkill's ordinal reads best).
 * @param {object} standings the API's
 * @returns {Array<{key: string, name: string, games: number, wins: number, escaped: number,
 *   rating: string}>}
 */
export function standingsRows(standings) {
  return standings.lines.map((line) => ({
    key: line.key, name: isolate(line.name), games: line.games, wins: line.wins,
    escaped: line.escaped, rating: line.rating.toFixed(1),
  }));
}

/**
 * The head to head, one entry per pair of players who played together (the API gives each
 * pair both ways round): the games together, and how often each finished above the other.
 * @param {object} standings the API's
 * @returns {Array<{a: string, b: string, games: number, aAbove: number, bAbove: number}>}
 */
export function headToHead(standings) {
  const names = new Map(standings.lines.map((line) => [line.key, isolate(line.name)]));
  const order = new Map(standings.lines.map((line, i) => [line.key, i]));
  const rank = (key) => order.get(key) ?? Infinity;
  return standings.head_to_head
    .filter((m) => m.games > 0 && (rank(m.player) < rank(m.other)
      || (rank(m.player) === rank(m.other) && m.player < m.other)))
    .map((m) => ({ a: names.get(m.player) ?? m.player, b: names.get(m.other) ?? m.other,
      games: m.games, aAbove: m.above, bAbove: m.below }));
}

/**
 * A table's games, newest first, each with the address of its page where this device holds
 * a token for it (a game's id alone opens nothing).
 * @param {object} table the API's
 * @param {function(string): string|null} pathOf a game's page on this device, or null
 * @returns {Array<{number: number, name: string, status: string, path: string|null,
 *   winners: string[]}>}
 */
export function tableGames(table, pathOf) {
  return [...table.games].sort((a, b) => b.number - a.number).map((g) => ({
    number: g.number, name: g.name, status: g.status, path: pathOf(g.game_id),
    winners: g.winners.map((m) => memberName(table, m)),
  }));
}
