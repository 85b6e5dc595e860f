/**
 * The upload form's rules (yup), loaded with the form's first validation. Messages are keys of
 * the documents' texts (documents-nb.ts `errors`), so they show in the language shown.
 */
import { mixed, object, string } from 'yup';
import { isCalendarDate } from '../../../server/schemas/rules.ts';
import { instrumentValue } from '../../../server/schemas/instrument-rules.ts';
import { todayIso } from '../../common/format.ts';
import { acceptableFile, MAX_FILE_BYTES } from './api.ts';
import type { DocumentError } from './texts.ts';

const say = (key: DocumentError) => key;

export const fileSchema = mixed<File>()
  .nullable()
  .test('file-required', say('fileRequired'), (file) => Boolean(file))
  .test('file-size', say('fileTooLarge'), (file) => !file || file.size <= MAX_FILE_BYTES)
  .test('file-type', say('fileType'), (file) => !file || acceptableFile(file));

export const uploadSchema = object({
  kind: string().default('').required(say('kindRequired')).oneOf(['receipt', 'appraisal', 'photo'], say('kindRequired')),
  valued_on: string()
    .default('')
    .when('kind', {
      is: 'appraisal',
      then: (schema) =>
        schema
          .required(say('dateRequired'))
          .test('date', say('dateInvalid'), (value) => isCalendarDate(value))
          .test('not-future', say('dateFuture'), (value) => value <= todayIso()),
    }),
  value: string()
    .default('')
    .when('kind', {
      is: 'appraisal',
      then: (schema) =>
        schema
          .trim()
          .required(say('valueRequired'))
          .test('value', say('valueInvalid'), (value) => instrumentValue(value) !== null),
    }),
  file: fileSchema,
});
