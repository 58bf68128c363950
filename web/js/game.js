/**
 * The game page (`/play/<id>#t=<token>`): the board and the panels of one game, as the
 * token's holder sees it. Select a figure (or a tile), see the legal destinations, choose,
 * preview, send; the server's refusals are shown, a stale version redraws with a notice.
 * A monster phase that happened since the page last looked is replayed; a viewer steps
 * through the game from its first action. The page hears of every change of the game, and
 * of the table talk, through the game's live stream (`model/live.js`; polling where there
 * is none), then reads the game (ETag, 304) and the messages since it last asked. A seat may
 * switch the board to its turn plan ("Plan my moves", `view/plan.js`), read again on news.
 * The table beyond the game has its panels: takebacks (`view/takeback.js`), the rematch and
 * standings (`view/rematch.js`), the record and "Try it in a sandbox" (`view/records.js`),
 * the monster preview (`view/preview.js`) and a seat's notes (`view/notes.js`).
 * A seat's page opens in the seat's language, unless the reader chose one on this site.
 */

import { positionLink } from "./model/api.js";
import { groupEvents, readGame, viewerLog } from "./model/gamelog.js";
import {
  clearSelection, clickSquare, highlightsOf, selectFigure, startInteraction,
} from "./model/interaction.js";
import { frameText } from "./model/captions.js";
import { decisionOf } from "./model/decisions.js";
import { language, loadLanguage, t, translateDocument } from "./model/i18n.js";
import { chosenLanguage, useLanguage } from "./model/language.js";
import { startLive } from "./model/live.js";
import { lastMove } from "./model/marks.js";
import { plannedBoard } from "./model/plan.js";
import { eventFrames, stillFrame } from "./model/replay.js";
import { createViewer, frameVersions, readLog } from "./model/timeline.js";
import { boardModel, statusModel } from "./model/viewmodel.js";
import { FRAME_MS, createPlayer } from "./view/animate.js";
import { createBoard } from "./view/board.js";
import { createChat } from "./view/chat.js";
import { follow } from "./view/follow.js";
import { renderInfo, renderLog } from "./view/gamepanel.js";
import {
  createReplayControls, el, renderActions, renderStatus, setMoveTime, showFrame,
} from "./view/panel.js";
import { mountSeatEmail } from "./view/email.js";
import { renderSettings } from "./view/settings.js";
import { showTurn, turnOf } from "./view/signals.js";
import { showPace } from "./view/pace.js";
import { GAME_VIEW_EVENT } from "./view/host.js";
import { mountPlanMode } from "./view/plan.js";
import { mountDeviceGames } from "./view/mygames.js";
import { mountNotes } from "./view/notes.js";
import { mountPreview } from "./view/preview.js";
import { mountRecords } from "./view/records.js";
import { mountRematch } from "./view/rematch.js";
import { mountTakeback } from "./view/takeback.js";

/**
 * Show a seat's page in the seat's language (`viewer.language`) when the reader has chosen
 * none on this site; the choice is not kept, so another seat's page follows its own.
 * @param {{language?: string|null}} viewer the game view's viewer
 */
async function followSeatLanguage(viewer) {
  const code = viewer?.language;
  if (!code || chosenLanguage() !== null || code === language()) return;
  const shown = await loadLanguage(code);
  translateDocument(document);
  const chooser = document.getElementById("language");
  if (chooser) chooser.value = shown;
}

/**
 * `client` whose `name` method asks the API once and gives every later caller that answer.
 * @param {object} client model/api.js's
 * @param {string} name
 */
function readOnce(client, name) {
  let answer = null;
  return Object.assign(Object.create(client), {
    [name]: (...args) => (answer ??= client[name](...args)),
  });
}

/**
 * `client` whose first call of `name` gives `answer` (already read) and every later one asks
 * the API.
 * @param {object} client model/api.js's
 * @param {string} name
 * @param {*} answer
 */
function answeredFirst(client, name, answer) {
  let given = Promise.resolve(answer);
  return Object.assign(Object.create(client), {
    [name]: (...args) => {
      const first = given;
      given = null;
      return first ?? client[name](...args);
    },
  });
}

/**
 * Once the seat saved its language and time zone: open the page again in them (everything on
 * it, the board's words and the times alike, is then drawn in them).
 * @param {{language: string}} choice the API's answer
 */
async function showSeatLanguage(choice) {
  if (choice.language !== language()) await useLanguage(choice.language);
  window.location.reload();
}

