// The representations table at scale (issue 15 point 8), run by hand against PostgreSQL (not a
// test; see bench/README.md):
//   npx tsx bench/representations.ts                       100,000 letters, 50 runs of each query
//   npx tsx bench/representations.ts --count 200000 --runs 30 --keep
// The server is DATABASE_URL or TEST_DATABASE_URL (or --url); the bench's own database
// bench_representations_<count> is dropped and made again unless --keep.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tableQuerySchema, type TableQuery } from '@planning/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { searchRepresentations } from '../apps/server/src/modules/representations/representations.table';
import { createTenant } from '../apps/server/src/modules/tenants/tenants.service';
import { DEMO_PASSWORD, seedDemoUsers } from '../apps/server/src/seed/demo-users';
import { count, ms, time } from './common';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    url: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const total = Number(values.count);
const runs = Number(values.runs);
if (!Number.isInteger(total) || total < 1000 || total > 2_000_000) {
  console.error('--count takes a whole number from 1,000 to 2,000,000');
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 5) {
  console.error('--runs takes a whole number of at least 5');
  process.exit(2);
}
const given = values.url ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!given) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL (or pass --url postgres://user@host:port)');
  process.exit(2);
}
const server = new URL(given);
server.pathname = '';
const serverUrl = server.toString().replace(/\/+$/, '');
const databaseName = `bench_representations_${total}`;
const TARGET_P95_MS = 200;
const WARM_UP = 3;

/** Median, 95th percentile (nearest rank) and the slowest. */
function spread(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: rank(0.5), p95: rank(0.95), max: sorted.at(-1)! };
}

async function openBenchDatabase() {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  let fresh = true;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [databaseName]))
      .rowCount;
    if (exists && values.keep) fresh = false;
    else {
      // Only ever the benchmark's own database, named after the count.
      if (exists) await admin.query(`drop database ${databaseName} with (force)`);
      await admin.query(`create database ${databaseName}`);
    }
  } finally {
    await admin.end();
  }
  console.log(`PostgreSQL database ${databaseName}${fresh ? ' (new)' : ' (kept)'}`);
  return { fresh, database: await openDatabase({ kind: 'postgres', url: `${serverUrl}/${databaseName}` }) };
}

let owner: pg.Client;
async function asOwner<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await owner.query<T>(text, params)).rows;
}

/**
 * The council's letters, made in the database (generate_series): one event, 6 topics, 300
 * organisations, 8,000 residents and 4 agents; each letter 100 to 300 words from a planning
 * vocabulary, with a topic's own words (so a search word matches a realistic share), statuses and
 * attitudes weighted as a Regulation 19 consultation has them half way through.
 */
