import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let petId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  // A home far from UTC, so a time printed in UTC (or the server's zone) cannot pass for the pet's.
  const { family } = await createFamily(db, {
    owner: {
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya.okafor@example.test',
      phone: '+1 212 555 0147',
      city: 'New York',
      country: 'United States',
      timezone: 'America/New_York',
    },
  });
  petId = (
    await createPet(db, {
      familyId: family.id,
      name: 'Pippin',
      species: 'cat',
      sex: 'female',
      neutered: true,
      birthDate: '2016-02-29',
      microchip: '985112009876543',
    })
  ).id;
});

describe('a clinical document’s PDF', () => {
  it('names the patient, the owner and the sender, and the signing time in the pet’s zone', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/clinical-documents`,
      cookies,
      payload: { kind: 'report', template: 'consultation' },
    });
    const uuid = created.json().clinicalDocument.uuid;
    const signed = await app.inject({ method: 'POST', url: `/v1/clinical-documents/${uuid}/sign`, cookies });
    expect(signed.statusCode).toBe(200);
    const signedAt = new Date(signed.json().clinicalDocument.signedAt.seconds * 1000);

    const pdf = await app.inject({ method: 'GET', url: `/v1/clinical-documents/${uuid}/pdf`, cookies });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // pdf.js splits runs of digits and punctuation; compare without spaces where numbers are read.
    const tight = text.replace(/ /g, '');

    expect(text).toContain('Vetboard');
    expect(text).toContain('Remote veterinary service · United Kingdom');
    for (const value of [
      'Pippin',
      'Cat',
      'Domestic Shorthair',
      'Female, spayed',
      'Maya Okafor',
      'New York, United States',
    ])
      expect(text).toContain(value);
    expect(tight).toContain('985112009876543');
    expect(tight).toContain('maya.okafor@example.test');
    expect(tight).toContain('+12125550147');
    // A 29 February birthday, in the app's DD/MM/YYYY, with the age when it was signed.
    expect(tight).toMatch(/Born29\/02\/2016\(\d+years(\d+months?)?atsigning\)/);

    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(signedAt)
      .replace(',', '');
    expect(tight).toContain(`Signedat${local.replace(/ /g, '')}(America/New_York)`);
    expect(text).not.toContain('UTC');
  });
});
