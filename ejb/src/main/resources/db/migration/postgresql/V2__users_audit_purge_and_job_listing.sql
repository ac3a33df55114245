-- API users with roles and the audit trail of changes; when the purge removed a job's results;
-- indexes for the console's job listing (newest first, by endpoint or state) and its recent counts.

create table cnv_user (
    name varchar(64) not null primary key,
    changedat timestamp without time zone,
    passwordhash varchar(512) not null,
    user_role varchar(16) not null
);

create table cnv_audit (
    id varchar(36) not null primary key,
    action varchar(600) not null,
    actor varchar(64) not null,
    afterstate text,
    at timestamp without time zone not null,
    beforestate text
);
create index cnv_audit_at on cnv_audit (at);

alter table cnv_job add column resultspurgedat timestamp without time zone;
create index cnv_job_created on cnv_job (createdat);
create index cnv_job_endpoint_created on cnv_job (endpoint, createdat);
create index cnv_job_state_created on cnv_job (state, createdat);
create index cnv_job_finished on cnv_job (finishedat);
