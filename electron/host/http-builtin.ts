// node:http, loaded with require() rather than `import`. Node 22 and later build an ES module's view of
// a builtin by reading every one of its exports, and node:http's WebSocket, MessageEvent and CloseEvent
// are getters that load undici: `import … from 'node:http'` cost each `hookpanel emit` some 110 ms of
// CPU on Node 24 (Electron 41's), a require() 9 (https://github.com/nodejs/node/issues/59686).
import { createRequire } from 'node:module';

const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export const { createServer, request } = http;
