/**
 * The API client: every call the page makes to `/api/v1`, and nothing else. Pure apart from
 * the `fetch` it is given (node tests give a fake one). A token from the page's link goes in
 * `Authorization: Bearer`; reads are conditional (`If-None-Match` with the ETag of the view
 * the page has: 304 means nothing changed); a submission names the version it was chosen on
 * and carries an `Idempotency-Key`, so a retry is applied once; every refusal becomes an
 * `ApiError` with the server's code and details, and a message for players (model/errors.js).
 * The calls of takebacks, tables, records, sandboxes, the preview and notes are in
 * model/tablecalls.js.
 */

import { playerMessage } from "./errors.js";
import { language } from "./i18n.js";
import { tableCalls } from "./tablecalls.js";

/** An answer of the API that is not a success: `{"error": {code, message, details}}`. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: no answer at all)
   * @param {string} code e.g. "game/stale_version", "move/illegal"
   * @param {string} serverMessage the server's message
   * @param {object} [details] context: the current game for a stale version, the fields...
   */
  constructor(status, code, serverMessage, details = {}) {
    // The page shows `message`: the code in players' words (model/errors.js).
    super(playerMessage(code, serverMessage, details));
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }

  /** @returns {boolean} whether the action was chosen on a view that is no longer current */
  get isStale() {
    return this.code === "game/stale_version";
  }
}

/**
 * Read the token (`#t=`), invite code (`#code=`), home token (`#h=`) or email confirmation
 * code (`#c=`) from a link's fragment.
 * @param {string} hash e.g. "#t=abc" (with or without the "#")
 * @returns {{token: string|null, code: string|null, home: string|null, confirm: string|null}}
 */
export function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const at = /^\d+$/.test(params.get("v") ?? "") ? Number(params.get("v")) : null;
  return { token: params.get("t") || null, code: params.get("code") || null,
    home: params.get("h") || null, confirm: params.get("c") || null, at };
}

/**
 * The link to a game's position: the page's own address with `v=<version>` in the fragment,
 * beside the token (which stays there, unseen by servers); it opens the step-through there.
 * @param {string} href the page's address, e.g. "https://ff.example/play/G1#t=abc"
 * @param {number} version the game's version after the position's action
 * @returns {string}
 */
export function positionLink(href, version) {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.replace(/^#/, ""));
  params.set("v", String(version));
  url.hash = params.toString();
  return url.toString();
}

/**
 * Which page an address asks for: the lobby, a game, joining a game, a sandbox
 * (`/sandbox/<id>#t=`), a table (`/table/<id>#t=`), or a demo; `gameId` is the id in the
 * path (the sandbox's or the table's on theirs).
 * @param {string} pathname e.g. "/play/G1"
 * @param {string} search e.g. "?demo=basic"
 * @param {string} hash e.g. "#t=abc"
 * @returns {{page: "lobby"|"play"|"join"|"sandbox"|"table"|"home"|"demo"|"unknown",
 *   gameId: string|null,
 *   token: string|null, code: string|null, home: string|null, confirm: string|null,
 *   demo: string|null, at: number|null}} `at`: the game version a position link names
 */
export function route(pathname, search, hash) {
  const demo = new URLSearchParams(search).get("demo");
  const { token, code, home, confirm, at } = readFragment(hash);
  const base = { gameId: null, token, code, home, confirm, demo, at };
  if (demo !== null) return { ...base, page: "demo" };
  const match = /^\/(play|join|sandbox|table)\/([^/]+)\/?$/.exec(pathname);
  if (match) return { ...base, page: match[1], gameId: decodeURIComponent(match[2]) };
  if (pathname === "/" || pathname.endsWith("/index.html")) return { ...base, page: "lobby" };
  if (/^\/home\/?$/.test(pathname)) return { ...base, page: "home" };
  return { ...base, page: "unknown" };
}

function randomKey() {
  return globalThis.crypto.randomUUID();
}

async function errorOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status is all there is to say.
  }
  const error = body?.error;
  if (error && typeof error.code === "string") {
    return new ApiError(response.status, error.code, error.message ?? error.code,
      error.details ?? {});
  }
  return new ApiError(response.status, "http/unexpected",
    `The server answered ${response.status} ${response.statusText ?? ""}`.trim());
}

