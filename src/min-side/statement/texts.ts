/** The accessibility statement's texts in the language shown (src/i18n/min-side/statement-nb.ts, -en.ts). */
import { statementEn } from '../../i18n/min-side/statement-en.ts';
import { statementNb, type StatementTexts } from '../../i18n/min-side/statement-nb.ts';
import { useShownLocale } from '../locale.tsx';

export const useStatementTexts = (): StatementTexts => (useShownLocale() === 'en' ? statementEn : statementNb);
