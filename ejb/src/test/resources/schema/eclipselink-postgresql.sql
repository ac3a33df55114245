-- The tables EclipseLink made at deploy before migrations existed: pg_dump --schema-only of a stack started
-- from main at 8c050cf (CONVEYOR_DB=postgresql), psql's own lines and session settings left out. The upgrade test starts from it.

CREATE TABLE public.cnv_endpoint (
    name character varying(100) NOT NULL,
    blockedreason character varying(2000),
    createdat timestamp without time zone NOT NULL,
    path character varying(1024) NOT NULL,
    scans bigint,
    settings text NOT NULL,
    state character varying(16) NOT NULL,
    version bigint
);

CREATE TABLE public.cnv_job (
    id character varying(36) NOT NULL,
    attempts integer,
    attributes text,
    bucket character varying(100),
    changedat timestamp without time zone,
    createdat timestamp without time zone NOT NULL,
    domainname character varying(255),
    endpoint character varying(100) NOT NULL,
    failuredetail text,
    failurereason character varying(4000),
    finishedat timestamp without time zone,
    jmspriority integer,
    node character varying(36),
    results text,
    source character varying(1024) NOT NULL,
    startedat timestamp without time zone,
    state character varying(16) NOT NULL,
    submissionid character varying(255),
    succeeded boolean,
    username character varying(255),
    version bigint,
    waitsignal character varying(255)
);

CREATE TABLE public.cnv_lease (
    name character varying(200) NOT NULL,
    expiresat timestamp without time zone NOT NULL,
    holder character varying(36) NOT NULL,
    version bigint
);

CREATE TABLE public.cnv_node (
    id character varying(36) NOT NULL,
    heartbeatat timestamp without time zone NOT NULL,
    startedat timestamp without time zone NOT NULL
);

CREATE TABLE public.cnv_priority_rule (
    id character varying(36) NOT NULL,
    enabled boolean,
    expression character varying(4000) NOT NULL,
    jmspriority integer,
    name character varying(100) NOT NULL,
    rule_rank integer NOT NULL,
    share integer,
    version bigint
);

CREATE TABLE public.cnv_priority_settings (
    id integer NOT NULL,
    defaultshare integer,
    enabled boolean,
    recentwindowseconds integer,
    version bigint
);

CREATE TABLE public.cnv_service_settings (
    id integer NOT NULL,
    settings text NOT NULL,
    version bigint
);

CREATE TABLE public.cnv_signal (
    id character varying(255) NOT NULL,
    attributes text,
    counters text,
    releasable bigint,
    updatedat timestamp without time zone NOT NULL,
    version bigint
);

ALTER TABLE ONLY public.cnv_endpoint
    ADD CONSTRAINT cnv_endpoint_path_key UNIQUE (path);

ALTER TABLE ONLY public.cnv_endpoint
    ADD CONSTRAINT cnv_endpoint_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.cnv_job
    ADD CONSTRAINT cnv_job_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cnv_lease
    ADD CONSTRAINT cnv_lease_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.cnv_node
    ADD CONSTRAINT cnv_node_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cnv_priority_rule
    ADD CONSTRAINT cnv_priority_rule_name_key UNIQUE (name);

ALTER TABLE ONLY public.cnv_priority_rule
    ADD CONSTRAINT cnv_priority_rule_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cnv_priority_settings
    ADD CONSTRAINT cnv_priority_settings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cnv_service_settings
    ADD CONSTRAINT cnv_service_settings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.cnv_signal
    ADD CONSTRAINT cnv_signal_pkey PRIMARY KEY (id);

CREATE INDEX cnv_job_endpoint_state ON public.cnv_job USING btree (endpoint, state);

CREATE INDEX cnv_job_state ON public.cnv_job USING btree (state);

CREATE INDEX cnv_job_submission ON public.cnv_job USING btree (submissionid);

CREATE INDEX cnv_job_wait_signal ON public.cnv_job USING btree (state, waitsignal);

