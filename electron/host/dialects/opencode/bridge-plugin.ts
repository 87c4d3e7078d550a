// Hookpanel's bridge for opencode: a small plugin that connect writes into opencode's user plugin
// folder. opencode has no command hooks, only JavaScript plugins, so this plugin forwards each event
// to the same bridge every agent calls (`hookpanel emit opencode <event>`, or the fast path), with the
// event as JSON on stdin, as argv (no shell), and reads the answer in Claude Code's protocol: exit 2
// blocks, so it throws in `tool.execute.before`, which makes opencode refuse the tool and tell the model
// the reason. A guard never passes because the bridge could not be run: that throws too.

/** How the plugin starts the bridge for one event: a program, its arguments, and variables to add. */
export interface PluginBridgeCall {
  argv: string[];
  env: Record<string, string>;
}

/** The first line of the plugin: how connect and disconnect know the file is Hookpanel's own. */
export const PLUGIN_MARK = "// Hookpanel's bridge for opencode, written by `hookpanel connect opencode`;";

/** The plugin's file name in opencode's plugin folder. */
export const PLUGIN_FILE = 'hookpanel-bridge.js';

export function isBridgePlugin(text: string | null): boolean {
  return text !== null && text.startsWith(PLUGIN_MARK);
}

/** The plugin's text for these bridge calls, one per event it forwards. */
export function bridgePluginText(calls: Record<string, PluginBridgeCall>): string {
  return `${PLUGIN_MARK}
// \`hookpanel disconnect opencode\` removes it. Edits here are lost at the next connect.
import { spawn } from "node:child_process";

const BRIDGE = ${JSON.stringify(calls, null, 2)};

function call(event, payload) {
  const bridge = BRIDGE[event];
  if (!bridge) return Promise.resolve(null);
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let child;
    try {
      child = spawn(bridge.argv[0], bridge.argv.slice(1), {
        env: { ...process.env, ...bridge.env },
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (error) {
      resolve({ code: null, stdout, stderr: String(error) });
      return;
    }
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error) => resolve({ code: null, stdout, stderr: String(error) }));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ ...payload, hook_event_name: event }));
  });
}

function updatedInput(stdout) {
  try {
    const answer = JSON.parse(stdout);
    const input = answer && answer.hookSpecificOutput && answer.hookSpecificOutput.updatedInput;
    return input && typeof input === "object" && !Array.isArray(input) ? input : null;
  } catch {
    return null;
  }
}

export const HookpanelBridge = async ({ directory }) => {
  const base = (sessionID) => ({ session_id: sessionID ?? "", cwd: directory });
  return {
    event: async ({ event }) => {
      const props = event.properties ?? {};
      if (event.type === "session.created")
        await call("session.created", base(props.sessionID ?? props.info?.id));
      else if (event.type === "session.idle") await call("session.idle", base(props.sessionID));
      else if (event.type === "session.error")
        await call("session.error", {
          ...base(props.sessionID),
          error: props.error?.data?.message ?? props.error?.name ?? "",
        });
    },
    "chat.message": async (input, output) => {
      const prompt = (output.parts ?? [])
        .filter((part) => part.type === "text" && !part.synthetic)
        .map((part) => part.text)
        .join("\\n");
      await call("chat.message", { ...base(input.sessionID), prompt });
    },
    "tool.execute.before": async (input, output) => {
      const answer = await call("tool.execute.before", {
        ...base(input.sessionID),
        tool_name: input.tool,
        tool_call_id: input.callID,
        tool_input: output.args,
      });
      if (!answer) return;
      if (answer.code === 2) throw new Error(answer.stderr.trim() || "blocked by Hookpanel");
      if (answer.code !== 0)
        throw new Error(
          \`Hookpanel could not check this tool call, so it was not run: the bridge \${answer.code === null ? "did not start" : \`exited \${answer.code}\`}\${answer.stderr.trim() ? \`: \${answer.stderr.trim()}\` : ""}\`,
        );
      const rewritten = updatedInput(answer.stdout);
      if (rewritten) output.args = rewritten;
    },
    "tool.execute.after": async (input, output) => {
      await call("tool.execute.after", {
        ...base(input.sessionID),
        tool_name: input.tool,
        tool_call_id: input.callID,
        tool_input: input.args,
        tool_response: { title: output.title, output: output.output },
      });
    },
  };
};
`;
}
