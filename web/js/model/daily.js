/**
 * One mail a day for all the games of an address, in words: the choice as the API gives it
 * (`GET /home`'s `daily_mail`, `GET /games/{id}/daily-mail`: `{email, daily, hour, time_zone,
 * language}`), the hours to choose from, and what the player gets. Pure, no DOM.
 */

import { language, t } from "./i18n.js";

export const PER_GAME = "per_game";
export const DAILY = "daily";

/** The hours of the day the mail may go at, 0 to 23. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * An hour of the day as the reader writes it: "8:00 AM", "08:00".
 * @param {number} hour 0 to 23
 * @param {string} [lang] a language code, by default the page's
 * @returns {string}
 */
export function hourLabel(hour, lang = language()) {
  return new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit", timeZone: "UTC" })
    .format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/**
 * The choice's value in the page's chooser: a mail per game, or one a day.
 * @param {{daily: boolean}} choice
 * @returns {string}
 */
export function modeOf(choice) {
  return choice.daily ? DAILY : PER_GAME;
}

/**
 * What the player gets with `choice`, in a sentence.
 * @param {{daily: boolean, hour: number, time_zone: string}} choice
 * @returns {string}
 */
export function dailyWords(choice) {
  if (!choice.daily) {
    return t("Each game mails you as its own email setting says.");
  }
  // TRANSLATORS: {hour} is an hour like "8:00 AM", {zone} a time zone like "Europe/Berlin".
  return t("At {hour} ({zone}) one mail lists every game waiting for your move, with its "
    + "moves and its own address to answer with a move; no other mail asks for your moves. "
    + "The end of a game and invitations still come on their own; a game set to no email "
    + "stays out. The time zone is the one set for the game you joined last.",
  { hour: hourLabel(choice.hour), zone: choice.time_zone });
}
