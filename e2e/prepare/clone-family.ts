/**
 * Copies a seeded family under new ids for one browser spec (e2e/support/fixtures.ts says why and how).
 * Generic over the schema, so the tables later issues add under a pet, a family or an owner come along
 * without touching this file: a row belongs to the family when one of its PARENT_COLUMNS points at a
 * row that does, and every uuid column of a copied row that points at a copied row is remapped.
 */

export interface Query {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

export interface CloneRequest {
  key: string;
  familyId: string;
  owner: { id: string; firstName: string; lastName: string };
  /** Showcase pet id → the copy's name. */
  petNames: Record<string, string>;
  /** The copy gets none of the `deferred` tables' rows (its pets' collars never sent anything). */
  withoutCollarReadings?: boolean;
}

/** Columns that make a row part of what they point at (a pet's readings, a diet's ingredients, a card's triggers…). */
const PARENT_COLUMNS = [
  'family_id',
  'owner_user_id',
  'user_id',
  'pet_id',
  'diet_id',
  'diet_plan_id',
  'card_id',
];

/**
 * Tables whose ids no column points at: their rows are copied with fresh ids without listing every id
 * in the clone set, which for a year of collar readings (~100,000 rows a pet) made every later
 * `in (select old from clone_ids)` hash that many ids and took most of a family's copy.
 */
const UNREFERENCED_TABLES = new Set(['tracker_readings']);

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  skip: boolean;
}

/** The uuid a copied row gets; `specId` in e2e/support/fixtures.ts computes the same in TypeScript. */
const newIdOf = (column: string, key = 'clone_key') =>
  `(overlay(overlay(md5(${key} || ':' || ${column}::text) placing '4' from 13) placing '8' from 17))::uuid`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Each base table's columns, in order. */
