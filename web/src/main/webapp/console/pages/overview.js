// Overview: failures of the last hour first, then every endpoint and its queue, throughput over
// the last hour, the nodes, the broker and the database. Fed by the live stream.
import { api, enc } from '../api.js';
import { onOverview, latestOverview } from '../live.js';
import { el, badge, time, age, table } from '../ui.js';
import { timeChart } from '../chart.js';

/**
 * How full an endpoint's input queue is: "over" when its free size is at or below the
 * freeQueueSizeThreshold (percent of maxQueueSize, where the server warns and JMS producers are
 * told to back off), "near" within twice that, else "ok".
 */
export function queueLevel(endpoint) {
  const free = endpoint.maxQueueSize - endpoint.queued;
  const threshold = endpoint.maxQueueSize * endpoint.freeQueueSizeThreshold / 100;
  if (free <= threshold) return 'over';
  if (free <= 2 * threshold) return 'near';
  return 'ok';
}

function queueCell(endpoint) {
  const level = queueLevel(endpoint);
  const percent = Math.min(100, Math.round(100 * endpoint.queued / Math.max(1, endpoint.maxQueueSize)));
  const words = { ok: 'room', near: 'nearing the threshold', over: 'at or past the threshold' }[level];
  return el('td', { class: `queue ${level}`, dataset: { level } },
    el('div', { class: 'queue-text' }, `${endpoint.queued} of ${endpoint.maxQueueSize}`),
    el('div', { class: 'bar', role: 'img', 'aria-label': `queue ${percent}% full, ${words}; threshold: ${endpoint.freeQueueSizeThreshold}% free` },
      el('span', { style: `width:${percent}%` })),
    el('div', { class: 'muted' }, `threshold ${endpoint.freeQueueSizeThreshold}% free`));
}

function endpointRows(overview) {
  return overview.endpoints.map(e => el('tr', { dataset: { endpoint: e.name } },
    el('th', { scope: 'row' }, el('a', { href: `#/jobs?endpoint=${enc(e.name)}` }, e.name),
      el('div', { class: 'muted' }, e.operationName)),
    el('td', {}, badge(e.state), e.blockedReason ? el('div', { class: 'field-error' }, e.blockedReason) : null),
    queueCell(e),
    el('td', { class: 'num', dataset: { count: 'running' } }, e.running),
    el('td', { class: 'num', dataset: { count: 'waiting' } }, e.waitingForSignals),
    el('td', { class: 'num', dataset: { count: 'succeeded' } }, e.succeededRecently),
    el('td', { class: 'num', dataset: { count: 'failed' } },
      e.failedRecently ? el('a', { href: `#/jobs?endpoint=${enc(e.name)}&state=FAILED` }, e.failedRecently) : 0)));
}

function failures(overview) {
  const f = overview.failures;
  return el('section', { class: 'panel', id: 'failures', 'aria-labelledby': 'failures-title' },
    el('h2', { id: 'failures-title' }, `Failures in the last hour: ${f.count}`),
    f.latest.length === 0 ? el('p', { class: 'muted' }, 'None.') :
      el('ul', {}, f.latest.map(j => el('li', {},
        el('a', { href: `#/jobs/${enc(j.id)}` }, `${j.endpoint} / ${j.source}`), ' ', badge(j.state), ' ',
        el('span', { class: 'muted' }, `${age(j.finishedAt)} ago: `), j.failureReason || ''))));
}

function health(name, h) {
  return el('li', {}, `${name}: `, el('span', { class: `badge ${h.up ? 'up' : 'down'}` }, h.up ? 'up' : 'down'), ' ',
    el('span', { class: 'muted' }, h.detail));
}

function throughputSummary(overview) {
  const last = overview.throughput[overview.throughput.length - 1] || { succeeded: 0, failed: 0 };
  const succeeded = overview.throughput.reduce((sum, m) => sum + m.succeeded, 0);
  const failed = overview.throughput.reduce((sum, m) => sum + m.failed, 0);
  return { text: `Last hour: ${succeeded} succeeded, ${failed} failed; this minute so far: ${last.succeeded} succeeded, ${last.failed} failed.`, succeeded, failed };
}

export async function render(main) {
  let overview = latestOverview() || await api.get('overview');
  const chartBox = el('div', { class: 'chart', id: 'throughput-chart' });
  const caption = el('figcaption', { id: 'throughput-summary' });
  const figure = el('figure', { class: 'panel', 'aria-labelledby': 'throughput-title', style: 'margin:0 0 16px' },
    el('h2', { id: 'throughput-title' }, 'Jobs ended per minute, last hour'), chartBox, caption);
  const failuresBox = el('div');
  const endpointsBox = el('div');
  const systemBox = el('div');
  main.replaceChildren(el('h1', {}, 'Overview'), failuresBox,
    el('section', { class: 'panel', 'aria-labelledby': 'endpoints-title' },
      el('h2', { id: 'endpoints-title' }, 'Endpoints'), endpointsBox),
    figure, systemBox);

  let chart = null;
  const draw = o => {
    failuresBox.replaceChildren(failures(o));
    endpointsBox.replaceChildren(o.endpoints.length === 0
      ? el('p', {}, 'No endpoint yet. ', el('a', { href: '#/endpoints/new' }, 'Create one.'))
      : table('Endpoints with their state and queue', ['Endpoint', 'State',
        { label: 'Queue (waiting of max)', class: '' }, { label: 'Running', class: 'num' },
        { label: 'Waiting for signals', class: 'num' }, { label: `Succeeded (${o.recentMinutes} min)`, class: 'num' },
        { label: `Failed (${o.recentMinutes} min)`, class: 'num' }], endpointRows(o), { id: 'endpoint-table' }));
    const x = o.throughput.map(m => m.minute);
    const series = [o.throughput.map(m => m.succeeded), o.throughput.map(m => m.failed)];
    if (chart) chart.update(x, series);
    else chart = timeChart(chartBox, x, [
      { label: 'succeeded', stroke: '#1a7f37', fill: 'rgba(26,127,55,.12)', values: series[0] },
      { label: 'failed or expired', stroke: '#cf222e', values: series[1] }], { yLabel: 'jobs / min' });
    const summary = throughputSummary(o);
    caption.textContent = summary.text;
    figure.dataset.succeeded = summary.succeeded;
    figure.dataset.failed = summary.failed;
    systemBox.replaceChildren(el('div', { class: 'grid' },
      el('section', { class: 'panel', 'aria-labelledby': 'nodes-title' }, el('h2', { id: 'nodes-title' }, 'Nodes'),
        table('Nodes and their heartbeat', ['Node', 'State', 'Last heartbeat', 'Started'], o.nodes.map(n => el('tr', {},
          el('td', {}, n.id), el('td', {}, el('span', { class: `badge ${n.alive ? 'up' : 'down'}` }, n.alive ? 'alive' : 'silent')),
          el('td', {}, time(n.heartbeatAt)), el('td', {}, time(n.startedAt)))))),
      el('section', { class: 'panel', 'aria-labelledby': 'health-title' }, el('h2', { id: 'health-title' }, 'Services'),
        el('ul', {}, health('Database', o.database), health('Broker', o.broker)),
        el('p', { class: 'muted' }, 'As of ', time(o.generatedAt)))));
  };
  draw(overview);
  const stop = onOverview(o => { overview = o; draw(o); });
  return () => { stop(); if (chart) chart.destroy(); };
}
