/**
 * The side panel: the game's status (players, whose turn, stage, cards) and the actor's
 * choices (flip, which pushes, which tile, orientation, arrow, send). Built with
 * createElement; every text goes in through textContent.
 */

import { cardLabel, playerName } from "../model/captions.js";
import { decisionLink } from "../model/decisions.js";
import { EVENT } from "../model/events.js";
import { DIRECTIONS } from "../model/geometry.js";
import { language, t, tn } from "../model/i18n.js";
import {
  arrowChoices, chooseArrow, chooseMove, chooseOrientation, choices, clearSelection,
  describeMove, flipAction, orientationChoices, pendingAction, placeableTiles, previewMove, prompt,
  selectTile,
} from "../model/interaction.js";
import { rulesWords, sides, stoneName } from "../model/viewmodel.js";
import { FRAME_MS } from "./animate.js";

// Functions, not texts: the catalog is loaded after this module.
const TILE_NAMES = {
  teleporter_A: () => t("teleporter A"), teleporter_B: () => t("teleporter B"),
  pool_square: () => t("square pool (2×2)"), pool_long: () => t("long pool (1×4)"),
};
const PHASES = {
  placement: () => t("placing tiles"), figures: () => t("figures move"),
  monster: () => t("the monster moves"),
  // TRANSLATORS: the game's phase when it has ended
  over: () => t("over"),
};

/**
 * Make an element with attributes and children (elements or plain text, never HTML).
 * @param {string} tag
 * @param {Record<string, string>} [attrs] `class`, `aria-*`, `type`... set as attributes
 * @param {...(Node|string)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * A button that calls `onClick`.
 * @param {string} text
 * @param {function(): void} onClick
 * @param {object} [attrs]
 * @returns {HTMLButtonElement}
 */
