/**
 * Endpoints: a watched folder's settings, their validation, the file patterns and folder
 * templates they use, and the service the admin API calls to manage them.
 */
package dev.conveyor.endpoint;
