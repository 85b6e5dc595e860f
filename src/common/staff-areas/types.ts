/** The plain shape of a staff area's declaration: no React, so the entry script and the server can read it. */
import type { Right } from '../../../server/domain/staff/rights.ts';

/** The staff right a page needs: one, or any one of several. */
export type Needs = Right | readonly Right[];

/** Which /api paths serve one react-admin resource. */
export interface ApiPaths {
  list?: string;
  one?: (id: string | number) => string;
  create?: string;
  update?: (id: string | number) => string;
  remove?: (id: string | number) => string;
  /** Related rows of one record (getManyReference), when the API puts its id in the path. */
  of?: (id: string | number) => string;
  /** Fixed query parameters every list call of this resource carries. */
  listQuery?: Record<string, string>;
  /** The list answers { data: [...] } without paging (small reference lists). */
  unpaged?: boolean;
  /** The whole filtered list as CSV, saved under `filename`. */
  csv?: { path: string; filename: string };
}

/** A breadcrumb: the label of every path matching `pattern`, after the trail of `parent` (params filled in). */
export interface Crumb {
  pattern: string;
  label: string;
  parent?: string;
  /** The page's name in the browser's title (a catalogue key); without it, the label in sentence case. */
  title?: string;
}

export interface MenuEntry {
  /** A catalogue key; it gets `count` when the entry has a badge. */
  label: string;
  /** Entries of one group are listed together under the group's heading. */
  group?: 'requests';
  /** The resource whose list total is this entry's pending count. */
  badge?: string;
}

export interface StaffArea {
  /** The react-admin resource name and the first segment of its path. */
  name: string;
  path: string;
  menu: MenuEntry;
  crumbs: Crumb[];
  /** The resources its screens read, by react-admin resource name. */
  resources: Record<string, ApiPaths>;
  /**
   * The module drawing each of its pages (a source path, as the area's index.ts imports it
   * lazily), by the page's full path pattern: the server preloads that module's chunks with the
   * staff app's HTML, so a page's code loads beside the app instead of after it.
   */
  pages?: Record<string, string>;
  /**
   * The right its menu entry and its pages need (as the routes behind them declare theirs); a staff
   * user without it sees no entry, and a page typed in says what is missing. Every area of the app
   * declares one.
   */
  right?: Needs;
  /** Pages needing another right than the area's, by the page's full path pattern (as in `pages`). */
  pageRights?: Record<string, Needs>;
}