export function button(text, onClick, attrs = {}) {
  const b = el("button", { type: "button", ...attrs }, text);
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Show the players and the game's progress.
 * @param {Element} container
 * @param {object} board
 * @param {object} status from `statusModel` (or a replay frame's scene)
 */
/** A player's line in the status: who, their figures escaped, outside, out, and the turn. */
function playerLine(board, status, side) {
  const name = playerName(board, side.seat);
  const player = side.seat === status.viewer ? t("{name} (you)", { name }) : name;
  const counts = [
    tn("{n} escaped", "{n} escaped", side.escaped.length),
    tn("{n} outside", "{n} outside", side.outside.length),
  ];
  if (side.removed.length) {
    counts.push(tn("{n} out of the game", "{n} out of the game", side.removed.length));
  }
  const words = { player, counts: counts.join(", ") };
  // TRANSLATORS: {counts} is e.g. "2 escaped, 3 outside" (figures)
  return side.seat === status.toMove ? t("{player}: {counts} — to move", words)
    : t("{player}: {counts}", words);
}

export function renderStatus(container, board, status) {
  const players = el("ul", { class: "players" }, ...sides(board).map((p) => el("li",
    { class: p.seat === status.toMove ? "is-to-move" : "" },
    el("span", { class: `swatch figure--${p.colour}`, "aria-hidden": "true" }),
    playerLine(board, status, p))));
  const facts = [
    [t("Rules"), rulesWords(status)],
    [t("Phase"), PHASES[status.phase]?.() ?? status.phase],
    [t("Stage"), String(status.stage)],
    [t("Game turn"), String(status.gameTurn)],
    [t("Start player"), playerName(board, status.startSeat)],
    [t("Cards left"), String(status.cardsLeft)],
    // TRANSLATORS: the cards played so far
    [t("Played"), status.discard.length ? status.discard.map(cardLabel).join(", ")
      : t("none yet")],
  ];
  if (status.phase === "placement") {
    facts.push([t("Tiles left"), String(status.tilesToPlace.length)]);
  }
  if (status.outcome) {
    const winners = status.outcome.winners.map((seat) => playerName(board, seat));
    facts.push([t("Winner"), winners.length ? winners.join(", ") : t("nobody")]);
  }
  container.replaceChildren(el("h2", {}, t("Game")), players,
    el("dl", { class: "facts" }, ...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
}

function tileName(tile) {
  return TILE_NAMES[tile]?.() ?? stoneName(tile);
}

/**
 * Show what the actor may do now and the choices the interaction asks for; nothing for a
 * viewer who has nothing to choose (whose move it is shows in the game's title panel).
 * @param {Element} container
 * @param {object} it the interaction
 * @param {object} board
 * @param {object} on what the panel's buttons call
 * @param {function(object): void} on.update with the next interaction
 * @param {function(object|null): void} on.preview with a move's preview to show (null: stop)
 * @param {function(object): void} on.send with the action to send
 * @param {object} [on.words] other words (plan mode): `title`, `send`, `flip`, and
 *   `prompt(it)` for what the actor is asked
 */
export function renderActions(container, it, board, on) {
  if (it.kind === null) {
    container.replaceChildren();
    return;
  }
  const words = on.words ?? {};
  const parts = [el("h2", {}, words.title ?? t("Your move")),
    el("p", { class: "prompt" }, (words.prompt ?? prompt)(it))];
  if (it.kind === "placement") {
    parts.push(el("div", { class: "buttons", role: "group", "aria-label": t("Tiles") },
      ...placeableTiles(it).map(({ tile, left }) => button(`${tileName(tile)} ×${left}`,
        () => on.update(selectTile(it, tile)), { "aria-pressed": String(it.selected === tile) }))));
    const orientations = orientationChoices(it);
    if (orientations.length) {
      parts.push(el("div", { class: "buttons", role: "group", "aria-label": t("Orientation") },
        ...orientations.map((o) => button(
          o === "h" ? t("lying east–west") : t("lying north–south"),
          () => on.update(chooseOrientation(it, o)),
          { "aria-pressed": String(it.orientation === o) }))));
    }
    if (it.square !== null && arrowChoices(it).length) {
      parts.push(el("div", { class: "buttons", role: "group", "aria-label": t("Arrow") },
        // TRANSLATORS: the way a teleporter's arrow points: {direction} is north, east, ...
        ...arrowChoices(it).map((a) => button(
          t("arrow {direction}", { direction: DIRECTIONS[a].name }),
          () => on.update(chooseArrow(it, a)), { "aria-pressed": String(it.arrow === a) }))));
    }
  }
  const options = choices(it);
  if (options.length > 1) {
    parts.push(el("ul", { class: "choices", "aria-label": t("Moves that end there") },
      ...options.map((move, i) => {
        const b = button(describeMove(board, move), () => on.update(chooseMove(it, i)),
          { "aria-pressed": String(it.choice === i) });
        for (const type of ["pointerenter", "focus"]) {
          b.addEventListener(type, () => on.preview(previewMove(board, move)));
        }
        for (const type of ["pointerleave", "blur"]) {
          b.addEventListener(type, () => on.preview(null));
        }
        return el("li", {}, b);
      })));
  }
  const action = pendingAction(it);
  const flip = flipAction(it);
  const row = [];
  if (action) {
    row.push(button(words.send ?? t("Send"), () => on.send(action), { class: "primary" }));
  }
  if (flip) row.push(button(words.flip ?? t("Flip without moving"), () => on.send(flip)));
  if (it.selected !== null) row.push(button(t("Cancel"), () => on.update(clearSelection(it))));
  if (row.length) parts.push(el("div", { class: "buttons" }, ...row));
  // Keep the keyboard where it was: the panel is rebuilt, its buttons keep their texts.
  const active = document.activeElement;
  const focused = container.contains(active) ? active.textContent : null;
  container.replaceChildren(...parts);
  if (focused !== null) {
    [...container.querySelectorAll("button")].find((b) => b.textContent === focused)?.focus();
  }
}

/**
 * Draw a replay frame: its board (gliding from the frame before when `smooth`; through a wall
 * or a teleporter the monster jumps, it does not glide across the board), its focus, its status.
 * @param {object} boardView from `createBoard`
 * @param {Element} statusContainer where the status goes
 * @param {object} frame
 * @param {{smooth: boolean}} how
 */
export function showFrame(boardView, statusContainer, frame, { smooth }) {
  const jump = frame.events.some((e) => e.type === EVENT.WALL || e.type === EVENT.TELEPORT);
  boardView.draw(frame.scene.board, { instant: !smooth, jump });
  boardView.highlight({ focus: frame.focus });
  renderStatus(statusContainer, frame.scene.board, frame.scene.status);
}

/**
 * Let pieces glide for most of a frame's time, then rest a moment before the next frame.
 * @param {object} boardView
 * @param {number} ms the time a frame stays up
 */
export function setMoveTime(boardView, ms) {
  boardView.svg.style.setProperty("--move-ms", `${Math.round(ms * 0.6)}ms`);
}

/**
 * Create replay controls: restart, back, play/pause, forward, skip to the end, speed, and an
 * optional pair of extra buttons; a live caption and a frame counter.
 * @param {Element} container
 * @param {object} player from `createPlayer`
 * @param {object} [options]
 * @param {Array<object>} [options.extra] more buttons, `{text, label, onClick}` each
 * @param {function(number): void} [options.onSpeed] told the new milliseconds per frame
 * @returns {{update: function({index: number, count: number, playing: boolean}, string,
 *   string=): void}} told each frame's caption, and the rules page's anchor of the decision
 *   it uses, if any, shown as a "why?" link
 */
export function createReplayControls(container, player, { extra = [], onSpeed = () => {} } = {}) {
  const caption = el("p", { class: "caption", "aria-live": "polite" });
  const counter = el("p", { class: "counter" });
  const play = button(t("Play"), () => player.toggle(), { class: "primary" });
  const speeds = [[t("Slow"), 2 * FRAME_MS], [t("Normal"), FRAME_MS], [t("Fast"), FRAME_MS / 2]];
  const speed = el("select", { "aria-label": t("Speed") },
    ...speeds.map(([name, ms]) => {
      const option = el("option", { value: String(ms) }, name);
      option.selected = ms === FRAME_MS;
      return option;
    }));
  speed.addEventListener("change", () => {
    player.setFrameMs(Number(speed.value));
    onSpeed(Number(speed.value));
  });
  const controls = [
    button(t("Again"), () => player.restart(), { "aria-label": t("Play again from the start") }),
    button("◀", () => player.step(-1), { "aria-label": t("One step back") }),
    play,
    button("▶", () => player.step(1), { "aria-label": t("One step on") }),
    button(t("End"), () => player.skipToEnd(), { "aria-label": t("Skip to the end") }),
    ...extra.map((b) => button(b.text, b.onClick, { "aria-label": b.label })),
  ];
  container.replaceChildren(el("h2", {}, t("Replay")), caption,
    el("div", { class: "buttons", role: "group", "aria-label": t("Replay controls") },
      ...controls),
    el("label", {}, t("Speed"), " ", speed), counter);
  return {
    update(state, text, why = null) {
      caption.replaceChildren(text);
      if (why) {
        caption.append(" ", el("a", {
          href: decisionLink(why, language()), target: "_blank", rel: "noopener",
          "aria-label": t("Why? How the game reads the rules here"),
        }, t("why?")));
      }
      counter.textContent = t("Step {number} of {count}",
        { number: state.index + 1, count: state.count });
      play.textContent = state.playing ? t("Pause") : t("Play");
    },
  };
}
