/**
 * The monster preview on a game page (a game option, `monster_preview`): while it is the
 * reader's move, where the monster would walk for each card that may come next, from the
 * board after the move chosen (before Send), or from the board as it is while none is chosen
 * (`POST /games/<id>/preview`, asked once per move and version). Drawn as on the sandbox
 * page (view/walks.js).
 */

import { t } from "../model/i18n.js";
import { pendingAction } from "../model/interaction.js";
import { el } from "./panel.js";
import { createWalks } from "./walks.js";

/**
 * Mount the preview after the actor's choices.
 * @param {object} page the page's elements (`actions`)
 * @param {object} ui `client`
 * @param {string} gameId
 * @param {object} boardView from `createBoard`
 * @returns {{update: function(object, object, object): void, hide: function(): void}}
 *   `update(it, info, board)` with the interaction, the game's facts and the board shown
 */
export function mountPreview(page, ui, gameId, boardView) {
  const box = el("section", { class: "monster-preview", "aria-label": t("Monster preview") });
  box.hidden = true;
  page.actions.after(box);
  const walks = createWalks(box, boardView, { title: t("Monster preview") });
  const answers = new Map(); // key → the walks' promise, at the version they were asked at
  let version = null;
  let shown = null;

  function hide() {
    shown = null;
    walks.clear();
  }

  return {
    update(it, info, board) {
      if (!info.monsterPreview || it.kind !== "figure") {
        hide();
        return;
      }
      if (info.version !== version) answers.clear(); // asked at an older position
      version = info.version;
      const action = pendingAction(it);
      const key = `${info.version} ${JSON.stringify(action)}`;
      if (key === shown) return;
      shown = key;
      if (!answers.has(key)) {
        answers.set(key, ui.client.preview(gameId, action).then((a) => a.walks, () => null));
      }
      answers.get(key).then((found) => {
        if (shown !== key) return; // another move was chosen meanwhile
        if (!found) {
          answers.delete(key);
          walks.clear();
          return;
        }
        walks.show(found, board, action
          ? t("Where the monster would walk after this move, for each card it may turn up "
            + "next.")
          : t("Where the monster would walk from the board as it is, for each card it may "
            + "turn up next. Choose a move to see it after the move."));
      });
    },
    hide,
  };
}
