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

/**
 * One page of an area, by its full path pattern in the area's `pages`: the one place its path is
 * written. The routes, the breadcrumbs, the browser's title, the rights checks and the server's
 * preloads all read it.
 */
export interface Page {
  /**
   * The source path of the module drawing the page (as the area's index.ts binds its component):
   * the route renders that component, and the server preloads that module's chunks with the staff
   * app's HTML. Without it the entry only names paths for the breadcrumb (a catch-all like '/x/*').
   */
  module?: string;
  /** Its breadcrumb's label (a catalogue key); the page is in the breadcrumb bar when it has one. */
  label?: string;
  /** The page whose trail comes before its own, with the same parameter names (filled in from its path). */
  parent?: string;
  /** The page's name in the browser's title (a catalogue key); without it, the label in sentence case. */
  title?: string;
  /** The right it needs when it is not the area's. */
  right?: Needs;
}

/** A breadcrumb: the label of every path matching `pattern`, after the trail of `parent` (params filled in). */
export interface Crumb {
  pattern: string;
  label: string;
  parent?: string;
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
  /** The resources its screens read, by react-admin resource name. */
  resources: Record<string, ApiPaths>;
  /**
   * Its pages by their full path pattern. The breadcrumbs take the first pattern that matches, in
   * this order, so a literal page ('/x/files') comes before a parameter ('/x/:id'), and a catch-all
   * ('/x/*') last.
   */
  pages: Record<string, Page>;
  /**
   * The right its menu entry and its pages need (as the routes behind them declare theirs); a staff
   * user without it sees no entry, and a page typed in says what is missing. Every area of the app
   * declares one.
   */
  right?: Needs;
}