async function seedLetters(tenantId: string) {
  const started = performance.now();
  await owner.query('begin');
  await owner.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
  const [event] = await asOwner<{ id: string }>(
    `insert into consultation_events (tenant_id, name, starts_on, ends_on)
     values ($1, 'Regulation 19 Publication Local Plan', '2026-09-01', '2026-12-14') returning id`,
    [tenantId],
  );
  await asOwner(
    `insert into consultation_topics (tenant_id, name)
     select $1, unnest(array['Housing numbers', 'Green Belt', 'Transport', 'Flooding', 'Infrastructure', 'Site allocations'])`,
    [tenantId],
  );
  await asOwner(
    `insert into organisations (tenant_id, name, organisation_type, town, postcode)
     select $1, 'Organisation ' || g, (array['Consultant', 'Statutory authority', 'Community group',
       'Residents association', 'Business', 'Other'])[1 + g % 6], 'Tonbridge', 'TN9 1AA'
     from generate_series(1, 300) g`,
    [tenantId],
  );
  await asOwner(
    `insert into contacts (tenant_id, contact_type, first_name, last_name, email, town, postcode, organisation_id)
     select $1, case when g <= 4 then 'agent' else 'individual' end,
       (array['Margaret', 'John', 'Sarah', 'David', 'Emma', 'Peter', 'Aisha', 'Michael', 'Claire', 'James'])[1 + g % 10],
       (array['Thompson', 'Clarke', 'Hughes', 'Walker', 'Evans', 'Robinson', 'Khan', 'Wright', 'Green', 'Hall',
         'Ahmed', 'Wood', 'Turner', 'Harris', 'Cooper'])[1 + (g / 10) % 15] || '-' || g,
       'person' || g || '@example.com', 'Tonbridge', 'TN10 3JA',
       case when g <= 4 then (select id from organisations where name = 'Organisation 1') end
     from generate_series(1, 8000) g`,
    [tenantId],
  );
  // Each letter: a reference, weighted status and attitude, a representee (an organisation one
  // time in seven, some through an agent), a received date over 75 days, and its words.
  await asOwner(
    `with vocabulary as (
       select string_to_array('the plan council homes housing site land village road traffic school
         field fields green belt local development policy proposed allocation object support people
         area town centre new existing residents community services infrastructure capacity
         character landscape countryside access impact would should must could will this that
         these those which because however therefore also please consider evidence assessment
         number numbers need needs year years future families children parking station bus cycle
         route footpath hedgerow trees wildlife habitat heritage conservation listed building
         design density storey height scale boundary edge settlement neighbourhood parish
         affordable rent market delivery trajectory strategic employment jobs retail shops', ' ') as words,
       array['flooding drainage surface water river meadows flood risk winter standing water',
         'green belt openness sprawl countryside exceptional circumstances release',
         'congestion junction highway rush hour buses safety pedestrians',
         'school places surgery doctors dentist sewage broadband water supply',
         'housing target requirement projections buffer five year supply',
         'allocation site capacity density access farm agricultural brownfield'] as topics
     ),
     people as (
       select (select array_agg(id order by id) from contacts where tenant_id = $1 and contact_type = 'individual') as contacts,
         (select array_agg(id order by id) from contacts where tenant_id = $1 and contact_type = 'agent') as agents,
         (select array_agg(id order by id) from organisations where tenant_id = $1) as organisations
     ),
     letters as (
       select g, p.contacts[1 + (g * 7919) % array_length(p.contacts, 1)] as contact_id,
         p.organisations[1 + g % array_length(p.organisations, 1)] as organisation_id,
         p.agents[1 + g % array_length(p.agents, 1)] as agent_id
       from generate_series(1, $2::int) g, people p
     )
     insert into representations (tenant_id, reference, consultation_event_id, correspondence_type,
       received_date, letter_date, status, attitude, representee_type, organisation_id, contact_id,
       agent_contact_id, original_text, content, plain_text, public_text)
     select $1, g, $3,
       (array['Email', 'Email', 'Email', 'Letter', 'Online form', 'Online form', 'Hand delivered'])[1 + g % 7],
       date '2026-09-01' + (g * 37 % 75), date '2026-09-01' + (g * 37 % 75) - 2,
       case when r < 0.30 then 'Received' when r < 0.50 then 'Acknowledged' when r < 0.60 then 'Pending'
         when r < 0.70 then 'In review' when r < 0.80 then 'Reviewed' when r < 0.88 then 'Response drafted'
         when r < 0.94 then 'Response approved' else 'Response sent' end,
       case when a < 0.60 then 'Oppose' when a < 0.85 then 'Support' when a < 0.97 then 'Neutral' end,
       case when g % 7 = 0 then 'organisation' else 'privateIndividual' end,
       case when g % 7 = 0 then organisation_id end,
       case when g % 7 = 0 then null else contact_id end,
       case when g % 7 = 0 and g % 3 = 0 then agent_id end,
       text, jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph',
         'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', text))))), text, text
     from (
       select letters.*, random() as r, random() as a,
         (select string_agg(v.words[1 + floor(random() * array_length(v.words, 1))::int], ' ')
          from vocabulary v, generate_series(1, 100 + (g * 13 % 191)) w)
           || ' ' || (select v.topics[1 + g % 6] from vocabulary v) as text
       from letters
     ) made`,
    [tenantId, total, event!.id],
  );
  await asOwner(
    `insert into representation_topics (tenant_id, representation_id, topic_id)
     select r.tenant_id, r.id, t.id from representations r
     join lateral (select id from consultation_topics t where t.tenant_id = r.tenant_id
       order by t.name offset r.reference % 6 limit 1 + (r.reference % 3 = 0)::int) t on true
     where r.tenant_id = $1`,
    [tenantId],
  );
  await owner.query('commit');
  await owner.query(
    'vacuum analyze representations, representation_topics, contacts, organisations, consultation_events',
  );
  console.log(
    `Seeded ${count(total)} representations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return event!.id;
}

async function main() {
  const loadBefore = os.loadavg();
  const { fresh, database } = await openBenchDatabase();
  // The owner's own session: bulk inserts and VACUUM ANALYZE (the application role may not).
  owner = new pg.Client({ connectionString: `${serverUrl}/${databaseName}` });
  await owner.connect();
  let tenantId: string;
  let tenantName: string;
  if (fresh) {
    tenantName = `bench-reps-${randomBytes(3).toString('hex')}`;
    tenantId = await createTenant(database.db, {
      name: tenantName,
      shortName: 'Bench representations',
      rawName: `Benchmark council (${count(total)} representations)`,
      mainColor: '#505a5f',
    });
    await seedDemoUsers(database.db, { id: tenantId, name: tenantName });
    await seedLetters(tenantId);
  } else {
    const [row] = await asOwner<{ id: string; name: string }>(
      `select id, name from tenants where name like 'bench-reps-%' limit 1`,
    );
    tenantId = row!.id;
    tenantName = row!.name;
    console.log(`Council ${tenantName} kept`);
  }

  const queries: { name: string; query: TableQuery }[] = [
    {
      name: 'filter + sort + search + group, page 1',
      query: {
        filter: [
          {
            type: 'checkboxesList',
            dbPropertyName: 'status',
            value: ['Received', 'Acknowledged', 'Pending', 'In review'],
          },
          { type: 'select', dbPropertyName: 'attitude', equality: 'EQ', value: 'Oppose' },
        ],
        sort: [{ field: 'received_date', order: 'desc' }],
        search: 'flooding',
        groupBy: 'status',
        limit: 20,
        offset: 0,
      },
    },
    {
      name: 'filter + sort + group, no search, page 1',
      query: {
        filter: [
          {
            type: 'checkboxesList',
            dbPropertyName: 'status',
            value: ['Received', 'Acknowledged', 'Pending', 'In review'],
          },
          { type: 'select', dbPropertyName: 'attitude', equality: 'EQ', value: 'Oppose' },
        ],
        sort: [{ field: 'received_date', order: 'desc' }],
        groupBy: 'status',
        limit: 20,
      },
    },
    {
      name: 'everything, newest first, page 50',
      query: { sort: [{ field: 'received_date', order: 'desc' }], limit: 20, offset: 980 },
    },
    {
      name: 'search a name, sorted by representee',
      query: { search: 'Hughes', sort: [{ field: 'representee_name', order: 'asc' }] },
    },
    { name: 'group by topic', query: { groupBy: 'topics', search: 'drainage' } },
  ];

  type Result = { name: string; via: string; p50: number; p95: number; max: number; count: number };
  const results: Result[] = [];
  const measure = async (name: string, via: string, run: () => Promise<number>) => {
    for (let i = 0; i < WARM_UP; i++) await run();
    const samples: number[] = [];
    let matched = 0;
    for (let i = 0; i < runs; i++) {
      const [took, found] = await time(run);
      samples.push(took);
      matched = found;
    }
    const result = { name, via, ...spread(samples), count: matched };
    results.push(result);
    console.log(
      `  ${name} (${via}): p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, max ${ms(result.max)} ms; ${count(matched)} rows match`,
    );
  };

  console.log(`\nService (searchRepresentations in the council's transaction), ${runs} runs each:`);
  for (const { name, query } of queries) {
    const parsed = tableQuerySchema.parse(query);
    await measure(
      name,
      'service',
      async () =>
        (await withTenant(database.db, tenantId, (trx) => searchRepresentations(trx, parsed, true))).result
          .count,
    );
  }

  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'http://{tenant}.planning.test',
      WEB_DIST_DIR: '/nonexistent',
      MAIL_OUTBOX_DIR: os.tmpdir(),
      JOBS_WORKER: 'false',
      ALLOW_UNSCANNED_UPLOADS: 'true',
    }),
    database,
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/firebase-auth/login',
    headers: { 'x-tenant': tenantName },
    payload: { email: `officer@${tenantName}.test`, password: DEMO_PASSWORD },
  });
  const session = login.cookies.find((cookie) => cookie.name === 'planning_session');
  if (login.statusCode !== 200 || !session)
    throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const headers = {
    'x-tenant': tenantName,
    cookie: `planning_session=${session.value}`,
    'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken,
  };
  console.log(
    `\nHTTP (POST /api/v1/consultations/representations/search through app.inject), ${runs} runs each:`,
  );
  for (const { name, query } of queries.slice(0, 2)) {
    await measure(name, 'HTTP', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/consultations/representations/search',
        headers,
        payload: query,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<{ result: { count: number } }>().result.count;
    });
  }
  const sample = await app.inject({
    method: 'POST',
    url: '/api/v1/consultations/representations/search',
    headers,
    payload: queries[0]!.query,
  });
  console.log(
    `\nGroups of the first query: ${JSON.stringify(sample.json<{ result: { groupedByDistinctValue: unknown } }>().result.groupedByDistinctValue)}`,
  );
  await app.close();

  if (values.explain) {
    await owner.query('begin');
    await owner.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    await owner.query('set local role planning_app');
    const plan = await asOwner<{ 'QUERY PLAN': string }>(`explain (analyze, buffers)
      select count(*) from representations r
        join consultation_events e on e.id = r.consultation_event_id
        left join organisations o on o.id = r.organisation_id
        left join contacts c on c.id = r.contact_id
        left join contacts a on a.id = r.agent_contact_id
      where r.deleted_at is null and (r.id in (select t.id from representations t
          where to_tsvector('english', t.plain_text) @@ to_tsquery('english', 'flooding:*'))
        or r.contact_id in (select id from contacts where name ilike '%flooding%'))
        and r.status in ('Received', 'Acknowledged', 'Pending', 'In review') and r.attitude = 'Oppose'`);
    console.log(`\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    await owner.query('rollback');
  }

  const [version] = await asOwner<{ version: string }>('select version()');
  console.log('\n| Query | Via | p50 ms | p95 ms | max ms | Rows matching |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const result of results)
    console.log(
      `| ${result.name} | ${result.via} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | ${count(result.count)} |`,
    );
  const worst = Math.max(...results.map((result) => result.p95));
  console.log(
    `\nTarget p95 < ${TARGET_P95_MS} ms: ${worst < TARGET_P95_MS ? 'met' : 'NOT met'} (worst p95 ${ms(worst)} ms)`,
  );
  console.log(
    `Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; ${version!.version.split(',')[0]}; load ${loadBefore.map((n) => n.toFixed(2)).join(' ')} before, ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} after`,
  );
  await owner.end();
  await database.close();
}

await main();
