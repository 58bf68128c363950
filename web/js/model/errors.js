/**
 * What the page tells a player when the API refuses: the API's error codes (service/errors.py,
 * engine/errors.py) in players' words. Many of the service's messages are written for people
 * and name what was wrong ("The message has 612 characters; at most 500 fit."): those are kept.
 * The ones that speak of headers, tokens, versions or request bodies are replaced here. Pure,
 * no DOM.
 */

/** A link that opens no game: cut short in a mail, mistyped, or replaced by a new one. */
export const BROKEN_LINK = "This link does not open a game: it may be incomplete or replaced. "
  + "Ask the game's creator for a new link, or use \"I lost my link\" on the front page.";

const RELOAD = "Something went wrong on the way to the server. Reload the page and try again.";

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
 * Sentences by code; a function gets the error's details and the server's message. Codes not
 * here keep their message.
 */
const WORDS = Object.freeze({
  "auth/missing_token": BROKEN_LINK,
  "auth/forbidden": (details) => (details.token_kind ? "Your link does not let you do that."
    : BROKEN_LINK),
  "game/not_found": "There is no game with this id: check that the link or the id was copied "
    + "whole.",
  "invite/invalid": "This invite code is not the game's: copy the invitation link whole, or "
    + "ask the game's creator for a new one.",
  "game/not_open": "This game takes no more players.",
  "game/over": "The game is over: no more moves are taken.",
  "game/wrong_phase": "That cannot be done at this point of the game; the board shows what can.",
  "move/not_your_turn": "It is not your move.",
  "game/stale_version": "The game moved on while you were choosing. Choose again.",
  "request/too_large": "That is too long to send.",
  "rate/limited": "Too many tries in a short time: wait a minute, then try again.",
  "server/error": "Something went wrong on our side. Try again later.",
  "server/database_unavailable": "The game cannot be reached just now. Try again in a moment.",
  "network/unreachable": "The server cannot be reached: check your connection.",
  "http/unexpected": "The server did not answer as it should. Try again in a moment.",
  "http/not_found": RELOAD,
  "http/method_not_allowed": RELOAD,
  "request/malformed": RELOAD,
  "request/invalid_json": RELOAD,
  "request/invalid": (details) => {
    const problems = fieldProblems(details.fields ?? {});
    return problems.length ? `Please check: ${problems.join("; ")}.` : RELOAD;
  },
  "request/unsupported_media_type": RELOAD,
  "idempotency/key_reused": RELOAD,
  "plan/empty": "Your plan has no move: choose one on the board, or tick \"Flip the rest\".",
  // The server names the line by its action's data; the page says its number and the reason.
  "plan/invalid_line": (details, message) => {
    const reason = message.split("cannot be planned: ")[1];
    return `Move ${(details.line ?? 0) + 1} of your plan cannot be played`
      + (reason ? `: ${reason}` : ". Remove it or choose again.");
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
  const words = WORDS[code];
  if (typeof words === "function") return words(details ?? {}, message ?? "");
  return words ?? message;
}
