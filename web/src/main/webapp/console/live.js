// Live updates: one Server-Sent Events stream (GET /api/events) for the whole console. The
// server sends the overview when something changed; pages listen and refresh what they show.

const listeners = new Set();
let latest = null;
let source = null;

export function onOverview(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function latestOverview() {
  return latest;
}

export function connect() {
  open();
  // A page kept in the browser's back/forward cache would keep its stream open, and a browser
  // allows only a few connections to one server (six in Chrome over HTTP/1.1): a few pages kept
  // that way left the page being shown none for its own files, and it hung until one was let go.
  // The stream is closed when the page is put away and opened again if it comes back.
  window.addEventListener('pagehide', () => source.close());
  window.addEventListener('pageshow', event => {
    if (event.persisted) {
      open();
    }
  });
}

function open() {
  const status = document.getElementById('live-status');
  source = new EventSource('api/events');
  source.addEventListener('open', () => {
    status.textContent = 'live';
    status.className = 'live on';
  });
  source.addEventListener('error', () => {
    // EventSource reconnects by itself; say so meanwhile.
    status.textContent = 'reconnecting…';
    status.className = 'live off';
  });
  source.addEventListener('overview', event => {
    latest = JSON.parse(event.data);
    status.textContent = 'live';
    status.className = 'live on';
    status.dataset.updatedAt = latest.generatedAt;
    status.dataset.events = String(Number(status.dataset.events || 0) + 1);
    listeners.forEach(listener => listener(latest));
  });
}
