/**
 * Priority rules: ranked conditions over a job's attributes that put each new job in a bucket
 * (evaluated once, at the claim), the bucket's JMS priority on the dispatch message, and the share
 * arithmetic by which the workers of a node serve lower buckets while higher ones have work.
 * Job asks for both through its ports {@link dev.conveyor.job.BucketRules} and
 * {@link dev.conveyor.job.WorkerTurns}.
 */
package dev.conveyor.priority;
