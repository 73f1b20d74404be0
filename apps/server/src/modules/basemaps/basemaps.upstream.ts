import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** What a map provider answered: a tile, nothing there (204/404), or something we refuse. */
export type UpstreamTile =
  { kind: 'tile'; body: Buffer; type: string } | { kind: 'none' } | { kind: 'bad'; reason: string };

const MAX_TILE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const TILE_TYPES = /^(image\/|application\/(x-protobuf|vnd\.mapbox-vector-tile))/;

/** Addresses an administrator's provider may not be at: this machine and the networks around it. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is. (A
  // rule for ::ffff:0:0/96 would not do: the block list matches every IPv4 address against it.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that refuses private addresses, used as the connection's own lookup: the address
 * checked is the address connected to, so a name that resolves elsewhere later changes nothing.
 */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const denied: NodeJS.ErrnoException = new Error(`${hostname} is not a public address`);
      denied.code = 'EPUBLICONLY';
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
}

/**
 * One tile from a provider: no redirects (a provider moved is a setting to change, not a hop to
 * follow), at most 5 MB, an image or vector tile only. `publicOnly` connects to public internet
 * addresses only (an administrator's provider); services set up with the council may be local.
 */
export function fetchUpstreamTile(url: string, options: { publicOnly: boolean }): Promise<UpstreamTile> {
  return new Promise((resolve) => {
    let address: URL;
    try {
      address = new URL(url);
    } catch {
      return resolve({ kind: 'bad', reason: 'not an address' });
    }
    if (options.publicOnly && address.protocol !== 'https:')
      return resolve({ kind: 'bad', reason: 'not https' });
    const send = address.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      address,
      {
        method: 'GET',
        headers: { accept: 'image/*,application/x-protobuf,application/vnd.mapbox-vector-tile' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(options.publicOnly ? { lookup: publicLookup } : {}),
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status === 404 || status === 204) {
          response.resume();
          return resolve({ kind: 'none' });
        }
        const type = String(response.headers['content-type'] ?? '');
        if (status !== 200 || !TILE_TYPES.test(type)) {
          response.resume();
          return resolve({ kind: 'bad', reason: `answered ${status} ${type}` });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_TILE_BYTES) {
            response.destroy();
            return resolve({ kind: 'bad', reason: 'tile too large' });
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ kind: 'tile', body: Buffer.concat(chunks), type }));
        response.on('error', (error) => resolve({ kind: 'bad', reason: String(error) }));
      },
    );
    request.on('error', (error) => resolve({ kind: 'bad', reason: String(error) }));
    request.end();
  });
}
