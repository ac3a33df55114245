/**
 * Jobs: the lifecycle of one claimed file (claim, dispatch, run, result writing), the workers
 * and result writer on the Job Manager queues, and the job entity.
 */
package dev.conveyor.job;
