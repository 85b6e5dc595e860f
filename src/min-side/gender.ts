/** A form's gender as the API takes it, apart from the schemas so a form gets it without loading them. */
import type { Gender } from '../../server/schemas/rules.ts';

/** A valid form's gender is one of GENDERS (the schemas' `oneOf` checked it). */
export const asGender = (value: number) => value as Gender;
