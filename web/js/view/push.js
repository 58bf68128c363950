/**
 * Notifications on this device (Web Push): the service worker (`/sw.js`) registered; the
 * button "Notify me on this device", which asks the browser's permission only when tapped,
 * subscribes through the Push API with the server's key and hands the subscription to the
 * service for each seat (a seat's page: its own; the lobby's "Your games": every seat kept);
 * its state (on, off, blocked by the browser, not supported, or on an iPhone: add the page to
 * the Home Screen first); and on a seat's page the seat's channels (mail, push or both; mail
 * waiting until a push fails; the table's messages or none). model/push.js decides, this
 * module asks the browser.
 */

import { createClient } from "../model/api.js";
import { deviceStorage } from "../model/device.js";
import { isOn, keyBytes, markOn, needsHomeScreen, pushState } from "../model/push.js";
import { t } from "../model/i18n.js";
import { el } from "./panel.js";

// Functions, not texts: the catalog is loaded after this module.
const CHANNELS = [
  ["mail", () => t("by email only")],
  ["push", () => t("by notifications on my devices only")],
  ["both", () => t("by email and notifications")],
];
const TALK = [
  ["all", () => t("a notification for every message")],
  ["none", () => t("no notification for messages")],
];

/** @returns {boolean} whether this browser has what Web Push needs */
function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function homeScreen() {
  const standalone = window.navigator.standalone === true
    || window.matchMedia?.("(display-mode: standalone)").matches === true;
  return needsHomeScreen(navigator.userAgent, { standalone,
    touchPoints: navigator.maxTouchPoints ?? 0 });
}

/**
 * Register the service worker (scope `/`); nothing is asked of the reader.
 * @returns {Promise<ServiceWorkerRegistration|null>} null where there are no service workers
 */
export async function registerWorker() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return null; // an insecure origin, a refused script: the page works without
  }
}

