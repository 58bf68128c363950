/**
 * Plan mode on a seat's page ("Plan my moves", beside sending): the board offers the moves
 * the seat may plan (`GET /plan`'s `legal`), and a move chosen is added to the plan's list
 * under the actor's choices instead of being sent. Each line has "or flip" and "Remove";
 * "Flip the rest", "Save plan" (PUT) and "Cancel plan" (DELETE) follow. Why the plan last
 * stopped is shown from the server. The plan is read again whenever the page hears news.
 */

import { chosenMove } from "../model/interaction.js";
import {
  addLine, canPlan, canSave, hasSavedPlan, lineText, planInteraction, planPrompt, planRequest,
  readPlan, removeLine, setFlipRest, setOrFlip,
} from "../model/plan.js";
import { t } from "../model/i18n.js";
import { button, el } from "./panel.js";

/** The actor's panel's words in plan mode (see `renderActions`). */
function planWords() {
  return { title: t("Plan your moves"), send: t("Add to plan"), flip: t("Plan a flip"),
    prompt: planPrompt };
}

function checkbox(id, text, checked, onChange) {
  const input = el("input", { type: "checkbox", id });
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked));
  return el("label", { for: id, class: "plan-check" }, input, ` ${text}`);
}

/** The saved plan in one sentence: its moves, and whether the rest are flipped. */
function savedLine(plan) {
  const moves = plan.saved.map(lineText).join(", ") || t("no move");
  return plan.savedFlipRest ? t("Your plan: {moves}, then flip the rest.", { moves })
    : t("Your plan: {moves}.", { moves });
}

/**
 * Mount plan mode on the game page.
 * @param {object} page the page's elements (`actions`: the panel goes right after it)
 * @param {object} ui `client`, `alert(message)`, `notice(message)`, `clear()`
 * @param {string} gameId
 * @param {object} hooks
 * @param {function(): void} hooks.redraw draw the board's interaction again (mode or plan
 *   changed)
 * @param {function(): Promise<void>} hooks.reread read the game again (it moved on)
 * @returns {object} `refresh(info)`, `active()`, `lines()`, `interaction()`, `handlers(on)`
 */
export function mountPlanMode(page, ui, gameId, { redraw, reread }) {
  const box = el("section", { id: "plan", class: "plan", "aria-label": t("Your turn plan") });
  page.actions.after(box);
  const s = { info: null, plan: null, on: false, busy: false, read: null };

  const active = () => s.on && s.plan !== null && canPlan(s.info);

  function change(plan) {
    s.plan = plan;
    draw();
    redraw();
  }

  async function save() {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      const saved = await ui.client.savePlan(gameId, planRequest(s.plan, s.info.version));
      change(readPlan(saved));
      ui.notice(t("Your plan is saved: each move is played when your turn comes, if it "
        + "still does what you planned."));
    } catch (error) {
      if (error.isStale) {
        ui.notice(t("The game moved on while you were planning: your lines are kept. Check "
          + "them against the board and save again."));
        await reread();
      } else {
        ui.alert(t("Plan not saved: {reason}", { reason: error.message }));
      }
    } finally {
      s.busy = false;
      draw();
    }
  }

  async function cancel() {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      await ui.client.cancelPlan(gameId);
      change(readPlan(await ui.client.plan(gameId)));
      ui.notice(t("Your plan is cancelled."));
    } catch (error) {
      ui.alert(t("Plan not cancelled: {reason}", { reason: error.message }));
    } finally {
      s.busy = false;
      draw();
    }
  }

  function lineItem(line, index) {
    return el("li", { class: "plan-line" },
      el("span", { class: "plan-move" }, lineText(line)),
      // TRANSLATORS: a checkbox after a planned move: flip the figure if the move cannot be made
      checkbox(`plan-or-flip-${index}`, t("or flip"), line.orFlip,
        (on) => change(setOrFlip(s.plan, index, on))),
      button(t("Remove"), () => change(removeLine(s.plan, index)), {
        class: "small", "aria-label": t("Remove {move}", { move: lineText(line) }),
      }));
  }

  function draw() {
    // Keep the keyboard where it was: the panel is rebuilt, its checkboxes keep their ids.
    const active = document.activeElement;
    const focused = box.contains(active) && active.id ? active.id : null;
    fill();
    if (focused) box.querySelector(`#${focused}`)?.focus();
  }

  function fill() {
    box.hidden = !canPlan(s.info) || s.plan === null;
    if (box.hidden) {
      box.replaceChildren();
      return;
    }
    const parts = [el("h2", {}, t("Turn plan")),
      checkbox("plan-mode", t("Plan my moves"), s.on, (on) => {
        s.on = on;
        draw();
        redraw();
      })];
    if (s.plan.stopped) parts.push(el("p", { class: "plan-stopped" }, s.plan.stopped));
    // What the plans did, in the server's words, until the seat's next mail tells it.
    if (s.plan.report) parts.push(el("p", { class: "plan-report" }, s.plan.report));
    if (!s.on) {
      if (hasSavedPlan(s.plan)) parts.push(el("p", {}, savedLine(s.plan)));
      box.replaceChildren(...parts);
      return;
    }
    parts.push(s.plan.lines.length
      ? el("ol", { class: "plan-lines", "aria-label": t("Planned moves") },
        ...s.plan.lines.map(lineItem))
      : el("p", { class: "prompt" }, t("No move planned yet: choose one on the board.")));
    parts.push(checkbox("plan-flip-rest", t("Flip the rest"), s.plan.flipRest,
      (on) => change(setFlipRest(s.plan, on))));
    const row = [button(t("Save plan"), save, {
      class: "primary", ...(canSave(s.plan) && !s.busy ? {} : { disabled: "" }),
    })];
    if (hasSavedPlan(s.plan)) row.push(button(t("Cancel plan"), cancel));
    parts.push(el("div", { class: "buttons" }, ...row));
    if (s.plan.changed || hasSavedPlan(s.plan)) {
      parts.push(el("p", { class: "plan-saved" },
        s.plan.changed ? t("Not saved yet.") : t("Saved.")));
    }
    box.replaceChildren(...parts);
  }

  return {
    /**
     * Read the plan again (the page heard news, or drew the game anew).
     * @param {object} info the service's facts (`readGame`'s `info`)
     * @returns {Promise<boolean>} whether the plan read differs from the one before
     */
    async refresh(info) {
      s.info = info;
      const before = s.read;
      if (!canPlan(info)) {
        s.plan = null;
        s.read = null;
      } else {
        try {
          const read = await ui.client.plan(gameId);
          s.read = JSON.stringify(read);
          s.plan = readPlan(read, s.plan);
        } catch (error) {
          ui.notice(t("The page could not read your plan ({reason}).", { reason: error.message }));
        }
      }
      draw();
      return s.read !== before;
    },
    active,
    /** @returns {object[]} the lines of the plan being edited (none out of plan mode) */
    lines() {
      return active() ? s.plan.lines : [];
    },
    /** @returns {object} the board's interaction in plan mode */
    interaction() {
      return planInteraction(s.plan, s.info.viewer.seat);
    },
    /**
     * The actor's panel's handlers in plan mode: a chosen move joins the plan.
     * @param {object} on the page's handlers (`update`, `preview`, `send`)
     * @param {function(): object} current the board's interaction now
     * @returns {object}
     */
    handlers(on, current) {
      return {
        ...on,
        words: planWords(),
        send(action) {
          const move = action.type === "move" ? chosenMove(current()) : null;
          change(addLine(s.plan, action, move?.to ?? null, move?.pushes ?? []));
        },
      };
    },
  };
}
