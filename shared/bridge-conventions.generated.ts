// Generated from the dialects' manifests (shared/dialects.ts), in their order: what `hookpanel emit`
// reads of a dialect before it sends. Do not edit: test/unit/bridge-conventions.test.ts fails when this
// is stale and rewrites it when run with UPDATE_GENERATED=1.
export const BRIDGE_CONVENTIONS = {
  arya: { payloadEnv: 'POLISH_HOOK_PAYLOAD', answerFileEnv: null },
  io: { payloadEnv: null, answerFileEnv: null },
  chrys: { payloadEnv: null, answerFileEnv: 'CHRYS_HOOK_RESULT' },
  pw: { payloadEnv: null, answerFileEnv: null },
  claude: { payloadEnv: null, answerFileEnv: null },
  codex: { payloadEnv: null, answerFileEnv: null },
  gemini: { payloadEnv: null, answerFileEnv: null },
  opencode: { payloadEnv: null, answerFileEnv: null },
  qwen: { payloadEnv: null, answerFileEnv: null },
  copilot: { payloadEnv: null, answerFileEnv: null },
  droid: { payloadEnv: null, answerFileEnv: null },
} as const;