async function currentSubscription() {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameKey(subscription, key) {
  const held = subscription.options?.applicationServerKey;
  if (!held) return true; // the browser does not say: keep it
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** The browser's subscription with the server's key: the one it has, or a new one. */
async function subscription(client) {
  const { public_key: publicKey, available } = await client.pushKey();
  if (!available) throw new Error(t("This server sends no notifications to devices."));
  await registerWorker();
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const held = await registration.pushManager.getSubscription();
  if (held && sameKey(held, key)) return held;
  await held?.unsubscribe(); // made with a key the server no longer signs with
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const WORDS = {
  on: () => t("This device gets notifications."),
  off: () => t("This device gets no notifications."),
  blocked: () => t("This browser blocks notifications from this site: allow them in the "
    + "browser's settings for this site, then tap the button again."),
  unsupported: () => t("This browser cannot show notifications from this site; the emails "
    + "still come."),
  "home-screen": () => t("On an iPhone or iPad, notifications work once this page is on your "
    + "Home Screen: tap Share, then \"Add to Home Screen\", and open the game from there."),
};

/**
 * The button and its state for `seats`, each handed the subscription through its own token.
 * @param {object} ui `client` (any token: the key), `alert(message)`, `clear()`
 * @param {{game_id: string, seat: number, token: string}[]} seats
 * @param {function(object): object} clientOf the API client of a seat
 * @param {function(object): void} [onSettings] told a seat's push settings as the service
 *   answered a (un)subscription (subscribing a seat that heard by mail alone makes it both)
 * @returns {Element}
 */
function notifyButton(ui, seats, clientOf, onSettings = () => {}) {
  const storage = deviceStorage();
  const words = el("p", { class: "push-state", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "push-toggle" });
  const box = el("div", { class: "push" }, words, el("div", { class: "buttons" }, button));
  let state = "off";

  async function show() {
    const held = await currentSubscription().catch(() => null);
    state = pushState({ supported: supported(), homeScreen: homeScreen(),
      permission: supported() ? Notification.permission : "default",
      on: isOn(storage, seats, held?.endpoint ?? null) });
    box.dataset.state = state;
    words.textContent = WORDS[state]();
    button.hidden = !["on", "off"].includes(state);
    button.textContent = state === "on" ? t("Stop notifications on this device")
      : t("Notify me on this device");
  }

  async function turnOn() {
    // Asked only here, from the tap: never on load.
    if (Notification.permission === "default") await Notification.requestPermission();
    if (Notification.permission !== "granted") return;
    const held = await subscription(ui.client);
    const body = held.toJSON();
    for (const seat of seats) { // each noted as done, should a later one be refused
      onSettings(await clientOf(seat).subscribePush(seat.game_id, body));
      markOn(storage, [seat], held.endpoint);
    }
  }

  async function turnOff() {
    const held = await currentSubscription();
    for (const seat of seats) {
      if (held) onSettings(await clientOf(seat).unsubscribePush(seat.game_id, held.endpoint));
      markOn(storage, [seat], null);
    }
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    ui.clear?.();
    try {
      await (state === "on" ? turnOff() : turnOn());
    } catch (error) {
      ui.alert(t("Notifications on this device were not changed: {reason}",
        { reason: error.message }));
    } finally {
      button.disabled = false;
      await show();
    }
  });
  show();
  return box;
}

/**
 * "Your games": the button that turns notifications on for every seat listed.
 * @param {Element} container
 * @param {object} ui `client`, `alert(message)`
 * @param {{game_id: string, seat: number, token: string}[]} seats
 */
export function mountDevicePush(container, ui, seats) {
  registerWorker();
  const fetch = window.fetch.bind(window);
  container.append(notifyButton(ui, seats, (seat) => createClient({ fetch, token: seat.token })),
    el("p", { class: "hint" }, t("For every game listed here where you play a seat.")));
}

/**
 * A seat's notifications on this device, and its channels, in its settings panel.
 * @param {object} ui `client` (the seat's token), `alert(message)`, `clear()`
 * @param {string} gameId
 * @param {number} seat
 * @param {function} choice settings.js's select saved at once
 * @returns {Promise<Element>}
 */
export async function pushPanel(ui, gameId, seat, choice) {
  registerWorker();
  let reflect = () => {};
  const box = el("div", { class: "push-settings" },
    el("h3", {}, t("Notifications on this device")),
    notifyButton(ui, [{ game_id: gameId, seat, token: ui.client.token }], () => ui.client,
      (now) => reflect(now)));
  let current;
  try {
    current = await ui.client.pushSettings(gameId);
  } catch (error) {
    box.append(el("p", {}, t("The notification settings could not be read: {reason}",
      { reason: error.message })));
    return box;
  }
  const failed = (reason) => t("The notification setting was not saved: {reason}", { reason });
  const save = (changes) => ui.client.setPushSettings(gameId, changes);
  const channels = choice(ui, "push-channels", CHANNELS, current.channels,
    (value) => save({ channels: value }), (now) => now.channels, failed);
  const talk = choice(ui, "push-talk", TALK, current.talk,
    (value) => save({ talk: value }), (now) => now.talk, failed);
  const waits = el("input", { type: "checkbox", id: "push-mail-waits" });
  waits.checked = current.mail_waits;
  waits.addEventListener("change", async () => {
    try {
      waits.checked = (await save({ mail_waits: waits.checked })).mail_waits;
    } catch (error) {
      ui.alert(failed(error.message));
      waits.checked = !waits.checked;
    }
  });
  reflect = (now) => {
    [channels[0].value, talk[0].value, waits.checked] = [now.channels, now.talk, now.mail_waits];
  };
  box.append(
    el("label", { for: "push-channels" }, t("Tell me about this game")), ...channels,
    el("div", { class: "push-waits" }, waits,
      el("label", { for: "push-mail-waits" },
        t("With both: the email waits until a notification could not be delivered"))),
    el("label", { for: "push-talk" }, t("Messages at the table")), ...talk);
  return box;
}
