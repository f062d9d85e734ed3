import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey: whom a per-address limit counts', () => {
  it('keeps an IPv4 address as it is, and an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:0:0:0:99', '2001:db8:1:2::a:b%eth0', '2001:db8:1:2::192.0.2.1']) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else alone (no address: an empty key)', () => {
    expect(clientKey(undefined)).toBe('');
    expect(clientKey('not-an-address')).toBe('not-an-address');
  });
});
