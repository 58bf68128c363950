/**
 * The plan model: a seat's turn plan as the page edits it before saving, read from and
 * written to `GET/PUT /api/v1/games/<id>/plan`. Pure, no DOM, no rules: what the seat may
 * plan comes from the plan's `legal` (the server's moves on the board as it will be after
 * the saved lines), in the shape of the view's `legal`, so `model/interaction.js` offers it.
 */

import { t } from "./i18n.js";
import { chosenMove, prompt, selectableFigures, startInteraction } from "./interaction.js";
import { figureName } from "./viewmodel.js";

/**
 * Whether the viewer may plan now: a seat's page, a game under way, the figures' phase.
 * @param {object|null} info the service's facts (`readGame`'s `info`)
 * @returns {boolean}
 */
export function canPlan(info) {
  return info?.viewer?.kind === "seat" && info.status === "active"
    && info.phase === "figures" && !info.pausedAt;
}

function lineOf(line) {
  return Object.freeze({ action: line.action, orFlip: Boolean(line.or_flip),
    to: line.to ?? null, pushes: line.pushes ?? [] });
}

/**
 * The page's plan from the API's plan; a plan being edited (`changed`) keeps its lines, less
 * those whose figure can no longer be planned (it has acted), and takes the rest anew.
 * @param {object} plan the API's plan: `lines`, `flip_rest`, `stopped`, `report`, `legal`
 * @param {object|null} [editing] the page's plan before this read
 * @returns {object} `{lines, flipRest, stopped, report, legal, saved, savedFlipRest,
 *   changed}`
 */
export function readPlan(plan, editing = null) {
  const saved = plan.lines.map(lineOf);
  const base = { stopped: plan.stopped ?? null, report: plan.report ?? null, legal: plan.legal,
    saved, savedFlipRest: Boolean(plan.flip_rest) };
  if (!editing?.changed) {
    return Object.freeze({ ...base, lines: saved, flipRest: Boolean(plan.flip_rest),
      changed: false });
  }
  const open = new Set([...(plan.legal.figures ?? []).map((f) => f.figure),
    ...saved.map((l) => l.action.figure)]);
  return Object.freeze({ ...base, lines: editing.lines.filter((l) => open.has(l.action.figure)),
    flipRest: editing.flipRest, changed: true });
}

function edit(plan, changes) {
  return Object.freeze({ ...plan, ...changes, changed: true });
}

/**
 * Add a line: the move or flip chosen on the board (`interaction.js`'s `pendingAction` or
 * `flipAction`), with the move's end square.
 * @param {object} plan
 * @param {object} action `{type: "move", figure, path}` or `{type: "flip", figure}`
 * @param {string|null} [to] the move's end square ("out": it leaves)
 * @param {Array<{from: string, to: string|null}>} [pushes] the stones the move pushes
 * @returns {object}
 */
export function addLine(plan, action, to = null, pushes = []) {
  return edit(plan, { lines: [...plan.lines, lineOf({ action, to, pushes })] });
}

/**
 * The board as it will be after the plan's moves, as they were planned (the server's end
 * square and pushes for each; no rule is worked out here), and an arrow per move from where
 * its figure stands now: plan mode draws them as chess sites draw premoves.
 * @param {object} board a board model (`viewmodel.js`)
 * @param {object[]} lines the plan's lines
 * @returns {{board: object, arrows: Array<{figure: string, from: string|null, to: string}>}}
 *   `from` null for a figure waiting outside, `to` "out" for one leaving by the exit
 */
