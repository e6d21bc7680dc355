import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults for a first start', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.resolve('./data'),
      productName: 'Vetboard',
      seedDemo: true,
      publicUrl: 'http://127.0.0.1:3000',
      passwordHashCost: 'standard',
    });
    expect(config.callsUrl).toMatch(/^https:\/\//);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('stops the start with a message naming each bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', CALLS_URL: 'not a url' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'CALLS_URL']) expect(message).toContain(name);
    }
  });

  it('resolves a relative DATA_DIR against the directory npm was started from', () => {
    expect(parseConfig({ DATA_DIR: 'data', INIT_CWD: '/srv/vetboard' }).dataDir).toBe('/srv/vetboard/data');
    expect(parseConfig({ DATA_DIR: '/var/lib/vetboard', INIT_CWD: '/srv/vetboard' }).dataDir).toBe(
      '/var/lib/vetboard',
    );
  });

  it('reads PRODUCT_NAME, CALLS_URL, SEED_DEMO=false and treats empty values as unset', () => {
    const config = parseConfig({
      PRODUCT_NAME: 'Pawdoc',
      CALLS_URL: 'https://calls.example/x',
      SEED_DEMO: 'false',
      PORT: '',
    });
    expect(config).toMatchObject({
      productName: 'Pawdoc',
      callsUrl: 'https://calls.example/x',
      seedDemo: false,
      port: 3000,
    });
  });

  it('reads SEED_SCALE as a whole number from 1 to 100, 1 by default', () => {
    expect(parseConfig({}).seedScale).toBe(1);
    expect(parseConfig({ SEED_SCALE: '10' }).seedScale).toBe(10);
    for (const bad of ['0', '101', '2.5', 'ten']) {
      expect(() => parseConfig({ SEED_SCALE: bad }), bad).toThrow(
        /SEED_SCALE: must be a whole number from 1 to 100/,
      );
    }
  });

  it('refuses a demo password shorter than the password rule', () => {
    expect(() => parseConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
  });
});
