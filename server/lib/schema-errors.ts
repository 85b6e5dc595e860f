/** Schema validation issues (Ajv's shape) as Norwegian messages per field, as the forms show them. */
import { MESSAGES } from './http-errors.ts';
import { EMAIL_PATTERN, RULE_MESSAGES } from '../schemas/rules.ts';
import { fill } from './language.ts';
import { HTTP_TEXTS } from './http-texts.ts';

export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function norwegianMessage(issue: SchemaIssue): string {
  const limit = issue.params.limit;
  switch (issue.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'minLength':
      return limit === 1 ? MESSAGES.required : fill(HTTP_TEXTS.minLength.nb, { limit: String(limit) });
    case 'maxLength':
      return fill(HTTP_TEXTS.maxLength.nb, { limit: String(limit) });
    case 'minimum':
      return fill(HTTP_TEXTS.minimum.nb, { limit: String(limit) });
    case 'maximum':
      return fill(HTTP_TEXTS.maximum.nb, { limit: String(limit) });
    case 'format':
      if (issue.params.format === 'date') return HTTP_TEXTS.dateFormat.nb;
      return HTTP_TEXTS.format.nb;
    case 'pattern':
      return issue.params.pattern === EMAIL_PATTERN.source ? RULE_MESSAGES.email : HTTP_TEXTS.format.nb;
    default:
      return MESSAGES.invalid;
  }
}

function fieldOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required') {
    const parent = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const name = String(issue.params.missingProperty);
    return parent ? `${parent}.${name}` : name;
  }
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

export function schemaErrors(issues: SchemaIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    // anyOf/oneOf repeat the issues of their branches; the branch messages say more.
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    const field = fieldOf(issue);
    const message = norwegianMessage(issue);
    errors[field] ??= [];
    if (!errors[field].includes(message)) errors[field].push(message);
  }
  return errors;
}
