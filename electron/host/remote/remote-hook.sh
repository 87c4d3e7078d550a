#!/bin/sh
# hookpanel-hook DIALECT EVENT, on a machine Hookpanel reaches over SSH (`hookpanel remote add`): hands
# the payload to Hookpanel's computer through the socket that computer's ssh connection forwards into
# this folder, and answers in the harness's hook protocol (exit 2 + stderr blocks). When that computer
# cannot be reached (no tunnel, the tunnel cut mid-request, the computer silent) it answers at once with
# no decision, so the agent goes on as with no Hookpanel; a guard event on a machine set to `block` in
# ./unreachable is blocked instead. Nothing here waits for a computer that is gone.
set -u
PATH="${PATH:+$PATH:}/usr/bin:/bin"
dir=@DIR@
if [ $# -ne 2 ]; then
  echo "hookpanel-hook: expected <dialect> <event>, got $# argument(s)" >&2
  exit 2
fi
sock="$dir/run/desk.sock"
# No decision: exit 0 with nothing said. A guard (a tool call about to run) follows the machine's choice.
unreachable() {
  case "$2" in
    PreToolUse | BeforeTool) policy=$(cat "$dir/unreachable" 2>/dev/null) ;;
    *) policy= ;;
  esac
  if [ "$policy" = block ]; then
    echo "Hookpanel's computer is unreachable ($3); this machine is set to block tool calls until it is back" >&2
    exit 2
  fi
  exit 0
}
payload=$(cat)
[ -S "$sock" ] || unreachable "$1" "$2" "no connection from it"
token=$(cat "$dir/token" 2>/dev/null) || unreachable "$1" "$2" "no token in $dir"
# The status rides on the last line: 200 → exit 0 (stdout), 422 → exit 2, 424 → exit 1 (stderr); 202
# is a streamed answer (heartbeat dots every quarter second, then :<exit code>: and the text). A
# computer silent for 2 s (asleep, hung, stopped) is given up on; a tunnel cut ends the request at once.
# (0.8 s gave up on a computer merely busy: a loaded host, its ssh and this machine each wait for a core.)
# Node's client (bin/hookpanel-hook.mjs) prints what curl's -w would: the body, then the status.
through_node() {
  via=node
  resp=$(node "$dir/bin/hookpanel-hook.mjs" "$sock" "$token" "$1" "$2" <<PAYLOAD
$payload
PAYLOAD
)
  rc=$?
}
via=curl
if command -v curl >/dev/null 2>&1; then
  req="$dir/run/req.$$"
  trap 'rm -f "$req.in" "$req.out" "$req.status" "$req.err"' EXIT
  printf '%s\n' "$payload" > "$req.in" || unreachable "$1" "$2" "cannot write in $dir/run"
  : > "$req.out"
  : > "$req.status"
  : > "$req.err"
  # -N: each byte lands in the file as it arrives, for the watch below. curl's own low-speed limit
  # averages over seconds (curl(1), --speed-time), too slow to notice a silent computer within one.
  # -w prints the status only once the transfer is over, whatever its end: that file says "done".
  # -s leaves curl one thing to say on stderr: an option it does not know (--unix-socket, before 7.40,
  # as CentOS 7's 7.29), said at once, with no request made and no status written.
  curl -sN -o "$req.out" -w '%{http_code}' --connect-timeout 1 \
    --unix-socket "$sock" -H "X-Hookpanel-Token: $token" --data-binary @"$req.in" \
    "http://hookpanel/v1/hook/$1/$2" > "$req.status" 2> "$req.err" &
  pid=$!
  # The agent ending this hook ends its request too: nothing is left waiting on a silent computer.
  trap 'kill "$pid" 2>/dev/null; exit 1' HUP INT TERM
  # Short looks first (most answers take milliseconds), then every 0.2 s; where sleep takes whole
  # seconds only (POSIX sleep), one look a second.
  if sleep 0.01 2>/dev/null; then fast=0.02 slow=0.2 fast_ms=20 slow_ms=200; else fast=1 slow=1 fast_ms=1000 slow_ms=1000; fi
  seen=0 silent=0 looks=0
  while [ ! -s "$req.status" ] && [ ! -s "$req.err" ]; do
    if [ "$looks" -lt 10 ]; then sleep $fast; step=$fast_ms; else sleep $slow; step=$slow_ms; fi
    looks=$((looks + 1))
    now=$(wc -c < "$req.out")
    if [ "$now" != "$seen" ]; then
      seen=$now silent=0
    else
      silent=$((silent + step))
    fi
    if [ "$silent" -ge 2000 ] && [ ! -s "$req.status" ]; then
      kill "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      unreachable "$1" "$2" "it stopped answering"
    fi
  done
  wait "$pid"
  rc=$?
  if [ -s "$req.err" ] && [ ! -s "$req.status" ]; then
    # This curl cannot make the request: Node can, where it is installed.
    read -r said < "$req.err"
    command -v node >/dev/null 2>&1 || unreachable "$1" "$2" "this machine's curl cannot reach a local socket (it said: $said; 7.40 or later can), and Node is not installed"
    through_node "$1" "$2"
  else
    resp="$(cat "$req.out")
$(cat "$req.status")"
  fi
elif command -v node >/dev/null 2>&1; then
  through_node "$1" "$2"
else
  unreachable "$1" "$2" "neither curl nor node is installed here"
fi
[ "$rc" -eq 0 ] || unreachable "$1" "$2" "the connection failed ($via exit $rc)"
status=${resp##*
}
body=${resp%"$status"}
while [ "${body%
}" != "$body" ]; do body=${body%
}; done
if [ "$status" = 202 ]; then
  body=${body#"${body%%:*}:"}
  case "${body%%:*}" in
    0) status=200 ;;
    2) status=422 ;;
    1) status=424 ;;
    *) status=unread ;;
  esac
  body=${body#*:}
fi
case "$status" in
  200) [ -n "$body" ] && printf '%s\n' "$body"; exit 0 ;;
  422) printf '%s\n' "$body" >&2; exit 2 ;;
  424) printf '%s\n' "$body" >&2; exit 1 ;;
  *) unreachable "$1" "$2" "it answered $status" ;;
esac
