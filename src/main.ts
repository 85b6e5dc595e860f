/**
 * The one entry of index.html: picks the staff app or the member app by path and loads only
 * that one, so Min side never carries react-admin. Other paths go where `entryFor` says.
 */
import { reloadOnChunkFailure } from './common/chunk-reload.ts';
import { entryFor } from './common/routing.ts';
import { readSession } from './common/session.ts';

reloadOnChunkFailure();
const root = document.getElementById('root')!;
const entry = entryFor(window.location.pathname, readSession());

if ('redirect' in entry) {
  window.location.replace(entry.redirect);
} else if (entry.app === 'member') {
  void import('./min-side/main.tsx').then(({ mount }) => mount(root));
} else if (!readSession() && (window.location.pathname === '/' || window.location.pathname.startsWith('/reset-password'))) {
  // A visitor's staff sign-in: a small page without react-admin, which loads the staff app on sign-in.
  void import('./admin/login/main.tsx').then(({ mount }) => mount(root));
} else {
  void import('./admin/main.tsx').then(({ mount }) => mount(root));
}
