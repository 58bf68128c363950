/**
 * The API's calls for the table beyond one game (docs/table.md): takebacks, rematches and
 * tables with their standings, a game's record, sandboxes, the monster preview and a seat's
 * private notes. `createClient` (model/api.js) mixes them in, with the one `call` that sends
 * the token and turns a refusal into an `ApiError`.
 */

import { fileNameOf } from "./records.js";

/**
 * The calls, made with model/api.js's `call` and its helpers.
 * @param {object} api
 * @param {function(string, string, object=): Promise<Response>} api.call method, path,
 *   `{body, headers, ok}`
 * @param {function(Response): Promise<any>} api.json the body of an answer (null for 204)
 * @param {function(string, string=): string} api.game the path of a game's resource
 * @returns {object}
 */
export function tableCalls({ call, json, game }) {
  const table = (id, rest = "") => `/tables/${encodeURIComponent(id)}${rest}`;
  const sandbox = (id, rest = "") => `/sandboxes/${encodeURIComponent(id)}${rest}`;
  return {
    /**
     * The game's takeback rule, its latest request, and what the token's seat may take back.
     * @returns {Promise<{mode: string, request: object|null, may_ask: boolean,
     *   why_not: object|null, would_undo: object[], needs?: number[]}>}
     */
    async takeback(id) {
      return json(await call("GET", game(id, "/takeback")));
    },
    /**
     * Ask to take back the seat's last move, as the game was at `expectedVersion`.
     * @returns {Promise<{status: string, request: object, game: object}>}
     */
    async askTakeback(id, expectedVersion) {
      return json(await call("POST", game(id, "/takeback"),
        { body: { expected_version: expectedVersion }, ok: [201] }));
    },
    /** Agree to the request that asks the seat, or say no; answers as `askTakeback`. */
    async answerTakeback(id, agree, expectedVersion) {
      return json(await call("POST", game(id, "/takeback/answer"),
        { body: { agree, expected_version: expectedVersion } }));
    },
    /** Withdraw the seat's request; answers as `askTakeback`. */
    async withdrawTakeback(id) {
      return json(await call("DELETE", game(id, "/takeback")));
    },
    /**
     * The game's table: its players, games, standings and the rematch asked after it.
     * @returns {Promise<object>}
     */
    async gameTable(id) {
      return json(await call("GET", game(id, "/table")));
    },
    /**
     * Ask for a rematch of the finished game (`changes`: the new game's settings, none: as
     * before). @returns {Promise<{rematch: object, you: number|null}>}
     */
    async askRematch(id, changes = {}) {
      return json(await call("POST", game(id, "/rematch"), { body: changes, ok: [201] }));
    },
    /** Play the rematch (`play` true) or sit it out; answers as `askRematch`. */
    async answerRematch(id, play) {
      return json(await call("POST", game(id, "/rematch/answer"), { body: { play } }));
    },
    /**
     * The caller's links to the rematch's game (the seat's is new each time).
     * @returns {Promise<{game_id: string, link: string|null, creator_link: string|null}>}
     */
    async rematchLinks(id) {
      return json(await call("POST", game(id, "/rematch/links"), { ok: [201] }));
    },
    /**
     * Make a table from scratch.
     * @returns {Promise<{table: object, token: string, link: string}>}
     */
    async createTable(spec) {
      return json(await call("POST", "/tables", { body: spec, ok: [201] }));
    },
    /** A table, with its own link's token. @returns {Promise<object>} */
    async readTable(id) {
      return json(await call("GET", table(id)));
    },
    /** Start the table's next game; answers as a game's creation. */
    async startTableGame(id, changes = {}) {
      return json(await call("POST", table(id, "/games"), { body: changes, ok: [201] }));
    },
    /**
     * The game's record, as JSON for other tools or as text to read.
     * @param {string} id
     * @param {"json"|"text"} [format]
     * @returns {Promise<{body: string, type: string, fileName: string|null}>} `fileName` as
     *   the service names the file (the text's), else null
     */
    async record(id, format = "json") {
      const text = format === "text";
      const response = await call("GET", game(id, text ? "/record?format=text" : "/record"),
        { headers: text ? { Accept: "text/plain" } : {} });
      return { body: await response.text(), type: text ? "text/plain" : "application/json",
        fileName: fileNameOf(response.headers.get("Content-Disposition")) };
    },
    /**
     * Open a sandbox of the game at `version` (null: as it is now).
     * @returns {Promise<{sandbox: object, token: string, link: string}>}
     */
    async openSandbox(id, version = null) {
      return json(await call("POST", game(id, "/sandbox"),
        { body: version === null ? {} : { version }, ok: [201] }));
    },
    /** Open an imported record as a sandbox; answers as `openSandbox`, with its `check`. */
    async importRecord(record) {
      return json(await call("POST", "/sandboxes", { body: { record }, ok: [201] }));
    },
    /** The sandbox as its token's holder sees it. @returns {Promise<object>} */
    async sandbox(id) {
      return json(await call("GET", sandbox(id)));
    },
    /** Play `action` for the seat to move in the sandbox at `expectedVersion`. */
    async sandboxAction(id, expectedVersion, action) {
      return json(await call("POST", sandbox(id, "/actions"),
        { body: { expected_version: expectedVersion, action } }));
    },
    /** The monster's turn in the sandbox with `card` (null: its own pile turns one up). */
    async sandboxMonster(id, expectedVersion, card = null) {
      return json(await call("POST", sandbox(id, "/monster"),
        { body: { expected_version: expectedVersion, ...(card === null ? {} : { card }) } }));
    },
    /** Let the computer play the sandbox's seats: `{"1": "easy", "0": null}`. */
    async sandboxComputer(id, expectedVersion, seats) {
      return json(await call("PUT", sandbox(id, "/computer"),
        { body: { expected_version: expectedVersion, seats } }));
    },
    /** Go back to an earlier version of the sandbox. */
    async sandboxBack(id, expectedVersion, version) {
      return json(await call("POST", sandbox(id, "/back"),
        { body: { expected_version: expectedVersion, version } }));
    },
    /**
     * Where the monster would walk for each card that may come, after `action` for the seat
     * to act (null: from the position as it is). @returns {Promise<{version: number,
     * after: string|null, walks: object[]}>}
     */
    async preview(id, action = null) {
      return json(await call("POST", game(id, "/preview"),
        { body: action === null ? {} : { action } }));
    },
    /**
     * The token's seat's private notes.
     * @returns {Promise<{text: string, updated_at: string|null}>}
     */
    async note(id) {
      return json(await call("GET", game(id, "/note")));
    },
    /** Replace the seat's private notes (empty: none); answers as `note`. */
    async saveNote(id, text) {
      return json(await call("PUT", game(id, "/note"), { body: { text } }));
    },
  };
}
