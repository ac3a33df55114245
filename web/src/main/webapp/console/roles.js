// The one place the console decides what the signed-in caller may change. The API checks the
// same roles on every call; hiding a control here only spares a viewer a refusal.

/** Which roles may do what; a viewer (or any other role) may only look. */
const ALLOWED = {
  admin: new Set(['endpoints', 'jobs', 'signals', 'priority']),
};

let caller = { name: '', roles: [] };

export function setCaller(me) {
  caller = me;
}

export function callerName() {
  return caller.name;
}

/** Whether the caller may change things of this area: "endpoints", "jobs", "signals" or "priority". */
export function may(area) {
  return caller.roles.some(role => ALLOWED[role] && ALLOWED[role].has(area));
}

/** Removes every control marked data-write="area" the caller may not use (call after rendering). */
export function applyRoles(root) {
  root.querySelectorAll('[data-write]').forEach(control => {
    if (!may(control.dataset.write)) {
      control.remove();
    }
  });
}
