# Shared by deploy/run, deploy/server and deploy/stop: where things are, how to start the broker and
# describe the resources, and how to stop the processes.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VAR=${CONVEYOR_VAR:-$TOP/var}
mkdir -p "$VAR"
VAR=$(cd "$VAR" && pwd)
RUN_DIR=$VAR/run
LOG_DIR=$VAR/logs
HTTP_PORT=${CONVEYOR_HTTP_PORT:-8080}
# One Payara Micro per node: CONVEYOR_NODE=2 gives payara-2 (its own domain, pid and log under var/).
PAYARA=payara${CONVEYOR_NODE:+-$CONVEYOR_NODE}
BROKER_PORT=${CONVEYOR_BROKER_PORT:-61616}
# The broker's three identities (conveyor: Conveyor itself; producer: other systems' submissions
# and signals; manager: Artemis management), with passwords generated per installation into
# this file (mode 600) by deploy/run's first start; see broker_identities in deploy/run.
BROKER_CREDENTIALS=$VAR/broker-credentials.properties
# Logs are appended to across restarts (the lines before a crash stay) and rotated by size: the
# current file and LOG_OLD_FILES older ones (name.1 ... name.9, the highest the oldest), each up to
# LOG_FILE_BYTES (CONVEYOR_LOG_FILE_BYTES, CONVEYOR_LOG_OLD_FILES). What a process prints outside its
# logger (JVM errors, thread dumps) goes to name.out beside its log, appended to as well and set
# aside as name.out.1 at a start past that size.
LOG_FILE_BYTES=${CONVEYOR_LOG_FILE_BYTES:-$((10 * 1024 * 1024))}
LOG_OLD_FILES=${CONVEYOR_LOG_OLD_FILES:-9}
LOG_FORMAT=${CONVEYOR_LOG_FORMAT:-text}

RUNTIME=$TOP/deploy/target/runtime
ARTEMIS_HOME=$RUNTIME/apache-artemis-2.40.0
PAYARA_JAR=$RUNTIME/payara-micro.jar
POSTGRESQL_JAR=$RUNTIME/postgresql.jar
H2_JAR=$RUNTIME/h2.jar
RAR=$TOP/deploy/artemis-rar/target/artemis-rar.rar
WAR=$TOP/web/target/conveyor.war
EJB_JAR=$TOP/ejb/target/conveyor-ejb.jar

broker_credential() { # key (conveyor.user, producer.password...) -> its value from BROKER_CREDENTIALS
  sed -n "s/^$1=//p" "$BROKER_CREDENTIALS"
}

die() {
  echo "deploy: $*" >&2
  exit 1
}

say() {
  echo "deploy: $*"
}

pid_of() { # name -> pid of a live process started by deploy/run, or nothing
  local file=$RUN_DIR/$1.pid
  [ -f "$file" ] || return 0
  local pid
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then echo "$pid"; else rm -f "$file"; fi
}

port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

stop_process() { # name: TERM, wait up to 60 s for a clean stop, then KILL
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] || return 0
  say "stopping $1 (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    say "$1 did not stop within 60 s; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$RUN_DIR/$1.pid"
}

check_java() {
  command -v java >/dev/null || die "CNV-0101-E Java is not on the PATH. Install Java 17 or newer (e.g. apt install openjdk-17-jdk)."
  local version
  version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  [ "${version%%.*}" -ge 17 ] 2>/dev/null || die "CNV-0102-E Java $version found; Conveyor needs Java 17 or newer (set PATH or JAVA_HOME)."
}

check_curl() { # what: the server deploy/run or deploy/server watches come up
  command -v curl >/dev/null || die "CNV-0113-E curl is needed to watch $1 come up (apt install curl)."
}

check_broker_port() { # before anything starts, so a taken port leaves nothing half-started
  [ -n "$(pid_of broker)" ] || ! port_taken "$BROKER_PORT" \
    || die "CNV-0107-E port $BROKER_PORT is taken by another program (ss -ltnp | grep $BROKER_PORT shows which); Artemis needs it."
}

