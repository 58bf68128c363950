/**
 * What the page tells a player when the API refuses: the API's error codes (service/plumbing/errors.py,
 * engine/errors.py) in players' words. Many of the service's messages are written for people
 * and name what was wrong ("The message has 612 characters; the limit is 500."): those are kept.
 * The ones that speak of headers, tokens, versions or request bodies are replaced here. Pure,
 * no DOM.
 */

import { t } from "./i18n.js";

/** A link that opens no game: cut short in a mail, mistyped, or replaced by a new one. */
export function brokenLink() {
  return t("This link does not open a game: it may be incomplete or replaced. Ask the game's "
    + "creator for a new link, or use \"Lost your link to a game?\" on the front page.");
}

function reload() {
  return t("Something went wrong on the way to the server. Reload the page and try again.");
}

/** A field's path in words, counting from 1 as people do: ["seats", "0", "email"] → "seat 1
 * email". */
function fieldName(path) {
  const words = [];
  for (const part of path) {
    const previous = words.at(-1);
    if (/^\d+$/.test(part) && previous?.endsWith("s")) {
      words[words.length - 1] = `${previous.slice(0, -1)} ${Number(part) + 1}`;
    } else {
      words.push(/^\d+$/.test(part) ? String(Number(part) + 1) : part.replaceAll("_", " "));
    }
  }
  return words.join(" ");
}

/**
 * The form's fields that the API refused, as "email: Not a valid email address" each (webargs
 * nests them by where they were read: `{json: {email: ["..."]}}`).
 */
function fieldProblems(fields, path = []) {
  if (Array.isArray(fields)) {
    const name = fieldName(path.filter((p) => p !== "json" && p !== "query"));
    return fields.filter((m) => typeof m === "string")
      .map((m) => `${name ? `${name}: ` : ""}${m.replace(/\.$/, "")}`);
  }
  if (fields && typeof fields === "object") {
    return Object.entries(fields).flatMap(([key, value]) => fieldProblems(value, [...path, key]));
  }
  return [];
}

/**
 * Sentences by code, each a function of the error's details and the server's message (the
 * texts are looked up when the error is met, in the page's language). Codes not here keep
 * the server's message, which comes in the reader's language.
 */
const WORDS = Object.freeze({
  "auth/missing_token": brokenLink,
  "auth/forbidden": (details) => (details.token_kind ? t("Your link does not let you do that.")
    : brokenLink()),
  "game/not_found": () => t("There is no game with this id: check that the link or the id was "
    + "copied whole."),
  "invite/invalid": () => t("This invite code is not the game's: copy the invitation link "
    + "whole, or ask the game's creator for a new one."),
  "game/not_open": () => t("This game takes no more players."),
  "game/over": () => t("The game is over: no more moves are taken."),
  "game/wrong_phase": () => t("That cannot be done at this point of the game; the board shows "
    + "what can."),
  "move/not_your_turn": () => t("It is not your move."),
  "game/stale_version": () => t("The game moved on while you were choosing. Choose again."),
  "request/too_large": () => t("That is too long to send."),
  "rate/limited": () => t("Too many tries in a short time: wait a minute, then try again."),
  "server/error": () => t("Something went wrong on our side. Try again later."),
  "server/database_unavailable": () => t("The game cannot be reached just now. Try again in a "
    + "moment."),
  "network/unreachable": () => t("The server cannot be reached: check your connection."),
  "http/unexpected": () => t("The server did not answer as it should. Try again in a moment."),
  "http/not_found": reload,
  "http/method_not_allowed": reload,
  "request/malformed": reload,
  "request/invalid_json": reload,
  "request/invalid": (details) => {
    const problems = fieldProblems(details.fields ?? {});
    // TRANSLATORS: {problems} lists the form's fields and what is wrong with each.
    return problems.length ? t("Please check: {problems}.", { problems: problems.join("; ") })
      : reload();
  },
  "request/unsupported_media_type": reload,
  "idempotency/key_reused": reload,
  "plan/empty": () => t("Your plan has no move: choose one on the board, or tick \"Flip the "
    + "rest\"."),
  // The server names the line by its action's data; the page says its number and the reason
  // (when the server's message gives it after "cannot be planned: ", as the English does).
  "plan/invalid_line": (details, message) => {
    const reason = message.split("cannot be planned: ")[1];
    const number = (details.line ?? 0) + 1;
    // TRANSLATORS: {reason} is the server's own sentence saying why the move cannot be played.
    return reason ? t("Move {number} of your plan cannot be played: {reason}", { number, reason })
      : t("Move {number} of your plan cannot be played. Remove it or choose again.", { number });
  },
});

/**
 * Say an API refusal in players' words.
 * @param {string} code e.g. "auth/missing_token"
 * @param {string} message the server's own message, kept for codes that have no words here
 * @param {object} [details] the error's details
 * @returns {string}
 */
export function playerMessage(code, message, details = {}) {
  const words = Object.hasOwn(WORDS, code) ? WORDS[code] : null;
  return words ? words(details ?? {}, message ?? "") : message;
}
