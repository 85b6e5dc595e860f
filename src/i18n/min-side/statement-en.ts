/** The accessibility statement on Min side, English (see statement-nb.ts). */
import type { StatementTexts } from './statement-nb.ts';

export const statementEn: StatementTexts = {
  solutionNames: { member: 'Min side and sign-up', staff: 'the staff portal' },
  pageTitle: (solution) => (solution === 'member' ? 'Accessibility statement' : 'Accessibility statement for the staff portal'),
  appliesTo: {
    member: 'This statement covers Min side for members and the sign-up for new members in Musikerportalen, including the pages you reach without signing in.',
    staff: 'This statement covers the staff portal of Musikerportalen, where the organisation’s staff handle members, requests and insurance.',
  },
  otherStatement: { member: 'The statement for the staff portal', staff: 'The statement for Min side and sign-up' },
  statusTitle: 'Status',
  summary: (counts, total) =>
    `Of the ${total} WCAG 2.2 level A and AA success criteria, ${counts.passed} are met in the automated check, ` +
    `${counts.failed} are not met, ${counts.review} need a manual check, ${counts.inapplicable} do not apply ` +
    `to the pages checked, and ${counts.untested} are not tested automatically.`,
  method: (axeVersion) =>
    `This statement rests only on automated checks with the axe tool${axeVersion ? ` (version ${axeVersion})` : ''} in the portal’s browser tests, ` +
    'on a wide screen (1440 pixels) and a phone screen (390 pixels). An automated tool finds only some possible failures: ' +
    '“Met” means axe found no failure on the pages checked, not that a person has assessed the whole criterion.',
  tableTitle: 'Criteria and status',
  tableCaption: 'Status of each WCAG 2.2 level A and AA criterion after the automated check',
  columns: { criterion: 'Criterion', level: 'Level', status: 'Status' },
  statuses: {
    passed: 'Met',
    failed: 'Not met',
    review: 'Needs a manual check',
    inapplicable: 'Not applicable',
    untested: 'Not tested automatically',
  },
  notMetTitle: 'What does not conform, and why',
  noneFailed: 'The automated check found no failures on the pages checked.',
  failedIntro: 'The automated check found these failures, described as the tool describes its rule:',
  reviewIntro: 'For these criteria the tool could not decide everything itself, and a person must check them:',
  untested: (count) =>
    `${count} criteria cannot be tested automatically (for example focus order, visible focus and error messages in forms). ` +
    'They are marked “Not tested automatically” in the table, and this statement says nothing about them.',
  ruleOn: (rule, pages) => `Rule ${rule}, on ${pages}`,
  pagesTitle: 'Pages checked',
  pagesIntro: 'The pages below were checked at the widths given. “:id” stands for a number, “:token” for a code from a link.',
  pageAt: (widths) => `${widths} pixels`,
  noPages: 'No pages have been checked yet.',
  feedbackTitle: 'Feedback and contact',
  feedback: 'Did you find something that does not work for you, or do you need the content in another form? Write to us at',
  answer: 'We answer within 14 days.',
  complaint: 'If you are not satisfied with the answer, you can notify the Norwegian Authority for Universal Design of ICT:',
  checkedTitle: 'Last checked',
  checked: (date) => `The statement was last updated on ${date}, from the automated tests of that day.`,
  keptCurrent: 'Every change to the portal runs the same tests again, and the run fails if this statement claims more than they show.',
  and: 'and',
};
