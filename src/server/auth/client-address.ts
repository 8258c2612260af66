import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config.ts';

/**
 * TRUST_PROXY as Fastify takes it. A count of hops trusts the nearest n peers, whatever their
 * address (Fastify itself refuses counts, because a client that reaches the server directly then
 * writes its own address: docs/OPERATIONS.md says to let only the proxy reach it).
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The longest text form of an IP address: an IPv6 address ending in an IPv4 one. */
export const MAX_ADDRESS_LENGTH = 45;

/**
 * The client's address as the throttles count it and sessions keep it. What a trusted proxy wrote
 * is believed; anything that is not an address (a proxy misconfigured, or a header forged past a
 * count of hops) falls back to the peer that sent the request, so that no header can make the
 * address long or choose it freely.
 */
export function clientAddress(request: FastifyRequest): string {
  if (isAddress(request.ip)) return request.ip;
  const peer = request.socket.remoteAddress;
  return peer !== undefined && isAddress(peer) ? peer : 'unknown';
}

function isAddress(text: string): boolean {
  return text.length <= MAX_ADDRESS_LENGTH && isIP(text) !== 0;
}
