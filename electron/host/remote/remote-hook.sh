#!/bin/sh
# hookpanel-hook DIALECT EVENT, on a machine Hookpanel reaches over SSH (`hookpanel remote add`): hands
# the payload to the desktop through the socket the desktop's ssh connection forwards into this folder,
# and answers in the harness's hook protocol (exit 2 + stderr blocks). When the desktop cannot be
# reached (no tunnel, the tunnel cut mid-request, the desktop silent) it answers at once with no
# decision, so the agent goes on as with no Hookpanel; a guard event on a machine set to `block` in
# ./unreachable is blocked instead. Nothing here waits for a desktop that is gone.
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
    echo "Hookpanel on the desktop is unreachable ($3); this machine is set to block tool calls until it is back" >&2
    exit 2
  fi
  exit 0
}
payload=$(cat)
[ -S "$sock" ] || unreachable "$1" "$2" "no connection from the desktop"
token=$(cat "$dir/token" 2>/dev/null) || unreachable "$1" "$2" "no token in $dir"
# The status rides on the last line: 200 → exit 0 (stdout), 422 → exit 2, 424 → exit 1 (stderr); 202
# is a streamed answer (heartbeat dots each second, then :<exit code>: and the text). A desktop silent
# for 2 s (asleep, hung) is given up on; a tunnel cut ends the request at once.
if command -v curl >/dev/null 2>&1; then
  resp=$(curl -s -w '\n%{http_code}' --connect-timeout 1 --speed-limit 1 --speed-time 2 \
    --unix-socket "$sock" -H "X-Hookpanel-Token: $token" --data-binary @- \
    "http://hookpanel/v1/hook/$1/$2" <<PAYLOAD
$payload
PAYLOAD
)
  rc=$?
elif command -v node >/dev/null 2>&1; then
  resp=$(node "$dir/bin/hookpanel-hook.mjs" "$sock" "$token" "$1" "$2" <<PAYLOAD
$payload
PAYLOAD
)
  rc=$?
else
  unreachable "$1" "$2" "neither curl nor node is installed here"
fi
[ "$rc" -eq 0 ] || unreachable "$1" "$2" "the connection failed (curl exit $rc)"
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
  *) unreachable "$1" "$2" "the desktop answered $status" ;;
esac
