import { describe, expect, it } from 'vitest';
import { forbiddenAddress } from './address-ranges';

/** The address a URL's host names, as the fetcher sees it: the WHATWG parser's normal form, brackets off. */
const hostOf = (spelling: string) => new URL(`http://${spelling}/`).hostname.replace(/^\[(.*)\]$/, '$1');

describe('forbiddenAddress', () => {
  it('refuses loopback in every numeric spelling of IPv4', () => {
    const spellings = [
      '127.0.0.1',
      '127.0.0.2',
      '2130706433', // decimal
      '2130706434',
      '0x7f000001', // hex, whole
      '0x7f.1', // hex, short form
      '0x7F.0.0.0x2',
      '0177.0.0.1', // octal
      '017700000001',
      '127.1', // short forms
      '127.0.1',
      '127.0.0.1.', // trailing dot
      '%31%32%37.0.0.1', // percent-encoded
      '１２７.0.0.1', // full-width digits
      '127。0。0。1', // ideographic full stops
    ];
    for (const s of spellings) expect([s, hostOf(s), forbiddenAddress(hostOf(s))]).toEqual([s, hostOf(s), 'loopback']);
    expect(hostOf('0x7f.1')).toBe('127.0.0.1');
    expect(hostOf('2130706434')).toBe('127.0.0.2');
  });

  it('refuses private, link-local (metadata), shared, unspecified, multicast and reserved IPv4', () => {
    expect(
      [
        '10.0.0.1',
        '172.16.5.4',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '0',
        '224.0.0.1',
        '239.255.255.250',
        '255.255.255.255',
        '240.0.0.1',
        '192.0.2.1',
        '198.18.0.1',
      ].map((s) => [s, forbiddenAddress(hostOf(s))]),
    ).toEqual([
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local (where cloud metadata services answer)'],
      ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
      ['0.0.0.0', 'unspecified ("this network")'],
      ['0', 'unspecified ("this network")'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'reserved (and broadcast)'],
      ['240.0.0.1', 'reserved (and broadcast)'],
      ['192.0.2.1', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
    ]);
  });

  it('refuses IPv6 loopback, unspecified, mapped and embedded IPv4, link-local, unique-local and multicast', () => {
    expect(
      [
        '[::1]',
        '[0:0:0:0:0:0:0:1]',
        '[::]',
        '[::ffff:127.0.0.1]',
        '[::ffff:7f00:2]',
        '[0:0:0:0:0:ffff:169.254.169.254]',
        '[::ffff:10.1.2.3]',
        '[::127.0.0.1]',
        '[64:ff9b::127.0.0.1]',
        '[64:ff9b::a9fe:a9fe]',
        '[2002:7f00:1::]',
        '[2002:c0a8:101::1]',
        '[fe80::1]',
        '[febf::1]',
        '[fc00::1]',
        '[fd12:3456::1]',
        '[ff02::1]',
        '[ff05::2]',
        '[fec0::1]',
        '[2001:db8::1]',
        '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      ].map((s) => [s, forbiddenAddress(hostOf(s))]),
    ).toEqual([
      ['[::1]', 'loopback'],
      ['[0:0:0:0:0:0:0:1]', 'loopback'],
      ['[::]', 'unspecified'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['[::ffff:7f00:2]', 'loopback'],
      ['[0:0:0:0:0:ffff:169.254.169.254]', 'link-local (where cloud metadata services answer)'],
      ['[::ffff:10.1.2.3]', 'private'],
      ['[::127.0.0.1]', 'IPv4-compatible (deprecated)'],
      ['[64:ff9b::127.0.0.1]', 'loopback, inside a NAT64 address'],
      ['[64:ff9b::a9fe:a9fe]', 'link-local (where cloud metadata services answer), inside a NAT64 address'],
      ['[2002:7f00:1::]', 'loopback, inside a 6to4 address'],
      ['[2002:c0a8:101::1]', 'private, inside a 6to4 address'],
      ['[fe80::1]', 'link-local'],
      ['[febf::1]', 'link-local'],
      ['[fc00::1]', 'unique-local (private)'],
      ['[fd12:3456::1]', 'unique-local (private)'],
      ['[ff02::1]', 'multicast'],
      ['[ff05::2]', 'multicast'],
      ['[fec0::1]', 'site-local (deprecated)'],
      ['[2001:db8::1]', 'documentation'],
      ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'reserved for protocol assignments (Teredo, benchmarking)'],
    ]);
  });

  it('lets public unicast addresses through, in either family and through NAT64', () => {
    for (const s of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '169.255.0.1',
      '[2606:4700:4700::1111]',
      '[2a00:1450:4001::200e]',
      '[::ffff:8.8.8.8]',
      '[64:ff9b::808:808]',
      '[2002:808:808::1]',
    ])
      expect([s, forbiddenAddress(hostOf(s))]).toEqual([s, null]);
  });

  it('refuses what is no IP address', () => {
    expect(forbiddenAddress('example.com')).toBe('not an IP address');
    expect(forbiddenAddress('')).toBe('not an IP address');
  });
});
