/**
 * Content adapter: the public WordPress site when CONTENT_URL is set; otherwise the pages and
 * discount codes kept in our own database. HTML is sanitised either way before anyone shows it.
 */
import type { Queryable } from '../db/database.ts';
import { htmlToText, sanitizeRichText } from '../lib/html.ts';

export interface ContentPage {
  title: string;
  content: string;
}

export interface DiscountCode {
  code: string;
  description: string;
}

export interface ContentSource {
  page(slug: string): Promise<ContentPage | null>;
  discountCodes(): Promise<DiscountCode[]>;
}

/** The content site could not be read; the routes answer 502. */
export class ContentUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentUnavailableError';
  }
}

export interface WordpressOptions {
  url: string;
  /** The coupons post type's rest_base. */
  couponsPath: string;
  timeoutMs: number;
}

interface Rendered {
  rendered?: string;
}

interface WordpressPost {
  title?: Rendered;
  content?: Rendered;
  acf?: { code?: unknown; description?: unknown } | unknown[] | null;
}

const PER_PAGE = 100;
// A runaway X-WP-Total must not turn one profile view into hundreds of requests.
const MAX_COUPON_PAGES = 10;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function acfField(post: WordpressPost, field: 'code' | 'description'): string {
  const acf = post.acf;
  return acf && !Array.isArray(acf) ? text(acf[field]).trim() : '';
}

export function wordpressContent(options: WordpressOptions): ContentSource {
  const base = `${options.url.replace(/\/+$/, '')}/wp-json/wp/v2`;

  async function get(path: string): Promise<{ body: unknown; headers: Headers }> {
    const url = `${base}/${path}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (cause) {
      throw new ContentUnavailableError(`${url}: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    if (!response.ok) throw new ContentUnavailableError(`${url}: HTTP ${response.status}`);
    try {
      return { body: await response.json(), headers: response.headers };
    } catch {
      throw new ContentUnavailableError(`${url}: svaret er ikke JSON`);
    }
  }

  async function posts(path: string): Promise<{ posts: WordpressPost[]; total: number }> {
    const { body, headers } = await get(path);
    if (!Array.isArray(body)) throw new ContentUnavailableError(`${base}/${path}: svaret er ikke en liste`);
    const total = Number(headers.get('x-wp-total'));
    return { posts: body as WordpressPost[], total: Number.isFinite(total) ? total : body.length };
  }

  return {
    async page(slug) {
      const { posts: found } = await posts(`pages?slug=${encodeURIComponent(slug)}`);
      const [page] = found;
      if (!page) return null;
      return { title: htmlToText(text(page.title?.rendered)), content: sanitizeRichText(text(page.content?.rendered)) };
    },

    async discountCodes() {
      const all: WordpressPost[] = [];
      for (let page = 1; page <= MAX_COUPON_PAGES; page++) {
        const { posts: batch, total } = await posts(`${options.couponsPath}?per_page=${PER_PAGE}&page=${page}&acf_format=standard`);
        all.push(...batch);
        if (batch.length < PER_PAGE || all.length >= total) break;
      }
      return all
        .map((post) => ({
          code: acfField(post, 'code') || htmlToText(text(post.title?.rendered)),
          description: sanitizeRichText(acfField(post, 'description') || text(post.content?.rendered)),
        }))
        .filter((coupon) => coupon.code !== '');
    },
  };
}

/** The embedded default: content_pages and the active discount_codes, in their sort order. */
export function databaseContent(db: Queryable): ContentSource {
  return {
    async page(slug) {
      const [page] = await db.query<ContentPage>('SELECT title, content FROM content_pages WHERE slug = $1', [slug]);
      return page ? { title: page.title, content: sanitizeRichText(page.content) } : null;
    },
    async discountCodes() {
      const rows = await db.query<DiscountCode>('SELECT code, description FROM discount_codes WHERE active ORDER BY sort_order, id');
      return rows.map((row) => ({ code: row.code, description: sanitizeRichText(row.description) }));
    },
  };
}

export interface ContentSettings {
  contentUrl: string | null;
  contentCouponsPath: string;
  contentTimeoutMs: number;
}

export const contentSourceFor = (settings: ContentSettings, db: Queryable): ContentSource =>
  settings.contentUrl
    ? wordpressContent({ url: settings.contentUrl, couponsPath: settings.contentCouponsPath, timeoutMs: settings.contentTimeoutMs })
    : databaseContent(db);
