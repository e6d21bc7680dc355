import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('CSV cells', () => {
  it('quote a cell holding a comma, a semicolon, a quote or a line break, whatever the locale’s separator', () => {
    expect(csvField('Smith, Anna')).toBe('"Smith, Anna"');
    expect(csvField(';Anna')).toBe('";Anna"');
    expect(csvField('Anna;Bob')).toBe('"Anna;Bob"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('Anna')).toBe('Anna');
  });

  it('neutralise a cell a spreadsheet would run as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
  });

  it('write a line of cells, empty for nothing, ISO for a date', () => {
    expect(csvLine(['a;b', null, new Date('2026-12-02T10:00:00Z'), 3])).toBe(
      '"a;b",,2026-12-02T10:00:00.000Z,3\r\n',
    );
  });
});
