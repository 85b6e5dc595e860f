/** The staff app's data provider: the base conventions plus the typed custom methods. */
import type { DataProvider } from 'react-admin';
import { baseDataProvider } from './base.ts';
import { customMethods, type CustomMethods } from './custom.ts';
import { instrumentMethods, type InstrumentMethods } from './instruments.ts';

export type StaffDataProvider = DataProvider & CustomMethods & InstrumentMethods;

export const dataProvider: StaffDataProvider = { ...baseDataProvider, ...customMethods, ...instrumentMethods };

export type * from './types.ts';
