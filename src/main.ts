/**
 * The one entry of index.html: picks the staff app or the member app by path and loads only
 * that one, so Min side never carries react-admin. Unknown paths go to the staff login at /.
 */
import { appForPath } from './common/routing.ts';

const root = document.getElementById('root')!;
const app = appForPath(window.location.pathname);

if (app === 'member') {
  void import('./min-side/main.tsx').then(({ mount }) => mount(root));
} else if (app === 'staff') {
  void import('./admin/main.tsx').then(({ mount }) => mount(root));
} else {
  window.location.replace('/');
}
