import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.ts';

const at = (hour: number) => new Date(2024, 0, 1, hour, 30);

describe('greetingFor', () => {
  it.each([
    [5, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
    [2, 'Good evening'],
  ])('%i h → %s', (hour, greeting) => {
    expect(greetingFor(at(hour))).toBe(greeting);
  });
});
