/** Batch jobs: their names and artifacts; the job XML lives in META-INF/batch-jobs. */
package dev.conveyor.batch;
