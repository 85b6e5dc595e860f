/** Every WCAG 2.2 A/AA criterion with its level and its status after the automated check. */
import { WCAG_CRITERIA } from '../../common/a11y/wcag-criteria.ts';
import type { CriterionResult } from '../../common/a11y/statement-types.ts';
import { useShownLocale } from '../locale.tsx';
import { useStatementTexts } from './texts.ts';

export function CriteriaTable({ results }: { results: CriterionResult[] }) {
  const t = useStatementTexts();
  const locale = useShownLocale();
  const statusOf = new Map(results.map((result) => [result.id, result.status]));
  return (
    <div className="table-wrap">
      <table className="statement-table">
        <caption>{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.criterion}</th>
            <th scope="col">{t.columns.level}</th>
            <th scope="col">{t.columns.status}</th>
          </tr>
        </thead>
        <tbody>
          {WCAG_CRITERIA.map((criterion) => {
            const status = statusOf.get(criterion.id) ?? 'untested';
            return (
              <tr key={criterion.id}>
                <th scope="row">{`${criterion.id} ${locale === 'en' ? criterion.en : criterion.nb}`}</th>
                <td>{criterion.level}</td>
                <td className={`statement-status statement-${status}`}>{t.statuses[status]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
