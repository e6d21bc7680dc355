import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { JournalCategory, JournalStatus } from '@vetboard/contract';
import type { Tx } from '../db/client.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DAY_MS } from './demo-dates.ts';
import type { DemoData, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

/** Demo pets with journal entries per unit of scale (the showcase pets come on top). */
export const JOURNAL_PETS_PER_SCALE = 300;
export const JOURNAL_HISTORY_DAYS = 90;

/** Luna's coughing over the last weeks, worse lately; fixed ids so docs and tests can point at them. */
export const LUNA_JOURNAL_IDS = {
  /** Severity 3, yesterday, not seen yet. */
  coughWorst: '0190b3c2-4e5a-7a01-8c11-000000000061',
  coughRecent: '0190b3c2-4e5a-7a01-8c11-000000000062',
  coughSeen: '0190b3c2-4e5a-7a01-8c11-000000000063',
  coughReplied: '0190b3c2-4e5a-7a01-8c11-000000000064',
  coughFirst: '0190b3c2-4e5a-7a01-8c11-000000000065',
} as const;

export interface DemoJournalEntryRow {
  id: string;
  petId: string;
  category: JournalCategory;
  severity: 1 | 2 | 3;
  notes: string;
  occurredAt: Date;
  receivedAt: Date;
  status: JournalStatus;
  seenByVetId: string | null;
  seenAt: Date | null;
  vetReply: string | null;
  repliedByVetId: string | null;
  repliedAt: Date | null;
  resolvedByVetId: string | null;
  resolvedAt: Date | null;
}

export interface DemoJournalPhotoRow {
  entryId: string;
  position: number;
  fileId: string;
  petId: string;
  content: Buffer;
}

export interface DemoJournal {
  entries: DemoJournalEntryRow[];
  photos: DemoJournalPhotoRow[];
}

const CATEGORY_NOTES: Record<JournalCategory, string[]> = {
  vomiting: [
    'Vomited once after breakfast, yellow foam.',
    'Threw up grass twice on the walk.',
    'Vomited undigested food about an hour after eating.',
    'Sick three times overnight, seems tired this morning.',
  ],
  diarrhoea: [
    'Soft stool this morning, normal colour.',
    'Watery diarrhoea twice today, still eating.',
    'Loose stool with a little mucus since the new food.',
  ],
  coughing: [
    'A dry cough after running in the park.',
    'Coughing at night when lying down.',
    'Honking cough when pulling on the lead.',
    'Coughed several times this evening, then settled.',
  ],
  itching: [
    'Scratching the ears a lot since yesterday.',
    'Licking the paws until they are red.',
    'Chewing at the base of the tail again.',
    'Red patch on the belly, keeps scratching it.',
  ],
  lethargy: [
    'Very quiet today, did not want to walk.',
    'Sleeping much more than usual since the weekend.',
    'Slow on the stairs and not interested in toys.',
  ],
  appetite: [
    'Left half of dinner, which never happens.',
    'Not interested in food this morning, drank water.',
    'Eating grass and picking at the food.',
  ],
  breathing: [
    'Breathing fast while asleep, I counted 38.',
    'Panting at rest in a cool room.',
    'Noisy breathing after a short walk.',
  ],
  other: [
    'Limping on the front left leg after playing.',
    'A small lump on the chest I had not noticed before.',
    'Drinking much more water than usual.',
    'Shaking the head and tilting it to one side.',
  ],
};

const REPLIES: Record<JournalCategory, string[]> = {
  vomiting: [
    'Thank you for telling us. Offer small bland meals (rice and chicken) for a day and water little and often. If it happens again today, or there is blood, call us.',
    'One vomit with foam on an empty stomach is common. Try a small meal before bed; let us know if it continues.',
  ],
  diarrhoea: [
    'Keep the food bland for two days and make sure water is always available. If it lasts beyond 48 hours or there is blood, we will want to see a sample.',
    'Please go back to the previous food gradually over a week; a probiotic paste may help.',
  ],
  coughing: [
    'Please count the sleeping breathing rate tonight and send it in the app. If it is above 35, call us.',
    'A cough on the lead often comes from the collar pressing the trachea: try a harness for two weeks.',
  ],
  itching: [
    'Please keep the cone on at night and send a photo of the area in three days.',
    'This looks like a flare of the allergy. Restart the ear drops twice daily for a week.',
  ],
  lethargy: [
    'Thank you. Please check the gums are pink and the appetite is normal; if either changes, call us today.',
  ],
  appetite: ['A skipped meal is not a worry on its own. If the next two meals are refused, please call.'],
  breathing: [
    'A sleeping rate of 38 is above the target: give the evening dose now and count again in an hour. Call us if it stays above 35.',
  ],
  other: [
    'Thank you for the photo. We would like to see the lump within the week: please book a visit.',
    'Rest for 48 hours, short lead walks only. If the limp is still there, we will examine it.',
  ],
};

const CATEGORIES: ReadonlyArray<readonly [JournalCategory, number]> = [
  ['vomiting', 5],
  ['diarrhoea', 4],
  ['coughing', 4],
  ['itching', 6],
  ['lethargy', 3],
  ['appetite', 3],
  ['breathing', 2],
  ['other', 3],
];

/** Which categories owners photograph, and how the photo looks (background, spot). */
type PhotoLook = { ground: number[]; spot: number[] };
const PICTURES_PER_KIND = 3;
const PHOTO_LOOK: Partial<Record<JournalCategory, PhotoLook>> = {
  vomiting: { ground: [196, 170, 132], spot: [214, 190, 80] },
  diarrhoea: { ground: [90, 130, 70], spot: [120, 84, 40] },
  itching: { ground: [226, 184, 160], spot: [200, 60, 60] },
  other: { ground: [170, 140, 110], spot: [230, 200, 190] },
};

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small real PNG that reads as a phone photo of the problem: a lit, textured background (floor,
 * grass, skin, fur) with a soft, irregular spot. Drawn from `random`, so the seed is deterministic.
 */
export function drawPhoto(look: PhotoLook, random: SeededRandom): Buffer {
  const width = 128;
  const height = 96;
  // Grain in 4×4 blocks: a texture that still compresses to a few kilobytes.
  const grains = Array.from({ length: (width / 4) * (height / 4) }, () => random.float(-9, 9));
  const cx = random.float(0.35, 0.65) * width;
  const cy = random.float(0.35, 0.65) * height;
  const rx = random.float(18, 34);
  const ry = random.float(12, 26);
  const lobes = Array.from({ length: 5 }, () => [random.float(0, Math.PI * 2), random.float(0.05, 0.25)]);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    raw[offset++] = 0;
    for (let x = 0; x < width; x += 1) {
      const light = 0.8 + 0.25 * (1 - y / height) - 0.1 * Math.abs(x / width - 0.5);
      const grain = grains[(y >> 2) * (width / 4) + (x >> 2)] ?? 0;
      const angle = Math.atan2(y - cy, x - cx);
      const wobble = lobes.reduce(
        (sum, [phase = 0, size = 0]) => sum + size * Math.sin(3 * angle + phase),
        1,
      );
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry) / wobble;
      const mix = Math.max(0, Math.min(1, (1.15 - d) * 3));
      for (let c = 0; c < 3; c += 1) {
        const ground = (look.ground[c] ?? 128) * light + grain;
        const spot = (look.spot[c] ?? 128) * (0.9 + 0.1 * light) + grain / 2;
        raw[offset++] = Math.max(0, Math.min(255, Math.round(ground * (1 - mix) + spot * mix)));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const at = (end: Date, daysAgo: number) => new Date(end.getTime() - daysAgo * DAY_MS);
const HOUR_MS = 3_600_000;

/**
 * Journal entries over the last three months, ending at `end`: several hundred pets, product and B2B
 * customers, in every category, severity and status; older entries mostly seen or resolved (some with a
 * reply), the last days' mostly new; some itching, vomiting and other entries carry small photos.
 */
export function generateJournal(
  data: DemoData,
  options: { seed: number; scale: number; end: Date },
): DemoJournal {
  const { seed, scale, end } = options;
  const random = createSeededRandom(deriveSeed(seed, 'journal'));
  const productVets = data.vets.filter(
    (vet) => (vet.kind === 'regular' || vet.kind === 'head') && vet.companySku === null,
  );
  const companyVets = new Map<string, string[]>();
  for (const vet of data.vets)
    if ((vet.kind === 'b2b' || vet.kind === 'partner') && vet.companySku)
      companyVets.set(vet.companySku, [...(companyVets.get(vet.companySku) ?? []), vet.id]);
  const families = new Map(data.families.map((family) => [family.id, family]));
  const ownerCode = new Map(data.users.map((user) => [user.id, user.b2bCode]));
  const companyOf = (pet: DemoPetRow): string | null => {
    const family = families.get(pet.familyId);
    return family?.familyKind === 'b2b' ? (ownerCode.get(family.ownerUserId) ?? null) : null;
  };
  const vetFor = (pet: DemoPetRow): string => {
    const own = companyVets.get(companyOf(pet) ?? '') ?? [];
    return own.length > 0 && random.chance(0.6) ? random.pick(own) : random.pick(productVets).id;
  };

  const entries: DemoJournalEntryRow[] = [];
  const photos: DemoJournalPhotoRow[] = [];
  // A few pictures per kind, drawn once: each entry's photos are files of their own with these bytes.
  const pictures = new Map<JournalCategory, Buffer[]>();
  const pictureRandom = createSeededRandom(deriveSeed(seed, 'journal-photos'));
  for (const [category, look] of Object.entries(PHOTO_LOOK) as Array<[JournalCategory, PhotoLook]>)
    pictures.set(
      category,
      Array.from({ length: PICTURES_PER_KIND }, () => drawPhoto(look, pictureRandom)),
    );
  const addPhotos = (entry: DemoJournalEntryRow, count: number) => {
    const kind = pictures.get(entry.category);
    if (!kind) return;
    for (let position = 0; position < count; position += 1)
      photos.push({
        entryId: entry.id,
        position,
        fileId: random.uuidV7(entry.receivedAt),
        petId: entry.petId,
        content: random.pick(kind),
      });
  };

  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const candidates = data.pets.filter((pet) => !showcase.has(pet.id));
  const chosen = random.sample(candidates, JOURNAL_PETS_PER_SCALE * scale);
  for (const pet of chosen) {
    const count = random.weighted([
      [1, 4],
      [2, 3],
      [3, 2],
      [5, 1],
    ] as const);
    for (let n = 0; n < count; n += 1) {
      const category = random.weighted(CATEGORIES);
      const severity = random.weighted([
        [1, 5],
        [2, 3.5],
        [3, 1.5],
      ] as const);
      const occurredAt = at(end, random.float(0.1, JOURNAL_HISTORY_DAYS));
      occurredAt.setUTCSeconds(0, 0);
      const receivedAt = new Date(occurredAt.getTime() + random.float(0.05, 6) * HOUR_MS);
      if (receivedAt >= end) continue;
      const waited = (end.getTime() - receivedAt.getTime()) / DAY_MS;
      // The last days' entries are the inbox's work; older ones have mostly been dealt with.
      const status: JournalStatus =
        waited < 2
          ? random.weighted([
              ['new', 7],
              ['seen', 2],
              ['resolved', 1],
            ] as const)
          : waited < 10
            ? random.weighted([
                ['new', 1],
                ['seen', 4],
                ['resolved', 4],
              ] as const)
            : random.weighted([
                ['new', 0.05],
                ['seen', 1],
                ['resolved', 6],
              ] as const);
      const vet = vetFor(pet);
      const seenAt = new Date(receivedAt.getTime() + random.float(0.2, 12) * HOUR_MS);
      const replied = status !== 'new' && random.chance(severity === 1 ? 0.25 : 0.7);
      const resolvedAt = new Date(seenAt.getTime() + random.float(1, 72) * HOUR_MS);
      const entry: DemoJournalEntryRow = {
        id: random.uuidV7(receivedAt),
        petId: pet.id,
        category,
        severity,
        notes: random.pick(CATEGORY_NOTES[category]),
        occurredAt,
        receivedAt,
        status,
        seenByVetId: status === 'new' ? null : vet,
        seenAt: status === 'new' ? null : seenAt,
        vetReply: replied ? random.pick(REPLIES[category]) : null,
        repliedByVetId: replied ? vet : null,
        repliedAt: replied ? seenAt : null,
        resolvedByVetId: status === 'resolved' ? vet : null,
        resolvedAt: status === 'resolved' ? resolvedAt : null,
      };
      if (entry.resolvedAt && entry.resolvedAt >= end) {
        entry.status = 'seen';
        entry.resolvedAt = null;
        entry.resolvedByVetId = null;
      }
      if (entry.seenAt && entry.seenAt >= end) {
        Object.assign(entry, { status: 'new', seenAt: null, seenByVetId: null });
        Object.assign(entry, { vetReply: null, repliedAt: null, repliedByVetId: null });
      }
      entries.push(entry);
      if (random.chance(0.22))
        addPhotos(
          entry,
          random.weighted([
            [1, 3],
            [2, 1],
          ] as const),
        );
    }
  }
  entries.push(...lunaEntries(end, productVets[0]?.id ?? ''));
  return { entries, photos };
}

/** Luna (mitral valve disease) has been coughing for three weeks, more often and worse lately. */
function lunaEntries(end: Date, vetId: string): DemoJournalEntryRow[] {
  const base = {
    petId: LUNA.id,
    category: 'coughing' as const,
    seenByVetId: null,
    seenAt: null,
    vetReply: null,
    repliedByVetId: null,
    repliedAt: null,
    resolvedByVetId: null,
    resolvedAt: null,
  };
  const entry = (
    id: string,
    daysAgo: number,
    severity: 1 | 2 | 3,
    notes: string,
    status: JournalStatus,
    reply?: string,
  ): DemoJournalEntryRow => {
    const occurredAt = at(end, daysAgo);
    const receivedAt = new Date(occurredAt.getTime() + 0.5 * HOUR_MS);
    const seenAt = new Date(receivedAt.getTime() + 3 * HOUR_MS);
    return {
      ...base,
      id,
      severity,
      notes,
      occurredAt,
      receivedAt,
      status,
      ...(status === 'new' ? {} : { seenByVetId: vetId, seenAt }),
      ...(reply ? { vetReply: reply, repliedByVetId: vetId, repliedAt: seenAt } : {}),
      ...(status === 'resolved'
        ? { resolvedByVetId: vetId, resolvedAt: new Date(seenAt.getTime() + DAY_MS) }
        : {}),
    };
  };
  return [
    entry(
      LUNA_JOURNAL_IDS.coughFirst,
      21,
      1,
      'A soft cough after her evening walk, once.',
      'resolved',
      'One cough after exercise is not a worry on its own. Keep counting her sleeping breathing twice a week.',
    ),
    entry(
      LUNA_JOURNAL_IDS.coughReplied,
      14,
      2,
      'Coughed at night twice this week when lying down.',
      'seen',
      'A night cough can be her heart: please count her sleeping breathing rate every evening this week and send it in the app.',
    ),
    entry(LUNA_JOURNAL_IDS.coughSeen, 8, 2, 'Coughing most nights now, sleeping breathing 32.', 'seen'),
    entry(LUNA_JOURNAL_IDS.coughRecent, 3, 2, 'Coughing after climbing the stairs, then panting.', 'new'),
    entry(
      LUNA_JOURNAL_IDS.coughWorst,
      1,
      3,
      'Coughing fits last night, could not settle, breathing 40 while asleep.',
      'new',
    ),
  ];
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export async function insertDemoJournal(tx: Tx, data: DemoJournal): Promise<void> {
  await bulkInsert(
    tx,
    'journal_entries',
    [
      { name: 'id', type: 'uuid', value: (e) => e.id },
      { name: 'pet_id', type: 'uuid', value: (e) => e.petId },
      { name: 'category', type: 'text', select: (v) => `${v}::journal_category`, value: (e) => e.category },
      { name: 'severity', type: 'smallint', value: (e) => e.severity },
      { name: 'notes', type: 'text', value: (e) => e.notes },
      { name: 'occurred_at', type: 'timestamptz', value: (e) => e.occurredAt.toISOString() },
      { name: 'received_at', type: 'timestamptz', value: (e) => e.receivedAt.toISOString() },
      { name: 'status', type: 'text', select: (v) => `${v}::journal_status`, value: (e) => e.status },
      { name: 'seen_by_vet_id', type: 'uuid', value: (e) => e.seenByVetId },
      { name: 'seen_at', type: 'timestamptz', value: (e) => iso(e.seenAt) },
      { name: 'resolved_by_vet_id', type: 'uuid', value: (e) => e.resolvedByVetId },
      { name: 'resolved_at', type: 'timestamptz', value: (e) => iso(e.resolvedAt) },
    ],
    data.entries,
  );
  // Demo entries have at most one reply: the first of their thread.
  await bulkInsert(
    tx,
    'journal_entry_replies',
    [
      { name: 'entry_id', type: 'uuid', value: (e) => e.id },
      { name: 'position', type: 'smallint', select: (v) => `${v}::int`, value: () => 0 },
      { name: 'reply', type: 'text', value: (e) => e.vetReply },
      { name: 'replied_by_vet_id', type: 'uuid', value: (e) => e.repliedByVetId },
      { name: 'replied_at', type: 'timestamptz', value: (e) => iso(e.repliedAt) },
    ],
    data.entries.filter((entry) => entry.vetReply !== null),
  );
  const received = new Map(data.entries.map((entry) => [entry.id, entry.receivedAt]));
  await bulkInsert(
    tx,
    'files',
    [
      { name: 'id', type: 'uuid', value: (p) => p.fileId },
      { name: 'purpose', type: 'text', value: () => 'journal_photo' },
      { name: 'content_type', type: 'text', value: () => 'image/png' },
      { name: 'filename', type: 'text', value: (p) => `journal-${p.entryId}-${p.position + 1}.png` },
      { name: 'size', type: 'smallint', select: (v) => `${v}::int`, value: (p) => p.content.length },
      { name: 'sha256', type: 'text', value: (p) => createHash('sha256').update(p.content).digest('hex') },
      {
        name: 'content',
        type: 'text',
        select: (v) => `decode(${v}, 'base64')`,
        value: (p) => p.content.toString('base64'),
      },
      { name: 'pet_id', type: 'uuid', value: (p) => p.petId },
      { name: 'uploaded_by', type: 'text', value: () => 'integration:Owner app' },
      {
        name: 'created_at',
        type: 'timestamptz',
        value: (p) => (received.get(p.entryId) ?? new Date()).toISOString(),
      },
    ],
    data.photos,
  );
  await bulkInsert(
    tx,
    'journal_entry_photos',
    [
      { name: 'entry_id', type: 'uuid', value: (p) => p.entryId },
      { name: 'position', type: 'smallint', select: (v) => `${v}::int`, value: (p) => p.position },
      { name: 'file_id', type: 'uuid', value: (p) => p.fileId },
    ],
    data.photos,
  );
}
