/**
 * Jobs, at the bottom of the capabilities: the job entity and the moves its state may make
 * ({@link dev.conveyor.job.JobState#next}), the one factory that makes a job
 * ({@link dev.conveyor.job.JobFactory}), the one repository that queries the job table
 * ({@link dev.conveyor.job.Jobs}), and the lifecycle services (claim, dispatch, run, result
 * writing, recovery) with the workers and result writers on the Job Manager queues;
 * {@link dev.conveyor.job.JobDispatcher} is the one sender of dispatches and callbacks.
 * <p>
 * Nothing here imports signal, flow, priority or scan. What they add to a job's life comes in
 * through ports declared here and implemented there ({@link dev.conveyor.job.BucketRules},
 * {@link dev.conveyor.job.WorkerTurns}, {@link dev.conveyor.job.ResultRoom},
 * {@link dev.conveyor.job.ResultSplit}), or as CDI events: a job's end is fired as
 * {@link dev.conveyor.job.JobFinished} for notifies, fan-in and metrics to observe.
 */
package dev.conveyor.job;
