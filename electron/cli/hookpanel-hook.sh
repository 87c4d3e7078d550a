#!/bin/sh
# hookpanel-hook DIALECT EVENT — the fast path of `hookpanel emit`: hands the payload on stdin to the
# running host with curl over its Unix socket and answers in the harness's hook protocol (exit 2 +
# stderr to block). With no host running it falls back to `hookpanel emit` with the same payload.
set -u
home="${HOOKPANEL_HOME:-${XDG_CONFIG_HOME:-$HOME/.config}/hookpanel}"
[ "$(uname)" = Darwin ] && [ -z "${HOOKPANEL_HOME:-}" ] && home="$HOME/Library/Application Support/hookpanel"
sock="$home/run/host.sock"
in=$(mktemp) && out=$(mktemp) || exit 1
trap 'rm -f "$in" "$out"' EXIT
cat > "$in"
status=$(curl -s -o "$out" -w '%{http_code}' --unix-socket "$sock" -H "X-Hookpanel-Cwd: $PWD" \
  -H "X-Hookpanel-Dispatch: ${HOOKPANEL_DISPATCH:-}" --data-binary @"$in" "http://hookpanel/v1/hook/$1/$2")
case "$status" in
  200) cat "$out" ;;
  422) cat "$out" >&2; exit 2 ;;
  424) cat "$out" >&2; exit 1 ;;
  000) exec hookpanel emit "$1" "$2" < "$in" ;;
  *) cat "$out" >&2; exit 1 ;;
esac
