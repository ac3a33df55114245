// Jobs: newest first, filtered and paged by the server (GET /api/jobs), the filters kept in the address.
import { api, enc } from '../api.js';
import { onOverview } from '../live.js';
import { el, badge, time, table, notice, redraw } from '../ui.js';

const STATES = ['STAGED', 'QUEUED', 'RUNNING', 'WRITING', 'WAITING', 'SUCCEEDED', 'FAILED', 'EXPIRED'];
const PERIODS = [['', 'any time'], ['15', 'last 15 min'], ['60', 'last hour'], ['1440', 'last 24 h'], ['10080', 'last 7 days']];
const LIMIT = 50;

function address(params) {
  const kept = Object.entries(params).filter(([, v]) => v !== '' && v !== undefined && v !== null);
  return `#/jobs${kept.length ? '?' + new URLSearchParams(kept) : ''}`;
}

function field(label, control) {
  return el('div', {}, el('label', { for: control.id }, label), control);
}

export async function render(main, { params }) {
  const page = Math.max(0, parseInt(params.page || '0', 10) || 0);
  const endpoints = await api.get('endpoints');
  const endpoint = el('select', { id: 'filter-endpoint', name: 'endpoint' }, el('option', { value: '' }, 'all endpoints'),
    endpoints.map(e => el('option', { value: e.name, selected: e.name === params.endpoint }, e.name)));
  const state = el('select', { id: 'filter-state', name: 'state' }, el('option', { value: '' }, 'all states'),
    STATES.map(s => el('option', { value: s, selected: s === params.state }, s)));
  const period = el('select', { id: 'filter-period', name: 'minutes' },
    PERIODS.map(([value, label]) => el('option', { value, selected: value === (params.minutes || '') }, label)));
  const text = el('input', { id: 'filter-q', name: 'q', type: 'search', value: params.q || '', placeholder: 'part of a file name' });
  const form = el('form', { class: 'filters', role: 'search', 'aria-label': 'Filter jobs' },
    field('Endpoint', endpoint), field('State', state), field('Created', period), field('Source name contains', text),
    el('button', { type: 'submit', class: 'primary' }, 'Filter'));
  form.addEventListener('submit', event => {
    event.preventDefault();
    location.hash = address({ endpoint: endpoint.value, state: state.value, minutes: period.value, q: text.value.trim() });
  });
  const results = el('div', { id: 'job-results', 'aria-live': 'polite' });
  main.replaceChildren(el('h1', {}, 'Jobs'), form, results);

  const load = async () => {
    const query = new URLSearchParams({ page, limit: LIMIT });
    if (params.endpoint) query.set('endpoint', params.endpoint);
    if (params.state) query.set('state', params.state);
    if (params.q) query.set('q', params.q);
    if (params.minutes) query.set('since', new Date(Date.now() - params.minutes * 60000).toISOString());
    try {
      const { body: jobs, headers } = await api.getWithHeaders(`jobs?${query}`);
      const hasMore = headers.get('X-Has-More') === 'true';
      const rows = jobs.map(j => el('tr', { dataset: { job: j.id, state: j.state } },
        el('td', {}, el('a', { href: `#/jobs/${enc(j.id)}` }, j.source)),
        el('td', {}, j.endpoint), el('td', {}, badge(j.state)),
        el('td', { class: 'wide-only' }, time(j.createdAt)), el('td', { class: 'wide-only' }, time(j.finishedAt)),
        el('td', {}, j.failureReason ? j.failureReason.slice(0, 160) : '')));
      const pager = el('nav', { class: 'pager', 'aria-label': 'Pages of jobs' },
        el('a', { class: 'button', href: address({ ...params, page: page - 1 || '' }), 'aria-disabled': page === 0 ? 'true' : null, hidden: page === 0 }, '← Newer'),
        el('span', {}, `Page ${page + 1}`),
        el('a', { class: 'button', href: address({ ...params, page: page + 1 }), hidden: !hasMore, id: 'next-page' }, 'Older →'));
      redraw(results, { jobs, hasMore }, () => results.replaceChildren(jobs.length === 0 ? el('p', {}, 'No job matches.') :
        table('Jobs, newest first', ['Source', 'Endpoint', 'State', { label: 'Created', class: 'wide-only' },
          { label: 'Finished', class: 'wide-only' }, 'Failure reason'], rows, { id: 'job-table' }), pager));
    } catch (error) {
      delete results.dataset.drawn;
      results.replaceChildren(notice('error', error.message));
    }
  };
  await load();
  // The live stream says something changed: read the page again, at most every 2 s.
  let pending = null;
  const stop = onOverview(() => { if (!pending) pending = setTimeout(async () => { pending = null; await load(); }, 2000); });
  return () => { stop(); clearTimeout(pending); };
}
