/**
 * Endpoints: a watched folder's settings (every one declared here, the wait, notify and fanOut
 * objects among them), their validation, the file patterns, file selection and folder templates
 * they use, and the service the admin API calls to manage them.
 */
package dev.conveyor.endpoint;
