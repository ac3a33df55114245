// Endpoints: the list with pause, resume and delete; a form built from the API's own setting
// declarations (GET /api/endpoint-settings) to create or edit one, mappings from the chosen
// operation's signature (GET /api/operations), and the API's 400 shown beside the field it names.
import { api, enc } from '../api.js';
import { onOverview } from '../live.js';
import { applyRoles, may } from '../roles.js';
import { el, badge, notice, announce, table, redraw } from '../ui.js';

const MAPPINGS = ['inputParameterMappings', 'outputParameterMappings'];

export async function render(main, { mode, name }) {
  if (mode === 'new' || mode === 'edit') {
    return renderForm(main, mode === 'edit' ? name : null);
  }
  return renderList(main);
}

async function renderList(main) {
  const messages = el('div');
  const list = el('div');
  main.replaceChildren(el('h1', {}, 'Endpoints'),
    el('p', {}, el('a', { class: 'button primary', href: '#/endpoints/new', dataset: { write: 'configure' }, id: 'new-endpoint' }, 'New endpoint')),
    messages, list);
  const act = async (label, call) => {
    try {
      await call();
      messages.replaceChildren(notice('ok', label));
      announce(label);
      await load();
    } catch (error) {
      messages.replaceChildren(notice('error', error.message));
    }
  };
  const load = async () => {
    const endpoints = await api.get('endpoints');
    redraw(list, endpoints, () => list.replaceChildren(endpoints.length === 0 ? el('p', {}, 'No endpoint yet.') :
      table('Endpoints', ['Name', 'State', 'Operation', { label: 'Folder', class: 'wide-only' }, 'Actions'],
        endpoints.map(e => el('tr', { dataset: { endpoint: e.name } },
          el('th', { scope: 'row' }, el('a', { href: `#/jobs?endpoint=${enc(e.name)}` }, e.name),
            e.description ? el('div', { class: 'muted' }, e.description) : null),
          el('td', {}, badge(e.state), e.blockedReason ? el('div', { class: 'field-error' }, e.blockedReason) : null),
          el('td', {}, e.operationName), el('td', { class: 'wide-only' }, el('code', {}, e.path)),
          el('td', {}, el('div', { class: 'actions' },
            el('a', { class: 'button', href: `#/endpoints/${enc(e.name)}/edit`, dataset: { write: 'configure' }, 'aria-label': `Edit ${e.name}` }, 'Edit'),
            e.state === 'ENABLED'
              ? el('button', { type: 'button', class: 'pause', dataset: { write: 'operate' }, 'aria-label': `Pause ${e.name}`,
                onclick: () => act(`${e.name} paused.`, () => api.post(`endpoints/${enc(e.name)}/pause`)) }, 'Pause')
              : el('button', { type: 'button', class: 'resume', dataset: { write: 'operate' }, 'aria-label': `Resume ${e.name}`,
                onclick: () => act(`${e.name} resumed.`, () => api.post(`endpoints/${enc(e.name)}/resume`)) }, 'Resume'),
            el('button', { type: 'button', class: 'danger', dataset: { write: 'configure' }, 'aria-label': `Delete ${e.name}`,
              onclick: () => confirm(`Delete endpoint ${e.name}? Its jobs stay on record; files in its folder stay.`)
                && act(`${e.name} deleted.`, () => api.delete(`endpoints/${enc(e.name)}`)) }, 'Delete'))))))));
    applyRoles(list);
  };
  await load();
  applyRoles(main);
  return onOverview(() => load());
}

/** The value a control holds as JSON for the API, or undefined when it is left to its default. */
function valueOf(setting, control) {
  const raw = control.value.trim();
  if (setting.kind === 'boolean') return raw === '' ? undefined : raw === 'true';
  if (raw === '') return undefined;
  if (setting.kind === 'number') return /^-?\d+$/.test(raw) ? Number(raw) : raw; // the API names what is wrong with "abc"
  if (setting.kind === 'json') {
    try { return JSON.parse(raw); } catch { return raw; } // sent as text: the API's 400 says what it expects
  }
  return raw;
}

