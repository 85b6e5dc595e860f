/** The staff app's data provider: the base conventions plus the typed custom methods. */
import type { DataProvider } from 'react-admin';
import { baseDataProvider } from './base.ts';
import { customMethods, type CustomMethods } from './custom.ts';

export type StaffDataProvider = DataProvider & CustomMethods;

export const dataProvider: StaffDataProvider = { ...baseDataProvider, ...customMethods };

export type * from './types.ts';
