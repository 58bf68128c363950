/**
 * The service worker (served at `/sw.js`, scope `/`): it shows the service's pushes and opens
 * the game a notification is about. It caches nothing: the page is always the server's.
 *
 * A push's payload (service/features/push) is JSON: `{title, body, url, tag, game_id}`, the
 * game's name and what happened in the seat's language, and `/play/<game id>`, whose token
 * the page keeps on this device (js/model/device.js). One notification per game: a newer one
 * replaces the older (`tag`) and still alerts (`renotify`).
 */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** The payload, or what can be read of it (a push with no JSON still shows its text). */
function payloadOf(data) {
  if (!data) return {};
  try {
    return data.json() ?? {};
  } catch {
    return { body: data.text() };
  }
}

/** A path of this site only: a payload never sends the click elsewhere. */
function ownPath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

self.addEventListener("push", (event) => {
  const payload = payloadOf(event.data);
  const tag = payload.tag ?? payload.game_id ?? undefined;
  event.waitUntil(self.registration.showNotification(payload.title ?? "Fearsome Floors", {
    body: payload.body ?? "",
    tag,
    renotify: Boolean(tag),
    icon: "/icons/icon-192.png",
    data: { url: ownPath(payload.url), gameId: payload.game_id ?? null },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(ownPath(event.notification.data?.url), self.location.origin);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).pathname === target.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(target.href);
  })());
});
