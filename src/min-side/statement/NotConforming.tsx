/** What the automated check found not to conform, what it could not decide, and what it cannot test. */
import { WCAG_CRITERIA } from '../../common/a11y/wcag-criteria.ts';
import type { CriterionResult } from '../../common/a11y/statement-types.ts';
import { useShownLocale } from '../locale.tsx';
import { useStatementTexts } from './texts.ts';

function Findings({ results }: { results: CriterionResult[] }) {
  const t = useStatementTexts();
  const locale = useShownLocale();
  const nameOf = (id: string) => {
    const criterion = WCAG_CRITERIA.find((candidate) => candidate.id === id);
    return criterion ? `${id} ${locale === 'en' ? criterion.en : criterion.nb}` : id;
  };
  return (
    <ul className="statement-findings">
      {results.map((result) => (
        <li key={result.id}>
          <strong>{nameOf(result.id)}</strong>
          <ul>
            {result.findings.map((finding) => (
              <li key={finding.rule}>
                {/* axe describes its rules in English: marked so, a screen reader speaks it as English. */}
                <span lang="en">{finding.help}</span>
                {'. '}
                {t.ruleOn(finding.rule, finding.pages.join(', '))}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function NotConforming({ results }: { results: CriterionResult[] }) {
  const t = useStatementTexts();
  const failed = results.filter((result) => result.status === 'failed');
  const review = results.filter((result) => result.status === 'review');
  const untested = results.filter((result) => result.status === 'untested').length;
  return (
    <section aria-labelledby="statement-not-met">
      <h2 id="statement-not-met">{t.notMetTitle}</h2>
      {failed.length === 0 ? (
        <p>{t.noneFailed}</p>
      ) : (
        <>
          <p>{t.failedIntro}</p>
          <Findings results={failed} />
        </>
      )}
      {review.length > 0 && (
        <>
          <p>{t.reviewIntro}</p>
          <Findings results={review} />
        </>
      )}
      {untested > 0 && <p>{t.untested(untested)}</p>}
    </section>
  );
}
