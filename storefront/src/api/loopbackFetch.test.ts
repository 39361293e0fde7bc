// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { API_MAX_SOCKETS, apiAgent, loopbackFetch } from './loopbackFetch';

/** A local HTTP server that counts the connections it was opened and the most open at once. */
async function countingServer(delayMs: number) {
  const seen = { connections: 0, open: 0, mostOpen: 0, hosts: new Set<string>() };
  const server = http.createServer((request, response) => {
    seen.hosts.add(request.headers.host ?? '');
    setTimeout(() => response.end(JSON.stringify({ path: request.url })), delayMs);
  });
  server.on('connection', (socket) => {
    seen.connections += 1;
    seen.open += 1;
    seen.mostOpen = Math.max(seen.mostOpen, seen.open);
    socket.on('close', () => (seen.open -= 1));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, seen, url };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("the renderer's connections to the API", () => {
  it('are at most 50 at once, however many calls are waiting', async () => {
    const { server, seen, url } = await countingServer(20);
    servers.push(server);
    const agent = apiAgent();
    const fetch = loopbackFetch(agent);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, index) => fetch(`${url}/api/${index}`, { headers: { host: 'www.hoefslag.nl' } })));
    expect(API_MAX_SOCKETS).toBe(50);
    expect(await Promise.all(answers.slice(0, 2).map((answer) => answer.json()))).toEqual([{ path: '/api/0' }, { path: '/api/1' }]);
    expect(seen.mostOpen).toBe(50);
    expect(seen.connections).toBe(50);
    expect([...seen.hosts]).toEqual(['www.hoefslag.nl']);
    agent.destroy();
  });

  it('are kept open and used again for the next calls', async () => {
    const { server, seen, url } = await countingServer(0);
    servers.push(server);
    const agent = apiAgent();
    const fetch = loopbackFetch(agent);
    for (let call = 0; call < 10; call += 1) expect((await fetch(`${url}/api/site`, {})).status).toBe(200);
    expect(seen.connections).toBe(1);
    agent.destroy();
  });
});
