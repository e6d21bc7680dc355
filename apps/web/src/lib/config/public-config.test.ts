import { defaultPublicConfig } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { parsePublicConfig, readPublicConfig } from './public-config.ts';

describe('parsePublicConfig', () => {
  it('reads the injected JSON', () => {
    expect(parsePublicConfig('{"productName":"Pawsome","callsUrl":"https://calls.example/x"}')).toEqual({
      productName: 'Pawsome',
      callsUrl: 'https://calls.example/x',
      apiBaseUrl: '/',
    });
  });

  it.each([null, '', '%VETBOARD_CONFIG%', '{"productName":""}', '[]'])(
    'falls back to the defaults for %j',
    (raw) => {
      expect(parsePublicConfig(raw)).toEqual(defaultPublicConfig);
    },
  );

  it('reads the meta tag, unescaping the HTML attribute', () => {
    document.head.innerHTML =
      '<meta name="vetboard-config" content="{&quot;productName&quot;:&quot;A &amp; B&quot;,&quot;callsUrl&quot;:&quot;https://c.example&quot;,&quot;apiBaseUrl&quot;:&quot;/api/&quot;}">';
    expect(readPublicConfig(document)).toEqual({
      productName: 'A & B',
      callsUrl: 'https://c.example',
      apiBaseUrl: '/api/',
    });
  });
});
