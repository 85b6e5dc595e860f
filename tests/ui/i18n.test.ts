import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import englishMessages from 'ra-language-english';
import { CoreAdminContext, memoryStore, useLocaleState, useTranslate } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider, nbMessages } from '../../src/i18n/index.ts';
import { latePhrases } from '../../src/i18n/app/late.ts';
import { enMessages } from '../../src/i18n/en.ts';
import { STAFF_AREAS } from '../../src/common/staff-areas/registry.ts';

type Tree = { [key: string]: Tree | string | undefined };

/** Every leaf of a message tree as 'a.b.c' → message. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else if (value) for (const [k, v] of flatten(value, path)) leaves.set(k, v);
  }
  return leaves;
}

/** Each page's own bokmål messages (src/i18n/app/*-pages-nb.ts), by key: the module that adds them. */
const lateModules = import.meta.glob('../../src/i18n/app/*-pages-nb.ts');
const lateModuleOf = new Map<string, string>();
for (const [path, load] of Object.entries(lateModules)) {
  await load();
  for (const key of latePhrases().keys()) if (!lateModuleOf.has(key)) lateModuleOf.set(key, path.replace(/^.*\//, ''));
}

/** What a staff page's first load brings. */
const firstLoad = flatten(nbMessages);
/** Every bokmål message: the first load's and the pages' own. */
const nb = new Map([...firstLoad, ...latePhrases()]);
const en = flatten(enMessages);

const placeholders = (message: string) => new Set(message.match(/%\{[A-Za-z0-9_]+\}/g) ?? []);
const pluralForms = (message: string) => message.split('||||').length;

const ADMIN_SOURCES = join(import.meta.dirname, '../../src/admin');
// Resource names have hyphens ('resources.discount-codes.fields.code').
const KEY_LITERAL = /(['"`])((?:ra|app|resources)\.[A-Za-z0-9_.-]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('message catalogues', () => {
  it('translate every react-admin message into Norwegian', () => {
    const missing = [...flatten(englishMessages).keys()].filter((key) => !nb.has(key));
    expect(missing, `missing in nb: ${missing.join(', ')}`).toEqual([]);
  });

  it('have the same keys in Norwegian and English', () => {
    const onlyNb = [...nb.keys()].filter((key) => !en.has(key));
    const onlyEn = [...en.keys()].filter((key) => !nb.has(key));
    expect({ onlyNb, onlyEn }, `only in nb: ${onlyNb.join(', ')}; only in en: ${onlyEn.join(', ')}`).toEqual({
      onlyNb: [],
      onlyEn: [],
    });
  });

  it('have no empty messages', () => {
    const isBlank = (message: string | undefined) => message !== undefined && message.trim() === '';
    const empty = [
      ...[...nb].filter(([, message]) => message === '').map(([key]) => `nb ${key}`),
      ...[...en].filter(([, message]) => message === '').map(([key]) => `en ${key}`),
      // A blank Norwegian message is only right where the English one is blank by design (ra.boolean.null).
      ...[...nb].filter(([key, message]) => message !== '' && isBlank(message) && !isBlank(en.get(key))).map(([key]) => `nb ${key}`),
    ];
    expect(empty, `empty: ${empty.join(', ')}`).toEqual([]);
  });

  it('keep every placeholder of the English message in the Norwegian one', () => {
    const lost = [...en]
      .filter(([key]) => nb.has(key))
      .flatMap(([key, message]) => {
        const norwegian = placeholders(nb.get(key)!);
        return [...placeholders(message)].filter((p) => !norwegian.has(p)).map((p) => `${key} ${p}`);
      });
    expect(lost, `placeholders lost: ${lost.join(', ')}`).toEqual([]);
  });

  it('keep the plural forms of pluralised messages', () => {
    const broken = [...en]
      .filter(([key, message]) => message.includes('||||') && nb.has(key))
      .filter(([key, message]) => pluralForms(nb.get(key)!) !== pluralForms(message))
      .map(([key]) => key);
    expect(broken, `plural forms differ: ${broken.join(', ')}`).toEqual([]);
  });

  it('contain every message key the staff app uses', () => {
    const missing = sourceFiles(ADMIN_SOURCES).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(KEY_LITERAL)]
        .map((match) => match[2])
        // 'app.status.' + code builds a key at run time; only its prefix is written out.
        .filter((key) => !key.endsWith('.') && !nb.has(key))
        .map((key) => `${relative(ADMIN_SOURCES, file)}: ${key}`),
    );
    expect(missing, `keys used under src/admin but missing in nb: ${missing.join(', ')}`).toEqual([]);
  });

  it('hold in the first load every label the menu, the breadcrumbs and the browser’s title show', () => {
    const labels = STAFF_AREAS.flatMap((area) => [
      area.menu.label,
      ...Object.values(area.pages).flatMap((page) => [page.label, page.title].filter((key): key is string => key !== undefined)),
    ]);
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((key) => !firstLoad.has(key))).toEqual([]);
  });

  it('are imported by every file that uses a page’s own messages, so they are there before it renders', () => {
    const COMMON_SOURCES = join(import.meta.dirname, '../../src/common');
    // Whole keys ('app.sends.created') and the written-out start of keys built at run time (`app.sends.state.${state}`).
    const USED = /(['"`])((?:app|resources)\.[A-Za-z0-9_.-]+?)(?:\1|\.?\$\{)/g;
    const unimported = [...sourceFiles(ADMIN_SOURCES), ...sourceFiles(COMMON_SOURCES)].flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const needed = new Set(
        [...source.matchAll(USED)]
          .map((match) => match[2])
          .flatMap((key) =>
            firstLoad.has(key) ? [] : [...lateModuleOf].filter(([late]) => late === key || late.startsWith(`${key}.`)).map(([, module]) => module),
          ),
      );
      return [...needed].filter((module) => !source.includes(`i18n/app/${module}'`)).map((module) => `${relative(ADMIN_SOURCES, file)} needs ${module}`);
    });
    expect(lateModuleOf.size).toBeGreaterThan(0);
    expect(unimported, unimported.join('; ')).toEqual([]);
  });
});

