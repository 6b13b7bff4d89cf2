/*
 * The addresses a fetch from untrusted content must not reach: the machine
 * itself, the networks beside it, cloud metadata services and everything
 * that is not a public unicast address (IANA's special-purpose registries,
 * RFC 6890 and its updates). Matched with Node's BlockList, which also
 * matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4
 * rules; IPv4 carried inside NAT64 and 6to4 addresses is checked against the
 * same IPv4 rules here.
 */
import { BlockList, isIP } from 'node:net';

type Rule = readonly [network: string, prefix: number, what: string];

const IPV4: readonly Rule[] = [
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['169.254.0.0', 16, 'link-local (where cloud metadata services answer)'],
  ['100.64.0.0', 10, 'shared address space (carrier-grade NAT)'],
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved (and broadcast)'],
  ['192.0.0.0', 24, 'reserved for protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['192.88.99.0', 24, 'reserved (6to4 relay)'],
];

const IPV6: readonly Rule[] = [
  ['::1', 128, 'loopback'],
  ['::', 128, 'unspecified'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['fc00::', 7, 'unique-local (private)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001:db8::', 32, 'documentation'],
  ['2001::', 23, 'reserved for protocol assignments (Teredo, benchmarking)'],
  ['3fff::', 20, 'documentation'],
];

/** The IPv6 forms that carry an IPv4 address: its prefix length, and the IPv6 network of an IPv4 one (hi, lo: its two halves in hex). */
const CARRIERS = [
  { name: 'NAT64', bits: 96, network: (hi: string, lo: string) => `64:ff9b::${hi}:${lo}` },
  { name: '6to4', bits: 16, network: (hi: string, lo: string) => `2002:${hi}:${lo}::` },
] as const;

function halves(v4: string): [string, string] {
  const n = v4.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
  return [(n >>> 16).toString(16), (n & 0xffff).toString(16)];
}

interface Check {
  list: BlockList;
  what: string;
}

function build(rules: readonly Rule[], family: 'ipv4' | 'ipv6'): Check[] {
  return rules.map(([network, prefix, what]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, what };
  });
}

const V4_CHECKS = build(IPV4, 'ipv4');
const V6_CHECKS = build(IPV6, 'ipv6');
// The IPv4 rules inside each carrier: 64:ff9b::7f00:1 is 127.0.0.1 by another road.
const CARRIED_CHECKS: Check[] = CARRIERS.flatMap((c) =>
  IPV4.map(([network, prefix, what]) => {
    const list = new BlockList();
    list.addSubnet(c.network(...halves(network)), c.bits + prefix, 'ipv6'); // spread-ok: two halves
    return { list, what: `${what}, inside a ${c.name} address` };
  }),
);

/**
 * Why `address` (an IP address as text, no brackets) may not be fetched from
 * content, or null when it is a public unicast address. A string that is no
 * IP address is refused too: callers pass what a resolver returned.
 */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return V4_CHECKS.find((c) => c.list.check(address, 'ipv4'))?.what ?? null;
  if (family !== 6) return 'not an IP address';
  // IPv4-mapped addresses (::ffff:a.b.c.d) are matched against the IPv4 rules by BlockList itself.
  for (const c of V4_CHECKS) if (c.list.check(address, 'ipv6')) return c.what;
  for (const c of V6_CHECKS) if (c.list.check(address, 'ipv6')) return c.what;
  for (const c of CARRIED_CHECKS) if (c.list.check(address, 'ipv6')) return c.what;
  return null;
}