build_if_needed() { # files the start needs: builds with Maven when one is missing, or with --build (BUILD=1)
  local missing=$BUILD file
  for file in "$@"; do
    [ -e "$file" ] || missing=1
  done
  if [ "$missing" = 1 ]; then
    command -v mvn >/dev/null || die "CNV-0103-E Maven is not on the PATH; it builds Conveyor and fetches Payara Micro and Artemis."
    say "building with Maven (first run downloads Payara Micro and Artemis from Maven Central)"
    (cd "$TOP" && mvn -B -q -DskipTests package) || die "CNV-0104-E the Maven build failed; see its output above."
  fi
}

check_log_settings() {
  case "$LOG_FORMAT" in
    text|json) ;;
    *) die "CNV-0118-E CONVEYOR_LOG_FORMAT is '$LOG_FORMAT'; use text (default) or json (one JSON object per line)." ;;
  esac
  # Below a few KiB a file would hold less than one start's stack trace.
  [[ "$LOG_FILE_BYTES" =~ ^[1-9][0-9]*$ ]] && [ "$LOG_FILE_BYTES" -ge 4096 ] \
    || die "CNV-0119-E CONVEYOR_LOG_FILE_BYTES is '$LOG_FILE_BYTES'; give the size in bytes at which a log file is set aside, at least 4096 (default 10485760, 10 MiB)."
  # At least one: with none, Java's handler would write payara.log itself instead of payara.log.0.
  [[ "$LOG_OLD_FILES" =~ ^[1-9][0-9]*$ ]] \
    || die "CNV-0120-E CONVEYOR_LOG_OLD_FILES is '$LOG_OLD_FILES'; give how many set-aside files of each log to keep, a whole number from 1 (default 9)."
}

human_size() { # bytes -> "10 MiB", "64 KiB" or "5000 bytes", whichever is exact
  if [ $(($1 % 1048576)) -eq 0 ]; then echo "$(($1 / 1048576)) MiB"
  elif [ $(($1 % 1024)) -eq 0 ]; then echo "$(($1 / 1024)) KiB"
  else echo "$1 bytes"
  fi
}

log_size() { # file -> its size in bytes, 0 when it does not exist
  stat -L -c %s "$1" 2>/dev/null || echo 0
}

log_inode() { # file -> its inode (through a link), or "none"
  stat -L -c %i "$1" 2>/dev/null || echo none
}

mark_log() { # file: remembers which file it is and where it ends, so that new_log_lines shows only what this start writes
  LOG_MARK=$(log_size "$1")
  LOG_MARK_INODE=$(log_inode "$1")
}

