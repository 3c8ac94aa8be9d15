#!/usr/bin/env bash
# Get Task throughput with and without --state, side by side (issue 27): each server in turn on
# 127.0.0.1, one task created, then autocannon (10 connections, 4 s) reads it. After `npm run build`.
#   bash bench/state-get-task.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
measure() {
  local label=$1
  shift
  node "$root/dist/bin/audio-task-mock.js" --port 0 "$@" >"$dir/server.log" 2>&1 &
  local pid=$!
  local url=""
  for _ in $(seq 100); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$dir/server.log" | head -1 || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  local id
  id=$(curl -s -X POST "$url/api/v1/task" -H 'x-api-key: demo-key' -H 'content-type: application/json' \
    -d '{"model":"music-model","task_type":"lyrics","input":{"prompt":"bench"}}' | sed 's/.*"task_id":"\([^"]*\)".*/\1/')
  "$root/node_modules/.bin/autocannon" -c 10 -d 4 -H 'x-api-key=demo-key' --json "$url/api/v1/task/$id" 2>/dev/null |
    node -e "let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{const j=JSON.parse(s);console.log('$label'.padEnd(40),Math.round(j.requests.average),'req/s, p99',j.latency.p99,'ms, non-2xx',j.non2xx)})"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}
measure 'no --state'
measure '--state (interval)' --state "$dir/interval.db"
measure '--state --state-mode durable' --state "$dir/durable.db" --state-mode durable
