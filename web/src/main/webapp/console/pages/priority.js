// Priority: the rules in rank order (drag, or Alt+Arrow / the Move buttons, to reorder), each
// edited and switched on and off; per bucket its figures and the shares of jobs actually served.
import { api, enc } from '../api.js';
import { onOverview } from '../live.js';
import { applyRoles, may } from '../roles.js';
import { el, notice, announce, table } from '../ui.js';

const COLOURS = ['#0a58ca', '#1a7f37', '#9a6700', '#8250df', '#cf222e', '#1b7c83', '#bf3989', '#57606a'];

function sharesChart(stats) {
  const total = stats.reduce((sum, b) => sum + b.doneLastMinute, 0);
  const figure = el('figure', { id: 'shares', style: 'margin:0', dataset: { total } },
    el('figcaption', {}, total === 0 ? 'No job finished in the last minute.' : `Shares of the ${total} jobs finished in the last minute`));
  if (total > 0) {
    const parts = stats.filter(b => b.doneLastMinute > 0).map((b, i) => ({ ...b, colour: COLOURS[i % COLOURS.length],
      percent: Math.round(1000 * b.doneLastMinute / total) / 10 }));
    figure.append(el('div', { class: 'shares', role: 'img', 'aria-label': parts.map(p => `${p.bucket} ${p.percent}%`).join(', ') },
      parts.map(p => el('span', { style: `width:${p.percent}%;background:${p.colour}`, title: `${p.bucket}: ${p.percent}%` }))),
    el('ul', { class: 'legend' }, parts.map(p => el('li', {}, el('i', { style: `background:${p.colour}` }), `${p.bucket}: ${p.percent}% (${p.doneLastMinute})`))));
  }
  return figure;
}

function ruleFields(rule = {}) {
  const prefix = rule.id ? `rule-${rule.id}` : 'new-rule';
  const input = (name, label, value, extra = {}) => el('div', {}, el('label', { for: `${prefix}-${name}` }, label),
    el('input', { id: `${prefix}-${name}`, name, type: 'text', value: value ?? '', ...extra }),
    el('p', { class: 'field-error', id: `${prefix}-${name}-error`, hidden: true }));
  return [input('name', 'Bucket name', rule.name), input('expression', 'Condition (Jakarta EL)', rule.expression, { size: 40 }),
    input('jmsPriority', 'JMS priority (0-9)', rule.jmsPriority ?? 4, { inputmode: 'numeric', size: 3 }),
    input('share', 'Share (1-100)', rule.share ?? 100, { inputmode: 'numeric', size: 4 })];
}

function readRule(form) {
  const value = name => form.querySelector(`[name=${name}]`).value.trim();
  const number = text => (/^\d+$/.test(text) ? Number(text) : text);
  return { name: value('name'), expression: value('expression'), jmsPriority: number(value('jmsPriority')), share: number(value('share')) };
}

function showRuleError(form, error, messages) {
  const slot = error.field && form.querySelector(`[id$="-${error.field}-error"]`);
  if (slot) {
    slot.textContent = error.apiMessage;
    slot.hidden = false;
    slot.setAttribute('role', 'alert');
  } else {
    messages.replaceChildren(notice('error', error.message));
  }
}

