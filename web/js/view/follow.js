/**
 * Keep a square in sight during a replay on a small screen: the board's frame pans sideways
 * (bigger squares on a phone make it wider than the screen) and the window scrolls, so the
 * monster never walks off view and the replay's bar at the bottom never hides it.
 */

const MARGIN = 8; // px kept around the square

/**
 * Bring `square` into view, within the board's frame and the window above the replay's bar.
 * @param {Element} holder the board's holder (`#board`)
 * @param {string|null} square e.g. "c1"; nothing happens without one
 * @param {Element|null} [bar] the replay's panel: a bar over the bottom of a phone's screen
 */
export function follow(holder, square, bar = null) {
  const cell = square && holder.querySelector(`rect[data-cell="${square}"]`);
  const pan = holder.querySelector(".board-pan");
  if (!cell || !pan) return;
  let box = cell.getBoundingClientRect();
  const frame = pan.getBoundingClientRect();
  let dx = 0;
  if (box.left < frame.left + MARGIN) dx = box.left - frame.left - MARGIN;
  else if (box.right > frame.right - MARGIN) dx = box.right - frame.right + MARGIN;
  if (dx) pan.scrollBy({ left: dx, behavior: "smooth" });
  // The window scrolls only under the phone's replay bar: a wide screen shows the whole
  // board, and a reader scrolled down to the talk is left there.
  if (!bar || getComputedStyle(bar).position !== "sticky") return;
  box = cell.getBoundingClientRect();
  const bottom = window.innerHeight - bar.getBoundingClientRect().height - MARGIN;
  let dy = 0;
  if (box.top < MARGIN) dy = box.top - MARGIN;
  else if (box.bottom > bottom) dy = box.bottom - bottom;
  if (dy) window.scrollBy({ top: dy, behavior: "smooth" });
}
