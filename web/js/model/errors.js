/**
 * What the page tells a player when the API refuses: the API's error codes (service/plumbing/errors.py,
 * engine/errors.py) in players' words. Many of the service's messages are written for people
 * and name what was wrong ("The message has 612 characters; the limit is 500."): those are kept.
 * The ones that speak of headers, tokens, versions or request bodies are replaced here. Pure,
 * no DOM.
 */

import { t, tn } from "./i18n.js";

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
 * A record the service refused to open: its reason (the server's words, which name the entry
 * at fault; "entry 3: ..." is added where they do not), in the reader's language.
 */
function refusedRecord(details, message) {
  const entry = Number.isInteger(details.entry) ? details.entry : null;
  const reason = entry === null || message.includes(String(entry)) ? message
    // TRANSLATORS: {number} counts the record's entries from 1; {reason} is why it fails.
    : t("entry {number}: {reason}", { number: entry, reason: message });
  return reason ? t("This record cannot be opened: {reason}", { reason })
    : t("This record cannot be opened: it is not a record of this game's kind.");
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
  "takeback/off": () => t("The creator of this game chose no takebacks."),
  "takeback/nothing": () => t("You have no move of this game turn to take back."),
  "takeback/card_drawn": () => t("The monster has turned up a card since your move: it can no "
    + "longer be taken back."),
  "takeback/none": () => t("Nobody is asking to take back a move any more."),
  "takeback/lapsed": () => t("The game moved on since the takeback was asked: nothing was "
    + "taken back."),
  "takeback/not_asked": () => t("Only the players whose moves it would take back say yes or "
    + "no to this takeback."),
  "takeback/not_yours": () => t("Only the player who asked for this takeback may withdraw it."),
  "rematch/not_over": () => t("A rematch can be asked for once the game is over."),
  "rematch/none": () => t("Nobody has asked for a rematch of this game."),
  "rematch/started": () => t("The rematch has been decided already."),
  "rematch/not_started": () => t("The rematch has not started yet: it waits for the players' "
    + "answers."),
  // The server's sentence names the setting that cannot be (in the reader's language).
  "rematch/invalid": (details, message) => message
    || t("The next game cannot be made with these settings."),
  "table/not_found": () => t("This link does not open a table: it may be incomplete. Ask "
    + "whoever made the table for its link."),
  "table/same_colour": () => t("Two players of the table have the same colour: give each "
    + "their own."),
  "sandbox/not_found": () => t("This link does not open a sandbox: it may be incomplete, or "
    + "the sandbox was deleted a while after its last change."),
  "sandbox/stale_version": () => t("The sandbox changed in another window: it is shown as it "
    + "is now. Try again."),
  "sandbox/monster_due": () => t("It is the monster's turn: choose its card, or draw one."),
  "sandbox/no_such_version": () => t("There is no such position to go to."),
  "sandbox/unknown_level": () => t("The computer plays easy, normal or hard."),
  "preview/off": () => t("This game shows no monster preview: its creator did not choose it."),
  "record/invalid": refusedRecord,
  "replay/mismatch": refusedRecord,
  "record/unavailable": () => t("This game has no record to give just now: its log does not "
    + "play again to its position. Tell the game's creator."),
  "note/too_long": (details) => (Number.isInteger(details.length)
    ? tn("Your notes have {n} character; they may have at most {limit}.",
      "Your notes have {n} characters; they may have at most {limit}.", details.length,
      { limit: details.limit ?? 4000 })
    : t("Your notes are too long: shorten them and save again.")),
  "note/invalid_text": () => t("Your notes hold an invisible control character: remove it and "
    + "save again."),
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