function controlFor(setting, current) {
  const id = `setting-${setting.name}`;
  const described = `${id}-help ${id}-error`;
  const shown = current === undefined || current === null ? '' : current;
  if (setting.kind === 'boolean') {
    return el('select', { id, name: setting.name, 'aria-describedby': described },
      el('option', { value: '' }, `default (${setting.default})`),
      el('option', { value: 'true', selected: shown === true }, 'true'),
      el('option', { value: 'false', selected: shown === false }, 'false'));
  }
  if (setting.kind === 'json') {
    return el('textarea', { id, name: setting.name, 'aria-describedby': described, rows: 2,
      placeholder: setting.default === null || setting.default === undefined ? 'null' : JSON.stringify(setting.default) },
    shown === '' || (typeof shown === 'object' && Object.keys(shown).length === 0) ? '' : JSON.stringify(shown, null, 1));
  }
  const placeholder = setting.default === undefined ? 'required' : `default: ${setting.default === '' ? '(empty)' : setting.default}`;
  return el('input', { id, name: setting.name, type: 'text', inputmode: setting.kind === 'number' ? 'numeric' : null,
    'aria-describedby': described, 'aria-required': setting.required ? 'true' : null, value: String(shown), placeholder });
}

function mappingEditor(operation, current, onChange) {
  const inputs = (current.inputParameterMappings) || {};
  const outputs = (current.outputParameterMappings) || {};
  const box = el('div', { id: 'mapping-editor' });
  if (!operation) {
    box.append(el('p', { class: 'muted' }, 'Choose an operation to map its parameters.'));
    return box;
  }
  const rows = operation.inputs.map(p => {
    const type = el('select', { id: `map-in-type-${p.name}`, 'aria-label': `How ${p.name} is given`, onchange: onChange },
      el('option', { value: '' }, p.name === 'input' ? 'the dropped file or folder' : 'not mapped'),
      el('option', { value: 'literal', selected: inputs[p.name]?.type === 'literal' }, 'literal'),
      el('option', { value: 'variable', selected: inputs[p.name]?.type === 'variable' }, 'variable (file pattern)'));
    const value = el('input', { id: `map-in-value-${p.name}`, type: 'text', 'aria-label': `Value of ${p.name}`,
      value: inputs[p.name]?.value || '', oninput: onChange, placeholder: p.defaultValue || '' });
    return el('tr', { dataset: { input: p.name } }, el('td', {}, el('code', {}, p.name), p.required ? ' *' : ''),
      el('td', {}, el('code', {}, p.type)), el('td', {}, type), el('td', {}, value), el('td', { class: 'muted' }, p.description));
  });
  const outRows = operation.outputs.map(p => el('tr', { dataset: { output: p.name } },
    el('td', {}, el('code', {}, p.name)), el('td', {}, el('code', {}, p.type)),
    el('td', {}, el('input', { id: `map-out-${p.name}`, type: 'text', 'aria-label': `Name pattern of output ${p.name}`,
      value: outputs[p.name] || '', oninput: onChange, placeholder: 'e.g. %F.txt or out/' })),
    el('td', { class: 'muted' }, p.description)));
  box.append(el('p', {}, el('code', { id: 'operation-signature' }, operation.signature), ' ', el('span', { class: 'muted' }, operation.description)),
    table(`Inputs of ${operation.name}`, ['Input', 'Type', 'Given as', 'Value', 'Meaning'], rows, { showCaption: true }),
    table(`Outputs of ${operation.name}`, ['Output', 'Type', 'Name pattern', 'Meaning'], outRows, { showCaption: true }));
  return box;
}

function mappingsFrom(operation) {
  const inputs = {};
  const outputs = {};
  for (const p of operation ? operation.inputs : []) {
    const type = document.getElementById(`map-in-type-${p.name}`).value;
    if (type) inputs[p.name] = { type, value: document.getElementById(`map-in-value-${p.name}`).value };
  }
  for (const p of operation ? operation.outputs : []) {
    const value = document.getElementById(`map-out-${p.name}`).value.trim();
    if (value) outputs[p.name] = value;
  }
  return { inputParameterMappings: inputs, outputParameterMappings: outputs };
}

