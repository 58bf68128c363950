/**
 * The lobby's data: the create-game form's values → the request the API takes
 * (`POST /games`), the creation's answer → the links to hand out, the join form → the join
 * request, the make-a-table form → `POST /tables`. Pure, no DOM. It checks only what the
 * form itself can get wrong (a seat with neither a name nor "open"); the server checks the
 * rest and its errors are shown as they come.
 */

import { isolate } from "./captions.js";
import { LANGUAGES, t, tn } from "./i18n.js";
import { colourName } from "./viewmodel.js";

/** The figure colours, in the order the service gives them to seats that choose none. */
export const COLOURS = Object.freeze(["green", "red", "blue", "yellow", "beige", "purple", "black"]);

/** The number of seats a game may have. */
export const SEATS = Object.freeze({ min: 2, max: 7 });

/**
 * The rule options the API takes besides basic/experienced (engine.Options), for people (each
 * `label` in the page's language when read).
 */
export const OPTIONS = Object.freeze([
  Object.freeze({ name: "random_setup",
    get label() { return t("Random set-up of the stones and tiles"); } }),
  Object.freeze({ name: "three_hits",
    get label() { return t("Use the \"3 hits\" card (6–7 players)"); } }),
  Object.freeze({ name: "online_teleporter_rule",
    get label() { return t("Teleporters placed as on the online site"); } }),
  Object.freeze({ name: "open_exit",
    get label() { return t("Teleporters may not wall off the exit"); } }),
]);

/**
 * How a game's seats may take back their last move (the API's `takebacks`), for people
 * (each `label` in the page's language when read): with the agreement of those it concerns
 * (the default), freely until the next player moves, or not at all.
 */
export const TAKEBACKS = Object.freeze([
  Object.freeze({ value: "agreement",
    get label() { return t("with the agreement of those it concerns"); } }),
  Object.freeze({ value: "free",
    get label() { return t("freely until the next player moves"); } }),
  Object.freeze({ value: "off", get label() { return t("never"); } }),
]);

/**
 * The rules the service adds around a game, as the create request and a table's take them:
 * the takeback rule and the monster preview, each only when chosen.
 */
function tableRules(form) {
  return {
    ...(TAKEBACKS.some((m) => m.value === form.takebacks) ? { takebacks: form.takebacks } : {}),
    ...(form.monsterPreview ? { monster_preview: true } : {}),
  };
}

/** The seats of the form as the API takes them; what to fix in them goes to `problems`. */
function seatsOf(formSeats, problems, nameless = (number) => t("Seat {number}: give the "
  + "player's name, or leave the seat open.", { number })) {
  return formSeats.map((s, i) => {
    if (s.open) return { open: true, ...(s.colour ? { colour: s.colour } : {}) };
    const name = (s.name ?? "").trim();
    if (s.computer) {
      return { computer: s.computer, ...(name ? { name } : {}),
        ...(s.colour ? { colour: s.colour } : {}) };
    }
    if (!name) problems.push(nameless(i + 1));
    const email = (s.email ?? "").trim();
    return { name, ...(email ? { email } : {}), ...(s.colour ? { colour: s.colour } : {}) };
  });
}

const HOUR = 3600;

/** The longest name a game may have (the API's limit). */
export const GAME_NAME_LENGTH = 60;

/**
 * Build the create-game request from the form's values.
 * @param {object} form
 * @param {"basic"|"experienced"} form.rules
 * @param {Record<string, boolean>} [form.options] the `OPTIONS` by name
 * @param {Array<{name?: string, email?: string, colour?: string, open?: boolean,
 *   computer?: string}>} form.seats `computer`: the level at which the computer plays the
 *   seat ("" or absent: a person)
 * @param {string} [form.start] "random" or a seat number
 * @param {string} [form.hours] hours per move ("" or absent: no limit)
 * @param {string} [form.title] the game's name ("" or absent: named from its id)
 * @param {string} [form.language] the game's language ("en", "de", ...; absent: the service's
 *   default), in which its mails go to seats that chose none
 * @param {string} [form.takebacks] one of `TAKEBACKS` (absent: the service's default)
 * @param {boolean} [form.monsterPreview] show where the monster would walk
 * @returns {{spec: object|null, problems: string[]}} the request, or what to fix first
 */
export function gameSpec(form) {
  const problems = [];
  if (form.seats.length < SEATS.min || form.seats.length > SEATS.max) {
    problems.push(t("A game has {min} to {max} seats.", SEATS));
  }
  const seats = seatsOf(form.seats, problems);
  const options = { experienced: form.rules === "experienced" };
  for (const { name } of OPTIONS) options[name] = Boolean(form.options?.[name]);
  const start = form.start ?? "random";
  const startSeat = start === "random" ? null : Number(start);
  if (startSeat !== null && !(startSeat >= 0 && startSeat < form.seats.length)) {
    problems.push(t("The start player must be one of the seats."));
  }
  const hours = (form.hours ?? "").trim();
  const limit = hours === "" ? null : Math.round(Number(hours) * HOUR);
  if (limit !== null && !(limit > 0)) problems.push(t("The time per move is a number of hours."));
  const title = (form.title ?? "").trim();
  if (title.length > GAME_NAME_LENGTH) {
    problems.push(tn("A game's name has at most {n} character.",
      "A game's name has at most {n} characters.", GAME_NAME_LENGTH));
  }
  if (problems.length) return { spec: null, problems };
  const language = LANGUAGES.includes(form.language) ? { language: form.language } : {};
  return {
    spec: { ...(title ? { name: title } : {}), seats, options, start_seat: startSeat,
      move_time_limit: limit, ...language, ...tableRules(form) },
    problems,
  };
}

