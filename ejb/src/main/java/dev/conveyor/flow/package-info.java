/**
 * Flow control: each endpoint's bounded input queue (jobs accepted and not yet running), the
 * free-size threshold and its warning, output overflow (results that cannot be stored), the
 * sleep-and-retry before an endpoint blocks, and unblocking. Nothing here ever discards a job.
 * A result write asks it for room through job's {@link dev.conveyor.job.ResultRoom}.
 */
package dev.conveyor.flow;
