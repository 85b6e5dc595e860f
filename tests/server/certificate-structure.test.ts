/**
 * The insurance certificate's structure, as a screen reader and a PDF/UA checker read it (read
 * back with pdf-lib): the table header cells say whether they head a column or a row, the link
 * to the verify page is a Link element holding its annotation, which says where it goes, and
 * every line and shading is an artifact, never drawn outside the tagged content and the artifacts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { createSubscription, GUITAR, PRODUCTS, signedIn } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
const dir = mkdtempSync(path.join(tmpdir(), 'certificate-structure-'));
const year = () => todayInOslo().slice(0, 4);

beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A member whose instrument insurance lists `count` guitars. */
async function insuredWith(count: number) {
  const account = await signedIn(t.app, t.db, { remote_id: 73000 + count, birthdate: '1988-04-17' });
  await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'active',
    subscription_start: `${year()}-01-01`,
  });
  const insurance = await createSubscription(t.db, {
    member_id: account.id,
    product_id: PRODUCTS.instrument,
    kind: 'instrument',
    state: 'active',
    subscription_start: `${year()}-01-10`,
  });
  for (let index = 1; index <= count; index += 1) {
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, subscription_id, state, make, model, serial_number, value, insurance_start)
       VALUES ($1, $2, $3, 'active', 'Gibson', $4, $5, 25000, $6)`,
      [account.id, GUITAR, insurance, `Les Paul ${index}`, `SN${index}`, `${year()}-02-01`],
    );
  }
  return account;
}

async function certificate(account: { id: number; token: string }, name: string): Promise<Buffer> {
  const response = await t.app.inject({ url: `/api/member/${account.id}/certificate/instruments?lang=nb`, headers: bearer(account.token) });
  expect(response.statusCode, response.body).toBe(200);
  writeFileSync(path.join(dir, `${name}.pdf`), response.rawPayload);
  return response.rawPayload;
}

const name = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
const text = (value: PDFObject | undefined) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

interface Element {
  ref: PDFRef | undefined;
  dict: PDFDict;
  type: string;
  children: PDFObject[];
}

/** Every structure element under the StructTreeRoot, depth first, with its kids as written (MCIDs, MCRs, OBJRs, elements). */
function structureElements(pdf: PDFDocument): Element[] {
  const root = pdf.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const found: Element[] = [];
  const kidsOf = (dict: PDFDict): PDFObject[] => {
    const kids = dict.get(PDFName.of('K'));
    if (kids === undefined) return [];
    return kids instanceof PDFArray ? kids.asArray() : [kids];
  };
  const visit = (kid: PDFObject) => {
    const ref = kid instanceof PDFRef ? kid : undefined;
    const dict = ref ? pdf.context.lookup(ref) : kid;
    if (!(dict instanceof PDFDict) || !dict.has(PDFName.of('S'))) return;
    const children = kidsOf(dict);
    found.push({ ref, dict, type: name(dict.get(PDFName.of('S')))!, children });
    children.forEach(visit);
  };
  kidsOf(root).forEach(visit);
  return found;
}

/** The ParentTree's numbers and what each stands for (an element, or an array of them for a page's MCIDs). */
function parentTree(pdf: PDFDocument): Map<number, PDFObject> {
  const entries = new Map<number, PDFObject>();
  const visit = (node: PDFDict) => {
    const nums = node.lookupMaybe(PDFName.of('Nums'), PDFArray);
    for (let index = 0; nums && index < nums.size(); index += 2) entries.set((nums.get(index) as PDFNumber).asNumber(), nums.get(index + 1));
    node
      .lookupMaybe(PDFName.of('Kids'), PDFArray)
      ?.asArray()
      .forEach((kid) => visit(pdf.context.lookup(kid, PDFDict)));
  };
  visit(pdf.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict).lookup(PDFName.of('ParentTree'), PDFDict));
  return entries;
}

const PAINTING = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 're', 'm', 'l', 'c', 'v', 'y', 'h']);
/** A content stream's tokens: dictionary brackets, arrays, hex and literal strings, names, and bare words (numbers and operators). */
const TOKEN = /<<|>>|\[|\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\()])*\)|\/[^\s/[\]()<>{}%]*|[^\s/[\]()<>{}%]+/g;
const OPERAND = /^(?:[+-]?(?:\d+\.?\d*|\.\d+)|true|false|null)$/;

/** Each path operator of the pages' content with the marked content around it, innermost last ('Artifact', or a tag such as 'TD'). */
function pathOperators(pdf: PDFDocument): { page: number; operator: string; within: string[] }[] {
  const found: { page: number; operator: string; within: string[] }[] = [];
  pdf.getPages().forEach((page, pageIndex) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const source = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
    const open: string[] = [];
    let operands: string[] = [];
    for (const [token] of source.matchAll(TOKEN)) {
      if (/^(?:<<|>>|\[|\]|<|\(|\/)/.test(token) || OPERAND.test(token)) {
        operands.push(token);
        continue;
      }
      if (token === 'BMC' || token === 'BDC') open.push(operands[0].slice(1));
      else if (token === 'EMC') open.pop();
      else if (PAINTING.has(token)) found.push({ page: pageIndex + 1, operator: token, within: [...open] });
      operands = [];
    }
  });
  return found;
}

describe('the instruments certificate as a tagged PDF', () => {
  it('gives its header cells a scope, its link a Link element with a described annotation, and its lines and shading as artifacts', async () => {
    const bytes = await certificate(await insuredWith(3), 'three');
    const pdf = await PDFDocument.load(bytes);
    const elements = structureElements(pdf);

    // Header cells: the instrument table's six head their columns, the facts' labels and the total their rows.
    const headers = elements.filter((element) => element.type === 'TH');
    const scopes = headers.map((header) => {
      const attributes = header.dict.lookupMaybe(PDFName.of('A'), PDFDict);
      return { owner: name(attributes?.get(PDFName.of('O'))), scope: name(attributes?.get(PDFName.of('Scope'))) };
    });
    expect(scopes.filter((scope) => scope.scope === 'Column')).toHaveLength(6);
    expect(scopes.filter((scope) => scope.scope === 'Row')).toHaveLength(headers.length - 6);
    expect(scopes.every((scope) => scope.owner === 'Table')).toBe(true);
    const tables = elements.filter((element) => element.type === 'Table');
    const instrumentRows = tables[1].children.map((kid) => pdf.context.lookup(kid, PDFDict));
    const firstRowCells = pdf.context
      .lookup(instrumentRows[0].get(PDFName.of('K')), PDFArray)
      .asArray()
      .map((kid) => pdf.context.lookup(kid, PDFDict));
    expect(firstRowCells.map((cell) => name(cell.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('Scope'))))).toEqual(Array(6).fill('Column'));

    // The verify link: a Link element holding its text and an OBJR of the annotation, which points back by its StructParent.
    const links = pdf
      .getPages()
      .flatMap((page) => page.node.Annots()?.asArray() ?? [])
      .map((ref) => ({ ref: ref as PDFRef, dict: pdf.context.lookup(ref, PDFDict) }))
      .filter(({ dict }) => name(dict.get(PDFName.of('Subtype'))) === 'Link');
    expect(links.length).toBeGreaterThanOrEqual(1);
    const linkElements = elements.filter((element) => element.type === 'Link');
    expect(linkElements).toHaveLength(1);
    const [linkElement] = linkElements;
    const objects = linkElement.children.map((kid) => pdf.context.lookup(kid)).filter((kid): kid is PDFDict => kid instanceof PDFDict);
    const objrs = objects.filter((kid) => name(kid.get(PDFName.of('Type'))) === 'OBJR').map((objr) => objr.get(PDFName.of('Obj')));
    expect(objrs).toEqual(links.map((link) => link.ref));
    expect(linkElement.children.some((kid) => kid instanceof PDFNumber)).toBe(true);
    const tree = parentTree(pdf);
    for (const link of links) {
      const uri = link.dict.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('URI'));
      expect(text(uri)).toMatch(/^http:\/\/portal\.test\/verify\/[A-Za-z0-9_-]{90,}$/);
      expect(text(link.dict.get(PDFName.of('Contents')))).toBe('Åpne siden som kontrollerer beviset');
      const key = link.dict.get(PDFName.of('StructParent'));
      expect(key).toBeInstanceOf(PDFNumber);
      expect(tree.get((key as PDFNumber).asNumber())).toBe(linkElement.ref);
    }

    // Lines and shading: every path is drawn inside an Artifact and inside nothing tagged.
    const paths = pathOperators(pdf);
    expect(paths.filter((entry) => entry.operator === 're').length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((entry) => entry.operator === 'S').length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((entry) => !(entry.within.length > 0 && entry.within.every((tag) => tag === 'Artifact')))).toEqual([]);

    // The text reads as before.
    const shown = execFileSync('pdftotext', ['-layout', path.join(dir, 'three.pdf'), '-'], { encoding: 'utf8' });
    expect(shown).toContain('Les Paul 2');
    expect(shown).toMatch(/http:\/\/portal\.test\/verify\/\s*[A-Za-z0-9_-]{90,}/);
  });
});
