import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenant-transaction';
import type { BucketName } from '../storage/storage';
import { buildContact, buildEvent, buildRepresentation } from '../../../test/consultation-factories';
import { buildTenantWithUsers } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';

/**
 * The retention tests' scene: in a council, one record of each type past its default rule and one
 * younger, written straight to the database and the store (the rows' ages set by hand).
 */
export const DAY = 86_400_000;
export const ago = (days: number) => new Date(Date.now() - days * DAY);

type Council = Awaited<ReturnType<typeof buildTenantWithUsers>>;
/** One record of each type past its default rule, and one younger, in a council. */
export type Scene = {
  council: Council;
  old: { contactId: string; jobId: string; exportKey: string; uploadId: string; geodataKey: string };
  oldFiles: { unattached: string; deleted: string; quarantined: string };
  young: { contactId: string; sharedContactId: string; jobId: string; uploadId: string; files: string[] };
  attachedFileId: string;
  oldAuditId: string;
};

export function retentionScene(t: TestApp) {
  const put = (tenantId: string, bucket: BucketName, key: string) =>
    t.app.storage.put(tenantId, bucket, key, Buffer.from('%PDF-1.4 retention test'));
  const stored = async (tenantId: string, bucket: BucketName, key: string) =>
    (await t.app.storage.stat(tenantId, bucket, key)) !== null;

  async function aJob(
    tenantId: string,
    values: { kind: string; payload?: unknown; result?: unknown; finished: Date; created?: Date },
  ) {
    return withTenant(t.database.db, tenantId, async (trx) => {
      const { id } = await trx
        .insertInto('jobs')
        .values({
          tenant_id: tenantId,
          // A queue no worker takes: the rows only set the scene.
          queue: 'retention-scene',
          kind: values.kind,
          payload: JSON.stringify(values.payload ?? {}),
          status: 'succeeded',
          result: JSON.stringify(values.result ?? null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`update jobs set finished_at = ${values.finished}, created_at = ${values.created ?? values.finished}
        where id = ${id}`.execute(trx);
      return id;
    });
  }

  async function aFile(
    tenantId: string,
    values: { bucket: BucketName; at: Date; siteless?: boolean; deleted?: boolean; quarantined?: boolean },
  ) {
    const id = randomUUID();
    await put(tenantId, values.bucket, id);
    await withTenant(t.database.db, tenantId, async (trx) => {
      await trx
        .insertInto('files')
        .values({
          id,
          tenant_id: tenantId,
          site_id: null,
          bucket: values.bucket,
          home_bucket: 'siteFiles',
          key: id,
          orig_name: 'Letter from Pat Person.pdf',
          name: 'Letter from Pat Person.pdf',
          content_type: 'application/pdf',
          size: 23,
          scan_status: values.quarantined ? 'quarantined' : 'clean',
          uploaded_by: null,
          uploaded_by_name: 'Test',
        })
        .execute();
      await sql`update files set created_at = ${values.at}, scanned_at = ${values.at},
        deleted_at = ${values.deleted ? values.at : null} where id = ${id}`.execute(trx);
    });
    return id;
  }

  async function buildScene(): Promise<Scene> {
    const council = await buildTenantWithUsers(t.database.db);
    const id = council.id;
    // Representations: one plan adopted ten years ago, one last year, one consultation not adopted.
    const longAgo = await buildEvent(t.database.db, id, { name: 'Local Plan Regulation 19' });
    const lastYear = await buildEvent(t.database.db, id, { name: 'Minerals Plan' });
    const live = await buildEvent(t.database.db, id, { name: 'Design Code' });
    await withTenant(t.database.db, id, async (trx) => {
      await trx
        .updateTable('consultation_events')
        .set({ plan_adopted_on: '2016-03-01' })
        .where('id', '=', longAgo.id)
        .execute();
      await trx
        .updateTable('consultation_events')
        .set({ plan_adopted_on: ago(365).toISOString().slice(0, 10) })
        .where('id', '=', lastYear.id)
        .execute();
    });
    const gone = await buildContact(t.database.db, id, {
      firstName: 'Olive',
      lastName: 'Oldham',
      email: 'olive@example.test',
      postcode: 'ME14 1XX',
    });
    const shared = await buildContact(t.database.db, id, {
      firstName: 'Sam',
      lastName: 'Still',
      email: 'sam@example.test',
    });
    const recent = await buildContact(t.database.db, id, { firstName: 'Rita', lastName: 'Recent' });
    await buildRepresentation(t.database.db, id, {
      eventId: longAgo.id,
      contactId: gone.id,
      text: 'The green belt must stay.',
    });
    await buildRepresentation(t.database.db, id, { eventId: longAgo.id, contactId: shared.id });
    await buildRepresentation(t.database.db, id, { eventId: live.id, contactId: shared.id });
    const attachedTo = await buildRepresentation(t.database.db, id, {
      eventId: lastYear.id,
      contactId: recent.id,
    });

    // Exports and jobs: a data export finished 40 days ago with its file still there, one yesterday.
    const exportKey = `${randomUUID()}/sites.csv`;
    await put(id, 'exports', exportKey);
    const file = { key: exportKey, name: 'sites.csv', contentType: 'text/csv' };
    const oldJob = await aJob(id, { kind: 'test.export', result: { file }, finished: ago(40) });
    const youngJob = await aJob(id, {
      kind: 'test.export',
      result: { file: { ...file, key: 'x/young.csv' } },
      finished: ago(1),
    });

    // Geodata uploads: the stored file of an upload 40 days ago goes; one of yesterday stays.
    const geodataKey = randomUUID();
    const youngGeodataKey = randomUUID();
    await put(id, 'geodata', geodataKey);
    await put(id, 'geodata', youngGeodataKey);
    const inspect = (key: string) => ({ key, fileName: 'owners.gpkg', size: 23 });
    const uploadId = await aJob(id, {
      kind: 'geodata.inspect',
      payload: inspect(geodataKey),
      finished: ago(40),
    });
    const youngUploadId = await aJob(id, {
      kind: 'geodata.inspect',
      payload: inspect(youngGeodataKey),
      finished: ago(1),
    });

    // Files: never attached (10 days), deleted (10 days), quarantined (40 days); younger ones stay,
    // and so does an old file attached to a representation.
    const unattached = await aFile(id, { bucket: 'siteFiles', at: ago(10) });
    const deleted = await aFile(id, { bucket: 'siteFiles', at: ago(10), deleted: true });
    const quarantined = await aFile(id, { bucket: 'quarantined', at: ago(40), quarantined: true });
    const youngFiles = [
      await aFile(id, { bucket: 'siteFiles', at: ago(2) }),
      await aFile(id, { bucket: 'quarantined', at: ago(5), quarantined: true }),
    ];
    const attachedFileId = await aFile(id, { bucket: 'consultations-attachments', at: ago(100) });
    await withTenant(t.database.db, id, (trx) =>
      trx
        .insertInto('representation_attachments')
        .values({ tenant_id: id, representation_id: attachedTo.id, file_id: attachedFileId })
        .execute(),
    );

    // The audit log: an entry seven years old goes, one of five years stays.
    const oldAuditId = await withTenant(t.database.db, id, async (trx) => {
      const entry = (at: Date) =>
        trx
          .insertInto('audit_log')
          .values({
            tenant_id: id,
            occurred_at: at,
            action: 'role.update',
            summary: 'Changed a role',
            actor_user_id: null,
            actor_email: 'old@example.test',
            target_type: null,
            target_id: null,
            ip: null,
            user_agent: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      await entry(ago(5 * 365));
      return (await entry(ago(7 * 365))).id;
    });
    return {
      council,
      old: { contactId: gone.id, jobId: oldJob, exportKey, uploadId, geodataKey },
      oldFiles: { unattached, deleted, quarantined },
      young: {
        contactId: recent.id,
        sharedContactId: shared.id,
        jobId: youngJob,
        uploadId: youngUploadId,
        files: youngFiles,
      },
      attachedFileId,
      oldAuditId,
    };
  }

  async function state(scene: Scene) {
    const id = scene.council.id;
    return withTenant(t.database.db, id, async (trx) => ({
      contact: await trx
        .selectFrom('contacts')
        .select(['first_name', 'last_name', 'email', 'postcode', 'anonymised_at'])
        .where('id', '=', scene.old.contactId)
        .executeTakeFirstOrThrow(),
      oldJob: await trx.selectFrom('jobs').select('id').where('id', '=', scene.old.jobId).executeTakeFirst(),
      upload: await trx
        .selectFrom('jobs')
        .select('payload')
        .where('id', '=', scene.old.uploadId)
        .executeTakeFirstOrThrow(),
      files: (
        await trx.selectFrom('files').select('id').where('id', 'in', Object.values(scene.oldFiles)).execute()
      ).length,
      oldAudit: await trx
        .selectFrom('audit_log')
        .select('id')
        .where('id', '=', scene.oldAuditId)
        .executeTakeFirst(),
      exportStored: await stored(id, 'exports', scene.old.exportKey),
      geodataStored: await stored(id, 'geodata', scene.old.geodataKey),
      filesStored: (
        await Promise.all([
          stored(id, 'siteFiles', scene.oldFiles.unattached),
          stored(id, 'siteFiles', scene.oldFiles.deleted),
          stored(id, 'quarantined', scene.oldFiles.quarantined),
        ])
      ).filter(Boolean).length,
    }));
  }

  return { stored, aJob, aFile, buildScene, state };
}
