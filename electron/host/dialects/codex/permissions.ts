// Codex's PermissionRequest has Claude Code's payload and answer shapes and the same "moved on"
// events (docs/agents/permission-requests.md); "no decision" must be exit 0 with nothing on stdout,
// since exit 2 would deny. Its "always" is Hookpanel writing Codex's own prefix rule.
import type { AgentPermissions } from '../../permissions/agent-permissions.js';
import { claudeShapedRequests } from '../claude/permissions.js';
import { codexAlways } from './always-allow.js';

export const permissions: AgentPermissions = { ...claudeShapedRequests, always: codexAlways };
