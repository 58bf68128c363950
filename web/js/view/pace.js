/**
 * The pace of the game on its page: how long the player to move has left under the deadline
 * (and the vacation days they have after it), a button that nudges them (for the other seats
 * and the creator: the server allows one nudge a day per game, and says when the next may
 * go), on the page of a player whose seat the computer plays a button that takes it back,
 * and on the creator's page the seats that have missed as many deadlines as the creator
 * allows, with what the creator may do, and the creator's settings (the vacation days of
 * each seat, the missed deadlines before they are told, whether the computer then takes the
 * seat, at which level). Drawn with each view of the game,
 * and every half minute for the time left. What may be done is the server's to decide: a refusal is shown
 * in its words. `paceOf` and `timeLeft` are pure and tested with `node --test`.
 */

import { t, tn } from "../model/i18n.js";
import { el } from "./panel.js";
import { levelName, seatLabel, spanWords, when, zoneOf } from "./words.js";

const TICK_MS = 30000;

/**
 * The time from `now` to `deadline` in words, to the minute, rounded down: "2 days 3 hours",
 * "1 hour 1 minute", "less than a minute" (the two largest units only, as the mails say it).
 * @param {string} deadline an API time
 * @param {number} now milliseconds since the epoch
 * @returns {string}
 */
export function timeLeft(deadline, now) {
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  return spanWords(seconds, 2) || t("less than a minute");
}

/** The clock's sentence: who has how long left, and the vacation days after it. */
function clockLine(mine, seat, time, days) {
  if (mine) {
    return days
      ? tn("You have {time} left for this move, then {n} vacation day.",
        "You have {time} left for this move, then {n} vacation days.", days, { time })
      : t("You have {time} left for this move.", { time });
  }
  const who = seatLabel(seat);
  return days
    ? tn("{seat} has {time} left for this move, then {n} vacation day.",
      "{seat} has {time} left for this move, then {n} vacation days.", days, { seat: who, time })
    : t("{seat} has {time} left for this move.", { seat: who, time });
}

/** The creator's line about an absent seat: the computer plays it, or what they may do. */
function absentLine(s) {
  if (s.computer) {
    return tn("{seat} has missed {n} deadline: the computer plays the seat now.",
      "{seat} has missed {n} deadlines: the computer plays the seat now.", s.missed_deadlines,
      { seat: seatLabel(s) });
  }
  return tn("{seat} has missed {n} deadline: you may hand the seat to someone else "
    + "(Host tools, \u201cNew player\u2026\u201d) or to the computer (\u201cplayed by\u201d).",
  "{seat} has missed {n} deadlines: you may hand the seat to someone else "
    + "(Host tools, \u201cNew player\u2026\u201d) or to the computer (\u201cplayed by\u201d).",
  s.missed_deadlines, { seat: seatLabel(s) });
}

/**
 * What the pace panel says of the game `game` (the API's view) at `now`.
 * @param {object} game the API's game view
 * @param {number} now milliseconds since the epoch
 * @returns {{clock: string|null, nudge: {can: boolean, text: string}|null, absent: string[],
 *   back: string|null}}
 *   `clock`: the time left (null: no deadline); `nudge`: the button, or why it waits (null:
 *   nobody to nudge: the computer or the viewer is the one waited for); `absent`: the creator's prompts;
 *   `back`: for a player whose seat the computer plays, what the button to take it back says
 *   beside it (null: otherwise)
 */
