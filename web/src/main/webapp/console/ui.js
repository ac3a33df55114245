// Small DOM helpers shared by the pages.

/** Builds an element: el('a', {href: '#', class: 'x'}, 'text', child...). Text is never parsed as HTML. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      Object.assign(element.dataset, value);
    } else if (name === 'style') {
      // Through the CSS object model: a style attribute is inline style, which the page's Content-Security-Policy refuses.
      element.style.cssText = value;
    } else {
      element.setAttribute(name, value === true ? '' : value);
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Tells screen readers what just happened, politely. */
export function announce(message) {
  const announcer = document.getElementById('announcer');
  announcer.textContent = '';
  setTimeout(() => { announcer.textContent = message; }, 50);
}

export function badge(state) {
  return el('span', { class: `badge ${state}` }, state);
}

export function time(iso) {
  if (!iso) return '—';
  const date = new Date(iso);
  return el('time', { datetime: date.toISOString(), title: date.toISOString() }, date.toLocaleString());
}

/** "3 min 20 s" between two instants (or from one until now). */
export function age(fromIso, toIso) {
  if (!fromIso) return '—';
  const ms = (toIso ? new Date(toIso) : new Date()) - new Date(fromIso);
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

export function notice(kind, text) {
  return el('p', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

export function table(caption, headers, rows, options = {}) {
  return el('div', { class: 'table-wrap' },
    el('table', { id: options.id },
      el('caption', { class: options.showCaption ? '' : 'visually-hidden' }, caption),
      el('thead', {}, el('tr', {}, headers.map(h => typeof h === 'string'
        ? el('th', { scope: 'col' }, h) : el('th', { scope: 'col', class: h.class }, h.label)))),
      el('tbody', {}, rows)));
}

/**
 * Redraws a part of the page only when its data changed, and gives the focus back to the same
 * control (by id or label) if it was inside: live updates must not pull the focus from under a
 * keyboard user, nor replace a button being clicked.
 */
export function redraw(container, data, draw) {
  const text = JSON.stringify(data);
  if (container.dataset.drawn === text) return;
  const active = document.activeElement && container.contains(document.activeElement) ? document.activeElement : null;
  const key = active && (active.id ? `#${CSS.escape(active.id)}`
    : active.getAttribute('aria-label') ? `[aria-label="${CSS.escape(active.getAttribute('aria-label'))}"]` : null);
  draw();
  container.dataset.drawn = text;
  if (key) container.querySelector(key)?.focus();
}
