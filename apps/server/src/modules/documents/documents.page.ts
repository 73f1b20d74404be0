import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  documentOutline,
  sectionAnchor,
  type DocumentEntity,
  type OutlineEntry,
  type PublicDocument,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import type { ResolvedTenant } from '../tenants/tenants.resolve';
import { isFlagOn } from '../tenants/tenants.queries';
import { getCurrentTenant } from '../tenants/tenants.service';
import { SESSION_COOKIE } from '../auth/auth.session';
import { answerPolicy } from './documents.access';
import { presentPublic, publishedDocuments, readableDocument } from './documents.service';
import { ICONS, SERVER_PAGE_CSS, headerColors, linkColor } from './documents.page.parts';

/**
 * Issue 25: the public document page's first screen as HTML in the page itself, so a reader on a
 * phone sees the header, the hero and the first sections without waiting for the app's script.
 * The app renders the same screen in a hidden root and swaps it in once it has it
 * (apps/web/src/app/serverPage.ts). Built from the same answer the public API gives a signed-out
 * reader (the rich text already sanitised by it), under the same rules: a published document, or
 * an unpublished one with its valid share token. Signed-in readers (a session cookie) get the plain
 * app: their header names them, and nothing personal goes into this HTML.
 */

const DOCUMENT_PAGE = /^\/p\/document\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** Top-level blocks in the first screen, as the app's DocumentBody paints at once. */
const FIRST_SECTIONS = 3;

/**
 * The document page's HTML for this request, and the script source its policy must allow (the
 * inline loader's hash); null for the plain app.
 */
export async function documentPageHtml(
  request: FastifyRequest,
  tenant: ResolvedTenant,
  distDir: string,
): Promise<{ html: string; scriptSource: string } | null> {
  const url = new URL(request.url, 'http://host');
  const id = DOCUMENT_PAGE.exec(url.pathname)?.[1]?.toLowerCase();
  if (!id || request.cookies[SESSION_COOKIE]) return null;
  const share = url.searchParams.get('share') ?? undefined;
  const { db } = request.server.database;
  const current = await getCurrentTenant(db, tenant.id);
  if (!current || current.maintenance.global.inEffect) return null;
  // A page under maintenance is the app's to show (its routes' patterns are the app's rules).
  if (current.maintenance.pages.some((page) => page.inEffect)) return null;
  const found = await withTenant(db, tenant.id, async (trx) => {
    if (!(await isFlagOn(trx, 'documentBuilder'))) return null;
    const row = await readableDocument(trx, id, share).catch(() => null);
    if (!row) return null;
    return {
      document: await presentPublic(row, answerPolicy(null, row)),
      list: await publishedDocuments(trx),
    };
  });
  const shell = await webShell(distDir);
  if (!found || !shell) return null;
  const { document, list } = found;
  const documentPath = `/public/documents/${id}${share ? `?${new URLSearchParams({ share })}` : ''}`;
  // The answers the app would ask for first, handed to its client as if fetched (api/early.ts).
  const answers: [string, unknown][] = [
    [documentPath, document],
    ['/public/documents', { documents: list }],
    ['/tenants/current', current],
  ];
  const page = renderPage(document, {
    councilName: current.tenant.rawName,
    logo: current.tenant.logo,
    colors: headerColors(current.tenant.mainColor, current.tenant.theme.headerColor),
    documentCount: list.length,
    loginPath: `/consultations/login?returnUrl=${encodeURIComponent(url.pathname + url.search)}`,
  });
  const html = shell.html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(document.title)}</title>`)
    .replace(
      '</head>',
      `<style>${SERVER_PAGE_CSS}:where(#server-page) a{color:${linkColor(current.tenant.mainColor, current.tenant.theme.mode)}}${shell.css}</style></head>`,
    )
    // This page can be read without script.
    .replace(/<noscript>.*?<\/noscript>/s, '')
    .replace(
      '<div id="root"></div>',
      `<div id="server-page" class="app-root ant-app" data-council="${escapeHtml(current.tenant.name)}">${page}</div><div id="root" hidden></div>` +
        answers
          .map(
            ([apiPath, body]) =>
              `<script type="application/json" data-server-answer="${escapeHtml(apiPath)}">${jsonInHtml(body)}</script>`,
          )
          .join('') +
        `<script>${shell.loader}</script>`,
    );
  return { html, scriptSource: shell.loaderHash };
}

