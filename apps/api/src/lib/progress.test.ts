import { describe, expect, it } from 'vitest';
import { formatProgress, progressReporter } from './progress.ts';

describe('the start-up progress line', () => {
  it('says the step, a bar with the share done, the rows so far and the time since start', () => {
    expect(
      formatProgress({ step: 'Seeding a year of collar readings', rows: 512_340, fraction: 0.5 }, 12_345),
    ).toBe('Seeding a year of collar readings  [############............] 50%  512,340 rows  12.3 s');
    expect(formatProgress({ step: 'Migrating the database' }, 800)).toBe('Migrating the database  0.8 s');
  });

  it('in a log (not a terminal) writes a line per step and per tenth of the bar, not per batch', () => {
    const lines: string[] = [];
    let clock = 0;
    const report = progressReporter({ write: (text: string) => lines.push(text) }, () => clock);
    report({ step: 'Migrating the database' });
    for (let batch = 0; batch <= 100; batch += 1) {
      clock += 100;
      report({ step: 'Seeding a year of collar readings', rows: batch * 1000, fraction: batch / 100 });
    }
    report.done();
    expect(lines).toHaveLength(1 + 11);
    expect(lines[0]).toBe('Migrating the database  0.0 s\n');
    expect(lines.at(-1)).toBe(
      'Seeding a year of collar readings  [########################] 100%  100,000 rows  10.1 s\n',
    );
  });

  it('on a terminal redraws one line per step in place', () => {
    let output = '';
    let clock = 0;
    const report = progressReporter({ write: (text: string) => (output += text), isTTY: true }, () => clock);
    report({ step: 'Seeding diets' });
    clock += 500;
    report({ step: 'Seeding diets', rows: 10 });
    report.done();
    expect(output.split('\n')).toHaveLength(2);
    expect(output).toContain('\r\u001b[2KSeeding diets  10 rows  0.5 s');
  });
});
