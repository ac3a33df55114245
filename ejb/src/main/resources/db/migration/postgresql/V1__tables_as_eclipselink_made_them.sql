-- Conveyor's tables as EclipseLink created them from the entities before migrations existed
-- (create-or-extend-tables, PostgreSQL): a database made that way is baselined at this version.

create table cnv_endpoint (
    name varchar(100) not null primary key,
    blockedreason varchar(2000),
    createdat timestamp without time zone not null,
    path varchar(1024) not null unique,
    scans bigint,
    settings text not null,
    state varchar(16) not null,
    version bigint
);

create table cnv_service_settings (
    id integer not null primary key,
    settings text not null,
    version bigint
);

create table cnv_job (
    id varchar(36) not null primary key,
    attempts integer,
    attributes text,
    bucket varchar(100),
    changedat timestamp without time zone,
    createdat timestamp without time zone not null,
    domainname varchar(255),
    endpoint varchar(100) not null,
    failuredetail text,
    failurereason varchar(4000),
    finishedat timestamp without time zone,
    jmspriority integer,
    node varchar(36),
    results text,
    source varchar(1024) not null,
    startedat timestamp without time zone,
    state varchar(16) not null,
    submissionid varchar(255),
    succeeded boolean,
    username varchar(255),
    version bigint,
    waitsignal varchar(255)
);
create index cnv_job_endpoint_state on cnv_job (endpoint, state);
create index cnv_job_state on cnv_job (state);
create index cnv_job_wait_signal on cnv_job (state, waitsignal);
create index cnv_job_submission on cnv_job (submissionid);

create table cnv_node (
    id varchar(36) not null primary key,
    heartbeatat timestamp without time zone not null,
    startedat timestamp without time zone not null
);

create table cnv_lease (
    name varchar(200) not null primary key,
    expiresat timestamp without time zone not null,
    holder varchar(36) not null,
    version bigint
);

create table cnv_signal (
    id varchar(255) not null primary key,
    attributes text,
    counters text,
    releasable bigint,
    updatedat timestamp without time zone not null,
    version bigint
);

create table cnv_priority_rule (
    id varchar(36) not null primary key,
    enabled boolean,
    expression varchar(4000) not null,
    jmspriority integer,
    name varchar(100) not null unique,
    rule_rank integer not null,
    share integer,
    version bigint
);

create table cnv_priority_settings (
    id integer not null primary key,
    defaultshare integer,
    enabled boolean,
    recentwindowseconds integer,
    version bigint
);
