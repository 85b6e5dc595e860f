/** The sign-in pages' texts, from the staff catalogue, without loading react-admin. */
import nb from '../../i18n/app/nb.ts';
import raNorwegian from '../../i18n/ra/nb.ts';

export const texts = {
  ...nb.app.login,
  reset: nb.app.reset,
  appName: nb.app.name,
  statementLink: nb.app.footer.statement,
  errors: nb.app.errors,
  twoFactor: nb.app.two_factor,
  invalidForm: raNorwegian.ra.message.invalid_form as string,
};
