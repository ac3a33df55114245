/**
 * Metrics: Conveyor's figures in MicroProfile Metrics, served by Payara as Prometheus text at
 * /metrics. Counters and timers are counted by this node as its jobs finish; gauges (queues,
 * blocked endpoints, waiting jobs, heartbeats) are read from the database every
 * {@value dev.conveyor.metrics.GaugeRefresh#EVERY_SECONDS} s and are the same on every node.
 * docs/health-metrics.md lists them.
 */
package dev.conveyor.metrics;
