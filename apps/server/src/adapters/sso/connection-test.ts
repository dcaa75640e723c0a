import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { ConsoleSsoTestAnswer, SsoTestProblem } from '@portal/domain';

/**
 * The console's "test the connection" of a group's single sign-on (docs/design.md §15): fetches
 * the issuer's discovery document (`{issuer}/.well-known/openid-configuration`) and its key set,
 * bounded in time and size, following redirects on the same host only, and says precisely what
 * is wrong. An administrator names the address, so every connection's address is checked as it
 * is made (the lookup of the connection itself, so a name that resolves elsewhere the second time
 * is caught too): a private, loopback or link-local address is refused unless allowed.
 */

export interface IssuerRules {
  /** http:// issuers (tests, development). */
  allowHttp: boolean;
  /** Issuers at private addresses (an on-premises provider, tests, development). */
  allowPrivate: boolean;
}

export interface ConnectionTestOptions extends IssuerRules {
  timeoutMs?: number;
  maxBytes?: number;
}

/** Addresses no administrator may make this server connect to (unless allowed). */
const PRIVATE = new net.BlockList();
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether `address` is private (an IPv4-mapped IPv6 address as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

class TestFailure extends Error {
  constructor(
    readonly problem: SsoTestProblem,
    detail: string,
  ) {
    super(detail);
  }
}

/** What is wrong with an issuer's address before anything is fetched: its scheme, its host. */
export async function issuerAddressProblem(
  issuer: string,
  rules: IssuerRules,
): Promise<{ problem: 'insecure' | 'privateAddress' | 'unreachable'; host: string } | null> {
  const url = new URL(issuer);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp))
    return { problem: 'insecure', host };
  if (rules.allowPrivate) return null;
  if (net.isIP(host)) return isPrivateAddress(host) ? { problem: 'privateAddress', host } : null;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.some((a) => isPrivateAddress(a.address))
      ? { problem: 'privateAddress', host }
      : null;
  } catch {
    return { problem: 'unreachable', host };
  }
}

/** A lookup for one connection that refuses private addresses (the check cannot be raced). */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (!usable.length) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        });
        return callback(refused, '', 0);
      }
      if ((options as dns.LookupOptions).all) return callback(null, usable as never, 0);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

interface Fetched {
  status: number;
  location: string | undefined;
  body: string;
}

/** One GET, at most `maxBytes` of body, within the deadline. */
function getOnce(url: URL, opts: Required<ConnectionTestOptions>, deadline: number, what: string) {
  return new Promise<Fetched>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      return reject(
        new TestFailure('timeout', `${what} did not answer within ${opts.timeoutMs} ms`),
      );
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        headers: { accept: 'application/json' },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: remaining,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            request.destroy(
              new TestFailure('tooLarge', `${what} is larger than ${opts.maxBytes} bytes`),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(
        new TestFailure('timeout', `${what} did not answer within ${opts.timeoutMs} ms`),
      ),
    );
    request.on('error', (err) => {
      if (err instanceof TestFailure) return reject(err);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPRIVATE')
        return reject(new TestFailure('privateAddress', `${what}: ${err.message}`));
      reject(new TestFailure('unreachable', `${what} is unreachable (${code ?? err.message})`));
    });
  });
}

/** GETs `url`, following redirects on its own host only; its body as text. */
async function boundedGet(
  start: string,
  what: string,
  opts: Required<ConnectionTestOptions>,
): Promise<string> {
  const deadline = Date.now() + opts.timeoutMs;
  let current = new URL(start);
  for (let hops = 0; hops < 5; hops++) {
    const answer = await getOnce(current, opts, deadline, what);
    if (answer.status >= 300 && answer.status < 400) {
      const next = answer.location ? new URL(answer.location, current) : null;
      if (!next || next.host !== current.host || next.protocol !== current.protocol)
        throw new TestFailure(
          'redirected',
          `${what} redirects to another address (${next?.origin ?? 'nowhere'})`,
        );
      current = next;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300)
      throw new TestFailure('httpError', `${what} answered HTTP ${answer.status}`);
    return answer.body;
  }
  throw new TestFailure('redirected', `${what} redirects too many times`);
}

function jsonObject(text: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Said below.
  }
  throw new TestFailure('notJson', `${what} is not a JSON object`);
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export async function testSsoConnection(
  issuer: string,
  options: ConnectionTestOptions,
): Promise<ConsoleSsoTestAnswer> {
  const opts = {
    timeoutMs: options.timeoutMs ?? 5_000,
    maxBytes: options.maxBytes ?? 256 * 1024,
    allowHttp: options.allowHttp,
    allowPrivate: options.allowPrivate,
  };
  const found: Partial<Record<'authorization' | 'token' | 'jwks', string>> = {};
  const answer = (problem: SsoTestProblem | null, detail: string): ConsoleSsoTestAnswer => ({
    ok: problem === null,
    issuer,
    problem,
    detail,
    endpoints: Object.keys(found).length ? found : null,
  });
  const address = await issuerAddressProblem(issuer, opts);
  if (address)
    return answer(
      address.problem,
      address.problem === 'insecure'
        ? `${issuer} is not an https:// address`
        : address.problem === 'privateAddress'
          ? `${address.host} resolves to a private address`
          : `no address is known for ${address.host}`,
    );
  const discovery = `${trimSlash(issuer)}/.well-known/openid-configuration`;
  const what = `The discovery document ${discovery}`;
  try {
    const document = jsonObject(await boundedGet(discovery, what, opts), what);
    if (typeof document.issuer !== 'string' || trimSlash(document.issuer) !== trimSlash(issuer))
      throw new TestFailure(
        'issuerMismatch',
        `The discovery document names the issuer ${JSON.stringify(document.issuer ?? null)}, not ${issuer}`,
      );
    const endpoints = {
      authorization: document.authorization_endpoint,
      token: document.token_endpoint,
      jwks: document.jwks_uri,
    };
    const missing: string[] = [];
    for (const [key, value] of Object.entries(endpoints))
      if (typeof value === 'string' && value) found[key as keyof typeof found] = value;
      else missing.push(`${key === 'jwks' ? 'jwks_uri' : `${key}_endpoint`}`);
    if (missing.length)
      throw new TestFailure(
        'missingEndpoints',
        `The discovery document has no ${missing.join(', ')}`,
      );
    try {
      const keys = jsonObject(
        await boundedGet(found.jwks!, `The keys ${found.jwks}`, opts),
        `The keys ${found.jwks}`,
      );
      if (!Array.isArray(keys.keys) || keys.keys.length === 0)
        throw new TestFailure('jwksUnreachable', `The keys at ${found.jwks} hold no key`);
    } catch (err) {
      if (!(err instanceof TestFailure)) throw err;
      throw new TestFailure(
        err.problem === 'privateAddress' ? 'privateAddress' : 'jwksUnreachable',
        err.message,
      );
    }
    return answer(null, `${issuer} answers as an OpenID provider should`);
  } catch (err) {
    if (!(err instanceof TestFailure)) throw err;
    return answer(err.problem, err.message);
  }
}