type Shell = { html: string; css: string; loader: string; loaderHash: string; mtimeMs: number };
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
const shells = new Map<string, Shell>();
/** The chunks the page runs first (app/start and the public document pages, main.tsx). */
const PAGE_CHUNKS = ['src/app/start.tsx', 'src/features/public-documents/publicDocumentPages.ts'];

/**
 * index.html with its stylesheet written in (the page's only render-blocking request) and its
 * scripts taken out, the CSS of the public document pages' chunk, and a loader that asks for the
 * app's scripts (the entry's and the page's chunks, side by side) once the text is on screen, so
 * on a slow connection nothing competes with the page's first paint. Read once per build.
 */
async function webShell(distDir: string): Promise<Shell | null> {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const mtimeMs = await stat(indexFile).then(
    (info) => info.mtimeMs,
    () => null,
  );
  if (mtimeMs === null) return null;
  const cached = shells.get(distDir);
  if (cached?.mtimeMs === mtimeMs) return cached;
  const manifest = await readFile(manifestFile, 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => null);
  if (!manifest || !PAGE_CHUNKS.every((key) => manifest[key])) return null;
  const css = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // Not the entry's own (index.html has them already).
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of PAGE_CHUNKS) visit(key);
  const read = (file: string) => readFile(path.join(distDir, file), 'utf8');
  let html = await readFile(indexFile, 'utf8');
  for (const link of html.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
    const href = /href="\/([^"]+\.css)"/.exec(link)?.[1];
    if (href && !href.includes('..')) html = html.replace(link, `<style>${await read(href)}</style>`);
  }
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(html);
  if (!entry?.[1]) return null;
  html = html.replace(entry[0], '');
  const preloads = new Set<string>();
  for (const link of html.match(/<link rel="modulepreload"[^>]*>/g) ?? []) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    if (href) preloads.add(href);
    html = html.replace(link, '');
  }
  for (const file of scripts) preloads.add(`/${file}`);
  // The same links Vite's loader would add (it looks for them first), then the entry. A few links
  // a task: each link costs the browser about a millisecond to start, four on a slow phone, and
  // fifty at once held the main thread for 200 ms there.
  const loader =
    `(function(){var h=${JSON.stringify([...preloads])},e=${JSON.stringify(entry[1])};` +
    `function add(){h.splice(0,6).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});` +
    `if(h.length)return setTimeout(add);var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e;document.head.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(add)})})()`;
  const shell = {
    html,
    css: (await Promise.all([...css].map(read))).join(''),
    loader,
    loaderHash: `'sha256-${createHash('sha256').update(loader).digest('base64')}'`,
    mtimeMs,
  };
  shells.set(distDir, shell);
  return shell;
}

type Frame = {
  councilName: string;
  logo: string | null;
  colors: { background: string; color: string };
  documentCount: number;
  loginPath: string;
};

