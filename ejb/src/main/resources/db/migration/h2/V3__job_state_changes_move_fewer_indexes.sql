-- A job changes state five times in its life (STAGED, QUEUED, RUNNING, WRITING, finished), and
-- each change moved its row in every index that holds STATE. CNV_JOB_STATE repeated the first
-- column of CNV_JOB_STATE_CREATED, which serves the same queries; the wait index needs only the
-- signal id, set once, when a job parks (queries for waiting jobs give the state as well).
DROP INDEX CNV_JOB_STATE;
DROP INDEX CNV_JOB_WAIT_SIGNAL;
CREATE INDEX CNV_JOB_WAIT_SIGNAL ON CNV_JOB (WAITSIGNAL);
