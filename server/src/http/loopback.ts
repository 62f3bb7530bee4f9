import type { FastifyRequest } from 'fastify';
import { hostnameOf, isLoopbackName } from './public-origin.ts';

/** Socket addresses of this machine (IPv4, IPv6, IPv4 mapped into IPv6). */
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: their presence means the request came from elsewhere through it. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip'];

/**
 * A loopback host name (`localhost`, `127.0.0.1`, `[::1]`, any port). Also the judgement of
 * whether a browser is on this machine when the host is all there is to go by.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  const name = hostnameOf(host);
  return name !== undefined && isLoopbackName(name);
}

/**
 * A request made on this machine to this machine, not through a proxy: the socket's own address
 * is loopback (trustProxy does not apply), no forwarding header says it came from elsewhere, and
 * the Host header names the machine itself. The last one stops DNS rebinding: a page of
 * evil.example.com whose name was re-pointed at 127.0.0.1 reaches us from a loopback socket, but
 * its browser still sends `Host: evil.example.com`.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return (
    LOOPBACK_ADDRESSES.has(address) &&
    !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined) &&
    isLoopbackHost(request.headers.host)
  );
}
