/**
 * What a game page shows of takebacks to its reader, from the game's takeback state
 * (`GET /games/<id>/takeback`) and the page's facts of the game: whether the reader's seat
 * may ask ("Take back my move", what it would take back and whom it asks), a request that
 * asks the reader ("Agree" / "Say no"), the reader's own request waiting for answers
 * ("Withdraw"), or someone else's request, as a line. Who may ask and who must agree is the
 * server's to say; this only reads it. Pure, no DOM.
 */

/** The takeback rule under which nothing is ever taken back. */
export const OFF = "off";

function answered(request, seat) {
  return Object.hasOwn(request.answers ?? {}, String(seat));
}

/**
 * The seats a request still waits for.
 * @param {object} request the API's request
 * @returns {number[]}
 */
export function stillAsked(request) {
  return request.approvers.filter((seat) => !answered(request, seat));
}

/**
 * What to show of takebacks.
 * @param {object|null} state the API's takeback state (null: not read)
 * @param {{status: string, version: number, viewer: {kind: string, seat?: number}}} info the
 *   game's facts (model/gamelog.js `readGame`)
 * @returns {{shown: boolean, ask: {undo: object[], needs: number[]}|null,
 *   answer: object|null, waiting: {request: object, seats: number[]}|null,
 *   line: {request: object, seats: number[]}|null, declined: {by: number|null}|null}}
 *   `ask`: the reader's seat may ask, taking back `undo` (`{seat, notation}` each) with the
 *   yes of `needs` (none: at once); `answer`: the request that asks the reader; `waiting`:
 *   the reader's own request and the seats it waits for; `line`: another's request;
 *   `declined`: the reader's last request got a no (`by`), and the game is still where it was
 */
export function takebackPanel(state, info) {
  const none = { shown: false, ask: null, answer: null, waiting: null, line: null,
    declined: null };
  if (!state || state.mode === OFF || info.status !== "active") return none;
  const mine = info.viewer?.kind === "seat" ? info.viewer.seat : null;
  const request = state.request;
  // A request holds only while the game stays at the version it was asked at.
  const here = Boolean(request) && request.asked_version === info.version;
  const pending = here && request.status === "asked";
  const panel = { ...none, shown: true };
  if (pending) {
    const seats = stillAsked(request);
    if (mine !== null && request.seat === mine) panel.waiting = { request, seats };
    else if (mine !== null && seats.includes(mine)) panel.answer = request;
    else panel.line = { request, seats };
  } else if (here && request.status === "declined" && mine !== null && request.seat === mine) {
    const no = Object.entries(request.answers ?? {}).find(([, said]) => said === false);
    panel.declined = { by: no ? Number(no[0]) : null };
  }
  // One request at a time: a new one would replace the one being answered.
  if (state.may_ask && !pending) {
    panel.ask = { undo: state.would_undo ?? [], needs: state.needs ?? [] };
  }
  panel.shown = Boolean(panel.ask || panel.answer || panel.waiting || panel.line
    || panel.declined);
  return panel;
}