/**
 * Show the game `route.gameId` with the token from the link, and keep it up to date.
 * @param {object} page the page's elements: board, side, title, status, actions, sent,
 *   replay, log, chat, settings
 * @param {object} ui `client`, `alert(message)`, `notice(message)`, `clear()`
 * @param {{gameId: string, at?: number|null}} route `at`: a position's link names this version
 */
export async function showGame(page, ui, { gameId, at = null }) {
  // Read first: the seat's language is known before anything is drawn.
  const first = await ui.client.readGame(gameId);
  await followSeatLanguage(first.game.viewer);
  mountDeviceGames(page, ui, first.game); // kept on this device; the next game waiting
  const s = {
    info: null, game: null, view: null, board: null, status: null, it: null, etag: null,
    afterSeq: 0, entries: [], actions: new Map(), replaying: false, busy: false, start: null,
    offline: false, marks: {}, planDrawn: false, versionAt: null,
  };
  const boardView = createBoard(page.board, {
    onActivate(target) {
      if (s.replaying || !s.board) return;
      if (target.cancel) interact(clearSelection(s.it));
      else if (target.figure) interact(selectFigure(s.it, target.figure));
      else interact(clickSquare(s.it, s.board, target.square));
    },
  });
  setMoveTime(boardView, FRAME_MS);
  const chat = createChat(page.chat, ui, gameId);
  page.title.after(chat.unread); // the count of unread messages, at the top of the side
  const on = {
    update: interact,
    preview(move) {
      const h = { ...highlightsOf(s.it, s.board), ...s.marks };
      boardView.highlight(move ? { ...h, preview: move } : h);
    },
    send,
  };
  let controls = null;
  const player = createPlayer({
    show(frame, how) {
      showFrame(boardView, page.status, frame, how);
      follow(page.board, frame.scene.board.monster?.square ?? null, page.replay);
    },
    onChange(state) {
      controls?.update(state, frameText(state.frame), decisionOf(state.frame));
      // The last frame is now: back on it, the board is the game again, ready to play.
      const wasReplaying = s.replaying;
      s.replaying = state.playing || state.index < state.count - 1;
      document.body.classList.toggle("is-replaying", s.replaying);
      if (wasReplaying && !s.replaying) drawLive();
      if (s.replaying && !wasReplaying) showReplayNote();
    },
  });

  /** Say a replay is on where the actor's choices go: "Your move" only to the seat to move. */
  function showReplayNote() {
    preview.hide();
    page.actions.replaceChildren(
      el("h2", {}, turnOf(s.info).mine ? t("Your move") : t("A replay")),
      el("p", { class: "prompt" }, t("A replay is on the board; \"Back to the game\" "
        + "shows the game as it is now.")));
  }

  const plan = mountPlanMode(page, ui, gameId, {
    redraw() {
      s.it = s.view && freshInteraction();
      if (!s.replaying && s.board) interact(s.it);
    },
    reread: () => refresh(),
  });

  const preview = mountPreview(page, ui, gameId, boardView);
  const takeback = mountTakeback(page, ui, gameId, async (apiGame) => {
    if (apiGame.version === s.info.version) return; // asked or answered: the game is the same
    s.etag = null;
    await update(apiGame);
  });
  const rematch = mountRematch(page, ui, gameId);
  /** The table's panels, for the game as now read: takebacks, rematch and standings. */
  const tablePanels = () => Promise.all([takeback.refresh(s.info), rematch.refresh(s.info)]);

  /** The board's interaction anew: the plan's moves in plan mode, else the view's. */
  function freshInteraction() {
    return plan.active() ? plan.interaction()
      : startInteraction(s.view, { paused: Boolean(s.info.pausedAt) });
  }

  function interact(next) {
    s.it = next;
    // Plan mode shows the board as it will be after the planned moves, with their arrows;
    // the last move made is marked in either mode.
    const planned = plan.active() ? plannedBoard(s.board, plan.lines()) : null;
    if (planned || s.planDrawn) boardView.draw(planned?.board ?? s.board, { instant: true });
    s.planDrawn = Boolean(planned);
    s.marks = { last: lastMove(s.entries), planned: planned?.arrows ?? [] };
    boardView.highlight({ ...highlightsOf(s.it, s.board), ...s.marks });
    renderActions(page.actions, s.it, s.board,
      plan.active() ? plan.handlers(on, () => s.it) : on);
    if (plan.active()) preview.hide();
    else preview.update(s.it, s.info, s.board);
  }

  function apply(apiGame) {
    const { game, view, info } = readGame(apiGame);
    Object.assign(s, { game, view, info });
    s.board = view && boardModel(view, game);
    s.status = view && statusModel(view, { monsterPreview: info.monsterPreview });
    s.it = view && startInteraction(view, { paused: Boolean(info.pausedAt) });
  }

  /** The game's first position, from the API (once the game has started), for the viewer. */
  async function loadStart() {
    if (s.start || !s.view) return;
    try {
      s.start = await ui.client.start(gameId);
    } catch {
      // Without it the whole-game viewer is not offered; the game itself is unaffected.
    }
  }

  function drawLive() {
    renderInfo(page.title, s.game, s.info);
    showTurn(page, s.game, s.info);
    page.board.hidden = !s.board;
    if (!s.board) {
      page.actions.replaceChildren();
      page.status.replaceChildren();
      return;
    }
    if (s.replaying) return;
    boardView.draw(s.board, { instant: true });
    renderStatus(page.status, s.board, s.status);
    interact(s.it);
  }

  /**
   * Play `frames`; `versionAt(index)`, the game's version each frame shows (the
   * step-through's), else the game's version now is the one shown.
   */
  function playFrames(frames, title, at = null, versionAt = null) {
    s.versionAt = versionAt;
    controls = createReplayControls(page.replay, player, {
      extra: [{
        text: t("Back to the game"), label: t("Stop the replay and show the game as it is now"),
        onClick: () => player.skipToEnd(),
      }],
      onSpeed: (ms) => setMoveTime(boardView, ms),
    });
    page.replay.querySelector("h2").textContent = title;
    player.load(frames);
    if (at === null) player.play();
    else player.step(at);
  }

  /** The log's entries the step-through shows (those after its first position). */
  function stepEntries() {
    return s.start ? s.entries.filter((e) => e.version > s.start.version) : [];
  }

  /** Open the step-through, paused, at the position after the log entry `entry`. */
  function stepTo(entry) {
    const index = stepEntries().indexOf(entry);
    if (index < 0) return;
    const viewer = viewerFrames();
    window.history.replaceState(null, "", positionLink(window.location.href, entry.version));
    playFrames(viewer.frames, t("The whole game"), viewer.entries[index].last,
      versionsOf(viewer));
    page.replay.scrollIntoView?.({ block: "nearest" });
  }

  /** The link to the position after `entry`, for whoever may read the game (null: none). */
  function positionOf(entry) {
    return stepEntries().includes(entry)
      ? positionLink(window.location.href, entry.version) : null;
  }

  function viewerFrames() {
    return createViewer(readLog(viewerLog(s.game, s.start, s.entries)));
  }

  /** The version each frame of the step-through shows. */
  function versionsOf(viewer) {
    const versions = frameVersions(viewer, stepEntries().map((e) => e.version), s.start.version);
    return (index) => versions[index] ?? s.info.version;
  }

  /** The version of the position on the board: the step-through's, else the game's now. */
  function shownVersion() {
    return s.replaying && s.versionAt ? s.versionAt(player.state.index) : s.info.version;
  }

  /** Replay the log entry `entry` (a monster phase) from the position before it. */
  function replayEntry(entry) {
    const index = s.start ? s.entries.filter((e) => e.version > s.start.version).indexOf(entry)
      : -1;
    if (index < 0) {
      ui.notice(t("That monster phase cannot be replayed here: the page could not load the "
        + "game's first position. Reload the page to try again."));
      return;
    }
    const viewer = viewerFrames();
    const { first, last } = viewer.entries[index];
    playFrames(viewer.frames.slice(first - 1, last + 1), t("The monster's turn"));
  }

  function showWholeGame() {
    const viewer = viewerFrames();
    playFrames(viewer.frames, t("The whole game"), null, versionsOf(viewer));
  }

  async function fetchLog() {
    const page1 = await ui.client.eventsSince(gameId, s.afterSeq);
    if (!page1.items.length) return [];
    const lastAction = Math.max(0, ...s.actions.keys());
    const actions = await ui.client.actions(gameId, lastAction);
    for (const a of actions.items) s.actions.set(a.seq, a);
    // The log comes whole per action: an entry never spans two fetches.
    const fresh = groupEvents(page1.items);
    s.entries.push(...fresh);
    s.afterSeq = page1.next_after;
    return fresh;
  }

  function showLog() {
    if (!s.board) return;
    renderLog(page.log, s.entries, s.actions, s.board, {
      replay: replayEntry, wholeGame: s.start ? showWholeGame : null,
      position: positionOf, stepTo,
    });
  }

  /** Take a new view of the game: redraw, and replay any monster phase it brings. */
  async function update(apiGame) {
    const before = s.board && { board: s.board, status: s.status, turn: s.view?.game_turn };
    apply(apiGame);
    // The first board, or the same game turn (no monster phase to replay from the board
    // shown): the position is drawn at once; what the plan and the log add follows.
    if (s.board && (!before || s.view.game_turn === before.turn) && !s.replaying
      && !plan.active()) {
      page.board.hidden = false;
      boardView.draw(s.board, { instant: true });
    }
    // The plan, the game's first position, the log and the table's panels, read at once:
    // one wait, not four.
    const [, , fresh] = await Promise.all([plan.refresh(s.info), loadStart(), fetchLog(),
      tablePanels()]);
    s.it = s.view && freshInteraction();
    showPace(page, ui, apiGame);
    document.dispatchEvent(new CustomEvent(GAME_VIEW_EVENT, { detail: apiGame }));
    showLog();
    drawLive();
    // A replay begun on a view older than its events (read just before the monster's turn)
    // learns now whose move it is.
    if (s.replaying) showReplayNote();
    if (before && fresh.some((e) => e.monster)) {
      try {
        playFrames([stillFrame(before, t("The monster's turn.")),
          ...eventFrames(before, fresh.flatMap((e) => e.events))], t("The monster's turn"));
      } catch {
        // The events do not fit the position the page had (it missed some): show the game.
        s.replaying = false;
        drawLive();
      }
    }
  }

  async function send(action) {
    if (s.busy) return;
    s.busy = true;
    ui.clear();
    try {
      const reply = await ui.client.submit(gameId, action, s.info.version);
      s.etag = null;
      await update(reply.game);
      // Send and the move's choices are gone: the focus goes back to the board's square.
      page.board.querySelector('[data-cell][tabindex="0"]')?.focus();
    } catch (error) {
      if (error.isStale && error.details.game) {
        ui.notice(t("The game moved on while you were choosing: the board is redrawn as it "
          + "is now. Choose again."));
        s.etag = null;
        await update(error.details.game);
      } else {
        ui.alert(t("Not sent: {reason}", { reason: error.message }));
        interact(s.it);
      }
    } finally {
      s.busy = false;
    }
  }

  /** Read the game again (ETag: an unchanged game costs a 304) and the table's news. */
  async function refresh(heard = null) {
    if (s.busy) return;
    if (heard?.table) {
      // The ticket's news: the game is as the page read it; the table may have more.
      await chat.refresh(s.info);
      return;
    }
    try {
      const read = await ui.client.readGame(gameId, s.etag);
      if (s.offline) ui.clear();
      s.offline = false;
      if (read.changed && !s.busy) {
        s.etag = read.etag;
        await update(read.game);
      } else if (!read.changed && await plan.refresh(s.info) && !s.replaying && s.board) {
        interact(freshInteraction()); // a plan stopped, or saved elsewhere: no new version
      }
      // A takeback asked or answered, a rematch's answers: news with no new version.
      if (!read.changed) await tablePanels();
      await chat.refresh(s.info);
    } catch (error) {
      s.offline = true;
      ui.notice(t("The page could not check for news ({reason}); it tries again.",
        { reason: error.message }));
      throw error; // the live model tries again
    }
  }

  page.side.hidden = false;
  s.etag = first.etag;
  await update(first.game);
  // A position's link (`v=` in the fragment): the step-through opens there, at the last
  // entry of that version.
  const linked = at === null ? undefined : stepEntries().findLast((e) => e.version <= at);
  if (linked) stepTo(linked);
  await chat.refresh(s.info);
  // One read of the seat's notification settings serves both panels that show them; the
  // creator's host tools start from the game as just read.
  const settingsUi = { ...ui,
    client: answeredFirst(readOnce(ui.client, "notifications"), "readGame", first) };
  mountRecords(page, ui, first.game, shownVersion);
  mountNotes(page, ui, gameId, s.info.viewer);
  renderSettings(page.settings, settingsUi, gameId, s.info.viewer, showSeatLanguage);
  mountSeatEmail(page.settings, settingsUi, gameId, s.info.viewer);
  startLive({
    ticket: () => ui.client.liveTicket(gameId, s.etag), onNews: refresh,
    EventSource: window.EventSource ?? null,
  });
}