export function plannedBoard(board, lines) {
  let figures = board.figures;
  let stones = board.stones;
  const arrows = [];
  for (const line of lines) {
    if (line.action.type !== "move" || !line.to) continue;
    const figure = figures.find((f) => f.id === line.action.figure);
    if (!figure) continue;
    arrows.push({ figure: figure.id, from: figure.square, to: line.to });
    for (const push of line.pushes) {
      stones = push.to === null ? stones.filter((st) => st.square !== push.from)
        : stones.map((st) => (st.square === push.from ? { ...st, square: push.to } : st));
    }
    const moved = line.to === "out" ? { where: "escaped", square: null }
      : { where: "board", square: line.to };
    figures = figures.map((f) => (f === figure ? { ...f, ...moved, moved: true } : f));
  }
  return { board: { ...board, figures, stones }, arrows };
}

/** Remove the line at `index`. */
export function removeLine(plan, index) {
  return edit(plan, { lines: plan.lines.filter((_, i) => i !== index) });
}

/** Set the line's "or flip" (flip the figure instead when its move no longer holds). */
export function setOrFlip(plan, index, orFlip) {
  return edit(plan, { lines: plan.lines.map((l, i) => (i === index
    ? Object.freeze({ ...l, orFlip: Boolean(orFlip) }) : l)) });
}

/** Set "flip the rest": once the lines are played, flip each figure left, one a sub-turn. */
export function setFlipRest(plan, flipRest) {
  return edit(plan, { flipRest: Boolean(flipRest) });
}

/**
 * The interaction of plan mode: the plan's `legal`, less the figures the lines name.
 * @param {object} plan
 * @param {number} viewer the viewer's seat
 * @returns {object} an interaction (`interaction.js`)
 */
export function planInteraction(plan, viewer) {
  const named = new Set(plan.lines.map((l) => l.action.figure));
  const legal = plan.legal.kind === "figure"
    ? { ...plan.legal, figures: plan.legal.figures.filter((f) => !named.has(f.figure)) }
    : plan.legal;
  return startInteraction({ legal, viewer });
}

/**
 * Say what plan mode asks for now, for the status line above the choices.
 * @param {object} it the interaction of plan mode
 * @returns {string}
 */
export function planPrompt(it) {
  if (it.kind !== "figure") return prompt(it);
  if (it.selected === null && selectableFigures(it).length === 0) {
    return t("Each of your figures that has yet to act has a line in your plan.");
  }
  if (it.selected === null) return t("Choose a figure to plan its move.");
  const figure = figureName(it.selected);
  if (chosenMove(it)) {
    return t("Add the move of {figure} to your plan, or choose another.", { figure });
  }
  return prompt(it);
}

/**
 * Say a line for people: "red 5 to h7", "red 5 leaves by the exit", "flip red 5".
 * @param {object} line
 * @returns {string}
 */
export function lineText(line) {
  const words = { figure: figureName(line.action.figure), to: line.to, path: line.action.path };
  // TRANSLATORS: a line of a turn plan: the figure is turned over without moving.
  if (line.action.type === "flip") return t("flip {figure}", words);
  // TRANSLATORS: a line of a turn plan; {path} is the move in notation, "+NN".
  if (line.to === "out") return t("{figure} leaves by the exit ({path})", words);
  return line.to ? t("{figure} to {to} ({path})", words) : t("{figure} {path}", words);
}

/**
 * The body of `PUT /plan`: the lines as structured actions, "or flip", "flip the rest", and
 * the version of the game the plan was made on.
 * @param {object} plan
 * @param {number} version
 * @returns {object}
 */
export function planRequest(plan, version) {
  return {
    lines: plan.lines.map((l) => ({ action: l.action, or_flip: l.orFlip })),
    flip_rest: plan.flipRest,
    expected_version: version,
  };
}

/**
 * Whether there is anything to save (a plan needs a line or "flip the rest").
 * @param {object} plan
 * @returns {boolean}
 */
export function canSave(plan) {
  return plan.lines.length > 0 || plan.flipRest;
}

/**
 * Whether the seat has a plan on the server (to cancel).
 * @param {object} plan
 * @returns {boolean}
 */
export function hasSavedPlan(plan) {
  return plan.saved.length > 0 || plan.savedFlipRest;
}
