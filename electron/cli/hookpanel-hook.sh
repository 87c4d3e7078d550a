#!/bin/sh
# hookpanel-hook DIALECT EVENT — the fast path of `hookpanel emit`: hands the payload on stdin to the
# running host with curl over its Unix socket and answers in the harness's hook protocol (exit 2 +
# stderr to block). Whenever the host cannot answer — none listening, no curl, the host dying with the
# event in flight, a host error — it runs `hookpanel emit` with the same payload instead, which runs
# the event in-process: a guard never fails open because the host went away.
# `hookpanel connect` writes it with HOOKPANEL_NODE and HOOKPANEL_CLI set to this installation's CLI, so
# the fallback needs no `hookpanel` on PATH; by hand, `hookpanel emit` on PATH is used.
set -u
# The tools below where PATH is empty or lacks them (an agent run from a service or a bare environment).
PATH="${PATH:+$PATH:}/usr/bin:/bin"
# exec_emit replaces this shell, so a harness that kills its hook reaches emit itself. The Node connect
# wrote in may be gone since (a version manager's, uninstalled): then the `node` on PATH, so a guard
# still runs its rules with no host. (The CLI is not looked at: in the app it is inside app.asar, which
# only Electron reads.)
exec_emit() {
  if [ -n "${HOOKPANEL_CLI:-}" ]; then
    run_node=${HOOKPANEL_NODE:-node}
    case "$run_node" in */*) [ -x "$run_node" ] || run_node=node ;; esac
    exec "$run_node" "$HOOKPANEL_CLI" emit "$@"
  fi
  exec hookpanel emit "$@"
}
case "${1:-}" in
  -h | --help)
    cat <<'EOF'
usage: hookpanel-hook <dialect> <event>

The fast path of hookpanel emit, for hooks on every tool call: hands the payload (JSON on stdin) to the
running host with curl over its local socket and answers in the harness's hook protocol (for pw and
claude: exit 2 with the reason on stderr blocks; claude's PermissionRequest denies with JSON on exit 0).
When no host can answer it runs hookpanel emit with the same payload, so a guard never fails open.
hookpanel help emit says more; hookpanel --help lists the dialects.

examples:
  # the command of a PreToolUse hook in ~/.claude/settings.json
  hookpanel-hook claude PreToolUse
  # try it by hand
  echo '{"tool_name":"Bash","tool_input":{"command":"ls"}}' | hookpanel-hook claude PreToolUse
EOF
    exit 0
    ;;
esac
if [ $# -ne 2 ]; then
  echo "hookpanel-hook: expected <dialect> <event>, got $# argument(s); usage: hookpanel-hook <dialect> <event>" >&2
  exit 2
fi
# Every tool call pays for each process started here: only curl is (docs/engine.md, "What one tool call
# costs").
home="${HOOKPANEL_HOME:-}"
if [ -z "$home" ]; then
  # /proc is Linux's (never macOS's): there the usual case costs no uname.
  if [ ! -d /proc/self ] && [ "$(uname 2>/dev/null)" = Darwin ]; then home="${HOME:-}/Library/Application Support/hookpanel"; else home="${XDG_CONFIG_HOME:-${HOME:-}/.config}/hookpanel"; fi
fi
sock="$home/run/host.sock"
[ -S "$sock" ] && command -v curl >/dev/null 2>&1 || exec_emit "$1" "$2"
# The payload is kept for emit, should the host not answer: curl's first transfer copies stdin into
# run/payloads/<name>, its second posts that file. The host removes the file once its answer is written;
# on the fallback the shell opens it as emit's stdin and removes it. The name is random where the kernel
# gives one to a read (Linux; `read` is the shell's own, 0.1 ms), so that scripts in two pid namespaces
# sharing this home never share a copy; elsewhere it is this shell's pid.
kept=$$
[ -r /proc/sys/kernel/random/uuid ] && read -r kept </proc/sys/kernel/random/uuid
case "$kept" in '' | -* | *[!0123456789abcdef-]*) kept=$$ ;; esac
file="$home/run/payloads/$kept"
# The file as a file:// URL: what a URL's path cannot hold as it is (a space in macOS's "Application
# Support", say) is percent-encoded, without starting a process.
url=$file
case "$url" in
  *[%\ \#?]*)
    for pair in '%:%25' ' :%20' '#:%23' '?:%3F'; do
      ch=${pair%%:*} to=${pair#*:} rest=$url url=
      while :; do
        case "$rest" in
          *"$ch"*) url="$url${rest%%"$ch"*}$to" rest=${rest#*"$ch"} ;;
          *) url=$url$rest; break ;;
        esac
      done
    done
    ;;
esac
# emit_lost WHY: the payload is gone (stdin read, the copy unwritten or taken): emit answers without it,
# blocking a guard event (HOOKPANEL_PAYLOAD_LOST).
emit_lost() {
  HOOKPANEL_PAYLOAD_LOST="$1" exec_emit "$2" "$3" </dev/null
}
# A folder a header cannot carry as it is (control characters, non-ASCII, anything unusual) goes as
# the hex of its bytes; the usual folder costs no process.
case "$PWD" in
  *[!abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+@,=~-]*)
    cwd="X-Hookpanel-Cwd-Hex: $(printf '%s' "$PWD" | od -An -v -tx1 | tr -d ' \n')" ;;
  *) cwd="X-Hookpanel-Cwd: $PWD" ;;
esac
# HOOKPANEL_DISPATCH is only ever hex, dots and dashes; anything else names no dispatch.
case "${HOOKPANEL_DISPATCH:-}" in
  *[!0123456789abcdef.-]*) parent= ;;
  *) parent="${HOOKPANEL_DISPATCH:-}" ;;
esac
# The status code rides on the last line: 200 → exit 0 (stdout), 422 → exit 2, 424 → exit 1 (stderr);
# 202 is an answer that took longer, streamed: heartbeat dots, then :<exit code>: and the text. A
# working host sends something every second; one silent for some 7 s (stopped, hung) is given up on:
# curl averages the speed over its last 5 s, and gives up after a second under 1 byte/s. -q (first, or
# it is not heeded) skips ~/.curlrc: a user's `include` or `verbose` there would pour headers into the
# agent's stdout or curl's chatter into a block's reason (https://curl.se/docs/manpage.html#-q).
# --fail-early: a copy that could not be written is never posted. -g (in each transfer): brackets and
# braces in the home are not a glob. `-T file` (--data-binary @file is read before the first transfer
# has written it), and no `Expect: 100-continue` round trip. stderr to /dev/null: -s silences curl but
# for an option it does not know (one older than 7.52 --fail-early, than 7.40 --unix-socket), which it
# names on stderr, -s or not, and which would end up in a block's reason; such a curl prints nothing
# else and exits 2, and the paths below run the event without it.
resp=$(curl -q -s -g --fail-early -T - "file://$url" --next -s -g -w '\n%{http_code}' \
  --speed-limit 1 --speed-time 1 --unix-socket "$sock" -H "$cwd" -H "X-Hookpanel-Dispatch: $parent" \
  -H "X-Hookpanel-Payload: $kept" -H 'Expect:' -X POST -T "$file" "http://hookpanel/v1/hook/$1/$2" 2>/dev/null)
rc=$?
# Nothing printed: curl never reached the host. A copy made and not posted is taken as cut short (a full
# disk): what curl read of stdin is lost, and emit answers without it.
if [ -z "$resp" ]; then
  if [ -e "$file" ]; then
    rm -f "$file"
    emit_lost "could not keep the payload in $file (curl exit $rc; is the disk full?)" "$1" "$2"
  fi
  # No copy could be made (a sandbox that lets the agent write nowhere in this home, say), and curl read
  # nothing of stdin: the shell holds the payload instead (cat, one process more), and posts it.
  file=
  payload=$(cat) || exec_emit "$1" "$2"
  resp=$(curl -q -s -w '\n%{http_code}' --speed-limit 1 --speed-time 1 --unix-socket "$sock" -H "$cwd" \
    -H "X-Hookpanel-Dispatch: $parent" --data-binary @- "http://hookpanel/v1/hook/$1/$2" 2>/dev/null <<EOF
$payload
EOF
)
  rc=$?
fi
status=${resp##*
}
body=${resp%"$status"}
while [ "${body%
}" != "$body" ]; do body=${body%
}; done
# curl failed (the host silent for 5 s: 28; died mid-answer: 18, 52, 56): the event runs here.
[ "$rc" -eq 0 ] || status=$rc-failed
if [ "$status" = 202 ]; then
  body=${body#"${body%%:*}:"}
  case "${body%%:*}" in
    0) status=200 ;;
    2) status=422 ;;
    1) status=424 ;;
    *) status=202-unread ;;
  esac
  body=${body#*:}
fi
case "$status" in
  200) [ -n "$body" ] && printf '%s\n' "$body"; exit 0 ;;
  422) printf '%s\n' "$body" >&2; exit 2 ;;
  424) printf '%s\n' "$body" >&2; exit 1 ;;
  # Anything else (no host, a silent or dying host, a host error, an answer this script cannot read):
  # emit runs the event from the copy (or the payload the shell holds), and a guard never fails open.
  # The copy is gone only where the host answered and the answer was lost on the way.
  *)
    [ "$status" = 28-failed ] && export HOOKPANEL_HOST_SILENT=1
    if [ -n "$file" ]; then
      [ -r "$file" ] || emit_lost "the host took the event, but its answer did not arrive" "$1" "$2"
      exec <"$file"
      rm -f "$file"
      exec_emit "$1" "$2"
    fi
    exec_emit "$1" "$2" <<EOF
$payload
EOF
    ;;
esac
