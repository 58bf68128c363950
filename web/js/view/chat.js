/**
 * The chat panel of the game page: the table's messages, each with the player's name in their
 * seat's colour; for a seat a textbox, a character counter and Send; for the creator a Mute
 * or Unmute button per seat. The page's poll calls `refresh`, which asks for the messages
 * after the last one it has. Every text goes in through textContent (a message is never
 * markup); a refusal shows the server's message. The others' messages not yet seen (the list
 * was never on the screen since they came) are counted on a button that leads to them; what
 * was seen is kept in the browser, per game and viewer, so the count holds across visits.
 */

import {
  composerOf, counterOf, mergeMessages, messageLines, muteChoices,
} from "../model/talk.js";
import { deviceStorage } from "../model/device.js";
import { language, t, tn } from "../model/i18n.js";
import { el } from "./panel.js";
import { zoneOf } from "./words.js";

/** Where the last message seen of a game is kept, per viewer: `ff.chat.seen.<game>.<viewer>`. */
const SEEN_KEY = "ff.chat.seen";

/** A message's time of day, "18:30" or "6:30 PM" as the page's language writes it. */
function timeOfDay(at, timeZone) {
  const options = { hour: "2-digit", minute: "2-digit" };
  try {
    return new Date(at).toLocaleTimeString(language(),
      timeZone ? { ...options, timeZone } : options);
  } catch {
    return new Date(at).toLocaleTimeString(language(), options); // a zone the browser lacks
  }
}

function lineOf(line, timeZone) {
  return el("li", { class: line.own ? "chat__line chat__line--own" : "chat__line" },
    el("span", { class: `chat__name figure--${line.colour}`, dir: "auto" }, line.who),
    " ",
    el("span", { class: "chat__text", dir: "auto" }, line.text),
    el("time", { class: "chat__time", datetime: line.at }, timeOfDay(line.at, timeZone)));
}

/**
 * Build the chat panel in `container`; it shows nothing until the first `refresh`.
 * @param {Element} container
 * @param {object} ui `client` (model/api.js)
 * @param {string} gameId
 * @returns {{refresh(info: object): Promise<void>, unread: Element}} `refresh(info)` fetches
 *   the new messages and redraws for the game's facts `info` (from `readGame`); it never
 *   throws. `unread` is the button with the count of unread messages, for the page to place
 */
