#!/usr/bin/env bash
# npm run local-model [-- start|stop|status|serve]
#   start  (default) install if needed (scripts/setup-local-model.sh), start the
#          server in the background on 127.0.0.1:$LOCAL_MODEL_PORT (default 8089),
#          wait until /health answers, print the base URL and model name.
#   status exit 0 and print the base URL when the started server is healthy, else exit 1.
#   stop   end the server that `start` started (by its recorded pid only).
#   serve  run it in the foreground (Ctrl-C ends it).
# Settings (environment): LOCAL_MODEL_PORT, LOCAL_MODEL_THREADS, LOCAL_MODEL_PARALLEL,
# LOCAL_MODEL_CTX, LOCAL_MODEL_MAX_TOKENS, LOCAL_MODEL_NAME, LOCAL_MODEL_START_TIMEOUT (s, default 180).
# Log: .cache/local-model/server.log.
set -euo pipefail
cd "$(dirname "$0")/.."

root=.cache/local-model
venv="$root/venv"
state="$root/server.pid"
log="$root/server.log"
port="${LOCAL_MODEL_PORT:-8089}"
name="${LOCAL_MODEL_NAME:-smollm2-135m-instruct}"

# Sets pid (and the port and name it was started with) when the process that
# `start` recorded is still our server; fails otherwise.
pid=""
load_running() {
  [ -f "$state" ] || return 1
  read -r pid port name <"$state" || return 1
  [ -n "$pid" ] && grep -qa 'local-model/serve.py' "/proc/$pid/cmdline" 2>/dev/null
}

healthy() {
  "$venv/bin/python" - "$port" <<'EOF' 2>/dev/null
import json, sys, urllib.request
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/health", timeout=5) as r:
    sys.exit(0 if json.load(r).get("status") == "ok" else 1)
EOF
}

announce() {
  echo "local-model: up (pid $1) -> OPENAI_BASE_URL=http://127.0.0.1:$port/v1 model=$name"
  echo "  OPENAI_API_KEY=local OPENAI_BASE_URL=http://127.0.0.1:$port/v1 npx consilium run sentimental --llm openai --model $name ..."
}

cmd="${1:-start}"
case "$cmd" in
  start)
    bash scripts/setup-local-model.sh
    if ! load_running; then
      # Nothing of ours is running: a stale record says nothing about this start.
      port="${LOCAL_MODEL_PORT:-8089}" name="${LOCAL_MODEL_NAME:-smollm2-135m-instruct}"
      mkdir -p "$root"
      LOCAL_MODEL_PORT="$port" LOCAL_MODEL_NAME="$name" nohup "$venv/bin/python" scripts/local-model/serve.py >"$log" 2>&1 &
      pid=$!
      echo "$pid $port $name" >"$state"
    fi
    deadline=$((SECONDS + ${LOCAL_MODEL_START_TIMEOUT:-180}))
    until healthy; do
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "local-model: the server exited while starting; last lines of $log:" >&2
        tail -n 20 "$log" >&2
        rm -f "$state"
        exit 1
      fi
      if [ "$SECONDS" -ge "$deadline" ]; then
        echo "local-model: no healthy answer on port $port after ${LOCAL_MODEL_START_TIMEOUT:-180} s (see $log); stopping it" >&2
        kill "$pid" 2>/dev/null || true
        rm -f "$state"
        exit 1
      fi
      sleep 1
    done
    announce "$pid"
    ;;
  status)
    if load_running && healthy; then
      announce "$pid"
    else
      echo "local-model: not running (or not healthy)" >&2
      exit 1
    fi
    ;;
  stop)
    if load_running; then
      kill "$pid"
      for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; fi
      echo "local-model: stopped (pid $pid)"
    else
      echo "local-model: not running"
    fi
    rm -f "$state"
    ;;
  serve)
    bash scripts/setup-local-model.sh
    LOCAL_MODEL_PORT="$port" LOCAL_MODEL_NAME="$name" exec "$venv/bin/python" scripts/local-model/serve.py
    ;;
  *)
    echo "usage: npm run local-model [-- start|stop|status|serve]" >&2
    exit 2
    ;;
esac
