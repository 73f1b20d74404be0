import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Issue 25: the public document page's first screen drawn by the server, under the public API's
// rules, from its sanitised answer.
let t: TestApp;
let distDir: string;
type Council = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let council: Council;
let other: Council;

const FIRST_TEXT = 'Where the new homes of the district should go';
const LATER_TEXT = 'A section far down the document';
let shares = 0;
/** Each document's own share token (they are unique). */
const shareOf = (id: string) => `share-token-${id}`;

/** A document stored as given (rich text as HTML, as an old import may have left it). */
async function storeDocument(at: Council, title: string, published: boolean, text = FIRST_TEXT) {
  const sections = Array.from({ length: 6 }, (_, n) => `s${n}`);
  const entities: Record<string, unknown> = {
    root: { id: 'root', type: 'section', title, childSectionIds: ['hero', ...sections] },
    hero: { id: 'hero', type: 'hero', title, subtitle: 'Have your say' },
  };
  for (const [n, id] of sections.entries()) {
    entities[id] = { id, type: 'section', title: `Part ${n + 1}`, childSectionIds: [`${id}-text`] };
    entities[`${id}-text`] = {
      id: `${id}-text`,
      type: 'textBlock',
      content:
        n === 0
          ? `<p>${text}</p><script>alert("stored")</script><img src="x" onerror="alert(1)">`
          : `<p>${n === 5 ? LATER_TEXT : 'More text'}</p>`,
    };
  }
  const config = { root: 'root', heroSection: 'hero', entities };
  return withTenant(t.database.db, at.id, async (trx) => {
    const row = await trx
      .insertInto('documents')
      .values({
        tenant_id: at.id,
        title,
        config: JSON.stringify(config),
        author_id: null,
        author_name: 'Test',
        is_published: published,
        published_at: published ? new Date() : null,
        share_token: `pending-share-token-${(shares += 1)}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('documents')
      .set({ share_token: shareOf(row.id) })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  });
}

const page = (at: Council, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-tenant': at.name, ...headers } });

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(distDir, '.vite'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Planning</title><script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
      '<body><noscript>This service needs JavaScript to run.</noscript><div id="root"></div></body></html>',
  );
  await writeFile(path.join(distDir, 'assets', 'pages-1.css'), '.public-layout{display:flex}');
  await writeFile(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/app/start.tsx': { file: 'assets/start-1.js', imports: ['index.html'] },
      'src/features/public-documents/publicDocumentPages.ts': {
        file: 'assets/pages-1.js',
        css: ['assets/pages-1.css'],
      },
    }),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  [council, other] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
});

afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the public document page drawn by the server (issue 25)', () => {
  it("holds a published document's first sections, sanitised, with the CSS and answers the app needs", async () => {
    const id = await storeDocument(council, 'Local Plan <draft>', true);
    const response = await page(council, `/p/document/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<p>${FIRST_TEXT}</p>`);
    expect(html).toContain('<h1 class="document-hero__title">Local Plan &#60;draft&#62;</h1>');
    expect(html).toContain('<title>Local Plan &#60;draft&#62;</title>');
    // The first screen only: the app draws the rest.
    expect(html).not.toContain(`<p>${LATER_TEXT}</p>`);
    // Nothing stored as script reaches the page, as markup or inside the answers' JSON.
    expect(html).not.toMatch(/<script>alert|onerror|alert\("stored"\)/);
    expect(html).toContain('.public-layout{display:flex}');
    expect(html).toContain('data-server-answer="/public/documents/' + id + '"');
    expect(html).not.toContain('<noscript>');
    // The entry is asked for by the inline loader, which the policy allows by its hash.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('"/assets/index-1.js"');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('is the plain app for an unpublished document, a bad share token, another council and a signed-in reader', async () => {
    const draft = await storeDocument(council, 'Draft plan', false, 'Draft words');
    const published = await storeDocument(council, 'Published plan', true, 'Published words');
    const plain = (html: string) => {
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('server-page');
    };
    const unpublished = await page(council, `/p/document/${draft}`);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.body).not.toContain('Draft words');
    plain(unpublished.body);
    const badToken = await page(council, `/p/document/${draft}?share=${shareOf(draft)}x`);
    expect(badToken.body).not.toContain('Draft words');
    plain(badToken.body);
    const elsewhere = await page(other, `/p/document/${published}`);
    expect(elsewhere.body).not.toContain('Published words');
    plain(elsewhere.body);
    const resident = await signIn(t.app, council.name, council.email('resident'));
    const signedIn = await page(council, `/p/document/${published}`, resident.headers());
    expect(signedIn.body).not.toContain('Published words');
    plain(signedIn.body);
    const unknown = await page(council, '/p/document/00000000-0000-4000-8000-000000000000');
    plain(unknown.body);
  });

  it('shows an unpublished document through its valid share link, marked as such', async () => {
    const draft = await storeDocument(council, 'Shared draft', false, 'Shared words');
    const response = await page(council, `/p/document/${draft}?share=${shareOf(draft)}`);
    expect(response.body).toContain('<p>Shared words</p>');
    expect(response.body).toContain('it is shown through a share link');
    expect(response.body).toContain(
      `data-server-answer="/public/documents/${draft}?share=${shareOf(draft)}"`,
    );
  });
});
