import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('the key an address is throttled under', () => {
  it('counts an IPv4 address on its own, also when a dual-stack socket reports it mapped', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.8')).not.toBe(addressKey('192.0.2.7'));
  });

  it('counts every IPv6 address of one /64 as one, however it is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0000:0000:0000:abcd',
      '2001:db8:1:2:a:b:1.2.3.4',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells neighbouring /64s apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