export function createChat(container, ui, gameId) {
  const s = {
    messages: [], after: 0, muted: [], info: null, sending: false, readFailed: false,
    shown: "", // what the list and the mute buttons show, so a poll with no news keeps them
    seen: null, inView: false, // the last message seen (seq), and whether the list is seen now
  };
  // In the tab order: a long talk scrolls in its box, and a keyboard scrolls it once focused.
  const list = el("ol", { class: "chat__list", tabindex: "0" });
  const empty = el("p", { class: "hint" }, t("No one has written yet."));
  const note = el("p", { class: "hint chat__note" });
  const box = el("textarea", { id: "chat-text", rows: "2", class: "chat__box" });
  const counter = el("span", { class: "counter chat__counter", "aria-live": "polite" });
  // Named apart from the board's Send, which sends a move.
  const send = el("button", { type: "submit", class: "primary",
    "aria-label": t("Send to the table") }, t("Send"));
  const form = el("form", { class: "chat__form" },
    el("label", { for: "chat-text" }, t("Message to the table")), box,
    el("div", { class: "chat__send" }, counter, send));
  const error = el("p", { class: "error chat__error", role: "alert" });
  const mutes = el("ul", { class: "chat__mutes" });
  error.hidden = true;
  form.hidden = true; // until the first refresh says who is looking
  const heading = el("h2", { tabindex: "-1" }, t("Table talk"));
  container.replaceChildren(heading, list, empty, note, form, error, mutes);
  const unread = el("button", { type: "button", class: "chat__unread" });
  unread.hidden = true;
  unread.addEventListener("click", () => {
    list.scrollIntoView({ block: "center" }); // the messages on screen: they are seen
    (!form.hidden && !box.disabled ? box : heading).focus({ preventScroll: true });
  });

  /** Where this viewer's last seen message of this game is kept. */
  function seenKey() {
    const { kind, seat } = s.info.viewer;
    return `${SEEN_KEY}.${gameId}.${kind}${seat ?? ""}`;
  }

  /** Count the others' messages after the last seen one; all are seen once the list shows. */
  function drawUnread() {
    if (!s.info) return;
    s.seen ??= Number(deviceStorage().getItem(seenKey()) ?? 0);
    const last = s.messages.at(-1)?.seq ?? 0;
    if (s.inView && !document.hidden && last > s.seen) {
      s.seen = last;
      try {
        deviceStorage().setItem(seenKey(), String(last));
      } catch {
        // the storage is full: the count is kept for this visit only
      }
    }
    const count = messageLines(s.messages.filter((m) => m.seq > s.seen), s.info.viewer)
      .filter((line) => !line.own).length;
    unread.hidden = count === 0;
    unread.textContent = tn("{n} new message at the table", "{n} new messages at the table",
      count);
  }

  new IntersectionObserver((entries) => {
    s.inView = entries.at(-1).isIntersecting;
    drawUnread();
  }, { threshold: 0.5 }).observe(list);
  document.addEventListener("visibilitychange", drawUnread);

  /** Show `message` (empty: none); a failed read's is taken away by the next read. */
  function say(message, readFailed = false) {
    error.textContent = message;
    error.hidden = !message;
    s.readFailed = readFailed;
  }

  function drawCounter() {
    const count = counterOf(box.value);
    counter.textContent = count.text;
    counter.classList.toggle("is-over", count.over);
    send.disabled = s.sending || count.empty || count.over || !s.info
      || !composerOf(s.info, s.muted).enabled;
  }

  function muteItem(choice) {
    const b = el("button", { type: "button", class: "small", "aria-label": choice.label,
      "data-seat": String(choice.seat) }, choice.text);
    b.addEventListener("click", () => setMute(choice.seat, !choice.muted));
    return el("li", {},
      el("span", { class: `chat__name figure--${choice.colour}`, dir: "auto" }, choice.who),
      " ", b);
  }

  function draw(scroll) {
    const composer = composerOf(s.info, s.muted);
    const lines = messageLines(s.messages, s.info.viewer);
    const choices = muteChoices(s.info, s.muted);
    // Redrawn only when they change: a poll must not take the focus from a mute button,
    // nor a selection from a message being copied.
    const timeZone = zoneOf(s.info.viewer);
    const shown = JSON.stringify([lines, choices, timeZone]);
    if (shown !== s.shown) {
      s.shown = shown;
      list.replaceChildren(...lines.map((line) => lineOf(line, timeZone)));
      mutes.replaceChildren(...choices.map(muteItem));
    }
    list.hidden = !s.messages.length;
    empty.hidden = s.messages.length > 0;
    note.textContent = composer.note;
    note.hidden = !composer.note;
    form.hidden = !composer.shown;
    box.disabled = !composer.enabled;
    drawCounter();
    if (scroll) list.scrollTop = list.scrollHeight;
    drawUnread();
  }

  async function setMute(seat, muted) {
    say("");
    try {
      const now = await ui.client.setMute(gameId, seat, muted);
      const others = s.muted.filter((x) => x !== now.seat);
      s.muted = now.muted ? [...others, now.seat] : others;
      draw(false);
      mutes.querySelector(`[data-seat="${now.seat}"]`)?.focus(); // the button was redrawn
    } catch (failure) {
      say(t("Not changed: {reason}", { reason: failure.message }));
    }
  }

  async function refresh(info) {
    s.info = info;
    const before = s.messages.length;
    try {
      let page;
      do {
        page = await ui.client.messages(gameId, s.after);
        s.messages = mergeMessages(s.messages, page.items);
        s.after = page.next_after;
      } while (page.has_more);
      s.muted = page.muted;
      if (s.readFailed) say("");
    } catch (failure) {
      say(t("The messages could not be read: {reason}", { reason: failure.message }), true);
    }
    draw(s.messages.length > before);
  }

  box.addEventListener("input", drawCounter);
  box.addEventListener("keydown", (event) => {
    // Enter sends, as in most chats; Shift+Enter starts a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (send.disabled) return;
    s.sending = true;
    drawCounter();
    try {
      const message = await ui.client.postMessage(gameId, box.value);
      s.messages = mergeMessages(s.messages, [message]);
      box.value = "";
      say("");
      draw(true);
    } catch (failure) {
      say(t("Not sent: {reason}", { reason: failure.message }));
    } finally {
      s.sending = false;
      drawCounter();
    }
  });
  return { refresh, unread };
}