export function paceOf(game, now) {
  const running = game.status === "active";
  const toMove = running ? game.seats.find((s) => s.seat === game.to_move) : undefined;
  const mine = game.viewer.kind === "seat" && game.viewer.seat === game.to_move;
  let clock = null;
  if (toMove && game.move_deadline) {
    if (game.paused_at) {
      clock = t("The clock is stopped while the game is paused.");
    } else {
      clock = clockLine(mine, toMove, timeLeft(game.move_deadline, now),
        toMove.vacation_days_left);
    }
  }
  let nudge = null;
  // The computer plays its seats at once: there is no one to nudge.
  if (toMove && !toMove.computer && !game.paused_at && !mine
    && game.viewer.kind !== "spectator") {
    const next = game.next_nudge_at;
    nudge = next && Date.parse(next) > now
      ? { can: false, text: t("Nudged already: the next nudge may go at {moment} (one a day).",
        { moment: when(next, zoneOf(game.viewer)) }) }
      // TRANSLATORS: a button; {seat} is the player to move and their colour
      : { can: true, text: t("Nudge {seat}", { seat: seatLabel(toMove) }) };
  }
  const absent = game.viewer.kind !== "creator" || !running ? [] : game.seats
    .filter((s) => s.absent && !s.open).map(absentLine);
  const own = game.viewer.kind === "seat"
    ? game.seats.find((s) => s.seat === game.viewer.seat) : undefined;
  const back = running && own?.computer
    ? t("The computer plays your seat for now, at the {level} level. Take it back whenever "
      + "you like: its next move is yours again.", { level: levelName(own.computer) })
    : null;
  return { clock, nudge, absent, back };
}

const shown = new WeakMap(); // the panel → {game, said, timer, settings}

function panelOf(page) {
  let box = page.side?.querySelector("#pace");
  if (!box) {
    box = el("section", { id: "pace", class: "pace", "aria-label": t("Time and nudges") },
      el("div", { class: "pace-now" }), el("div", { class: "pace-settings" }));
    page.signals.after(box);
  }
  return box;
}

function numberField(id, text, value, min, max, placeholder = "") {
  const input = el("input", { type: "number", id, min: String(min), max: String(max),
    inputmode: "numeric", placeholder });
  input.value = value === null || value === undefined ? "" : String(value);
  return [input, el("div", { class: "host-row" }, el("label", { for: id }, text), input)];
}

/** The creator's settings: drawn again only when they changed, so typing is never lost. */
function drawSettings(box, ui) {
  const state = shown.get(box);
  const { game } = state;
  const holder = box.querySelector(".pace-settings");
  const editable = game.viewer.kind === "creator"
    && (game.status === "active" || game.status === "open");
  const key = editable
    ? `${game.vacation_days}/${game.missed_deadlines_limit}/${game.absent_computer}` : "";
  if (state.settings === key) return;
  state.settings = key;
  if (!editable) {
    holder.replaceChildren();
    return;
  }
  const [days, daysRow] = numberField("vacation-days", t("Vacation days per player"),
    game.vacation_days, 0, 60);
  const [limit, limitRow] = numberField("missed-limit", t("Tell me after this many missed "
    + "deadlines"), game.missed_deadlines_limit, 1, 20, t("never"));
  const computer = el("select", { id: "absent-computer" },
    // TRANSLATORS: a choice after "Tell me after this many missed deadlines", "Then": only
    // the creator is told of the absent player
    el("option", { value: "" }, t("only tell me")),
    ...["easy", "normal", "hard"].map((level) => el("option", { value: level },
      t("the computer plays for them ({level})", { level: levelName(level) }))));
  computer.value = game.absent_computer ?? "";
  const computerRow = el("div", { class: "host-row" },
    // TRANSLATORS: the label of what happens once a player missed that many deadlines ("only
    // tell me", "the computer plays for them (easy)")
    el("label", { for: "absent-computer" }, t("Then")), computer);
  const save = el("button", { type: "button", class: "small" }, t("Set the pace"));
  save.addEventListener("click", async () => {
    ui.clear?.();
    try {
      const answer = await ui.client.setPace(game.id, { vacation_days: Number(days.value || 0),
        missed_deadlines_limit: limit.value === "" ? null : Number(limit.value),
        absent_computer: computer.value === "" ? null : computer.value });
      state.game = answer;
      state.said = t("The pace is set.");
    } catch (error) {
      ui.alert(t("The pace was not set: {reason}", { reason: error.message }));
    }
    draw(box, ui);
  });
  holder.replaceChildren(el("h3", {}, t("Pace")), daysRow, limitRow, computerRow,
    el("div", { class: "buttons" }, save),
    el("p", { class: "hint" }, t("When a player's time runs out, their vacation days are "
      + "spent first, a day at a time; then their figure is flipped for them as before.")),
    el("p", { class: "hint" }, t("If the computer plays for an absent player, they are told "
      + "by email and may take their seat back at any time.")));
}

