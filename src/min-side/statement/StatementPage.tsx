/**
 * /tilgjengelighet and /tilgjengelighet/ansatte: the accessibility statements of Min side with
 * sign-up and of the staff app, public, in the order of Uu-tilsynet's statements: which solution,
 * the status, each criterion, what does not conform and why, feedback, and when it was checked.
 * The data is src/common/a11y/statement.json, written from the browser tests' axe runs.
 */
import { Link } from '../router.tsx';
import data from '../../common/a11y/statement.json';
import { STATEMENT_PATHS } from '../../common/member-paths.ts';
import type { CriterionStatus, Solution, StatementData } from '../../common/a11y/statement-types.ts';
import { Layout } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import { SUPPORT_CONTACT } from '../texts.ts';
import { CriteriaTable } from './CriteriaTable.tsx';
import { NotConforming } from './NotConforming.tsx';
import { useStatementTexts } from './texts.ts';
import { PageTitle } from '../components/PageTitle.tsx';

const statement = data as StatementData;
const other = (solution: Solution): Solution => (solution === 'member' ? 'staff' : 'member');

export default function StatementPage({ solution }: { solution: Solution }) {
  const texts = useTexts();
  const t = useStatementTexts();
  const format = useFormats();
  const { pages, criteria } = statement.solutions[solution];
  const counts = { passed: 0, failed: 0, review: 0, inapplicable: 0, untested: 0 } satisfies Record<CriterionStatus, number>;
  for (const criterion of criteria) counts[criterion.status] += 1;
  return (
    <Layout>
      <PageTitle>{`${t.pageTitle(solution)} – ${texts.appName}`}</PageTitle>
      <div className="statement">
        <h1>{t.pageTitle(solution)}</h1>
        <p>{t.appliesTo[solution]}</p>
        <p>
          <Link to={STATEMENT_PATHS[other(solution)]}>{t.otherStatement[solution]}</Link>
        </p>

        <section aria-labelledby="statement-status">
          <h2 id="statement-status">{t.statusTitle}</h2>
          <p>{t.summary(counts, criteria.length)}</p>
          <p>{t.method(statement.axeVersion)}</p>
        </section>

        <section aria-labelledby="statement-criteria">
          <h2 id="statement-criteria">{t.tableTitle}</h2>
          <CriteriaTable results={criteria} />
        </section>

        <NotConforming results={criteria} />

        <section aria-labelledby="statement-pages">
          <h2 id="statement-pages">{t.pagesTitle}</h2>
          {pages.length === 0 ? (
            <p>{t.noPages}</p>
          ) : (
            <>
              <p>{t.pagesIntro}</p>
              <ul className="statement-pages">
                {pages.map((page) => (
                  <li key={page.path}>
                    <code>{page.path}</code>
                    {': '}
                    {t.pageAt(page.widths.join(` ${t.and} `))}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section aria-labelledby="statement-feedback">
          <h2 id="statement-feedback">{t.feedbackTitle}</h2>
          <p>
            {t.feedback} <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>. {t.answer}
          </p>
          <p>
            {t.complaint} <a href="https://www.uutilsynet.no/">uutilsynet.no</a>
          </p>
        </section>

        <section aria-labelledby="statement-checked">
          <h2 id="statement-checked">{t.checkedTitle}</h2>
          <p>{t.checked(format.cardDate(statement.updated))}</p>
          <p>{t.keptCurrent}</p>
        </section>
      </div>
    </Layout>
  );
}
