/**
 * Plays replay frames (see model/replay.js) one after another: play, pause, step back and
 * forth, skip to the end, start again, at a chosen speed. It draws through `show` and reports
 * through `onChange`, so it needs no DOM itself; the page passes the board's drawing. Only a
 * step to the next frame is shown smoothly; jumps (back, to the end, to the start) are not,
 * so pieces never glide across many frames at once.
 */

/** How long each frame stays up at normal speed, in milliseconds. */
export const FRAME_MS = 700;

/**
 * Create a player.
 * @param {object} options
 * @param {function(object, {smooth: boolean}): void} options.show draws a frame (its scene
 *   and focus); `smooth` when it follows the frame shown before
 * @param {function(object): void} [options.onChange] told `{index, count, playing, frame}`
 *   after every change
 * @param {function(Function, number): any} [options.schedule] a timer, `setTimeout` by default
 * @param {function(any): void} [options.cancel] cancels it, `clearTimeout` by default
 * @returns {object} the player's controls
 */
export function createPlayer({
  show, onChange = () => {}, schedule = setTimeout, cancel = clearTimeout,
}) {
  let frames = [];
  let index = 0;
  let timer = null;
  let frameMs = FRAME_MS;

  function stopTimer() {
    if (timer !== null) cancel(timer);
    timer = null;
  }

  function report() {
    onChange({ index, count: frames.length, playing: timer !== null, frame: frames[index] });
  }

  function go(i) {
    const next = Math.max(0, Math.min(frames.length - 1, i));
    const smooth = next === index + 1;
    index = next;
    show(frames[index], { smooth });
  }

  function tick() {
    timer = null;
    if (index < frames.length - 1) {
      go(index + 1);
      if (index < frames.length - 1) timer = schedule(tick, frameMs);
    }
    report();
  }

  return {
    /**
     * Load frames and show the first, paused.
     * @param {object[]} list
     */
    load(list) {
      stopTimer();
      frames = list;
      index = 0;
      show(frames[0], { smooth: false });
      report();
    },
    /** Play from the current frame (from the start when at the end). */
    play() {
      stopTimer();
      if (index >= frames.length - 1) go(0);
      timer = schedule(tick, frameMs);
      report();
    },
    /** Stop on the current frame. */
    pause() {
      stopTimer();
      report();
    },
    /** Play when paused, pause when playing. */
    toggle() {
      if (timer === null) this.play();
      else this.pause();
    },
    /**
     * Pause and go `delta` frames on (negative: back).
     * @param {number} delta
     */
    step(delta) {
      stopTimer();
      go(index + delta);
      report();
    },
    /** Pause and show the last frame: the outcome. */
    skipToEnd() {
      stopTimer();
      go(frames.length - 1);
      report();
    },
    /** Play again from the first frame. */
    restart() {
      stopTimer();
      go(0);
      this.play();
    },
    /**
     * Set how long a frame stays up.
     * @param {number} ms
     */
    setFrameMs(ms) {
      frameMs = ms;
      if (timer !== null) {
        stopTimer();
        timer = schedule(tick, frameMs);
      }
    },
    /** @returns {{index: number, count: number, playing: boolean}} */
    get state() {
      return { index, count: frames.length, playing: timer !== null };
    },
  };
}
