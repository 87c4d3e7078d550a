#!/bin/sh
# hookpanel-hook DIALECT EVENT — the fast path of `hookpanel emit`: hands the payload on stdin to the
# running host with curl over its Unix socket and answers in the harness's hook protocol (exit 2 +
# stderr to block). With no host listening it runs `hookpanel emit` with the same payload.
set -u
home="${HOOKPANEL_HOME:-}"
if [ -z "$home" ]; then
  if [ "$(uname)" = Darwin ]; then home="$HOME/Library/Application Support/hookpanel"; else home="${XDG_CONFIG_HOME:-$HOME/.config}/hookpanel"; fi
fi
sock="$home/run/host.sock"
[ -S "$sock" ] || exec hookpanel emit "$1" "$2"
in=$(mktemp) || exit 1
trap 'rm -f "$in"' EXIT
cat > "$in"
# The status code rides on the last line: 200 → exit 0 (stdout), 422 → exit 2, 424 → exit 1 (stderr).
resp=$(curl -s -w '\n%{http_code}' --unix-socket "$sock" -H "X-Hookpanel-Cwd: $PWD" \
  -H "X-Hookpanel-Dispatch: ${HOOKPANEL_DISPATCH:-}" --data-binary @"$in" "http://hookpanel/v1/hook/$1/$2")
status=${resp##*
}
body=${resp%"$status"}
while [ "${body%
}" != "$body" ]; do body=${body%
}; done
case "$status" in
  200) [ -n "$body" ] && printf '%s\n' "$body"; exit 0 ;;
  422) printf '%s\n' "$body" >&2; exit 2 ;;
  000) exec hookpanel emit "$1" "$2" < "$in" ;;
  *) printf '%s\n' "$body" >&2; exit 1 ;;
esac
