# Shared by deploy/run and deploy/stop: where things are, and how to start and stop the processes.
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

RUNTIME=$TOP/deploy/target/runtime
ARTEMIS_HOME=$RUNTIME/apache-artemis-2.40.0
PAYARA_JAR=$RUNTIME/payara-micro.jar
POSTGRESQL_JAR=$RUNTIME/postgresql.jar
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
