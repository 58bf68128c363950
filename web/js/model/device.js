/**
 * Your games on this device, with no account: the browser keeps each game page it opened with
 * a token (`/play/<id>#t=...`): the game, the token, whose it is (a seat, the creator, the
 * spectators), the seat's colour and player, the game's name and when it was last opened.
 * One request (`POST /api/v1/my-games`, the tokens in its body) asks what each is now, each
 * authorized by its own token; a token the service answers `gone` is forgotten. A game page
 * opened without `#t=` (a notification's click opens `/play/<id>`) takes the token kept for
 * that game. Pure apart from the storage it is given (`localStorage`, `deviceStorage()`, or a
 * fake in tests).
 */

/** A storage that keeps nothing: where the browser refuses `localStorage`. */
const NOWHERE = { getItem: () => null, setItem() {}, removeItem() {} };

/** @returns {Storage} the browser's `localStorage`, or one that keeps nothing */
export function deviceStorage() {
  try {
    return globalThis.localStorage ?? NOWHERE;
  } catch {
    return NOWHERE; // refused (a sandboxed frame, storage turned off)
  }
}

export const STORAGE_KEY = "ff.device.games";
/** The most games kept (as many as one request may ask about): the least recent go first. */
export const MOST_KEPT = 100;

/**
 * The games kept in `storage`, most recently opened first.
 * @param {Storage} storage
 * @returns {{gameId: string, token: string, kind: string, seat: number|null,
 *   colour: string|null, player: string|null, name: string, lastSeen: string}[]}
 */
export function keptGames(storage) {
  let kept;
  try {
    kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? "[]");
  } catch {
    return []; // written by something else: start again rather than break the page
  }
  if (!Array.isArray(kept)) return [];
  return kept.filter((g) => g && typeof g.gameId === "string" && typeof g.token === "string")
    .sort((a, b) => String(b.lastSeen).localeCompare(String(a.lastSeen)));
}

function store(storage, kept) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(0, MOST_KEPT)));
  } catch {
    // Storage full or refused (a private window): the device keeps nothing, the page works.
  }
}

/** The same place in a game: the same game, kind of token and seat. */
function samePlace(a, b) {
  return a.gameId === b.gameId && a.kind === b.kind && (a.seat ?? null) === (b.seat ?? null);
}

/**
 * Keep a game page just opened with `token`, as the game's view (`GET /games/<id>`) shows it;
 * a newer token for the same place (a lost link sent again) replaces the older one.
 * @param {Storage} storage
 * @param {string} token
 * @param {object} apiGame the API's game view: `id`, `name`, `seats`, `viewer`
 * @param {Date} [now]
 */
export function keepGame(storage, token, apiGame, now = new Date()) {
  const viewer = apiGame.viewer ?? {};
  const seat = viewer.kind === "seat" ? viewer.seat : null;
  const own = (apiGame.seats ?? []).find((s) => s.seat === seat);
  const entry = {
    gameId: apiGame.id, token, kind: viewer.kind ?? "seat", seat,
    colour: own?.colour ?? null, player: own?.name ?? null, name: apiGame.name ?? "",
    lastSeen: now.toISOString(),
  };
  store(storage, [entry,
    ...keptGames(storage).filter((g) => g.token !== token && !samePlace(g, entry))]);
}

/**
 * Keep a link the page was handed for a game it has not opened yet (a rematch's, a table's
 * next game's): the game page fills in the rest when it is opened. The same token kept
 * before is replaced.
 * @param {Storage} storage
 * @param {string} link e.g. "https://ff.example/play/G2#t=abc"
 * @param {{kind?: string, name?: string}} [about] whose it is ("seat" by default, "creator")
 *   and the game's name
 * @param {Date} [now]
 * @returns {{gameId: string, token: string}|null} what was kept (null: not a game's link)
 */
