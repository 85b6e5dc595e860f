/**
 * The places an answer carries messages for a person: `message`, `error` (a message, or errors by
 * field), `errors` by field and sign-up's `data.error`. Used to put an answer into English.
 */

type Translate = (message: string) => string;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldMessages(value: unknown, translate: Translate): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map((message) => (typeof message === 'string' ? translate(message) : message)) : messages,
    ]),
  );
}

const messageOrFields = (value: unknown, translate: Translate): unknown => (typeof value === 'string' ? translate(value) : fieldMessages(value, translate));

/** Whether the answer has anything `translateBody` would look at. */
export const carriesMessages = (body: unknown): body is Record<string, unknown> =>
  isRecord(body) && ('message' in body || 'error' in body || 'errors' in body || (isRecord(body.data) && 'error' in body.data));

/** A copy of the answer with its messages translated; everything else as it was. */
export function translateBody(body: Record<string, unknown>, translate: Translate): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  if (typeof copy.message === 'string') copy.message = translate(copy.message);
  if ('error' in copy) copy.error = messageOrFields(copy.error, translate);
  if ('errors' in copy) copy.errors = fieldMessages(copy.errors, translate);
  if (isRecord(copy.data) && 'error' in copy.data) copy.data = { ...copy.data, error: fieldMessages(copy.data.error, translate) };
  return copy;
}