new_log_lines() { # file: its lines since mark_log, across rotations
  [ -e "$1" ] || return 0
  if [ "$(log_inode "$1")" != "$LOG_MARK_INODE" ]; then
    # Set aside since the mark (file.1 the newest): the marked file's rest, then every file newer
    # than it. Comparing sizes alone missed this when the new file had already grown past the mark.
    local newer=() index=1
    while [ -e "$1.$index" ] && [ "$(log_inode "$1.$index")" != "$LOG_MARK_INODE" ]; do
      newer=("$1.$index" "${newer[@]}")
      index=$((index + 1))
    done
    if [ -e "$1.$index" ]; then tail -c +$((LOG_MARK + 1)) "$1.$index"; fi
    [ ${#newer[@]} -eq 0 ] || cat "${newer[@]}"
    cat "$1"
    return 0
  fi
  tail -c +$((LOG_MARK + 1)) "$1"
}

set_aside_output() { # name.out file: moved to name.out.1 at a start when past LOG_FILE_BYTES (the one before is dropped)
  [ "$(log_size "$1")" -lt "$LOG_FILE_BYTES" ] || mv -f "$1" "$1.1"
}

wait_for() { # description, seconds, pid, log, ready test, failed test
  local what=$1 seconds=$2 pid=$3 log=$4 ready=$5 failed=$6
  for _ in $(seq 1 $((seconds * 2))); do
    if $ready; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 30 "$log" >&2 || true
      [ ! -s "${log%.log}.out" ] || tail -n 10 "${log%.log}.out" >&2
      die "CNV-0105-E $what exited during start-up; the end of $log is above."
    fi
    if $failed; then
      new_log_lines "$log" | grep -B2 -A12 SEVERE | grep -v '^\s*at ' | head -n 40 >&2 || true
      stop_process "$PAYARA"
      die "CNV-0114-E $what started but Conveyor did not deploy; the errors from $log are above."
    fi
    sleep 0.5
  done
  tail -n 30 "$log" >&2 || true
  die "CNV-0106-E $what did not come up within $seconds s; the end of $log is above."
}

random_password() { # 24 URL-safe characters (144 bits)
  head -c 18 /dev/urandom | base64 | tr '+/' '-_'
}

broker_identities() { # generates the installation's broker credentials once; reads them at every start
  if [ ! -f "$BROKER_CREDENTIALS" ]; then
    say "generating broker credentials for this installation in $BROKER_CREDENTIALS"
    (umask 077 && cat >"$BROKER_CREDENTIALS" <<CREDENTIALS
# The broker's identities for this installation, generated by deploy/run at its first start.
# conveyor: Conveyor itself. producer: other systems (send to conveyor.submissions and
# conveyor.signals, read their answers). manager: Artemis management (every right).
conveyor.user=${CONVEYOR_BROKER_USER:-conveyor}
conveyor.password=${CONVEYOR_BROKER_PASSWORD:-$(random_password)}
producer.user=producer
producer.password=$(random_password)
manager.user=manager
manager.password=$(random_password)
CREDENTIALS
    )
  fi
  BROKER_USER=$(broker_credential conveyor.user)
  BROKER_PASSWORD=$(broker_credential conveyor.password)
  [ -n "$BROKER_USER" ] && [ -n "$BROKER_PASSWORD" ] \
    || die "CNV-0115-E $BROKER_CREDENTIALS lacks conveyor.user or conveyor.password; delete it to generate new credentials."
}

write_broker_users() { # the broker's users and roles, from the credentials file, at every start (mode 600)
  local etc=$VAR/broker/etc
  (umask 077
   {
     echo "$(broker_credential conveyor.user)=$(broker_credential conveyor.password)"
     echo "$(broker_credential producer.user)=$(broker_credential producer.password)"
     echo "$(broker_credential manager.user)=$(broker_credential manager.password)"
   } >"$etc/artemis-users.properties"
   {
     echo "conveyor=$(broker_credential conveyor.user)"
     echo "producer=$(broker_credential producer.user)"
     echo "amq=$(broker_credential manager.user)"
   } >"$etc/artemis-roles.properties")
}

remote_acceptor() { # the TLS acceptor for producers on other hosts, when CONVEYOR_BROKER_REMOTE asks for one
  [ -n "${CONVEYOR_BROKER_REMOTE:-}" ] || return 0
  [ -f "${CONVEYOR_BROKER_KEYSTORE:-}" ] && [ -n "${CONVEYOR_BROKER_KEYSTORE_PASSWORD:-}" ] \
    || die "CNV-0116-E CONVEYOR_BROKER_REMOTE needs TLS: set CONVEYOR_BROKER_KEYSTORE (a PKCS12 file) and CONVEYOR_BROKER_KEYSTORE_PASSWORD."
  printf '<acceptor name="remote">tcp://%s?protocols=CORE;sslEnabled=true;keyStoreType=PKCS12;keyStorePath=%s;keyStorePassword=%s</acceptor>' \
    "$CONVEYOR_BROKER_REMOTE" "$CONVEYOR_BROKER_KEYSTORE" "$CONVEYOR_BROKER_KEYSTORE_PASSWORD"
}

start_broker() {
  if [ -n "$(pid_of broker)" ]; then
    say "broker already running (pid $(pid_of broker))"
    return
  fi
  if [ ! -f "$VAR/broker/etc/bootstrap.xml" ]; then
    say "creating the broker instance in $VAR/broker"
    "$ARTEMIS_HOME/bin/artemis" create --silent --require-login --user "$BROKER_USER" --password "$BROKER_PASSWORD" \
      --host 127.0.0.1 --no-web --no-autotune "$VAR/broker" >"$LOG_DIR/broker-create.log" 2>&1 \
      || die "CNV-0108-E creating the broker failed; see $LOG_DIR/broker-create.log"
  fi
  write_broker_users
  local remote
  remote=$(remote_acceptor)
  sed -e "s#127.0.0.1:61616#127.0.0.1:$BROKER_PORT#" -e "s#<!--@REMOTE_ACCEPTOR@-->#$remote#" \
    "$TOP/config/broker.xml" >"$VAR/broker/etc/broker.xml"
  chmod 600 "$VAR/broker/etc/broker.xml"
  broker_logging >"$VAR/broker/etc/log4j2.properties"
  say "starting the Artemis broker on 127.0.0.1:$BROKER_PORT"
  set_aside_output "$LOG_DIR/broker.out"
  mark_log "$LOG_DIR/broker.log"
  # artemis.profile keeps JAVA_ARGS when it is set: these replace the instance's own (G1 with string deduplication, both
  # JIT compilers). The parallel collector and C1 alone took the broker's CPU a file from 0.09-0.18 ms to 0.07-0.08 on a
  # fresh stack (docs/benchmarks.md); the broker's own work is small, so code compiled less well costs it little.
  local default_opts="-XX:AutoBoxCacheMax=20000 -Xms512M -Xmx2G -XX:+UseParallelGC -XX:TieredStopAtLevel=1 -Dlog4j2.disableJmx=true"
  default_opts+=" --add-opens java.base/jdk.internal.misc=ALL-UNNAMED"
  JAVA_ARGS=${CONVEYOR_BROKER_JAVA_OPTS:-$default_opts} setsid "$VAR/broker/bin/artemis" run >>"$LOG_DIR/broker.out" 2>&1 </dev/null &
  echo $! >"$RUN_DIR/broker.pid"
  wait_for "the broker" 60 "$!" "$LOG_DIR/broker.log" broker_active false
}

admin_password() {
  if [ -n "${CONVEYOR_ADMIN_PASSWORD:-}" ] || [ -f "$VAR/admin-password.hash" ]; then
    return
  fi
  local password
  password=$(java -cp "$EJB_JAR" dev.conveyor.security.AdminPassword init "$VAR/admin-password.hash")
  GENERATED_PASSWORD=$password
}

postgres_commands() {
  local host=${CONVEYOR_PG_HOST:-127.0.0.1} port=${CONVEYOR_PG_PORT:-5432} db=${CONVEYOR_PG_DB:-conveyor}
  # Payara's pool insists on a password property even where the server trusts local connections.
  local user=${CONVEYOR_PG_USER:-postgres} password=${CONVEYOR_PG_PASSWORD:-postgres}
  if command -v psql >/dev/null; then
    if ! psql -h "$host" -p "$port" -U "$user" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
      say "creating PostgreSQL database $db" >&2 # stdout is the commands
      psql -h "$host" -p "$port" -U "$user" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null \
        || die "CNV-0109-E cannot create database $db on $host:$port as $user"
    fi
  fi
  local props="user=$user:password=$password:serverName=$host:portNumber=$port:databaseName=$db"
  cat <<CMDS
create-jdbc-connection-pool --datasourceclassname org.postgresql.ds.PGSimpleDataSource --restype javax.sql.DataSource --isconnectvalidatereq true --validationmethod auto-commit --failconnection true --property $props ConveyorPostgres
set resources.jdbc-resource.jdbc/__default.pool-name=ConveyorPostgres
CMDS
  batch_pool_commands org.postgresql.ds.PGSimpleDataSource "$props"
}

# The batch runtime's repository gets a pool of its own, never the application's: Payara's batch
# set-up, run at every BatchRuntime.getJobOperator(), closes one connection twice, and the pool
# then hands that connection to two users at once, whose statements and commits mix (a claim's
# commit undone by another thread's rollback). In a pool of its own the damage stays with the
# batch repository, which only the batch runtime uses.
batch_pool_commands() { # datasource class, pool properties (asadmin --property syntax)
  cat <<CMDS
create-jdbc-connection-pool --datasourceclassname $1 --restype javax.sql.DataSource --property $2 ConveyorBatch
create-jdbc-resource --connectionpoolid ConveyorBatch jdbc/conveyor-batch
set-batch-runtime-configuration --datasourcelookupname jdbc/conveyor-batch
CMDS
}

# The server's tunables (docs/configuration.md) come through MicroProfile Config: system properties,
# the environment (CONVEYOR_WORKERS for conveyor.workers), and files named like them in var/secrets.
# The message-driven beans' sizes are resolved by Payara when it deploys them, from a reference
# that can hold no default: their defaults (Tunable's main prints them) go into the domain's own
# config source, which every other source outranks.
tunable_commands() {
  mkdir -p "$VAR/secrets"
  echo "set-config-dir --directory=$VAR/secrets"
  echo "set-config-ordinal --source=domain --ordinal=10"
  local name value
  java -cp "$EJB_JAR" dev.conveyor.common.Tunable | while IFS='=' read -r name value; do
    echo "set-config-property --source=domain --propertyName=$name --propertyValue=$value"
  done
}

# The application's resources as asadmin commands, the same for Payara Micro's post-boot file and
# a Payara Server domain: the Artemis resource adapter with the broker's port and credentials, the
# pooled connection factory, and the database (H2 in the file given, or PostgreSQL).
resource_commands() { # H2 database file (a JDBC URL path)
  sed -e "s#@RAR@#$RAR#" -e "s#@BROKER_USER@#$BROKER_USER#g" -e "s#@BROKER_PASSWORD@#$BROKER_PASSWORD#g" \
    -e "s#@BROKER_PORT@#$BROKER_PORT#g" \
    "$TOP/config/post-boot-commands.txt"
  tunable_commands
  case "${CONVEYOR_DB:-h2}" in
    h2)
      # H2 writes committed transactions to disk only after a delay by default: a killed process
      # would lose its last commits while the files they moved stay moved. WRITE_DELAY=0 writes
      # each commit at once. A row lock is waited for up to 10 s (H2's default is 1 s, short enough
      # that a burst of result writes on one fan-out parent rolls back and waits for redelivery).
      # A 64 MiB page cache (H2's default is 16 MiB) keeps the job table's pages in memory through
      # a backlog of tens of thousands of jobs: with the default, reading evicted pages back took
      # 6% of the server's CPU samples in a 20,000-file run.
      # The batch runtime's database writes each commit at once too: with a write delay, H2 keeps a
      # thread that wakes 20 times a second to write and tidy its file, a tenth of an idle server's
      # CPU (docs/benchmarks.md), for a database written only when a batch job runs. An "=" in a
      # property's value is escaped for asadmin, which refuses the command otherwise.
      echo "set resources.jdbc-connection-pool.H2Pool.property.URL=jdbc:h2:$1;WRITE_DELAY=0;LOCK_TIMEOUT=10000;CACHE_SIZE=65536"
      batch_pool_commands org.h2.jdbcx.JdbcDataSource "URL=jdbc\\:h2\\:${1%/*}/conveyor-batch;WRITE_DELAY\\=0" ;;
    postgresql)
      postgres_commands ;;
    *) die "CNV-0112-E CONVEYOR_DB is '${CONVEYOR_DB}'; use h2 (default) or postgresql." ;;
  esac
}