/** The same markup as the app's PublicDocumentLayout and PublicDocumentPage, first screen only. */
function renderPage(document: PublicDocument, frame: Frame): string {
  const { background, color } = frame.colors;
  const outline = documentOutline(document.config);
  const link = (href: string, text: string) =>
    `<a class="public-header__link" href="${escapeHtml(href)}" style="color:${escapeHtml(color)}">${text}</a>`;
  const button = (label: string, icon: string, trigger: boolean) =>
    trigger
      ? `<span class="menu-button"><button type="button" class="menu-button__trigger public-header__button" style="color:${escapeHtml(color)}" aria-haspopup="menu" aria-expanded="false">${icon}${label}${ICONS.down}</button></span>`
      : `<button type="button" class="public-header__button" style="color:${escapeHtml(color)}">${icon}${label}</button>`;
  const header =
    `<header class="public-header" style="background:${escapeHtml(background)};color:${escapeHtml(color)}">` +
    `<a class="public-header__brand" href="/p/document/all" style="color:${escapeHtml(color)}">` +
    (frame.logo ? `<img class="public-header__logo" src="${escapeHtml(frame.logo)}" alt="">` : '') +
    `<span class="public-header__name">${escapeHtml(frame.councilName)}</span></a>` +
    `<nav class="public-header__end" aria-label="Document">` +
    (frame.documentCount > 1 ? link('/p/document/all', 'All Documents') : '') +
    button('Download', ICONS.download, true) +
    button('Share', ICONS.share, false) +
    link(frame.loginPath, 'Log in') +
    `</nav></header>`;
  const contents =
    outline.length > 0
      ? `<aside class="public-document__side"><nav class="document-contents document-contents--side" aria-label="Document contents">` +
        `<details class="server-page__narrow"><summary class="document-contents__title">Contents</summary>${contentsList(outline, 'Sections')}</details>` +
        `<div class="server-page__wide"><p class="document-contents__title">Contents</p>${contentsList(outline, 'Sections')}</div>` +
        `</nav></aside>`
      : '';
  const body = new BodyRenderer(document, outline).render();
  const hasHero = pageHeroId(document) !== null;
  const article =
    `<article class="public-document__body" aria-label="${escapeHtml(document.title)}">` +
    (document.meta.isPublished
      ? ''
      : '<p class="public-document__draft">This document is not published: it is shown through a share link.</p>') +
    (hasHero ? '' : `<h1 class="public-document__title">${escapeHtml(document.title)}</h1>`) +
    body +
    '</article>';
  return (
    `<div class="public-layout"><a class="skip-link" href="#main-content">Skip to main content</a>${header}` +
    `<main id="main-content" tabindex="-1" class="public-layout__main">` +
    `<div class="${outline.length > 0 ? 'public-page public-document' : 'public-page public-document public-document--single'}">${contents}${article}</div>` +
    `</main><div class="public-notice" role="status" aria-live="polite"></div></div>`
  );
}

function contentsList(entries: readonly OutlineEntry[], label: string): string {
  const items = entries.map(
    (entry) =>
      `<li class="document-contents__item document-contents__item--${Math.min(entry.depth, 3)}"><a href="#${escapeHtml(entry.anchor)}">` +
      (entry.number ? `<span class="document-contents__number">${escapeHtml(entry.number)}</span>` : '') +
      `${escapeHtml(entry.title)}</a></li>`,
  );
  return `<ol class="document-contents__list" aria-label="${escapeHtml(label)}">${items.join('')}</ol>`;
}

/** As the web's pageHeroId: the config's heroSection, else the root's first hero. */
function pageHeroId({ config }: PublicDocument): string | null {
  const { entities } = config;
  if (config.heroSection && entities[config.heroSection]?.type === 'hero') return config.heroSection;
  return (entities[config.root]?.childSectionIds ?? []).find((id) => entities[id]?.type === 'hero') ?? null;
}

type Entity<T extends DocumentEntity['type']> = Extract<DocumentEntity, { type: T }>;

/** The blocks as DocumentBody draws them; null for a kind not drawn here (the page stops before it). */
class BodyRenderer {
  private readonly byId: Map<string, OutlineEntry>;
  private readonly hero: string | null;

  constructor(
    private readonly document: PublicDocument,
    private readonly outline: readonly OutlineEntry[],
  ) {
    this.byId = new Map(outline.map((entry) => [entry.id, entry]));
    this.hero = pageHeroId(document);
  }

  render(): string {
    const { config } = this.document;
    const children = config.entities[config.root]?.childSectionIds ?? [];
    const loose = config.heroSection && !children.includes(config.heroSection) ? config.heroSection : null;
    let html = '';
    for (const id of [...(loose ? [loose] : []), ...children.slice(0, FIRST_SECTIONS)]) {
      const block = this.entity(id, 2, new Set());
      if (block === null) break;
      html += block;
    }
    return html;
  }

