// One job: what it is, where it ran, how it ended, its failure.log; retry, release or cancel it.
import { api, enc } from '../api.js';
import { onOverview } from '../live.js';
import { applyRoles } from '../roles.js';
import { el, badge, time, age, notice, announce, table } from '../ui.js';

export async function render(main, { id }) {
  const messages = el('div', { id: 'job-messages' });
  const body = el('div');
  main.replaceChildren(el('h1', {}, 'Job'), messages, body);

  const act = async (label, call) => {
    try {
      const result = await call();
      announce(label);
      if (result && result.id && result.id !== id) {
        location.hash = `#/jobs/${enc(result.id)}`;
      } else {
        await load();
        messages.replaceChildren(notice('ok', label));
      }
    } catch (error) {
      messages.replaceChildren(notice('error', error.message));
    }
  };

  const load = async () => {
    const job = await api.get(`jobs/${enc(id)}`);
    const log = job.state === 'FAILED' || job.state === 'EXPIRED' ? await api.text(`jobs/${enc(id)}/log`) : '';
    main.querySelector('h1').textContent = `Job ${job.source}`;
    const actions = el('div', { class: 'actions' },
      (job.state === 'FAILED' || job.state === 'EXPIRED') && el('button', { type: 'button', class: 'primary', id: 'retry', dataset: { write: 'operate' },
        onclick: () => act('Retried as a new job.', () => api.post(`jobs/${enc(id)}/retry`)) }, 'Retry on the kept source'),
      job.state === 'WAITING' && el('button', { type: 'button', id: 'release', dataset: { write: 'operate' },
        onclick: () => act('Released.', () => api.post(`jobs/${enc(id)}/release`)) }, 'Release now'),
      job.state === 'WAITING' && el('button', { type: 'button', class: 'danger', id: 'cancel', dataset: { write: 'operate' },
        onclick: () => confirm(`Cancel job ${job.source}? It ends EXPIRED, its source kept in the expired folder.`)
          && act('Cancelled.', () => api.post(`jobs/${enc(id)}/cancel`)) }, 'Cancel'),
      job.waitSignal && job.state === 'WAITING' && el('a', { class: 'button', href: `#/signals?id=${enc(job.waitSignal)}` }, 'Its signal'));
    const facts = [
      ['State', badge(job.state)], ['Endpoint', el('a', { href: `#/jobs?endpoint=${enc(job.endpoint)}` }, job.endpoint)],
      ['Source', job.source], ['Id', job.id], ['Bucket', `${job.bucket || 'default'} (JMS priority ${job.jmsPriority})`],
      ['Attempts', job.attempts], ['Node', job.node || '—'], ['Runs as', `${job.userName || '—'} @ ${job.domainName || '—'}`],
      ['Created', time(job.createdAt)], ['Started', time(job.startedAt)],
      ['Waited in queue', job.startedAt ? age(job.createdAt, job.startedAt) : '—'],
      ['Finished', time(job.finishedAt)], ['Took', job.finishedAt ? age(job.createdAt, job.finishedAt) : '—'],
      ['Last change', time(job.changedAt)], ['Signal', job.waitSignal || '—'],
    ];
    body.replaceChildren(
      actions,
      job.failureReason ? el('section', { class: 'panel', 'aria-labelledby': 'reason-title' },
        el('h2', { id: 'reason-title' }, 'Failure reason'), el('p', { id: 'failure-reason' }, job.failureReason)) : null,
      el('div', { class: 'grid' },
        el('section', { class: 'panel', 'aria-labelledby': 'facts-title' }, el('h2', { id: 'facts-title' }, 'Facts'),
          el('dl', { class: 'facts' }, facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]))),
        el('section', { class: 'panel', 'aria-labelledby': 'attributes-title' }, el('h2', { id: 'attributes-title' }, 'Attributes'),
          table('Job attributes', ['Name', 'Value'], Object.entries(job.attributes || {}).map(([k, v]) =>
            el('tr', {}, el('td', {}, k), el('td', {}, v)))))),
      el('section', { class: 'panel', 'aria-labelledby': 'results-title' }, el('h2', { id: 'results-title' }, 'Results and kept files'),
        job.results.length ? el('ul', { id: 'results' }, job.results.map(r => el('li', {}, el('code', {}, r))))
          : el('p', { class: 'muted' }, 'None (yet).'),
        el('p', { class: 'muted' }, 'Paths are relative to the watched folder.')),
      log ? el('section', { class: 'panel', 'aria-labelledby': 'log-title' },
        el('h2', { id: 'log-title' }, job.state === 'EXPIRED' ? 'expired.log' : 'failure.log'),
        el('pre', { class: 'log', id: 'failure-log', tabindex: '0' }, log)) : null);
    applyRoles(body);
    body.dataset.state = job.state;
  };
  await load();
  const stop = onOverview(async () => {
    const state = body.dataset.state;
    if (state !== 'SUCCEEDED' && state !== 'FAILED' && state !== 'EXPIRED') await load();
  });
  return stop;
}
