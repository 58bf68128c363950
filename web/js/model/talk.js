/**
 * Table talk made ready for the chat panel: pages of messages merged in order (`mergeMessages`),
 * messages → lines (`messageLines`), the counter of the text being written (`counterOf`), who
 * may write and why not (`composerOf`), and the creator's mute buttons (`muteChoices`). Pure,
 * no DOM. The server decides; these only say what the page shows (its limit, 500 characters,
 * is the server's, and a text it refuses comes back with the server's message).
 */

import { t } from "./i18n.js";
import { colourName } from "./viewmodel.js";

/** The most characters a message may have once stripped (the server's limit). */
export const MAX_LENGTH = 500;

/**
 * Merge messages into those the page has: each once (by `seq`), oldest first.
 * @param {object[]} known messages `{seq, seat, name, colour, text, created_at}`
 * @param {object[]} items new ones: a page of the API, or a message just posted
 * @returns {object[]} a new array
 */
export function mergeMessages(known, items) {
  const bySeq = new Map(known.map((m) => [m.seq, m]));
  for (const item of items) bySeq.set(item.seq, item);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The lines of the chat panel, one per message.
 * @param {object[]} messages oldest first
 * @param {{kind: string, seat: number|null}} viewer the game view's viewer
 * @returns {Array<{seq: number, who: string, colour: string, text: string, at: string,
 *   own: boolean}>} `who` is the player's name (the colour for a seat without one); `text`
 *   is the message as written, to be shown as text, never as markup
 */
export function messageLines(messages, viewer) {
  return messages.map((m) => ({
    seq: m.seq,
    who: m.name ?? m.colour,
    colour: m.colour,
    text: m.text,
    at: m.created_at,
    own: viewer.kind === "seat" && viewer.seat === m.seat,
  }));
}

/**
 * How long the text being written is, as the server counts it: characters (not UTF-16
 * units) once stripped of white space at both ends.
 * @param {string} text
 * @returns {{count: number, text: string, empty: boolean, over: boolean}} `text` e.g. "12/500"
 */
export function counterOf(text) {
  const count = [...text.trim()].length;
  return { count, text: `${count}/${MAX_LENGTH}`, empty: count === 0, over: count > MAX_LENGTH };
}

/**
 * Whether the viewer may write to the table, and what to tell them when not.
 * @param {{status: string, viewer: {kind: string, seat: number|null}}} info from `readGame`
 * @param {number[]} muted the muted seats
 * @returns {{shown: boolean, enabled: boolean, note: string}}
 */
export function composerOf(info, muted) {
  if (info.viewer.kind === "creator") {
    return { shown: false, enabled: false,
      note: t("Only the players write here; you may mute a seat below.") };
  }
  if (info.viewer.kind !== "seat") {
    return { shown: false, enabled: false, note: t("Only the players write here.") };
  }
  if (info.status === "cancelled") {
    return { shown: true, enabled: false, note: t("The game was cancelled: the table is closed.") };
  }
  if (muted.includes(info.viewer.seat)) {
    return { shown: true, enabled: false,
      note: t("The game's creator has muted your seat: you may read, but not write.") };
  }
  return { shown: true, enabled: true, note: "" };
}

/**
 * The creator's mute buttons, one per seat that has a player; none for anyone else.
 * @param {{viewer: {kind: string}, seats: object[]}} info from `readGame`
 * @param {number[]} muted the muted seats
 * @returns {Array<{seat: number, who: string, colour: string, muted: boolean, text: string,
 *   label: string}>} `text` the button's word, `label` what it does, naming the player
 */
export function muteChoices(info, muted) {
  if (info.viewer.kind !== "creator") return [];
  return info.seats.filter((s) => !s.open).map((s) => {
    const isMuted = muted.includes(s.seat);
    const words = { name: s.name, colour: colourName(s.colour) };
    return { seat: s.seat, who: s.name, colour: s.colour, muted: isMuted,
      text: isMuted ? t("Unmute") : t("Mute"),
      label: isMuted ? t("Unmute {name} ({colour})", words) : t("Mute {name} ({colour})", words) };
  });
}
