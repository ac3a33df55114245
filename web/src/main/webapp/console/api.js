// The admin API as the console calls it. The browser's sign-in (HTTP Basic) goes with every call.

/** An API refusal: status, and the body's code, message and field (see README, Admin API). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? `${body.code}: ${body.message}` : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.field = body && body.field;
    this.apiMessage = body && body.message;
  }
}

async function call(method, path, body, accept = 'application/json') {
  const options = { method, headers: { Accept: accept }, credentials: 'same-origin' };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(`api/${path}`, options);
  const text = await response.text();
  const json = text && (response.headers.get('Content-Type') || '').includes('json') ? JSON.parse(text) : text;
  if (!response.ok) {
    throw new ApiError(response.status, typeof json === 'object' ? json : { message: text });
  }
  return { body: json, headers: response.headers, status: response.status };
}

export const api = {
  get: async path => (await call('GET', path)).body,
  getWithHeaders: path => call('GET', path),
  text: async path => (await call('GET', path, undefined, 'text/plain')).body,
  post: async (path, body) => (await call('POST', path, body === undefined ? {} : body)).body,
  put: async (path, body) => (await call('PUT', path, body)).body,
  delete: async path => (await call('DELETE', path)).body,
};

export const enc = encodeURIComponent;
