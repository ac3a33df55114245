/**
 * Release signals: jobs that wait (an endpoint's {@code wait}) until signals with their id reach a
 * target count, and notifies that send those signals (an endpoint's {@code notify}, the admin API,
 * the signal queue), and fan-out and fan-in. The store is the database, shared by every node and kept
 * across restarts. A job's end reaches it as the {@link dev.conveyor.job.JobFinished} event, and a
 * fan-out's split through job's {@link dev.conveyor.job.ResultSplit}.
 */
package dev.conveyor.signal;
