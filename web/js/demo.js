/**
 * The demos (`?demo=basic`, `experienced`, `placement`, `monster`, `game`): positions and
 * events made by the rules engine (`web/demo/`, written by `web/tests/make_fixtures.py`) to
 * play a move on, watch a monster phase, step through a game, with no server behind them.
 */

import { frameText } from "./model/captions.js";
import { decisionOf } from "./model/decisions.js";
import { t } from "./model/i18n.js";
import {
  clearSelection, clickSquare, highlightsOf, selectFigure, startInteraction,
} from "./model/interaction.js";
import { eventFrames, stillFrame } from "./model/replay.js";
import { createViewer, readLog, seek, stepEntries } from "./model/timeline.js";
import { boardModel, readPayload, statusModel } from "./model/viewmodel.js";
import { FRAME_MS, createPlayer } from "./view/animate.js";
import { createBoard } from "./view/board.js";
import {
  createReplayControls, renderActions, renderStatus, setMoveTime, showFrame,
} from "./view/panel.js";

const DEMOS = {
  basic: showPosition, experienced: showPosition, placement: showPosition,
  monster: showMonsterPhase, game: showGame,
};

let page = null;

/** A position to play on: select a figure, see its destinations, choose, preview, send. */
function showPosition(payload) {
  const { game, view } = readPayload(payload);
  const board = boardModel(view, game);
  let it = startInteraction(view);
  const boardView = createBoard(page.board, {
    onActivate(target) {
      if (target.cancel) update(clearSelection(it));
      else if (target.figure) update(selectFigure(it, target.figure));
      else update(clickSquare(it, board, target.square));
    },
  });
  const on = {
    update,
    preview(move) {
      const h = highlightsOf(it, board);
      boardView.highlight(move ? { ...h, preview: move } : h);
    },
    send(action) {
      page.sent.hidden = false;
      page.sent.textContent = `${t("The demo sends nothing; the API would get:")}\n`
        + JSON.stringify(action);
      update(clearSelection(it));
    },
  };
  function update(next) {
    it = next;
    boardView.highlight(highlightsOf(it, board));
    renderActions(page.actions, it, board, on);
  }
  boardView.draw(board);
  renderStatus(page.status, board, statusModel(view));
  update(it);
}

/** Frames to watch, with the replay controls. */
function playFrames(frames, extra = () => []) {
  const boardView = createBoard(page.board, { onActivate() {} });
  let controls = null;
  const player = createPlayer({
    show(frame, how) {
      showFrame(boardView, page.status, frame, how);
    },
    onChange(state) {
      controls?.update(state, frameText(state.frame), decisionOf(state.frame));
    },
  });
  controls = createReplayControls(page.replay, player,
    { extra: extra(player), onSpeed: (ms) => setMoveTime(boardView, ms) });
  setMoveTime(boardView, FRAME_MS);
  player.load(frames);
}

/** One monster phase, from the position before it. */
function showMonsterPhase(data) {
  const { game } = readPayload({ game: data.game, view: data.before });
  const scene = { board: boardModel(data.before, game), status: statusModel(data.before) };
  playFrames([stillFrame(scene, t("The figures have moved; the monster's turn.")),
    ...eventFrames(scene, data.events)]);
}

/** A whole game's log, action by action. */
function showGame(data) {
  const viewer = createViewer(readLog(data));
  const jump = (player, delta) => () => {
    const target = stepEntries(seek(viewer, player.state.index), delta).index;
    player.step(target - player.state.index);
  };
  playFrames(viewer.frames, (player) => [
    { text: t("◀◀ action"), label: t("Back to the previous action"),
      onClick: jump(player, -1) },
    { text: t("action ▶▶"), label: t("On to the end of the next action"),
      onClick: jump(player, 1) },
  ]);
}

// Each demo's title in the reader's language (the English is in its file, web/demo/).
const DEMO_TITLES = {
  basic: () => t("A basic game, fourth turn"),
  experienced: () => t("An experienced game with every tile"),
  game: () => t("The first turns of a basic game"),
  monster: () => t("A monster phase"),
  placement: () => t("Placing the tiles"),
};

/**
 * Show the demo `name` on the page's board and panels.
 * @param {object} elements the page's elements (board, side, title, status, actions, ...)
 * @param {object} ui `alert(message)`
 * @param {string} name basic, experienced, placement, monster or game
 */
export async function showDemo(elements, ui, name) {
  page = elements;
  if (!Object.hasOwn(DEMOS, name)) {
    page.intro.hidden = false;
    ui.alert(t("There is no demo called \"{name}\".", { name }));
    return;
  }
  const response = await fetch(`/demo/${name}.json`);
  if (!response.ok) throw new Error(`demo/${name}.json: ${response.status} ${response.statusText}`);
  const data = await response.json();
  page.board.hidden = false;
  page.side.hidden = false;
  page.title.textContent = DEMO_TITLES[name]?.() ?? data.game?.title ?? "";
  DEMOS[name](data);
}