export async function render(main) {
  const messages = el('div', { id: 'priority-messages' });
  const rulesBox = el('div');
  const statsBox = el('div');
  const settingsBox = el('div');
  main.replaceChildren(el('h1', {}, 'Priority'), messages,
    el('section', { class: 'panel', 'aria-labelledby': 'rules-title' }, el('h2', { id: 'rules-title' }, 'Rules, first match wins'),
      el('p', { class: 'muted', id: 'reorder-help' }, 'Drag a rule, or focus it and press Alt+Arrow Up or Alt+Arrow Down, to change its rank.'),
      rulesBox),
    el('div', { class: 'grid' },
      el('section', { class: 'panel', 'aria-labelledby': 'buckets-title' }, el('h2', { id: 'buckets-title' }, 'Buckets'), statsBox),
      el('section', { class: 'panel', 'aria-labelledby': 'psettings-title' }, el('h2', { id: 'psettings-title' }, 'Settings'), settingsBox)));
  const say = (kind, text) => { messages.replaceChildren(notice(kind, text)); if (kind === 'ok') announce(text); };
  let rules = [];

  const reorder = async (ids, focusId) => {
    try {
      rules = await api.put('priority-rules/ranks', { ids });
      drawRules(focusId);
      say('ok', `Order saved: ${rules.map(r => r.name).join(', ')}.`);
    } catch (error) {
      say('error', error.message);
    }
  };
  const move = (index, by) => {
    const target = index + by;
    if (target < 0 || target >= rules.length) return;
    const ids = rules.map(r => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(target, 0, moved);
    reorder(ids, moved);
  };

  function drawRules(focusId) {
    const editable = may('configure');
    let dragged = null;
    const items = rules.map((rule, index) => {
      const item = el('li', { dataset: { rule: rule.id, name: rule.name }, tabindex: editable ? '0' : null,
        draggable: editable ? 'true' : null, 'aria-describedby': editable ? 'reorder-help' : null,
        'aria-label': `Rank ${rule.rank}: ${rule.name}, ${rule.enabled ? 'enabled' : 'disabled'}` },
      editable ? el('span', { class: 'grip', 'aria-hidden': 'true' }, '⠿') : null,
      el('span', { class: 'rank' }, rule.rank), el('strong', {}, rule.name), el('code', {}, rule.expression),
      el('span', {}, `JMS ${rule.jmsPriority}, share ${rule.share}`),
      el('label', { dataset: { write: 'configure' } }, el('input', { type: 'checkbox', class: 'enabled', checked: rule.enabled,
        onchange: async event => {
          try { await api.put(`priority-rules/${enc(rule.id)}`, { enabled: event.target.checked }); await load(); say('ok', `${rule.name} ${event.target.checked ? 'enabled' : 'disabled'}.`); } catch (error) { say('error', error.message); }
        } }), ' enabled'),
      el('span', { class: 'actions', dataset: { write: 'configure' } },
        el('button', { type: 'button', class: 'up', 'aria-label': `Move ${rule.name} up`, disabled: index === 0, onclick: () => move(index, -1) }, '↑'),
        el('button', { type: 'button', class: 'down', 'aria-label': `Move ${rule.name} down`, disabled: index === rules.length - 1, onclick: () => move(index, 1) }, '↓'),
        el('button', { type: 'button', class: 'edit', 'aria-label': `Edit ${rule.name}`, onclick: () => edit(item, rule) }, 'Edit'),
        el('button', { type: 'button', class: 'danger', 'aria-label': `Delete ${rule.name}`,
          onclick: async () => { if (!confirm(`Delete rule ${rule.name}?`)) return; try { await api.delete(`priority-rules/${enc(rule.id)}`); await load(); say('ok', `${rule.name} deleted.`); } catch (error) { say('error', error.message); } } }, 'Delete')));
      if (editable) {
        item.addEventListener('keydown', event => {
          if (event.target !== item || !event.altKey) return;
          if (event.key === 'ArrowUp') { event.preventDefault(); move(index, -1); }
          if (event.key === 'ArrowDown') { event.preventDefault(); move(index, 1); }
        });
        item.addEventListener('dragstart', event => { dragged = rule.id; item.classList.add('dragging'); event.dataTransfer.effectAllowed = 'move'; event.dataTransfer.setData('text/plain', rule.id); });
        item.addEventListener('dragend', () => item.classList.remove('dragging'));
        item.addEventListener('dragover', event => { event.preventDefault(); item.classList.add('drop-target'); });
        item.addEventListener('dragleave', () => item.classList.remove('drop-target'));
        item.addEventListener('drop', event => {
          event.preventDefault();
          item.classList.remove('drop-target');
          const from = dragged || event.dataTransfer.getData('text/plain');
          if (!from || from === rule.id) return;
          const ids = rules.map(r => r.id).filter(id => id !== from);
          ids.splice(ids.indexOf(rule.id) + (rules.findIndex(r => r.id === from) < index ? 1 : 0), 0, from);
          reorder(ids, from);
        });
      }
      return item;
    });
    const add = el('form', { class: 'filters', id: 'new-rule-form', dataset: { write: 'configure' }, 'aria-label': 'New rule' },
      ruleFields(), el('button', { type: 'submit', class: 'primary' }, 'Add rule'));
    add.addEventListener('submit', async event => {
      event.preventDefault();
      try { await api.post('priority-rules', readRule(add)); await load(); say('ok', 'Rule added.'); } catch (error) { showRuleError(add, error, messages); }
    });
    rulesBox.replaceChildren(rules.length ? el('ol', { class: 'rules', id: 'rules' }, items) : el('p', {}, 'No rule: every job is in the default bucket.'),
      el('h3', { dataset: { write: 'configure' } }, 'Add a rule'), add);
    applyRoles(rulesBox);
    if (focusId) rulesBox.querySelector(`li[data-rule="${CSS.escape(focusId)}"]`)?.focus();
  }

  function edit(item, rule) {
    const form = el('form', { class: 'filters', 'aria-label': `Edit ${rule.name}` }, ruleFields(rule),
      el('button', { type: 'submit', class: 'primary' }, 'Save'), el('button', { type: 'button', onclick: () => drawRules(rule.id) }, 'Cancel'));
    form.addEventListener('submit', async event => {
      event.preventDefault();
      try { await api.put(`priority-rules/${enc(rule.id)}`, readRule(form)); await load(); say('ok', `${rule.name} saved.`); } catch (error) { showRuleError(form, error, messages); }
    });
    item.replaceChildren(form);
    form.querySelector('input').focus();
  }

  const loadStats = async () => {
    const stats = await api.get('priority-rules/stats');
    statsBox.replaceChildren(table('Per bucket', ['Bucket', { label: 'JMS', class: 'num' }, { label: 'Queued', class: 'num' },
      { label: 'Running', class: 'num' }, { label: 'Done (1 min)', class: 'num' }, { label: 'Mean wait', class: 'num' }],
    stats.map(b => el('tr', { dataset: { bucket: b.bucket } }, el('th', { scope: 'row' }, b.bucket), el('td', { class: 'num' }, b.jmsPriority),
      el('td', { class: 'num' }, b.queued), el('td', { class: 'num' }, b.running), el('td', { class: 'num' }, b.doneLastMinute),
      el('td', { class: 'num' }, b.meanWaitMillis === null || b.meanWaitMillis === undefined ? '—' : `${b.meanWaitMillis} ms`)))),
    sharesChart(stats));
  };
  const loadSettings = async () => {
    const s = await api.get('priority-rules/settings');
    if (!may('configure')) {
      settingsBox.replaceChildren(el('dl', { class: 'facts' }, el('dt', {}, 'Priority rules'), el('dd', {}, s.enabled ? 'on' : 'off'),
        el('dt', {}, 'Default bucket share'), el('dd', {}, s.defaultShare),
        el('dt', {}, 'Empty bucket skipped for'), el('dd', {}, `${s.recentWindowSeconds} s`)));
      return;
    }
    const enabled = el('input', { type: 'checkbox', id: 'priority-enabled', checked: s.enabled });
    const share = el('input', { type: 'text', id: 'default-share', inputmode: 'numeric', value: s.defaultShare, size: 4 });
    const form = el('form', { class: 'filters' }, el('div', {}, el('label', { for: 'priority-enabled' }, 'Priority rules on'), enabled),
      el('div', {}, el('label', { for: 'default-share' }, 'Default bucket share'), share),
      el('button', { type: 'submit', dataset: { write: 'configure' } }, 'Save settings'));
    form.addEventListener('submit', async event => {
      event.preventDefault();
      try { await api.put('priority-rules/settings', { enabled: enabled.checked, defaultShare: /^\d+$/.test(share.value) ? Number(share.value) : share.value }); say('ok', 'Settings saved.'); } catch (error) { say('error', error.message); }
    });
    settingsBox.replaceChildren(form, el('p', { class: 'muted' }, `A bucket found empty is not lent a turn again for ${s.recentWindowSeconds} s.`));
    applyRoles(settingsBox);
  };
  async function load() {
    rules = await api.get('priority-rules');
    drawRules();
  }
  await Promise.all([load(), loadStats(), loadSettings()]);
  return onOverview(() => loadStats());
}