async function renderForm(main, editing) {
  if (!may('configure')) {
    main.replaceChildren(el('h1', {}, 'Endpoint'), notice('error', 'Your role may look at endpoints but not change them.'));
    return null;
  }
  const [groups, operations, current] = await Promise.all([api.get('endpoint-settings'), api.get('operations'),
    editing ? api.get(`endpoints/${enc(editing)}`) : Promise.resolve({})]);
  const byName = Object.fromEntries(operations.map(o => [o.name, o]));
  const messages = el('div', { id: 'form-messages' });
  const controls = {};
  const settings = {};
  let mappingBox = null;
  const refreshMappings = () => {
    const fresh = mappingEditor(byName[controls.operationName.value], current, () => {});
    mappingBox.replaceWith(fresh);
    mappingBox = fresh;
  };
  const fieldsets = groups.map(group => el('fieldset', {}, el('legend', {}, group.group),
    group.settings.map(setting => {
      settings[setting.name] = setting;
      if (MAPPINGS.includes(setting.name)) {
        if (setting.name === 'inputParameterMappings') {
          mappingBox = mappingEditor(byName[current.operationName], current, () => {});
          return el('div', { class: 'field', id: 'field-mappings' }, el('p', { class: 'help', id: 'setting-mappings-help' },
            'Input and output mappings, from the operation\'s signature.'), mappingBox,
          el('p', { class: 'field-error', id: 'setting-inputParameterMappings-error', hidden: true }),
          el('p', { class: 'field-error', id: 'setting-outputParameterMappings-error', hidden: true }));
        }
        return null;
      }
      let control;
      if (setting.name === 'operationName') {
        control = el('select', { id: 'setting-operationName', name: 'operationName', 'aria-describedby': 'setting-operationName-help setting-operationName-error',
          onchange: () => refreshMappings() },
        el('option', { value: '' }, 'choose an operation'),
        operations.map(o => el('option', { value: o.name, selected: o.name === current.operationName }, o.signature)));
      } else {
        control = controlFor(setting, editing ? current[setting.name] : undefined);
      }
      if (editing && setting.name === 'name') control.setAttribute('readonly', '');
      controls[setting.name] = control;
      return el('div', { class: 'field', dataset: { setting: setting.name } },
        el('label', { for: control.id }, setting.name, setting.required ? ' (required)' : ''), control,
        el('p', { class: 'help', id: `${control.id}-help` }, setting.description,
          setting.serviceWide ? ' Service-wide default applies when left empty.' : ''),
        el('p', { class: 'field-error', id: `${control.id}-error`, hidden: true }));
    })));
  const form = el('form', { id: 'endpoint-form', novalidate: true, 'aria-describedby': 'form-messages' }, fieldsets,
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary', id: 'save-endpoint' }, editing ? 'Save changes' : 'Create endpoint'),
      el('a', { class: 'button', href: '#/endpoints' }, 'Cancel')));
  main.replaceChildren(el('h1', {}, editing ? `Edit ${editing}` : 'New endpoint'), messages, form);

  const clearErrors = () => form.querySelectorAll('.field-error').forEach(p => {
    p.hidden = true; p.textContent = '';
    p.closest('.field')?.classList.remove('invalid');
  });
  form.addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors();
    const body = {};
    for (const [name, control] of Object.entries(controls)) {
      const value = valueOf(settings[name], control);
      const unchanged = editing && JSON.stringify(value) === JSON.stringify(current[name]);
      if (value !== undefined && !unchanged) body[name] = value;
      if (editing && value === undefined && settings[name].kind === 'json' && current[name] !== null && current[name] !== undefined
        && !MAPPINGS.includes(name)) body[name] = null; // a cleared wait, notify or fanOut
    }
    Object.assign(body, mappingsFrom(byName[controls.operationName.value]));
    try {
      const saved = editing ? await api.put(`endpoints/${enc(editing)}`, body) : await api.post('endpoints', body);
      announce(`Endpoint ${saved.name} saved.`);
      location.hash = '#/endpoints';
    } catch (error) {
      showError(error);
    }
  });

  function showError(error) {
    const field = error.field ? error.field.split(/[.[]/)[0] : null;
    const slot = field && document.getElementById(`setting-${field}-error`);
    if (slot) {
      slot.textContent = error.apiMessage || error.message;
      slot.hidden = false;
      slot.closest('.field')?.classList.add('invalid');
      slot.setAttribute('role', 'alert');
      const control = document.getElementById(`setting-${field}`);
      if (control) { control.setAttribute('aria-invalid', 'true'); control.focus(); }
      messages.replaceChildren(notice('error', `Not saved: ${field} is not valid (${error.code}).`));
    } else {
      messages.replaceChildren(notice('error', error.message));
      messages.querySelector('p').focus?.();
    }
  }
  return null;
}
