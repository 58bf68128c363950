/**
 * Words the game page's panels share, in the reader's language: a seat's label, a span of
 * time, a moment; and a player's colour in prose (model/viewmodel.js names it). Notation and
 * the API keep the English colour words; only what people read goes through here.
 */

import { isolate } from "../model/captions.js";
import { formatMoment, t, tn } from "../model/i18n.js";
import { colourName } from "../model/viewmodel.js";

const UNITS = [
  [86400, (n) => tn("{n} day", "{n} days", n)],
  [3600, (n) => tn("{n} hour", "{n} hours", n)],
  [60, (n) => tn("{n} minute", "{n} minutes", n)],
];

/**
 * A seat as the panels name it: its player (or "Seat 2" while open) and colour.
 * @param {{seat: number, name: string|null, colour: string}} seat the API's seat
 * @param {{isolated?: boolean}} [options] `isolated` (the default): the name is isolated for
 *   bidi, "⁨Ann⁩ (green)"; else plain, for labels that name buttons
 * @returns {string}
 */
export function seatLabel(seat, { isolated = true } = {}) {
  const name = seat.name ?? t("Seat {number}", { number: seat.seat + 1 });
  if (seat.computer) {
    // TRANSLATORS: a seat the computer plays: its name, its colour and the computer's level
    // ("Computer (red, computer: easy)")
    return t("{name} ({colour}, computer: {level})", { name: isolated ? isolate(name) : name,
      colour: colourName(seat.colour), level: levelName(seat.computer) });
  }
  // TRANSLATORS: a seat: its player's name, then the colour they play
  return t("{name} ({colour})",
    { name: isolated ? isolate(name) : name, colour: colourName(seat.colour) });
}

/**
 * A computer player's level in words.
 * @param {"easy"|"normal"|"hard"} level
 * @returns {string}
 */
export function levelName(level) {
  // TRANSLATORS: the levels of the computer players
  return { easy: t("easy"), normal: t("normal"), hard: t("hard") }[level] ?? level;
}

/**
 * A span of time in its largest units, to the minute, rounded down: "1 day 12 hours".
 * @param {number} seconds
 * @param {number} [most] how many units at most (the largest ones)
 * @returns {string} empty under a minute
 */
export function spanWords(seconds, most = UNITS.length) {
  const parts = [];
  let left = seconds;
  for (const [size, words] of UNITS) {
    const count = Math.floor(left / size);
    if (count) parts.push(words(count));
    left -= count * size;
  }
  return parts.slice(0, most).join(" ");
}

/**
 * An API time as the reader's language writes it, in `timeZone` (the seat's; else the
 * browser's), as the mails do: "Wed, Nov 25, 3:40 PM UTC".
 * @param {string|null} iso an API time
 * @param {string|null} [timeZone] an IANA name
 * @returns {string} empty for no time
 */
export function when(iso, timeZone = null) {
  return iso ? formatMoment(iso, timeZone ?? undefined) : "";
}

/**
 * The time zone a viewer reads times in: a seat's own, else none (the browser's).
 * @param {{time_zone?: string|null}|null|undefined} viewer the game view's viewer
 * @returns {string|null}
 */
export function zoneOf(viewer) {
  return viewer?.time_zone ?? null;
}
