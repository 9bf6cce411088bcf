import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { eventStreams } from './event-streams';

describe('event streams', () => {
  it('sends the first frame and later ones, and ends open streams (unsubscribed) when the server closes', async () => {
    const app = Fastify();
    const stream = eventStreams(app);
    const writers = new Set<(frame: string) => void>();
    app.get('/events', async (request, reply) => {
      await stream(request, reply, (write) => {
        writers.add(write);
        return { frame: 'data: first\n\n', unsubscribe: () => writers.delete(write) };
      });
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${url}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error('no body');
    let received = '';
    while (!received.includes('data: first')) received += (await reader.read()).value ?? '';
    expect(received).toBe('retry: 2000\n\ndata: first\n\n');
    for (const write of writers) write('data: second\n\n');
    received = '';
    while (!received.includes('data: second')) received += (await reader.read()).value ?? '';
    await app.close();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(writers.size).toBe(0);
  });
});
