/**
 * Health: Conveyor's own MicroProfile Health checks at /health/started, /health/ready and
 * /health/live. Readiness follows probes of the database and the broker made every few seconds
 * by a timer (a probe that hangs goes stale and counts as down), and the endpoints' scan timers;
 * liveness follows the heartbeat timer and the workers. The rules are plain classes
 * ({@link dev.conveyor.health.Probe}, {@link dev.conveyor.health.StuckWorkers}); the checks are thin.
 */
package dev.conveyor.health;
