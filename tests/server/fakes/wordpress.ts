/** A fake WordPress REST API: pages by slug, and a coupons post type paged with X-WP-Total. */
import { startFake, type FakeAnswer, type FakeServer } from './http.ts';

export interface WordpressPost {
  title: { rendered: string };
  content: { rendered: string };
  slug?: string;
  acf?: Record<string, unknown> | unknown[];
}

export interface FakeWordpress extends FakeServer {
  pages: WordpressPost[];
  coupons: WordpressPost[];
  /** Answer every request with this instead (errors, slowness). */
  override: FakeAnswer | null;
}

export async function startFakeWordpress(couponsPath = 'coupons'): Promise<FakeWordpress> {
  const state = { pages: [] as WordpressPost[], coupons: [] as WordpressPost[], override: null as FakeAnswer | null };
  const fake = await startFake((request) => {
    if (state.override) return state.override;
    const url = new URL(request.url, 'http://wordpress.test');
    if (url.pathname === '/wp-json/wp/v2/pages') {
      return { body: state.pages.filter((page) => page.slug === url.searchParams.get('slug')) };
    }
    if (url.pathname === `/wp-json/wp/v2/${couponsPath}`) {
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = state.coupons.slice((page - 1) * perPage, page * perPage);
      return { body: slice, headers: { 'x-wp-total': String(state.coupons.length) } };
    }
    return { status: 404, body: { code: 'rest_no_route' } };
  });
  return Object.assign(state, fake);
}

export const post = (title: string, content: string, extra: Partial<WordpressPost> = {}): WordpressPost => ({
  title: { rendered: title },
  content: { rendered: content },
  ...extra,
});
