// Signals: the waiting jobs grouped by signal id (GET /api/signals), their counters and target,
// how long the oldest waits; send a notify (POST /api/signals/{id}).
import { api, enc } from '../api.js';
import { onOverview } from '../live.js';
import { applyRoles } from '../roles.js';
import { el, age, notice, announce, table, redraw } from '../ui.js';

function counters(signal) {
  if (!signal) return el('span', { class: 'muted' }, 'nothing notified yet');
  const parts = Object.entries(signal.counters).map(([name, value]) => `${name}: ${value}`);
  return `${parts.join(', ') || 'no counter'} (total ${signal.total}${signal.releasable ? `, credit ${signal.releasable}` : ''})`;
}

export async function render(main, { params }) {
  const messages = el('div', { id: 'signal-messages' });
  const list = el('div');
  const id = el('input', { id: 'notify-id', type: 'text', required: true, value: params.id || '' });
  const counter = el('input', { id: 'notify-counter', type: 'text', placeholder: 'default' });
  const delta = el('input', { id: 'notify-delta', type: 'text', inputmode: 'numeric', value: '1' });
  const notify = async (signalId, body) => {
    try {
      const signal = await api.post(`signals/${enc(signalId)}`, body);
      const text = `Notified ${signalId}: total now ${signal.total}.`;
      messages.replaceChildren(notice('ok', text));
      announce(text);
      await load();
    } catch (error) {
      messages.replaceChildren(notice('error', error.message));
    }
  };
  const form = el('form', { class: 'filters', id: 'notify-form', 'aria-label': 'Send a notify', dataset: { write: 'operate' } },
    el('div', {}, el('label', { for: 'notify-id' }, 'Signal id'), id),
    el('div', {}, el('label', { for: 'notify-counter' }, 'Counter'), counter),
    el('div', {}, el('label', { for: 'notify-delta' }, 'Delta'), delta),
    el('button', { type: 'submit', class: 'primary' }, 'Send notify'));
  form.addEventListener('submit', event => {
    event.preventDefault();
    const body = {};
    if (counter.value.trim()) body.counterName = counter.value.trim();
    if (delta.value.trim()) body.delta = /^-?\d+$/.test(delta.value.trim()) ? Number(delta.value.trim()) : delta.value.trim();
    notify(id.value.trim(), body);
  });
  main.replaceChildren(el('h1', {}, 'Signals'), messages,
    el('section', { class: 'panel', 'aria-labelledby': 'waiting-title' }, el('h2', { id: 'waiting-title' }, 'Jobs waiting for signals'), list),
    el('section', { class: 'panel', 'aria-labelledby': 'notify-title', dataset: { write: 'operate' } },
      el('h2', { id: 'notify-title' }, 'Send a notify'), form));
  const load = async () => {
    const groups = await api.get('signals');
    redraw(list, groups, () => list.replaceChildren(groups.length === 0 ? el('p', {}, 'No job waits for a signal.') :
      table('Waiting jobs by signal id', ['Signal id', 'Endpoint', { label: 'Jobs waiting', class: 'num' }, 'Oldest waits for',
        'Releases at', 'Counts now', 'Actions'],
      groups.map(g => el('tr', { dataset: { signal: g.signalId } },
        el('th', { scope: 'row' }, el('code', {}, g.signalId)), el('td', {}, el('a', { href: `#/jobs?endpoint=${enc(g.endpoint)}&state=WAITING` }, g.endpoint)),
        el('td', { class: 'num' }, g.jobs), el('td', {}, age(g.oldestSince)),
        el('td', {}, g.targetSignalCount ? `${g.targetSignalCount} on ${g.signalCounterName || 'the total'}` : '—'),
        el('td', {}, counters(g.signal)),
        el('td', {}, el('button', { type: 'button', class: 'notify', dataset: { write: 'operate' }, 'aria-label': `Notify ${g.signalId} by 1`,
          onclick: () => notify(g.signalId, {}) }, 'Notify +1')))), { id: 'waiting-table' })));
    applyRoles(list);
  };
  await load();
  applyRoles(main);
  return onOverview(() => load());
}