function draw(box, ui) {
  drawSettings(box, ui);
  const { game, said } = shown.get(box);
  const { clock, nudge, absent, back } = paceOf(game, Date.now());
  const parts = [];
  if (back) {
    const b = el("button", { type: "button", class: "small pace-back" },
      t("Take my seat back"));
    b.addEventListener("click", () => takeBack(box, ui));
    parts.push(el("p", { class: "info pace-computer" }, back), el("div", { class: "buttons" }, b));
  }
  if (clock) parts.push(el("p", { class: "info pace-clock" }, clock));
  if (nudge?.can) {
    const b = el("button", { type: "button", class: "small pace-nudge" }, nudge.text);
    b.addEventListener("click", () => sendNudge(box, ui));
    parts.push(el("div", { class: "buttons" }, b),
      el("p", { class: "hint" }, t("A nudge tells them by email that the table waits; one a "
        + "day per game, whoever sends it.")));
  } else if (nudge) {
    parts.push(el("p", { class: "hint pace-nudged" }, nudge.text));
  }
  if (said) parts.push(el("p", { class: "said", role: "status" }, said));
  for (const line of absent) parts.push(el("p", { class: "info pace-absent" }, line));
  box.querySelector(".pace-now").replaceChildren(...parts);
  box.hidden = parts.length === 0 && !box.querySelector(".pace-settings").childElementCount;
}

/** What the panel says after a nudge went to `seat` (undefined: a seat it does not know). */
function nudgedLine(seat, emailed) {
  if (!seat) return emailed ? t("The player was nudged by email.") : t("The player was nudged.");
  const who = seatLabel(seat);
  return emailed ? t("{seat} was nudged by email.", { seat: who })
    : t("{seat} was nudged.", { seat: who });
}

async function takeBack(box, ui) {
  ui.clear?.();
  const state = shown.get(box);
  try {
    state.game = await ui.client.setComputer(state.game.id, state.game.viewer.seat, null);
    state.said = t("Your seat is yours again.");
  } catch (error) {
    ui.alert(t("Your seat was not taken back: {reason}", { reason: error.message }));
  }
  draw(box, ui);
}

async function sendNudge(box, ui) {
  ui.clear?.();
  const state = shown.get(box);
  try {
    const answer = await ui.client.nudge(state.game.id);
    const seat = state.game.seats.find((s) => s.seat === answer.seat);
    state.game = { ...state.game, next_nudge_at: answer.next_nudge_at };
    state.said = nudgedLine(seat, answer.emailed);
  } catch (error) {
    if (error.details?.next_nudge_at) {
      state.game = { ...state.game, next_nudge_at: error.details.next_nudge_at };
    }
    ui.alert(t("No nudge was sent: {reason}", { reason: error.message }));
  }
  draw(box, ui);
}

/**
 * Show the pace of the game (the API's view `game`) beside the turn signals, and keep its
 * time left current. Call it with each new view of the game.
 * @param {{side: Element, signals: Element}} page
 * @param {object} ui `client` (model/api.js), `alert(message)`, `clear()`
 * @param {object} game the API's game view
 */
export function showPace(page, ui, game) {
  const box = panelOf(page);
  const before = shown.get(box);
  const said = before && before.game.version === game.version ? before.said : "";
  shown.set(box, { game, said, settings: before?.settings,
    timer: before?.timer ?? setInterval(() => draw(box, ui), TICK_MS) });
  draw(box, ui);
}