async function tableColumns(db: Query): Promise<Map<string, Column[]>> {
  const { rows: columns } = await db.query<Column>(`
    select c.table_name, c.column_name, c.data_type,
      (c.is_generated = 'ALWAYS' or c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as skip
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, Column[]>();
  for (const column of columns)
    tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
  return tables;
}

const isUuid = (column: Column) => column.data_type === 'uuid';
const parentsOf = (cols: Column[]) =>
  cols.filter((column) => isUuid(column) && PARENT_COLUMNS.includes(column.column_name));
const hasId = (cols: Column[]) => cols.some((column) => column.column_name === 'id' && isUuid(column));

/**
 * Copies a family. Rows of the `deferred` tables are left for `cloneDeferredTables`, which copies them
 * for every family at once: the readings and their rollups, a scan of a million rows per table and copy.
 * A request `withoutCollarReadings` gets none of them: its ids are not put in `clone_all`, which is what
 * `cloneDeferredTables` copies by.
 */
export async function cloneFamily(
  db: Query,
  request: CloneRequest,
  deferred: ReadonlySet<string> = new Set(),
): Promise<void> {
  const tables = await tableColumns(db);

  await db.query('create temp table if not exists clone_ids (old uuid primary key)');
  await db.query('truncate clone_ids');
  await db.query(
    `insert into clone_ids select $1::uuid union select $2::uuid
      union select id from users where family_id = $1 union select id from pets where family_id = $1`,
    [request.familyId, request.owner.id],
  );
  // Follow the parent columns until no table adds a row: diets hang off pets, ingredients off diets.
  for (let added = 1; added > 0; ) {
    added = 0;
    for (const [table, cols] of tables) {
      const parents = parentsOf(cols);
      if (!hasId(cols) || parents.length === 0 || UNREFERENCED_TABLES.has(table)) continue;
      const inSet = parents.map((c) => `${quote(c.column_name)} in (select old from clone_ids)`).join(' or ');
      const result = await db.query(
        `insert into clone_ids select id from ${quote(table)} where ${inSet} on conflict do nothing`,
      );
      added += result.affectedRows ?? 0;
    }
  }

  if (deferred.size > 0 && !request.withoutCollarReadings) {
    // Each id with its copy's, computed once here rather than for each of a pet's thousands of readings.
    await db.query(
      'create temp table if not exists clone_all (clone_key text, old uuid, new uuid, primary key (clone_key, old))',
    );
    await db.query(
      `insert into clone_all select $1::text, old, ${newIdOf('old', '$1::text')} from clone_ids
        on conflict do nothing`,
      [request.key],
    );
  }

  const overrides: Record<string, Record<string, string>> = {
    users: {
      email: `split_part(email, '@', 1) || '+' || lower(clone_key) || '@' || split_part(email, '@', 2)`,
      first_name: `case when id = clone_owner then clone_first else first_name end`,
      last_name: `case when id = clone_owner then clone_last else last_name end`,
    },
    // A microchip is unique; the copy is another animal.
    pets: { name: `coalesce(clone_names ->> id::text, name)`, microchip: 'null' },
  };
  const params = [
    request.key,
    request.owner.id,
    request.owner.firstName,
    request.owner.lastName,
    JSON.stringify(request.petNames),
  ];

  await db.query(`set session_replication_role = replica`);
  try {
    for (const [table, cols] of tables) {
      const parents = parentsOf(cols);
      if (deferred.has(table)) continue;
      const unreferenced = UNREFERENCED_TABLES.has(table);
      const where = [
        ...(hasId(cols) && !unreferenced ? ['id in (select old from clone_ids)'] : []),
        ...parents.map((c) => `${quote(c.column_name)} in (select old from clone_ids)`),
      ];
      if (parents.length === 0) continue;
      const kept = cols.filter((column) => !column.skip);
      const values = kept.map((column) => {
        const override = overrides[table]?.[column.column_name];
        if (override) return override;
        const name = quote(column.column_name);
        if (!isUuid(column)) return name;
        if (unreferenced && column.column_name === 'id') return newIdOf(name);
        return `case when ${name} in (select old from clone_ids) then ${newIdOf(name)} else ${name} end`;
      });
      await db.query(
        `insert into ${quote(table)} (${kept.map((c) => quote(c.column_name)).join(', ')})
          select ${values.join(', ')}
          from ${quote(table)},
            (select $1::text, $2::uuid, $3::text, $4::text, $5::jsonb) as p(clone_key, clone_owner, clone_first, clone_last, clone_names)
          where ${where.join(' or ')}`,
        params,
      );
    }
  } finally {
    await db.query(`set session_replication_role = default`);
  }

  for (const name of [...Object.values(request.petNames)]) {
    const { rows } = await db.query<{ count: number }>(
      'select count(*)::int as count from pets where name = $1',
      [name],
    );
    if (rows[0]?.count !== 1)
      throw new Error(
        `SPEC_FAMILIES.${request.key}: ${rows[0]?.count} pets are named "${name}"; pick another name`,
      );
  }
  const fullName = `${request.owner.firstName} ${request.owner.lastName}`;
  const { rows: owners } = await db.query<{ count: number }>(
    `select count(*)::int as count from users where first_name || ' ' || last_name = $1`,
    [fullName],
  );
  if (owners[0]?.count !== 1)
    throw new Error(
      `SPEC_FAMILIES.${request.key}: ${owners[0]?.count} users are named "${fullName}"; pick another name`,
    );
}

/**
 * The `deferred` tables' rows of every family `cloneFamily` copied, in one statement per table: each
 * source row joined to each copy of its parent, under the ids a copy of its own would have given it.
 * A deferred table must hang off the family by one parent column.
 */
export async function cloneDeferredTables(db: Query, deferred: readonly string[]): Promise<void> {
  const tables = await tableColumns(db);
  const newIdIn = (column: string) => newIdOf(column, 'c.clone_key');
  await db.query('set session_replication_role = replica');
  try {
    for (const table of deferred) {
      const cols = tables.get(table) ?? [];
      const [parent, ...others] = parentsOf(cols);
      const unreferenced = UNREFERENCED_TABLES.has(table);
      // Rows whose ids other rows point at are found and remapped family by family (cloneFamily).
      if (!parent || others.length > 0 || (hasId(cols) && !unreferenced))
        throw new Error(`${table}: a deferred table hangs off one parent column and no row points at it`);
      const kept = cols.filter((column) => !column.skip);
      const values = kept.map((column) => {
        const name = `t.${quote(column.column_name)}`;
        if (!isUuid(column)) return name;
        if (column === parent) return 'c.new';
        if (unreferenced && column.column_name === 'id') return newIdIn(name);
        return `case when (c.clone_key, ${name}) in (select clone_key, old from clone_all) then ${newIdIn(name)} else ${name} end`;
      });
      await db.query(
        `insert into ${quote(table)} (${kept.map((c) => quote(c.column_name)).join(', ')})
          select ${values.join(', ')}
          from ${quote(table)} t join clone_all c on c.old = t.${quote(parent.column_name)}`,
      );
    }
  } finally {
    await db.query('set session_replication_role = default');
  }
}
