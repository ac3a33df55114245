// The console's shell: who is signed in, the live stream, and a page per address (#/page/...).
import { api } from './api.js';
import { setCaller } from './roles.js';
import { connect } from './live.js';
import { el, notice } from './ui.js';
import * as overview from './pages/overview.js';
import * as endpoints from './pages/endpoints.js';
import * as jobs from './pages/jobs.js';
import * as job from './pages/job.js';
import * as signals from './pages/signals.js';
import * as priority from './pages/priority.js';

/** Address → page: the first path segment names it; the rest and the query are its parameters. */
function route(hash) {
  const [path, query] = (hash.replace(/^#\/?/, '') || 'overview').split('?');
  const parts = path.split('/').map(decodeURIComponent);
  const params = Object.fromEntries(new URLSearchParams(query || ''));
  switch (parts[0]) {
    case 'endpoints': return { page: endpoints, nav: 'endpoints', args: { mode: parts[2] || (parts[1] === 'new' ? 'new' : 'list'), name: parts[1] === 'new' ? null : parts[1], params } };
    case 'jobs': return parts[1] ? { page: job, nav: 'jobs', args: { id: parts[1] } } : { page: jobs, nav: 'jobs', args: { params } };
    case 'signals': return { page: signals, nav: 'signals', args: { params } };
    case 'priority': return { page: priority, nav: 'priority', args: {} };
    default: return { page: overview, nav: 'overview', args: {} };
  }
}

let leave = null;

async function show() {
  const main = document.getElementById('main');
  const { page, nav, args } = route(location.hash);
  if (leave) leave();
  leave = null;
  document.querySelectorAll('header nav a').forEach(link => {
    if (link.dataset.page === nav) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
  });
  main.replaceChildren(el('p', { class: 'muted' }, 'Loading…'));
  try {
    leave = await page.render(main, args);
  } catch (error) {
    main.replaceChildren(el('h1', {}, 'Something went wrong'), notice('error', error.message));
  }
  document.title = `${main.querySelector('h1')?.textContent || 'Console'} · Conveyor`;
}

/** Moves focus to the new page's heading when the operator navigated, so a screen reader reads it. */
function focusHeading() {
  const heading = document.querySelector('main h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
}

async function start() {
  const me = await api.get('me');
  setCaller(me);
  document.getElementById('caller').textContent = `${me.name} (${me.roles.join(', ') || 'no role'})`;
  document.body.dataset.roles = me.roles.join(' ');
  connect();
  window.addEventListener('hashchange', async () => { await show(); focusHeading(); });
  await show();
  document.body.dataset.ready = 'true';
}

start();
