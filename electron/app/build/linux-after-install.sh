#!/bin/sh
# Puts `hookpanel` on PATH: the CLI runs under the app's own Electron in Node mode.
cat > /usr/bin/hookpanel <<'WRAP'
#!/bin/sh
ELECTRON_RUN_AS_NODE=1 exec "/opt/Hookpanel/hookpanel-app" "/opt/Hookpanel/resources/app.asar/dist/electron/cli/main.js" "$@"
WRAP
chmod 755 /usr/bin/hookpanel
ln -sf "/opt/Hookpanel/resources/app.asar.unpacked/electron/cli/hookpanel-hook.sh" /usr/bin/hookpanel-hook