  private entity(id: string, level: number, seen: Set<string>): string | null {
    const { entities } = this.document.config;
    const item = Object.hasOwn(entities, id) ? entities[id] : undefined;
    if (!item) return '';
    if (seen.has(id)) return null;
    seen.add(id);
    switch (item.type) {
      case 'section':
      case 'subSection':
        return this.section(item, level, seen);
      case 'hero':
        return this.heroBlock(item);
      case 'tableOfContents': {
        const title = item.title || 'Contents';
        return `<nav class="document-contents" aria-label="${escapeHtml(title)}"><p class="document-contents__title">${escapeHtml(title)}</p>${contentsList(this.outline, title)}</nav>`;
      }
      case 'divider':
        return '<hr class="document-divider">';
      case 'textBlock':
        // Sanitised by presentPublic through the rich text allow-list, as the API sends it.
        return typeof item.content === 'string' ? `<div class="document-text">${item.content}</div>` : '';
      case 'table':
        return tableBlock(item);
      case 'chart':
        return `<div><figure class="document-chart"><figcaption class="document-chart__title">${escapeHtml(item.chartName)}</figcaption><div class="document-chart__placeholder" aria-hidden="true"></div></figure></div>`;
      case 'map':
        return (
          `<div><div class="document-map-block" data-block="${escapeHtml(item.id)}">` +
          (item.caption ? `<p class="document-map-block__caption">${escapeHtml(item.caption)}</p>` : '') +
          '<div class="document-map" data-map-state="waiting"><div class="document-map__placeholder" aria-hidden="true">Loading map…</div></div></div></div>'
        );
      default:
        // Images, videos, links, carousels, tags and questions: the app draws those.
        return null;
    }
  }

  private section(item: Entity<'section'> | Entity<'subSection'>, level: number, seen: Set<string>) {
    const entry = this.byId.get(item.id);
    const anchor = entry?.anchor ?? sectionAnchor(item.id);
    const label = [entry?.number, item.title].filter(Boolean).join(' ');
    const tag = `h${Math.min(6, Math.max(2, level))}`;
    let children = '';
    for (const id of item.childSectionIds ?? []) {
      const child = this.entity(id, level + 1, seen);
      if (child === null) return null;
      children += child;
    }
    return (
      `<section id="${escapeHtml(anchor)}" class="document-section document-section--${item.type}" aria-labelledby="${escapeHtml(anchor)}-heading">` +
      `<div class="document-section__head"><${tag} id="${escapeHtml(anchor)}-heading" class="document-section__heading">` +
      (entry?.number ? `<span class="document-section__number">${escapeHtml(entry.number)}</span>` : '') +
      `${escapeHtml(item.title ?? '')}</${tag}>` +
      `<button type="button" class="document-section__copy" title="Copy link to this heading" aria-label="${escapeHtml(`Copy link to heading ${label}`)}">${ICONS.link}</button></div>` +
      `${children}</section>`
    );
  }

  private heroBlock(item: Entity<'hero'>) {
    const title = this.hero === item.id ? 'h1' : 'p';
    return (
      `<div class="document-hero${item.imageURL ? ' document-hero--image' : ''}">` +
      (item.imageURL ? `<img class="document-hero__image" src="${escapeHtml(item.imageURL)}" alt="">` : '') +
      `<div class="document-hero__text"><${title} class="document-hero__title">${escapeHtml(item.title)}</${title}>` +
      (item.subtitle ? `<p class="document-hero__subtitle">${escapeHtml(item.subtitle)}</p>` : '') +
      '</div></div>'
    );
  }
}

function tableBlock(item: Entity<'table'>): string {
  const caption = item.caption || 'Table';
  const head =
    item.header.length > 0
      ? `<thead><tr>${item.header.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr></thead>`
      : '';
  const rows = item.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return (
    `<div class="document-table" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table class="document-table__table">` +
    (item.caption ? `<caption>${escapeHtml(item.caption)}</caption>` : '') +
    `${head}<tbody>${rows}</tbody></table></div>`
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a script element: nothing in it can close the element or open a comment. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
