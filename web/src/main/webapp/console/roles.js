// The one place the console decides what the signed-in caller may change, by the same rule the
// API applies to every call (ApiAccess): a viewer reads everything and changes nothing; an
// operator also runs the service (pause and resume endpoints, notify signals, retry, release or
// cancel jobs); an admin also changes the configuration (endpoints, priority rules, settings).
// Hiding a control here only spares the caller a refusal: the API refuses it anyway (403).

/** Each role includes the ones before it. */
const ROLES = ['viewer', 'operator', 'admin'];

/** The role each kind of change needs. */
const NEEDS = { operate: 'operator', configure: 'admin' };

let caller = { name: '', roles: [] };

export function setCaller(me) {
  caller = me;
}

/** Whether the caller may make changes of this kind: "operate" or "configure". */
export function may(kind) {
  const highest = Math.max(...caller.roles.map(role => ROLES.indexOf(role)), -1);
  return highest >= ROLES.indexOf(NEEDS[kind]);
}

/** Removes every control marked data-write="kind" the caller may not use (call after drawing). */
export function applyRoles(root) {
  root.querySelectorAll('[data-write]').forEach(control => {
    if (!may(control.dataset.write)) {
      control.remove();
    }
  });
}
