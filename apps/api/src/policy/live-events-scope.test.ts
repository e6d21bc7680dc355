import { describe, expect, it } from 'vitest';
import { systemActor, vetActor } from './actor.ts';
import { mayHearOf } from './scope.ts';

const vet = (kind: 'regular' | 'head' | 'b2b' | 'partner' | 'undefined', companySku: string | null) =>
  vetActor({ id: '00000000-0000-4000-8000-000000000001', kind, companySku }, null);

describe('who hears of a change on the live stream', () => {
  it("the product's own vets and jobs hear of every company's changes and of the product's own", () => {
    for (const actor of [
      vet('regular', null),
      vet('head', null),
      vet('undefined', null),
      systemActor('job'),
    ]) {
      expect(mayHearOf(actor, null)).toBe(true);
      expect(mayHearOf(actor, 'PAWSURE')).toBe(true);
    }
  });

  it("a B2B vet or partner hears only of their own company's changes", () => {
    for (const kind of ['b2b', 'partner'] as const) {
      const actor = vet(kind, 'PAWSURE');
      expect(mayHearOf(actor, 'PAWSURE')).toBe(true);
      expect(mayHearOf(actor, 'HAPPYTAILS')).toBe(false);
      expect(mayHearOf(actor, null)).toBe(false);
    }
  });

  it('a company vet whose account has no company hears nothing', () => {
    expect(mayHearOf(vet('b2b', null), null)).toBe(false);
    expect(mayHearOf(vet('partner', null), 'PAWSURE')).toBe(false);
  });
});
