// What `remote add` says the bridge will use on a machine, from what its probe found there: curl where
// it can reach a Unix socket (7.40 and later), else Node, else nothing (electron/host/remote/install.ts).
import { describe, expect, test } from 'vitest';
import { curlReachesSockets, toolsInWords, type RemoteFacts } from '../../electron/host/remote/install.js';

const facts = (over: Partial<RemoteFacts>): RemoteFacts => ({
  home: '/home/dev',
  curl: null,
  curlVersion: null,
  node: null,
  folderExists: false,
  ...over,
});

describe('curlReachesSockets', () => {
  test('--unix-socket came with curl 7.40', () => {
    expect(['7.29.0', '7.39.0', '6.5.2'].map(curlReachesSockets)).toEqual([false, false, false]);
    expect(['7.40.0', '7.88.1', '8.5.0', '10.0'].map(curlReachesSockets)).toEqual([true, true, true, true]);
  });

  test('a version not given or not read is taken as able: the bridge finds out at its first call', () => {
    expect([null, '', 'DEV', '7'].map(curlReachesSockets)).toEqual([true, true, true, true]);
  });
});

describe('toolsInWords', () => {
  test('a curl that reaches sockets is used, its version named', () => {
    expect(toolsInWords(facts({ curl: '/usr/bin/curl', curlVersion: '7.88.1', node: '/usr/bin/node' }))).toBe(
      'curl is there (/usr/bin/curl, 7.88.1).',
    );
    expect(toolsInWords(facts({ curl: '/usr/bin/curl' }))).toBe('curl is there (/usr/bin/curl).');
  });

  test('an older curl: Node is used where it is there, and the words say why', () => {
    expect(
      toolsInWords(facts({ curl: '/usr/bin/curl', curlVersion: '7.29.0', node: '/usr/local/bin/node' })),
    ).toBe(
      'curl 7.29.0 is there (/usr/bin/curl) but cannot reach a local socket (7.40 or later can); Node is (/usr/local/bin/node), so the bridge uses it.',
    );
    expect(toolsInWords(facts({ curl: '/usr/bin/curl', curlVersion: '7.29.0' }))).toBe(
      'curl 7.29.0 is there (/usr/bin/curl) but cannot reach a local socket (7.40 or later can), and Node is not there: until one of them is installed the bridge always answers "no decision".',
    );
  });

  test('no curl: Node, or nothing', () => {
    expect(toolsInWords(facts({ node: '/usr/bin/node' }))).toBe(
      'curl is not there; Node is (/usr/bin/node), so the bridge uses it.',
    );
    expect(toolsInWords(facts({}))).toBe(
      'Neither curl nor Node is there: until one is installed the bridge always answers "no decision".',
    );
  });
});