describe('field labels (resources.<resource>.fields.<source>)', () => {
  // react-admin falls back to the humanised source name when one is missing, without a word, so
  // a key missing in one language would show English-looking text on a Norwegian screen.
  const FIELD_KEY = /^resources\.([^.]+)\.fields\./;
  const fieldKeys = (messages: Map<string, string>) => [...messages.keys()].filter((key) => FIELD_KEY.test(key));

  it('exist for every field in both nb and en', () => {
    const nbKeys = fieldKeys(nb);
    expect(nbKeys.length).toBeGreaterThan(0);
    const onlyNb = nbKeys.filter((key) => !en.has(key));
    const onlyEn = fieldKeys(en).filter((key) => !nb.has(key));
    expect({ onlyNb, onlyEn }, `field labels only in nb: ${onlyNb.join(', ')}; only in en: ${onlyEn.join(', ')}`).toEqual({
      onlyNb: [],
      onlyEn: [],
    });
  });

  it('belong to resources the staff-area registry declares', () => {
    const declared = new Set(STAFF_AREAS.flatMap((area) => Object.keys(area.resources)));
    const unknown = [...new Set([...fieldKeys(nb), ...fieldKeys(en)].map((key) => FIELD_KEY.exec(key)![1]))].filter((resource) => !declared.has(resource));
    expect(unknown, `field labels of resources no area declares: ${unknown.join(', ')}`).toEqual([]);
  });
});

describe('i18nProvider', () => {
  afterEach(async () => {
    await i18nProvider.changeLocale('nb');
    vi.restoreAllMocks();
  });

  it('speaks Norwegian by default and offers English', () => {
    expect(i18nProvider.getLocale()).toBe('nb');
    expect(i18nProvider.getLocales?.()).toEqual([
      { locale: 'nb', name: 'Norsk bokmål' },
      { locale: 'en', name: 'English' },
    ]);
    expect(i18nProvider.translate('ra.action.save')).toBe('Lagre');
    expect(i18nProvider.translate('app.name')).toBe('Musikerportalen');
  });

  it('finds a page’s own messages once its module has loaded, also where react-admin passes a default', async () => {
    await import('../../src/i18n/app/sends-pages-nb.ts');
    expect(firstLoad.has('app.sends.columns.subject')).toBe(false);
    expect(i18nProvider.translate('app.sends.columns.subject', { _: 'app.sends.columns.subject' })).toBe('EMNE');
    expect(i18nProvider.translate('app.sends.preview.recipients', { smart_count: 1, count: 1 })).toBe('1 mottaker');
    expect(i18nProvider.translate('app.sends.preview.recipients', { smart_count: 3, count: 3 })).toBe('3 mottakere');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('app.sends.columns.subject')).toBe('SUBJECT');
  });

  it('interpolates and picks the Norwegian plural form', () => {
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 element valgt');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 elementer valgt');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 26, offsetEnd: 50, total: 120 })).toBe('26-50 av 120');
  });

  it('switches to English', async () => {
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });

  it('shows a missing key as itself and reports it outside production', () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18nProvider.translate('app.no_such_message')).toBe('app.no_such_message');
    expect(report).toHaveBeenCalledWith(expect.stringContaining('app.no_such_message'));
  });

  it('starts in the locale remembered by the store and remembers a new choice', async () => {
    const store = memoryStore({ locale: 'en' });
    function LanguageProbe() {
      const translate = useTranslate();
      const [, setLocale] = useLocaleState();
      return createElement('button', { onClick: () => setLocale('nb') }, translate('ra.action.save'));
    }
    render(createElement(CoreAdminContext, { i18nProvider, store }, createElement(LanguageProbe)));

    const button = await screen.findByRole('button', { name: 'Save' });
    await act(async () => button.click());

    expect(await screen.findByRole('button', { name: 'Lagre' })).toBeInTheDocument();
    expect(store.getItem('locale')).toBe('nb');
  });
});

describe('rule messages', () => {
  it('read in the Norwegian catalogues exactly as the rules the server checks with (rules.ts)', async () => {
    const { RULE_MESSAGES } = await import('../../server/schemas/rules.ts');
    const { minSideNb } = await import('../../src/i18n/min-side/nb.ts');
    const { pagesNb } = await import('../../src/i18n/min-side/pages-nb.ts');
    const staff: Record<string, keyof typeof RULE_MESSAGES> = {
      'ra.validation.required': 'required',
      'app.login.required': 'required',
      'app.login.invalid_email': 'email',
      'app.member.required_create': 'fillIn',
      'app.member.required_edit': 'required',
      'app.member.invalid_email': 'email',
    };
    for (const [path, rule] of Object.entries(staff)) expect(nb.get(path), path).toBe(RULE_MESSAGES[rule]);
    for (const [rule, message] of Object.entries(RULE_MESSAGES)) {
      expect(minSideNb.validation[rule as keyof typeof RULE_MESSAGES], rule).toBe(message);
    }
    expect(minSideNb.twoFactor.required).toBe(RULE_MESSAGES.fillIn);
    expect(pagesNb.register.invalidCampaign).toBe(RULE_MESSAGES.campaignCode);
  });
});