# An H2 database a crash left (H2 did not close it) is rebuilt from its committed rows before the
# server opens it: after a kill, H2's file can hold part of a transaction the crash cut short,
# which blocks its keys for good (docs/architecture.md, EmbeddedDatabaseRebuild).
# C1 alone: a rebuild is a few seconds' work in a new JVM, done in about half the time without C2.
rebuild_crashed_h2() { # the folder of the application's and the batch runtime's H2 databases
  java -XX:TieredStopAtLevel=1 -cp "$EJB_JAR:$H2_JAR" dev.conveyor.schema.EmbeddedDatabaseRebuild "$1/embedded_default" "$1/conveyor-batch"
}

broker_active() {
  new_log_lines "$LOG_DIR/broker.log" | grep -q AMQ221007
}

broker_logging() { # the broker's log4j2 configuration: broker.log, rotated by size, as text or JSON lines
  sed -e "s#@LOG_FILE@#$LOG_DIR/broker.log#g" -e "s#@LOG_FILE_BYTES@#$LOG_FILE_BYTES#" -e "s#@LOG_OLD_FILES@#$LOG_OLD_FILES#" \
    "$TOP/config/broker-log4j2.properties"
  if [ "$LOG_FORMAT" = json ]; then
    # Every value escaped for JSON, the exception inside its field rather than after the line.
    echo 'appender.log_file.layout.pattern = {"timestamp":"%d{ISO8601_OFFSET_DATE_TIME_HHCMM}","level":"%level","logger":"%enc{%logger}{JSON}","thread":"%enc{%thread}{JSON}","message":"%enc{%msg}{JSON}","throwable":"%enc{%throwable}{JSON}"}%n'
    echo 'appender.log_file.layout.alwaysWriteExceptions = false'
  else
    echo 'appender.log_file.layout.pattern = %d %-5level [%logger] %msg%n'
  fi
}

api_answers() { # the application is deployed when its API asks for credentials
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HTTP_PORT/api/endpoints")" = 401 ]
}
