import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/**
 * Which host names a request's Host header may carry into an address the server hands out (a
 * redirect's Location, a QR code, an upload endpoint, a share link). The Host header is the
 * client's to choose: a request with `Host: evil.example.com` must not make the server point a
 * phone or a browser there. Without PUBLIC_URL, a host is taken only when it is this machine
 * (loopback, one of its own addresses) or listed in PUBLIC_HOSTS; any other falls back to this
 * machine's LAN address.
 */
export interface PublicHostPolicy {
  /** PUBLIC_URL: the console's public base URL; when set, it is the only console address. */
  publicUrl?: string | undefined;
  /** PUBLIC_HOSTS: further host names (lower case, no port, IPv6 without brackets). */
  publicHosts?: readonly string[] | undefined;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** A host name without IPv6 brackets, lower case. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export const isLoopbackName = (hostname: string) => LOOPBACK_NAMES.has(bare(hostname));

/** This machine's own addresses, read on each call (a laptop's address changes with its network). */
function ownAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) addresses.add(entry.address.replace(/%.*$/, '').toLowerCase());
  }
  return addresses;
}

/** The first non-internal IPv4 address of this machine, for QR codes a phone on the LAN can open. */
export function lanAddress(): string | undefined {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

/** Whether `hostname` (from a Host header, port already removed) may appear in an address we hand out. */
export function isAllowedHost(policy: PublicHostPolicy, hostname: string): boolean {
  const name = bare(hostname);
  if (!name) return false;
  if (LOOPBACK_NAMES.has(name)) return true;
  if (policy.publicUrl && bare(new URL(policy.publicUrl).hostname) === name) return true;
  if (policy.publicHosts?.includes(name)) return true;
  return ownAddresses().has(name);
}

/** The `hostname` of a Host header value (`name[:port]`, `[v6]:port`); undefined when malformed. */
export function hostnameOf(host: string | undefined): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec((host ?? '').trim());
  return match?.[1]?.toLowerCase();
}

/** An IPv6 address goes into a URL in brackets. */
const urlHost = (hostname: string) => (bare(hostname).includes(':') ? `[${bare(hostname)}]` : hostname);

/**
 * The host name to put in an address handed out for a request that came to `host`: the request's
 * own when allowed, else PUBLIC_URL's, else this machine's LAN address (or localhost).
 */
export function publicHostnameFor(policy: PublicHostPolicy, host: string | undefined): string {
  const hostname = hostnameOf(host);
  if (hostname && isAllowedHost(policy, hostname)) return urlHost(hostname);
  if (policy.publicUrl) return new URL(policy.publicUrl).hostname;
  return lanAddress() ?? 'localhost';
}

/**
 * The console's address as phones should use it (QR codes, the WeChat redirect, share links):
 * PUBLIC_URL when set. Else the request's own origin when its host is allowed, with a loopback host
 * (the PC browsing http://localhost:3000) replaced by this machine's LAN address so a phone on
 * the same network can open it; any other host is replaced by the LAN address on the port the
 * request really came to (the socket's, not the header's).
 */
export function publicConsoleUrl(
  policy: PublicHostPolicy,
  request: { protocol: string; host: string; localPort: number | undefined },
): string {
  if (policy.publicUrl) return policy.publicUrl;
  const hostname = hostnameOf(request.host);
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  const portOf = (port: number | undefined) => (port && port !== defaultPort ? `:${port}` : '');
  if (hostname && isAllowedHost(policy, hostname)) {
    const headerPort = Number(/:(\d{1,5})$/.exec(request.host.trim())?.[1] ?? 0) || undefined;
    const name = isLoopbackName(hostname) ? (lanAddress() ?? urlHost(hostname)) : urlHost(hostname);
    return `${request.protocol}://${name}${portOf(headerPort)}`;
  }
  return `${request.protocol}://${lanAddress() ?? 'localhost'}${portOf(request.localPort)}`;
}

/** `publicConsoleUrl` for a request: where phones should reach the console that `request` reached. */
export function publicBaseUrl(policy: PublicHostPolicy, request: FastifyRequest): string {
  return publicConsoleUrl(policy, {
    protocol: request.protocol,
    host: request.host,
    localPort: request.raw.socket?.localPort,
  });
}