/**
 * Build the request that makes a table (`POST /tables`) from its form: its name, its players
 * as the create form's seats (no open seat: a table's players are known), its language and
 * the rules the service adds.
 * @param {{name: string, seats: object[], language?: string, takebacks?: string,
 *   monsterPreview?: boolean}} form
 * @returns {{spec: object|null, problems: string[]}}
 */
export function tableSpec(form) {
  const problems = [];
  const name = (form.name ?? "").trim();
  if (!name) problems.push(t("Give the table a name."));
  if (name.length > GAME_NAME_LENGTH) {
    problems.push(tn("A table's name has at most {n} character.",
      "A table's name has at most {n} characters.", GAME_NAME_LENGTH));
  }
  if (form.seats.length < SEATS.min || form.seats.length > SEATS.max) {
    problems.push(t("A table has {min} to {max} players.", SEATS));
  }
  const members = seatsOf(form.seats.map((seat) => ({ ...seat, open: false })), problems,
    (number) => t("Player {number}: give their name, or let the computer play.", { number }));
  if (problems.length) return { spec: null, problems };
  const language = LANGUAGES.includes(form.language) ? { language: form.language } : {};
  return { spec: { name, members, ...language, ...tableRules(form) }, problems };
}

/** A seat of a new game in words, as its link and its held invitation name it. */
function seatLabel(s) {
  return t("Seat {number}: {name} ({colour})",
    { number: s.seat + 1, name: isolate(s.name), colour: colourName(s.colour) });
}

/**
 * The links of a new game to hand out, from the creation's answer: one per seat (an open
 * seat gets the invitation instead), the spectators' and the creator's.
 * @param {object} created the answer of `POST /games`
 * @returns {Array<{kind: "seat"|"invite"|"spectator"|"creator", label: string, url: string,
 *   secret?: string}>}
 */
export function createdLinks(created) {
  const links = [];
  for (const s of created.seats) {
    if (s.link) links.push({ kind: "seat", label: seatLabel(s), url: s.link });
  }
  if (created.invite_link) {
    const open = created.seats.filter((s) => s.open).map((s) => colourName(s.colour));
    // TRANSLATORS: {colours} lists the colours of the open seats, "red, blue".
    links.push({ kind: "invite", label: t("Invitation to the open seats ({colours})",
      { colours: open.join(", ") }),
      url: created.invite_link, secret: created.invite_code });
  }
  links.push({ kind: "spectator", label: t("Spectators"), url: created.spectator_link });
  links.push({ kind: "creator", label: t("You, the creator (cancel, pause)"),
    url: created.creator_link, secret: created.creator_token });
  return links;
}

/**
 * The seats of a new game whose invitation by email the service held back (their address
 * has never answered it and had its invitations for the day, or the creator's connection
 * its invitations of the hour): the creator sends those links by hand.
 * @param {object} created the answer of `POST /games`
 * @returns {Array<{seat: number, label: string, reason: string, message: string}>} `label`
 *   names the seat as its link does; `message` is why and what to do, as the service words
 *   it in the page's language
 */
export function heldInvitations(created) {
  const seats = new Map(created.seats.map((s) => [s.seat, s]));
  return (created.held_invitations ?? []).map((held) => ({
    seat: held.seat, label: seatLabel(seats.get(held.seat)), reason: held.reason,
    message: held.message,
  }));
}

/**
 * Build the join request from the join form.
 * @param {{code: string, name: string, email?: string, seat?: string, language?: string,
 *   timeZone?: string}} form `seat` "" or absent: the first open seat; `language` and
 *   `timeZone` the joining player's (for their mails), sent when given
 * @returns {{join: object|null, problems: string[]}}
 */
export function joinSpec(form) {
  const problems = [];
  const code = (form.code ?? "").trim();
  const name = (form.name ?? "").trim();
  if (!code) problems.push(t("Give the invite code from your invitation."));
  if (!name) problems.push(t("Give your name."));
  if (problems.length) return { join: null, problems };
  const email = (form.email ?? "").trim();
  const seat = form.seat ?? "";
  return {
    join: {
      invite_code: code, name,
      ...(email ? { email } : {}),
      ...(seat !== "" ? { seat: Number(seat) } : {}),
      ...(LANGUAGES.includes(form.language) ? { language: form.language } : {}),
      ...(form.timeZone ? { time_zone: form.timeZone } : {}),
    },
    problems,
  };
}

/**
 * The path of a link the service made, token fragment kept: the page opens it on its own
 * origin, which may differ from the service's public address in a local run.
 * @param {string} link e.g. "https://ff.example/play/G1#t=abc"
 * @returns {string} e.g. "/play/G1#t=abc"
 */
export function pagePath(link) {
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}
