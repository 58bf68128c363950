/**
 * Notifications on this device (Web Push), without the DOM: which state the button shows,
 * whether to tell an iPhone's reader to add the page to the Home Screen first, the server's
 * key as the Push API takes it, and which seats this device turned notifications on for
 * (kept beside the device's games, model/device.js). The browser's calls are in view/push.js.
 */

export const PUSH_KEY = "ff.device.push";

/**
 * Whether the page runs in iOS or iPadOS Safari (or another iOS browser) outside the Home
 * Screen, where Web Push is not offered: it is, once the page is added to the Home Screen.
 * @param {string} userAgent
 * @param {{standalone: boolean, touchPoints: number}} how `navigator.standalone` or
 *   `display-mode: standalone`; `navigator.maxTouchPoints` (iPadOS says it is a Mac)
 * @returns {boolean}
 */
export function needsHomeScreen(userAgent, { standalone, touchPoints }) {
  const ios = /iPhone|iPad|iPod/.test(userAgent)
    || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return ios && !standalone;
}

/**
 * The state the button shows.
 * @param {{supported: boolean, homeScreen: boolean, permission: string, on: boolean}} facts
 *   whether the browser has the Push API; whether it is iOS outside the Home Screen; the
 *   Notification permission ("default", "granted", "denied"); whether this device turned it
 *   on for the seat(s) and still holds its subscription
 * @returns {"on"|"off"|"blocked"|"unsupported"|"home-screen"}
 */
export function pushState({ supported, homeScreen, permission, on }) {
  if (homeScreen) return "home-screen";
  if (!supported) return "unsupported";
  if (permission === "denied") return "blocked";
  return on && permission === "granted" ? "on" : "off";
}

/**
 * The server's public key (base64url, RFC 4648 §5) as `applicationServerKey` takes it.
 * @param {string} base64url
 * @returns {Uint8Array}
 */
export function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

function placeOf(game) {
  return `${game.game_id}:${game.seat}`;
}

function readOn(storage) {
  try {
    const on = JSON.parse(storage.getItem(PUSH_KEY) ?? "{}");
    return on && typeof on === "object" && !Array.isArray(on) ? on : {};
  } catch {
    return {};
  }
}

/**
 * Whether this device turned notifications on for every one of these seats, with the
 * subscription at `endpoint` (a new subscription means asking the server again).
 * @param {Storage} storage
 * @param {{game_id: string, seat: number}[]} seats
 * @param {string|null} endpoint the browser's current subscription's, if any
 * @returns {boolean}
 */
export function isOn(storage, seats, endpoint) {
  const on = readOn(storage);
  return Boolean(endpoint) && seats.length > 0
    && seats.every((seat) => on[placeOf(seat)] === endpoint);
}

/**
 * Note that these seats' pushes go (endpoint) or no longer go (null) to this device.
 * @param {Storage} storage
 * @param {{game_id: string, seat: number}[]} seats
 * @param {string|null} endpoint
 */
export function markOn(storage, seats, endpoint) {
  const on = readOn(storage);
  for (const seat of seats) {
    if (endpoint) on[placeOf(seat)] = endpoint;
    else delete on[placeOf(seat)];
  }
  try {
    storage.setItem(PUSH_KEY, JSON.stringify(on));
  } catch {
    // Storage refused: the button shows "off" next time, and asking again is harmless.
  }
}