/**
 * Create a client of the API.
 * @param {object} options
 * @param {function(string, object): Promise<Response>} options.fetch `fetch` or a fake
 * @param {string} [options.base] the API's address, "/api/v1" by default
 * @param {string|null} [options.token] the token from the page's link
 * @param {function(): string} [options.newKey] makes an idempotency key (a random UUID)
 * @returns {object} the calls; each returns a promise and throws `ApiError` on a refusal
 */
export function createClient({ fetch, base = "/api/v1", token = null, newKey = randomKey }) {
  async function call(method, path, { body, headers = {}, ok = [200] } = {}) {
    // Errors come back in the reader's language.
    const all = { Accept: "application/json", "Accept-Language": language(), ...headers };
    if (token) all.Authorization = `Bearer ${token}`;
    if (body !== undefined) all["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(`${base}${path}`, {
        method, headers: all, body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (cause) {
      throw new ApiError(0, "network/unreachable",
        `The server could not be reached (${cause.message}).`);
    }
    if (!ok.includes(response.status)) throw await errorOf(response);
    return response;
  }
  const game = (id, rest = "") => `/games/${encodeURIComponent(id)}${rest}`;
  const json = async (response) => (response.status === 204 ? null : response.json());

  return {
    token,
    ...tableCalls({ call, json, game }),
    /**
     * Create a game (see the API's CreateGameSchema).
     * @param {object} spec `{seats, options, start_seat, move_time_limit}`
     * @returns {Promise<object>} the creator's links, tokens and the game
     */
    async createGame(spec) {
      return json(await call("POST", "/games", { body: spec, ok: [201] }));
    },
    /**
     * Take an open seat with the invite code.
     * @param {string} id
     * @param {object} join `{invite_code, name, email?, seat?}`
     * @returns {Promise<object>} the seat, its token and link, and the game
     */
    async joinGame(id, join) {
      return json(await call("POST", game(id, "/join"), { body: join, ok: [201] }));
    },
    /**
     * Read the game as the token's holder sees it, unless it is unchanged since `etag`.
     * @param {string} id
     * @param {string|null} [etag] the ETag of the view the page has
     * @returns {Promise<{changed: boolean, game: object|null, etag: string|null}>}
     */
    async readGame(id, etag = null) {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await call("GET", game(id), { headers, ok: [200, 304] });
      const tag = response.headers.get("ETag") ?? etag;
      if (response.status === 304) return { changed: false, game: null, etag: tag };
      return { changed: true, game: await response.json(), etag: tag };
    },
    /**
     * Submit an action for the token's seat, chosen on the view at `expectedVersion`.
     * @param {string} id
     * @param {object} action structured: `{type: "move", figure, path}`, a flip, a placement
     * @param {number} expectedVersion
     * @param {string} [key] the idempotency key: send the same one to retry this submission
     * @returns {Promise<object>} `{action, events, game}`
     */
    async submit(id, action, expectedVersion, key = newKey()) {
      const response = await call("POST", game(id, "/actions"), {
        body: { expected_version: expectedVersion, action },
        headers: { "Idempotency-Key": key }, ok: [201],
      });
      return json(response);
    },
    /**
     * A page of the game's events after the sequence number `after`.
     * @returns {Promise<{items: object[], next_after: number, has_more: boolean,
     *   version: number}>}
     */
    async events(id, after = 0, limit = 500) {
      return json(await call("GET", game(id, `/events?after=${after}&limit=${limit}`)));
    },
    /**
     * A page of the game's accepted actions after the sequence number `after`.
     * @returns {Promise<object>} like `events`
     */
    async actions(id, after = 0, limit = 500) {
      return json(await call("GET", game(id, `/actions?after=${after}&limit=${limit}`)));
    },
    /**
     * A ticket that opens the game's live stream (an `EventSource` sends no token). With
     * `etag` (the game as the page last read it), `changed` says whether the game moved
     * since, and the stream tells only what changes after the ticket.
     * @param {string} id
     * @param {?string} [etag]
     * @returns {Promise<{ticket: string, url: string, expires_at: string, messages: number,
     *   changed?: boolean}>}
     */
    async liveTicket(id, etag = null) {
      return json(await call("POST", game(id, "/live"),
        { ok: [201], body: etag ? { etag } : undefined }));
    },
    /**
     * The game's first position as the token's holder sees it, to replay the game from its
     * first action on any device.
     * @returns {Promise<{version: number, position: object}>}
     */
    async start(id) {
      return json(await call("GET", game(id, "/start")));
    },
    /**
     * Every event after `after`, page after page.
     * @returns {Promise<{items: object[], next_after: number, version: number}>}
     */
    async eventsSince(id, after = 0) {
      const items = [];
      let page;
      let cursor = after;
      do {
        page = await this.events(id, cursor);
        items.push(...page.items);
        cursor = page.next_after;
      } while (page.has_more);
      return { items, next_after: cursor, version: page.version };
    },
    /**
     * A page of the game's table talk after the sequence number `after`.
     * @returns {Promise<{items: object[], next_after: number, has_more: boolean,
     *   version: number, muted: number[]}>}
     */
    async messages(id, after = 0, limit = 100) {
      return json(await call("GET", game(id, `/messages?after=${after}&limit=${limit}`)));
    },
    /**
     * Post a message to the table for the token's seat.
     * @returns {Promise<object>} the message `{seq, seat, name, colour, text, created_at}`
     */
    async postMessage(id, text) {
      return json(await call("POST", game(id, "/messages"), { body: { text }, ok: [201] }));
    },
    /**
     * Mute or unmute a seat (the creator's token).
     * @returns {Promise<{seat: number, muted: boolean}>}
     */
    async setMute(id, seat, muted) {
      return json(await call("PUT", game(id, `/seats/${seat}/mute`), { body: { muted } }));
    },
    /** @returns {Promise<object>} the seat's email mode, address and latest emails */
    async notifications(id) {
      return json(await call("GET", game(id, "/notifications")));
    },
    /**
     * Set how often the seat is emailed: every_event, my_turn, digest or none.
     * @returns {Promise<object>} as `notifications`
     */
    async setNotifications(id, emailMode) {
      return json(await call("PUT", game(id, "/notifications"), { body: { email_mode: emailMode } }));
    },
    /**
     * Set which of the seat's emails to the game's reply address are answered: needed (only
     * those that need an answer) or every.
     * @returns {Promise<object>} as `notifications`
     */
    async setAnswers(id, answers) {
      return json(await call("PUT", game(id, "/notifications"), { body: { answers } }));
    },
    /**
     * Whether the seat's address gets one mail a day for all its games, and when.
     * @returns {Promise<{email: string, daily: boolean, hour: number, time_zone: string,
     *   language: string}>}
     */
    async dailyMail(id) {
      return json(await call("GET", game(id, "/daily-mail")));
    },
    /**
     * Choose one mail a day for all the games of the seat's address (or a mail per game), and
     * its hour; what is left out stays.
     * @param {string} id
     * @param {{daily?: boolean, hour?: number}} choice
     * @returns {Promise<object>} as `dailyMail`
     */
    async setDailyMail(id, choice) {
      return json(await call("PUT", game(id, "/daily-mail"), { body: choice }));
    },
    /**
     * Set the seat's language and time zone: its mails, answers and page follow them.
     * @param {string} id
     * @param {object} choice `{language?, time_zone?}` ("de", "Europe/Berlin")
     * @returns {Promise<object>} `{language, time_zone}` as now stored
     */
    async setSeatLanguage(id, choice) {
      return json(await call("PUT", game(id, "/language"), { body: choice }));
    },
    /** @returns {Promise<{items: object[]}>} the token holder's webhooks in the game */
    async webhooks(id) {
      return json(await call("GET", game(id, "/webhooks")));
    },
    /**
     * Add a webhook for the token's holder.
     * @param {string} id
     * @param {object} spec `{url, ...}` as the API takes it
     * @returns {Promise<object>} the webhook, with its signing secret (shown once)
     */
    async addWebhook(id, spec) {
      return json(await call("POST", game(id, "/webhooks"), { body: spec, ok: [201] }));
    },
    /** Delete one of the token holder's webhooks. */
    async deleteWebhook(id, endpointId) {
      await call("DELETE", game(id, `/webhooks/${endpointId}`), { ok: [204] });
    },
    /**
     * Ask for new links to every seat of an address, by email ("I lost my link").
     * @returns {Promise<{message: string}>} the same answer for every address
     */
    async lostLinks(email) {
      return json(await call("POST", "/links/lost", { body: { email }, ok: [202] }));
    },
    /**
     * Ask for a link to all the games of an address, by email.
     * @returns {Promise<{message: string}>} the same answer for every address
     */
    async askHomeLink(email) {
      return json(await call("POST", "/home/link", { body: { email }, ok: [202] }));
    },
    /**
     * Every game of the home token's address, those waiting for it first, and its choice of
     * one mail a day for all of them.
     * @returns {Promise<{email: string, expires_at: string, games: object[],
     *   daily_mail: object}>}
     */
    async home() {
      return json(await call("GET", "/home"));
    },
    /**
     * Choose one mail a day for all the home token's address's games (or a mail per game),
     * and its hour; what is left out stays.
     * @param {{daily?: boolean, hour?: number}} choice
     * @returns {Promise<object>} the choice as now stored, as `home()`'s `daily_mail`
     */
    async setHomeDailyMail(choice) {
      return json(await call("PUT", "/home/daily-mail", { body: choice }));
    },
    /** Stop every home link of the home token's address, and the seat links they gave. */
    async signOutEverywhere() {
      await call("DELETE", "/home", { ok: [204] });
    },
    /**
     * Ask that the token's seat's emails go to `email`, once the new address confirms it.
     * @returns {Promise<{email: string|null, pending_email: string, expires_at: string}>}
     */
    async changeEmail(id, email) {
      return json(await call("PUT", game(id, "/email"), { body: { email }, ok: [202] }));
    },
    /**
     * Email the token's seat the link the page was opened with, at the seat's address.
     * @returns {Promise<{email: string}>}
     */
    async emailMyLink(id) {
      return json(await call("POST", game(id, "/email/link"), { ok: [202] }));
    },
    /**
     * Confirm a seat's new address with the code of the link mailed to it (`/home#c=`).
     * @returns {Promise<{game_id: string, name: string, seat: number, colour: string,
     *   email: string}>}
     */
    async confirmEmail(code) {
      return json(await call("POST", "/email/confirm", { body: { code } }));
    },
    /** @returns {Promise<{message_id: string}>} a test ping written for the webhook */
    async pingWebhook(id, endpointId) {
      return json(await call("POST", game(id, `/webhooks/${endpointId}/ping`), { ok: [202] }));
    },
    /**
     * A page of a webhook's delivery log: attempts with an id after `after`, oldest first.
     * @returns {Promise<{items: object[], next_after: number, has_more: boolean}>}
     */
    async webhookDeliveries(id, endpointId, after = 0, limit = 100) {
      return json(await call("GET",
        game(id, `/webhooks/${endpointId}/deliveries?after=${after}&limit=${limit}`)));
    },
    /** @returns {Promise<{message_id: string}>} the message of a delivery, written again */
    async redeliverWebhook(id, endpointId, deliveryId) {
      return json(await call("POST",
        game(id, `/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`), { ok: [202] }));
    },
    /** Pause, resume or cancel the game (the creator's token); returns the game's view. */
    async hostAction(id, what) {
      if (!["pause", "resume", "cancel"].includes(what)) throw new Error(`no host action ${what}`);
      return json(await call("POST", game(id, `/${what}`)));
    },
    /**
     * Set the time per move from the next sub-turn on (the creator's token).
     * @param {number|null} seconds null: no limit
     * @returns {Promise<object>} the game's view
     */
    async setMoveTimeLimit(id, seconds) {
      return json(await call("PUT", game(id, "/move-time-limit"),
        { body: { move_time_limit: seconds } }));
    },
    /**
     * Retire a seat's links and make a one-time invite for a new player (the creator's token).
     * @returns {Promise<{seat: number, colour: string, name: string, invite_code: string,
     *   invite_link: string}>}
     */
    async inviteToSeat(id, seat) {
      return json(await call("POST", game(id, `/seats/${seat}/invite`), { ok: [201] }));
    },
    /**
     * Let the computer play a seat at `level` (the creator's token), or (`level` null) give
     * the seat back to its player (the creator's token, or the seat's own).
     * @param {string|null} level "easy", "normal", "hard" or null
     * @returns {Promise<object>} the game's view
     */
    async setComputer(id, seat, level) {
      return json(level === null
        ? await call("DELETE", game(id, `/seats/${seat}/computer`))
        : await call("PUT", game(id, `/seats/${seat}/computer`), { body: { level } }));
    },
    /**
     * Nudge the seat the game waits for (a seat's token or the creator's; one a day a game).
     * @returns {Promise<{seat: number, by: number|null, emailed: boolean, nudged_at: string,
     *   next_nudge_at: string}>}
     */
    async nudge(id) {
      return json(await call("POST", game(id, "/nudge")));
    },
    /**
     * Set the vacation days of each seat, the missed-deadlines limit and the computer's level
     * for absent seats (the creator's token).
     * @param {{vacation_days?: number, missed_deadlines_limit?: number|null,
     *   absent_computer?: string|null}} pace
     * @returns {Promise<object>} the game's view
     */
    async setPace(id, pace) {
      return json(await call("PUT", game(id, "/pace"), { body: pace }));
    },
    /**
     * Read the token's seat's turn plan, with what it may plan now (`legal`).
     * @returns {Promise<{lines: object[], flip_rest: boolean, game_turn: number|null,
     *   stopped: string|null, legal: object}>}
     */
    async plan(id) {
      return json(await call("GET", game(id, "/plan")));
    },
    /**
     * Replace the token's seat's turn plan.
     * @param {{lines: object[], flip_rest: boolean, expected_version?: number}} plan
     * @returns {Promise<object>} the plan as saved (as `plan` reads it)
     */
    async savePlan(id, plan) {
      return json(await call("PUT", game(id, "/plan"), { body: plan }));
    },
    /** Cancel the token's seat's turn plan (none is no error). */
    async cancelPlan(id) {
      await call("DELETE", game(id, "/plan"), { ok: [204] });
    },
    /**
     * What each game this device keeps is now, each asked with its own token (in the body).
     * @param {{games: {game_id: string, token: string}[]}} kept model/device.js
     * @returns {Promise<{games: object[]}>} one answer per game, in the order asked
     */
    async myGames(kept) {
      return json(await call("POST", "/my-games", { body: kept }));
    },
    /** @returns {Promise<{public_key: string, available: boolean}>} the push key (VAPID) */
    async pushKey() {
      return json(await call("GET", "/push/key"));
    },
    /**
     * The token's seat's push settings.
     * @returns {Promise<{channels: string, mail_waits: boolean, talk: string, devices: number}>}
     */
    async pushSettings(id) {
      return json(await call("GET", game(id, "/push")));
    },
    /** Change any of `channels`, `mail_waits`, `talk`; returns the settings as now stored. */
    async setPushSettings(id, changes) {
      return json(await call("PUT", game(id, "/push"), { body: changes }));
    },
    /** Send this device's pushes for the token's seat to `subscription` (its `toJSON()`). */
    async subscribePush(id, subscription) {
      return json(await call("PUT", game(id, "/push/subscription"), { body: subscription }));
    },
    /** Send the token's seat's pushes no longer to the subscription at `endpoint`. */
    async unsubscribePush(id, endpoint) {
      return json(await call("DELETE", game(id, "/push/subscription"), { body: { endpoint } }));
    },
  };
}
