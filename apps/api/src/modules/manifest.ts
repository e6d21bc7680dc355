import type {
  HomeResponse,
  PendingCardItemState,
  PetAlertBadge,
  PetAttentionItem,
  PetAttentionKind,
  TimelineKind,
} from '@vetboard/contract';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Now } from '../lib/clock.ts';
import type { TimelineEvent, TimelineRead } from '../lib/timeline.ts';
import type { Actor } from '../policy/actor.ts';
import type { EventHub } from './platform/events/index.ts';
import type { Jobs } from './platform/jobs/index.ts';
import type { Mailer } from './platform/mail/index.ts';

export type Tier = 'platform' | 'core' | 'records' | 'views';

/** One record's public read of a pet's timeline events, and the kinds it gives. */
export interface TimelineSourceEntry {
  kinds: readonly TimelineKind[];
  read: (deps: { db: Db }, read: TimelineRead) => Promise<TimelineEvent[]>;
}

/**
 * One record's open work about a pet, for the pet's "Needs attention" (views/pet-attention). The view
 * has checked the pet is in the actor's scope; the read gives at most `limit` items and how many there are.
 */
export interface AttentionSource {
  kind: PetAttentionKind;
  read: (
    deps: { db: Db; now: Now },
    actor: Actor,
    petId: string,
    limit: number,
  ) => Promise<{ items: PetAttentionItem[]; total: number }>;
}

/** Several pets' active alerts in one read, by pet id, for a view's rows (search hits). */
export type PetAlertBadgesRead = (
  db: DbOrTx,
  petIds: readonly string[],
) => Promise<Map<string, PetAlertBadge[]>>;

/**
 * What one record's items that raise pending-card triggers still wait for (the trigger's `source_entity`
 * is `entity`): by item id, only the items still waiting. Pending cards read it for the card page, so
 * they import none of the records that import them.
 */
export interface ItemStateSource {
  entity: string;
  read: (db: DbOrTx, ids: readonly string[]) => Promise<Map<string, PendingCardItemState>>;
}

/**
 * What the views are handed: every manifest's sources, gathered by the registry. Views read records
 * only through these, so a view imports no record and a new record reaches them by its manifest.
 */
export interface ViewSources {
  timeline: readonly TimelineSourceEntry[];
  home: readonly HomeSource[];
  attention: readonly AttentionSource[];
  itemStates: readonly ItemStateSource[];
  /** The one module that keeps patient alerts gives this (records/pet-alerts). */
  petAlertBadges: PetAlertBadgesRead;
}

/** What a home count is counted within. */
export interface HomeCountContext {
  /** The access policy's condition on a pet id column (policy/scope.ts). */
  scope: (petId: AnyColumn) => SQL | undefined;
  vetId: string | null;
  now: Date;
  endOfDay: Date;
  /** The practice's day, for B2B daily statuses. */
  today: string;
}

/**
 * One record's part of the home page. Its counts are scalar subqueries on its own indexes, selected
 * with every other record's in one statement (one round trip for the whole page); `read` turns the
 * selected values into its fields of the answer. `lists` are its few rows of "My work" and "Most
 * severe", at most `listed` each.
 */
export interface HomeSource {
  counts?: {
    select: (db: DbOrTx, context: HomeCountContext) => Record<string, SQL>;
    read: (row: Record<string, unknown>) => Partial<HomeResponse>;
  };
  lists?: (deps: { db: Db; now: Now }, actor: Actor, listed: number) => Promise<Partial<HomeResponse>>;
}

/** Mounted under `prefix`; a route plugin gets the views' sources as its options (most ignore them). */
export interface RouteMount {
  plugin: FastifyPluginAsyncZod<ViewSources>;
  prefix?: string;
}

export interface OpenApiTag {
  name: string;
  description: string;
}

/** What a module's jobs may use; they are defined while the app is built, before the queue starts. */
export interface JobsContext {
  jobs: Jobs;
  events: EventHub;
  db: Db;
  now: Now;
  mailer: Mailer;
  config: Config;
}

/**
 * How a module plugs into the app: everything app.ts, the jobs, the migration and the views would
 * otherwise list by hand. A manifest names only its own module's pieces.
 */
export interface ModuleManifest {
  name: string;
  tier: Tier;
  routes?: readonly RouteMount[];
  openApiTags?: readonly OpenApiTag[];
  jobs?: (context: JobsContext) => void;
  /** Brought up to date after every migration, on both engines (reference lists, the job schema). */
  referenceData?: (db: Db) => Promise<void>;
  timeline?: readonly TimelineSourceEntry[];
  home?: HomeSource;
  attention?: AttentionSource;
  itemState?: ItemStateSource;
  petAlertBadges?: PetAlertBadgesRead;
}
