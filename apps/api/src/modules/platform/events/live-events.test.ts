import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { openEventStream } from '../../../../test/sse-client.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { sessions } from '../../core/auth/auth.table.ts';
import type { PetRow } from '../../core/pets/pets.table.ts';
import { SESSION_RECHECK_MS } from './events.streams.ts';
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

describe('a live stream ends with its session (issue #47, point 7)', () => {
  async function freshVet() {
    const vet = await createTestVet(app, { kind: 'regular' });
    return { vet, cookie: cookieHeader(await loginAs(app, vet.email)) };
  }

  it('ends at once when the vet logs out, and the cookie opens no new one', async () => {
    const { cookie } = await freshVet();
    const stream = await open(cookie);
    expect(stream.status).toBe(200);
    const logout = await fetch(`${base}/v1/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(await stream.ended(3_000)).toBe(true);
    expect((await open(cookie)).status).toBe(401);
  });

  it('ends every stream of a vet a head vet disables, and hears nothing after', async () => {
    const { vet, cookie } = await freshVet();
    const first = await open(cookie);
    const second = await open(cookie);
    const disabled = await fetch(`${base}/v1/vets/${vet.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: ownCookie },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    expect(await first.ended(3_000)).toBe(true);
    expect(await second.ended(3_000)).toBe(true);
    expect((await rename(otherPet, 'Nala After')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...first.events, ...second.events].some((e) => e.type === 'pet.edited')).toBe(false);
  });

  it('ends within the recheck interval when another server process revokes the session', async () => {
    const { vet, cookie } = await freshVet();
    const stream = await open(cookie);
    // Straight in the table, as another process would: this process is not told.
    await app.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(sessions.vetId, vet.id));
    expect(await stream.ended(SESSION_RECHECK_MS + 3_000)).toBe(true);
  }, 20_000);

  it('opens with where to resume from, so a stream the server ends misses nothing before the reconnect', async () => {
    const { cookie } = await freshVet();
    const first = await open(cookie);
    // Before any change reached it: what the client resumes from if the server ends it now.
    expect(first.readyId).toBeGreaterThanOrEqual(0);
    for (let n = 0; n < 5; n++) await open(cookie);
    expect(await first.ended(3_000)).toBe(true);
    // While the client waits before reconnecting.
    expect((await rename(otherPet, 'Nala Meanwhile')).status).toBe(200);
    const resumed = await open(cookie, first.readyId);
    expect(await resumed.waitFor((e) => e.type === 'pet.edited' && e.petUuid === otherPet.id)).toBeDefined();
  });

  it('holds at most 5 streams per session: a sixth closes the oldest, the others keep hearing', async () => {
    const { cookie } = await freshVet();
    const opened = [];
    for (let n = 0; n < 6; n++) opened.push(await open(cookie));
    const [oldest, ...rest] = opened;
    expect(await oldest?.ended(3_000)).toBe(true);
    // Told why, so its tab waits to be looked at before reconnecting rather than evict the next one.
    expect(oldest?.evicted).toBe(true);
    expect((await rename(otherPet, 'Nala Capped')).status).toBe(200);
    for (const stream of rest) {
      expect(await stream.waitFor((e) => e.type === 'pet.edited' && e.petUuid === otherPet.id)).toBeDefined();
      expect(await stream.ended(50)).toBe(false);
    }
  });
});
