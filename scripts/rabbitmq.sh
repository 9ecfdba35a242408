#!/usr/bin/env bash
# Starts or stops a RabbitMQ broker for the tests, confined to loopback:
# Debian's rabbitmq-server (apt-get install rabbitmq-server) run as the
# calling user, with its own HOME (and so Erlang cookie), node name, epmd,
# config, data and logs under $RABBITMQ_STATE (default /tmp/bqgen-rabbitmq).
# Nothing it starts listens beyond 127.0.0.1 (epmd adds ::1).
#
#   scripts/rabbitmq.sh start   # prints BQGEN_RABBITMQ_ADDR=127.0.0.1:5672
#   scripts/rabbitmq.sh stop
#
# e.g. in CI: export "$(scripts/rabbitmq.sh start)"; go test ./...; scripts/rabbitmq.sh stop
#
# The tests take the printed line as their environment (see
# internal/testkit/rabbitmqtest); without it they start a broker of their own.
# Ports: RABBITMQ_PORT (AMQP, 5672), RABBITMQ_DIST_PORT (inter-node, AMQP
# port + 20000) and RABBITMQ_EPMD_PORT (a private epmd, 24369, so that an
# epmd already running is neither used nor stopped).
set -euo pipefail

state=${RABBITMQ_STATE:-/tmp/bqgen-rabbitmq}
port=${RABBITMQ_PORT:-5672}
dist_port=${RABBITMQ_DIST_PORT:-$((port + 20000))}
epmd_port=${RABBITMQ_EPMD_PORT:-24369}
node=bqgen@localhost
server=/usr/lib/rabbitmq/bin/rabbitmq-server
ctl=/usr/lib/rabbitmq/bin/rabbitmqctl
timeout=60

die() { echo "rabbitmq.sh: $*" >&2; exit 1; }

# The broker's environment: every path it would take from /etc or /var is
# pointed into the state directory.
broker_env() {
  export HOME="$state/home"
  export RABBITMQ_NODENAME=$node RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 RABBITMQ_NODE_PORT=$port
  export RABBITMQ_DIST_PORT=$dist_port ERL_EPMD_ADDRESS=127.0.0.1 ERL_EPMD_PORT=$epmd_port
  export RABBITMQ_CONFIG_FILE="$state/rabbitmq.conf"
  export RABBITMQ_ADVANCED_CONFIG_FILE="$state/advanced.config"
  export RABBITMQ_CONF_ENV_FILE="$state/rabbitmq-env.conf"
  export RABBITMQ_ENABLED_PLUGINS_FILE="$state/enabled_plugins"
  export RABBITMQ_MNESIA_BASE="$state/mnesia" RABBITMQ_LOG_BASE="$state/log"
  export RABBITMQ_PID_FILE="$state/rabbitmq.pid"
  export RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}'
  export RABBITMQ_CTL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}'
}

# listening: does 127.0.0.1:$1 accept a TCP connection?
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  [ -x "$server" ] || die "$server not found: apt-get install rabbitmq-server"
  epmd=$(command -v epmd || true)
  [ -n "$epmd" ] || die "epmd not found (Debian's erlang-base)"
  if listening "$port"; then die "127.0.0.1:$port is already taken"; fi
  # The state directory is cleared for a fresh broker, so it must be one
  # this script made (or not exist yet).
  if [ -e "$state" ] && [ ! -f "$state/rabbitmq.conf" ]; then
    die "$state exists and is not this script's state directory; not clearing it"
  fi
  rm -rf "$state"
  mkdir -p "$state/home" "$state/mnesia" "$state/log"
  printf 'listeners.tcp.default = 127.0.0.1:%s\nloopback_users = none\ndisk_free_limit.absolute = 1MB\n' "$port" \
    > "$state/rabbitmq.conf"
  echo '[].' > "$state/enabled_plugins"
  : > "$state/rabbitmq-env.conf"
  broker_env
  # setsid: each in a session of its own, so that stop can end it and all
  # it started by its process group, and so that it outlives this script.
  setsid "$epmd" -address 127.0.0.1 -port "$epmd_port" > "$state/epmd.log" 2>&1 < /dev/null &
  echo $! > "$state/epmd.pid"
  setsid "$server" > "$state/server.log" 2>&1 < /dev/null &
  echo $! > "$state/server.pid"
  began=$SECONDS
  until listening "$port"; do
    if ! kill -0 "$(cat "$state/server.pid")" 2>/dev/null; then
      tail -n 30 "$state/server.log" >&2 || true
      stop >/dev/null 2>&1 || true
      die "rabbitmq-server exited before listening (log above)"
    fi
    if [ $((SECONDS - began)) -ge $timeout ]; then
      tail -n 30 "$state/server.log" >&2 || true
      stop >/dev/null 2>&1 || true
      die "rabbitmq-server did not listen on 127.0.0.1:$port within ${timeout}s"
    fi
    sleep 0.5
  done
  # Listening comes late in the boot; wait_for the node to say it is done.
  "$ctl" -n "$node" await_startup --timeout $((timeout - (SECONDS - began) + 1)) > /dev/null ||
    die "rabbitmq-server listens on $port but did not finish booting"
  echo "rabbitmq.sh: listening after $((SECONDS - began))s; logs in $state" >&2
  echo "BQGEN_RABBITMQ_ADDR=127.0.0.1:$port"
}

# end_group PIDFILE: kills the process group that start made for the pid.
end_group() {
  [ -f "$1" ] || return 0
  local pid; pid=$(cat "$1")
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$1"
}

stop() {
  [ -d "$state" ] || { echo "rabbitmq.sh: nothing to stop in $state" >&2; return 0; }
  broker_env
  if [ -f "$state/server.pid" ] && kill -0 "$(cat "$state/server.pid")" 2>/dev/null; then
    timeout 30 "$ctl" -n "$node" stop > /dev/null 2>&1 || echo "rabbitmq.sh: rabbitmqctl stop failed; killing" >&2
    for _ in $(seq 1 30); do
      kill -0 "$(cat "$state/server.pid")" 2>/dev/null || break
      sleep 0.5
    done
  fi
  end_group "$state/server.pid"
  end_group "$state/epmd.pid"
  echo "rabbitmq.sh: stopped" >&2
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  *) die "usage: $0 start|stop" ;;
esac
