import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { openEventStream } from '../../../../test/sse-client.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { PetRow } from '../../core/pets/pets.table.ts';
import { domainEvents } from './events.table.ts';

const context = useTestApp();
let app: TestApp;
let base: string;
let ownCookie: string;
let b2bCookie: string;
let companyPet: PetRow;
let otherPet: PetRow;
const streams: Array<{ close(): void }> = [];

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

beforeAll(async () => {
  app = context.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const company = await createCompany(app.database.db);
  const own = await createTestVet(app, { kind: 'head' });
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  ownCookie = cookieHeader(await loginAs(app, own.email));
  b2bCookie = cookieHeader(await loginAs(app, b2b.email));
  const customers = await createFamily(app.database.db, { owner: { b2bCode: company.sku } });
  companyPet = await createPet(app.database.db, { familyId: customers.family.id, name: 'Biscuit' });
  const others = await createFamily(app.database.db);
  otherPet = await createPet(app.database.db, { familyId: others.family.id, name: 'Nala' });
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function open(cookie: string | undefined, lastEventId?: number) {
  const stream = await openEventStream(`${base}/v1/events`, { cookie, lastEventId });
  streams.push(stream);
  if (stream.status === 200) await stream.opened();
  return stream;
}

function rename(pet: PetRow, name: string, cookie = ownCookie) {
  return fetch(`${base}/v1/pets/${pet.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name }),
  });
}

describe('live updates over GET /v1/events', () => {
  it('answers 401 without a session', async () => {
    const stream = await open(undefined);
    expect(stream.status).toBe(401);
  });

  it('streams a pet edit to a vet allowed to see the pet, as text/event-stream with the event id', async () => {
    const stream = await open(ownCookie);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect((await rename(otherPet, 'Nala Rose')).status).toBe(200);
    const event = await stream.waitFor((e) => e.type === 'pet.edited' && e.petUuid === otherPet.id);
    expect(event).toMatchObject({ type: 'pet.edited', entity: 'pet', id: otherPet.id, petUuid: otherPet.id });
    expect(event?.actor.type).toBe('vet');
    const [row] = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.seq, event?.seq ?? -1));
    expect(row?.type).toBe('pet.edited');
  });

  it("tells a B2B vet about their company's pets only", async () => {
    const b2b = await open(b2bCookie);
    const own = await open(ownCookie);
    expect((await rename(otherPet, 'Nala')).status).toBe(200);
    expect((await rename(companyPet, 'Biscuit Jr')).status).toBe(200);
    expect(await b2b.waitFor((e) => e.petUuid === companyPet.id)).toBeDefined();
    expect(await own.waitFor((e) => e.petUuid === companyPet.id)).toBeDefined();
    expect(own.events.some((e) => e.petUuid === otherPet.id)).toBe(true);
    expect(b2b.events.some((e) => e.petUuid === otherPet.id)).toBe(false);
    expect(b2b.events.every((e) => e.companySku !== null)).toBe(true);
  });

  it('publishes nothing for a refused change', async () => {
    const stream = await open(ownCookie);
    const before = await app.database.db.select().from(domainEvents);
    const refused = await fetch(`${base}/v1/pets/${otherPet.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: ownCookie },
      body: JSON.stringify({ name: '' }),
    });
    expect(refused.status).toBe(400);
    expect(await stream.waitFor(() => true, 300)).toBeUndefined();
    expect(await app.database.db.select().from(domainEvents)).toHaveLength(before.length);
  });

  it('resumes after Last-Event-ID with what was missed while disconnected', async () => {
    const first = await open(ownCookie);
    expect((await rename(otherPet, 'Nala One')).status).toBe(200);
    const seen = await first.waitFor((e) => e.petUuid === otherPet.id);
    first.close();
    expect((await rename(otherPet, 'Nala Two')).status).toBe(200);
    expect((await rename(otherPet, 'Nala Three')).status).toBe(200);
    const resumed = await open(ownCookie, seen?.seq);
    const deadline = Date.now() + 3_000;
    while (resumed.events.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(resumed.events.map((e) => e.type)).toEqual(['pet.edited', 'pet.edited']);
    expect(resumed.events.every((e) => e.seq > (seen?.seq ?? 0))).toBe(true);
  });
});
