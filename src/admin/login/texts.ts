/** The sign-in pages' texts, from the staff catalogue's sign-in and frame parts, without loading react-admin or the rest of the catalogue. */
import { shellNb } from '../../i18n/app/shell-nb.ts';
import { signInNb } from '../../i18n/app/sign-in-pages-nb.ts';
import raNorwegian from '../../i18n/ra/nb.ts';

export const texts = {
  ...signInNb.login,
  reset: signInNb.reset,
  appName: shellNb.name,
  statementLink: shellNb.footer.statement,
  errors: shellNb.errors,
  twoFactor: signInNb.two_factor,
  invalidForm: raNorwegian.ra.message.invalid_form as string,
};