export function keepLink(storage, link, { kind = "seat", name = "" } = {}, now = new Date()) {
  let url;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const gameId = /^\/play\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const token = new URLSearchParams(url.hash.replace(/^#/, "")).get("t");
  if (!gameId || !token) return null;
  const entry = { gameId: decodeURIComponent(gameId), token, kind, seat: null, colour: null,
    player: null, name, lastSeen: now.toISOString() };
  store(storage, [entry, ...keptGames(storage).filter((g) => g.token !== token)]);
  return { gameId: entry.gameId, token };
}

/**
 * Forget the kept tokens the service no longer takes.
 * @param {Storage} storage
 * @param {string[]} tokens
 */
export function forgetTokens(storage, tokens) {
  const gone = new Set(tokens);
  if (!gone.size) return;
  store(storage, keptGames(storage).filter((g) => !gone.has(g.token)));
}

/**
 * The token kept for a game: its seat's first (the most recently opened), else the creator's,
 * else the spectators'.
 * @param {Storage} storage
 * @param {string} gameId
 * @returns {string|null}
 */
export function keptToken(storage, gameId) {
  const rank = { seat: 0, creator: 1, spectator: 2 };
  const mine = keptGames(storage).filter((g) => g.gameId === gameId)
    .sort((a, b) => (rank[a.kind] ?? 3) - (rank[b.kind] ?? 3));
  return mine[0]?.token ?? null;
}

/**
 * The page's route with the token kept for its game when the address carries none.
 * @param {Storage} storage
 * @param {object} where from `route()` (model/api.js)
 * @returns {object} `where`, its `token` filled in (and `kept: true`) when one is kept
 */
export function withKeptToken(storage, where) {
  if (where.page !== "play" || where.token || !where.gameId) return where;
  const token = keptToken(storage, where.gameId);
  return token ? { ...where, token, kept: true } : where;
}

/**
 * The body of `POST /my-games`: every kept game and its token.
 * @param {ReturnType<typeof keptGames>} kept
 * @returns {{games: {game_id: string, token: string}[]}}
 */
export function myGamesRequest(kept) {
  return { games: kept.map((g) => ({ game_id: g.gameId, token: g.token })) };
}

const ENDED = new Set(["finished", "cancelled"]);

/**
 * Join the service's answers (one per game asked, in the order asked) to what is kept, and
 * order them: those waiting for this device's seat first (the longest waiting first), then
 * the games under way or open (the latest change first), then those over.
 * @param {ReturnType<typeof keptGames>} kept
 * @param {{games: object[]}} answer
 * @returns {{games: object[], gone: string[]}} each game the answer and its kept `token`
 *   (and `kind`, `lastSeen`); the tokens answered `gone`
 */
export function readMyGames(kept, answer) {
  const games = [];
  const gone = [];
  answer.games.forEach((game, index) => {
    const mine = kept[index];
    if (!mine || mine.gameId !== game.game_id) return; // kept changed meanwhile: ask again
    if (game.gone) gone.push(mine.token);
    else games.push({ ...game, token: mine.token, lastSeen: mine.lastSeen });
  });
  const group = (g) => (g.your_move ? 0 : ENDED.has(g.status) ? 2 : 1);
  games.sort((a, b) => group(a) - group(b) || (group(a) === 0
    ? String(a.since).localeCompare(String(b.since))
    : String(b.since).localeCompare(String(a.since))));
  return { games, gone };
}

/**
 * The next game that waits for this device's seat, other than the one shown.
 * @param {object[]} games from `readMyGames`
 * @param {string|null} [shownId] the game on the page
 * @returns {object|null}
 */
export function nextWaiting(games, shownId = null) {
  return games.find((g) => g.your_move && g.game_id !== shownId) ?? null;
}

/**
 * The address of a kept game: the token in the fragment, as the game's links carry it.
 * @param {{game_id: string, token: string}} game
 * @returns {string}
 */
export function gamePath(game) {
  return `/play/${encodeURIComponent(game.game_id)}#t=${encodeURIComponent(game.token)}`;
}
