/**
 * How a game page hears that its game changed: a server-sent event stream when the browser
 * has `EventSource` (one open connection, silent while nothing happens), a request every few
 * seconds when it has not, or when the stream cannot be opened.
 *
 * The stream needs a ticket (an `EventSource` sends no `Authorization` header, and the link's
 * token stays in the fragment): the page asks for one, opens the stream, and asks for a new
 * ticket whenever the server closes the stream for good (an expired ticket, a restart).
 * After `MAX_FAILURES` failures in a row it polls instead, and tries the stream again every
 * `RETRY_STREAM_EVERY` polls. `onNews` is the page's "read the game again"; calls never
 * overlap: news that comes while one runs makes one more run after it, and a read that
 * fails (it throws) is tried again after `RETRY_MS`.
 *
 * `onNews` is given what the stream said, `{version, messages}`, `{table: true}` (only the
 * table may have news), or null (a poll, a retry, news that came during a read). The page's
 * `ticket()` names the game as the page last read it (its ETag): the ticket says whether the
 * game changed since (`changed`: read it again), and its stream tells only what changes
 * after it, so nothing falls between the page's read and its stream, and a stream opened
 * right after the page read the game does not make it read the game again.
 */

/** Milliseconds between two looks when polling. */
export const POLL_MS = 3000;
/** Milliseconds before the stream is opened again after a failure. */
export const RETRY_MS = 3000;
/** Failures in a row after which the page polls. */
export const MAX_FAILURES = 3;
/** While polling, every this many polls the stream is tried again. */
export const RETRY_STREAM_EVERY = 10;

const CLOSED = 2; // EventSource.CLOSED

/**
 * Start hearing about the game; return `{mode(), stop()}` (`mode()` is "stream" or "poll").
 * @param {object} options
 * @param {function(): Promise<{url: string}>} options.ticket asks the API for a ticket
 * @param {function(): Promise<void>} options.onNews reads the game (and the table) again
 * @param {?Function} options.EventSource the browser's, or null to poll
 * @param {function(Function, number): any} [options.schedule] `setTimeout` by default
 * @param {function(any): void} [options.cancel] `clearTimeout` by default
 */
export function startLive({
  ticket, onNews, EventSource, schedule = setTimeout, cancel = clearTimeout,
}) {
  const s = {
    mode: EventSource ? "stream" : "poll", source: null, failures: 0, polls: 0,
    timer: null, retry: null, stopped: false, running: false, again: false, opened: 0,
  };

  async function news(heard = null) {
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    let failed = false;
    try {
      do {
        s.again = false;
        try {
          await onNews(heard);
        } catch {
          failed = true;
        }
        heard = null;
      } while (s.again && !s.stopped);
    } finally {
      s.running = false;
    }
    // A read that failed is tried again while streaming (polling tries on its own).
    if (failed && s.mode === "stream" && !s.stopped) {
      cancel(s.retry);
      s.retry = schedule(news, RETRY_MS);
    }
  }

  function later(what, ms) {
    if (s.stopped) return;
    cancel(s.timer);
    s.timer = schedule(what, ms);
  }

  function poll() {
    s.mode = "poll";
    later(async () => {
      await news();
      s.polls += 1;
      if (EventSource && s.polls % RETRY_STREAM_EVERY === 0) open();
      else poll();
    }, POLL_MS);
  }

  function failed() {
    s.failures += 1;
    if (s.failures >= MAX_FAILURES) poll();
    else later(open, RETRY_MS);
  }

  async function open() {
    if (s.stopped) return;
    let answer;
    try {
      answer = await ticket();
    } catch {
      failed();
      return;
    }
    if (s.stopped) return;
    const source = new EventSource(answer.url);
    s.source = source;
    s.opened += 1;
    source.addEventListener("game", (event) => news(heardOf(event.data)));
    // What changed before the ticket: the game (read it all again), or maybe the table (its
    // messages are counted by id, the page's by sequence: it cannot tell which it has).
    if (answer.changed) news();
    else if (answer.messages) news({ table: true });
    source.onopen = () => {
      s.failures = 0;
      if (s.mode === "poll") {
        s.mode = "stream";
        cancel(s.timer);
      }
    };
    source.onerror = () => {
      // A dropped connection is reopened by the browser itself (with Last-Event-ID); a
      // refusal (an expired ticket, a server that is not there) closes the source for good.
      if (source.readyState !== CLOSED || s.source !== source) return;
      s.source = null;
      failed();
    };
  }

  /** The stream's `{version, messages}`, or nothing where the data cannot be read. */
  function heardOf(data) {
    try {
      const { version, messages } = JSON.parse(data);
      return { version, messages };
    } catch {
      return { version: null, messages: null };
    }
  }

  if (EventSource) open();
  else poll();
  return {
    mode: () => s.mode,
    stop() {
      s.stopped = true;
      cancel(s.timer);
      cancel(s.retry);
      s.source?.close();
    },
  };
}
